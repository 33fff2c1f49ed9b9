package delaunay_test

import (
	"errors"
	"fmt"
	"math"

	"github.com/hypersteiner/hypersteiner/delaunay"
)

// A unit square with one point inside. The four corners are cocircular, but
// the inner point breaks the tie.
func ExampleTriangulate() {
	pts := []delaunay.Point{{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0.3, 0.4}}
	tr, err := delaunay.Triangulate(pts)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("triangles:", len(tr.Triangles), "edges:", len(tr.Edges))
	fmt.Println("hull:", tr.Hull)
	for t, tri := range tr.Triangles {
		fmt.Println(tri, tr.Neighbors[t])
	}
	// Output:
	// triangles: 4 edges: 8
	// hull: [0 1 2 3]
	// [0 1 4] [-1 1 3]
	// [1 2 4] [-1 2 0]
	// [2 3 4] [-1 3 1]
	// [0 4 3] [0 2 -1]
}

// Points exactly on a line have no triangles: the edges are the path
// through them in order along the line.
func ExampleTriangulate_collinear() {
	tr, _ := delaunay.Triangulate([]delaunay.Point{{2, 2}, {0, 0}, {3, 3}, {1, 1}})
	fmt.Println(tr.Triangles, tr.Edges, tr.Hull)
	// Output: [] [[0 2] [0 3] [1 3]] [1 3 0 2]
}

func ExampleTriangulate_duplicate() {
	_, err := delaunay.Triangulate([]delaunay.Point{{0, 0}, {1, 0}, {0, 1}, {1, 0}})
	var de *delaunay.DuplicateError
	if errors.As(err, &de) {
		fmt.Println(de.I, de.J, err)
	}
	// Output: 1 3 delaunay: points 1 and 3 coincide at (1, 0)
}

// The classic failure of floating-point orientation: a point one ulp off
// the line through (12, 12) and (24, 24).
func ExampleOrient() {
	a := delaunay.Point{X: 0.5, Y: math.Nextafter(0.5, 1)}
	b := delaunay.Point{X: 12, Y: 12}
	c := delaunay.Point{X: 24, Y: 24}
	naive := (b.X-a.X)*(c.Y-a.Y) - (b.Y-a.Y)*(c.X-a.X)
	fmt.Println("naive:", naive, "exact:", delaunay.Orient(a, b, c))
	// Output: naive: 0 exact: 1
}

// Four cocircular lattice points, and the centre.
func ExampleInCircle() {
	a, b, c, d := delaunay.Point{X: 5, Y: 0}, delaunay.Point{X: 3, Y: 4}, delaunay.Point{X: -4, Y: 3}, delaunay.Point{X: 0, Y: -5}
	fmt.Println(delaunay.InCircle(a, b, c, d), delaunay.InCircle(a, b, c, delaunay.Point{}))
	// Output: 0 1
}

// Eight points near the ideal boundary around a central one. Every
// Euclidean Delaunay triangle of their Poincaré images has a circumcircle
// that leaves the disk, so no triangle is a hyperbolic Delaunay face. The
// hull edges between neighbouring outer points are not hyperbolic Delaunay
// edges either (every hyperbolic circle through two of them contains the
// centre), but the spokes are.
func ExampleHyperbolic() {
	var klein []delaunay.Point
	for k := 0; k < 8; k++ {
		th := 2 * math.Pi * float64(k) / 8
		klein = append(klein, delaunay.Point{X: 0.999 * math.Cos(th), Y: 0.999 * math.Sin(th)})
	}
	klein = append(klein, delaunay.Point{X: 0.01, Y: 0.02})
	h, err := delaunay.Hyperbolic(klein)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("Euclidean triangles:", len(h.Euclidean.Triangles), "kept:", len(h.Triangles))
	fmt.Println("Euclidean edges:", len(h.Euclidean.Edges))
	fmt.Println("hyperbolic edges:", h.Edges)
	// Output:
	// Euclidean triangles: 8 kept: 0
	// Euclidean edges: 16
	// hyperbolic edges: [[2 8] [1 8] [3 8] [0 8] [7 8] [4 8] [6 8] [5 8]]
}
