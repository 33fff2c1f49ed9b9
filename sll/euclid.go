package sll

import (
	"math"
	"math/big"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// eps is the unit roundoff of float64.
const eps = 0x1p-53

// EuclideanAngleBelow120 reports whether the Euclidean angle at v of the
// triangle (p, v, q) is strictly less than 120°, decided exactly for the
// float64 inputs taken as exact dyadic rationals.
//
// With u = p − v and w = q − v the angle is below 120° iff u·w ≥ 0 or
// 4(u·w)² < |u|²|w|². A float64 evaluation decides unless it falls inside
// its forward error bound; then the same test runs in big.Rat.
func EuclideanAngleBelow120(p, v, q hyperbolic.Point) bool {
	ux, uy := p.X-v.X, p.Y-v.Y
	wx, wy := q.X-v.X, q.Y-v.Y
	dot := ux*wx + uy*wy
	s := math.Abs(ux*wx) + math.Abs(uy*wy)
	// Each difference carries a relative error ≤ eps, the dot product adds
	// γ₂; together |dot − exact| ≤ 5·eps·s (generously rounded up).
	if dot > 8*eps*s {
		return true
	}
	if dot < -8*eps*s {
		uu := ux*ux + uy*uy
		ww := wx*wx + wy*wy
		g := 4*dot*dot - uu*ww
		// Squares and products of quantities with relative error ≤ 5eps
		// stay within 128·eps of the exact value's magnitude.
		bound := 128 * eps * (4*s*s + uu*ww)
		if g < -bound {
			return true
		}
		if g > bound {
			return false
		}
	}
	return euclideanAngleBelow120Exact(p, v, q)
}

func euclideanAngleBelow120Exact(p, v, q hyperbolic.Point) bool {
	r := func(x float64) *big.Rat { return new(big.Rat).SetFloat64(x) }
	sub := func(a, b float64) *big.Rat { return new(big.Rat).Sub(r(a), r(b)) }
	mul := func(a, b *big.Rat) *big.Rat { return new(big.Rat).Mul(a, b) }
	add := func(a, b *big.Rat) *big.Rat { return new(big.Rat).Add(a, b) }
	ux, uy := sub(p.X, v.X), sub(p.Y, v.Y)
	wx, wy := sub(q.X, v.X), sub(q.Y, v.Y)
	dot := add(mul(ux, wx), mul(uy, wy))
	if dot.Sign() >= 0 {
		return true
	}
	uu := add(mul(ux, ux), mul(uy, uy))
	ww := add(mul(wx, wx), mul(wy, wy))
	lhs := mul(big.NewRat(4, 1), mul(dot, dot))
	return lhs.Cmp(mul(uu, ww)) < 0
}

// Torricelli returns the Euclidean Fermat point of the triangle abc, or None
// when an angle is at least 120° (decided exactly) or the triangle is
// degenerate. It uses the barycentric form of the first isogonic centre,
// weights |BC|/sin(A + 60°) and cyclically, which is stable for every
// triangle whose angles are all below 120°.
func Torricelli(a, b, c hyperbolic.Point) (hyperbolic.Point, Status) {
	if !EuclideanAngleBelow120(b, a, c) || !EuclideanAngleBelow120(a, b, c) || !EuclideanAngleBelow120(a, c, b) {
		return hyperbolic.Point{}, None
	}
	la := math.Hypot(b.X-c.X, b.Y-c.Y)
	lb := math.Hypot(a.X-c.X, a.Y-c.Y)
	lc := math.Hypot(a.X-b.X, a.Y-b.Y)
	if la == 0 || lb == 0 || lc == 0 {
		return hyperbolic.Point{}, None
	}
	angle := func(p, v, q hyperbolic.Point) float64 {
		ux, uy := p.X-v.X, p.Y-v.Y
		wx, wy := q.X-v.X, q.Y-v.Y
		return math.Atan2(math.Abs(ux*wy-uy*wx), ux*wx+uy*wy)
	}
	A, B, C := angle(b, a, c), angle(a, b, c), angle(a, c, b)
	if A == 0 || B == 0 || C == 0 {
		// Collinear with every angle below 120° cannot happen; a zero angle
		// here means a degenerate (collinear) triangle.
		return hyperbolic.Point{}, None
	}
	wa := la / math.Sin(A+math.Pi/3)
	wb := lb / math.Sin(B+math.Pi/3)
	wc := lc / math.Sin(C+math.Pi/3)
	sum := wa + wb + wc
	// Weighted mean taken relative to a to keep the result's absolute error
	// proportional to the triangle's size, not its distance from the origin.
	return hyperbolic.Point{
		X: a.X + (wb*(b.X-a.X)+wc*(c.X-a.X))/sum,
		Y: a.Y + (wb*(b.Y-a.Y)+wc*(c.Y-a.Y))/sum,
	}, Found
}
