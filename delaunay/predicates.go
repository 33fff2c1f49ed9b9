package delaunay

import (
	"math"
	"math/big"
)

// Robust orientation and in-circle predicates (Shewchuk's approach, our own
// implementation): the determinant is first evaluated in float64 together
// with an a-priori bound on its rounding error; only when the computed value
// is smaller than the bound is it re-evaluated exactly with floating-point
// expansions (expansion.go). For coordinates whose magnitude is outside
// [2⁻²⁰⁰, 2²⁰⁰] (zero is fine) the float filter and the expansions could
// underflow or overflow, so such inputs are evaluated with big.Rat instead.

const (
	epsilon = 0x1p-53 // unit roundoff of float64
	// orientBound and inCircleBound are Shewchuk's first-stage error bounds
	// (ccwerrboundA, iccerrboundA) relative to the permanent of the
	// determinant; they include the rounding of the coordinate differences.
	orientBound   = (3 + 16*epsilon) * epsilon
	inCircleBound = (10 + 96*epsilon) * epsilon
	// safeMin and safeMax delimit coordinates for which the float filter and
	// the expansions are valid: with |x| ≥ 2⁻²⁰⁰ every coordinate is a
	// multiple of 2⁻²⁵², so every exact product of up to four of them is a
	// multiple of 2⁻¹⁰⁰⁸, above the normal range's 2⁻¹⁰²²; with |x| ≤ 2²⁰⁰
	// the in-circle determinant stays below 2⁸¹⁰.
	safeMin = 0x1p-200
	safeMax = 0x1p200
)

// safeCoord reports whether the float filter and the expansion arithmetic
// are exact for coordinate x.
func safeCoord(x float64) bool {
	a := math.Abs(x)
	return a == 0 || (a >= safeMin && a <= safeMax)
}

func safePoint(p Point) bool { return safeCoord(p.X) && safeCoord(p.Y) }

func finitePoint(p Point) bool {
	return !math.IsNaN(p.X) && !math.IsInf(p.X, 0) && !math.IsNaN(p.Y) && !math.IsInf(p.Y, 0)
}

func sign(x float64) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// Orient returns +1 if a, b, c are in counter-clockwise order, −1 if they
// are clockwise and 0 if they are collinear: the exact sign of
//
//	| a.X a.Y 1 |
//	| b.X b.Y 1 | = (b−a)×(c−a).
//	| c.X c.Y 1 |
//
// The answer is exact for all finite inputs. Orient returns 0 when a
// coordinate is NaN or infinite (there is no sign to decide); Triangulate
// and Hyperbolic reject such input with a *PointError instead.
func Orient(a, b, c Point) int {
	if !finitePoint(a) || !finitePoint(b) || !finitePoint(c) {
		return 0
	}
	if !safePoint(a) || !safePoint(b) || !safePoint(c) {
		return orientRat(a, b, c)
	}
	return sign(orientFast(a, b, c))
}

// InCircle returns the exact sign of
//
//	| a.X a.Y a.X²+a.Y² 1 |
//	| b.X b.Y b.X²+b.Y² 1 |
//	| c.X c.Y c.X²+c.Y² 1 |
//	| d.X d.Y d.X²+d.Y² 1 |
//
// When a, b, c are counter-clockwise this is +1 if d lies strictly inside
// the circle through them, −1 if strictly outside and 0 if on it; the sign
// flips for clockwise a, b, c. The answer is exact for all finite inputs;
// InCircle returns 0 when a coordinate is NaN or infinite.
func InCircle(a, b, c, d Point) int {
	if !finitePoint(a) || !finitePoint(b) || !finitePoint(c) || !finitePoint(d) {
		return 0
	}
	if !safePoint(a) || !safePoint(b) || !safePoint(c) || !safePoint(d) {
		return inCircleRat(a, b, c, d)
	}
	return sign(inCircleFast(a, b, c, d))
}

// orientFast returns a number with the exact sign of the orientation
// determinant, for coordinates that satisfy safeCoord.
func orientFast(a, b, c Point) float64 {
	detLeft := float64((a.X - c.X) * (b.Y - c.Y))
	detRight := float64((a.Y - c.Y) * (b.X - c.X))
	det := detLeft - detRight
	var detSum float64
	switch {
	case detLeft > 0:
		if detRight <= 0 {
			return det // both terms push the same way: the sign is certain
		}
		detSum = detLeft + detRight
	case detLeft < 0:
		if detRight >= 0 {
			return det
		}
		detSum = -detLeft - detRight
	default:
		return det // detLeft is exactly 0 and detRight has the exact sign
	}
	bound := orientBound * detSum
	if det >= bound || -det >= bound {
		return det
	}
	return orientExact(a, b, c)
}

// orientExact evaluates the orientation determinant exactly as
// a×b + b×c + c×a, with p×q = p.X·q.Y − p.Y·q.X, and returns the largest
// component of the resulting expansion.
func orientExact(a, b, c Point) float64 {
	var ab, bc, ca [4]float64
	var s [8]float64
	var det [12]float64
	e := expSum(s[:], expCross(ab[:], a, b), expCross(bc[:], b, c))
	d := expSum(det[:], e, expCross(ca[:], c, a))
	return d[len(d)-1]
}

// inCircleFast returns a number with the exact sign of the in-circle
// determinant, for coordinates that satisfy safeCoord.
func inCircleFast(a, b, c, d Point) float64 {
	adx, ady := a.X-d.X, a.Y-d.Y
	bdx, bdy := b.X-d.X, b.Y-d.Y
	cdx, cdy := c.X-d.X, c.Y-d.Y

	bdxcdy := float64(bdx * cdy)
	cdxbdy := float64(cdx * bdy)
	alift := float64(adx*adx) + float64(ady*ady)

	cdxady := float64(cdx * ady)
	adxcdy := float64(adx * cdy)
	blift := float64(bdx*bdx) + float64(bdy*bdy)

	adxbdy := float64(adx * bdy)
	bdxady := float64(bdx * ady)
	clift := float64(cdx*cdx) + float64(cdy*cdy)

	det := float64(alift*(bdxcdy-cdxbdy)) + float64(blift*(cdxady-adxcdy)) + float64(clift*(adxbdy-bdxady))
	permanent := float64((math.Abs(bdxcdy)+math.Abs(cdxbdy))*alift) +
		float64((math.Abs(cdxady)+math.Abs(adxcdy))*blift) +
		float64((math.Abs(adxbdy)+math.Abs(bdxady))*clift)
	bound := inCircleBound * permanent
	if det > bound || -det > bound {
		return det
	}
	return inCircleExact(a, b, c, d)
}

// inCircleExact evaluates the 4×4 in-circle determinant exactly by
// expanding along the lifted column:
//
//	det = |a|²·O(b,c,d) − |b|²·O(a,c,d) + |c|²·O(a,b,d) − |d|²·O(a,b,c),
//
// where O is the orientation determinant built from the six cross products
// of the raw coordinates, and |p|²·O = p.X·(p.X·O) + p.Y·(p.Y·O).
func inCircleExact(a, b, c, d Point) float64 {
	var ab, bc, cd, da, ac, bd [4]float64
	eab := expCross(ab[:], a, b)
	ebc := expCross(bc[:], b, c)
	ecd := expCross(cd[:], c, d)
	eda := expCross(da[:], d, a)
	eac := expCross(ac[:], a, c)
	ebd := expCross(bd[:], b, d)

	var t8 [8]float64
	var obcd, oacd, oabd, oabc [12]float64
	// O(b,c,d) = b×c + c×d − b×d
	var nbd [4]float64
	enbd := nbd[:copy(nbd[:], ebd)]
	expNegate(enbd)
	o1 := expSum(obcd[:], expSum(t8[:], ebc, ecd), enbd)
	// O(a,c,d) = a×c + c×d + d×a
	o2 := expSum(oacd[:], expSum(t8[:], eac, ecd), eda)
	// O(a,b,d) = a×b + b×d + d×a
	o3 := expSum(oabd[:], expSum(t8[:], eab, ebd), eda)
	// O(a,b,c) = a×b + b×c − a×c
	var nac [4]float64
	enac := nac[:copy(nac[:], eac)]
	expNegate(enac)
	o4 := expSum(oabc[:], expSum(t8[:], eab, ebc), enac)

	var ta, tb, tc, td [96]float64
	la := liftTimes(ta[:], o1, a)
	lb := liftTimes(tb[:], o2, b)
	lc := liftTimes(tc[:], o3, c)
	ld := liftTimes(td[:], o4, d)
	expNegate(lb)
	expNegate(ld)
	var s1, s2 [192]float64
	var det [384]float64
	e := expSum(det[:], expSum(s1[:], la, lb), expSum(s2[:], lc, ld))
	return e[len(e)-1]
}

// liftTimes writes (p.X² + p.Y²)·o exactly into h (room for 8·len(o)).
func liftTimes(h []float64, o []float64, p Point) []float64 {
	var x1, y1 [24]float64
	var x2, y2 [48]float64
	ex := expScale(x2[:], expScale(x1[:], o, p.X), p.X)
	ey := expScale(y2[:], expScale(y1[:], o, p.Y), p.Y)
	return expSum(h, ex, ey)
}

// ratOf returns the exact rational value of a finite float64.
func ratOf(x float64) *big.Rat { return new(big.Rat).SetFloat64(x) }

// orientRat is the big.Rat evaluation of the orientation determinant.
func orientRat(a, b, c Point) int {
	ax, ay := ratOf(a.X), ratOf(a.Y)
	bx := new(big.Rat).Sub(ratOf(b.X), ax)
	by := new(big.Rat).Sub(ratOf(b.Y), ay)
	cx := new(big.Rat).Sub(ratOf(c.X), ax)
	cy := new(big.Rat).Sub(ratOf(c.Y), ay)
	l := new(big.Rat).Mul(bx, cy)
	r := new(big.Rat).Mul(by, cx)
	return l.Cmp(r)
}

// inCircleRat is the big.Rat evaluation of the in-circle determinant,
// translated so that d is the origin.
func inCircleRat(a, b, c, d Point) int {
	dx, dy := ratOf(d.X), ratOf(d.Y)
	rel := func(p Point) (x, y, l *big.Rat) {
		x = new(big.Rat).Sub(ratOf(p.X), dx)
		y = new(big.Rat).Sub(ratOf(p.Y), dy)
		l = new(big.Rat).Mul(x, x)
		l.Add(l, new(big.Rat).Mul(y, y))
		return x, y, l
	}
	ax, ay, al := rel(a)
	bx, by, bl := rel(b)
	cx, cy, cl := rel(c)
	cross := func(px, py, qx, qy *big.Rat) *big.Rat {
		t := new(big.Rat).Mul(px, qy)
		return t.Sub(t, new(big.Rat).Mul(py, qx))
	}
	det := new(big.Rat).Mul(al, cross(bx, by, cx, cy))
	det.Add(det, new(big.Rat).Mul(bl, cross(cx, cy, ax, ay)))
	det.Add(det, new(big.Rat).Mul(cl, cross(ax, ay, bx, by)))
	return det.Sign()
}
