package plane

import (
	"math"
	"math/big"

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

// DistOfKey is asinh of the key: package hyperbolic computes Dist(p, q)
// as math.Asinh(SinhDist(p, q)), so the floats are the same.
func (hyperbolicPlane) DistOfKey(key float64) float64 { return math.Asinh(key) }

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

// CmpDist: the computed distances decide when they differ by more than
// their error bound; otherwise the squared hyperbolic cosines
//
//	cosh² d(a, b) = (1 − a·b)² / ((1 − |a|²)(1 − |b|²)),
//
// cross-multiplied by the positive denominators, are compared in big.Rat.
func (h hyperbolicPlane) CmpDist(a, b, c, d Point) int {
	if c, ok := filterDist(h, a, b, c, d); ok {
		return c
	}
	one := big.NewRat(1, 1)
	w := func(p Point) *big.Rat { return sub(one, dot(p, p)) }
	num := func(p, q Point) *big.Rat {
		x := sub(one, dot(p, q))
		return mul(x, x)
	}
	return mul(num(a, b), mul(w(c), w(d))).Cmp(mul(num(c, d), mul(w(a), w(b))))
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
func (h hyperbolicPlane) Triangulate(pts []Point) (*Mesh, error) { return h.TriangulateWorkers(pts, 0) }

// TriangulateWorkers implements ParallelTriangulator.
func (hyperbolicPlane) TriangulateWorkers(pts []Point, workers int) (*Mesh, error) {
	m, err := delaunay.HyperbolicMesh(delaunayPoints(pts), workers)
	if err != nil {
		return nil, err
	}
	return meshOf(m), nil
}

// flatRadius bounds the points EuclideanAt accepts: in the disk of radius
// r the Klein metric g = (I·(1 − |x|²) + x xᵀ)/(1 − |x|²)² is at least the
// Euclidean one and exceeds it by a relative O(r²) < 2⁻⁶⁰.
const flatRadius = 0x1p-30

// EuclideanAt: the Klein metric dominates the Euclidean one everywhere
// (chords are its geodesics), and near the origin it is Euclidean.
func (hyperbolicPlane) EuclideanAt(pts []Point) bool {
	for _, p := range pts {
		if !(math.Abs(p.X) < flatRadius && math.Abs(p.Y) < flatRadius) {
			return false
		}
	}
	return len(pts) > 0
}

func (hyperbolicPlane) Normalize([]Point) (int, error) { return 0, nil }

func (hyperbolicPlane) Geometry() certify.Geometry { return certify.HyperbolicGeometry }
