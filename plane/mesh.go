package plane

import "github.com/hypersteiner/hypersteiner/delaunay"

func delaunayPoints(pts []Point) []delaunay.Point {
	dp := make([]delaunay.Point, len(pts))
	for i, p := range pts {
		dp[i] = delaunay.Point{X: p.X, Y: p.Y}
	}
	return dp
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
