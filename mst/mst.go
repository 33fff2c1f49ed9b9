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
	"slices"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/parallel"
	"github.com/hypersteiner/hypersteiner/plane"
)

// Tree is a minimum spanning tree: its edges (u < v) in Kruskal order —
// non-decreasing length — and their lengths (the plane's Dist).
type Tree struct {
	Edges   [][2]int32
	Lengths []float64
}

type weightedEdge struct {
	w    float64
	u, v int32
}

// Kruskal returns a minimum spanning tree of the points from the graph
// edges, which must contain one; it has fewer than len(pts) − 1 edges when
// the graph is not connected. The keys are computed on workers goroutines
// (0: GOMAXPROCS); the result does not depend on their number.
func Kruskal(pl plane.Plane, pts []hyperbolic.Point, edges [][2]int32, workers int) *Tree {
	we := make([]weightedEdge, len(edges))
	parallel.For(len(edges), workers, func(_, i int) {
		e := edges[i]
		u, v := min(e[0], e[1]), max(e[0], e[1])
		we[i] = weightedEdge{pl.DistKey(pts[u], pts[v]), u, v}
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
	uf := NewUnionFind(n)
	t := &Tree{Edges: make([][2]int32, 0, max(n-1, 0)), Lengths: make([]float64, 0, max(n-1, 0))}
	for _, e := range we {
		if uf.Union(e.u, e.v) {
			t.Edges = append(t.Edges, [2]int32{e.u, e.v})
			t.Lengths = append(t.Lengths, pl.Dist(pts[e.u], pts[e.v]))
			if len(t.Edges) == n-1 {
				break
			}
		}
	}
	return t
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
	mesh, err := pl.Triangulate(work)
	if err != nil {
		return nil, err
	}
	t := Kruskal(pl, work, mesh.Edges, workers)
	if len(t.Edges) != len(pts)-1 {
		return nil, fmt.Errorf("mst: internal error: the triangulation's graph is not connected (%d of %d MST edges)", len(t.Edges), len(pts)-1)
	}
	for i := range t.Lengths {
		t.Lengths[i] = math.Ldexp(t.Lengths[i], -k)
	}
	return t, nil
}
