package poly

import (
	"errors"
	"math"
	"math/big"
	"testing"

	"pgregory.net/rapid"
)

// All identities here are checked exactly, over *big.Rat.

func TestDistributivity(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 3).Draw(t, "n")
		p := drawRatPoly(t, n, 5, 3, "p")
		q := drawRatPoly(t, n, 5, 3, "q")
		r := drawRatPoly(t, n, 5, 3, "r")
		lhs := p.Add(q).Mul(r)
		rhs := p.Mul(r).Add(q.Mul(r))
		if !lhs.Equal(rhs) {
			t.Fatalf("(p+q)r = %v, pr+qr = %v", lhs, rhs)
		}
		if !p.Mul(q).Equal(q.Mul(p)) {
			t.Fatalf("pq ≠ qp")
		}
		if !p.Mul(q).Mul(r).Equal(p.Mul(q.Mul(r))) {
			t.Fatalf("(pq)r ≠ p(qr)")
		}
		if !p.Sub(p).IsZero() || !p.Add(p.Neg()).IsZero() {
			t.Fatalf("p − p ≠ 0")
		}
	})
}

func TestLeibniz(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 3).Draw(t, "n")
		p := drawRatPoly(t, n, 5, 4, "p")
		q := drawRatPoly(t, n, 5, 4, "q")
		i := rapid.IntRange(0, n-1).Draw(t, "i")
		lhs := p.Mul(q).Diff(i)
		rhs := p.Diff(i).Mul(q).Add(p.Mul(q.Diff(i)))
		if !lhs.Equal(rhs) {
			t.Fatalf("d(pq) = %v, p'q+pq' = %v", lhs, rhs)
		}
		// Mixed partials commute.
		j := rapid.IntRange(0, n-1).Draw(t, "j")
		if !p.Diff(i).Diff(j).Equal(p.Diff(j).Diff(i)) {
			t.Fatalf("mixed partials differ")
		}
	})
}

func TestHomogenizeRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 3).Draw(t, "n")
		p := drawRatPoly(t, n, 6, 4, "p")
		h := p.Homogenize()
		if h.NumVars() != n+1 || !h.IsHomogeneous() || h.Degree() != p.Degree() {
			t.Fatalf("Homogenize(%v) = %v", p, h)
		}
		if back := h.Dehomogenize(); !back.Equal(p) || back.NumVars() != n {
			t.Fatalf("Dehomogenize(Homogenize(%v)) = %v", p, back)
		}
		// h(t·x0, t·x) = t^d·h(x0, x), checked at a point.
		x := drawRatPoint(t, n+1)
		s := drawRat(t, "t")
		tx := make([]*big.Rat, n+1)
		for i := range x {
			tx[i] = new(big.Rat).Mul(s, x[i])
		}
		a, _ := h.Eval(tx)
		b, _ := h.Eval(x)
		td := big.NewRat(1, 1)
		for range max(h.Degree(), 0) {
			td.Mul(td, s)
		}
		if a.Cmp(new(big.Rat).Mul(td, b)) != 0 {
			t.Fatalf("h(t x) = %v ≠ t^d h(x) = %v", a, new(big.Rat).Mul(td, b))
		}
		// HomogenizeTo a higher degree multiplies by a power of x0.
		k := rapid.IntRange(0, 3).Draw(t, "k")
		hk := p.HomogenizeTo(max(p.Degree(), 0) + k)
		x0k := Var[*big.Rat](n+1, 0).Pow(k)
		if !p.IsZero() && !hk.Equal(h.Mul(x0k)) {
			t.Fatalf("HomogenizeTo(d+%d) = %v, want %v", k, hk, h.Mul(x0k))
		}
	})
}

func TestEvalIsHomomorphism(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 3).Draw(t, "n")
		p := drawRatPoly(t, n, 5, 3, "p")
		q := drawRatPoly(t, n, 5, 3, "q")
		x := drawRatPoint(t, n)
		pv, _ := p.Eval(x)
		qv, _ := q.Eval(x)
		sum, _ := p.Add(q).Eval(x)
		prod, _ := p.Mul(q).Eval(x)
		if sum.Cmp(new(big.Rat).Add(pv, qv)) != 0 || prod.Cmp(new(big.Rat).Mul(pv, qv)) != 0 {
			t.Fatalf("eval not a ring homomorphism at %v", x)
		}
		k := rapid.IntRange(0, 5).Draw(t, "k")
		pk, _ := p.Pow(k).Eval(x)
		want := big.NewRat(1, 1)
		for range k {
			want.Mul(want, pv)
		}
		if pk.Cmp(want) != 0 {
			t.Fatalf("p^%d(x) = %v, want %v", k, pk, want)
		}
		c := drawRat(t, "c")
		sv, _ := p.Scale(c).Eval(x)
		if sv.Cmp(new(big.Rat).Mul(c, pv)) != 0 {
			t.Fatalf("(c p)(x) ≠ c p(x)")
		}
	})
}

func TestSubst(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 3).Draw(t, "n")
		p := drawRatPoly(t, n, 5, 3, "p")
		q := drawRatPoly(t, n, 4, 2, "q")
		i := rapid.IntRange(0, n-1).Draw(t, "i")
		x := drawRatPoint(t, n)
		qv, _ := q.Eval(x)
		xi := append([]*big.Rat(nil), x...)
		xi[i] = qv
		want, _ := p.Eval(xi)
		got, _ := p.Subst(i, q).Eval(x)
		if got.Cmp(want) != 0 {
			t.Fatalf("p(x_%d = q)(x) = %v, want %v", i, got, want)
		}
		c := drawRat(t, "c")
		sv := p.SubstValue(i, c)
		if sv.DegreeIn(i) > 0 {
			t.Fatalf("x_%d still occurs after SubstValue: %v", i, sv)
		}
		r, err := sv.RemoveVar(i)
		if err != nil {
			t.Fatal(err)
		}
		xi[i] = c
		want, _ = p.Eval(xi)
		rest := append(append([]*big.Rat(nil), x[:i]...), x[i+1:]...)
		if got, _ := r.Eval(rest); got.Cmp(want) != 0 {
			t.Fatalf("RemoveVar(SubstValue) evaluates to %v, want %v", got, want)
		}
	})
}

func TestRandomPrintParseRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 3).Draw(t, "n")
		k := rapid.IntRange(0, 3).Draw(t, "eqs")
		ps := make([]Poly[*ComplexRat], k)
		for i := range ps {
			ps[i] = drawComplexRatPoly(t, n, 5, 4, "p")
		}
		s, err := NewSystem(numberedNames("v", 0, n), ps...)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseComplex(s.String())
		if err != nil {
			t.Fatalf("parse of printed %q: %v", s, err)
		}
		if !back.Equal(s) {
			t.Fatalf("round trip %q gave %q", s, back)
		}
	})
}

func TestDegreeQueries(t *testing.T) {
	s := MustParse("x^3*y + y^5 - 1; 0; 7; x*y - x")
	if got, want := s.Degrees(), []int{5, -1, 0, 2}; !equalInts(got, want) {
		t.Errorf("Degrees = %v, want %v", got, want)
	}
	p := s.Poly(0)
	if p.DegreeIn(0) != 3 || p.DegreeIn(1) != 5 || p.NumTerms() != 3 {
		t.Errorf("DegreeIn/NumTerms wrong for %v", p)
	}
	if !s.Poly(2).IsConstant() || s.Poly(3).IsConstant() || !s.Poly(1).IsZero() {
		t.Errorf("IsConstant/IsZero wrong")
	}
	if b := MustParse("x^2+y; x*y^2 - 1; z^4").Bezout(); b.Int64() != 24 {
		t.Errorf("Bezout = %v, want 24", b)
	}
	// Leading term of the canonical (graded lexicographic) order.
	if lt := MustParse("y^2 + x*y + x^2 + x + 1").Poly(0).Term(0); !lt.Exp.Equal(Monomial{2, 0}) {
		t.Errorf("leading monomial %v, want x^2", lt.Exp)
	}
}

func TestNewValidates(t *testing.T) {
	one := big.NewRat(1, 1)
	for _, tc := range []struct {
		n     int
		terms []Term[*big.Rat]
		want  string
	}{
		{2, []Term[*big.Rat]{{Coef: one, Exp: Monomial{1}}}, "poly: term 0: exponent vector has length 1, want 2"},
		{1, []Term[*big.Rat]{{Coef: one, Exp: Monomial{-1}}}, "poly: term 0: negative exponent -1 of variable 0"},
		{1, []Term[*big.Rat]{{Coef: nil, Exp: Monomial{1}}}, "poly: term 0: nil coefficient"},
		{-1, nil, "poly: negative variable count -1"},
	} {
		if _, err := New(tc.n, tc.terms...); err == nil || err.Error() != tc.want {
			t.Errorf("New: got %v, want %s", err, tc.want)
		}
	}
	// Like terms combine and cancel.
	p, err := New(1, Term[*big.Rat]{Coef: one, Exp: Monomial{2}}, Term[*big.Rat]{Coef: big.NewRat(-1, 1), Exp: Monomial{2}},
		Term[*big.Rat]{Coef: big.NewRat(1, 2), Exp: Monomial{0}}, Term[*big.Rat]{Coef: big.NewRat(1, 2), Exp: Monomial{0}})
	if err != nil || p.String() != "1" {
		t.Errorf("New combined to %v, %v; want 1", p, err)
	}
}

func TestSystemShape(t *testing.T) {
	s := MustParse("x + y; x*y - 1; x")
	err := s.CheckSquare()
	var nse *NotSquareError
	if !errors.As(err, &nse) || nse.Eqs != 3 || nse.Vars != 2 || !errors.Is(err, ErrNotSquare) {
		t.Errorf("CheckSquare = %v", err)
	}
	if s.IsSquare() || !MustParse("x + y; x - y").IsSquare() {
		t.Errorf("IsSquare wrong")
	}
	if err := MustParse("x+y; x-y").CheckSquare(); err != nil {
		t.Errorf("square system: %v", err)
	}
	if _, err := NewSystem([]string{"x", "x"}, Var[*big.Rat](2, 0)); err == nil {
		t.Errorf("duplicate names accepted")
	}
	if _, err := NewSystem([]string{"x"}, Var[*big.Rat](2, 1)); err == nil {
		t.Errorf("too few names accepted")
	}
	if _, err := NewSystem[*big.Rat]([]string{"2x"}); err == nil {
		t.Errorf("bad name accepted")
	}
	h, err := s.Homogenize("x0")
	if err != nil || h.String() != "vars: x0, x, y\nx + y;\n-x0^2 + x*y;\nx;\n" {
		t.Errorf("Homogenize = %q, %v", h, err)
	}
	if _, err := s.Homogenize("x"); err == nil {
		t.Errorf("Homogenize with a clashing name accepted")
	}
	d, err := h.Dehomogenize()
	if err != nil || !d.Equal(s) {
		t.Errorf("Dehomogenize = %v, %v", d, err)
	}
	sv, err := s.SubstValue("x", big.NewRat(2, 1))
	if err != nil || sv.String() != "vars: y\ny + 2;\n2*y - 1;\n2;\n" {
		t.Errorf("SubstValue = %q, %v", sv, err)
	}
	J := MustParse("x^2*y - y^3; 3*x").Jacobian()
	want := [][]string{{"2*x1*x2", "x1^2 - 3*x2^2"}, {"3", "0"}}
	for i := range J {
		for j := range J[i] {
			if got := J[i][j].String(); got != want[i][j] {
				t.Errorf("J[%d][%d] = %s, want %s", i, j, got, want[i][j])
			}
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestEvalErrors(t *testing.T) {
	p := Var[float64](2, 0)
	for _, tc := range []struct {
		x    []float64
		want string
	}{
		{[]float64{1}, "poly: Eval: got 1 values for 2 variables"},
		{[]float64{1, math.NaN()}, "poly: Eval: x[1] = NaN is not finite"},
	} {
		if _, err := p.Eval(tc.x); err == nil || err.Error() != tc.want {
			t.Errorf("got %v, want %s", err, tc.want)
		}
	}
	if _, err := Var[*big.Rat](1, 0).Eval([]*big.Rat{nil}); err == nil {
		t.Errorf("nil value accepted")
	}
	if _, err := MustParse("x; y").Eval([]*big.Rat{big.NewRat(1, 1)}); err == nil {
		t.Errorf("short point accepted by System.Eval")
	}
}

// TestComplexRatFastPaths checks the shortcut products by ±1, ±I and sums
// with 0 against the general formulas.
func TestComplexRatFastPaths(t *testing.T) {
	x := NewComplexRat(big.NewRat(3, 7), big.NewRat(-5, 11))
	units := []*ComplexRat{
		NewComplexRat(big.NewRat(1, 1), nil), NewComplexRat(big.NewRat(-1, 1), nil),
		NewComplexRat(nil, big.NewRat(1, 1)), NewComplexRat(nil, big.NewRat(-1, 1)),
	}
	for _, u := range units {
		// General formula (a+bi)(c+di) = (ac−bd) + (ad+bc)i.
		want := new(ComplexRat)
		want.Re.Sub(new(big.Rat).Mul(&x.Re, &u.Re), new(big.Rat).Mul(&x.Im, &u.Im))
		want.Im.Add(new(big.Rat).Mul(&x.Re, &u.Im), new(big.Rat).Mul(&x.Im, &u.Re))
		if got := new(ComplexRat).Mul(x, u); !got.Equal(want) {
			t.Errorf("%v·%v = %v, want %v", x, u, got, want)
		}
		if got := new(ComplexRat).Mul(u, x); !got.Equal(want) {
			t.Errorf("%v·%v = %v, want %v", u, x, got, want)
		}
		z := new(ComplexRat).Set(x) // aliasing
		if z.Mul(z, u); !z.Equal(want) {
			t.Errorf("aliased %v·%v = %v, want %v", x, u, z, want)
		}
	}
	zero := new(ComplexRat)
	if got := new(ComplexRat).Add(x, zero); !got.Equal(x) {
		t.Errorf("x+0 = %v", got)
	}
	if got := new(ComplexRat).Add(zero, x); !got.Equal(x) {
		t.Errorf("0+x = %v", got)
	}
	q := NewComplexRat(big.NewRat(1, 2), big.NewRat(1, 3))
	if got := new(ComplexRat).Quo(new(ComplexRat).Mul(x, q), q); !got.Equal(x) {
		t.Errorf("(x·q)/q = %v, want %v", got, x)
	}
}
