package fermat

import (
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/enum"
)

// Status says what a Fermat solve found. The zero value is Undecided, so
// that a Result nobody filled in never claims an answer.
type Status int

// The statuses of a Fermat solve.
const (
	// Undecided: the strategy could not decide whether a Steiner point
	// exists (a certifying strategy whose precision ran out, say).
	Undecided Status = iota
	// Found: a Steiner point exists (decided exactly) and was computed.
	Found
	// None: no Steiner point exists, decided exactly: an angle of the
	// triangle is ≥ 120°, or the triangle is degenerate (a repeated
	// vertex; three distinct collinear vertices have an angle of 180°).
	None
	// Failed: a Steiner point exists (decided exactly) but the solver did
	// not find it.
	Failed
)

var statusNames = enum.Table[Status]{Pkg: "fermat", Type: "Status", Words: []enum.Words{
	Undecided: {Name: "undecided"},
	Found:     {Name: "ok"},
	None:      {Name: "none"},
	Failed:    {Name: "fail"},
}}

// String returns "ok", "none", "fail" or "undecided" — the words of the
// command's JSON output.
func (s Status) String() string { return statusNames.String(s) }

// MarshalText returns the machine name, the same as String.
func (s Status) MarshalText() ([]byte, error) { return statusNames.MarshalText(s) }

// Solver is a Fermat-point strategy: it returns the Steiner point of the
// hyperbolic triangle (a, b, c) of the Klein disk with Status Found, or the
// zero Point with another Status. A degenerate or invalid triangle (a
// repeated vertex, a vertex outside the open disk or not finite) has no
// Steiner point: Fermat returns None for it and never panics.
//
// Every Solver of this package is safe for concurrent use by many
// goroutines.
type Solver interface {
	Name() string
	Fermat(a, b, c hyperbolic.Point) (hyperbolic.Point, Status)
}
