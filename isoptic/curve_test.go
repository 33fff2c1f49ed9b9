package isoptic

import (
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"pgregory.net/rapid"
)

const u = 0x1p-53 // unit roundoff

// The difference form used by every evaluator is the paper's Lorentzian
// form, exactly, on all of R² (not only the disk).
func TestDifferenceFormIsLorentzForm(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := rapid.Float64Range(-3, 3)
		x := ratPointOf(hyperbolic.Point{X: g.Draw(t, "x1"), Y: g.Draw(t, "x2")})
		y := ratPointOf(hyperbolic.Point{X: g.Draw(t, "y1"), Y: g.Draw(t, "y2")})
		s := ratPointOf(hyperbolic.Point{X: g.Draw(t, "s1"), Y: g.Draw(t, "s2")})
		got := ratTerms(x, y, s)
		a, bx, by := lorentzAB(x, y, s)
		if got.A.Cmp(a) != 0 || got.Bx.Cmp(bx) != 0 || got.By.Cmp(by) != 0 {
			t.Fatalf("difference form (%s, %s, %s) ≠ Lorentz form (%s, %s, %s)",
				got.A.RatString(), got.Bx.RatString(), got.By.RatString(), a.RatString(), bx.RatString(), by.RatString())
		}
	})
}

// cos(angle at s) = A/√B follows from the hyperbolic cosine rule
// cosh c = cosh a cosh b − sinh a sinh b cos θ with
// cosh d(p,q) = −⟨p,q⟩/√(⟨p,p⟩⟨q,q⟩). Checked at 200 bits.
func TestCosAngleIsCosineRule(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		x, y, s := rapidDisk(t, "x", 0.95), rapidDisk(t, "y", 0.95), rapidDisk(t, "s", 0.95)
		// The cosine-rule reference loses 2·log₂(1/d) bits to cosh² − 1 at a
		// Euclidean separation d: below 1e-12 (80 bits lost) it is useless.
		if dist(x, s) < 1e-12 || dist(y, s) < 1e-12 || dist(x, y) < 1e-12 {
			t.Skip("points too close for the cosine-rule reference")
		}
		K := bigArith{prec}
		lor := func(p, q hyperbolic.Point) *big.Float {
			return K.sub(K.dot2(bf(p.X), bf(q.X), bf(p.Y), bf(q.Y)), bf(1))
		}
		cosh := func(p, q hyperbolic.Point) *big.Float {
			d := K.new().Sqrt(K.mul(lor(p, p), lor(q, q)))
			return K.new().Neg(K.new().Quo(lor(p, q), d))
		}
		sinh := func(c *big.Float) *big.Float { return K.new().Sqrt(K.sub(K.mul(c, c), bf(1))) }
		ca, cb, cc := cosh(x, s), cosh(y, s), cosh(x, y)
		want := K.new().Quo(K.sub(K.mul(ca, cb), cc), K.mul(sinh(ca), sinh(cb)))

		bt, err := NewBigTerms(bpt(x), bpt(y), bpt(s), prec)
		if err != nil {
			t.Fatal(err)
		}
		got := K.new().Quo(bt.A, K.new().Sqrt(bt.B()))
		// With at least 120 of 200 bits left (see above), 1e-25 absolute on
		// a cosine in [−1, 1] is safe and still 9 orders below float64.
		if diff := bigAbs(K.sub(got, want)); diff > 1e-25 {
			t.Fatalf("A/√B = %v, cosine rule %v (diff %g)", f64(got), f64(want), diff)
		}
		// And the float64 Curve agrees to float64 accuracy relative to 1
		// (the cosine of a well-separated configuration; points within 1e-3
		// of each other are excluded since cos is then ill-conditioned).
		c, err := NewCurve(x, y, Cos120)
		if err != nil || dist(x, s) < 1e-3 || dist(y, s) < 1e-3 {
			return
		}
		cf, err := c.CosAngle(s)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(cf-f64(want)) > 1e-12 {
			t.Fatalf("float64 cos %v, exact %v", cf, f64(want))
		}
	})
}

func dist(p, q hyperbolic.Point) float64 { return math.Hypot(p.X-q.X, p.Y-q.Y) }

// ψ_α = φ_α·φ_{π−α}: (A − c√B)(A + c√B) = A² − c²B. At 200 bits the two
// sides agree to ~2⁻¹⁹⁵ relative to (|A| + |c|√B)².
func TestPsiIsProductOfPhis(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		x, y, s := rapidDisk(t, "x", 0.99), rapidDisk(t, "y", 0.99), rapidDisk(t, "s", 1.5)
		cos := rapid.Float64Range(-0.99, 0.99).Draw(t, "cos")
		bt, err := NewBigTerms(bpt(x), bpt(y), bpt(s), prec)
		if err != nil {
			t.Fatal(err)
		}
		K := bigArith{prec}
		c := bf(cos)
		phiA, _, _ := bt.Phi(c)
		phiB, _, _ := bt.Phi(K.new().Neg(c))
		psi, _ := bt.Psi(K.mul(c, c))
		scale := K.add(K.new().Abs(bt.A), K.mul(K.new().Abs(c), K.new().Sqrt(bt.B())))
		scale = K.mul(scale, scale)
		diff := K.sub(K.mul(phiA, phiB), psi)
		if scale.Sign() > 0 && bigAbs(diff) > 0x1p-190*f64(scale) {
			t.Fatalf("φ_α·φ_{π−α} − ψ = %g, scale %g", f64(diff), f64(scale))
		}
	})
}

// The float64 evaluators against the 200-bit ones at the same exact inputs:
// A, B, φ, ψ to a few ulps of the size of their terms.
func TestCurveFloatAccuracy(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	worst := 0.0
	for range 2000 {
		x, y, s := randDisk(rng, 0.999), randDisk(rng, 0.999), randDisk(rng, 0.999)
		c, err := NewCurve(x, y, Cos120)
		noErr(t, err)
		bt, err := NewBigTerms(bpt(x), bpt(y), bpt(s), prec)
		noErr(t, err)
		// Term sizes: |dx||dy| bounds each term of A (|ux| ≤ |dx||x| < |dx|),
		// and |dx|²|dy|² those of B.
		m := dist(x, s) * dist(y, s)
		phiBig, _, _ := bt.Phi(bf(Cos120))
		psiBig, _ := bt.Psi(bf(0.25))
		for _, q := range []struct {
			name      string
			got, want float64
			scale     float64
		}{
			{"A", c.A(s), f64(bt.A), m},
			{"B", c.B(s), f64(bt.B()), m * m},
			{"φ", c.Phi(s), f64(phiBig), m},
			{"ψ", c.Psi(s), f64(psiBig), m * m},
		} {
			// A is 5 roundings deep and each term is ≤ 2m: |error| ≤ ~12u·m;
			// 32u·m leaves room for B's product and φ's square root.
			rel := math.Abs(q.got-q.want) / q.scale
			worst = max(worst, rel/u)
			if rel > 32*u {
				t.Fatalf("%s at x=%v y=%v s=%v: float %v, exact %v (error %.1f u of the term size)", q.name, x, y, s, q.got, q.want, rel/u)
			}
		}
	}
	t.Logf("worst float64 error of A, B, φ, ψ: %.2f u relative to the term size", worst)
}

// The running error bound of the filter contains the exact value, also for
// inputs built to stress it: near-coincident points, points near the
// boundary, tiny and subnormal coordinates.
func TestFilterBoundIsRigorous(t *testing.T) {
	coord := rapid.OneOf(
		rapid.Float64Range(-0.999, 0.999),
		rapid.Float64Range(-1e-300, 1e-300),
		rapid.SampledFrom([]float64{0, 0.5, -0.5, 0.75, 1 - 0x1p-53, -(1 - 0x1p-53), 0x1p-1074, 3 * 0x1p-1074, 0.1, 0.7, 0.7071067811865475}),
	)
	rapid.Check(t, func(t *rapid.T) {
		p := func(l string) vec2[float64] {
			for {
				v := vec2[float64]{coord.Draw(t, l+"1"), coord.Draw(t, l+"2")}
				if v[0]*v[0]+v[1]*v[1] < 1 {
					return v
				}
			}
		}
		x, y, s := p("x"), p("y"), p("s")
		if rapid.Bool().Draw(t, "near") { // s within a few ulps of x
			s = vec2[float64]{math.Nextafter(x[0], 1), x[1]}
		}
		a, bx, by := filteredTerms(x, y, s)
		ex := ratTerms(ratVec(x), ratVec(y), ratVec(s))
		for _, q := range []struct {
			name  string
			v     errVal
			exact *big.Rat
		}{{"A", a, ex.A}, {"Bx", bx, ex.Bx}, {"By", by, ex.By}} {
			err := new(big.Rat).Sub(new(big.Rat).SetFloat64(q.v.v), q.exact)
			if err.Abs(err).Cmp(new(big.Rat).SetFloat64(q.v.e)) > 0 {
				t.Fatalf("%s: computed %v ± %v does not contain the exact %s", q.name, q.v.v, q.v.e, q.exact.RatString())
			}
		}
	})
}

func TestNewCurveErrors(t *testing.T) {
	ok := hyperbolic.Point{X: 0.1, Y: 0.2}
	for _, tc := range []struct {
		name string
		x, y hyperbolic.Point
		cos  float64
		want error
	}{
		{"x outside", hyperbolic.Point{X: 1, Y: 0}, ok, Cos120, hyperbolic.ErrOutsideDisk},
		{"y NaN", ok, hyperbolic.Point{X: math.NaN(), Y: 0}, Cos120, hyperbolic.ErrNotFinite},
		{"coincident", ok, ok, Cos120, ErrCoincident},
		{"cos = −1", ok, hyperbolic.Point{}, -1, ErrCos},
		{"cos NaN", ok, hyperbolic.Point{}, math.NaN(), ErrCos},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := NewCurve(tc.x, tc.y, tc.cos)
			if !errors.Is(err, tc.want) {
				t.Fatalf("error %v, want %v", err, tc.want)
			}
			var ie *InputError
			if !errors.As(err, &ie) || ie.Func != "NewCurve" {
				t.Fatalf("error %v is not an *InputError from NewCurve", err)
			}
		})
	}
}

func TestPhiGradAtTerminal(t *testing.T) {
	x, y := hyperbolic.Point{X: 0.1, Y: 0.2}, hyperbolic.Point{X: -0.3, Y: 0.4}
	c, err := NewCurve(x, y, Cos120)
	noErr(t, err)
	if _, _, err = c.PhiGrad(x); !errors.Is(err, ErrNotDifferentiable) {
		t.Fatalf("PhiGrad at x: error %v, want ErrNotDifferentiable", err)
	}
	if _, err = c.CosAngle(y); !errors.Is(err, ErrCoincident) {
		t.Fatalf("CosAngle at y: error %v, want ErrCoincident", err)
	}
	if _, err := c.OnBranch(hyperbolic.Point{X: math.NaN()}); !errors.Is(err, hyperbolic.ErrNotFinite) {
		t.Fatalf("OnBranch(NaN): error %v", err)
	}
	if _, err := NewRatPoint(hyperbolic.Point{Y: math.Inf(1)}); !errors.Is(err, hyperbolic.ErrNotFinite) {
		t.Fatalf("NewRatPoint(Inf): error %v", err)
	}
	if r, err := NewRatPoint(hyperbolic.Point{X: 0.1, Y: -3}); err != nil || r.X.Cmp(new(big.Rat).SetFloat64(0.1)) != 0 || r.Y.Cmp(big.NewRat(-3, 1)) != 0 {
		t.Fatalf("NewRatPoint(0.1, −3) = %v, %v", r, err)
	}
	// At a terminal A = 0 and B = 0 exactly: both curves pass through x and y.
	if c.Phi(x) != 0 || c.Psi(y) != 0 {
		t.Fatalf("φ(x) = %v, ψ(y) = %v, want 0", c.Phi(x), c.Psi(y))
	}
}
