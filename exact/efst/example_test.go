package efst_test

import (
	"fmt"
	"math"

	"github.com/hypersteiner/hypersteiner/exact/efst"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// The Steiner minimal tree of a unit square: two Steiner points, length
// 1 + √3, proved optimal, and the Steiner points proved (in Q(√3)) to
// meet their neighbours at 120°.
func ExampleSolve() {
	square := []hyperbolic.Point{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 1, Y: 1}, {X: 0, Y: 1}}
	t, err := efst.Solve(square, efst.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("length %.12f (1+√3 = %.12f), %v, gap below 1e-12: %v\n", t.Length, 1+math.Sqrt(3), t.Status, t.Gap() < 1e-12)
	fmt.Printf("%d Steiner points, %d certified\n", t.SteinerPoints(), t.Certified)
	// Output:
	// length 2.732050807569 (1+√3 = 2.732050807569), optimal, gap below 1e-12: true
	// 2 Steiner points, 2 certified
}

// The full Steiner trees of three points of a triangle with all angles
// below 120°: the tree through the Fermat point, of length
// √((a² + b² + c²)/2 + 2√3·area) = √(22 + 12√3) = 6.540995…, and the two
// sides of a minimum spanning tree.
func ExampleGenerate() {
	pts := []hyperbolic.Point{{X: 0, Y: 0}, {X: 4, Y: 0}, {X: 1, Y: 3}}
	g, err := efst.Generate(pts, efst.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range g.FSTs {
		fmt.Printf("terminals %v: length %.6f, %d Steiner point(s)\n", f.Terminals, f.Length, len(f.Steiner))
	}
	// Output:
	// terminals [0 1 2]: length 6.540995, 1 Steiner point(s)
	// terminals [0 2]: length 3.162278, 0 Steiner point(s)
	// terminals [0 1]: length 4.000000, 0 Steiner point(s)
}
