package isoptic

import (
	"math/big"
	"testing"

	"github.com/hypersteiner/hypersteiner/poly"
	"pgregory.net/rapid"
)

// rapidRat draws a rational in (−1, 1) with a small denominator (not only
// dyadic: 1/3, 2/7, ... too).
func rapidRat(t *rapid.T, label string) *big.Rat {
	den := rapid.Int64Range(1, 60).Draw(t, label+"/")
	num := rapid.Int64Range(-den+1, den-1).Draw(t, label)
	return big.NewRat(num, den)
}

func rapidRatPoint(t *rapid.T, label string) RatPoint {
	for {
		p := RatPoint{X: rapidRat(t, label+"1"), Y: rapidRat(t, label+"2")}
		n := new(big.Rat).Mul(p.X, p.X)
		n.Add(n, new(big.Rat).Mul(p.Y, p.Y))
		if n.Cmp(big.NewRat(1, 1)) < 0 {
			return p
		}
	}
}

// psiDifferenceForm expands ψ from the difference form
// A = (x−s)·(y−s) − (x×s)(y×s), Bx = |x−s|² − (x×s)² — an expansion
// independent of the Lorentzian one PsiPoly uses.
func psiDifferenceForm(x, y RatPoint, cos2 *big.Rat) rpoly {
	s := varPoint(2, 0)
	X, Y := constPoint(2, x), constPoint(2, y)
	sub := func(p, q symPoint) symPoint { return symPoint{p[0].Sub(q[0]), p[1].Sub(q[1])} }
	dot := func(p, q symPoint) rpoly { return p[0].Mul(q[0]).Add(p[1].Mul(q[1])) }
	cross := func(p, q symPoint) rpoly { return p[0].Mul(q[1]).Sub(p[1].Mul(q[0])) }
	dx, dy := sub(X, s), sub(Y, s)
	ux, uy := cross(X, s), cross(Y, s)
	a := dot(dx, dy).Sub(ux.Mul(uy))
	bx := dot(dx, dx).Sub(ux.Mul(ux))
	by := dot(dy, dy).Sub(uy.Mul(uy))
	return a.Mul(a).Sub(bx.Mul(by).Scale(cos2))
}

// psiPaperForm transcribes the expanded formula printed in the paper's
// appendix:
//
//	ψ = ⟨x,s⟩²⟨y,s⟩² + ⟨x,y⟩²⟨s,s⟩² − 2⟨x,s⟩⟨y,s⟩⟨x,y⟩⟨s,s⟩
//	  − c²⟨x,s⟩²⟨y,s⟩² − c²⟨x,x⟩⟨y,y⟩⟨s,s⟩² + c²⟨y,s⟩²⟨x,x⟩⟨s,s⟩ + c²⟨x,s⟩²⟨y,y⟩⟨s,s⟩.
func psiPaperForm(x, y RatPoint, cos2 *big.Rat) rpoly {
	s := varPoint(2, 0)
	X, Y := constPoint(2, x), constPoint(2, y)
	xs, ys, xy, ss := lorentzSym(X, s), lorentzSym(Y, s), lorentzSym(X, Y), lorentzSym(s, s)
	xx, yy := lorentzSym(X, X), lorentzSym(Y, Y)
	two := big.NewRat(2, 1)
	p := xs.Mul(xs).Mul(ys).Mul(ys).
		Add(xy.Mul(xy).Mul(ss).Mul(ss)).
		Sub(xs.Mul(ys).Mul(xy).Mul(ss).Scale(two))
	q := xs.Mul(xs).Mul(ys).Mul(ys).Neg().
		Sub(xx.Mul(yy).Mul(ss).Mul(ss)).
		Add(ys.Mul(ys).Mul(xx).Mul(ss)).
		Add(xs.Mul(xs).Mul(yy).Mul(ss))
	return p.Add(q.Scale(cos2))
}

// PsiPoly's exact coefficients equal two independent expansions, and ψ has
// total degree exactly 4 (A 2, B 4).
func TestPsiPolyCoefficients(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		x, y := rapidRatPoint(t, "x"), rapidRatPoint(t, "y")
		cos2 := rapid.SampledFrom([]*big.Rat{big.NewRat(1, 4), big.NewRat(0, 1), big.NewRat(1, 2), big.NewRat(9, 25), big.NewRat(3, 4)}).Draw(t, "cos²")
		got, err := PsiPoly(x, y, cos2)
		if err != nil {
			t.Fatal(err)
		}
		if d := psiDifferenceForm(x, y, cos2); !got.Equal(d) {
			t.Fatalf("PsiPoly\n  %v\n≠ difference-form expansion\n  %v", got, d)
		}
		if p := psiPaperForm(x, y, cos2); !got.Equal(p) {
			t.Fatalf("PsiPoly\n  %v\n≠ paper's expanded formula\n  %v", got, p)
		}
		if got.Degree() != 4 {
			t.Fatalf("deg ψ = %d, want 4: %v", got.Degree(), got)
		}
		a, b, err := ABPoly(x, y)
		if err != nil {
			t.Fatal(err)
		}
		if a.Degree() != 2 || b.Degree() != 4 {
			t.Fatalf("deg A = %d, deg B = %d; want 2, 4", a.Degree(), b.Degree())
		}
		// And the polynomial evaluates to the kernel's exact ψ.
		s := rapidRatPoint(t, "s")
		v, err := got.Eval([]*big.Rat{s.X, s.Y})
		if err != nil {
			t.Fatal(err)
		}
		if w := ratTerms(x, y, s).Psi(cos2); v.Cmp(w) != 0 {
			t.Fatalf("ψ poly(s) = %s, kernel %s", v.RatString(), w.RatString())
		}
	})
}

func TestPsiPoly120(t *testing.T) {
	x := RatPoint{big.NewRat(1, 3), big.NewRat(-1, 5)}
	y := RatPoint{big.NewRat(-2, 7), big.NewRat(1, 2)}
	p120, err := PsiPoly120(x, y)
	noErr(t, err)
	p, err := PsiPoly(x, y, big.NewRat(1, 4))
	noErr(t, err)
	if !p120.Equal(p) || p120.Degree() != 4 {
		t.Fatalf("PsiPoly120 = %v", p120)
	}
	for _, bad := range []*big.Rat{nil, big.NewRat(1, 1), big.NewRat(-1, 4)} {
		if _, err := PsiPoly(x, y, bad); err == nil {
			t.Fatalf("cos² = %v accepted", bad)
		}
	}
	if _, err := PsiPoly(RatPoint{X: big.NewRat(1, 2)}, y, big.NewRat(1, 4)); err == nil {
		t.Fatal("nil coordinate accepted")
	}
}

// evalComplex evaluates rational polynomials exactly at a complex rational
// point.
func evalComplex(t testing.TB, ps []rpoly, z []*poly.ComplexRat) []*poly.ComplexRat {
	t.Helper()
	out := make([]*poly.ComplexRat, len(ps))
	for i, p := range ps {
		c, err := poly.Convert[*poly.ComplexRat](p, 0)
		noErr(t, err)
		out[i], err = c.Eval(z)
		noErr(t, err)
	}
	return out
}
