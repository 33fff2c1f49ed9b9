package certify

import (
	"math"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// fast64 is the float64 fast path of Certify, specialised to the 2×2 ψ
// system: Newton's method in float64 from the candidate, then a single
// Krawczyk test on a box sized from the enclosure of the last Newton step
// (the general Prover starts smaller and usually needs a second test),
// the branch test and the verdict, all in Interval64. It reports true
// when it has decided the status; otherwise Certify falls back on the
// general Prover (rising precision), and nothing fast64 wrote matters.
func (fc *FermatCertifier) fast64(cert *FermatCert) bool {
	m, y, ok := fc.newton64(cert)
	if !ok {
		return false
	}
	// d ∋ Y·F(m), rigorously.
	var f [2]Interval64
	var jac [4]Interval64
	mbox := [2]Interval64{Point64(m[0]), Point64(m[1])}
	for i := range 2 {
		evalPair64(&fc.pt[i], fc.sys.t[i], fc.sys.t[i+1], mbox, false)
		f[i], _ = fc.pt[i].psi64()
	}
	var d [2]Interval64
	for i := range 2 {
		d[i] = f[0].Scale(y[i][0]).Add(f[1].Scale(y[i][1]))
	}
	// X = m ± r with r twice the Newton step's enclosure, plus a floor of
	// a few ulps of the coordinates.
	floor := 0x1p-50 * max(math.Abs(m[0]), math.Abs(m[1]), 0x1p-900)
	var x [2]Interval64
	var rho [2]float64
	for i := range 2 {
		r := addUp(mulUp(d[i].Mag(), 2), floor)
		x[i] = Interval64{addDown(m[i], -r), addUp(m[i], r)}
		rho[i] = x[i].RadAbout(m[i])
	}
	// F′(X), keeping the pair terms over X for the branch test.
	pt := &fc.pt
	for i := range 2 {
		evalPair64(&pt[i], fc.sys.t[i], fc.sys.t[i+1], x, true)
		_, g := pt[i].psi64()
		jac[2*i], jac[2*i+1] = g[0], g[1]
	}
	// K(X) = m − Y·F(m) + (I − Y·F′(X))·(X − m), with X − m ⊆ [−ρ, ρ].
	var k [2]Interval64
	for i := range 2 {
		s := 0.0
		for j := range 2 {
			c := Point64(0)
			if i == j {
				c = Point64(1)
			}
			c = c.Sub(jac[j].Scale(y[i][0])).Sub(jac[2+j].Scale(y[i][1]))
			s = addUp(s, mulUp(c.Mag(), rho[j]))
		}
		k[i] = Interval64{addDown(addDown(m[i], -d[i].Hi), -s), addUp(addUp(m[i], -d[i].Lo), s)}
		if !k[i].Interior(x[i]) || !k[i].IsFinite() {
			return false
		}
	}
	// The branch test on X ⊇ K(X) ∋ the root (a little wider than on K,
	// but two of the three pairs are already evaluated).
	evalPair64(&pt[2], fc.sys.t[2], fc.sys.t[0], x, false)
	if fc.branchTerms64(x, pt) != branchOK {
		return false
	}
	return fc.finish64(cert, k, m)
}

// newton64 runs Newton's method in float64 from the candidate and returns
// the last iterate m and y ≈ F′(m)⁻¹, the Krawczyk preconditioner; ok is
// false when the iteration breaks down.
func (fc *FermatCertifier) newton64(cert *FermatCert) (m [2]float64, y [2][2]float64, ok bool) {
	m = [2]float64{cert.Candidate.X, cert.Candidate.Y}
	prev := math.Inf(1)
	for it := 0; it < maxNewton; it++ {
		v, j := fc.sys.f3.PsiJac(m)
		det := j[0][0]*j[1][1] - j[0][1]*j[1][0]
		if det == 0 || math.IsNaN(det) || math.IsInf(det, 0) {
			return m, y, false
		}
		y = [2][2]float64{{j[1][1] / det, -j[0][1] / det}, {-j[1][0] / det, j[0][0] / det}}
		s0 := y[0][0]*v[0] + y[0][1]*v[1]
		s1 := y[1][0]*v[0] + y[1][1]*v[1]
		size := math.Abs(s0) + math.Abs(s1)
		if !(size < prev) {
			break // not contracting any more (or NaN): keep m
		}
		m[0] -= s0
		m[1] -= s1
		if math.IsNaN(m[0]) || math.IsNaN(m[1]) || math.IsInf(m[0], 0) || math.IsInf(m[1], 0) {
			return m, y, false
		}
		if size <= 0x1p-53*(math.Abs(m[0])+math.Abs(m[1])) {
			break // below the rounding level of m
		}
		prev = size
	}
	return m, y, true
}

// finish64 judges the candidate against the proved enclosure k (in
// float64 with directed rounding) and, when that decides, fills cert from
// k, the Newton point m and the cosines in fc.cos64.
func (fc *FermatCertifier) finish64(cert *FermatCert, k [2]Interval64, m [2]float64) bool {
	cand := [2]float64{cert.Candidate.X, cert.Candidate.Y}
	offset, gap := 0.0, 0.0
	for i := range 2 {
		offset = max(offset, k[i].RadAbout(cand[i]))
		switch {
		case k[i].Lo > cand[i]:
			gap = max(gap, addDown(k[i].Lo, -cand[i]))
		case k[i].Hi < cand[i]:
			gap = max(gap, addDown(cand[i], -k[i].Hi))
		}
	}
	switch {
	case offset <= cert.TolAbs:
		cert.Status = FermatCertified
	case gap > cert.TolAbs:
		cert.Status = FermatRefuted
	default:
		return false
	}
	cert.Proved, cert.Prec = true, 53
	radius := 0.0
	var mid [2]float64
	for i := range 2 {
		cert.Box[i].SetPrec(53)
		cert.Box[i].SetInterval64(k[i]) // finite, checked above
		mid[i] = k[i].Mid()
		cert.Mid[i].SetPrec(53).SetFloat64(mid[i])
		radius = max(radius, k[i].RadAbout(mid[i]))
	}
	cert.Radius.SetPrec(53).SetFloat64(radius)
	cert.Near = hyperbolic.Point{X: mid[0], Y: mid[1]}
	if k[0].Contains(m[0]) && k[1].Contains(m[1]) {
		cert.Near = hyperbolic.Point{X: m[0], Y: m[1]}
	}
	cert.Offset.SetPrec(53).SetFloat64(offset)
	cert.AngleErr = 0
	for i := range fc.cos64 {
		c := &cert.Cos[(i+fc.rot)%3]
		c.SetPrec(53)
		c.SetInterval64(fc.cos64[i])
		cert.AngleErr = max(cert.AngleErr, AngleDev120_64(fc.cos64[i]))
	}
	return true
}
