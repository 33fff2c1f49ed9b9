package certify_test

import (
	"math/big"
	"testing"

	"github.com/hypersteiner/hypersteiner/poly"
)

// Exact counts for systems of two equations in two unknowns, independent
// of any floating-point solver: the resultant R(x) = Res_y(f₁, f₂), built
// in big.Rat from Sylvester determinants at deg₁·deg₂ + 1 points and
// interpolated; the number of its distinct complex roots (deg R − deg
// gcd(R, R′)) and of its distinct real roots (a Sturm sequence of the
// squarefree part). When f₁ and f₂ have constant nonzero leading
// coefficients in y and no two solutions share an x-coordinate (true for
// the generic systems the tests use, and checked by the counts matching),
// the distinct roots of R are the x-coordinates of the distinct solutions,
// and a real root belongs to a real solution (its y is unique, hence its
// own conjugate).

// upoly is a univariate polynomial over Q, coefficient k of x^k at k.
type upoly []*big.Rat

func (p upoly) trim() upoly {
	for len(p) > 0 && p[len(p)-1].Sign() == 0 {
		p = p[:len(p)-1]
	}
	return p
}

func (p upoly) deg() int { return len(p.trim()) - 1 }

func (p upoly) eval(x *big.Rat) *big.Rat {
	v := new(big.Rat)
	for k := len(p) - 1; k >= 0; k-- {
		v.Mul(v, x).Add(v, p[k])
	}
	return v
}

func (p upoly) deriv() upoly {
	if len(p) <= 1 {
		return upoly{}
	}
	d := make(upoly, len(p)-1)
	for k := 1; k < len(p); k++ {
		d[k-1] = new(big.Rat).Mul(p[k], big.NewRat(int64(k), 1))
	}
	return d
}

// rem returns a mod b (b ≠ 0) and the quotient.
func rem(a, b upoly) (upoly, upoly) {
	a = append(upoly(nil), a.trim()...)
	for i := range a {
		a[i] = new(big.Rat).Set(a[i])
	}
	b = b.trim()
	db := len(b) - 1
	var q upoly
	if len(a)-1 >= db {
		q = make(upoly, len(a)-db)
		for i := range q {
			q[i] = new(big.Rat)
		}
	}
	lead := b[db]
	for len(a)-1 >= db && len(a) > 0 {
		k := len(a) - 1 - db
		c := new(big.Rat).Quo(a[len(a)-1], lead)
		q[k] = c
		for i := range b {
			a[k+i].Sub(a[k+i], new(big.Rat).Mul(c, b[i]))
		}
		a = a[:len(a)-1].trim()
	}
	return a, q
}

func gcdPoly(a, b upoly) upoly {
	a, b = a.trim(), b.trim()
	for len(b) > 0 {
		r, _ := rem(a, b)
		a, b = b, r
	}
	return a
}

// realRoots counts the distinct real roots of the squarefree p by its
// Sturm sequence: sign changes at −∞ minus those at +∞.
func realRoots(p upoly) int {
	seq := []upoly{p.trim(), p.deriv().trim()}
	for {
		last := seq[len(seq)-1]
		if len(last) == 0 {
			seq = seq[:len(seq)-1]
			break
		}
		r, _ := rem(seq[len(seq)-2], last)
		if len(r) == 0 {
			break
		}
		for i := range r {
			r[i].Neg(r[i])
		}
		seq = append(seq, r)
	}
	changes := func(atPlus bool) int {
		n, prev := 0, 0
		for _, s := range seq {
			sg := s[len(s)-1].Sign()
			if !atPlus && (len(s)-1)%2 == 1 {
				sg = -sg
			}
			if sg != 0 && prev != 0 && sg != prev {
				n++
			}
			if sg != 0 {
				prev = sg
			}
		}
		return n
	}
	return changes(false) - changes(true)
}

// inY substitutes x = a into the bivariate p (variables x, y) and returns
// the coefficients in y up to the formal degree d.
func inY(p poly.Poly[*big.Rat], a *big.Rat, d int) upoly {
	out := make(upoly, d+1)
	for i := range out {
		out[i] = new(big.Rat)
	}
	for k := range p.NumTerms() {
		t := p.Term(k)
		v := new(big.Rat).Set(t.Coef)
		for range t.Exp[0] {
			v.Mul(v, a)
		}
		out[t.Exp[1]].Add(out[t.Exp[1]], v)
	}
	return out
}

// detRat returns the determinant of the n×n matrix m (destroyed) by
// Gaussian elimination over Q.
func detRat(m [][]*big.Rat) *big.Rat {
	n := len(m)
	det := big.NewRat(1, 1)
	for c := range n {
		p := -1
		for r := c; r < n; r++ {
			if m[r][c].Sign() != 0 {
				p = r
				break
			}
		}
		if p < 0 {
			return new(big.Rat)
		}
		if p != c {
			m[p], m[c] = m[c], m[p]
			det.Neg(det)
		}
		det.Mul(det, m[c][c])
		for r := c + 1; r < n; r++ {
			if m[r][c].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Quo(m[r][c], m[c][c])
			for k := c; k < n; k++ {
				m[r][k].Sub(m[r][k], new(big.Rat).Mul(f, m[c][k]))
			}
		}
	}
	return det
}

// sylvester returns Res_y of f (formal degree df) and g (formal degree dg).
func sylvester(f, g upoly) *big.Rat {
	df, dg := len(f)-1, len(g)-1
	n := df + dg
	m := make([][]*big.Rat, n)
	for r := range m {
		m[r] = make([]*big.Rat, n)
		for c := range m[r] {
			m[r][c] = new(big.Rat)
		}
	}
	for r := range dg {
		for k := 0; k <= df; k++ {
			m[r][r+k].Set(f[df-k])
		}
	}
	for r := range df {
		for k := 0; k <= dg; k++ {
			m[dg+r][r+k].Set(g[dg-k])
		}
	}
	return detRat(m)
}

// resultantX returns R(x) = Res_y(f₁, f₂) of a system in (x, y).
func resultantX(s poly.System[*big.Rat]) upoly {
	f1, f2 := s.Poly(0), s.Poly(1)
	d1, d2 := f1.DegreeIn(1), f2.DegreeIn(1)
	D := f1.Degree() * f2.Degree()
	xs := make([]*big.Rat, D+1)
	ys := make([]*big.Rat, D+1)
	for i := range xs {
		xs[i] = big.NewRat(int64(i)-int64(D/2), 1)
		ys[i] = sylvester(inY(f1, xs[i], d1), inY(f2, xs[i], d2))
	}
	// Newton's divided differences, then expansion into the monomial basis.
	c := make([]*big.Rat, len(ys))
	for i := range ys {
		c[i] = new(big.Rat).Set(ys[i])
	}
	for j := 1; j < len(c); j++ {
		for i := len(c) - 1; i >= j; i-- {
			num := new(big.Rat).Sub(c[i], c[i-1])
			c[i] = num.Quo(num, new(big.Rat).Sub(xs[i], xs[i-j]))
		}
	}
	p := upoly{new(big.Rat)}
	for i := len(c) - 1; i >= 0; i-- {
		// p = p·(x − xs[i]) + c[i]
		q := make(upoly, len(p)+1)
		for k := range q {
			q[k] = new(big.Rat)
		}
		for k, v := range p {
			q[k+1].Add(q[k+1], v)
			q[k].Sub(q[k], new(big.Rat).Mul(v, xs[i]))
		}
		q[0].Add(q[0], c[i])
		p = q
	}
	return p.trim()
}

// exactCounts returns the numbers of distinct complex and of distinct
// real roots of R(x) = Res_y(f₁, f₂).
func exactCounts(s poly.System[*big.Rat]) (distinct, real int) {
	r := resultantX(s)
	_, sf := rem(r, gcdPoly(r, r.deriv())) // the squarefree part r / gcd(r, r′)
	return sf.deg(), realRoots(sf)
}

func TestExactCounts(t *testing.T) {
	for _, tc := range []struct {
		sys            string
		distinct, real int
	}{
		{"x^2 + y^2 - 1; x - 3/4*y", 2, 2},
		{"x^2 + y^2 - 4; x*y - 1", 4, 4},
		{"x^2 + y^2 + 1; x - y", 2, 0},
		{"(x - 1)^2 + y^2 - 1; y - x + 1", 2, 2},
	} {
		d, r := exactCounts(poly.MustParse(tc.sys))
		if d != tc.distinct || r != tc.real {
			t.Errorf("%s: %d distinct, %d real; want %d, %d", tc.sys, d, r, tc.distinct, tc.real)
		}
	}
}
