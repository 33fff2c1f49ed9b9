package isoptic_test

import (
	"fmt"
	"math"
	"math/big"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/isoptic"
)

// A triangle with an angle of exactly 2π/3 at v = (1/2, 0) (in exact
// arithmetic: the coordinates are short dyadics), and the same triangle
// after moving q by one ulp: the predicate decides both exactly.
func ExampleSteinerExists() {
	v := hyperbolic.Point{X: 0.5, Y: 0}
	p := hyperbolic.Point{X: 0.75, Y: 0}
	q := hyperbolic.Point{X: 0.375, Y: 0.25}
	e, err := isoptic.SteinerExists(v, p, q)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("exists:", e.Exists, "wide vertex:", e.WideVertex(), "exactly 120°:", e.Equal[0])

	q.X = math.Nextafter(q.X, 1) // one ulp towards p: the angle at v closes
	e, _ = isoptic.SteinerExists(v, p, q)
	fmt.Println("exists:", e.Exists, "wide vertex:", e.WideVertex(), "decided in big.Rat:", e.Exact[0])

	_, err = isoptic.SteinerExists(v, p, v)
	fmt.Println(err)
	// Output:
	// exists: false wide vertex: 0 exactly 120°: true
	// exists: true wide vertex: -1 decided in big.Rat: true
	// isoptic.SteinerExists: vertex 0 and vertex 2 (both (0.5, 0)): isoptic: coincident points
}

// The point s = (1/2, 0) sees x and y under exactly 2π/3: it lies on
// C_{2π/3}(x, y), so φ and ψ vanish and the branch test accepts it.
func ExampleCurve() {
	x := hyperbolic.Point{X: 0.75, Y: 0}
	y := hyperbolic.Point{X: 0.375, Y: 0.25}
	s := hyperbolic.Point{X: 0.5, Y: 0}
	c, err := isoptic.NewCurve(x, y, isoptic.Cos120)
	if err != nil {
		fmt.Println(err)
		return
	}
	cos, _ := c.CosAngle(s)
	fmt.Println("A =", c.A(s), "B =", c.B(s), "cos =", cos)
	on, _ := c.OnBranch(s)
	fmt.Println("φ =", c.Phi(s), "ψ =", c.Psi(s), "on C_α:", on)
	phi, grad, _ := c.PhiGrad(s)
	fmt.Printf("φ = %g, ∇φ = (%.6f, %.6f)\n", phi, grad[0], grad[1])
	// Output:
	// A = -0.03125 B = 0.00390625 cos = -0.5
	// φ = 0 ψ = 0 on C_α: true
	// φ = 0, ∇φ = (-0.203125, -0.257812)
}

// Solve the φ system of three terminals by Newton's method from the
// origin, then look at the point from the third pair and at the ψ system.
// For this symmetric triangle the Fermat point is (0, t) with
// 52t² + 24t − 1 = 0, i.e. exactly (0, 1/26): at (0, t) the angle form of
// the Klein metric is diag(1 − t², 1), and cos θ = −1/2 gives the quadratic.
func ExampleFermat3() {
	x := hyperbolic.Point{X: -0.5, Y: -0.25}
	y := hyperbolic.Point{X: 0.5, Y: -0.25}
	z := hyperbolic.Point{X: 0, Y: 0.5}
	f, err := isoptic.NewFermat3(x, y, z, isoptic.Cos120)
	if err != nil {
		fmt.Println(err)
		return
	}
	s := [2]float64{0, 0}
	for range 8 {
		F, J, _ := f.PhiJac(s)
		det := J[0][0]*J[1][1] - J[0][1]*J[1][0]
		s[0] -= (J[1][1]*F[0] - J[0][1]*F[1]) / det
		s[1] -= (J[0][0]*F[1] - J[1][0]*F[0]) / det
	}
	fmt.Printf("Fermat point (%.12f, %.12f); within 1e-15 of (0, 1/26): %v\n", math.Abs(s[0]), s[1], math.Hypot(s[0], s[1]-1.0/26) < 1e-15)
	zx, _ := isoptic.NewCurve(z, x, isoptic.Cos120)
	cos, _ := zx.CosAngle(hyperbolic.Point{X: s[0], Y: s[1]})
	fmt.Printf("angle seen between z and x: %.9f°\n", math.Acos(cos)*180/math.Pi)

	sys, _ := f.PsiSystem()
	fmt.Println("ψ system degrees", sys.Degrees(), "Bézout", sys.Bezout())
	F, J := f.PsiJac([2]float64{y.X, y.Y})
	fmt.Println("at the shared terminal y: F =", F, "J =", J)
	// Output:
	// Fermat point (0.000000000000, 0.038461538462); within 1e-15 of (0, 1/26): true
	// angle seen between z and x: 120.000000000°
	// ψ system degrees [4 4] Bézout 16
	// at the shared terminal y: F = [0 0] J = [[0 0] [0 0]]
}

// The coupled 4-terminal system: its ψ form has degrees 4, 6, 4, 6.
func ExampleFermat4() {
	f, err := isoptic.NewFermat4(
		hyperbolic.Point{X: -0.5, Y: 0.3}, hyperbolic.Point{X: -0.5, Y: -0.3},
		hyperbolic.Point{X: 0.5, Y: 0.3}, hyperbolic.Point{X: 0.5, Y: -0.3}, isoptic.Cos120)
	if err != nil {
		fmt.Println(err)
		return
	}
	sys, _ := f.PsiSystem()
	fmt.Println(sys.Vars(), sys.Degrees(), sys.Bezout(), isoptic.Fermat4PsiBezout)
	// The system is symmetric under x ↦ −x, which swaps (w, x, a) with
	// (y, z, b): F₀ = F₂ and F₁ = F₃ at symmetric points. F₀ = A + √B/2 with
	// A = 0.0036, B = 0.1764² here (computed by hand from the difference form).
	F := f.Phi([4]float64{-0.2, 0, 0.2, 0})
	fmt.Printf("φ form at a = (−0.2, 0), b = (0.2, 0): [%.4f %.4f %.4f %.4f]\n", F[0], F[1], F[2], F[3])
	// Output:
	// [a1 a2 b1 b2] [4 6 4 6] 576 576
	// φ form at a = (−0.2, 0), b = (0.2, 0): [0.0918 -0.0360 0.0918 -0.0360]
}

// ψ as an exact rational polynomial, for α = 2π/3. Its constant term is
// ψ(0) = (x·y)² − |x|²|y|²/4 = 1/16 − 1/64 = 3/64.
func ExamplePsiPoly120() {
	x := isoptic.RatPoint{X: big.NewRat(1, 2), Y: big.NewRat(0, 1)}
	y := isoptic.RatPoint{X: big.NewRat(-1, 2), Y: big.NewRat(0, 1)}
	p, err := isoptic.PsiPoly120(x, y)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("degree", p.Degree())
	fmt.Println(p.Format([]string{"s1", "s2"}))
	// Output:
	// degree 4
	// 3/4*s1^4 + 17/8*s1^2*s2^2 + 91/64*s2^4 - 3/8*s1^2 - 23/32*s2^2 + 3/64
}

// The counterpart of ψ in the upper half-plane has degree 8. The point
// q = 1 + 2i maps to the Klein point ((|q|² − 1), −2·1)/(|q|² + 1) = (2/3, −1/3).
func ExampleHalfPlanePsiPoly() {
	p := isoptic.RatPoint{X: big.NewRat(0, 1), Y: big.NewRat(1, 1)}
	q := isoptic.RatPoint{X: big.NewRat(1, 1), Y: big.NewRat(2, 1)}
	psi, err := isoptic.HalfPlanePsiPoly(p, q, big.NewRat(1, 4))
	if err != nil {
		fmt.Println(err)
		return
	}
	k, _ := isoptic.HalfPlaneToKleinRat(q)
	fmt.Println("degree", psi.Degree(), "terms", psi.NumTerms(), "q in Klein:", k.X.RatString(), k.Y.RatString())
	// Output:
	// degree 8 terms 25 q in Klein: 2/3 -1/3
}

// φ and its gradient at 200 bits, for certification (the configuration of
// ExampleCurve: s sees x and y under exactly 2π/3).
func ExampleNewBigTerms() {
	x := isoptic.NewBigPoint(hyperbolic.Point{X: 0.75, Y: 0})
	y := isoptic.NewBigPoint(hyperbolic.Point{X: 0.375, Y: 0.25})
	s := isoptic.BigPoint{X: big.NewFloat(0.5).SetPrec(200), Y: new(big.Float).SetPrec(200)}
	t, err := isoptic.NewBigTerms(x, y, s, 200)
	if err != nil {
		fmt.Println(err)
		return
	}
	phi, grad, _ := t.Phi(big.NewFloat(-0.5))
	fmt.Println("φ =", phi.Text('g', 10), "∇φ =", grad[0].Text('g', 10), grad[1].Text('g', 10))
	// Output:
	// φ = 0 ∇φ = -0.203125 -0.2578125
}
