package sll

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/plane"
)

// spanningTree is a minimum spanning tree with its adjacency in compressed
// rows, so that "is uv an MST edge" costs a scan of u's (few) neighbours.
type spanningTree struct {
	edges   [][2]int32 // in Kruskal order: non-decreasing weight
	weights []float64
	offset  []int32 // neighbours of u: nbr[offset[u]:offset[u+1]]
	nbr     []int32
	nbrW    []float64
}

type weightedEdge struct {
	w    float64
	u, v int32
}

// kruskal computes the MST of the graph on pts with the given edges, which
// must contain it. Ties are broken by the vertex indices, so the tree is a
// function of the input alone.
func kruskal(sp plane.Plane, pts []hyperbolic.Point, edges [][2]int32, workers int) *spanningTree {
	// Sort on a cheap increasing function of the distance; only the n−1
	// tree edges need the distance itself.
	key := sp.DistKey
	we := make([]weightedEdge, len(edges))
	parallelFor(len(edges), workers, func(i int) {
		e := edges[i]
		u, v := min(e[0], e[1]), max(e[0], e[1])
		we[i] = weightedEdge{key(pts[u], pts[v]), u, v}
	}, nil)
	slices.SortFunc(we, func(a, b weightedEdge) int {
		if c := cmp.Compare(a.w, b.w); c != 0 {
			return c
		}
		if c := cmp.Compare(a.u, b.u); c != 0 {
			return c
		}
		return cmp.Compare(a.v, b.v)
	})
	n := len(pts)
	uf := newUnionFind(n)
	st := &spanningTree{edges: make([][2]int32, 0, n-1), weights: make([]float64, 0, n-1)}
	for _, e := range we {
		if uf.union(e.u, e.v) {
			st.edges = append(st.edges, [2]int32{e.u, e.v})
			st.weights = append(st.weights, sp.Dist(pts[e.u], pts[e.v]))
			if len(st.edges) == n-1 {
				break
			}
		}
	}
	st.offset = make([]int32, n+1)
	for _, e := range st.edges {
		st.offset[e[0]+1]++
		st.offset[e[1]+1]++
	}
	for i := 0; i < n; i++ {
		st.offset[i+1] += st.offset[i]
	}
	fill := slices.Clone(st.offset[:n])
	st.nbr = make([]int32, 2*len(st.edges))
	st.nbrW = make([]float64, 2*len(st.edges))
	for i, e := range st.edges {
		for _, d := range [2][2]int32{{e[0], e[1]}, {e[1], e[0]}} {
			k := fill[d[0]]
			st.nbr[k], st.nbrW[k] = d[1], st.weights[i]
			fill[d[0]]++
		}
	}
	return st
}

// MinimumSpanningTree returns a minimum spanning tree of the points in the
// plane pl (Kruskal's algorithm on the edges of pl.Triangulate, which
// contain it): its edges in non-decreasing order of length, and their
// lengths. Ties are broken by the vertex indices, so the tree is a function
// of the input alone.
func MinimumSpanningTree(pl plane.Plane, pts []hyperbolic.Point, workers int) ([][2]int32, []float64, error) {
	for i, p := range pts {
		if err := pl.Check(p); err != nil {
			return nil, nil, &PointError{Index: i, Err: err}
		}
	}
	if len(pts) < 2 {
		return nil, nil, nil
	}
	k, err := pl.Normalize(pts)
	if err != nil {
		return nil, nil, err
	}
	if k != 0 {
		edges, w, err := MinimumSpanningTree(pl, ScalePoints(pts, k), workers)
		for i := range w {
			w[i] = math.Ldexp(w[i], -k)
		}
		return edges, w, err
	}
	mesh, err := pl.Triangulate(pts)
	if err != nil {
		return nil, nil, err
	}
	st := kruskal(pl, pts, mesh.Edges, workers)
	if len(st.edges) != len(pts)-1 {
		return nil, nil, fmt.Errorf("sll: the triangulation's graph is not connected (%d of %d MST edges)", len(st.edges), len(pts)-1)
	}
	return st.edges, st.weights, nil
}

// weight returns the length of the MST edge uv, or ok = false when uv is
// not an MST edge.
func (st *spanningTree) weight(u, v int32) (w float64, ok bool) {
	for k := st.offset[u]; k < st.offset[u+1]; k++ {
		if st.nbr[k] == v {
			return st.nbrW[k], true
		}
	}
	return 0, false
}
