package plane

import (
	"math"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/delaunay"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/isoptic"
)

// Hyperbolic is the hyperbolic plane of curvature −1 in the Klein model.
var Hyperbolic Plane = hyperbolicPlane{}

type hyperbolicPlane struct{}

func (hyperbolicPlane) Name() string  { return "hyperbolic" }
func (hyperbolicPlane) Model() string { return "klein" }

func (hyperbolicPlane) Check(p Point) error { return p.Check() }

func (hyperbolicPlane) Dist(p, q Point) float64 { return hyperbolic.Dist(p, q) }

// DistKey is sinh d: asinh dominates the cost of Dist.
func (hyperbolicPlane) DistKey(p, q Point) float64 { return hyperbolic.SinhDist(p, q) }

func (hyperbolicPlane) Midpoint(p, q Point) Point {
	m, err := hyperbolic.Midpoint(p, q)
	if err != nil {
		// Only for points outside the disk, which Check rejects.
		return p
	}
	return m
}

func (hyperbolicPlane) UnitToward(x, y Point) (Vector, bool) { return hyperbolic.UnitToward(x, y) }

func (hyperbolicPlane) Exp(x Point, v Vector) (Point, bool) {
	q, err := hyperbolic.Exp(x, v)
	return q, err == nil
}

func (hyperbolicPlane) DistHessian(d float64) (diag, off float64) {
	return 1 / math.Tanh(d), 1 / math.Sinh(d)
}

// Resolution: a coordinate ulp at p, stretched radially by the metric,
// 1/(1 − |p|²).
func (hyperbolicPlane) Resolution(p Point) float64 {
	m := max(math.Abs(p.X), math.Abs(p.Y))
	return m / ((1-p.X)*(1+p.X) - p.Y*p.Y)
}

func (hyperbolicPlane) Angle(a, v, b Point) float64 { return hyperbolic.Angle(a, v, b) }

func (hyperbolicPlane) Wide(a, b, c Point) (bool, int) {
	e, err := isoptic.SteinerExists(a, b, c)
	if err != nil {
		return false, -1
	}
	return e.Exists, e.WideVertex()
}

// Below120 is true also for a repeated vertex, where there is no angle:
// nothing wide is proved.
func (hyperbolicPlane) Below120(p, v, q Point) bool {
	c, err := isoptic.AngleCmp120(p, v, q)
	return err != nil || c < 0
}

// Triangulate: the MST is searched on all Euclidean Delaunay edges of the
// Poincaré images (a superset of the hyperbolic Delaunay graph), full
// Steiner trees on the hyperbolic Delaunay triangles only (those with an
// empty hyperbolic circumcircle), as in the paper.
func (hyperbolicPlane) Triangulate(pts []Point) (*Mesh, error) {
	h, err := delaunay.Hyperbolic(delaunayPoints(pts))
	if err != nil {
		return nil, err
	}
	return meshOf(h.Euclidean.Edges, h.Triangles), nil
}

func (hyperbolicPlane) Normalize([]Point) (int, error) { return 0, nil }

func (hyperbolicPlane) Geometry() certify.Geometry { return certify.HyperbolicGeometry }
