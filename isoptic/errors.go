package isoptic

import (
	"errors"
	"fmt"
	"math"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// Sentinel errors, matched with errors.Is through an *InputError or
// returned as they are by the allocation-free evaluators.
var (
	// ErrCoincident: two terminals (or a terminal and the viewpoint) are the
	// same point, so the angle between them is undefined.
	ErrCoincident = errors.New("isoptic: coincident points")
	// ErrCos: a cosine outside (−1, 1), i.e. an angle outside (0, π).
	ErrCos = errors.New("isoptic: cos α must lie in (−1, 1)")
	// ErrNotDifferentiable: φ = A − cos α·√B has no gradient where B = 0,
	// that is at the two terminals themselves (√B is not differentiable
	// there).
	ErrNotDifferentiable = errors.New("isoptic: φ is not differentiable where B = 0 (at a terminal)")
	// ErrOutsideDisk: an exact rational point not strictly inside the unit
	// disk (float64 points are checked by hyperbolic.Point.Check).
	ErrOutsideDisk = errors.New("isoptic: point not strictly inside the unit disk")
	// ErrNilValue: a nil *big.Rat or *big.Float coordinate.
	ErrNilValue = errors.New("isoptic: nil coordinate")
)

// InputError reports a bad argument: which function, which argument, and
// why (Err, which wraps a sentinel of this package or the error of
// hyperbolic.Point.Check).
type InputError struct {
	Func string // the function that refused the input, e.g. "SteinerExists"
	Arg  string // the argument, e.g. "vertex 1" or "terminal y"
	Err  error
}

func (e *InputError) Error() string {
	return fmt.Sprintf("isoptic.%s: %s: %v", e.Func, e.Arg, e.Err)
}

func (e *InputError) Unwrap() error { return e.Err }

// checkPoint validates a terminal: finite and strictly inside the unit disk.
func checkPoint(fn, arg string, p hyperbolic.Point) error {
	if err := p.Check(); err != nil {
		return &InputError{Func: fn, Arg: fmt.Sprintf("%s (%v, %v)", arg, p.X, p.Y), Err: err}
	}
	return nil
}

// surelyInside is a fast sufficient test for p.Check() == nil: a computed
// x² + y² below 0.999 is within three roundings (and 2⁻¹⁰⁷⁴ of underflow)
// of the exact value, so the point is finite and strictly inside the disk;
// NaN and ±Inf fail the comparison. Points it rejects need p.Check().
func surelyInside(p hyperbolic.Point) bool { return p.X*p.X+p.Y*p.Y < 0.999 }

// checkVertex is checkPoint for "vertex i", formatting only on failure.
func checkVertex(fn string, i int, p hyperbolic.Point) error {
	if surelyInside(p) || p.Check() == nil {
		return nil
	}
	return checkPoint(fn, fmt.Sprintf("vertex %d", i), p)
}

// checkDistinct refuses two equal terminals.
func checkDistinct(fn, argP, argQ string, p, q hyperbolic.Point) error {
	if p == q {
		return &InputError{Func: fn, Arg: fmt.Sprintf("%s and %s (both (%v, %v))", argP, argQ, p.X, p.Y), Err: ErrCoincident}
	}
	return nil
}

// checkCos refuses a cosine that is not the cosine of an angle in (0, π).
func checkCos(fn string, c float64) error {
	if math.IsNaN(c) || !(c > -1 && c < 1) {
		return &InputError{Func: fn, Arg: fmt.Sprintf("cos α = %v", c), Err: ErrCos}
	}
	return nil
}
