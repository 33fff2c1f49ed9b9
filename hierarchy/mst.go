package hierarchy

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/hypersteiner/hypersteiner/delaunay"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// MST returns the hyperbolic minimum spanning tree of the Klein points:
// Kruskal's algorithm on the edges of the Euclidean Delaunay triangulation
// of their Poincaré images, weighted by hyperbolic.Dist. Hyperbolic circles
// are Euclidean circles in the Poincaré disk, so every edge of the
// hyperbolic Delaunay graph, and with it every edge of the hyperbolic MST
// (which the Delaunay graph contains, as in the plane), is an edge of that
// Euclidean triangulation. The result is a Tree with Vertices = Terminals
// = len(pts) and n − 1 edges; time O(n log n).
//
// Ties between equal weights are broken by the edge's (smaller, larger)
// vertex pair, so the tree is a function of the points alone. Errors: a
// point outside the disk or not finite, coinciding points or coinciding
// rounded Poincaré images (reported by package delaunay with their
// indices).
func MST(pts []hyperbolic.Point) (*Tree, error) {
	n := len(pts)
	if n == 0 {
		return nil, fmt.Errorf("hierarchy: the MST needs at least one point")
	}
	img := make([]delaunay.Point, n)
	for i, p := range pts {
		w, err := hyperbolic.KleinToPoincare(p)
		if err != nil {
			return nil, fmt.Errorf("hierarchy: point %d: %w", i, err)
		}
		img[i] = delaunay.Point{X: w.X, Y: w.Y}
	}
	tr, err := delaunay.Triangulate(img)
	if err != nil {
		return nil, fmt.Errorf("hierarchy: %w", err)
	}
	type wedge struct {
		w    float64
		u, v int32
	}
	es := make([]wedge, len(tr.Edges))
	for k, e := range tr.Edges {
		es[k] = wedge{hyperbolic.Dist(pts[e[0]], pts[e[1]]), int32(e[0]), int32(e[1])}
	}
	slices.SortFunc(es, func(a, b wedge) int {
		if c := cmp.Compare(a.w, b.w); c != 0 {
			return c
		}
		if c := cmp.Compare(a.u, b.u); c != 0 {
			return c
		}
		return cmp.Compare(a.v, b.v)
	})
	parent := make([]int32, n)
	for i := range parent {
		parent[i] = int32(i)
	}
	find := func(x int32) int32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	t := &Tree{Vertices: n, Terminals: n, Edges: make([][2]int, 0, n-1), Lengths: make([]float64, 0, n-1)}
	for _, e := range es {
		ru, rv := find(e.u), find(e.v)
		if ru == rv {
			continue
		}
		parent[ru] = rv
		t.Edges = append(t.Edges, [2]int{int(e.u), int(e.v)})
		t.Lengths = append(t.Lengths, e.w)
		if len(t.Edges) == n-1 {
			break
		}
	}
	if len(t.Edges) != n-1 {
		return nil, fmt.Errorf("hierarchy: internal error: the triangulation gave %d of %d MST edges", len(t.Edges), n-1)
	}
	return t, nil
}
