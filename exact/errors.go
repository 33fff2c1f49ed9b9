package exact

import (
	"errors"
	"fmt"

	"github.com/hypersteiner/hypersteiner/plane"
	"github.com/hypersteiner/hypersteiner/sll"
)

// MaxTerminals is the largest number of terminals the method
// Concatenation accepts (it visits every subset and splits each in every
// way, 3ⁿ·n/2 steps), and the largest the method BranchAndBound takes in
// the Euclidean plane, where EFST takes the inputs above it.
const MaxTerminals = 12

// MaxHyperbolicTerminals is the largest number of terminals Solve accepts
// in the hyperbolic plane, by the method BranchAndBound, whose time grows
// steeply with the number of terminals (docs/results.md has the figures):
// beyond about 20 terminals Options.TimeLimit, which returns the best tree
// found with its proved gap, is the way to use it. The bound is set by
// the search's edge masks (one bit per edge of a full topology, 2n − 3 of
// them, in a uint64).
const MaxHyperbolicTerminals = 32

// MaxEuclideanTerminals is the largest number of terminals Solve accepts
// in the Euclidean plane, where the method EFST takes the inputs above
// MaxTerminals: the largest size measured (OR-Library estein500; figures
// in docs/results.md). Options.TimeLimit bounds the concatenation, not
// the generation.
const MaxEuclideanTerminals = 500

// ErrTooManyTerminals reports an input larger than the plane's limit
// (MaxTerminalsIn).
var ErrTooManyTerminals = errors.New("exact: too many terminals")

// MaxTerminalsIn returns the largest number of terminals Solve accepts in
// the space by its default method: MaxEuclideanTerminals in the Euclidean
// plane, MaxHyperbolicTerminals in the others. The method Concatenation
// takes at most MaxTerminals in any plane.
func MaxTerminalsIn(sp sll.Space) int {
	if sp != nil && sp.Plane() == plane.Euclidean {
		return MaxEuclideanTerminals
	}
	return MaxHyperbolicTerminals
}

// TooManyError reports more terminals than the plane's exact solver
// takes.
type TooManyError struct {
	N, Max int
	// Plane names the plane ("hyperbolic", "euclidean").
	Plane string
	// Method, when not empty, names the method whose limit it is.
	Method string
}

func (e *TooManyError) Error() string {
	if e.Method != "" {
		return fmt.Sprintf("exact: %d terminals; the %s method takes at most %d terminals", e.N, e.Method, e.Max)
	}
	return fmt.Sprintf("exact: %d terminals; the %s exact solver takes at most %d terminals", e.N, e.Plane, e.Max)
}

// Unwrap returns ErrTooManyTerminals.
func (e *TooManyError) Unwrap() error { return ErrTooManyTerminals }

// ErrSpace reports a space the solver does not support (only
// sll.Hyperbolic with a Fermat solver and sll.Euclidean are).
var ErrSpace = errors.New("exact: unsupported space")

// PointError reports an invalid terminal: not a point of the space, or a
// repeat of an earlier one (Dup ≥ 0); Index < 0 when the terminals
// together are the problem (a span of scales float64 cannot hold, two
// terminals the plane cannot tell apart).
type PointError struct {
	Index int
	Dup   int // index of the earlier equal terminal, or −1
	Err   error
}

func (e *PointError) Error() string {
	switch {
	case e.Dup >= 0:
		return fmt.Sprintf("exact: terminal %d repeats terminal %d", e.Index, e.Dup)
	case e.Index < 0:
		return fmt.Sprintf("exact: the terminals: %v", e.Err)
	}
	return fmt.Sprintf("exact: terminal %d: %v", e.Index, e.Err)
}

func (e *PointError) Unwrap() error { return e.Err }

// ErrDuplicate is the cause of a PointError for a repeated terminal.
var ErrDuplicate = errors.New("repeated terminal")
