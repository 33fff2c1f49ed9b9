package plane

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/delaunay"
)

// Euclidean is the Euclidean plane.
var Euclidean Plane = euclideanPlane{}

type euclideanPlane struct{}

func (euclideanPlane) Name() string  { return "euclidean" }
func (euclideanPlane) Model() string { return "euclidean" }

func (euclideanPlane) Check(p Point) error {
	if math.IsNaN(p.X) || math.IsNaN(p.Y) || math.IsInf(p.X, 0) || math.IsInf(p.Y, 0) {
		return fmt.Errorf("point (%g, %g) is not finite", p.X, p.Y)
	}
	return nil
}

func (euclideanPlane) Dist(p, q Point) float64 { return math.Hypot(p.X-q.X, p.Y-q.Y) }

// DistKey is the squared distance, on points Normalize has scaled (it
// underflows for differences below 2⁻⁵¹¹ and overflows above 2⁵¹²).
func (euclideanPlane) DistKey(p, q Point) float64 {
	dx, dy := p.X-q.X, p.Y-q.Y
	return dx*dx + dy*dy
}

func (euclideanPlane) Midpoint(p, q Point) Point {
	return Point{X: p.X + (q.X-p.X)/2, Y: p.Y + (q.Y-p.Y)/2}
}

func (euclideanPlane) UnitToward(x, y Point) (Vector, bool) {
	dx, dy := y.X-x.X, y.Y-x.Y
	d := math.Hypot(dx, dy)
	if !(d > 0) || math.IsInf(d, 0) {
		return Vector{}, false
	}
	return Vector{X: dx / d, Y: dy / d}, true
}

func (euclideanPlane) Exp(x Point, v Vector) (Point, bool) {
	p := Point{X: x.X + v.X, Y: x.Y + v.Y}
	return p, !math.IsInf(p.X, 0) && !math.IsInf(p.Y, 0) && !math.IsNaN(p.X+p.Y)
}

func (euclideanPlane) DistHessian(d float64) (diag, off float64) { return 1 / d, 1 / d }

func (euclideanPlane) Resolution(p Point) float64 { return max(math.Abs(p.X), math.Abs(p.Y)) }

// CmpDist: the computed distances decide when they differ by more than
// their error bound; otherwise the squared distances are compared in
// big.Rat.
func (e euclideanPlane) CmpDist(a, b, c, d Point) int {
	if c, ok := filterDist(e, a, b, c, d); ok {
		return c
	}
	sq := func(p, q Point) *big.Rat {
		dx, dy := sub(rat(p.X), rat(q.X)), sub(rat(p.Y), rat(q.Y))
		return add(mul(dx, dx), mul(dy, dy))
	}
	return sq(a, b).Cmp(sq(c, d))
}

func (euclideanPlane) Angle(a, v, b Point) float64 {
	ux, uy := a.X-v.X, a.Y-v.Y
	wx, wy := b.X-v.X, b.Y-v.Y
	return math.Atan2(math.Abs(ux*wy-uy*wx), ux*wx+uy*wy)
}

func (euclideanPlane) Wide(a, b, c Point) (bool, int) {
	if a == b || b == c || a == c {
		return false, -1
	}
	switch {
	case !EuclideanBelow120(b, a, c):
		return false, 0
	case !EuclideanBelow120(a, b, c):
		return false, 1
	case !EuclideanBelow120(a, c, b):
		return false, 2
	}
	return true, -1
}

func (euclideanPlane) Below120(p, v, q Point) bool { return EuclideanBelow120(p, v, q) }

func (euclideanPlane) Triangulate(pts []Point) (*Mesh, error) {
	m, err := delaunay.TriangulateMesh(delaunayPoints(pts))
	if err != nil {
		return nil, err
	}
	return meshOf(m), nil
}

func (euclideanPlane) EuclideanAt([]Point) bool { return false }

// Normalize scales the largest coordinate into [1/2, 1) (k such that
// 2^k·max|c| ∈ [1/2, 1)). The scaling is
// exact unless it would push a nonzero coordinate into the subnormal range
// (the points span more than about 2¹⁰⁰⁰); then the largest scale that
// keeps every coordinate exact is used if the largest coordinate stays
// below 2⁵⁰⁰ with it, and an error is returned otherwise.
func (euclideanPlane) Normalize(pts []Point) (int, error) {
	hi, lo := math.MinInt, math.MaxInt
	for _, p := range pts {
		for _, c := range [2]float64{p.X, p.Y} {
			first, last, ok := bitRange(c)
			if !ok {
				continue
			}
			hi = max(hi, first)
			lo = min(lo, last)
		}
	}
	if hi == math.MinInt {
		return 0, nil
	}
	k := -hi
	// The smallest bit must stay at or above 2⁻¹⁰⁷⁴ (exact, possibly
	// subnormal) — and, for the arithmetic to be exact in the normal
	// range, every coordinate's leading bit at or above 2⁻¹⁰²².
	if lo+k < -1074 {
		k = -1074 - lo
		if hi+k > 500 {
			return 0, fmt.Errorf("the coordinates span from 2^%d to 2^%d, more than float64 can scale exactly", lo, hi)
		}
	}
	return k, nil
}

// bitRange returns, for a finite nonzero c, e with |c| ∈ [2^(e−1), 2^e)
// (math.Frexp's exponent) and the exponent of c's last nonzero bit, read
// from the bits of c; ok is false for zero, infinities and NaN.
func bitRange(c float64) (first, last int, ok bool) {
	b := math.Float64bits(c)
	exp := int(b >> 52 & 0x7ff)
	mant := b & (1<<52 - 1)
	switch {
	case exp == 0x7ff, exp == 0 && mant == 0:
		return 0, 0, false
	case exp == 0: // subnormal: c = mant·2⁻¹⁰⁷⁴
		return bits.Len64(mant) - 1074, bits.TrailingZeros64(mant) - 1074, true
	default: // c = (2⁵² + mant)·2^(exp−1075)
		return exp - 1022, bits.TrailingZeros64(mant|1<<52) + exp - 1075, true
	}
}

// EuclideanBelow120 reports whether the Euclidean angle at v of the
// triangle (p, v, q) is strictly less than 120°, decided exactly for the
// float64 inputs taken as exact dyadic rationals. A repeated vertex (no
// angle) counts as below.
//
// With u = p − v and w = q − v the angle is below 120° iff u·w ≥ 0 or
// 4(u·w)² < |u|²|w|². A float64 evaluation decides unless it falls inside
// its forward error bound, or its intermediate values leave the range
// where relative error bounds hold (underflow towards the subnormals,
// overflow); then the same test runs in big.Rat.
func EuclideanBelow120(p, v, q Point) bool {
	ux, uy := p.X-v.X, p.Y-v.Y
	wx, wy := q.X-v.X, q.Y-v.Y
	dot := ux*wx + uy*wy
	s := math.Abs(ux*wx) + math.Abs(uy*wy)
	// Relative error bounds need every product normal: above 2⁻⁹⁰⁰ keeps
	// the squares of the 4th-degree test normal too; below 2³⁰⁰ keeps
	// them finite.
	if s > 0x1p-450 && s < 0x1p250 {
		// Each difference carries a relative error ≤ eps, the dot product
		// adds γ₂; together |dot − exact| ≤ 5·eps·s (generously rounded up).
		if dot > 8*eps*s {
			return true
		}
		if dot < -8*eps*s {
			uu := ux*ux + uy*uy
			ww := wx*wx + wy*wy
			if uu > 0x1p-450 && ww > 0x1p-450 && uu < 0x1p450 && ww < 0x1p450 {
				g := 4*dot*dot - uu*ww
				// Squares and products of quantities with relative error
				// ≤ 5eps stay within 128·eps of the exact value's
				// magnitude.
				bound := 128 * eps * (4*s*s + uu*ww)
				if g < -bound {
					return true
				}
				if g > bound {
					return false
				}
			}
		}
	}
	return euclideanBelow120Exact(p, v, q)
}

func euclideanBelow120Exact(p, v, q Point) bool { return certify.EuclideanCmp120(p, v, q) < 0 }

func (euclideanPlane) Geometry() certify.Geometry { return certify.EuclideanGeometry }
