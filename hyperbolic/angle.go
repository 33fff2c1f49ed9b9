package hyperbolic

import "math"

// angleTerms returns c, s ≥ 0 and n > 0 with cos θ = c/n and sin θ = s/n,
// θ the angle at v between the geodesics to a and to b.
//
// Geodesics of the Klein model are chords, so the tangent directions at v
// are u = a − v and w = b − v; the metric at v is proportional to
// G = (1−|v|²)·I + v·vᵀ, whose determinant is 1−|v|². Hence
//
//	cos θ = uᵀGw / (|u|_G |w|_G),   sin θ = √(1−|v|²) |u × w| / (|u|_G |w|_G),
//
// with |u|²_G = (1−|v|²)|u|² + (v·u)². The differences u, w are kept
// exactly (as hi+lo pairs) and the cross and dot products are compensated,
// so tiny triangles, nearly straight angles and nearly zero angles keep
// full relative accuracy. The same expressions are the A and B of the
// isoptic formulation up to a common positive factor.
func angleTerms(a, v, b Point) (c, s, n float64) {
	av := oneMinusNormSq(v.X, v.Y)
	if !(av > 0) || !(oneMinusNormSq(a.X, a.Y) > 0) || !(oneMinusNormSq(b.X, b.Y) > 0) {
		return math.NaN(), math.NaN(), math.NaN()
	}
	u := sub2(a, v).normalized()
	w := sub2(b, v).normalized()
	vu := u.dotP(v)
	vw := w.dotP(v)
	nu := av*u.norm2() + vu*vu
	nw := av*w.norm2() + vw*vw
	c = av*u.dot(w) + vu*vw
	s = math.Sqrt(av) * math.Abs(orient(u, w))
	n = math.Sqrt(nu) * math.Sqrt(nw)
	return c, s, n
}

// CosAngle returns the cosine of the angle at v of the hyperbolic triangle
// (a, v, b), i.e. between the geodesics from v to a and from v to b. It is
// accurate to a few ulps, also for tiny and nearly degenerate triangles,
// except that near θ = π/2 the error is a few ulps of 1 rather than of the
// (small) cosine. NaN if a or b equals v, or if a point is invalid.
func CosAngle(a, v, b Point) float64 {
	c, _, n := angleTerms(a, v, b)
	return math.Max(-1, math.Min(1, c/n))
}

// SinAngle returns the sine of the angle at v (see CosAngle), accurate to
// a few ulps, also for angles near 0 and π.
func SinAngle(a, v, b Point) float64 {
	_, s, n := angleTerms(a, v, b)
	return math.Min(1, s/n)
}

// Angle returns the angle at v in [0, π] between the geodesics from v to a
// and from v to b, as atan2(sin, cos) of the compensated terms: relative
// error a few ulps for every shape, including sides of 1e-7 and angles
// within 1e-10 of 0 or π. NaN if a or b equals v, or if a point is invalid.
func Angle(a, v, b Point) float64 {
	c, s, n := angleTerms(a, v, b)
	if !(n > 0) {
		return math.NaN() // a or b coincides with v (or a point is invalid)
	}
	return math.Atan2(s, c)
}

// SignedArea returns Area(a, b, c) with the sign of the orientation of
// (a, b, c): positive if counterclockwise, negative if clockwise, zero if
// the points are collinear (decided exactly). Signed areas are additive:
// SignedArea(a, b, c) = SignedArea(d, b, c) + SignedArea(a, d, c) + SignedArea(a, b, d)
// for every d.
func SignedArea(a, b, c Point) float64 {
	ar := Area(a, b, c)
	if math.IsNaN(ar) {
		return ar
	}
	if orient(sub2(b, a), sub2(c, a)) < 0 {
		return -ar
	}
	return ar
}

// Area returns the area of the hyperbolic triangle (a, b, c), which equals
// π minus its angle sum. It is computed without that cancellation, from
// the hyperbolic analogue of the Van Oosterom–Strackee formula
//
//	tan(Δ/2) = |det(A, B, C)| / (1 + cosh d(a,b) + cosh d(b,c) + cosh d(c,a)),
//
// with A, B, C the hyperboloid points; in Klein coordinates det(A, B, C) is
// the orientation determinant (b − a) × (c − a) over √((1−|a|²)(1−|b|²)(1−|c|²)),
// formed here exactly enough for tiny triangles (relative error a few ulps).
// NaN if a point is invalid.
func Area(a, b, c Point) float64 {
	aa := oneMinusNormSq(a.X, a.Y)
	ab := oneMinusNormSq(b.X, b.Y)
	ac := oneMinusNormSq(c.X, c.Y)
	if !(aa > 0 && ab > 0 && ac > 0) {
		return math.NaN()
	}
	u := sub2(b, a)
	w := sub2(c, a)
	num := math.Abs(orient(u, w))
	sa, sb, sc := math.Sqrt(aa), math.Sqrt(ab), math.Sqrt(ac)
	dab := u.norm2()
	dca := w.norm2()
	bc := sub2(c, b)
	dbc := bc.norm2()
	// 1 − x·y = ((1−|x|²) + (1−|y|²) + |x−y|²)/2, so every term is ≥ 0.
	den := sa*sb*sc + 0.5*((aa+ab+dab)*sc+(ab+ac+dbc)*sa+(ac+aa+dca)*sb)
	return 2 * math.Atan2(num, den)
}
