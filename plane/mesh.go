package plane

import (
	"unsafe"

	"github.com/hypersteiner/hypersteiner/delaunay"
)

// delaunayPoints views pts as delaunay points, without a copy: both types
// are struct{ X, Y float64 }, and package delaunay only reads its input
// (its sweep works on its own copy, in insertion order).
func delaunayPoints(pts []Point) []delaunay.Point {
	_ = delaunay.Point(Point{}) // compiles only while the two types have the same fields
	return unsafe.Slice((*delaunay.Point)(unsafe.Pointer(unsafe.SliceData(pts))), len(pts))
}

// meshOf takes over the slices of a delaunay.Mesh.
func meshOf(m *delaunay.Mesh) *Mesh {
	return &Mesh{Edges: m.Edges, Triangles: m.Triangles, TriEdges: m.TriEdges, Across: m.Across, Faces: m.Faces}
}
