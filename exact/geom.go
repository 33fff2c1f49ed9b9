package exact

import (
	"fmt"
	"math"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/sll"
)

// geom is the plane the solver works in: distances, Fermat points,
// tangent frames and the Hessian of the distance, all from the sll.Space.
type geom struct {
	sp sll.Space
}

func newGeom(sp sll.Space) (geom, error) {
	if sp == nil {
		return geom{}, fmt.Errorf("%w: no space given", ErrSpace)
	}
	// Every plane but the Euclidean one needs a strategy for its Fermat
	// points (the Euclidean one has its closed form).
	if sp.Solver() == "none" {
		return geom{}, fmt.Errorf("%w: the %s plane needs a Fermat solver", ErrSpace, sp.Name())
	}
	return geom{sp: sp}, nil
}

func (g geom) dist(p, q hyperbolic.Point) float64 {
	if p == q {
		return 0
	}
	return g.sp.Dist(p, q)
}

// unit returns the unit tangent vector at x of the geodesic towards y, in
// the orthonormal frame at x of the plane (see package plane).
func (g geom) unit(x, y hyperbolic.Point) (float64, float64, bool) {
	u, ok := g.sp.UnitToward(x, y)
	return u.X, u.Y, ok
}

// exp moves x by the tangent vector v (in the frame of unit).
func (g geom) exp(x hyperbolic.Point, vx, vy float64) (hyperbolic.Point, bool) {
	return g.sp.Exp(x, hyperbolic.Vector{X: vx, Y: vy})
}

// hessian returns the second derivatives of the distance d across the
// geodesic (plane.Plane.DistHessian).
func (g geom) hessian(d float64) (diag, off float64) { return g.sp.DistHessian(d) }

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
