package isoptic

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// fdStep is the central-difference step of the 200-bit references. The
// error of (f(s+h) − f(s−h))/2h is ≈ 2⁻²⁰⁰|f|/h (rounding) + h²|f”'|/6
// (truncation) ≈ 6e-31·|f| + 1e-60: with |f| ≤ 10⁴ here, every reference
// derivative is good to 1e-25 absolute, 10 orders below float64.
const (
	fdStep = 1e-30
	fdTol  = 1e-25
)

// fdGrad returns the central-difference gradient of f at s.
func fdGrad(f func(BigPoint) *big.Float, s BigPoint) [2]*big.Float {
	K := bigArith{prec}
	h := bf(fdStep)
	twoH := K.mul(bf(2), h)
	var g [2]*big.Float
	for i := range 2 {
		plus, minus := s, s
		if i == 0 {
			plus.X, minus.X = K.add(s.X, h), K.sub(s.X, h)
		} else {
			plus.Y, minus.Y = K.add(s.Y, h), K.sub(s.Y, h)
		}
		g[i] = K.new().Quo(K.sub(f(plus), f(minus)), twoH)
	}
	return g
}

func mustBigTerms(t testing.TB, x, y, s BigPoint) *BigTerms {
	t.Helper()
	bt, err := NewBigTerms(x, y, s, prec)
	noErr(t, err)
	return bt
}

// The 200-bit analytic gradients of A, B, φ, ψ against 200-bit central
// differences, and the float64 gradients against the 200-bit analytic ones.
func TestCurveGradients(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	K := bigArith{prec}
	worst := 0.0
	for n := 0; n < 300; {
		x, y, s := randDisk(rng, 0.99), randDisk(rng, 0.99), randDisk(rng, 0.99)
		if dist(x, s) < 0.01 || dist(y, s) < 0.01 {
			continue // φ's gradient blows up at the terminals; tested separately
		}
		n++
		cos := 2*rng.Float64() - 1
		c, err := NewCurve(x, y, cos)
		noErr(t, err)
		bx, by, bs := bpt(x), bpt(y), bpt(s)
		bc := bf(cos)
		bc2 := K.mul(bc, bc)
		bt := mustBigTerms(t, bx, by, bs)
		phi, gphi, err := bt.Phi(bc)
		noErr(t, err)
		_ = phi
		psi, gpsi := bt.Psi(bc2)
		_ = psi
		fd := map[string][2]*big.Float{
			"A": fdGrad(func(p BigPoint) *big.Float { return mustBigTerms(t, bx, by, p).A }, bs),
			"B": fdGrad(func(p BigPoint) *big.Float { return mustBigTerms(t, bx, by, p).B() }, bs),
			"φ": fdGrad(func(p BigPoint) *big.Float { v, _, _ := mustBigTerms(t, bx, by, p).Phi(bc); return v }, bs),
			"ψ": fdGrad(func(p BigPoint) *big.Float { v, _ := mustBigTerms(t, bx, by, p).Psi(bc2); return v }, bs),
		}
		analytic := map[string][2]*big.Float{"A": bt.GradA, "B": bt.GradB(), "φ": gphi, "ψ": gpsi}
		for name, g := range analytic {
			for i := range 2 {
				if d := bigAbs(K.sub(g[i], fd[name][i])); d > fdTol {
					t.Fatalf("%s: 200-bit gradient[%d] %v, central difference %v (diff %g)", name, i, f64(g[i]), f64(fd[name][i]), d)
				}
			}
		}

		// float64 against the exact-input 200-bit gradients. Scale: the sum
		// of the magnitudes of the summands (each float64 summand carries a
		// few ulps of itself), so the comparison is relative to the terms.
		sp := s
		_, fa := c.AGrad(sp)
		_, fb := c.BGrad(sp)
		_, fphi, err := c.PhiGrad(sp)
		noErr(t, err)
		_, fpsi := c.PsiGrad(sp)
		m := dist(x, s) + dist(y, s) + 1
		rx, ry := math.Sqrt(f64(bt.Bx)), math.Sqrt(f64(bt.By))
		gbx := math.Hypot(f64(bt.GradBx[0]), f64(bt.GradBx[1]))
		gby := math.Hypot(f64(bt.GradBy[0]), f64(bt.GradBy[1]))
		ga := math.Hypot(f64(bt.GradA[0]), f64(bt.GradA[1]))
		scales := map[string]float64{
			"A": 4 * m,
			"B": f64(bt.By)*gbx + f64(bt.Bx)*gby + 4*m*m*m,
			"φ": ga + 4*m + math.Abs(cos)*(ry/rx*gbx+rx/ry*gby),
			"ψ": 2*bigAbs(bt.A)*(ga+4*m) + cos*cos*(f64(bt.By)*gbx+f64(bt.Bx)*gby+4*m*m*m),
		}
		float := map[string][2]float64{"A": fa, "B": fb, "φ": fphi, "ψ": fpsi}
		for name, g := range float {
			for i := range 2 {
				rel := math.Abs(g[i]-f64(analytic[name][i])) / scales[name]
				worst = max(worst, rel/u)
				// ~10 roundings deep, each ≤ u of a summand: 64u is safe.
				if rel > 64*u {
					t.Fatalf("%s: float64 gradient[%d] %v, 200-bit %v: %.1f u of the term size", name, i, g[i], f64(analytic[name][i]), rel/u)
				}
			}
		}
	}
	t.Logf("worst float64 gradient error: %.2f u relative to the term size", worst)
}

// rot120 returns the 200-bit rotation of p by ±2π/3 (sign = ±1) or ±π/3.
func rotate(p BigPoint, cos, sin *big.Float) BigPoint {
	K := bigArith{prec}
	return BigPoint{X: K.sub(K.mul(cos, p.X), K.mul(sin, p.Y)), Y: K.add(K.mul(sin, p.X), K.mul(cos, p.Y))}
}

func sqrt3() *big.Float { return new(big.Float).SetPrec(prec).Sqrt(bf(3)) }

// seeUnder builds, at 200 bits, terminals x, y seen from s under the angle
// with cosine cos and sine sin (exact at 200 bits): x at Klein radius rx in
// direction θ from the origin, y at radius ry in the rotated direction,
// both moved by the isometry T_s (which maps the origin to s, where the
// Klein angle is the Euclidean one).
func seeUnder(s hyperbolic.Point, theta, rx, ry float64, cos, sin *big.Float) (x, y BigPoint) {
	dir := polar(1, theta)
	K := bigArith{prec}
	x0 := BigPoint{X: K.mul(bf(rx), dir.X), Y: K.mul(bf(rx), dir.Y)}
	d := rotate(dir, cos, sin)
	y0 := BigPoint{X: K.mul(bf(ry), d.X), Y: K.mul(bf(ry), d.Y)}
	bs := bpt(s)
	return boostBig(bs, x0), boostBig(bs, y0)
}

// At a point that sees x and y under exactly 2π/3 (built at 200 bits), φ
// vanishes and the branch test accepts; under π/3, ψ vanishes, φ does not,
// and the branch test rejects.
func TestPhiVanishesAt120AndBranch(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	K := bigArith{prec}
	half := bf(0.5)
	s3 := K.mul(half, sqrt3())
	for range 300 {
		s := randDisk(rng, 0.9)
		theta := 2 * math.Pi * rng.Float64()
		rx, ry := 0.05+0.9*rng.Float64(), 0.05+0.9*rng.Float64()
		for _, tc := range []struct {
			name     string
			cos, sin *big.Float
			on120    bool
		}{
			{"120°", K.new().Neg(half), s3, true},
			{"−120°", K.new().Neg(half), K.new().Neg(s3), true},
			{"60°", half, s3, false},
		} {
			bxp, byp := seeUnder(s, theta, rx, ry, tc.cos, tc.sin)
			// 200-bit check on the unrounded construction: ~20 roundings of
			// 2⁻²⁰⁰ each, relative to the terms |A| + √B.
			bt := mustBigTerms(t, bxp, byp, bpt(s))
			sqB := K.new().Sqrt(bt.B())
			terms := bigAbs(bt.A) + f64(sqB)
			phi, _, _ := bt.Phi(bf(Cos120))
			psi, _ := bt.Psi(bf(0.25))
			if tc.on120 {
				if v := bigAbs(phi); v > 0x1p-180*terms {
					t.Fatalf("%s: 200-bit φ = %g, terms %g", tc.name, v, terms)
				}
			} else {
				if v := bigAbs(psi); v > 0x1p-180*terms*terms {
					t.Fatalf("%s: 200-bit ψ = %g, terms² %g", tc.name, v, terms*terms)
				}
				// φ_{2π/3} = A + √B/2 = √B(cos θ + 1/2) = √B at θ = π/3.
				if v := f64(K.sub(phi, sqB)); math.Abs(v) > 0x1p-180*terms {
					t.Fatalf("60°: φ − √B = %g", v)
				}
			}

			// float64: terminals rounded (each coordinate moves ≤ u·|p| ≤ u),
			// which turns the angle at s by at most u·√2·(1/|x−s| + 1/|y−s|)
			// (Klein angles at s are Euclidean angles distorted by a factor
			// ≤ 1/(1−|s|²) ≤ 5.3 for |s| ≤ 0.9); |∂φ/∂θ| = √B·sin θ ≤ √B; plus
			// the evaluator's own error ≤ 32u·|x−s||y−s| (TestCurveFloatAccuracy).
			x, y := roundPoint(bxp), roundPoint(byp)
			c, err := NewCurve(x, y, Cos120)
			noErr(t, err)
			sqBf := math.Sqrt(c.B(s))
			tol := 5.3*math.Sqrt2*u*(1/dist(x, s)+1/dist(y, s))*sqBf + 32*u*dist(x, s)*dist(y, s)
			if tc.on120 {
				if v := math.Abs(c.Phi(s)); v > tol {
					t.Fatalf("%s: float64 φ = %g > bound %g (√B = %g)", tc.name, v, tol, sqBf)
				}
			} else {
				// ψ = φ_{2π/3}·φ_{π/3}: its bound is tol·(|A| + √B/2)·2.
				if v := math.Abs(c.Psi(s)); v > 2*tol*(math.Abs(c.A(s))+sqBf) {
					t.Fatalf("%s: float64 ψ = %g", tc.name, v)
				}
			}
			got, err := c.OnBranch(s)
			noErr(t, err)
			if got != tc.on120 {
				t.Fatalf("%s: OnBranch = %v, want %v", tc.name, got, tc.on120)
			}
		}
	}
}

// An exactly dyadic configuration with an angle of exactly 2π/3 at
// s = (1/2, 0): the Klein metric there is diag(1, 3/4) (up to a factor),
// so directions (1, 0) and (−1, 2) meet at 2π/3, and (1, 0), (1, −2) at π/3.
func TestExactDyadic120(t *testing.T) {
	s := hyperbolic.Point{X: 0.5, Y: 0}
	x := hyperbolic.Point{X: 0.75, Y: 0}
	y120 := hyperbolic.Point{X: 0.375, Y: 0.25}
	y60 := hyperbolic.Point{X: 0.625, Y: -0.25}
	c, err := NewCurve(x, y120, Cos120)
	noErr(t, err)
	rt := ratTerms(ratPointOf(x), ratPointOf(y120), ratPointOf(s))
	if psi := rt.Psi(big.NewRat(1, 4)); psi.Sign() != 0 {
		t.Fatalf("exact ψ = %s at a 120° point", psi.RatString())
	}
	if rt.AngleCmp120() != 0 {
		t.Fatal("exact angle is not 2π/3")
	}
	// All values are short dyadics, so float64 is exact here.
	if c.Phi(s) != 0 || c.Psi(s) != 0 {
		t.Fatalf("φ = %v, ψ = %v, want exactly 0", c.Phi(s), c.Psi(s))
	}
	if cs, _ := c.CosAngle(s); cs != -0.5 {
		t.Fatalf("cos = %v, want −1/2", cs)
	}
	if on, err := c.OnBranch(s); err != nil || !on {
		t.Fatal("branch test rejects a point of C_{2π/3}")
	}
	on, err := OnBranchRat(ratPointOf(x), ratPointOf(y120), ratPointOf(s), -1)
	noErr(t, err)
	if !on {
		t.Fatal("OnBranchRat rejects a point of C_{2π/3}")
	}

	c60, err := NewCurve(x, y60, Cos120)
	noErr(t, err)
	if c60.Psi(s) != 0 {
		t.Fatalf("ψ = %v at a 60° point, want 0", c60.Psi(s))
	}
	on60, err := c60.OnBranch(s)
	noErr(t, err)
	if c60.Phi(s) == 0 || on60 {
		t.Fatalf("60° point: φ = %v, OnBranch = %v; want φ ≠ 0 and rejected", c60.Phi(s), on60)
	}
	on, err = OnBranchRat(ratPointOf(x), ratPointOf(y60), ratPointOf(s), -1)
	noErr(t, err)
	if on {
		t.Fatal("OnBranchRat accepts a point of C_{π/3} for α = 2π/3")
	}
	// For α = π/3 (cos > 0) the roles swap.
	on, _ = OnBranchRat(ratPointOf(x), ratPointOf(y60), ratPointOf(s), 1)
	if !on {
		t.Fatal("OnBranchRat rejects a point of C_{π/3} for α = π/3")
	}
}

// The 200-bit φ gradient is refused at a terminal, as the float64 one.
func TestBigPhiAtTerminal(t *testing.T) {
	x, y := bpt(hyperbolic.Point{X: 0.1, Y: 0.2}), bpt(hyperbolic.Point{X: -0.3, Y: 0.4})
	bt := mustBigTerms(t, x, y, x)
	if _, _, err := bt.Phi(bf(Cos120)); err != ErrNotDifferentiable {
		t.Fatalf("error %v, want ErrNotDifferentiable", err)
	}
	if _, err := NewBigTerms(x, BigPoint{X: bf(0)}, x, prec); err == nil {
		t.Fatal("nil coordinate accepted")
	}
	if _, err := NewBigTerms(x, y, x, 0); err == nil {
		t.Fatal("precision 0 accepted")
	}
}
