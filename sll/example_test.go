package sll_test

import (
	"fmt"
	"math"

	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/sll"
)

// The quick start: the zero Options build a hyperbolic tree (Klein
// coordinates) with the default Fermat strategy.
func Example_quickStart() {
	pts := []hyperbolic.Point{{X: 0.5, Y: 0}, {X: -0.25, Y: 0.433}, {X: -0.25, Y: -0.433}}
	tree, err := sll.Build(pts, sll.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	s := tree.Vertices[tree.Terminals]
	fmt.Printf("%s plane, solver %s: %d Steiner point, %.1e from the origin; length %.6f, RED %.2f%%\n",
		tree.Space, tree.Solver, tree.SteinerPoints(), hyperbolic.DistOrigin(s), tree.Length, tree.RED())
	// Output:
	// hyperbolic plane, solver auto: 1 Steiner point, 7.3e-06 from the origin; length 1.647889, RED 14.39%
}

// Three terminals at hyperbolic distance 1 from the origin, 120° apart: the
// tree has one Steiner point, at the origin, and length 3.
func ExampleBuild() {
	var pts []hyperbolic.Point
	for k := 0; k < 3; k++ {
		th := 2 * math.Pi * float64(k) / 3
		p, _ := hyperbolic.Exp(hyperbolic.Point{}, hyperbolic.Vector{X: math.Cos(th), Y: math.Sin(th)})
		pts = append(pts, p)
	}
	solver, _ := fermat.ByName("auto")
	tree, err := sll.Build(pts, sll.Options{Space: sll.Hyperbolic(solver)})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("Steiner points: %d, within 1e-15 of the origin: %v\n",
		tree.SteinerPoints(), hyperbolic.DistOrigin(tree.Vertices[3]) < 1e-15)
	// The MST is two sides of the triangle: cosh side = cosh²1 + ½·sinh²1.
	side := math.Acosh(math.Cosh(1)*math.Cosh(1) + math.Sinh(1)*math.Sinh(1)/2)
	fmt.Printf("length %.12f, MST %.12f = %.12f, RED %.3f%%\n", tree.Length, tree.MSTLength, 2*side, tree.RED())
	// Output:
	// Steiner points: 1, within 1e-15 of the origin: true
	// length 3.000000000000, MST 3.575488271214 = 3.575488271214, RED 16.095%
}

// The Euclidean plane: the unit square gets two Steiner points.
func ExampleEuclidean() {
	pts := []hyperbolic.Point{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 1, Y: 1}, {X: 0, Y: 1}}
	tree, _ := sll.Build(pts, sll.Options{Space: sll.Euclidean()})
	fmt.Printf("%d Steiner points, length %.12f = 1+√3 = %.12f\n", tree.SteinerPoints(), tree.Length, 1+math.Sqrt(3))
	// Output:
	// 2 Steiner points, length 2.732050807569 = 1+√3 = 2.732050807569
}
