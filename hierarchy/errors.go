package hierarchy

import (
	"errors"
	"fmt"
)

// Sentinel errors wrapped by *TreeError; test with errors.Is.
var (
	// ErrVertexRange reports an edge end or a root outside [0, Vertices).
	ErrVertexRange = errors.New("vertex out of range")
	// ErrLength reports an edge length that is NaN, infinite or negative,
	// or a length slice that does not match the edge slice.
	ErrLength = errors.New("bad edge length")
	// ErrCycle reports an edge that closes a cycle (a self-loop or a
	// repeated edge included).
	ErrCycle = errors.New("the graph has a cycle")
	// ErrDisconnected reports a vertex that the root cannot reach.
	ErrDisconnected = errors.New("the graph is not connected")
)

// TreeError reports why an edge list is not a weighted tree. Edge is the
// 0-based index of the offending edge and Vertex the offending vertex, -1
// when they do not apply.
type TreeError struct {
	Err    error // one of the sentinels above
	Edge   int
	Vertex int
	Msg    string
}

func (e *TreeError) Error() string {
	s := "hierarchy: " + e.Err.Error()
	if e.Edge >= 0 {
		s += fmt.Sprintf(": edge %d", e.Edge)
	}
	if e.Vertex >= 0 {
		s += fmt.Sprintf(": vertex %d", e.Vertex)
	}
	if e.Msg != "" {
		s += ": " + e.Msg
	}
	return s
}

// Unwrap returns the sentinel.
func (e *TreeError) Unwrap() error { return e.Err }

// ErrMatrix is wrapped by the errors of NeighborJoining for a distance that
// is NaN, infinite or negative.
var ErrMatrix = errors.New("bad distance")

// MatrixError names the entry of a distance matrix that NeighborJoining
// cannot use.
type MatrixError struct {
	I, J  int
	Value float64
}

func (e *MatrixError) Error() string {
	return fmt.Sprintf("hierarchy: %v d(%d, %d) = %g: distances must be finite and ≥ 0", ErrMatrix, e.I, e.J, e.Value)
}

// Unwrap returns ErrMatrix.
func (e *MatrixError) Unwrap() error { return ErrMatrix }
