package certify

import (
	"math"
	"math/big"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// EuclideanFermatCertifier proves Fermat points of Euclidean triangles, as
// FermatCertifier does for hyperbolic ones, with the same certificate and
// verdicts (coordinates and the max norm are Cartesian).
//
// With A_uv(x) = (u − x)·(v − x) and B_uv(x) = |u − x|²|v − x|², a point
// x sees the side uv under 120° iff A_uv < 0 and ψ_uv = A_uv² − B_uv/4 = 0.
// A Krawczyk proof (Prover) encloses a unique root of (ψ_ab, ψ_bc) in a
// box; if A_ab, A_bc and A_ca are negative on the whole box, the root sees
// ab and bc under 120° and ca not under 0°, so the unit vectors towards
// a, b, c are 120° apart and sum to zero: the root is the Fermat point,
// the unique minimiser of the strictly convex sum of distances.
// Existence (every angle below 120°) is decided exactly first.
//
// The plane is scale invariant, and so is the certificate: the triangle
// and the candidate are scaled by a power of two (exactly) to coordinates
// near 1 before the proof, and the enclosure is scaled back exactly, so
// triangles of any size that float64 can hold are certified alike.
type EuclideanFermatCertifier struct {
	sys    euclidPsi
	prover *Prover
	res    Result
	x0     []Interval
	cand   [2]big.Float // the candidate, scaled
	u, v   big.Float
}

// NewEuclideanFermatCertifier returns a EuclideanFermatCertifier (one per
// goroutine: it keeps workspaces).
func NewEuclideanFermatCertifier() *EuclideanFermatCertifier {
	fc := &EuclideanFermatCertifier{x0: make([]Interval, 2)}
	fc.prover, _ = NewProver(&fc.sys) // Dim() = 2: cannot fail
	return fc
}

// Certify proves where the Fermat point of the Euclidean triangle (a, b,
// c) is and judges the candidate, as FermatCertifier.Certify does. It
// returns an error only for a non-finite vertex or candidate, or a
// negative or non-finite opt.Tol.
func (fc *EuclideanFermatCertifier) Certify(cert *FermatCert, a, b, c, cand hyperbolic.Point, opt FermatOptions) error {
	if err := checkFermatArgs(a, b, c, cand, opt); err != nil {
		return err
	}
	cert.Status, cert.Wide, cert.Equal120, cert.Proved = FermatUndecided, -1, false, false
	cert.Candidate, cert.Size, cert.TolAbs, cert.AngleErr = cand, 0, 0, math.Inf(1)
	vs := [3]hyperbolic.Point{a, b, c}
	if a == b || b == c || a == c {
		cert.Status = FermatNone
		return nil
	}
	for i := range vs {
		if cmp := EuclideanCmp120(vs[(i+1)%3], vs[i], vs[(i+2)%3]); cmp >= 0 {
			cert.Status, cert.Wide, cert.Equal120 = FermatNone, i, cmp == 0
			break
		}
	}
	// Scale by 2^k so that the largest coordinate is in [1/2, 1).
	hi := 0.0
	for _, v := range vs {
		hi = max(hi, math.Abs(v.X), math.Abs(v.Y))
	}
	_, e := math.Frexp(hi)
	k := -e
	sc := func(p hyperbolic.Point) hyperbolic.Point {
		return hyperbolic.Point{X: math.Ldexp(p.X, k), Y: math.Ldexp(p.Y, k)}
	}
	var t [3]hyperbolic.Point
	size, scale := 0.0, 0.0
	for i := range vs {
		t[i] = sc(vs[i])
		if math.Ldexp(t[i].X, -k) != vs[i].X || math.Ldexp(t[i].Y, -k) != vs[i].Y {
			// The vertices span more than float64 can scale exactly.
			return nil
		}
		scale = max(scale, math.Abs(t[i].X), math.Abs(t[i].Y))
	}
	for i := range t {
		j := (i + 1) % 3
		size = max(size, math.Abs(t[i].X-t[j].X), math.Abs(t[i].Y-t[j].Y))
	}
	tol := opt.Tol
	if tol == 0 {
		tol = DefaultFermatTol
	}
	tolScaled := tol*size + max(0x1p-50*scale, math.Ldexp(0x1p-1072, k))
	if opt.Abs > 0 {
		tolScaled = math.Ldexp(opt.Abs, k)
	}
	cert.Size = math.Ldexp(size, -k)
	cert.TolAbs = math.Ldexp(tolScaled, -k)
	if cert.Status == FermatNone {
		return nil
	}
	// Candidate, scaled (exactly, unless it is far outside the triangle's
	// scale, where it is refuted anyway).
	sCand := sc(cand)
	fc.cand[0].SetPrec(53).SetFloat64(sCand.X)
	fc.cand[1].SetPrec(53).SetFloat64(sCand.Y)
	// The shared terminal y of (ψ_xy, ψ_yz) is a singular root: make it
	// the vertex farthest from the candidate.
	rot, far := 0, -1.0
	for i, v := range t {
		if d := max(math.Abs(v.X-sCand.X), math.Abs(v.Y-sCand.Y)); d > far {
			far, rot = d, (i+2)%3
		}
	}
	fc.sys.set(t[rot], t[(rot+1)%3], t[(rot+2)%3])
	maxPrec := opt.MaxPrec
	if maxPrec == 0 {
		maxPrec = DefaultMaxPrec
	}
	prec := max(opt.Prec, 53)
	maxPrec = max(maxPrec, prec)
	starts := [2][]float64{{sCand.X, sCand.Y},
		{(t[0].X + t[1].X + t[2].X) / 3, (t[0].Y + t[1].Y + t[2].Y) / 3}}
	for _, x0 := range starts {
		if math.IsInf(x0[0], 0) || math.IsInf(x0[1], 0) {
			continue
		}
		for p := prec; p <= maxPrec; {
			if err := fc.prover.Certify(&fc.res, x0, Options{Prec: p, MaxPrec: maxPrec}); err != nil {
				return err
			}
			if fc.res.Status != Proved || !fc.sys.branch(cert, fc.res.Box, fc.res.Prec, rot) {
				break
			}
			fc.fill(cert, k, tolScaled)
			if cert.Status != FermatUndecided {
				return nil
			}
			p = nextPrec(fc.res.Prec)
		}
		if cert.Proved {
			return nil
		}
	}
	// Nothing proved from either start: test the claimed box itself.
	for i, v := range [2]float64{sCand.X, sCand.Y} {
		lo, hi := addDown(v, -tolScaled), addUp(v, tolScaled)
		fc.x0[i].SetPrec(53)
		if _, err := fc.x0[i].SetInterval64(Interval64{lo, hi}); err != nil {
			return nil
		}
	}
	if err := fc.prover.Test(&fc.res, fc.x0, maxPrec); err != nil {
		return err
	}
	switch fc.res.Status {
	case NoRoot:
		cert.Status = FermatRefuted
	case Proved:
		if fc.sys.branch(cert, fc.res.Box, fc.res.Prec, rot) {
			fc.fill(cert, k, tolScaled)
		} else if fc.sys.branchFails(fc.res.Box, fc.res.Prec) {
			cert.Status = FermatRefuted
		}
	}
	return nil
}

// fill records the enclosure of fc.res (scaled by 2^k) in cert, in the
// caller's units, and judges the candidate against the scaled tolerance.
func (fc *EuclideanFermatCertifier) fill(cert *FermatCert, k int, tolScaled float64) {
	res := &fc.res
	cert.Proved, cert.Prec = true, res.Prec
	offset := fc.u.SetPrec(res.Prec).SetMode(big.ToPositiveInf).SetInt64(0)
	cert.Radius.SetPrec(res.Prec).SetMode(big.ToPositiveInf).SetInt64(0)
	tol := fc.v.SetPrec(53).SetFloat64(tolScaled)
	var gapOK bool
	var r big.Float
	for i := range 2 {
		bx := &res.Box[i]
		r.SetPrec(res.Prec)
		if bx.RadAbout(&r, &fc.cand[i]).Cmp(offset) > 0 {
			offset.Set(&r)
		}
		gap := new(big.Float).SetPrec(res.Prec).SetMode(big.ToNegativeInf)
		switch {
		case bx.Lo.Cmp(&fc.cand[i]) > 0:
			subDir(gap, &bx.Lo, &fc.cand[i])
		case bx.Hi.Cmp(&fc.cand[i]) < 0:
			subDir(gap, &fc.cand[i], &bx.Hi)
		}
		if gap.Cmp(tol) > 0 {
			gapOK = true
		}
		// Back to the caller's units: exact (big.Float has the range).
		c := &cert.Box[i]
		c.SetPrec(bx.Prec()).Set(bx)
		c.Lo.SetMantExp(&c.Lo, -k)
		c.Hi.SetMantExp(&c.Hi, -k)
		cert.Mid[i].SetPrec(0)
		c.Mid(&cert.Mid[i])
		r.SetPrec(res.Prec)
		if c.RadAbout(&r, &cert.Mid[i]).Cmp(&cert.Radius) > 0 {
			cert.Radius.Set(&r)
		}
	}
	switch {
	case offset.Cmp(tol) <= 0:
		cert.Status = FermatCertified
	case gapOK:
		cert.Status = FermatRefuted
	default:
		cert.Status = FermatUndecided
	}
	cert.Offset.SetPrec(res.Prec).SetMode(big.ToPositiveInf).SetMantExp(offset, -k)
	cert.AngleErr = 0
	for i := range cert.Cos {
		cert.AngleErr = max(cert.AngleErr, AngleDev120(&cert.Cos[i]))
	}
	x, _ := cert.Mid[0].Float64()
	y, _ := cert.Mid[1].Float64()
	cert.Near = hyperbolic.Point{X: x, Y: y}
}

// EuclideanCmp120 compares the Euclidean angle at v of (p, v, q) with
// 120°, exactly, in rational arithmetic: −1, 0, +1 (a vertex equal to v
// makes no angle and counts as below).
func EuclideanCmp120(p, v, q hyperbolic.Point) int {
	r := func(x float64) *big.Rat { return new(big.Rat).SetFloat64(x) }
	sub := func(a, b float64) *big.Rat { return new(big.Rat).Sub(r(a), r(b)) }
	mul := func(a, b *big.Rat) *big.Rat { return new(big.Rat).Mul(a, b) }
	add := func(a, b *big.Rat) *big.Rat { return new(big.Rat).Add(a, b) }
	ux, uy := sub(p.X, v.X), sub(p.Y, v.Y)
	wx, wy := sub(q.X, v.X), sub(q.Y, v.Y)
	dot := add(mul(ux, wx), mul(uy, wy))
	if dot.Sign() >= 0 {
		return -1
	}
	uu := add(mul(ux, ux), mul(uy, uy))
	ww := add(mul(wx, wx), mul(wy, wy))
	// θ < 120° ⟺ cos θ > −1/2 ⟺ 4·dot² < |u|²|w|² (dot < 0).
	return mul(big.NewRat(4, 1), mul(dot, dot)).Cmp(mul(uu, ww))
}

// euclidPsi is the Euclidean ψ system (ψ_xy, ψ_yz) of terminals t.
type euclidPsi struct {
	t  [3][2]float64
	tb [3][2]Interval
	d  [6]Interval // scratch: dx0, dx1, dy0, dy1, ...
	w  [8]Interval
	pe pointEval
}

func (p *euclidPsi) set(a, b, c hyperbolic.Point) {
	for i, v := range [3]hyperbolic.Point{a, b, c} {
		p.t[i] = [2]float64{v.X, v.Y}
		for j, x := range p.t[i] {
			p.tb[i][j].SetPrec(53).SetFloat64(x) // finite
		}
	}
}

func (p *euclidPsi) Dim() int { return 2 }

// euclidPair64 encloses A, Bx, By of the pair (x, y) over the box s, and
// their gradients: ∇A = −(dx + dy), ∇Bx = −2dx, ∇By = −2dy (dx = x − s).
func euclidPair64(x, y [2]float64, s [2]Interval64) (a, bx, by Interval64, ga, gbx, gby [2]Interval64) {
	dx0, dx1 := Point64(x[0]).Sub(s[0]), Point64(x[1]).Sub(s[1])
	dy0, dy1 := Point64(y[0]).Sub(s[0]), Point64(y[1]).Sub(s[1])
	a = dx0.Mul(dy0).Add(dx1.Mul(dy1))
	bx = dx0.Sqr().Add(dx1.Sqr())
	by = dy0.Sqr().Add(dy1.Sqr())
	ga = [2]Interval64{dx0.Add(dy0).Neg(), dx1.Add(dy1).Neg()}
	gbx = [2]Interval64{dx0.Scale(-2), dx1.Scale(-2)}
	gby = [2]Interval64{dy0.Scale(-2), dy1.Scale(-2)}
	return
}

// Enclose64 implements System.
func (p *euclidPsi) Enclose64(f, jac, x []Interval64) {
	s := [2]Interval64{x[0], x[1]}
	for i := range 2 {
		a, bx, by, ga, gbx, gby := euclidPair64(p.t[i], p.t[i+1], s)
		if f != nil {
			f[i] = a.Sqr().Sub(bx.Mul(by).Scale(0.25))
		}
		if jac != nil {
			for k := range 2 {
				jac[2*i+k] = a.Mul(ga[k]).Scale(2).Sub(by.Mul(gbx[k]).Add(bx.Mul(gby[k])).Scale(0.25))
			}
		}
	}
}

// Eval64 implements PointSystem.
func (p *euclidPsi) Eval64(f, jac, x []float64) {
	for i := range 2 {
		u, v := p.t[i], p.t[i+1]
		dx0, dx1 := u[0]-x[0], u[1]-x[1]
		dy0, dy1 := v[0]-x[0], v[1]-x[1]
		a := dx0*dy0 + dx1*dy1
		bx := dx0*dx0 + dx1*dx1
		by := dy0*dy0 + dy1*dy1
		if f != nil {
			f[i] = a*a - bx*by/4
		}
		if jac != nil {
			ga := [2]float64{-(dx0 + dy0), -(dx1 + dy1)}
			gbx := [2]float64{-2 * dx0, -2 * dx1}
			gby := [2]float64{-2 * dy0, -2 * dy1}
			for k := range 2 {
				jac[2*i+k] = 2*a*ga[k] - (by*gbx[k]+bx*gby[k])/4
			}
		}
	}
}

// pairBig encloses A, Bx, By of the pair (x, y) over s at prec, and
// their gradients when grad; results in p.w: a, bx, by, ga0, ga1, and
// the gradients of Bx, By in p.d.
func (p *euclidPsi) pairBig(x, y *[2]Interval, s []Interval, prec uint) (a, bx, by *Interval) {
	d := &p.d
	w := &p.w
	for i := range d {
		d[i].SetPrec(prec)
	}
	for i := range w {
		w[i].SetPrec(prec)
	}
	d[0].Sub(&x[0], &s[0])
	d[1].Sub(&x[1], &s[1])
	d[2].Sub(&y[0], &s[0])
	d[3].Sub(&y[1], &s[1])
	w[5].Mul(&d[0], &d[2])
	w[6].Mul(&d[1], &d[3])
	w[0].Add(&w[5], &w[6]) // A
	w[5].Sqr(&d[0])
	w[6].Sqr(&d[1])
	w[1].Add(&w[5], &w[6]) // Bx
	w[5].Sqr(&d[2])
	w[6].Sqr(&d[3])
	w[2].Add(&w[5], &w[6]) // By
	return &w[0], &w[1], &w[2]
}

// Enclose implements System.
func (p *euclidPsi) Enclose(f, jac, x []Interval, prec uint) {
	quarter := new(big.Float).SetFloat64(0.25)
	var t1, t2, t3, g Interval
	for _, z := range []*Interval{&t1, &t2, &t3, &g} {
		z.SetPrec(prec)
	}
	for i := range 2 {
		a, bx, by := p.pairBig(&p.tb[i], &p.tb[i+1], x, prec)
		if f != nil {
			f[i].SetPrec(prec)
			t1.Sqr(a)
			t2.Mul(bx, by)
			t3.Scale(&t2, quarter)
			f[i].Sub(&t1, &t3)
		}
		if jac == nil {
			continue
		}
		d := &p.d
		for k := range 2 {
			// ∂ψ = 2A·∂A − (By·∂Bx + Bx·∂By)/4, ∂A = −(dx+dy),
			// ∂Bx = −2dx, ∂By = −2dy:
			// ∂ψ = −2A(dx + dy) + (By·dx + Bx·dy)/2.
			t1.Add(&d[k], &d[2+k])
			t2.Mul(a, &t1)
			g.Add(&t2, &t2) // 2A(dx+dy)
			t1.Mul(by, &d[k])
			t2.Mul(bx, &d[2+k])
			t3.Add(&t1, &t2)
			t1.Scale(&t3, new(big.Float).SetFloat64(0.5))
			jac[2*i+k].SetPrec(prec)
			jac[2*i+k].Sub(&t1, &g)
		}
	}
}

// EvalBig implements PointSystem (pointEval).
func (p *euclidPsi) EvalBig(f, jac, x []big.Float, prec uint) { p.pe.eval(p, f, jac, x, prec) }

// branch reports whether A < 0 for all three pairs on all of box, and
// then leaves the cosine enclosures in cert.Cos (pairs (a,b), (b,c),
// (c,a) of the caller's order; the system's terminals are turned by rot).
func (p *euclidPsi) branch(cert *FermatCert, box []Interval, prec uint, rot int) bool {
	prec = max(prec, 64)
	var t1, t2 Interval
	t1.SetPrec(prec)
	t2.SetPrec(prec)
	for k := range 3 {
		a, bx, by := p.pairBig(&p.tb[k], &p.tb[(k+1)%3], box, prec)
		if a.Hi.Sign() >= 0 {
			return false
		}
		t1.Mul(bx, by)
		if _, err := t2.Sqrt(&t1); err != nil {
			return false
		}
		c := &cert.Cos[(k+rot)%3]
		c.SetPrec(prec)
		if _, err := c.Quo(a, &t2); err != nil {
			return false
		}
	}
	return true
}

// branchFails reports whether some A > 0 on all of box: the box's root
// is not the Fermat point.
func (p *euclidPsi) branchFails(box []Interval, prec uint) bool {
	prec = max(prec, 64)
	for k := range 3 {
		a, _, _ := p.pairBig(&p.tb[k], &p.tb[(k+1)%3], box, prec)
		if a.Lo.Sign() > 0 {
			return true
		}
	}
	return false
}
