package poly

import (
	"math/big"

	"pgregory.net/rapid"
)

// Generators for property tests: small sparse polynomials with small
// rational or complex-rational coefficients, and points.

func drawRat(t *rapid.T, label string) *big.Rat {
	num := rapid.Int64Range(-30, 30).Draw(t, label+".num")
	den := rapid.Int64Range(1, 12).Draw(t, label+".den")
	return big.NewRat(num, den)
}

func drawMonomial(t *rapid.T, n, maxExp int, label string) Monomial {
	m := make(Monomial, n)
	for i := range m {
		m[i] = rapid.IntRange(0, maxExp).Draw(t, label)
	}
	return m
}

// drawRatPoly draws a polynomial in n variables with up to maxTerms terms
// and exponents up to maxExp.
func drawRatPoly(t *rapid.T, n, maxTerms, maxExp int, label string) Poly[*big.Rat] {
	k := rapid.IntRange(0, maxTerms).Draw(t, label+".terms")
	ts := make([]Term[*big.Rat], k)
	for i := range ts {
		ts[i] = Term[*big.Rat]{Coef: drawRat(t, label+".c"), Exp: drawMonomial(t, n, maxExp, label+".e")}
	}
	p, err := New(n, ts...)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func drawComplexRatPoly(t *rapid.T, n, maxTerms, maxExp int, label string) Poly[*ComplexRat] {
	k := rapid.IntRange(0, maxTerms).Draw(t, label+".terms")
	ts := make([]Term[*ComplexRat], k)
	for i := range ts {
		c := NewComplexRat(drawRat(t, label+".re"), drawRat(t, label+".im"))
		ts[i] = Term[*ComplexRat]{Coef: c, Exp: drawMonomial(t, n, maxExp, label+".e")}
	}
	p, err := New(n, ts...)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func drawRatPoint(t *rapid.T, n int) []*big.Rat {
	x := make([]*big.Rat, n)
	for i := range x {
		x[i] = drawRat(t, "x")
	}
	return x
}

// ToSystemForTest wraps p in a system with default names.
func (p Poly[K]) ToSystemForTest() System[K] {
	s, err := NewSystem(defaultNames(p.n), p)
	if err != nil {
		panic(err)
	}
	return s
}
