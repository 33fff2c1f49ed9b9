package plane

import "github.com/hypersteiner/hypersteiner/delaunay"

func delaunayPoints(pts []Point) []delaunay.Point {
	dp := make([]delaunay.Point, len(pts))
	for i, p := range pts {
		dp[i] = delaunay.Point{X: p.X, Y: p.Y}
	}
	return dp
}

// meshOf takes over the slices of a delaunay.Mesh.
func meshOf(m *delaunay.Mesh) *Mesh {
	return &Mesh{Edges: m.Edges, Triangles: m.Triangles, TriEdges: m.TriEdges, Across: m.Across, Faces: m.Faces}
}
