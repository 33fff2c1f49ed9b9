package newton

import (
	"errors"
	"fmt"
)

// Sentinel error kinds; every error returned by this package wraps one of
// them inside an *Error, so errors.Is(err, ErrNonFinite) works.
var (
	// ErrDimension: wrong lengths — n = 0, a non-square system (M ≠ len(x0)),
	// or a Diag of the wrong length.
	ErrDimension = errors.New("dimension mismatch")
	// ErrNonFinite: a NaN or ±Inf in x0, in Diag, or in a value of F or of the
	// Jacobian computed during the run.
	ErrNonFinite = errors.New("non-finite value")
	// ErrSettings: an invalid setting (negative tolerance, MaxFev ≤ 0, ...).
	ErrSettings = errors.New("invalid setting")
	// ErrNilFunc: the system has no F, or Hybrj was called without a Jacobian.
	ErrNilFunc = errors.New("missing function")
)

// Error describes what went wrong and where.
type Error struct {
	Op    string  // the solver: "Hybrd", "Hybrj" or "Newton"
	Kind  error   // one of the sentinel errors above
	What  string  // the offending object: "x0", "F(x)", "Jacobian", "Diag", "Settings.XTol", ...
	Index int     // the offending index (row-major i*n+j for a Jacobian entry), or -1
	Value float64 // the offending value, when there is one
	Eval  int     // for a value of F (or a difference quotient): the number of the offending call of F; else 0
	Msg   string  // further detail
}

func (e *Error) Error() string {
	s := "newton." + e.Op + ": " + e.Kind.Error() + ": " + e.What
	if e.Index >= 0 {
		s += fmt.Sprintf("[%d]", e.Index)
	}
	if e.Kind == ErrNonFinite || e.Kind == ErrSettings {
		s += fmt.Sprintf(" = %v", e.Value)
	}
	if e.Eval > 0 {
		s += fmt.Sprintf(" (at call %d of F)", e.Eval)
	}
	if e.Msg != "" {
		s += ": " + e.Msg
	}
	return s
}

// Unwrap returns the sentinel kind.
func (e *Error) Unwrap() error { return e.Kind }
