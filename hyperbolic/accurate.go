package hyperbolic

import (
	"math"
	"math/big"

	"github.com/hypersteiner/hypersteiner/internal/eft"
)

// Compensated kernels on the error-free transformations of package eft.
// They let the distance and angle formulas work with differences and
// quadratic forms to about twice the working precision, which is what
// keeps them accurate near the ideal boundary and for tiny or degenerate
// configurations.
//
// The explicit float64 conversions stop the compiler from fusing a product
// into a later addition (the Go spec allows fusion otherwise); the error
// terms below are only exact if every product is rounded on its own.

// unitRoundoff is u = 2⁻⁵³, the relative rounding error of float64.
const unitRoundoff = 0x1p-53

// dot2 returns a1·b1 + a2·b2 with relative error at most about 2u plus
// u²·(|a1·b1|+|a2·b2|): the FMA adds a2·b2 to the rounded first product
// exactly, and the first product's rounding error is added back.
func dot2(a1, b1, a2, b2 float64) float64 {
	p := float64(a1 * b1)
	e := math.FMA(a1, b1, -p)
	s := math.FMA(a2, b2, p)
	return s + e
}

// det2 returns a·d − b·c with relative error about 2u (Kahan's algorithm).
func det2(a, b, c, d float64) float64 {
	w := float64(b * c)
	e := math.FMA(-b, c, w) // w − b·c exactly
	f := math.FMA(a, d, -w)
	return f + e
}

// lorentzQuad returns t² − x² − y² with relative error about u unless the
// result is below about u²·t² in magnitude: the squares are split exactly
// and the cancelling sum is formed with error-free additions.
func lorentzQuad(t, x, y float64) float64 {
	pt, et := eft.TwoProd(t, t)
	px, ex := eft.TwoProd(x, x)
	py, ey := eft.TwoProd(y, y)
	s1, e1 := eft.TwoSum(pt, -px)
	s2, e2 := eft.TwoSum(s1, -py)
	return s2 + (((e1 + e2) + et) - (ex + ey))
}

// oneMinusNormSq returns 1 − x² − y² to a relative error of a few u for
// every point of the open disk (exactly computed squares, no cancellation
// loss). Points with x²+y² < 1/2 take a cheap path that is just as
// accurate there, since the result is at least 1/2.
func oneMinusNormSq(x, y float64) float64 {
	s := x*x + y*y
	if s < 0.5 {
		return 1 - s
	}
	return lorentzQuad(1, x, y)
}

// timelike reports whether t² > x² + y² exactly, for finite x, y and
// finite t > 0. A scaled float64 test settles almost every input; the few
// within 1e-14 (relative) of the cone are decided in exact rational
// arithmetic, so the answer is never a rounding artefact.
func timelike(t, x, y float64) bool {
	_, e := math.Frexp(t)
	ts, xs, ys := math.Ldexp(t, -e), math.Ldexp(x, -e), math.Ldexp(y, -e)
	tt := ts * ts // in [1/4, 1)
	s := xs*xs + ys*ys
	switch {
	case s < tt*(1-1e-14):
		return true
	case s > tt*(1+1e-14):
		return false
	}
	var rt, rx, ry big.Rat
	rt.SetFloat64(t)
	rx.SetFloat64(x)
	ry.SetFloat64(y)
	rt.Mul(&rt, &rt)
	rx.Mul(&rx, &rx)
	ry.Mul(&ry, &ry)
	rx.Add(&rx, &ry)
	return rt.Cmp(&rx) > 0
}

// diff2 is a − b as an unevaluated sum hi + lo, exactly.
func diff2(a, b float64) (hi, lo float64) { return eft.TwoSum(a, -b) }

// ddVec is a plane vector whose coordinates are unevaluated sums hi + lo;
// it holds the exact difference of two float64 points.
type ddVec struct{ x, xl, y, yl float64 }

func sub2(p, q Point) ddVec {
	x, xl := diff2(p.X, q.X)
	y, yl := diff2(p.Y, q.Y)
	return ddVec{x, xl, y, yl}
}

// dotP returns p·u for a float64 point p and an exact difference u.
func (u ddVec) dotP(p Point) float64 {
	return dot2(p.X, u.x, p.Y, u.y) + (p.X*u.xl + p.Y*u.yl)
}

// dot returns u·w (the lo·lo terms are below u² relative and dropped).
func (u ddVec) dot(w ddVec) float64 {
	return dot2(u.x, w.x, u.y, w.y) + ((u.x*w.xl + u.xl*w.x) + (u.y*w.yl + u.yl*w.y))
}

// norm2 returns |u|².
func (u ddVec) norm2() float64 {
	return u.x*u.x + u.y*u.y + 2*(u.x*u.xl+u.y*u.yl)
}

// cross returns u × w = u.x·w.y − u.y·w.x. Kahan's determinant of the
// high parts has relative error ≤ 2u; the hi·lo corrections and the
// dropped lo·lo terms add at most 8u²(|u.x·w.y| + |u.y·w.x|).
func (u ddVec) cross(w ddVec) (c, errBound float64) {
	c = det2(u.x, u.y, w.x, w.y) + ((u.x*w.yl + u.xl*w.y) - (u.y*w.xl + u.yl*w.x))
	return c, 8 * unitRoundoff * unitRoundoff * (math.Abs(u.x*w.y) + math.Abs(u.y*w.x))
}

// orient returns u × w for exact differences u and w (twice the signed
// Euclidean area of the triangle they span) with relative error ≤ 3u for
// every input: the compensated evaluation settles all but nearly parallel
// pairs (angles below about 1e-15), which are computed exactly in
// rational arithmetic from the hi + lo parts.
func orient(u, w ddVec) float64 {
	c, eb := u.cross(w)
	if eb <= unitRoundoff*math.Abs(c) || !finite(c) || !finite(eb) {
		return c // settled, or NaN/Inf input: nothing to refine
	}
	sum := func(hi, lo float64) *big.Rat {
		return new(big.Rat).Add(new(big.Rat).SetFloat64(hi), new(big.Rat).SetFloat64(lo))
	}
	l := new(big.Rat).Mul(sum(u.x, u.xl), sum(w.y, w.yl))
	r := new(big.Rat).Mul(sum(u.y, u.yl), sum(w.x, w.xl))
	f, _ := l.Sub(l, r).Float64()
	return f
}

// normalized returns u scaled by a power of two (exactly) so that its
// larger coordinate is in [1/2, 2): products of two such vectors cannot
// underflow, and a cross product |u||w|·sin φ stays normal for every angle
// above 1e-300. Formulas homogeneous in u may use it freely.
func (u ddVec) normalized() ddVec {
	m := math.Max(math.Abs(u.x), math.Abs(u.y))
	if m >= 0.5 || m == 0 {
		return u
	}
	var k float64
	if e := int(math.Float64bits(m) >> 52); e > 0 {
		// m = 1.f·2^(e−1023); k = 2^(1023−e) puts it in [1, 2).
		k = math.Float64frombits(uint64(2046-e) << 52)
	} else {
		// Subnormal m: two steps, each an exact power of two.
		_, e := math.Frexp(m)
		return ddVec{math.Ldexp(u.x, -e), math.Ldexp(u.xl, -e), math.Ldexp(u.y, -e), math.Ldexp(u.yl, -e)}
	}
	return ddVec{u.x * k, u.xl * k, u.y * k, u.yl * k}
}
