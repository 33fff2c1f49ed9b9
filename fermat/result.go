package fermat

import (
	"math/big"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// Result is the full answer of a Fermat solve, for the command and for
// comparisons between strategies.
type Result struct {
	// Point is the Steiner point (Klein model) when Status is Found, the
	// zero Point otherwise.
	Point  hyperbolic.Point
	Status Status
	// Method names the strategy that produced Point: for a composite
	// strategy (precise, auto) the sub-strategy that succeeded, e.g.
	// "newton" or "homotopy"; "" when nothing was solved.
	Method string
	// Iterations counts solver iterations (Newton or dogleg steps, path
	// tracking steps), Evaluations the evaluations of the system with its
	// Jacobian (for simple: calls of φ, MINPACK's nfev) — over every
	// sub-strategy that ran.
	Iterations, Evaluations int
	// Wide is, for Status None, the index (0, 1, 2 for a, b, c) of the
	// vertex whose angle is ≥ 120°, decided exactly; −1 otherwise (also
	// for a degenerate triangle with a repeated vertex).
	Wide int
	// Cert is set by certifying strategies only: the enclosure that proves
	// the Steiner point.
	Cert *Certificate
}

// Certificate is a proved enclosure of a Steiner point: the exact Steiner
// point of the float64 triangle lies within Radius (max norm, Klein
// coordinates) of (X, Y). Its values carry the precision they were proved
// in. Certifying strategies fill it in; the float strategies leave it nil.
type Certificate struct {
	X, Y, Radius *big.Float
}

// Strategy is a Solver that also reports how it solved. Every Solver this
// package registers is a Strategy.
//
// Solve returns an error only for invalid input: a vertex that is not
// finite or not strictly inside the unit disk (the error is an
// *isoptic.InputError wrapping the hyperbolic sentinel, naming the vertex).
// A repeated vertex is not an error: such a triangle has no Steiner point,
// and Solve reports None.
type Strategy interface {
	Solver
	Solve(a, b, c hyperbolic.Point) (Result, error)
}

// Precision is implemented by strategies whose working precision can be
// chosen (a certifying one): WithPrec returns the strategy working at prec
// bits, or an error if prec is unusable.
type Precision interface {
	WithPrec(prec uint) (Solver, error)
}
