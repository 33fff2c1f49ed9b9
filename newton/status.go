package newton

import (
	"strconv"

	"github.com/hypersteiner/hypersteiner/internal/enum"
)

// Status tells why a solver stopped. The values 1–5 are MINPACK's info
// codes for hybrd/hybrj with MINPACK's meanings; the values from 10 on belong
// to the damped Newton method. Improper input (MINPACK's info 0) is reported
// as an error, never as a Status.
type Status int

// Statuses of the Powell hybrid method (MINPACK hybrd/hybrj info codes).
const (
	// XTolReached (info 1): the relative error between two consecutive
	// iterates is at most XTol (δ ≤ XTol·‖D·x‖), or F(x) = 0 exactly.
	XTolReached Status = 1
	// MaxFevReached (info 2): the number of calls to F has reached MaxFev.
	MaxFevReached Status = 2
	// XTolTooSmall (info 3): no further improvement in x is possible; the
	// trust region and the step are below the rounding level of x.
	XTolTooSmall Status = 3
	// NoProgressJacobian (info 4): not making good progress, measured by the
	// improvement from the last five Jacobian evaluations.
	NoProgressJacobian Status = 4
	// NoProgressIterations (info 5): not making good progress, measured by
	// the improvement from the last ten iterations.
	NoProgressIterations Status = 5
)

// Statuses of the damped Newton method.
const (
	// Converged: ‖F(x)‖ ≤ FTol, or a full Newton step changed x by at most
	// XTol relative to ‖x‖.
	Converged Status = 10
	// SingularJacobian: the Jacobian is singular to working precision (an LU
	// pivot is exactly zero or its reciprocal condition number is below
	// machine epsilon, LAPACK's criterion in xGESVX).
	SingularJacobian Status = 11
	// LineSearchFailed: backtracking found no point that decreases ½‖F‖²
	// before the step stopped changing x (or MaxBacktrack was exhausted).
	LineSearchFailed Status = 12
	// MaxIterReached: MaxIter Newton iterations were done without convergence.
	MaxIterReached Status = 13
)

// statusNames holds each status's machine-readable name and meaning.
var statusNames = enum.Table[Status]{Pkg: "newton", Type: "Status", Words: []enum.Words{
	XTolReached:          {Name: "xtol_reached", Text: "relative error between two consecutive iterates is at most xtol"},
	MaxFevReached:        {Name: "maxfev_reached", Text: "number of calls to F has reached maxfev"},
	XTolTooSmall:         {Name: "xtol_too_small", Text: "xtol is too small: no further improvement in x is possible"},
	NoProgressJacobian:   {Name: "no_progress_jacobian", Text: "iteration is not making good progress (last five Jacobian evaluations)"},
	NoProgressIterations: {Name: "no_progress_iterations", Text: "iteration is not making good progress (last ten iterations)"},
	Converged:            {Name: "converged"},
	SingularJacobian:     {Name: "singular_jacobian", Text: "Jacobian is singular to working precision"},
	LineSearchFailed:     {Name: "line_search_failed", Text: "line search failed to decrease ||F||"},
	MaxIterReached:       {Name: "max_iter_reached", Text: "maximum number of iterations reached"},
}}

// String returns the status number and its meaning, e.g.
// "info 1: relative error between two consecutive iterates is at most xtol".
func (s Status) String() string {
	if s >= XTolReached && s <= NoProgressIterations {
		return "info " + strconv.Itoa(int(s)) + ": " + statusNames.String(s)
	}
	return statusNames.String(s)
}

// Name returns the machine-readable name of s, for JSON and logs:
// xtol_reached, maxfev_reached, xtol_too_small, no_progress_jacobian,
// no_progress_iterations, converged, singular_jacobian,
// line_search_failed, max_iter_reached ("status_N" for an unknown value).
func (s Status) Name() string {
	if w, ok := statusNames.Lookup(s); ok {
		return w.Name
	}
	return "status_" + strconv.Itoa(int(s))
}

// NoProgress reports whether s is one of MINPACK's two "not making good
// progress" exits (info 4 or 5). hybrd1/hybrj1 map both to info 4.
func (s Status) NoProgress() bool { return s == NoProgressJacobian || s == NoProgressIterations }
