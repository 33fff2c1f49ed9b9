package efst

import "math"

// eqPoint is an equilateral point (Melzak): a terminal, or the apex E of
// the equilateral triangle erected on the segment from the positions of two
// smaller equilateral points a and b, on the right of a → b. It stands for
// every full Steiner tree in which a Steiner point S joins the subtrees of
// a and b and its third edge leaves S along the ray from E through S: S
// lies on the arc from a to b of the circle through a, b and E (the one
// not containing E, where a and b are seen under 120°), and the subtrees
// and the edges from S to them have length |S − E| in all.
//
// Points of the arc are parametrised by λ ∈ [0, 1]: the ray from E
// through the point meets the segment from a (λ = 0) to b (λ = 1) at
// a + λ·(b − a). [lo, hi] is the part of the arc where S may lie: every
// pruning test only shrinks it to an interval that still contains every
// position of S that an SMT can use, with the ends rounded outwards.
type eqPoint struct {
	a, b  int32 // children, −1 for a terminal
	size  int32
	terms []int32 // sorted terminal indices
	// E and C (the centre of the circle through a, b and E) are relative
	// to terminal o: coordinates of nearby points then carry errors of
	// the local scale, not of the coordinates' magnitude.
	o      int32
	E      ipt
	C      ipt
	r2     iv // squared radius of the circle
	lo, hi float64
	ub     float64    // upper bound of the bottleneck MST of terms
	box    [4]float64 // minx, maxx, miny, maxy of the region a parent's Steiner point can occupy
	q, qc  *qpt       // exact E and C, computed on demand
	// dLo, dHi are the directions from E to the ends of the feasible arc
	// (through a + lo·(b − a) and a + hi·(b − a)): a parent's Steiner
	// point must lie in the cone between them.
	dLo, dHi ipt
}

func (k *eqPoint) terminal() bool { return k.a < 0 }

func (k *eqPoint) raiseLo(v float64) {
	if v > k.lo { // false for NaN
		k.lo = v
	}
}

func (k *eqPoint) lowerHi(v float64) {
	if v < k.hi {
		k.hi = v
	}
}

// rel encloses the position of terminal u relative to terminal o: the
// difference of their coordinates, exact when it is representable (as it
// is for nearby points, by Sterbenz's lemma).
func (g *gen) rel(u, o int32) ipt {
	if u == o {
		return ipt{}
	}
	return ipt{diff(g.pts[u][0], g.pts[o][0]), diff(g.pts[u][1], g.pts[o][1])}
}

// diff encloses a − b: the rounded difference, widened only when rounding
// lost something (checked with TwoSum).
func diff(a, b float64) iv {
	s := a - b
	bb := s - a
	if e := (a - (s - bb)) + (-b - bb); e == 0 && !math.IsInf(s, 0) {
		return pt(s)
	}
	return iv{nextDown(s), nextUp(s)}
}

// at encloses the position of equilateral point x relative to terminal o.
func (g *gen) at(x, o int32) ipt {
	e := &g.eq[x]
	if e.o == o {
		return e.E
	}
	return e.E.add(g.rel(e.o, o))
}

// centreAt encloses the centre of x's circle relative to terminal o.
func (g *gen) centreAt(x, o int32) ipt {
	e := &g.eq[x]
	if e.o == o {
		return e.C
	}
	return e.C.add(g.rel(e.o, o))
}

// abs encloses the absolute position of p given relative to terminal o.
func (g *gen) abs(p ipt, o int32) ipt { return p.add(ptOf(g.pts[o][0], g.pts[o][1])) }

// lam encloses λ of the ray from E through X (X relative to k.o).
func (g *gen) lam(k *eqPoint, X ipt) iv {
	A, B := g.ends(k)
	oA := orient(k.E, X, A)
	oB := orient(k.E, X, B)
	return oA.div(oA.sub(oB))
}

// arcPoint encloses the point of k's arc with parameter λ (relative to
// k.o, like every position handled with k).
func (g *gen) arcPoint(k *eqPoint, lam float64) ipt {
	A, B := g.ends(k)
	M := A.add(B.sub(A).mul(pt(lam)))
	d := M.sub(k.E)
	tau := k.C.sub(k.E).dot(d).scale(2).div(d.norm2())
	return k.E.add(d.mul(tau))
}

// restrict narrows k's arc by a condition that holds on one side of a
// line or circle through the arc's end P (atB: P is b, else a) that meets
// the circle again at X (parameter lx); tSat is +1 when the condition
// holds at the other end T, −1 when it fails there, 0 when undecided (no
// restriction). On the open arc the condition changes only at X, so it
// holds between X and T when it holds at T, and between P and X when not.
// It returns false when the arc is proved empty.
func (k *eqPoint) restrict(atB bool, lx iv, tSat int) bool {
	if tSat == 0 {
		return true
	}
	in := lx.lo >= 0 && lx.hi <= 1
	out := lx.hi < 0 || lx.lo > 1
	if (tSat > 0) != atB {
		// Feasible: [λX, 1] (or all when X is off the arc).
		if tSat < 0 {
			if out {
				return false
			}
			k.raiseLo(lx.lo)
		} else if in {
			k.raiseLo(lx.lo)
		}
	} else {
		// Feasible: [0, λX] (or all when X is off the arc).
		if tSat < 0 {
			if out {
				return false
			}
			k.lowerHi(lx.hi)
		} else if in {
			k.lowerHi(lx.hi)
		}
	}
	return k.lo <= k.hi
}

// signOf maps a decided sign to ±1 wanted/unwanted: +1 when the sign of
// v is want (≠ 0), −1 when it is −want, 0 when zero or undecided.
func signOf(v iv, want int) int {
	s, ok := v.sign()
	if !ok || s == 0 {
		return 0
	}
	if s == want {
		return 1
	}
	return -1
}

// ends returns the positions of k's children relative to k.o.
func (g *gen) ends(k *eqPoint) (A, B ipt) { return g.at(k.a, k.o), g.at(k.b, k.o) }

// cutLine restricts k to the points S with sign(orient(P, Q, S)) = want
// (or zero), P the position of the child at the b end when atB, else a.
func (g *gen) cutLine(k *eqPoint, atB bool, Q ipt, want int) bool {
	A, B := g.ends(k)
	P, T := A, B
	if atB {
		P, T = B, A
	}
	d := Q.sub(P)
	tau := k.C.sub(P).dot(d).scale(2).div(d.norm2())
	X := P.add(d.mul(tau))
	return k.restrict(atB, g.lam(k, X), signOf(orient(P, Q, T), want))
}

// cutCircle restricts k to the points outside the circle (centre c, squared
// radius r2) through the child's position P.
func (g *gen) cutCircle(k *eqPoint, atB bool, c ipt, r2 iv) bool {
	A, B := g.ends(k)
	P, T := A, B
	if atB {
		P, T = B, A
	}
	// The circles meet at P and at P's mirror image in the line of
	// centres.
	u := c.sub(k.C)
	f := k.C.add(u.mul(P.sub(k.C).dot(u).div(u.norm2())))
	Y := f.scale(2).sub(P)
	return k.restrict(atB, g.lam(k, Y), signOf(dist2(T, c).sub(r2), 1))
}

// coneMeetsArc reports whether the cone of composite child c may meet the
// arc of its parent built on c and the other child at position Q (c at
// the parent's b end when atB): seen from c's apex the parent's arc spans
// the directions from Q − E_c turning 60° counterclockwise (c at the a
// end, the arc on the left of a → b) or clockwise (b end). Two angular
// intervals narrower than 180° meet when one holds the other's first
// direction. It is false only when proved.
func coneMeetsArc(c *eqPoint, Q ipt, atB bool) bool {
	v := Q.sub(c.E)
	w := rotp60(v)
	arcLo, arcHi := v, w
	if atB {
		arcLo, arcHi = rotm60(v), v
	}
	// x ∈ [α, β] ⇔ α × x ≥ 0 and x × β ≥ 0.
	in := func(x, a, b ipt) bool { return !(a.cross(x).hi < 0 || x.cross(b).hi < 0) }
	return in(arcLo, c.dHi, c.dLo) || in(c.dHi, arcLo, arcHi)
}

// projection restricts k by a composite child c: S must see c's feasible
// arc, i.e. lie in the cone from c's apex through it (λ_c(S) ∈ [lo_c, hi_c]),
// and outside c's circle, so that c's Steiner point lies strictly between
// S and c's apex.
func (g *gen) projection(k *eqPoint, ci int32, atB bool) bool {
	c := &g.eq[ci]
	ca, cb := g.at(c.a, k.o), g.at(c.b, k.o)
	mLo := ca.add(cb.sub(ca).mul(pt(c.lo)))
	mHi := ca.add(cb.sub(ca).mul(pt(c.hi)))
	// Larger λ_c is clockwise seen from c's apex.
	return g.cutLine(k, atB, mLo, -1) && g.cutLine(k, atB, mHi, 1) && g.cutCircle(k, atB, g.centreAt(ci, k.o), c.r2)
}

// chordPoint encloses the point of k's circle at distance beta (|beta|,
// given squared as beta2) from the child position at one end, on the way
// to the other end. ok is false when the direction is undecided.
func (g *gen) chordPoint(k *eqPoint, atB bool, beta2 iv) (ipt, bool) {
	A, B := g.ends(k)
	P, T := A, B
	if atB {
		P, T = B, A
	}
	s, ok := orient(k.C, P, T).sign()
	if !ok || s == 0 {
		return ipt{}, false
	}
	// sin(θ/2) = β/(2R): cos θ = 1 − β²/(2R²), sin θ = (β/R)·√(1 − β²/(4R²)).
	h := beta2.div(k.r2) // β²/R²
	cos := pt(1).sub(h.scale(0.5))
	sin := h.sqrt().mul(pt(1).sub(h.scale(0.25)).sqrt())
	if s < 0 {
		sin = sin.neg()
	}
	v := P.sub(k.C)
	return k.C.add(ipt{v.x.mul(cos).sub(v.y.mul(sin)), v.x.mul(sin).add(v.y.mul(cos))}), true
}

// cutChord restricts k to the points within distance β of the child
// position at one end (|S − P| grows monotonically along the arc from P).
func (g *gen) cutChord(k *eqPoint, atB bool, beta2 iv) bool {
	A, B := g.ends(k)
	if beta2.lo >= dist2(A, B).hi {
		return true // the whole arc is within reach
	}
	if !(beta2.hi < dist2(A, B).lo) {
		return true
	}
	X, ok := g.chordPoint(k, atB, beta2)
	if !ok {
		return true
	}
	l := g.lam(k, X)
	if atB {
		k.raiseLo(l.lo)
	} else {
		k.lowerHi(l.hi)
	}
	return k.lo <= k.hi
}

// cutEdgeToChild restricts k by the bottleneck test on the edge from S to
// the Steiner point S_c of a composite child c at position P: on a ray
// from P with unit direction u, S and S_c lie at distances 2(C_k − P)·u
// and 2(C_c − P)·u, so the edge is 2(C_k − C_c)·u long. It exceeds β on
// the directions of an open cone around w = C_k − C_c, which meets the
// arc's range of directions from P (60°) in one interval. The arc is cut
// when that interval is proved to contain exactly one of its ends (and
// discarded when it contains both).
func (g *gen) cutEdgeToChild(k *eqPoint, ci int32, atB bool, beta float64) bool {
	A, B := g.ends(k)
	P := A
	if atB {
		P = B
	}
	w := k.C.sub(g.centreAt(ci, k.o))
	bt := pt(beta)
	// feasible(X) ⇔ 2w·(X − P) ≤ β|X − P|: +1 proved, −1 disproved.
	feasible := func(X ipt) int {
		d := X.sub(P)
		return signOf(bt.mul(d.norm2().sqrt()).sub(w.dot(d).scale(2)), 1)
	}
	fl, fh := feasible(g.arcPoint(k, k.lo)), feasible(g.arcPoint(k, k.hi))
	if fl < 0 && fh < 0 {
		return false
	}
	if fl*fh >= 0 {
		return true // both feasible, or undecided
	}
	// The cone's boundary directions u± = (β/2|w|)·ŵ ± √(1 − β²/4|w|²)·ŵ⊥,
	// and where their rays meet the arc.
	wn := w.norm2().sqrt()
	cosA := bt.div(wn.scale(2))
	if !(cosA.hi < 1) {
		return true
	}
	sinA := pt(1).sub(cosA.sqr()).sqrt()
	wh := ipt{w.x.div(wn), w.y.div(wn)}
	wp := ipt{wh.y.neg(), wh.x}
	var cross []iv
	for _, sg := range []float64{1, -1} {
		u := wh.mul(cosA).add(wp.mul(sinA.scale(sg)))
		t := k.C.sub(P).dot(u).scale(2)
		if t.hi <= 0 {
			continue
		}
		if !(t.lo > 0) {
			return true
		}
		l := g.lam(k, P.add(u.mul(t)))
		if l.hi < k.lo || l.lo > k.hi {
			continue
		}
		cross = append(cross, l)
	}
	if len(cross) == 0 {
		return true
	}
	if fh < 0 {
		m := cross[0].hi
		for _, l := range cross[1:] {
			m = max(m, l.hi)
		}
		k.lowerHi(m)
	} else {
		m := cross[0].lo
		for _, l := range cross[1:] {
			m = min(m, l.lo)
		}
		k.raiseLo(m)
	}
	return k.lo <= k.hi
}

// arcPointIv encloses the points of k's arc with parameter in l.
func (g *gen) arcPointIv(k *eqPoint, l iv) ipt {
	A, B := g.ends(k)
	M := A.add(B.sub(A).mul(l))
	d := M.sub(k.E)
	tau := k.C.sub(k.E).dot(d).scale(2).div(d.norm2())
	return k.E.add(d.mul(tau))
}

// march cuts k's arc from its far end (hi, or lo when fromLo) by as much
// as bad proves: bad(l) must report that every S with parameter in l is
// infeasible. Steps grow while they are proved and shrink when not, down
// to a thousandth of the arc. It returns false when the whole arc is
// proved infeasible.
func (g *gen) march(k *eqPoint, fromLo bool, bad func(l iv) bool) bool {
	span := k.hi - k.lo
	if !(span > 0) {
		return k.lo <= k.hi
	}
	h := span / 8
	x := k.hi
	if fromLo {
		x = k.lo
	}
	moved := false
	for h >= span*1e-3 {
		var l iv
		if fromLo {
			l = iv{x, min(x+h, k.hi)}
		} else {
			l = iv{max(x-h, k.lo), x}
		}
		if !bad(l) {
			h /= 2
			continue
		}
		moved = true
		if fromLo {
			x = l.hi
			if x >= k.hi {
				return false
			}
		} else {
			x = l.lo
			if x <= k.lo {
				return false
			}
		}
		h *= 2
	}
	if moved {
		if fromLo {
			k.raiseLo(x)
		} else {
			k.lowerHi(x)
		}
	}
	return k.lo <= k.hi
}

// luneComposite restricts k by the lune of the edge from S to the Steiner
// point S_c of a composite child c at P: no terminal strictly within
// |S − S_c| of both. S_c is the second intersection of the segment from S
// to P with c's circle.
func (g *gen) luneComposite(k *eqPoint, ci int32, atB bool) bool {
	A, B := g.ends(k)
	P := A
	far := k.hi
	if atB {
		P, far = B, k.lo
	}
	cc := g.centreAt(ci, k.o)
	edge := func(S ipt) (Sc ipt, l2 iv) {
		d := S.sub(P)
		tau := cc.sub(P).dot(d).scale(2).div(d.norm2())
		Sc = P.add(d.mul(tau))
		return Sc, dist2(S, Sc)
	}
	X := g.arcPoint(k, far)
	Xc, l2 := edge(X)
	rad := l2.sqrt().hi
	cx, cy := g.abs(X, k.o).mid()
	var rs []ipt
	g.tgrid.query([4]float64{cx - rad, cx + rad, cy - rad, cy + rad}, func(r int32) {
		rp := g.rel(r, k.o)
		if dist2(rp, X).hi < l2.lo && dist2(rp, Xc).hi < l2.lo {
			rs = append(rs, rp)
		}
	})
	for _, r := range rs {
		ok := g.march(k, atB, func(l iv) bool {
			S := g.arcPointIv(k, l)
			Sc, l2 := edge(S)
			return dist2(r, S).hi < l2.lo && dist2(r, Sc).hi < l2.lo
		})
		if !ok {
			return false
		}
	}
	return true
}

// cutLune restricts k by the lune of the edge from S to the terminal child
// P: no terminal r lies strictly inside it, i.e. |r − S| < |S − P| and
// |r − P| < |S − P|. The points S that put r inside the lune are those
// beyond the chord |r − P| from P and on r's side of the bisector of r
// and P; the arc is cut only where that set reaches the arc's far end.
func (g *gen) cutLune(k *eqPoint, atB bool, r ipt) bool {
	A, B := g.ends(k)
	P := A
	if atB {
		P = B
	}
	beta2 := dist2(r, P)
	if beta2.lo >= dist2(A, B).hi || !(beta2.hi < dist2(A, B).lo) {
		return true
	}
	X1, ok := g.chordPoint(k, atB, beta2)
	if !ok {
		return true
	}
	l1 := g.lam(k, X1)
	// Crossings of the bisector X = m + s·t with the circle.
	m := r.add(P).scale(0.5)
	nrm := r.sub(P)
	t := ipt{nrm.y.neg(), nrm.x}
	a := t.norm2()
	w := m.sub(k.C)
	bq := w.dot(t)
	c := w.norm2().sub(k.r2)
	D := bq.sqr().sub(a.mul(c))
	if D.hi < 0 || !(D.lo > 0) {
		return true
	}
	sD := D.sqrt()
	var on []iv
	for _, sgn := range []float64{-1, 1} {
		s := bq.neg().add(sD.scale(sgn)).div(a)
		l := g.lam(k, m.add(t.mul(s)))
		switch {
		case l.lo >= 0 && l.hi <= 1:
			on = append(on, l)
		case l.hi < 0 || l.lo > 1:
		default:
			return true
		}
	}
	switch len(on) {
	case 1:
		if atB {
			k.raiseLo(min(l1.lo, on[0].lo))
		} else {
			k.lowerHi(max(l1.hi, on[0].hi))
		}
	case 2:
		la, lb := on[0], on[1]
		if la.lo > lb.hi {
			la, lb = lb, la
		}
		if !(la.hi < lb.lo) {
			return true
		}
		if atB {
			if la.hi <= k.lo {
				k.raiseLo(min(l1.lo, lb.lo))
			}
		} else if lb.lo >= k.hi {
			k.lowerHi(max(l1.hi, la.hi))
		}
	}
	return k.lo <= k.hi
}

// upperBoundTest applies the upper-bound test to k's arc (discarding k
// when it fails everywhere) and then cuts from either end the parts where
// it fails.
func (g *gen) upperBoundTest(k *eqPoint) bool {
	if g.ubFails(k, k.lo, k.hi) {
		return false
	}
	fails := func(l iv) bool { return g.ubFails(k, l.lo, l.hi) }
	return g.march(k, false, fails) && g.march(k, true, fails)
}

// ubFails reports whether every Steiner point S on the part [lo, hi] of
// k's arc is proved useless: the subtrees and edges from S cost |S − E|
// (least at an end of the part), while some other tree joins S and the
// terminals of k for less. The alternatives:
//   - S joined to the nearest terminal of k, the terminals of k
//     reconnected along the minimum spanning tree (at most their
//     bottleneck MST, ub);
//   - S joined to both ends of the part, each end to the nearest terminal
//     of its side, each side reconnected within its own bottleneck MST;
//   - a Euclidean MST of the ends, a point between them and the
//     terminals of k, with S joined to the nearest of the three points.
func (g *gen) ubFails(k *eqPoint, lo, hi float64) bool {
	xl, xh := g.arcPoint(k, lo), g.arcPoint(k, hi)
	minLen := min(dist(k.E, xl).lo, dist(k.E, xh).lo)
	chord := dist(xl, xh).hi
	dmax := math.Inf(1)
	for _, t := range k.terms {
		tp := g.rel(t, k.o)
		dmax = min(dmax, nextUp(min(dist(tp, xl).hi, dist(tp, xh).hi)+chord))
	}
	A, B := g.ends(k)
	if g.eq[k.a].terminal() {
		dmax = min(dmax, max(dist(A, xl).hi, dist(A, xh).hi))
	}
	if g.eq[k.b].terminal() {
		dmax = min(dmax, max(dist(B, xl).hi, dist(B, xh).hi))
	}
	if nextUp(k.ub+dmax) < minLen {
		return true
	}
	M := xl.add(xh).scale(0.5)
	dm := M.sub(k.C)
	xmid := k.C.add(dm.mul(k.r2.sqrt().div(dm.norm2().sqrt())))
	both := dist(xmid, xl).hi
	da, db := math.Inf(1), math.Inf(1)
	for _, t := range g.eq[k.a].terms {
		da = min(da, dist(g.rel(t, k.o), xl).hi)
	}
	for _, t := range g.eq[k.b].terms {
		db = min(db, dist(g.rel(t, k.o), xh).hi)
	}
	sides := nextUp(nextUp(nextUp(2*both)+nextUp(da+db)) + nextUp(g.eq[k.a].ub+g.eq[k.b].ub))
	if sides < minLen {
		return true
	}
	// xmid is the part's midpoint: every S is within |xmid − end| of an
	// end or of xmid (chords grow monotonically from each point).
	return nextUp(g.euclidMST(k.terms, k.o, []ipt{xl, xh, xmid})+both) < minLen
}

// euclidMST returns an upper bound of the length of a Euclidean minimum
// spanning tree of the terminals ts and the extra points (relative to o).
func (g *gen) euclidMST(ts []int32, o int32, extra []ipt) float64 {
	pts := make([]ipt, 0, len(ts)+len(extra))
	pts = append(pts, extra...)
	for _, t := range ts {
		pts = append(pts, g.rel(t, o))
	}
	return primUpper(len(pts), func(i, j int) float64 { return dist(pts[i], pts[j]).hi })
}
