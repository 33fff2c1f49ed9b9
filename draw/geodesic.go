package draw

import (
	"math"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// orthogonalCircle returns the circle through p and q (Poincaré disk)
// orthogonal to the unit circle: the geodesic through them. ok is false
// when p, q and the origin are collinear (the geodesic is a diameter,
// drawn as a chord).
func orthogonalCircle(p, q hyperbolic.Point) (c hyperbolic.Point, r float64, ok bool) {
	// The centre c solves c·p = (1+|p|²)/2 and c·q = (1+|q|²)/2.
	det := p.X*q.Y - p.Y*q.X
	scale := math.Hypot(p.X, p.Y) * math.Hypot(q.X, q.Y)
	if scale == 0 || math.Abs(det) <= 1e-9*scale {
		return c, 0, false
	}
	bp := (1 + p.X*p.X + p.Y*p.Y) / 2
	bq := (1 + q.X*q.X + q.Y*q.Y) / 2
	c = hyperbolic.Point{X: (bp*q.Y - bq*p.Y) / det, Y: (p.X*bq - q.X*bp) / det}
	r2 := c.X*c.X + c.Y*c.Y - 1
	if r2 <= 0 {
		return c, 0, false
	}
	return c, math.Sqrt(r2), true
}
