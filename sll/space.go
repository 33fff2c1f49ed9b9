package sll

import (
	"errors"
	"fmt"
	"math"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// Mesh is the triangulation the pipeline works on.
type Mesh struct {
	// Edges is a graph that contains the minimum spanning tree (for the
	// hyperbolic plane, all Euclidean Delaunay edges of the Poincaré images,
	// a superset of the hyperbolic Delaunay graph). Each edge has u < v.
	Edges [][2]int32
	// Triangles are the Delaunay triangles considered for full Steiner trees.
	Triangles [][3]int32
}

// Space is a plane in which the pipeline builds trees: it measures, it
// triangulates, and it solves 3-terminal Steiner problems.
type Space interface {
	// Name is "hyperbolic" or "euclidean".
	Name() string
	// Solver names the Fermat strategy.
	Solver() string
	// Check rejects a point the space cannot hold.
	Check(p hyperbolic.Point) error
	Dist(p, q hyperbolic.Point) float64
	Midpoint(p, q hyperbolic.Point) hyperbolic.Point
	Triangulate(pts []hyperbolic.Point) (*Mesh, error)
	Fermat(a, b, c hyperbolic.Point) (hyperbolic.Point, Status)
}

// Hyperbolic returns the hyperbolic plane in the Klein model, with Fermat
// points computed by the given strategy. With a nil strategy no Fermat point
// is computed, and Build returns the minimum spanning tree.
func Hyperbolic(solver FermatSolver) Space { return hyperbolicSpace{solver} }

type hyperbolicSpace struct{ solver FermatSolver }

func (hyperbolicSpace) Name() string { return "hyperbolic" }
func (h hyperbolicSpace) Solver() string {
	if h.solver == nil {
		return "none"
	}
	return h.solver.Name()
}
func (hyperbolicSpace) Check(p hyperbolic.Point) error     { return p.Check() }
func (hyperbolicSpace) Dist(p, q hyperbolic.Point) float64 { return hyperbolic.Dist(p, q) }
func (hyperbolicSpace) Midpoint(p, q hyperbolic.Point) hyperbolic.Point {
	m, err := hyperbolic.Midpoint(p, q)
	if err != nil {
		// Only reachable for points outside the disk, which Build rejects.
		return p
	}
	return m
}
func (h hyperbolicSpace) Fermat(a, b, c hyperbolic.Point) (hyperbolic.Point, Status) {
	if h.solver == nil {
		// Without a strategy the pipeline computes the MST only.
		return hyperbolic.Point{}, Undecided
	}
	return h.solver.Fermat(a, b, c)
}
func (hyperbolicSpace) Triangulate(pts []hyperbolic.Point) (*Mesh, error) {
	return hyperbolicMesh(pts)
}

// Euclidean returns the Euclidean plane, with Fermat points by the closed
// form (Torricelli's construction).
func Euclidean() Space { return euclideanSpace{} }

type euclideanSpace struct{}

func (euclideanSpace) Name() string   { return "euclidean" }
func (euclideanSpace) Solver() string { return "torricelli" }
func (euclideanSpace) Check(p hyperbolic.Point) error {
	if math.IsNaN(p.X) || math.IsNaN(p.Y) || math.IsInf(p.X, 0) || math.IsInf(p.Y, 0) {
		return fmt.Errorf("point (%g, %g) is not finite", p.X, p.Y)
	}
	return nil
}
func (euclideanSpace) Dist(p, q hyperbolic.Point) float64 { return math.Hypot(p.X-q.X, p.Y-q.Y) }
func (euclideanSpace) Midpoint(p, q hyperbolic.Point) hyperbolic.Point {
	return hyperbolic.Point{X: p.X + (q.X-p.X)/2, Y: p.Y + (q.Y-p.Y)/2}
}
func (euclideanSpace) Fermat(a, b, c hyperbolic.Point) (hyperbolic.Point, Status) {
	return Torricelli(a, b, c)
}
func (euclideanSpace) Triangulate(pts []hyperbolic.Point) (*Mesh, error) {
	return euclideanMesh(pts)
}

// ErrSolver reports a strategy that cannot be used.
var ErrSolver = errors.New("sll: no such Fermat solver")
