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
	t, r, done, err := begin(a, b, c)
	if done {
		return r, err
	}
	if p, ok := simpleSolve(&t, &r); ok {
		r.Point, r.Status, r.Method = p, Found, "simple"
		return r, nil
	}
	return withHomotopy(&t, r)
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
	t, r, done, err := begin(a, b, c)
	if done {
		return r, err
	}
	if p, ok := newtonSolve(&t, &r); ok {
		r.Point, r.Status, r.Method = p, Found, "newton"
		return r, nil
	}
	return withHomotopy(&t, r)
}

// withHomotopy finishes a composite solve with the homotopy strategy.
func withHomotopy(t *triangle, r Result) (Result, error) {
	r.Method = "homotopy"
	p, ok, err := homotopySolve(t, &r)
	if err != nil {
		return r, err
	}
	if ok {
		r.Point, r.Status = p, Found
	} else {
		r.Status = Failed
	}
	return r, nil
}
