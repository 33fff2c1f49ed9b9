package fermat_test

import (
	"fmt"

	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// The default strategy finds the Steiner point of a triangle; its three
// sides are seen from there under 120°.
func ExampleByName() {
	s, err := fermat.ByName("") // "auto"
	if err != nil {
		panic(err)
	}
	a, b, c := hyperbolic.Point{X: 0.5, Y: 0}, hyperbolic.Point{X: -0.25, Y: 0.4}, hyperbolic.Point{X: -0.2, Y: -0.45}
	p, st := s.Fermat(a, b, c)
	fmt.Println(s.Name(), st)
	fmt.Printf("angles %.9f° %.9f° %.9f°\n",
		deg(hyperbolic.Angle(a, p, b)), deg(hyperbolic.Angle(b, p, c)), deg(hyperbolic.Angle(c, p, a)))
	// Output:
	// auto ok
	// angles 120.000000000° 120.000000000° 120.000000000°
}

func deg(r float64) float64 { return r * 180 / 3.141592653589793 }

// A triangle with an angle of 120° or more has no Steiner point: the
// answer None is decided exactly, before any solving, and Result.Wide
// names the vertex.
func ExampleNewton_Solve() {
	a, b, c := hyperbolic.Point{X: -0.5, Y: 0}, hyperbolic.Point{X: 0, Y: 0.05}, hyperbolic.Point{X: 0.5, Y: 0}
	r, err := fermat.Newton{}.Solve(a, b, c)
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Status, "wide vertex:", r.Wide)
	// Output:
	// none wide vertex: 1
}

// Precise reports which of its two solvers found the point.
func ExamplePrecise_Solve() {
	a, b, c := hyperbolic.Point{X: 0.1, Y: 0.2}, hyperbolic.Point{X: -0.4, Y: 0.3}, hyperbolic.Point{X: 0.2, Y: -0.5}
	r, _ := fermat.Precise{}.Solve(a, b, c)
	fmt.Println(r.Status, r.Method)
	// Output:
	// ok simple
}

// Invalid input is an error for Solve and None for Fermat.
func ExampleStrategy() {
	var s fermat.Strategy = fermat.Auto{}
	_, err := s.Solve(hyperbolic.Point{X: 1, Y: 0}, hyperbolic.Point{}, hyperbolic.Point{X: 0, Y: 0.5})
	fmt.Println(err != nil)
	_, st := s.Fermat(hyperbolic.Point{X: 1, Y: 0}, hyperbolic.Point{}, hyperbolic.Point{X: 0, Y: 0.5})
	fmt.Println(st)
	// Output:
	// true
	// none
}
