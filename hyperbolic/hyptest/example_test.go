package hyptest_test

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/hyperbolic/hyptest"
	"github.com/hypersteiner/hypersteiner/hyperbolic/hyptest/gen"
	"github.com/hypersteiner/hypersteiner/hyperbolic/hyptest/internal/recorder"
	"pgregory.net/rapid"
)

// lossyDist is a distance function with a bug a user might well write:
// it takes the cancellation-free Klein formula
//
//	sinh²d = [(1 − |p|²)|q − p|² + (p·(q − p))²] / ((1 − |p|²)(1 − |q|²))
//
// (accurate for nearby points), but forms 1 − |p|² directly, which cancels
// near the ideal boundary: at 2⁻³⁰ from it only about 23 bits are left.
func lossyDist(p, q hyperbolic.Point) float64 {
	ap, aq := 1-p.X*p.X-p.Y*p.Y, 1-q.X*q.X-q.Y*q.Y
	if aq > ap {
		p, q, ap, aq = q, p, aq, ap
	}
	dx, dy := q.X-p.X, q.Y-p.Y
	xd := p.X*dx + p.Y*dy
	return math.Asinh(math.Sqrt((ap*(dx*dx+dy*dy) + xd*xd) / (ap * aq)))
}

// distProperty is the property a user writes for their distance
// function: on any two points of the disk, its value is within 64 ulps of
// the certified distance.
func distProperty(dist func(p, q hyperbolic.Point) float64) func(*rapid.T) {
	return func(t *rapid.T) {
		p := gen.Points().Draw(t, "p")
		q := gen.Points().Draw(t, "q")
		if err := hyptest.CheckDist(p, q, dist(p, q), hyptest.Ulps(64)); err != nil {
			t.Fatal(err)
		}
	}
}

// Testing a distance function with the kit finds that lossyDist is wrong
// near the ideal boundary, and shrinks the failure to a simple case: q at
// the origin, p on the first axis, close to the boundary. (In a test one
// writes rapid.Check(t, distProperty(lossyDist)); here a recorder stands
// in for *testing.T so that the example can print what rapid reports.)
func Example_wrongDistance() {
	rec := recorder.Run(distProperty(lossyDist), 1)
	fmt.Println("failed:", rec.Failed())
	p, q := rec.Point("p"), rec.Point("q")
	fmt.Println("shrunk q:", q)
	fmt.Println("shrunk p on the first axis:", p.Y == 0)
	fmt.Println("shrunk p within 2⁻¹⁰ of the boundary:", 1-p.X < 0x1p-10)
	fmt.Println("violation:", strings.Contains(rec.Errors(), "hyptest: dist violated"))
	// The accurate distance of package hyperbolic passes the same property.
	fmt.Println("hyperbolic.Dist failed:", recorder.Run(distProperty(hyperbolic.Dist), 1).Failed())
	// Output:
	// failed: true
	// shrunk q: {0 0}
	// shrunk p on the first axis: true
	// shrunk p within 2⁻¹⁰ of the boundary: true
	// violation: true
	// hyperbolic.Dist failed: false
}

// A claimed value is compared with a certified enclosure of the exact
// distance of the float64 inputs; the Violation says by how much it
// misses.
func ExampleCheckDist() {
	p := hyperbolic.Point{X: 1 - 0x1p-40}
	q := hyperbolic.Point{}
	fmt.Println(hyptest.CheckDist(p, q, hyperbolic.Dist(p, q), hyptest.Ulps(4)))
	err := hyptest.CheckDist(p, q, lossyDist(p, q), hyptest.Ulps(4))
	var v *hyptest.Violation
	fmt.Println(errors.As(err, &v), v.Check)
	// Output:
	// <nil>
	// true dist
}

// Isometries are exact rational matrices: the kit knows the exact image of
// every point and bounds rigorously how far a computed image is from it,
// here in units of the float64 resolution at the image (Resolution).
func ExampleIsometry_Displacement() {
	g := gen.Isometries(5).Example(2)
	p := hyperbolic.Point{X: 0.3, Y: -0.4}
	fast, _ := g.Float().Apply(p) // package hyperbolic's float64 matrix
	best, _ := g.Apply(p)         // the exact image, each coordinate rounded
	df, _ := g.Displacement(p, fast)
	db, _ := g.Displacement(p, best)
	res := hyptest.Resolution(best)
	fmt.Printf("hyperbolic.Isometry.Apply: %.2f, correctly rounded: %.2f\n", df/res, db/res)
	// Output:
	// hyperbolic.Isometry.Apply: 1.17, correctly rounded: 0.45
}

// A Steiner-tree code under test reports the length of a tree and of its
// image under an isometry; TreeInvariance checks the two agree within
// what the images' rounding allows.
func ExampleTreeInvariance() {
	vs := []hyperbolic.Point{{X: 0.1}, {X: 0.5, Y: 0.2}, {X: -0.3, Y: 0.6}, {X: -0.2, Y: -0.7}}
	edges := []hyptest.Edge{{0, 1}, {0, 2}, {0, 3}}
	g := gen.Boosts(3).Example(3)
	img, disp, _ := g.ApplyAll(vs)
	length := func(ps []hyperbolic.Point) float64 {
		s := 0.0
		for _, e := range edges {
			s += hyperbolic.Dist(ps[e[0]], ps[e[1]])
		}
		return s
	}
	euclid := func(ps []hyperbolic.Point) float64 { // not an isometry invariant
		s := 0.0
		for _, e := range edges {
			s += math.Hypot(ps[e[0]].X-ps[e[1]].X, ps[e[0]].Y-ps[e[1]].Y)
		}
		return s
	}
	fmt.Println(hyptest.TreeInvariance(edges, disp, length(vs), length(img), hyptest.Ulps(16)))
	fmt.Println(hyptest.TreeInvariance(edges, disp, euclid(vs), euclid(img), hyptest.Ulps(16)) != nil)
	// Output:
	// <nil>
	// true
}
