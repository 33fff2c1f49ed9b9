package exact_test

import (
	"fmt"
	"math"

	"github.com/hypersteiner/hypersteiner/exact"
	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/sll"
)

// The Steiner minimal tree of a unit square has two Steiner points and
// length 1 + √3.
func ExampleSolve() {
	square := []hyperbolic.Point{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 1, Y: 1}, {X: 0, Y: 1}}
	r, err := exact.Solve(square, exact.Options{Space: sll.Euclidean()})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("length %.12f (1+√3 = %.12f)\n", r.Tree.Length, 1+math.Sqrt(3))
	fmt.Printf("%d Steiner points, all certified: %v\n", r.Tree.SteinerPoints(), r.Certified == r.Tree.SteinerPoints())
	fmt.Printf("optimal within 1e-10: %v\n", r.Gap() < 1e-10)
	// Output:
	// length 2.732050807569 (1+√3 = 2.732050807569)
	// 2 Steiner points, all certified: true
	// optimal within 1e-10: true
}

// In the hyperbolic plane (Klein model), three points at distance 1 from
// the origin, 120° apart, are joined through the origin: length 3.
func ExampleSolve_hyperbolic() {
	var pts []hyperbolic.Point
	for k := 0; k < 3; k++ {
		th := 2 * math.Pi * float64(k) / 3
		p, _ := hyperbolic.Exp(hyperbolic.Point{}, hyperbolic.Vector{X: math.Cos(th), Y: math.Sin(th)})
		pts = append(pts, p)
	}
	r, err := exact.Solve(pts, exact.Options{Space: hyperbolicAuto()})
	if err != nil {
		fmt.Println(err)
		return
	}
	s := r.Tree.Vertices[3]
	fmt.Printf("length %.12f, Steiner point at the origin: %v\n", r.Tree.Length, math.Hypot(s.X, s.Y) < 1e-15)
	// Output:
	// length 3.000000000000, Steiner point at the origin: true
}

func hyperbolicAuto() sll.Space {
	s, _ := fermat.ByName("auto")
	return sll.Hyperbolic(s)
}

// The concatenation method generates the full Steiner trees of every
// subset and joins the best of them: for the unit square, the four sides,
// the four corner triangles and the two full trees of all four corners
// survive the tests, and the optimum is one of the latter.
func ExampleSolve_concatenation() {
	square := []hyperbolic.Point{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 1, Y: 1}, {X: 0, Y: 1}}
	m, err := exact.ParseMethod("fst")
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := exact.Solve(square, exact.Options{Space: sll.Euclidean(), Method: m})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("method %v: length %.12f (1+√3 = %.12f)\n", m, r.Tree.Length, 1+math.Sqrt(3))
	fmt.Printf("full trees kept: %d with Steiner points, %d single edges\n", r.FST.Kept, r.FST.PairsKept)
	fmt.Printf("%d Steiner points, all certified: %v; optimal within 1e-10: %v\n",
		r.Tree.SteinerPoints(), r.Certified == r.Tree.SteinerPoints(), r.Gap() < 1e-10)
	// Output:
	// method fst: length 2.732050807569 (1+√3 = 2.732050807569)
	// full trees kept: 6 with Steiner points, 4 single edges
	// 2 Steiner points, all certified: true; optimal within 1e-10: true
}
