package homotopy

import (
	"fmt"
	"math"
	"math/big"

	"github.com/hypersteiner/hypersteiner/poly"
)

// RefineGuardBits is the working precision BigRefiner adds to the bits
// asked for: enough for condition numbers up to 2^64 to leave them
// correct.
const RefineGuardBits = 64

// BigPoint is a point of Cⁿ in big.Float: coordinate j is Re[j] + i·Im[j].
type BigPoint struct {
	Re, Im []*big.Float
}

// Text formats every coordinate with the given number of significant
// decimal digits ("0" for zero; trailing zeros dropped, so 3/5 prints as
// "0.6"): text[j] = {real part, imaginary part}.
func (p *BigPoint) Text(digits int) [][2]string {
	out := make([][2]string, len(p.Re))
	for j := range out {
		out[j] = [2]string{bigText(p.Re[j], digits), bigText(p.Im[j], digits)}
	}
	return out
}

func bigText(x *big.Float, digits int) string {
	if x.Sign() == 0 {
		return "0"
	}
	return x.Text('g', digits)
}

// ParseBigPoint reads decimal coordinates {real part, imaginary part} at
// prec bits (rounded to nearest).
func ParseBigPoint(text [][2]string, prec uint) (*BigPoint, error) {
	p := &BigPoint{Re: make([]*big.Float, len(text)), Im: make([]*big.Float, len(text))}
	for j, t := range text {
		for k, dst := range []*[]*big.Float{&p.Re, &p.Im} {
			v, _, err := new(big.Float).SetPrec(prec).Parse(t[k], 10)
			if err != nil {
				return nil, fmt.Errorf("homotopy: coordinate %d: %q: %w", j, t[k], err)
			}
			(*dst)[j] = v
		}
	}
	return p, nil
}

// BigRefiner refines solutions of one system by Newton's method in
// complex big.Float arithmetic: bits of the answer, RefineGuardBits more
// of working precision. Coefficients enter at the working precision from
// their exact values. A real starting point of a system with real
// coefficients stays exactly real (every imaginary part is an exact 0).
// A BigRefiner keeps scratch space and is used by one goroutine at a time.
type BigRefiner struct {
	bits, prec uint
	n          int
	f          []bigPoly // equations
	jac        []bigPoly // ∂f_i/∂x_j at i·n+j
	maxDeg     []int
	pw         [][]bigComplex // pw[j][e] = x_j^e
	t1, t2     bigComplex
}

// bigComplex is re + i·im.
type bigComplex struct{ re, im big.Float }

type bigTerm struct {
	c   bigComplex
	exp poly.Monomial
}

type bigPoly []bigTerm

// NewBigRefiner compiles the square system s for refinement to bits
// correct bits (at least 53).
func NewBigRefiner[K poly.Coeff](s poly.System[K], bits uint) (*BigRefiner, error) {
	cs, err := poly.ExactSquare(s)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadSystem, err)
	}
	n := cs.NumVars()
	r := &BigRefiner{bits: max(bits, 53), n: n, maxDeg: make([]int, n)}
	r.prec = r.bits + RefineGuardBits
	r.f = make([]bigPoly, n)
	r.jac = make([]bigPoly, n*n)
	for i := range n {
		p := cs.Poly(i)
		r.f[i] = r.compile(p)
		for j := range n {
			r.jac[i*n+j] = r.compile(p.Diff(j))
		}
	}
	r.pw = make([][]bigComplex, n)
	for j := range n {
		r.pw[j] = make([]bigComplex, r.maxDeg[j]+1)
	}
	return r, nil
}

func (r *BigRefiner) compile(p poly.Poly[*poly.ComplexRat]) bigPoly {
	out := make(bigPoly, p.NumTerms())
	for k := range out {
		t := p.Term(k)
		out[k].c.re.SetPrec(r.prec).SetRat(&t.Coef.Re)
		out[k].c.im.SetPrec(r.prec).SetRat(&t.Coef.Im)
		out[k].exp = t.Exp
		for j, e := range t.Exp {
			r.maxDeg[j] = max(r.maxDeg[j], e)
		}
	}
	return out
}

// Prec returns the working precision.
func (r *BigRefiner) Prec() uint { return r.prec }

// mul sets z = x·y (z must not alias x or y).
func (r *BigRefiner) mul(z, x, y *bigComplex) {
	z.re.Mul(&x.re, &y.re)
	r.t1.re.Mul(&x.im, &y.im)
	z.re.Sub(&z.re, &r.t1.re)
	z.im.Mul(&x.re, &y.im)
	r.t1.im.Mul(&x.im, &y.re)
	z.im.Add(&z.im, &r.t1.im)
}

// powers fills the power tables at x.
func (r *BigRefiner) powers(x []bigComplex) {
	for j, row := range r.pw {
		row[0].re.SetPrec(r.prec).SetInt64(1)
		row[0].im.SetPrec(r.prec).SetInt64(0)
		for e := 1; e < len(row); e++ {
			row[e].re.SetPrec(r.prec)
			row[e].im.SetPrec(r.prec)
			r.mul(&row[e], &row[e-1], &x[j])
		}
	}
}

// eval sets z = p(x) from the power tables.
func (r *BigRefiner) eval(z *bigComplex, p bigPoly) {
	z.re.SetPrec(r.prec).SetInt64(0)
	z.im.SetPrec(r.prec).SetInt64(0)
	for k := range p {
		t := &p[k]
		r.t2.re.Set(&t.c.re)
		r.t2.im.Set(&t.c.im)
		for j, e := range t.exp {
			if e > 0 {
				var prod bigComplex
				prod.re.SetPrec(r.prec)
				prod.im.SetPrec(r.prec)
				r.mul(&prod, &r.t2, &r.pw[j][e])
				r.t2.re.Set(&prod.re)
				r.t2.im.Set(&prod.im)
			}
		}
		z.re.Add(&z.re, &r.t2.re)
		z.im.Add(&z.im, &r.t2.im)
	}
}

// Refine runs Newton's method from x and reports whether it converged:
// every coordinate's last correction at most 2^-(bits+2) times the
// coordinate (an exact zero correction of a zero coordinate included),
// within ⌈log₂(prec/32)⌉ + 8 steps (quadratic convergence doubles the
// correct bits at every step from float64's ~50). Without convergence the
// last iterate is returned.
func (r *BigRefiner) Refine(x []complex128) (*BigPoint, bool) {
	n, prec := r.n, r.prec
	xs := make([]bigComplex, n)
	for j, v := range x {
		xs[j].re.SetPrec(prec).SetFloat64(real(v))
		xs[j].im.SetPrec(prec).SetFloat64(imag(v))
	}
	f := make([]bigComplex, n)
	a := make([]bigComplex, n*n)
	var d, lim big.Float
	maxIter := int(math.Ceil(math.Log2(float64(prec)/32))) + 8
	converged := false
	for range maxIter {
		r.powers(xs)
		for i := range n {
			r.eval(&f[i], r.f[i])
			for j := range n {
				r.eval(&a[i*n+j], r.jac[i*n+j])
			}
		}
		if !r.solve(a, f) {
			break
		}
		converged = true
		for j := range n {
			// x_j −= dx_j; converged while |dx_j| ≤ 2^-(bits+2)·|x_j|.
			xs[j].re.Sub(&xs[j].re, &f[j].re)
			xs[j].im.Sub(&xs[j].im, &f[j].im)
			d.SetPrec(prec).Abs(&f[j].re)
			lim.SetPrec(prec).Abs(&f[j].im)
			d.Add(&d, &lim)
			lim.Abs(&xs[j].re)
			var im big.Float
			im.SetPrec(prec).Abs(&xs[j].im)
			lim.Add(&lim, &im)
			lim.SetMantExp(&lim, -int(r.bits+3)) // |re|+|im| ≤ √2·|z|: one bit spare
			if d.Cmp(&lim) > 0 {
				converged = false
			}
		}
		if converged {
			break
		}
	}
	p := &BigPoint{Re: make([]*big.Float, n), Im: make([]*big.Float, n)}
	for j := range xs {
		p.Re[j] = new(big.Float).Set(&xs[j].re)
		p.Im[j] = new(big.Float).Set(&xs[j].im)
	}
	return p, converged
}

// solve overwrites b with a⁻¹b by Gaussian elimination with partial
// pivoting (a, n×n row-major, is destroyed); false if a pivot is zero.
func (r *BigRefiner) solve(a, b []bigComplex) bool {
	n, prec := r.n, r.prec
	var l, t, q bigComplex
	for _, z := range []*bigComplex{&l, &t, &q} {
		z.re.SetPrec(prec)
		z.im.SetPrec(prec)
	}
	var u, v, w big.Float
	mag := func(z *bigComplex, out *big.Float) *big.Float {
		out.SetPrec(prec).Abs(&z.re)
		w.SetPrec(prec).Abs(&z.im)
		return out.Add(out, &w)
	}
	for k := range n {
		p := k
		for i := k + 1; i < n; i++ {
			if mag(&a[i*n+k], &u).Cmp(mag(&a[p*n+k], &v)) > 0 {
				p = i
			}
		}
		if a[p*n+k].re.Sign() == 0 && a[p*n+k].im.Sign() == 0 {
			return false
		}
		if p != k {
			for j := range n {
				swapBig(&a[k*n+j], &a[p*n+j])
			}
			swapBig(&b[k], &b[p])
		}
		for i := k + 1; i < n; i++ {
			r.quo(&l, &a[i*n+k], &a[k*n+k])
			for j := k + 1; j < n; j++ {
				r.mul(&t, &l, &a[k*n+j])
				a[i*n+j].re.Sub(&a[i*n+j].re, &t.re)
				a[i*n+j].im.Sub(&a[i*n+j].im, &t.im)
			}
			r.mul(&t, &l, &b[k])
			b[i].re.Sub(&b[i].re, &t.re)
			b[i].im.Sub(&b[i].im, &t.im)
		}
	}
	for k := n - 1; k >= 0; k-- {
		for j := k + 1; j < n; j++ {
			r.mul(&t, &a[k*n+j], &b[j])
			b[k].re.Sub(&b[k].re, &t.re)
			b[k].im.Sub(&b[k].im, &t.im)
		}
		r.quo(&q, &b[k], &a[k*n+k])
		b[k].re.Set(&q.re)
		b[k].im.Set(&q.im)
	}
	return true
}

func swapBig(x, y *bigComplex) {
	x.re, y.re = y.re, x.re
	x.im, y.im = y.im, x.im
}

// quo sets z = x/y for y ≠ 0 (z must not alias x or y):
// x·conj(y)/|y|².
func (r *BigRefiner) quo(z, x, y *bigComplex) {
	var d, s big.Float
	d.SetPrec(r.prec).Mul(&y.re, &y.re)
	s.SetPrec(r.prec).Mul(&y.im, &y.im)
	d.Add(&d, &s)
	var c bigComplex
	c.re.SetPrec(r.prec).Set(&y.re)
	c.im.SetPrec(r.prec).Neg(&y.im)
	r.mul(z, x, &c)
	z.re.Quo(&z.re, &d)
	z.im.Quo(&z.im, &d)
}

// Residual returns max_i |f_i(p)|, evaluated at the working precision and
// rounded to float64.
func (r *BigRefiner) Residual(p *BigPoint) float64 {
	xs := make([]bigComplex, r.n)
	for j := range xs {
		xs[j].re.SetPrec(r.prec).Set(p.Re[j])
		xs[j].im.SetPrec(r.prec).Set(p.Im[j])
	}
	r.powers(xs)
	worst := 0.0
	var f bigComplex
	var s big.Float
	for i := range r.f {
		r.eval(&f, r.f[i])
		s.SetPrec(r.prec).Mul(&f.re, &f.re)
		f.im.Mul(&f.im, &f.im)
		s.Add(&s, &f.im)
		s.Sqrt(&s)
		v, _ := s.Float64()
		worst = max(worst, v)
	}
	return worst
}
