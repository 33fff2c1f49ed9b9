// Package mst computes minimum spanning trees of point sets in a plane
// (package plane): Kruskal's algorithm on the edges of the plane's
// triangulation, which contain a minimum spanning tree — in the Euclidean
// plane the Delaunay graph; in the hyperbolic plane the Euclidean Delaunay
// graph of the Poincaré images, which contains the hyperbolic one. It is
// the one MST of the project: the SLL pipeline, the exact solver, tree
// certification and the hierarchy experiment all use it.
//
// Edges are sorted on the plane's DistKey (an increasing function of the
// distance that is cheaper to compute), ties broken by the vertex
// indices, so the tree is a function of the points alone and does not
// depend on the number of workers.
package mst

import (
	"cmp"
	"fmt"
	"math"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/parallel"
	"github.com/hypersteiner/hypersteiner/internal/radix"
	"github.com/hypersteiner/hypersteiner/plane"
)

// Tree is a minimum spanning tree: its edges (u < v) in Kruskal order —
// non-decreasing length — their lengths (the plane's Dist), and where each
// stands in the graph's edge list Kruskal was given.
type Tree struct {
	Edges   [][2]int32
	Lengths []float64
	Index   []int32
}

// Kruskal returns a minimum spanning tree of the points from the graph
// edges, which must contain one; it has fewer than len(pts) − 1 edges when
// the graph is not connected. Edges are taken in the order of the
// plane's DistKey, ties broken by (u, v) with u < v; the keys are sorted
// by a radix sort of their bits (non-negative floats order as their bit
// patterns). Keys and lengths are computed on workers goroutines (0:
// GOMAXPROCS); the result does not depend on their number.
func Kruskal(pl plane.Plane, pts []hyperbolic.Point, edges [][2]int32, workers int) *Tree {
	return KruskalFaces(pl, pts, edges, nil, workers)
}

// KruskalFaces is Kruskal told some triangles of the graph, by the
// indices of their sides in edges (plane.Mesh.Faces): the longest side of
// a triangle — the largest in the order above, which is strict — is the
// heaviest edge of a cycle, which no minimum spanning tree holds, so it
// is neither sorted nor tried. The tree is Kruskal's.
func KruskalFaces(pl plane.Plane, pts []hyperbolic.Point, edges [][2]int32, faces [][3]int32, workers int) *Tree {
	m := len(edges)
	keys := make([]uint64, m)
	parallel.For(m, workers, func(_, i int) {
		e := edges[i]
		keys[i] = math.Float64bits(pl.DistKey(pts[min(e[0], e[1])], pts[max(e[0], e[1])]))
	}, nil)
	// The edges to sort: all, or those that are no triangle's longest.
	index := []int32(nil) // edge of each key, when not all edges
	if len(faces) > 0 {
		longest := make([]int32, len(faces))
		parallel.For(len(faces), workers, func(_, f int) {
			best := faces[f][0]
			for _, e := range faces[f][1:] {
				if before(keys, edges, best, e) {
					best = e
				}
			}
			longest[f] = best
		}, nil)
		out := make([]bool, m)
		for _, e := range longest {
			out[e] = true
		}
		k := 0
		index = make([]int32, 0, m-len(faces)/2)
		for i, key := range keys {
			if !out[i] {
				keys[k] = key
				index = append(index, int32(i))
				k++
			}
		}
		keys = keys[:k]
	}
	order := radix.Order(keys) // keys now sorted
	if index != nil {
		for k, j := range order {
			order[k] = index[j]
		}
	}
	breakTies(order, keys, edges)
	n := len(pts)
	uf := NewUnionFind(n)
	t := &Tree{Edges: make([][2]int32, 0, max(n-1, 0)), Index: make([]int32, 0, max(n-1, 0))}
	for _, i := range order {
		if len(t.Edges) == n-1 {
			break
		}
		u, v := min(edges[i][0], edges[i][1]), max(edges[i][0], edges[i][1])
		if uf.Union(u, v) {
			t.Edges = append(t.Edges, [2]int32{u, v})
			t.Index = append(t.Index, i)
		}
	}
	t.Lengths = make([]float64, len(t.Edges))
	parallel.For(len(t.Edges), workers, func(_, i int) {
		e := t.Edges[i]
		t.Lengths[i] = pl.Dist(pts[e[0]], pts[e[1]])
	}, nil)
	return t
}

// before reports whether edge a comes before edge b in Kruskal's order:
// by key, then by (u, v), u < v.
func before(keys []uint64, edges [][2]int32, a, b int32) bool {
	if keys[a] != keys[b] {
		return keys[a] < keys[b]
	}
	ea, eb := edges[a], edges[b]
	ua, va, ub, vb := min(ea[0], ea[1]), max(ea[0], ea[1]), min(eb[0], eb[1]), max(eb[0], eb[1])
	return ua < ub || (ua == ub && va < vb)
}

// breakTies orders each run of equal keys by (u, v), u < v; keys are
// sorted, keys[i] the key of edge order[i].
func breakTies(order []int32, keys []uint64, edges [][2]int32) {
	uv := func(i int32) [2]int32 {
		e := edges[i]
		return [2]int32{min(e[0], e[1]), max(e[0], e[1])}
	}
	radix.OrderTies(keys, order, func(a, b int32) int {
		ea, eb := uv(a), uv(b)
		return cmp.Or(cmp.Compare(ea[0], eb[0]), cmp.Compare(ea[1], eb[1]))
	})
}

// Build returns a minimum spanning tree of the points in the plane pl:
// Kruskal on pl's triangulation, at the plane's normalising scale (a
// power of two, so that the Euclidean plane's squared distances neither
// underflow nor overflow; the lengths are scaled back exactly). It fails
// for a point the plane cannot hold, repeated points, or points float64
// cannot scale.
func Build(pl plane.Plane, pts []hyperbolic.Point, workers int) (*Tree, error) {
	for i, p := range pts {
		if err := pl.Check(p); err != nil {
			return nil, fmt.Errorf("point %d: %w", i, err)
		}
	}
	if len(pts) < 2 {
		return &Tree{Edges: [][2]int32{}, Lengths: []float64{}}, nil
	}
	k, err := pl.Normalize(pts)
	if err != nil {
		return nil, err
	}
	work := pts
	if k != 0 {
		work = make([]hyperbolic.Point, len(pts))
		for i, p := range pts {
			work[i] = hyperbolic.Point{X: math.Ldexp(p.X, k), Y: math.Ldexp(p.Y, k)}
		}
	}
	mesh, err := plane.Triangulate(pl, work, workers)
	if err != nil {
		return nil, err
	}
	t := KruskalFaces(pl, work, mesh.Edges, mesh.Faces, workers)
	if len(t.Edges) != len(pts)-1 {
		return nil, fmt.Errorf("mst: internal error: the triangulation's graph is not connected (%d of %d MST edges)", len(t.Edges), len(pts)-1)
	}
	for i := range t.Lengths {
		t.Lengths[i] = math.Ldexp(t.Lengths[i], -k)
	}
	return t, nil
}
