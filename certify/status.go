package certify

import "github.com/hypersteiner/hypersteiner/internal/enum"

// Status is the outcome of a certification attempt.
type Status int

const (
	// Undecided: nothing was proved (the box may or may not hold a root).
	Undecided Status = iota
	// Proved: K(X) ⊂ int X, so X holds exactly one root, and it lies in
	// Box = K(X).
	Proved
	// NoRoot: K(X) ∩ X = ∅, so X holds no root.
	NoRoot
)

var statusNames = enum.Table[Status]{Pkg: "certify", Type: "Status", Words: []enum.Words{
	Undecided: {Name: "undecided"},
	Proved:    {Name: "proved"},
	NoRoot:    {Name: "no_root", Text: "no root"},
}}

// String returns "undecided", "proved" or "no root".
func (s Status) String() string { return statusNames.String(s) }

// MarshalText returns the machine name: "undecided", "proved", "no_root".
func (s Status) MarshalText() ([]byte, error) { return statusNames.MarshalText(s) }

// FermatStatus is the verdict of a Fermat-point certification on a
// candidate point.
type FermatStatus int

const (
	// FermatUndecided: nothing was proved about the candidate (a precision
	// cap was reached). FermatCert.Proved may still be true: the Fermat
	// point is enclosed, but its distance to the candidate is too close
	// to the tolerance to tell.
	FermatUndecided FermatStatus = iota
	// FermatCertified: the Fermat point exists and lies within Tol of
	// the candidate (max norm, Klein coordinates).
	FermatCertified
	// FermatRefuted: the Fermat point exists and provably does not lie
	// within Tol of the candidate.
	FermatRefuted
	// FermatNone: the triangle has no Fermat (Steiner) point: an angle is
	// ≥ 120°, decided exactly, or two vertices coincide.
	FermatNone
)

var fermatStatusNames = enum.Table[FermatStatus]{Pkg: "certify", Type: "FermatStatus", Words: []enum.Words{
	FermatUndecided: {Name: "undecided"},
	FermatCertified: {Name: "certified"},
	FermatRefuted:   {Name: "refuted"},
	FermatNone:      {Name: "none"},
}}

// String returns "undecided", "certified", "refuted" or "none".
func (s FermatStatus) String() string { return fermatStatusNames.String(s) }

// MarshalText returns the machine name, the same as String.
func (s FermatStatus) MarshalText() ([]byte, error) { return fermatStatusNames.MarshalText(s) }
