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
	// EFST is GeoSteiner's method in the Euclidean plane, up to
	// MaxEuclideanTerminals: full Steiner trees generated from equilateral
	// points (package efst), concatenated by linear programming with
	// subtour cuts (package fstcat). Solve uses it for every Euclidean
	// input of more than MaxTerminals terminals, whatever the Method.
	EFST
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
	case EFST:
		return "efst"
	}
	return fmt.Sprintf("Method(%d)", int(m))
}

// ParseMethod returns the method named "bnb" (BranchAndBound), "fst"
// (Concatenation) or "efst" (EFST).
func ParseMethod(name string) (Method, error) {
	switch name {
	case "bnb":
		return BranchAndBound, nil
	case "fst":
		return Concatenation, nil
	case "efst":
		return EFST, nil
	}
	return 0, fmt.Errorf("%w %q (want bnb, fst or efst)", ErrMethod, name)
}
