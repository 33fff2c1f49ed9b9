package exact

import (
	"fmt"
	"math"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/sll"
)

// geom is the plane the solver works in: distances and Fermat points from
// the sll.Space, tangent frames for Newton's method.
type geom struct {
	sp  sll.Space
	hyp bool
}

func newGeom(sp sll.Space) (geom, error) {
	if sp == nil {
		return geom{}, fmt.Errorf("%w: no space given", ErrSpace)
	}
	switch sp.Name() {
	case "hyperbolic":
		if sp.Solver() == "none" {
			return geom{}, fmt.Errorf("%w: the hyperbolic space needs a Fermat solver", ErrSpace)
		}
		return geom{sp: sp, hyp: true}, nil
	case "euclidean":
		return geom{sp: sp}, nil
	}
	return geom{}, fmt.Errorf("%w: %q", ErrSpace, sp.Name())
}

func (g geom) dist(p, q hyperbolic.Point) float64 {
	if p == q {
		return 0
	}
	return g.sp.Dist(p, q)
}

// unit returns the unit tangent vector at x of the geodesic towards y, in
// an orthonormal frame at x: for the hyperbolic plane the frame of
// hyperbolic.Exp and Log (the standard frame at the origin transported to
// x): with e = x/|x|, e⊥ its rotation by 90° and s = √(1−|x|²), the frame
// vector c_r·e + c_t·e⊥ points along the chord direction s·c_r·e + c_t·e⊥,
// so the chord y − x = αe + βe⊥ gives (c_r, c_t) ∝ (α/s, β).
func (g geom) unit(x, y hyperbolic.Point) (float64, float64, bool) {
	if g.hyp {
		u, ok := hyperbolic.UnitToward(x, y)
		return u.X, u.Y, ok
	}
	ux, uy := y.X-x.X, y.Y-x.Y
	n := math.Hypot(ux, uy)
	if !(n > 0) {
		return 0, 0, false
	}
	return ux / n, uy / n, true
}

// exp moves x by the tangent vector v (in the frame of unit).
func (g geom) exp(x hyperbolic.Point, vx, vy float64) (hyperbolic.Point, bool) {
	if !g.hyp {
		return hyperbolic.Point{X: x.X + vx, Y: x.Y + vy}, true
	}
	q, err := hyperbolic.Exp(x, hyperbolic.Vector{X: vx, Y: vy})
	return q, err == nil
}

// hessian returns the second derivatives of the distance d across the
// geodesic: coth d and 1/sinh d (1/d and 1/d in the Euclidean plane).
// Moving the ends by a·n and b·n′ (n ⊥ the geodesic, n′ its parallel
// transport) changes d by (cosh d·(a² + b²) − 2ab)/(2 sinh d) to second
// order (Jacobi fields of curvature −1).
func (g geom) hessian(d float64) (diag, off float64) {
	if !g.hyp {
		return 1 / d, 1 / d
	}
	return 1 / math.Tanh(d), 1 / math.Sinh(d)
}

// minimiser returns the point of least d(·,a) + d(·,b) + d(·,c): the
// Fermat point when it exists, otherwise the vertex with the least sum of
// distances to the other two (the one with the angle ≥ 120°, or a
// repeated vertex). ok is false when the Fermat solver failed.
func (g geom) minimiser(p [3]hyperbolic.Point) (hyperbolic.Point, bool) {
	f, st := g.sp.Fermat(p[0], p[1], p[2])
	switch st {
	case sll.Found:
		return f, true
	case sll.None:
		best, bestSum := 0, math.Inf(1)
		for i := range p {
			s := g.dist(p[i], p[(i+1)%3]) + g.dist(p[i], p[(i+2)%3])
			if s < bestSum {
				best, bestSum = i, s
			}
		}
		return p[best], true
	}
	return hyperbolic.Point{}, false
}
