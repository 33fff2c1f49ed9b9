package exact

import (
	"errors"
	"fmt"
)

// Method selects how Solve searches for the Steiner minimal tree.
type Method int

const (
	// BranchAndBound is Smith's branch and bound over the full topologies
	// of all terminals (the default).
	BranchAndBound Method = iota
	// Concatenation generates the full Steiner trees of every subset of
	// the terminals, prunes them, and concatenates the survivors by a
	// dynamic programme over subsets (GeoSteiner's scheme).
	Concatenation
)

// ErrMethod reports an unknown Method (from ParseMethod or in Options).
var ErrMethod = errors.New("exact: unknown method")

// String returns the method's short name: "bnb" or "fst".
func (m Method) String() string {
	switch m {
	case BranchAndBound:
		return "bnb"
	case Concatenation:
		return "fst"
	}
	return fmt.Sprintf("Method(%d)", int(m))
}

// ParseMethod returns the method named "bnb" (BranchAndBound) or "fst"
// (Concatenation).
func ParseMethod(name string) (Method, error) {
	switch name {
	case "bnb":
		return BranchAndBound, nil
	case "fst":
		return Concatenation, nil
	}
	return 0, fmt.Errorf("%w %q (want bnb or fst)", ErrMethod, name)
}
