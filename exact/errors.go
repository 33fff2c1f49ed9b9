package exact

import (
	"errors"
	"fmt"

	"github.com/hypersteiner/hypersteiner/plane"
	"github.com/hypersteiner/hypersteiner/sll"
)

// MaxTerminals is the largest number of terminals the methods
// BranchAndBound and Concatenation accept, and so Solve in the hyperbolic
// plane: the number of full topologies, (2n − 5)!!, is 1.3·10⁸ at n = 12.
const MaxTerminals = 12

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
// the space: MaxEuclideanTerminals in the Euclidean plane, MaxTerminals
// in the others.
func MaxTerminalsIn(sp sll.Space) int {
	if sp != nil && sp.Plane() == plane.Euclidean {
		return MaxEuclideanTerminals
	}
	return MaxTerminals
}

// TooManyError reports more terminals than the plane's exact solver
// takes.
type TooManyError struct {
	N, Max int
	// Plane names the plane ("hyperbolic", "euclidean").
	Plane string
}

func (e *TooManyError) Error() string {
	return fmt.Sprintf("exact: %d terminals; the %s exact solver takes at most %d terminals", e.N, e.Plane, e.Max)
}

// Unwrap returns ErrTooManyTerminals.
func (e *TooManyError) Unwrap() error { return ErrTooManyTerminals }

// ErrSpace reports a space the solver does not support (only
// sll.Hyperbolic with a Fermat solver and sll.Euclidean are).
var ErrSpace = errors.New("exact: unsupported space")

// PointError reports an invalid terminal: not a point of the space, or a
// repeat of an earlier one (Dup ≥ 0).
type PointError struct {
	Index int
	Dup   int // index of the earlier equal terminal, or −1
	Err   error
}

func (e *PointError) Error() string {
	if e.Dup >= 0 {
		return fmt.Sprintf("exact: terminal %d repeats terminal %d", e.Index, e.Dup)
	}
	return fmt.Sprintf("exact: terminal %d: %v", e.Index, e.Err)
}

func (e *PointError) Unwrap() error { return e.Err }

// ErrDuplicate is the cause of a PointError for a repeated terminal.
var ErrDuplicate = errors.New("repeated terminal")
