package poly

import (
	"fmt"
	"math/big"
)

// Term is one coefficient·monomial of a polynomial.
type Term[K Coeff] struct {
	Coef K
	Exp  Monomial
}

// Poly is a sparse polynomial in NumVars variables with coefficients of
// kind K. Its terms are kept in canonical form: sorted by descending
// graded lexicographic order (see Monomial.Cmp), no two with the same
// monomial, no zero coefficient. The zero value is the zero polynomial in
// zero variables.
//
// A Poly is an immutable value: every operation returns a new polynomial
// and never changes its operands, so Polys may be copied and shared
// freely. Variables are identified by index; names live in a System.
// Binary operations accept operands with different NumVars: the one with
// fewer variables is read as a polynomial in the first variables of the
// other (the natural embedding), and the result has the larger count.
type Poly[K Coeff] struct {
	n     int
	terms []Term[K]
}

// Zero returns the zero polynomial in nvars variables.
func Zero[K Coeff](nvars int) Poly[K] {
	checkNVars(nvars)
	return Poly[K]{n: nvars}
}

// Const returns the constant polynomial c in nvars variables.
func Const[K Coeff](nvars int, c K) Poly[K] {
	checkNVars(nvars)
	if isNilCoef(c) || FieldOf[K]().IsZero(c) {
		return Poly[K]{n: nvars}
	}
	return Poly[K]{n: nvars, terms: []Term[K]{{Coef: c, Exp: make(Monomial, nvars)}}}
}

// Var returns the polynomial x_i (0-based index i) in nvars variables.
// It panics if i is out of range, like slice indexing.
func Var[K Coeff](nvars, i int) Poly[K] {
	checkNVars(nvars)
	if i < 0 || i >= nvars {
		panic(fmt.Sprintf("poly: variable index %d out of range [0,%d)", i, nvars))
	}
	e := make(Monomial, nvars)
	e[i] = 1
	return Poly[K]{n: nvars, terms: []Term[K]{{Coef: FieldOf[K]().One(), Exp: e}}}
}

// New returns the polynomial Σ terms in nvars variables, summing like
// terms and dropping zeros. The exponent vectors are copied. It returns an
// error if an exponent vector has the wrong length or a negative entry, or
// a pointer coefficient is nil.
func New[K Coeff](nvars int, terms ...Term[K]) (Poly[K], error) {
	if nvars < 0 {
		return Poly[K]{}, fmt.Errorf("poly: negative variable count %d", nvars)
	}
	ts := make([]Term[K], 0, len(terms))
	for i, t := range terms {
		if len(t.Exp) != nvars {
			return Poly[K]{}, fmt.Errorf("poly: term %d: exponent vector has length %d, want %d", i, len(t.Exp), nvars)
		}
		for j, e := range t.Exp {
			if e < 0 {
				return Poly[K]{}, fmt.Errorf("poly: term %d: negative exponent %d of variable %d", i, e, j)
			}
		}
		if isNilCoef(t.Coef) {
			return Poly[K]{}, fmt.Errorf("poly: term %d: nil coefficient", i)
		}
		ts = append(ts, Term[K]{Coef: t.Coef, Exp: append(Monomial(nil), t.Exp...)})
	}
	return Poly[K]{n: nvars, terms: combine(FieldOf[K](), ts)}, nil
}

// NumVars returns the number of variables.
func (p Poly[K]) NumVars() int { return p.n }

// NumTerms returns the number of (nonzero) terms.
func (p Poly[K]) NumTerms() int { return len(p.terms) }

// Term returns the i-th term in canonical order (0 is the leading term).
// The returned monomial and coefficient must not be modified.
func (p Poly[K]) Term(i int) Term[K] { return p.terms[i] }

// Terms returns a copy of the terms in canonical order. Exponent vectors
// are copied; pointer coefficients are shared and must not be modified.
func (p Poly[K]) Terms() []Term[K] {
	ts := make([]Term[K], len(p.terms))
	for i, t := range p.terms {
		ts[i] = Term[K]{Coef: t.Coef, Exp: append(Monomial(nil), t.Exp...)}
	}
	return ts
}

// Coef returns the coefficient of monomial m (zero if absent). m may be
// shorter than NumVars (missing exponents are 0).
func (p Poly[K]) Coef(m Monomial) K {
	if len(m) <= p.n {
		m = m.widen(p.n)
		for _, t := range p.terms {
			if t.Exp.Equal(m) {
				return t.Coef
			}
		}
	}
	return FieldOf[K]().Zero()
}

// IsZero reports whether p is the zero polynomial.
func (p Poly[K]) IsZero() bool { return len(p.terms) == 0 }

// IsConstant reports whether p has degree ≤ 0.
func (p Poly[K]) IsConstant() bool {
	return len(p.terms) == 0 || (len(p.terms) == 1 && p.terms[0].Exp.IsConstant())
}

// Degree returns the total degree, or −1 for the zero polynomial.
func (p Poly[K]) Degree() int {
	if len(p.terms) == 0 {
		return -1
	}
	return p.terms[0].Exp.Degree() // graded order: the leading term has top degree
}

// DegreeIn returns the degree in variable i (−1 for the zero polynomial).
func (p Poly[K]) DegreeIn(i int) int {
	d := -1
	for _, t := range p.terms {
		d = max(d, t.Exp[i])
	}
	return d
}

// IsHomogeneous reports whether all terms have the same total degree.
// The zero polynomial is homogeneous.
func (p Poly[K]) IsHomogeneous() bool {
	for _, t := range p.terms {
		if t.Exp.Degree() != p.Degree() {
			return false
		}
	}
	return true
}

// Equal reports whether p and q are the same polynomial (after embedding
// into the larger variable count). Coefficients compare by value, so a
// *big.Float equality ignores precision.
func (p Poly[K]) Equal(q Poly[K]) bool {
	if len(p.terms) != len(q.terms) {
		return false
	}
	n := max(p.n, q.n)
	f := FieldOf[K]()
	for i := range p.terms {
		if !p.terms[i].Exp.widen(n).Equal(q.terms[i].Exp.widen(n)) || !f.Equal(p.terms[i].Coef, q.terms[i].Coef) {
			return false
		}
	}
	return true
}

// Widen returns p as a polynomial in nvars ≥ NumVars variables (the extra
// variables do not occur). It panics if nvars < NumVars.
func (p Poly[K]) Widen(nvars int) Poly[K] {
	if nvars < p.n {
		panic(fmt.Sprintf("poly: Widen to %d variables, have %d", nvars, p.n))
	}
	if nvars == p.n {
		return p
	}
	ts := make([]Term[K], len(p.terms))
	for i, t := range p.terms {
		ts[i] = Term[K]{Coef: t.Coef, Exp: t.Exp.widen(nvars)}
	}
	// Appending zero exponents keeps degree and lexicographic order.
	return Poly[K]{n: nvars, terms: ts}
}

func checkNVars(n int) {
	if n < 0 {
		panic(fmt.Sprintf("poly: negative variable count %d", n))
	}
}

func isNilCoef[K Coeff](c K) bool {
	switch v := any(c).(type) {
	case *big.Rat:
		return v == nil
	case *big.Float:
		return v == nil
	case *ComplexRat:
		return v == nil
	}
	return false
}
