package certify

import (
	"math/big"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/isoptic"
)

// psiSystem is the 120°-isoptic system of three terminals a, b, c,
//
//	F(s) = (ψ_ab(s), ψ_bc(s)),  ψ = A² − B/4  (cos²120° = 1/4, exact),
//
// evaluated over boxes straight from the terminals in the difference form
// of package isoptic,
//
//	A  = (x−s)·(y−s) − (x×s)(y×s),   Bx = |x−s|² − (x×s)²,  B = Bx·By,
//
// with x×s computed as (x−s)×x (the same polynomial, exact near x). This
// is the polynomial system isoptic.Fermat3.PsiSystem builds, without the
// generic polynomial machinery: about 60 interval operations per pair,
// value and gradient, instead of a sum over ~70 expanded monomials. It
// implements System and PointSystem; it keeps scratch space and is not
// safe for concurrent use.
type psiSystem struct {
	t      [3][2]float64 // a, b, c
	f3     isoptic.Fermat3
	big    [3][2]Interval // the terminals as point intervals (exact, 53 bits)
	bigSet bool
	bp     [2]bigPair // scratch of the big evaluation
	pe     pointEval
}

// set loads the terminals; they must be valid (checked by the caller).
func (p *psiSystem) set(a, b, c hyperbolic.Point) error {
	f3, err := isoptic.NewFermat3(a, b, c, isoptic.Cos120)
	if err != nil {
		return err
	}
	p.f3 = f3
	for i, v := range [3]hyperbolic.Point{a, b, c} {
		p.t[i] = [2]float64{v.X, v.Y}
	}
	p.bigSet = false
	return nil
}

// bigTerminals returns the terminals as point intervals, made on first
// use (the float64 fast path never needs them).
func (p *psiSystem) bigTerminals() *[3][2]Interval {
	if !p.bigSet {
		for i := range p.t {
			p.big[i][0].SetPrec(53).SetFloat64(p.t[i][0])
			p.big[i][1].SetPrec(53).SetFloat64(p.t[i][1])
		}
		p.bigSet = true
	}
	return &p.big
}

func (p *psiSystem) Dim() int { return 2 }

// pair64 holds A, Bx, By of a pair of terminals seen from a box, and their
// gradients with respect to s.
type pair64 struct {
	a, bx, by    Interval64
	ga, gbx, gby [2]Interval64
}

// evalPair64 encloses A, Bx, By (and, if grad, their gradients) of the
// pair (x, y) over the box s. The gradient formulas are isoptic's
// (kernel.go): with ux = x×s, ∂ux/∂s = (−x₂, x₁),
//
//	∇A  = (−dx₀−dy₀ + uy·x₂ + ux·y₂, −dx₁−dy₁ − uy·x₁ − ux·y₁),
//	∇Bx = −2·(dx₀ − ux·x₂, dx₁ + ux·x₁),
//
// where dx = x − s and coordinates are 0-based in the code.
func evalPair64(t *pair64, x, y [2]float64, s [2]Interval64, grad bool) {
	dx0, dx1 := Point64(x[0]).Sub(s[0]), Point64(x[1]).Sub(s[1])
	dy0, dy1 := Point64(y[0]).Sub(s[0]), Point64(y[1]).Sub(s[1])
	ux := dx0.Scale(x[1]).Sub(dx1.Scale(x[0]))
	uy := dy0.Scale(y[1]).Sub(dy1.Scale(y[0]))
	t.a = dx0.Mul(dy0).Add(dx1.Mul(dy1)).Sub(ux.Mul(uy))
	t.bx = dx0.Sqr().Add(dx1.Sqr()).Sub(ux.Sqr())
	t.by = dy0.Sqr().Add(dy1.Sqr()).Sub(uy.Sqr())
	if !grad {
		return
	}
	t.ga[0] = dx0.Add(dy0).Neg().Add(uy.Scale(x[1])).Add(ux.Scale(y[1]))
	t.ga[1] = dx1.Add(dy1).Neg().Sub(uy.Scale(x[0])).Sub(ux.Scale(y[0]))
	t.gbx[0] = dx0.Sub(ux.Scale(x[1])).Scale(-2)
	t.gbx[1] = dx1.Add(ux.Scale(x[0])).Scale(-2)
	t.gby[0] = dy0.Sub(uy.Scale(y[1])).Scale(-2)
	t.gby[1] = dy1.Add(uy.Scale(y[0])).Scale(-2)
}

// psi64 returns ψ = A² − Bx·By/4 and its gradient from a filled pair64.
func (t *pair64) psi64() (Interval64, [2]Interval64) {
	psi := t.a.Sqr().Sub(t.bx.Mul(t.by).Scale(0.25))
	var g [2]Interval64
	for k := range g {
		g[k] = t.a.Mul(t.ga[k]).Scale(2).Sub(t.by.Mul(t.gbx[k]).Add(t.bx.Mul(t.gby[k])).Scale(0.25))
	}
	return psi, g
}

// Enclose64 implements System.
func (p *psiSystem) Enclose64(f, jac, x []Interval64) {
	s := [2]Interval64{x[0], x[1]}
	var t pair64
	for i := range 2 {
		evalPair64(&t, p.t[i], p.t[i+1], s, jac != nil)
		psi, g := t.psi64()
		if f != nil {
			f[i] = psi
		}
		if jac != nil {
			jac[2*i], jac[2*i+1] = g[0], g[1]
		}
	}
}

// Eval64 implements PointSystem with isoptic's float64 kernel.
func (p *psiSystem) Eval64(f, jac, x []float64) {
	v, j := p.f3.PsiJac([2]float64{x[0], x[1]})
	if f != nil {
		f[0], f[1] = v[0], v[1]
	}
	if jac != nil {
		jac[0], jac[1], jac[2], jac[3] = j[0][0], j[0][1], j[1][0], j[1][1]
	}
}

// bigPair is the big.Float counterpart of pair64, with its scratch.
type bigPair struct {
	dx0, dx1, dy0, dy1, ux, uy Interval
	a, bx, by                  Interval
	ga, gbx, gby               [2]Interval
	t1, t2, t3                 Interval
	m2, quarter                big.Float
}

func (t *bigPair) setPrec(prec uint) {
	for _, z := range []*Interval{&t.dx0, &t.dx1, &t.dy0, &t.dy1, &t.ux, &t.uy, &t.a, &t.bx, &t.by,
		&t.ga[0], &t.ga[1], &t.gbx[0], &t.gbx[1], &t.gby[0], &t.gby[1], &t.t1, &t.t2, &t.t3} {
		z.SetPrec(prec)
	}
	t.m2.SetFloat64(-2)
	t.quarter.SetFloat64(0.25)
}

// evalPairBig is evalPair64 at precision prec (the terminals x, y are
// point intervals). Temporaries never alias their operands, which keeps
// big.Float from allocating.
func (t *bigPair) eval(x, y *[2]Interval, s []Interval, prec uint, grad bool) {
	t.setPrec(prec)
	t.dx0.Sub(&x[0], &s[0])
	t.dx1.Sub(&x[1], &s[1])
	t.dy0.Sub(&y[0], &s[0])
	t.dy1.Sub(&y[1], &s[1])
	// ux = dx0·x1 − dx1·x0
	t.t1.Scale(&t.dx0, &x[1].Lo)
	t.t2.Scale(&t.dx1, &x[0].Lo)
	t.ux.Sub(&t.t1, &t.t2)
	t.t1.Scale(&t.dy0, &y[1].Lo)
	t.t2.Scale(&t.dy1, &y[0].Lo)
	t.uy.Sub(&t.t1, &t.t2)
	// A = dx0·dy0 + dx1·dy1 − ux·uy
	t.t1.Mul(&t.dx0, &t.dy0)
	t.t2.Mul(&t.dx1, &t.dy1)
	t.t3.Add(&t.t1, &t.t2)
	t.t1.Mul(&t.ux, &t.uy)
	t.a.Sub(&t.t3, &t.t1)
	// Bx = dx0² + dx1² − ux²
	sqrSum := func(z *Interval, d0, d1, u *Interval) {
		t.t1.Sqr(d0)
		t.t2.Sqr(d1)
		t.t3.Add(&t.t1, &t.t2)
		t.t1.Sqr(u)
		z.Sub(&t.t3, &t.t1)
	}
	sqrSum(&t.bx, &t.dx0, &t.dx1, &t.ux)
	sqrSum(&t.by, &t.dy0, &t.dy1, &t.uy)
	if !grad {
		return
	}
	// ∇A
	t.t1.Add(&t.dx0, &t.dy0)
	t.t2.Scale(&t.uy, &x[1].Lo)
	t.t3.Sub(&t.t2, &t.t1)
	t.t1.Scale(&t.ux, &y[1].Lo)
	t.ga[0].Add(&t.t3, &t.t1)
	t.t1.Add(&t.dx1, &t.dy1)
	t.t2.Scale(&t.uy, &x[0].Lo)
	t.t3.Add(&t.t1, &t.t2)
	t.t1.Scale(&t.ux, &y[0].Lo)
	t.t2.Add(&t.t3, &t.t1)
	t.ga[1].Neg(&t.t2)
	// ∇Bx = −2·(dx0 − ux·x1, dx1 + ux·x0), ∇By likewise.
	gradB := func(g *[2]Interval, d0, d1, u *Interval, v *[2]Interval) {
		t.t1.Scale(u, &v[1].Lo)
		t.t2.Sub(d0, &t.t1)
		g[0].Scale(&t.t2, &t.m2)
		t.t1.Scale(u, &v[0].Lo)
		t.t2.Add(d1, &t.t1)
		g[1].Scale(&t.t2, &t.m2)
	}
	gradB(&t.gbx, &t.dx0, &t.dx1, &t.ux, x)
	gradB(&t.gby, &t.dy0, &t.dy1, &t.uy, y)
}

// psi sets f = ψ and g = ∇ψ (either may be nil) from a filled bigPair.
func (t *bigPair) psi(f *Interval, g []Interval) {
	if f != nil {
		f.SetPrec(t.a.Prec())
		t.t1.Sqr(&t.a)
		t.t2.Mul(&t.bx, &t.by)
		t.t3.Scale(&t.t2, &t.quarter)
		f.Sub(&t.t1, &t.t3)
	}
	if g == nil {
		return
	}
	for k := range 2 {
		// ∂ψ = 2A·∂A − (By·∂Bx + Bx·∂By)/4
		t.t1.Mul(&t.by, &t.gbx[k])
		t.t2.Mul(&t.bx, &t.gby[k])
		t.t3.Add(&t.t1, &t.t2)
		t.t1.Scale(&t.t3, &t.quarter)
		t.t2.Mul(&t.a, &t.ga[k])
		t.t3.Add(&t.t2, &t.t2)
		g[k].SetPrec(t.a.Prec())
		g[k].Sub(&t.t3, &t.t1)
	}
}

// Enclose implements System.
func (p *psiSystem) Enclose(f, jac, x []Interval, prec uint) {
	tb := p.bigTerminals()
	for i := range 2 {
		t := &p.bp[i]
		t.eval(&tb[i], &tb[i+1], x, prec, jac != nil)
		var fi *Interval
		if f != nil {
			fi = &f[i]
		}
		var gi []Interval
		if jac != nil {
			gi = jac[2*i : 2*i+2]
		}
		t.psi(fi, gi)
	}
}

// EvalBig implements PointSystem (pointEval).
func (p *psiSystem) EvalBig(f, jac, x []big.Float, prec uint) { p.pe.eval(p, f, jac, x, prec) }
