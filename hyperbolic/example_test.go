package hyperbolic_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

func ExampleDist() {
	o := hyperbolic.Point{}
	p := hyperbolic.Point{X: 0.5}
	// In the Klein model d(0, p) = atanh |p|.
	fmt.Printf("%.15f\n", hyperbolic.Dist(o, p))
	fmt.Printf("%.15f\n", math.Atanh(0.5))
	// Near the ideal boundary the distance stays accurate: two points
	// 1e-9 apart, 1e-6 from the boundary.
	q := hyperbolic.Point{X: 1 - 1e-6}
	r := hyperbolic.Point{X: 1 - 1e-6, Y: 1e-9}
	fmt.Printf("%.6e\n", hyperbolic.Dist(q, r))
	// Output:
	// 0.549306144334055
	// 0.549306144334055
	// 7.071070e-07
}

func ExampleAngle() {
	// An equilateral triangle centred at the origin, vertices at Klein
	// radius 1/2: cosh(side) = (1 + 1/8)/(3/4) = 3/2, so by the law of
	// cosines cos(angle) = cosh/(1 + cosh) = 3/5, less than 60°; π minus
	// the angle sum is the area.
	var tri [3]hyperbolic.Point
	for k := range tri {
		s, c := math.Sincos(2 * math.Pi * float64(k) / 3)
		tri[k] = hyperbolic.Point{X: 0.5 * c, Y: 0.5 * s}
	}
	a := hyperbolic.Angle(tri[1], tri[0], tri[2])
	fmt.Printf("angle %.6f° (cos %.6f)\n", a*180/math.Pi, hyperbolic.CosAngle(tri[1], tri[0], tri[2]))
	fmt.Printf("area  %.6f = π − 3·angle = %.6f\n", hyperbolic.Area(tri[0], tri[1], tri[2]), math.Pi-3*a)
	// Output:
	// angle 53.130102° (cos 0.600000)
	// area  0.359707 = π − 3·angle = 0.359707
}

func ExampleKleinToPoincare() {
	p := hyperbolic.Point{X: 0.8, Y: 0}
	w, err := hyperbolic.KleinToPoincare(p)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("Poincaré (%.4f, %.4f)\n", w.X, w.Y) // 0.8/(1+√0.36) = 0.5
	z, _ := hyperbolic.KleinToHalfPlane(p)
	fmt.Printf("half-plane %.4f + %.4fi\n", z.X, z.Y) // √0.36/(1−0.8) = 3
	h, _ := hyperbolic.KleinToHyperboloid(p)
	fmt.Printf("hyperboloid (%.4f, %.4f, %.4f)\n", h.T, h.X, h.Y)
	// Output:
	// Poincaré (0.5000, 0.0000)
	// half-plane -0.0000 + 3.0000i
	// hyperboloid (1.6667, 1.3333, 0.0000)
}

func ExamplePoint_Check() {
	for _, p := range []hyperbolic.Point{{X: 0.6, Y: 0.79}, {X: 0.6, Y: 0.8}, {X: math.NaN()}} {
		err := p.Check()
		fmt.Println(err, errors.Is(err, hyperbolic.ErrOutsideDisk))
	}
	// Output:
	// <nil> false
	// hyperbolic: klein point (0.6, 0.8): point is on or outside the unit circle true
	// hyperbolic: klein point (NaN, 0): coordinate is NaN or infinite false
}

func ExampleExp() {
	p := hyperbolic.Point{X: 0.5, Y: 0.5}
	q := hyperbolic.Point{X: -0.2, Y: 0.3}
	v, _ := hyperbolic.Log(p, q)
	// cosh d = (1 − p·q)/√((1−|p|²)(1−|q|²)) = 0.95/√0.435.
	fmt.Printf("|Log(p, q)| = %.12f = Dist(p, q) = %.12f\n", math.Hypot(v.X, v.Y), hyperbolic.Dist(p, q))
	back, _ := hyperbolic.Exp(p, v)
	fmt.Printf("Exp(p, Log(p, q)) = (%.12f, %.12f)\n", back.X, back.Y)
	// Output:
	// |Log(p, q)| = 0.907076315505 = Dist(p, q) = 0.907076315505
	// Exp(p, Log(p, q)) = (-0.200000000000, 0.300000000000)
}

func ExampleTranslation() {
	mu := hyperbolic.Point{X: 0.9}
	g, _ := hyperbolic.Translation(mu)
	o, _ := g.Apply(hyperbolic.Point{})
	fmt.Printf("g(0) = (%.3f, %.3f)\n", o.X, o.Y)
	back, _ := g.Inverse().Apply(mu)
	fmt.Printf("g⁻¹(μ) = (%.3f, %.3f)\n", math.Abs(back.X), math.Abs(back.Y))
	// Output:
	// g(0) = (0.900, 0.000)
	// g⁻¹(μ) = (0.000, 0.000)
}

func ExampleSampleWrappedGaussian() {
	// The paper's centred data set G(0, 0.5): σ = 0.5 is the standard
	// deviation, so the mean distance to the centre is 0.5·√(π/2) ≈ 0.627.
	rng := rand.New(rand.NewPCG(1, 2))
	ps, err := hyperbolic.SampleWrappedGaussian(rng, 10000, hyperbolic.Point{}, 0.5)
	if err != nil {
		fmt.Println(err)
		return
	}
	mean := 0.0
	for _, p := range ps {
		mean += hyperbolic.DistOrigin(p) / float64(len(ps))
	}
	fmt.Printf("%d points, mean distance to 0: %.2f\n", len(ps), mean)
	// Output:
	// 10000 points, mean distance to 0: 0.63
}

func ExampleSamplePolygonMixture() {
	// The paper's mixture data set: 15 components at Klein radius 0.9,
	// σ = 0.5, ⌊n/15⌋ points each.
	rng := rand.New(rand.NewPCG(1, 2))
	ps, _ := hyperbolic.SamplePolygonMixture(rng, 1000, 15, 0.9, 0.5)
	mus, _ := hyperbolic.PolygonMeans(15, 0.9)
	fmt.Println(len(ps), "points; first mean", mus[0])
	// Output:
	// 990 points; first mean {0.9 0}
}
