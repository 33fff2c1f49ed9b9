package sll

import (
	"errors"

	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/plane"
)

// Mesh is the triangulation the pipeline works on.
type Mesh = plane.Mesh

// Space is a plane in which the pipeline builds trees, with the Fermat
// strategy that solves its 3- and 4-terminal problems. The pipeline asks
// it for everything: it never tests which plane it was given.
type Space interface {
	plane.Plane
	// Solver names the Fermat strategy ("none" without one).
	Solver() string
	// Fermat is the strategy's Steiner point of three terminals.
	Fermat(a, b, c hyperbolic.Point) (hyperbolic.Point, Status)
	// Plane is the plane itself (for what it offers beyond plane.Plane,
	// such as plane.Certified).
	Plane() plane.Plane
	// Fermat4 is the strategy's full Steiner tree of the topology
	// (p,q | r,s) (see fermat.FourOf).
	Fermat4(p, q, r, s hyperbolic.Point, local float64) fermat.Four
}

// NewSpace returns the plane pl with the Fermat strategy s for its local
// problems; its 4-terminal method is fermat.FourOf(pl, s). With a nil
// strategy no Steiner point is computed, and Build returns the minimum
// spanning tree.
func NewSpace(pl plane.Plane, s FermatSolver) Space {
	sp := space{geometry: pl, solver: s}
	if s != nil {
		sp.four = fermat.FourOf(pl, s)
	}
	return sp
}

// Hyperbolic returns the hyperbolic plane in the Klein model, with Fermat
// points computed by the given strategy (nil: the MST only).
func Hyperbolic(solver FermatSolver) Space { return NewSpace(plane.Hyperbolic, solver) }

// DefaultSpace is the space of the zero Options: the hyperbolic plane in
// the Klein model with the default Fermat strategy (fermat.DefaultName,
// "auto").
func DefaultSpace() Space { return Hyperbolic(fermat.Auto{}) }

// Euclidean returns the Euclidean plane, with Fermat points by the closed
// form (fermat.Torricelli).
func Euclidean() Space { return NewSpace(plane.Euclidean, fermat.Torricelli{}) }

type space struct {
	geometry
	solver FermatSolver
	four   fermat.FourSolver
}

// geometry is plane.Plane under a name that leaves Plane to the method.
type geometry = plane.Plane

func (s space) Plane() plane.Plane { return s.geometry }

func (s space) Solver() string {
	if s.solver == nil {
		return "none"
	}
	return s.solver.Name()
}

func (s space) Fermat(a, b, c hyperbolic.Point) (hyperbolic.Point, Status) {
	if s.solver == nil {
		return hyperbolic.Point{}, Undecided
	}
	return s.solver.Fermat(a, b, c)
}

func (s space) Fermat4(p, q, r, u hyperbolic.Point, local float64) fermat.Four {
	if s.four == nil {
		return fermat.Four{Status: Undecided}
	}
	return s.four.Fermat4(p, q, r, u, local)
}

// ErrSolver reports a strategy that cannot be used.
var ErrSolver = errors.New("sll: no such Fermat solver")
