package hierarchy

import (
	"fmt"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/mst"
	"github.com/hypersteiner/hypersteiner/plane"
)

// MST returns the hyperbolic minimum spanning tree of the Klein points
// (package mst: Kruskal's algorithm on the Euclidean Delaunay edges of the
// Poincaré images, which contain the hyperbolic Delaunay graph and with
// it the hyperbolic MST). The result is a Tree with Vertices = Terminals
// = len(pts) and n − 1 edges; time O(n log n).
//
// Ties are broken by the edge's (smaller, larger) vertex pair, so the
// tree is a function of the points alone. Errors: a point outside the
// disk or not finite, coinciding points or coinciding rounded Poincaré
// images (reported with their indices).
func MST(pts []hyperbolic.Point) (*Tree, error) {
	n := len(pts)
	if n == 0 {
		return nil, fmt.Errorf("hierarchy: the MST needs at least one point")
	}
	m, err := mst.Build(plane.Hyperbolic, pts, 0)
	if err != nil {
		return nil, fmt.Errorf("hierarchy: %w", err)
	}
	t := &Tree{Vertices: n, Terminals: n, Edges: make([][2]int, len(m.Edges)), Lengths: m.Lengths}
	for i, e := range m.Edges {
		t.Edges[i] = [2]int{int(e[0]), int(e[1])}
	}
	return t, nil
}
