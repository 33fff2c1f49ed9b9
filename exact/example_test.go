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

// A search stopped by Options.MaxNodes (or TimeLimit) returns the best
// tree it knows with a lower bound that covers the topologies it did not
// explore: a proved gap, not a proof of optimality. Its last quarter goes
// to raising that bound, best first.
func ExampleSolve_stopped() {
	// Twelve points 30° apart, alternately 0.3 and 0.6 from the centre
	// of the Klein disk.
	var pts []hyperbolic.Point
	for k := 0; k < 12; k++ {
		r, th := 0.3, math.Pi*float64(k)/6
		if k%2 == 1 {
			r = 0.6
		}
		pts = append(pts, hyperbolic.Point{X: r * math.Cos(th), Y: r * math.Sin(th)})
	}
	full, err := exact.Solve(pts, exact.Options{Space: hyperbolicAuto(), NoCertify: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	cut, err := exact.Solve(pts, exact.Options{Space: hyperbolicAuto(), NoCertify: true, MaxNodes: 200})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("full search: complete %v, proved %v\n", full.Complete, full.Proved())
	fmt.Printf("stopped after %d topologies: complete %v, proved %v\n", cut.Nodes, cut.Complete, cut.Proved())
	fmt.Printf("its bound is below the optimum: %v; its tree is not shorter: %v\n",
		cut.LowerBound <= full.Tree.Length, cut.Tree.Length >= full.Tree.Length*(1-1e-12))
	fmt.Printf("proved gap between 1 %% and 50 %%: %v\n", cut.Gap() > 0.01 && cut.Gap() < 0.5)
	// Output:
	// full search: complete true, proved true
	// stopped after 200 topologies: complete false, proved false
	// its bound is below the optimum: true; its tree is not shorter: true
	// proved gap between 1 % and 50 %: true
}
