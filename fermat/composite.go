package fermat

import "github.com/hypersteiner/hypersteiner/hyperbolic"

// Precise is the strategy "precise", the paper's Precise setup: Simple
// first, and the homotopy strategy when Simple finds no valid root.
// Result.Method says which one found the point.
type Precise struct{}

// Name returns "precise".
func (Precise) Name() string { return "precise" }

// Fermat implements Solver.
func (s Precise) Fermat(a, b, c hyperbolic.Point) (hyperbolic.Point, Status) {
	return fermatOf(s, a, b, c)
}

// Solve implements Strategy.
func (Precise) Solve(a, b, c hyperbolic.Point) (Result, error) {
	return solveBy(a, b, c, bySimple, byHomotopy)
}

// Auto is the strategy "auto", the default: Newton, and the homotopy
// strategy when Newton fails on a triangle whose Steiner point exists
// (existence is decided exactly, so a miss is always detected). On the
// test classes Newton alone finds every Steiner point; the fallback is
// insurance that costs nothing when unused.
type Auto struct{}

// Name returns "auto".
func (Auto) Name() string { return "auto" }

// Fermat implements Solver.
func (s Auto) Fermat(a, b, c hyperbolic.Point) (hyperbolic.Point, Status) {
	return fermatOf(s, a, b, c)
}

// Solve implements Strategy.
func (Auto) Solve(a, b, c hyperbolic.Point) (Result, error) {
	return solveBy(a, b, c, byNewton, byHomotopy)
}
