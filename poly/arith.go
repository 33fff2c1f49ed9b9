package poly

import "fmt"

// Add returns p + q.
func (p Poly[K]) Add(q Poly[K]) Poly[K] {
	n := max(p.n, q.n)
	p, q = p.Widen(n), q.Widen(n)
	return Poly[K]{n: n, terms: mergeAdd(FieldOf[K](), p.terms, q.terms)}
}

// mergeAdd returns the canonical sum of two canonical term lists in the
// same variables, by one merge pass. Monomials are shared, not copied
// (they are never modified in place).
func mergeAdd[K Coeff](f Field[K], a, b []Term[K]) []Term[K] {
	out, _ := mergeTerms(a, b, func(x, y K) (K, error) { return f.Add(x, y), nil }, f.IsZero)
	return out
}

// mergeTerms merges two canonical term lists in the same variables into
// one, in one pass: the coefficients of like terms are combined by add, and
// a sum that is zero is dropped. An error of add stops the merge.
func mergeTerms[K Coeff](a, b []Term[K], add func(x, y K) (K, error), isZero func(K) bool) ([]Term[K], error) {
	out := make([]Term[K], 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch c := a[i].Exp.Cmp(b[j].Exp); {
		case c > 0:
			out = append(out, a[i])
			i++
		case c < 0:
			out = append(out, b[j])
			j++
		default:
			s, err := add(a[i].Coef, b[j].Coef)
			if err != nil {
				return nil, err
			}
			if !isZero(s) {
				out = append(out, Term[K]{Coef: s, Exp: a[i].Exp})
			}
			i++
			j++
		}
	}
	out = append(out, a[i:]...)
	return append(out, b[j:]...), nil
}

// Sub returns p − q.
func (p Poly[K]) Sub(q Poly[K]) Poly[K] { return p.Add(q.Neg()) }

// Neg returns −p.
func (p Poly[K]) Neg() Poly[K] {
	f := FieldOf[K]()
	ts := make([]Term[K], len(p.terms))
	for i, t := range p.terms {
		ts[i] = Term[K]{Coef: f.Neg(t.Coef), Exp: t.Exp}
	}
	return Poly[K]{n: p.n, terms: ts}
}

// Scale returns c·p.
func (p Poly[K]) Scale(c K) Poly[K] {
	f := FieldOf[K]()
	ts := make([]Term[K], 0, len(p.terms))
	for _, t := range p.terms {
		// A product can vanish (c = 0, or float underflow), so drop zeros.
		if v := f.Mul(c, t.Coef); !f.IsZero(v) {
			ts = append(ts, Term[K]{Coef: v, Exp: t.Exp})
		}
	}
	return Poly[K]{n: p.n, terms: ts}
}

// Mul returns p·q. Because the graded order is compatible with
// multiplication, each row (term of the shorter factor)·(longer factor) is
// already sorted; the rows are summed by balanced pairwise merging, in
// O(|p|·|q|·log min(|p|,|q|)) monomial comparisons.
func (p Poly[K]) Mul(q Poly[K]) Poly[K] {
	n := max(p.n, q.n)
	p, q = p.Widen(n), q.Widen(n)
	if len(p.terms) < len(q.terms) {
		p, q = q, p
	}
	f := FieldOf[K]()
	rows := make([][]Term[K], 0, len(q.terms))
	for _, b := range q.terms {
		exps := make([]int, len(p.terms)*n) // one allocation per row
		row := make([]Term[K], 0, len(p.terms))
		for k, a := range p.terms {
			c := f.Mul(a.Coef, b.Coef)
			if f.IsZero(c) { // float underflow
				continue
			}
			m := Monomial(exps[k*n : (k+1)*n : (k+1)*n])
			for v := range m {
				m[v] = a.Exp[v] + b.Exp[v]
			}
			row = append(row, Term[K]{Coef: c, Exp: m})
		}
		rows = append(rows, row)
	}
	for len(rows) > 1 {
		next := rows[:0]
		for i := 0; i+1 < len(rows); i += 2 {
			next = append(next, mergeAdd(f, rows[i], rows[i+1]))
		}
		if len(rows)%2 == 1 {
			next = append(next, rows[len(rows)-1])
		}
		rows = next
	}
	var ts []Term[K]
	if len(rows) == 1 {
		ts = rows[0]
	}
	return Poly[K]{n: n, terms: ts}
}

// Pow returns p^k for k ≥ 0 (p^0 = 1, also for p = 0). It panics if k < 0.
// The result can be huge (a dense polynomial in n variables of degree d
// has C(n+d, n) terms); Parse guards its expansions with limits instead.
func (p Poly[K]) Pow(k int) Poly[K] {
	if k < 0 {
		panic(fmt.Sprintf("poly: negative exponent %d", k))
	}
	r := Const(p.n, FieldOf[K]().One())
	base := p
	for ; k > 0; k >>= 1 {
		if k&1 == 1 {
			r = r.Mul(base)
		}
		if k > 1 {
			base = base.Mul(base)
		}
	}
	return r
}
