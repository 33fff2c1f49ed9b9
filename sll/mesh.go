package sll

import (
	"github.com/hypersteiner/hypersteiner/delaunay"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// euclideanMesh is the Delaunay triangulation of the points as plane points.
func euclideanMesh(pts []hyperbolic.Point) (*Mesh, error) {
	dp := make([]delaunay.Point, len(pts))
	for i, p := range pts {
		dp[i] = delaunay.Point{X: p.X, Y: p.Y}
	}
	tr, err := delaunay.Triangulate(dp)
	if err != nil {
		return nil, err
	}
	return meshOf(tr.Edges, tr.Triangles), nil
}

func meshOf(edges [][2]int, tris [][3]int) *Mesh {
	m := &Mesh{Edges: make([][2]int32, len(edges)), Triangles: make([][3]int32, len(tris))}
	for i, e := range edges {
		m.Edges[i] = [2]int32{int32(e[0]), int32(e[1])}
	}
	for i, t := range tris {
		m.Triangles[i] = [3]int32{int32(t[0]), int32(t[1]), int32(t[2])}
	}
	return m
}

// hyperbolicMesh is the hyperbolic Delaunay triangulation of Klein points:
// the MST is searched on all Euclidean Delaunay edges of the Poincaré images
// (a superset of the hyperbolic Delaunay graph), full Steiner trees on the
// hyperbolic Delaunay triangles only (those with an empty hyperbolic
// circumcircle), as in the paper.
func hyperbolicMesh(pts []hyperbolic.Point) (*Mesh, error) {
	dp := make([]delaunay.Point, len(pts))
	for i, p := range pts {
		dp[i] = delaunay.Point{X: p.X, Y: p.Y}
	}
	h, err := delaunay.Hyperbolic(dp)
	if err != nil {
		return nil, err
	}
	return meshOf(h.Euclidean.Edges, h.Triangles), nil
}
