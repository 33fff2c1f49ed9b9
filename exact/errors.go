package exact

import (
	"errors"
	"fmt"
)

// MaxTerminals is the largest number of terminals Solve accepts: the
// number of full topologies, (2n − 5)!!, is 1.3·10⁸ at n = 12.
const MaxTerminals = 12

// ErrTooManyTerminals reports an input larger than MaxTerminals.
var ErrTooManyTerminals = errors.New("exact: too many terminals")

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
