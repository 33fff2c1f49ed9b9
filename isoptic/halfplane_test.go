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

// rapidHalfPlane draws a rational half-plane point (y > 0).
func rapidHalfPlane(t *rapid.T, label string) RatPoint {
	den := rapid.Int64Range(1, 40).Draw(t, label+"/")
	x := rapid.Int64Range(-80, 80).Draw(t, label+"x")
	y := rapid.Int64Range(1, 80).Draw(t, label+"y")
	return RatPoint{X: big.NewRat(x, den), Y: big.NewRat(y, den)}
}

// halfPlaneDirect evaluates Ã and Q at s straight from the paper's
// formulas in big.Rat (no polynomial code), for cross-checking.
func halfPlaneDirect(p, q, s RatPoint) (a, qq *big.Rat) {
	r := func() *big.Rat { return new(big.Rat) }
	sq := func(v *big.Rat) *big.Rat { return r().Mul(v, v) }
	dxp, dxq := r().Sub(p.X, s.X), r().Sub(q.X, s.X)
	y2 := sq(s.Y)
	np := r().Add(r().Add(sq(dxp), sq(p.Y)), y2)
	nq := r().Add(r().Add(sq(dxq), sq(q.Y)), y2)
	npq := r().Add(r().Add(sq(r().Sub(p.X, q.X)), sq(p.Y)), sq(q.Y))
	a = r().Sub(r().Mul(np, nq), r().Mul(r().Mul(big.NewRat(2, 1), y2), npq))
	fac := func(t RatPoint, dx *big.Rat) *big.Rat {
		m := r().Add(sq(dx), sq(r().Sub(t.Y, s.Y)))
		return m.Mul(m, r().Add(sq(dx), sq(r().Add(t.Y, s.Y))))
	}
	return a, r().Mul(fac(p, dxp), fac(q, dxq))
}

// The half-plane isoptic and the Klein one measure the same angle: for
// rational half-plane points p, q, s with exact Klein images (the
// conversion is rational in this direction), cos θ = Ã/√Q = A/√B, checked
// exactly as Ã²·B = A²·Q with sign(Ã) = sign(A). This validates the
// appendix formula, the model conversion and the Klein formula at once.
// Also: ψ̃ has total degree exactly 8 and evaluates to Ã² − cos²α·Q.
func TestHalfPlaneMatchesKlein(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p, q, s := rapidHalfPlane(t, "p"), rapidHalfPlane(t, "q"), rapidHalfPlane(t, "s")
		if p.X.Cmp(q.X) == 0 && p.Y.Cmp(q.Y) == 0 {
			t.Skip("p = q")
		}
		kp, err := HalfPlaneToKleinRat(p)
		if err != nil {
			t.Fatal(err)
		}
		kq, _ := HalfPlaneToKleinRat(q)
		ks, _ := HalfPlaneToKleinRat(s)
		at, qt := halfPlaneDirect(p, q, s)
		kt := ratTerms(kp, kq, ks)
		lhs := new(big.Rat).Mul(new(big.Rat).Mul(at, at), kt.B())
		rhs := new(big.Rat).Mul(new(big.Rat).Mul(kt.A, kt.A), qt)
		if lhs.Cmp(rhs) != 0 || at.Sign() != kt.A.Sign() {
			t.Fatalf("half-plane cos² %s/%s ≠ Klein cos² %s/%s (signs %d, %d)",
				new(big.Rat).Mul(at, at).RatString(), qt.RatString(), new(big.Rat).Mul(kt.A, kt.A).RatString(), kt.B().RatString(), at.Sign(), kt.A.Sign())
		}

		cos2 := rapid.SampledFrom([]*big.Rat{big.NewRat(1, 4), big.NewRat(1, 2), big.NewRat(0, 1)}).Draw(t, "cos²")
		pp, err := HalfPlanePsiPoly(p, q, cos2)
		if err != nil {
			t.Fatal(err)
		}
		if pp.Degree() != 8 {
			t.Fatalf("deg ψ̃ = %d, want 8", pp.Degree())
		}
		v, err := pp.Eval([]*big.Rat{s.X, s.Y})
		if err != nil {
			t.Fatal(err)
		}
		want := new(big.Rat).Sub(new(big.Rat).Mul(at, at), new(big.Rat).Mul(cos2, qt))
		if v.Cmp(want) != 0 {
			t.Fatalf("ψ̃(s) = %s, direct %s", v.RatString(), want.RatString())
		}
		a, qpoly, err := HalfPlaneATildeQPoly(p, q)
		if err != nil {
			t.Fatal(err)
		}
		if a.Degree() != 4 || qpoly.Degree() != 8 {
			t.Fatalf("deg Ã = %d, deg Q = %d; want 4, 8", a.Degree(), qpoly.Degree())
		}
	})
}

// The exact conversion is the one of the hyperbolic package, and the
// float64 half-plane curve measures the angle of the Klein curve.
func TestHalfPlaneFloat(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 28))
	for range 500 {
		kp, kq, ks := randDisk(rng, 0.9), randDisk(rng, 0.9), randDisk(rng, 0.9)
		if dist(kp, ks) < 1e-3 || dist(kq, ks) < 1e-3 {
			continue
		}
		hp, err := hyperbolic.KleinToHalfPlane(kp)
		noErr(t, err)
		hq, _ := hyperbolic.KleinToHalfPlane(kq)
		hs, _ := hyperbolic.KleinToHalfPlane(ks)
		// Exact conversion back agrees with the float64 one to rounding.
		back, err := HalfPlaneToKleinRat(ratPointOf(hyperbolic.Point(hs)))
		noErr(t, err)
		fb, err := hyperbolic.HalfPlaneToKlein(hs)
		noErr(t, err)
		if math.Abs(ratF(back.X)-fb.X) > 4*u || math.Abs(ratF(back.Y)-fb.Y) > 4*u {
			t.Fatalf("exact %v,%v vs hyperbolic %v", ratF(back.X), ratF(back.Y), fb)
		}
		hc, err := NewHalfPlaneCurve(hp, hq, Cos120)
		noErr(t, err)
		kc, err := NewCurve(kp, kq, Cos120)
		noErr(t, err)
		ch, err := hc.CosAngle(hs)
		noErr(t, err)
		ck, err := kc.CosAngle(ks)
		noErr(t, err)
		// Both are cosines of the same angle from float64 data that went
		// through a model conversion (relative error ~u/(1−|k|²) ≤ ~5u per
		// coordinate) at separations ≥ 1e-3: 1e-11 absolute.
		if math.Abs(ch-ck) > 1e-11 {
			t.Fatalf("half-plane cos %v, Klein cos %v", ch, ck)
		}
		// φ̃ and ψ̃ are consistent with that cosine: φ̃ = √Q(cos θ − cos α).
		sq := math.Sqrt(hc.Q(hs))
		if d := math.Abs(hc.Phi(hs) - sq*(ch-Cos120)); d > 1e-12*sq {
			t.Fatalf("φ̃ = %v, √Q(cos θ − cos α) = %v", hc.Phi(hs), sq*(ch-Cos120))
		}
		if d := math.Abs(hc.Psi(hs) - hc.Q(hs)*(ch*ch-0.25)); d > 1e-12*hc.Q(hs) {
			t.Fatalf("ψ̃ = %v, Q(cos²θ − 1/4) = %v", hc.Psi(hs), hc.Q(hs)*(ch*ch-0.25))
		}
	}
	hc, err := NewHalfPlaneCurve(hyperbolic.HalfPlanePoint{X: 0.25, Y: 0.5}, hyperbolic.HalfPlanePoint{X: -1.5, Y: 3}, Cos120)
	noErr(t, err)
	if d := hc.PsiPoly().Degree(); d != 8 {
		t.Fatalf("float-built ψ̃ has degree %d, want 8", d)
	}
}

func TestHalfPlaneErrors(t *testing.T) {
	p, q := hyperbolic.HalfPlanePoint{X: 0, Y: 1}, hyperbolic.HalfPlanePoint{X: 1, Y: 2}
	if _, err := NewHalfPlaneCurve(p, hyperbolic.HalfPlanePoint{X: 1, Y: 0}, Cos120); !errors.Is(err, hyperbolic.ErrNotUpper) {
		t.Errorf("y = 0: %v", err)
	}
	if _, err := NewHalfPlaneCurve(p, p, Cos120); !errors.Is(err, ErrCoincident) {
		t.Errorf("p = q: %v", err)
	}
	if _, err := NewHalfPlaneCurve(p, q, math.NaN()); !errors.Is(err, ErrCos) {
		t.Errorf("cos NaN: %v", err)
	}
	r := big.NewRat
	if _, err := HalfPlanePsiPoly(RatPoint{r(0, 1), r(-1, 2)}, RatPoint{r(0, 1), r(1, 1)}, r(1, 4)); !errors.Is(err, hyperbolic.ErrNotUpper) {
		t.Errorf("rational y < 0: %v", err)
	}
	if _, err := HalfPlaneToKleinRat(RatPoint{r(0, 1), r(0, 1)}); !errors.Is(err, hyperbolic.ErrNotUpper) {
		t.Errorf("conversion of y = 0: %v", err)
	}
	c, err := NewHalfPlaneCurve(p, q, Cos120)
	noErr(t, err)
	if _, err := c.CosAngle(q); !errors.Is(err, ErrCoincident) {
		t.Errorf("CosAngle at a terminal: %v", err)
	}
}
