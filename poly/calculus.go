package poly

import "fmt"

// Diff returns the exact partial derivative ∂p/∂x_i (0-based index i),
// with the same NumVars. It panics if i is out of range.
func (p Poly[K]) Diff(i int) Poly[K] {
	if i < 0 || i >= p.n {
		panic(fmt.Sprintf("poly: Diff: variable index %d out of range [0,%d)", i, p.n))
	}
	f := FieldOf[K]()
	ts := make([]Term[K], 0, len(p.terms))
	for _, t := range p.terms {
		e := t.Exp[i]
		if e == 0 {
			continue
		}
		c := f.Mul(f.FromInt(int64(e)), t.Coef)
		if f.IsZero(c) { // only possible by float underflow
			continue
		}
		m := append(Monomial(nil), t.Exp...)
		m[i]--
		ts = append(ts, Term[K]{Coef: c, Exp: m})
	}
	// Lowering one exponent of every term by one keeps the relative graded
	// order except between terms whose exponent of x_i differed; re-sort.
	return Poly[K]{n: p.n, terms: combine(f, ts)}
}

// Gradient returns the partial derivatives (∂p/∂x_0, ..., ∂p/∂x_{n-1}).
func (p Poly[K]) Gradient() []Poly[K] {
	g := make([]Poly[K], p.n)
	for i := range g {
		g[i] = p.Diff(i)
	}
	return g
}
