package certify

import (
	"fmt"
	"strings"
)

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

// String returns "undecided", "proved" or "no root".
func (s Status) String() string {
	switch s {
	case Undecided:
		return "undecided"
	case Proved:
		return "proved"
	case NoRoot:
		return "no root"
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// MarshalText returns the machine name: "undecided", "proved", "no_root".
func (s Status) MarshalText() ([]byte, error) {
	if s < Undecided || s > NoRoot {
		return nil, fmt.Errorf("certify: %v has no name", s)
	}
	return []byte(strings.ReplaceAll(s.String(), " ", "_")), nil
}

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

// String returns "undecided", "certified", "refuted" or "none".
func (s FermatStatus) String() string {
	switch s {
	case FermatUndecided:
		return "undecided"
	case FermatCertified:
		return "certified"
	case FermatRefuted:
		return "refuted"
	case FermatNone:
		return "none"
	}
	return fmt.Sprintf("FermatStatus(%d)", int(s))
}

// MarshalText returns the machine name, the same as String.
func (s FermatStatus) MarshalText() ([]byte, error) {
	if s < FermatUndecided || s > FermatNone {
		return nil, fmt.Errorf("certify: %v has no name", s)
	}
	return []byte(s.String()), nil
}
