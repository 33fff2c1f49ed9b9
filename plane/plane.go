package plane

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// Point is a point in a plane's coordinates: Klein coordinates for the
// hyperbolic plane, Cartesian ones for the Euclidean plane.
type Point = hyperbolic.Point

// Vector is a tangent vector in the orthonormal frame at a point.
type Vector = hyperbolic.Vector

// eps is the unit roundoff of float64.
const eps = 0x1p-53

// Plane is a two-dimensional geometry in which Steiner trees are built.
// Implementations are values safe for concurrent use.
type Plane interface {
	// Name is the plane's name in tree files: "hyperbolic", "euclidean".
	Name() string
	// Model names the coordinates of the plane's points in tree files:
	// "klein" for the hyperbolic plane, "euclidean" for the plane.
	Model() string
	// Check rejects a point the plane cannot hold, naming why.
	Check(p Point) error
	// Dist is the distance between two valid points.
	Dist(p, q Point) float64
	// DistKey is a strictly increasing function of Dist that is cheaper
	// to compute, for sorting edges.
	DistKey(p, q Point) float64
	// Midpoint is the midpoint of the geodesic from p to q.
	Midpoint(p, q Point) Point
	// UnitToward is the unit tangent vector at x of the geodesic towards
	// y in x's orthonormal frame; ok is false when y = x.
	UnitToward(x, y Point) (v Vector, ok bool)
	// Exp moves x along the geodesic with initial velocity v (in x's
	// frame); ok is false when the result is not a valid point.
	Exp(x Point, v Vector) (p Point, ok bool)
	// DistHessian gives the second derivatives of the distance d across
	// the geodesic (see the package documentation).
	DistHessian(d float64) (diag, off float64)
	// Resolution is the distance that one unit in the last place of p's
	// largest coordinate represents at p, in units of the unit roundoff:
	// distances below a few eps·Resolution cannot be told from rounding.
	Resolution(p Point) float64
	// CmpDist compares d(a, b) with d(c, d) exactly, for the float64
	// coordinates taken as the dyadic rationals they are: −1, 0 or +1.
	CmpDist(a, b, c, d Point) int
	// Angle is the angle at v between the geodesics to a and b, in
	// radians (float64 accuracy, for reports; decisions use Wide and
	// Below120).
	Angle(a, v, b Point) float64
	// Wide decides exactly whether the triangle (a, b, c) has a Fermat
	// point (all three angles below 120°); if not, wide is the vertex
	// (0, 1, 2) whose angle is at least 120°, or −1 when two vertices
	// coincide.
	Wide(a, b, c Point) (exists bool, wide int)
	// Below120 decides exactly whether the angle at v of the triangle
	// (p, v, q) is below 120°.
	Below120(p, v, q Point) bool
	// Triangulate returns a triangulation of the points whose edges
	// contain the minimum spanning tree, and the triangles the pipeline
	// tries full Steiner trees on.
	Triangulate(pts []Point) (*Mesh, error)
	// EuclideanAt reports whether, on the points, the plane is another
	// plane's Euclidean one to float64 precision: its distances are never
	// shorter than the Euclidean distances of the same coordinates and
	// exceed them by less than a relative 2⁻⁶⁰. Problems there are best
	// solved in the Euclidean plane, which scales exactly; a Euclidean
	// lower bound is then a lower bound in this plane. False for the
	// Euclidean plane itself.
	EuclideanAt(pts []Point) bool
	// Normalize returns an exponent k such that the points scaled by 2^k
	// (math.Ldexp) are well placed for float64 arithmetic, with results
	// that scale back exactly — or 0 when the plane is not scale
	// invariant. It fails when no such scale exists (coordinates spanning
	// more than float64's exponent range can hold exactly).
	Normalize(pts []Point) (int, error)
}

// Mesh is a triangulation as the pipeline uses it.
type Mesh struct {
	// Edges is a graph that contains the minimum spanning tree (for the
	// hyperbolic plane, all Euclidean Delaunay edges of the Poincaré
	// images, a superset of the hyperbolic Delaunay graph). Each edge has
	// u < v.
	Edges [][2]int32
	// Triangles are the Delaunay triangles considered for full Steiner
	// trees.
	Triangles [][3]int32
	// TriEdges[t][k] is the index in Edges of the side from Triangles[t][k]
	// to Triangles[t][(k+1)%3], and Across[t][k] the index in Triangles of
	// the triangle on its other side, or −1. A Triangulate may leave both
	// nil: Link fills them.
	TriEdges, Across [][3]int32
	// Faces, when not nil, lists triangles of the graph (3-cycles) by
	// their sides' indices in Edges — every triangle of the triangulation
	// Edges comes from — for the minimum spanning tree, which leaves out
	// the longest side of each (package mst).
	Faces [][3]int32
}

// KeyDister is implemented by planes whose Dist is a function of DistKey
// alone, computed from it to the same float: Dist(p, q) ==
// DistOfKey(DistKey(p, q)) bit for bit, so that a caller holding the keys
// (a minimum spanning tree's sorted edges) gets the lengths without the
// points.
type KeyDister interface {
	DistOfKey(key float64) float64
}

// ParallelTriangulator is implemented by planes whose triangulation can
// use several goroutines (workers; 0 for GOMAXPROCS); the mesh is that of
// Triangulate, whatever their number.
type ParallelTriangulator interface {
	TriangulateWorkers(pts []Point, workers int) (*Mesh, error)
}

// Triangulate is pl's TriangulateWorkers when it has one, else its
// Triangulate.
func Triangulate(pl Plane, pts []Point, workers int) (*Mesh, error) {
	if p, ok := pl.(ParallelTriangulator); ok {
		return p.TriangulateWorkers(pts, workers)
	}
	return pl.Triangulate(pts)
}

// Link fills TriEdges and Across from Edges and Triangles when a
// triangulation left them out; every side of a triangle must be an edge.
func (m *Mesh) Link() error {
	if m.TriEdges != nil && m.Across != nil {
		return nil
	}
	index := make(map[[2]int32]int32, len(m.Edges))
	for i, e := range m.Edges {
		index[[2]int32{min(e[0], e[1]), max(e[0], e[1])}] = int32(i)
	}
	m.TriEdges = make([][3]int32, len(m.Triangles))
	m.Across = make([][3]int32, len(m.Triangles))
	side := make([]int32, len(m.Edges)) // a triangle on that edge, +1; 0 for none yet
	for t, tr := range m.Triangles {
		for k := range 3 {
			u, v := tr[k], tr[(k+1)%3]
			e, ok := index[[2]int32{min(u, v), max(u, v)}]
			if !ok {
				return fmt.Errorf("plane: triangle %d's side %d–%d is not an edge of the mesh", t, u, v)
			}
			m.TriEdges[t][k] = e
			m.Across[t][k] = -1
			if o := side[e] - 1; o >= 0 {
				m.Across[t][k] = o
				for j := range 3 {
					if m.TriEdges[o][j] == e {
						m.Across[o][j] = int32(t)
					}
				}
			} else {
				side[e] = int32(t) + 1
			}
		}
	}
	return nil
}

// ErrUnknown reports a plane name no plane has.
var ErrUnknown = errors.New("plane: unknown plane")

var registry = map[string]Plane{}

// Register makes a plane known to ByName under its Name. It panics on a
// duplicate name: that is a programming error.
func Register(p Plane) {
	if _, dup := registry[p.Name()]; dup {
		panic("plane: " + p.Name() + " registered twice")
	}
	registry[p.Name()] = p
}

func init() {
	Register(Hyperbolic)
	Register(Euclidean)
}

// ByName returns the plane registered under name ("hyperbolic",
// "euclidean", or a plane registered by another package).
func ByName(name string) (Plane, error) {
	if p, ok := registry[name]; ok {
		return p, nil
	}
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	slices.Sort(names)
	return nil, fmt.Errorf("%w %q (known: %v)", ErrUnknown, name, names)
}

// DistRelErr bounds the relative error of the planes' Dist against the
// exact distance of the float64 inputs (hyperbolic.Dist's documented
// accuracy; math.Hypot's is far smaller).
const DistRelErr = 1e-13

// coincideUlps is the number of units of roundoff within which two points
// are taken to coincide: the Fermat strategies return points to a few
// units of the coordinates' rounding; a Steiner point within 64 units of a
// terminal, or of another Steiner point, is that point. This is the
// solvers' resolution, not a geometric threshold: Steiner points
// legitimately closer to a terminal than any data spacing (an angle 1e-9
// below 120°) are kept.
const coincideUlps = 64

// Coincide reports whether s and o, at distance d in pl, are the same
// point to within the float64 resolution of a computation whose scale
// (a length it is relative to, such as the local MST) is scale: d is
// within coincideUlps units of roundoff of the scale, or the coordinates
// differ by at most coincideUlps units in the last place of the larger
// coordinate (the chart's own resolution, whatever the metric makes of a
// unit there: near the ideal boundary one unit spans a hyperbolic
// distance of order 1 radially, but far less along the boundary).
func Coincide(pl Plane, s, o Point, d, scale float64) bool {
	if d <= coincideUlps*eps*scale {
		return true
	}
	m := max(math.Abs(s.X), math.Abs(s.Y), math.Abs(o.X), math.Abs(o.Y))
	return max(math.Abs(s.X-o.X), math.Abs(s.Y-o.Y)) <= coincideUlps*eps*m
}

// CoincideChord is Coincide(pl, s, o, pl.Dist(s, o), scale) for a plane
// whose distances are never shorter than the Euclidean distance of the
// coordinates (the hyperbolic plane in the Klein model, whose geodesics
// are chords and whose metric dominates the Euclidean one; the Euclidean
// plane): the distance is computed only where the Euclidean one of the
// coordinates does not already exceed Coincide's threshold by 1%, a
// margin far above the relative 10⁻¹³ of the computed distances.
func CoincideChord(pl Plane, s, o Point, scale float64) bool {
	t := 1.01 * coincideUlps * eps * scale
	dx, dy := s.X-o.X, s.Y-o.Y
	d := math.Inf(1) // beyond the threshold
	if !(dx*dx+dy*dy > t*t) {
		d = pl.Dist(s, o)
	}
	return Coincide(pl, s, o, d, scale)
}

// Certified is implemented by planes whose claims package certify can
// prove: tree certification (package treecert) asks a plane for it and
// reports a plane without it as one it cannot certify.
type Certified interface {
	Geometry() certify.Geometry
}
