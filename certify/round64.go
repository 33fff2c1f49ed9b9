package certify

import (
	"math"
	"math/big"
)

// Directed rounding for float64, emulated on top of the hardware's
// round-to-nearest. Each helper computes the nearest result r and then the
// exact sign of the rounding error with an error-free transformation
// (TwoSum for sums, a fused multiply-add for products, quotients and square
// roots). A result that was exact is kept; otherwise it is moved one ulp in
// the wanted direction. This gives true directed rounding, not just a
// one-ulp widening, except in the two corners where the error-free
// transformations are not exact: results of magnitude below tiny64 (where
// the residual may underflow) and overflow. There the result is widened by
// one ulp unconditionally, which is rigorous but may be one ulp loose.

// tiny64 bounds the region where FMA residuals may underflow. For
// |result| ≥ 2⁻⁹⁰⁰ the residual of a product, quotient or square root is a
// multiple of at least 2⁻¹⁰⁰⁴ with at most 53 significant bits, hence exact.
var tiny64 = math.Ldexp(1, -900)

// up returns the least float64 above r (+Inf stays, −Inf gives
// −MaxFloat64); down is its mirror image. NaN stays NaN.
func up(r float64) float64 {
	switch {
	case r > 0 && r <= math.MaxFloat64:
		return math.Float64frombits(math.Float64bits(r) + 1)
	case r < 0:
		return math.Float64frombits(math.Float64bits(r) - 1)
	case r == 0:
		return math.SmallestNonzeroFloat64
	}
	return r // +Inf, NaN
}

func down(r float64) float64 { return -up(-r) }

// sumErr returns a+b rounded to nearest and the exact error (a+b) − s.
// The error is exact unless an intermediate overflows, which makes it
// NaN or infinite (the callers then fall back to exact arithmetic).
func sumErr(a, b float64) (s, e float64) {
	s = a + b
	bb := s - a
	e = (a - (s - bb)) + (b - bb)
	return s, e
}

// addDU is the exact fallback for sums whose TwoSum overflowed inside
// (magnitudes near MaxFloat64).
func addDU(a, b float64) (lo, hi float64) {
	return exactDU(new(big.Rat).Add(ratF(a), ratF(b)))
}

func addDown(a, b float64) float64 {
	s, e := sumErr(a, b)
	if math.IsInf(s, 0) {
		return down(s)
	}
	if math.IsNaN(e) || math.IsInf(e, 0) {
		lo, _ := addDU(a, b)
		return lo
	}
	if e < 0 {
		return down(s)
	}
	return s
}

func addUp(a, b float64) float64 {
	s, e := sumErr(a, b)
	if math.IsInf(s, 0) {
		return up(s)
	}
	if math.IsNaN(e) || math.IsInf(e, 0) {
		_, hi := addDU(a, b)
		return hi
	}
	if e > 0 {
		return up(s)
	}
	return s
}

// mulDU returns lower and upper bounds of the exact product a·b. A zero
// factor gives an exact zero even against an infinite endpoint: the
// infinite endpoint stands for "unbounded", and 0·y = 0 for every real y.
func mulDU(a, b float64) (lo, hi float64) {
	if a == 0 || b == 0 {
		return 0, 0
	}
	p := a * b
	if math.IsInf(p, 0) {
		return down(p), up(p)
	}
	if math.Abs(p) < tiny64 {
		return exactDU(new(big.Rat).Mul(ratF(a), ratF(b)))
	}
	switch e := math.FMA(a, b, -p); {
	case e < 0:
		return down(p), p
	case e > 0:
		return p, up(p)
	}
	return p, p
}

func mulDown(a, b float64) float64 { lo, _ := mulDU(a, b); return lo }
func mulUp(a, b float64) float64   { _, hi := mulDU(a, b); return hi }

// quoDU returns lower and upper bounds of a/b for finite a and finite
// nonzero b.
func quoDU(a, b float64) (lo, hi float64) {
	if a == 0 {
		return 0, 0
	}
	q := a / b
	if math.IsInf(q, 0) {
		return down(q), up(q)
	}
	if math.Abs(q) < tiny64 || math.Abs(a) < tiny64 {
		return exactDU(new(big.Rat).Quo(ratF(a), ratF(b)))
	}
	// a/b − q = (a − q·b)/b; the residual a − q·b is exact here.
	r := math.FMA(-q, b, a)
	if r == 0 {
		return q, q
	}
	if (r > 0) == (b > 0) {
		return q, up(q)
	}
	return down(q), q
}

// sqrtDU returns lower and upper bounds of √a for finite a ≥ 0.
func sqrtDU(a float64) (lo, hi float64) {
	if a == 0 {
		return 0, 0
	}
	if a < tiny64 { // scale by an even power of two: exact both ways
		lo, hi = sqrtDU(a * 0x1p1000)
		return lo * 0x1p-500, hi * 0x1p-500
	}
	s := math.Sqrt(a)
	switch r := math.FMA(-s, s, a); { // a − s², exact
	case r > 0:
		return s, up(s)
	case r < 0:
		return down(s), s
	}
	return s, s
}

// exactDU rounds the exact rational q down and up to float64. The
// direction comes from an exact comparison: big.Rat.Float64 reports
// "exact" for values that underflow to zero.
func exactDU(q *big.Rat) (lo, hi float64) {
	f, _ := q.Float64()
	if math.IsInf(f, 0) {
		return down(f), up(f)
	}
	switch ratF(f).Cmp(q) {
	case -1:
		return f, up(f)
	case 1:
		return down(f), f
	}
	return f, f
}

func ratF(f float64) *big.Rat { return new(big.Rat).SetFloat64(f) }
