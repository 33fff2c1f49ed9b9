package fermat

import (
	"math"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/plane"
)

// Torricelli is the Fermat-point solver of the Euclidean plane (it is not
// one of the registered strategies, which solve in the hyperbolic plane):
// the closed form of the first isogonic centre, with existence decided
// exactly (plane.EuclideanBelow120). It is scale invariant: the triangle is
// scaled by a power of two (exactly) so that no square underflows or
// overflows.
type Torricelli struct{}

// Name returns "torricelli".
func (Torricelli) Name() string { return "torricelli" }

// Fermat returns the Euclidean Fermat point of the triangle abc, or None
// when an angle is at least 120° (decided exactly) or the triangle is
// degenerate. It uses the barycentric form of the first isogonic centre,
// weights |BC|/sin(A + 60°) and cyclically, which is stable for every
// triangle whose angles are all below 120°.
func (Torricelli) Fermat(a, b, c hyperbolic.Point) (hyperbolic.Point, Status) {
	if !plane.EuclideanBelow120(b, a, c) || !plane.EuclideanBelow120(a, b, c) || !plane.EuclideanBelow120(a, c, b) {
		return hyperbolic.Point{}, None
	}
	for _, v := range [3]hyperbolic.Point{a, b, c} {
		if math.IsNaN(v.X+v.Y) || math.IsInf(v.X, 0) || math.IsInf(v.Y, 0) {
			return hyperbolic.Point{}, None
		}
	}
	k, err := plane.Euclidean.Normalize([]hyperbolic.Point{a, b, c})
	if err != nil {
		return hyperbolic.Point{}, Failed
	}
	scale := func(p hyperbolic.Point, k int) hyperbolic.Point {
		return hyperbolic.Point{X: math.Ldexp(p.X, k), Y: math.Ldexp(p.Y, k)}
	}
	a, b, c = scale(a, k), scale(b, k), scale(c, k)
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
		// Every angle is below 120° (decided exactly), so a zero angle is
		// a sliver whose cross product underflowed even at this scale.
		return hyperbolic.Point{}, Failed
	}
	wa := la / math.Sin(A+math.Pi/3)
	wb := lb / math.Sin(B+math.Pi/3)
	wc := lc / math.Sin(C+math.Pi/3)
	sum := wa + wb + wc
	// Weighted mean taken relative to a to keep the result's absolute error
	// proportional to the triangle's size, not its distance from the origin.
	return scale(hyperbolic.Point{
		X: a.X + (wb*(b.X-a.X)+wc*(c.X-a.X))/sum,
		Y: a.Y + (wb*(b.Y-a.Y)+wc*(c.Y-a.Y))/sum,
	}, -k), Found
}
