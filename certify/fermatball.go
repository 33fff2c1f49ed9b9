package certify

import "math"

// ball64 is fast64 in midpoint-radius arithmetic: every quantity of the
// Krawczyk test is an rv — a float64 value and a bound on its distance
// from every value it stands for — computed in round-to-nearest with the
// rounding errors added to the bounds (the rules of rv, see
// distquick.go), instead of two directed roundings per operation. A box
// X = m ± ρ is the ball (m, ρ); over it the rules enclose ψ, its gradient,
// the branch terms and the cosines, and every decision is taken on an
// enclosure widened by quickMargin, which covers the rounding of the
// bounds themselves (each is a few tens of operations deep). The test is
// fast64's, step for step: F(m), the box X from the enclosed Newton step,
// F′(X), K(X) ⊂ int X, the branch test on X, the verdict on K(X). It
// reports true when it has certified the candidate; otherwise fast64,
// then the general Prover, decide, and nothing ball64 wrote matters.
func (fc *FermatCertifier) ball64(cert *FermatCert) bool {
	m, y, ok := fc.newton64(cert)
	if !ok {
		return false
	}
	t := &fc.sys.t
	// d ∋ Y·F(m).
	mb := [2]rv{rvExact(m[0]), rvExact(m[1])}
	var f [2]rv
	for i := range 2 {
		var p pairRV
		p.eval(t[i], t[i+1], mb, false)
		f[i], _ = p.psi()
	}
	var d [2]rv
	for i := range 2 {
		d[i] = f[0].scale(y[i][0]).add(f[1].scale(y[i][1]))
	}
	// X = m ± r, r twice the Newton step's bound plus a few ulps (as in
	// fast64), with float64 ends; as a ball, (m, ρ) with ρ ≥ both offsets.
	floor := 0x1p-50 * max(math.Abs(m[0]), math.Abs(m[1]), 0x1p-900)
	var x [2]Interval64
	var xb [2]rv
	for i := range 2 {
		dm := math.Abs(d[i].v) + quickMargin(d[i].e)
		r := up(up(2*dm) + floor)
		x[i] = Interval64{down(m[i] - r), up(m[i] + r)}
		xb[i] = rv{m[i], up(max(m[i]-x[i].Lo, x[i].Hi-m[i]))}
	}
	// F′(X), keeping the pair terms over X for the branch test.
	var pt [3]pairRV
	var jac [2][2]rv
	for i := range 2 {
		pt[i].eval(t[i], t[i+1], xb, true)
		_, jac[i] = pt[i].psi()
	}
	// K(X) = m − Y·F(m) + (I − Y·F′(X))·(X − m), X − m in the balls (0, ρ).
	var k [2]Interval64
	for i := range 2 {
		ki := rvExact(m[i]).sub(d[i])
		for j := range 2 {
			c := jac[0][j].scale(y[i][0]).add(jac[1][j].scale(y[i][1]))
			if i == j {
				c = rvExact(1).sub(c)
			} else {
				c = rv{-c.v, c.e}
			}
			ki = ki.add(c.mul(rv{0, xb[j].e}))
		}
		e := quickMargin(ki.e)
		k[i] = Interval64{down(ki.v - e), up(ki.v + e)}
		if !k[i].Interior(x[i]) || !k[i].IsFinite() || math.IsNaN(e) {
			return false
		}
	}
	// The branch test on X ⊇ K(X) ∋ the root: inside the disk, and
	// A < 0 for the three pairs; the cosines A/√(Bx·By) for the
	// certificate.
	pt[2].eval(t[2], t[0], xb, false)
	if r := xb[0].mul(xb[0]).add(xb[1].mul(xb[1])); !(r.v+quickMargin(r.e) < 1) {
		return false
	}
	for i := range pt {
		p := &pt[i]
		if !(p.a.v+quickMargin(p.a.e) < 0) {
			return false
		}
		b, ok := p.bx.mul(p.by).sqrt()
		if !ok {
			return false
		}
		c, ok := p.a.quo(b)
		if !ok {
			return false
		}
		e := quickMargin(c.e)
		cs := Interval64{down(c.v - e), up(c.v + e)}
		if !cs.IsFinite() || math.IsNaN(e) {
			return false
		}
		fc.cos64[i], _ = cs.Intersect(Interval64{-1, 1})
	}
	// A refutation is left to fast64, whose enclosure the radius a
	// writer declares has always come from.
	return fc.finish64(cert, k, m) && cert.Status == FermatCertified
}

// pairRV is pair64 in rv arithmetic: A, Bx, By of the pair of terminals
// (x, y) seen from s, and their gradients with respect to s.
type pairRV struct {
	a, bx, by    rv
	ga, gbx, gby [2]rv
}

// eval fills t over the balls s (see evalPair64 for the formulas).
func (t *pairRV) eval(x, y [2]float64, s [2]rv, grad bool) {
	dx0, dx1 := rvExact(x[0]).sub(s[0]), rvExact(x[1]).sub(s[1])
	dy0, dy1 := rvExact(y[0]).sub(s[0]), rvExact(y[1]).sub(s[1])
	ux := dx0.scale(x[1]).sub(dx1.scale(x[0]))
	uy := dy0.scale(y[1]).sub(dy1.scale(y[0]))
	t.a = dx0.mul(dy0).add(dx1.mul(dy1)).sub(ux.mul(uy))
	t.bx = dx0.mul(dx0).add(dx1.mul(dx1)).sub(ux.mul(ux))
	t.by = dy0.mul(dy0).add(dy1.mul(dy1)).sub(uy.mul(uy))
	if !grad {
		return
	}
	t.ga[0] = uy.scale(x[1]).add(ux.scale(y[1])).sub(dx0.add(dy0))
	t.ga[1] = rvExact(0).sub(dx1.add(dy1)).sub(uy.scale(x[0])).sub(ux.scale(y[0]))
	t.gbx[0] = dx0.sub(ux.scale(x[1])).scale(-2)
	t.gbx[1] = dx1.add(ux.scale(x[0])).scale(-2)
	t.gby[0] = dy0.sub(uy.scale(y[1])).scale(-2)
	t.gby[1] = dy1.add(uy.scale(y[0])).scale(-2)
}

// psi returns ψ = A² − Bx·By/4 and its gradient from a filled pairRV.
func (t *pairRV) psi() (rv, [2]rv) {
	psi := t.a.mul(t.a).sub(t.bx.mul(t.by).scale(0.25))
	var g [2]rv
	for k := range g {
		g[k] = t.a.mul(t.ga[k]).scale(2).sub(t.by.mul(t.gbx[k]).add(t.bx.mul(t.gby[k])).scale(0.25))
	}
	return psi, g
}
