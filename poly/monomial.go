package poly

import (
	"fmt"
	"slices"
	"strings"
)

// Monomial is an exponent vector: in variables (x, y, z), Monomial{2, 0, 1}
// is x²·z. Every monomial of a polynomial has exactly NumVars entries, all
// non-negative.
//
// This file is the single home of the monomial logic shared by all
// coefficient kinds: degree, ordering, products, and the combination of
// like terms.
type Monomial []int

// Degree returns the total degree, the sum of the exponents.
func (m Monomial) Degree() int {
	d := 0
	for _, e := range m {
		d += e
	}
	return d
}

// Cmp compares two monomials of the same length in graded lexicographic
// order: higher total degree is larger; ties are broken by the first
// differing exponent (x1 > x2 > ... > xn). It returns −1, 0 or +1. This
// order is compatible with multiplication (a < b implies a·c < b·c),
// which Poly.Mul relies on.
func (m Monomial) Cmp(o Monomial) int {
	if dm, do := m.Degree(), o.Degree(); dm != do {
		if dm < do {
			return -1
		}
		return 1
	}
	for i := range m {
		if m[i] != o[i] {
			if m[i] < o[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// Equal reports whether m and o are the same exponent vector.
func (m Monomial) Equal(o Monomial) bool { return slices.Equal(m, o) }

// Mul returns the product monomial m·o (exponent sum). Lengths must agree.
func (m Monomial) Mul(o Monomial) Monomial {
	r := make(Monomial, len(m))
	for i := range m {
		r[i] = m[i] + o[i]
	}
	return r
}

// IsConstant reports whether all exponents are zero.
func (m Monomial) IsConstant() bool {
	for _, e := range m {
		if e != 0 {
			return false
		}
	}
	return true
}

// Format writes the monomial with the given variable names, e.g.
// "x^2*z"; the constant monomial formats as "1".
func (m Monomial) Format(names []string) string {
	var b strings.Builder
	for i, e := range m {
		if e == 0 {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('*')
		}
		b.WriteString(names[i])
		if e > 1 {
			fmt.Fprintf(&b, "^%d", e)
		}
	}
	if b.Len() == 0 {
		return "1"
	}
	return b.String()
}

// String formats m with the default names x1, x2, ...
func (m Monomial) String() string { return m.Format(defaultNames(len(m))) }

// widen returns m padded with zero exponents to n variables.
func (m Monomial) widen(n int) Monomial {
	if len(m) == n {
		return m
	}
	r := make(Monomial, n)
	copy(r, m)
	return r
}

// defaultNames returns x1, ..., xn.
func defaultNames(n int) []string {
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("x%d", i+1)
	}
	return names
}

// combine puts terms into canonical form: sorted by descending graded
// lexicographic order, like terms summed (in their input order, so the
// result is deterministic), zero coefficients dropped. It reorders ts and
// reuses its storage.
func combine[K Coeff](f Field[K], ts []Term[K]) []Term[K] {
	slices.SortStableFunc(ts, func(a, b Term[K]) int { return b.Exp.Cmp(a.Exp) })
	out := ts[:0]
	for i := 0; i < len(ts); {
		j := i + 1
		c := ts[i].Coef
		for j < len(ts) && ts[j].Exp.Equal(ts[i].Exp) {
			c = f.Add(c, ts[j].Coef)
			j++
		}
		if !f.IsZero(c) {
			out = append(out, Term[K]{Coef: c, Exp: ts[i].Exp})
		}
		i = j
	}
	clear(ts[len(out):])
	return out[:len(out):len(out)]
}
