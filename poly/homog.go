package poly

import "fmt"

// Homogenize returns the homogenisation of p with a new variable inserted
// at index 0: p^h(x0, x) = x0^d · p(x/x0) with d = Degree. The result has
// NumVars+1 variables. The zero polynomial stays zero.
func (p Poly[K]) Homogenize() Poly[K] {
	return p.HomogenizeTo(max(p.Degree(), 0))
}

// HomogenizeTo is Homogenize to a chosen degree d ≥ Degree, as needed to
// homogenise the equations of a system to a common degree. It panics if
// d < Degree.
func (p Poly[K]) HomogenizeTo(d int) Poly[K] {
	if d < p.Degree() {
		panic(fmt.Sprintf("poly: HomogenizeTo(%d) below degree %d", d, p.Degree()))
	}
	ts := make([]Term[K], len(p.terms))
	for i, t := range p.terms {
		m := make(Monomial, p.n+1)
		m[0] = d - t.Exp.Degree()
		copy(m[1:], t.Exp)
		ts[i] = Term[K]{Coef: t.Coef, Exp: m}
	}
	// Every term now has degree d; the order is lexicographic with x0 first
	// and x0's exponent decreasing as the original degree increases, so the
	// order changes: re-sort.
	return Poly[K]{n: p.n + 1, terms: combine(FieldOf[K](), ts)}
}

// Dehomogenize sets variable 0 to 1 and removes it: the inverse of
// Homogenize. The result has NumVars−1 variables. It panics if NumVars = 0.
func (p Poly[K]) Dehomogenize() Poly[K] {
	if p.n == 0 {
		panic("poly: Dehomogenize of a polynomial in no variables")
	}
	ts := make([]Term[K], len(p.terms))
	for i, t := range p.terms {
		ts[i] = Term[K]{Coef: t.Coef, Exp: append(Monomial(nil), t.Exp[1:]...)}
	}
	return Poly[K]{n: p.n - 1, terms: combine(FieldOf[K](), ts)}
}

// Subst returns p with variable i replaced by the polynomial q. The result
// has max(NumVars, q.NumVars) variables; x_i still counts as a variable
// but occurs only if q contains it. It panics if i is out of range.
func (p Poly[K]) Subst(i int, q Poly[K]) Poly[K] {
	if i < 0 || i >= p.n {
		panic(fmt.Sprintf("poly: Subst: variable index %d out of range [0,%d)", i, p.n))
	}
	n := max(p.n, q.n)
	// Group by the exponent of x_i and use powers of q computed once.
	pows := []Poly[K]{Const(n, FieldOf[K]().One())}
	r := Zero[K](n)
	ts := make([]Term[K], 0, len(p.terms))
	for _, t := range p.terms {
		e := t.Exp[i]
		for len(pows) <= e {
			pows = append(pows, pows[len(pows)-1].Mul(q))
		}
		m := t.Exp.widen(n)
		if e != 0 {
			m = append(Monomial(nil), m...)
			m[i] = 0
		}
		rest := Poly[K]{n: n, terms: []Term[K]{{Coef: t.Coef, Exp: m}}}
		if e == 0 {
			ts = append(ts, rest.terms[0])
			continue
		}
		r = r.Add(rest.Mul(pows[e]))
	}
	return r.Add(Poly[K]{n: n, terms: combine(FieldOf[K](), ts)})
}

// SubstValue returns p with variable i set to the value c (x_i no longer
// occurs; NumVars is unchanged). It panics if i is out of range.
func (p Poly[K]) SubstValue(i int, c K) Poly[K] {
	return p.Subst(i, Const(p.n, c))
}

// RemoveVar returns p with variable i deleted from the variable list
// (indices above i shift down by one). It returns an error if x_i occurs
// in p; substitute it first. It panics if i is out of range.
func (p Poly[K]) RemoveVar(i int) (Poly[K], error) {
	if i < 0 || i >= p.n {
		panic(fmt.Sprintf("poly: RemoveVar: variable index %d out of range [0,%d)", i, p.n))
	}
	ts := make([]Term[K], len(p.terms))
	for k, t := range p.terms {
		if t.Exp[i] != 0 {
			return Poly[K]{}, fmt.Errorf("poly: RemoveVar: variable %d occurs in term %s", i, t.Exp)
		}
		m := make(Monomial, 0, p.n-1)
		m = append(append(m, t.Exp[:i]...), t.Exp[i+1:]...)
		ts[k] = Term[K]{Coef: t.Coef, Exp: m}
	}
	// Deleting an exponent that is zero everywhere keeps the order.
	return Poly[K]{n: p.n - 1, terms: ts}, nil
}
