package fstcat

import (
	"errors"
	"fmt"
	"math"
	"time"
)

// FST is one full Steiner tree offered to the concatenation: the terminals
// it spans and its length.
type FST struct {
	// Terminals are the indices (0 ≤ t < N, distinct, at least two) of the
	// terminals the tree spans.
	Terminals []int
	// Length is the tree's length (a float64 approximation when the
	// length is irrational).
	Length float64
	// Lo and Hi enclose the true length: Lo ≤ length ≤ Hi. Both zero means
	// Length is exact.
	Lo, Hi float64
}

// bounds returns the enclosure of the FST's length.
func (f *FST) bounds() (lo, hi float64) {
	if f.Lo == 0 && f.Hi == 0 {
		return f.Length, f.Length
	}
	return f.Lo, f.Hi
}

// Problem is a hypergraph on N terminals whose hyperedges are FSTs.
type Problem struct {
	N    int
	FSTs []FST
}

// Status says how Solve ended.
type Status int

const (
	// Optimal: the tree's length is within Options.RelGap of the certified
	// lower bound.
	Optimal Status = iota
	// TimeLimit: Options.TimeLimit was reached; the best tree found (if
	// any) is returned with the bound proved so far.
	TimeLimit
	// NodeLimit: Options.MaxNodes branch-and-bound nodes were solved.
	NodeLimit
	// Infeasible: no set of the FSTs forms a spanning tree (proved).
	Infeasible
)

func (s Status) String() string {
	switch s {
	case Optimal:
		return "optimal"
	case TimeLimit:
		return "time limit"
	case NodeLimit:
		return "node limit"
	case Infeasible:
		return "infeasible"
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// DefaultRelGap is the relative gap at which a tree counts as optimal when
// Options.RelGap is zero: far above the rounding of the certified bound
// (about 1e-15 relative), far below any length difference that matters.
const DefaultRelGap = 1e-10

// Options configures Solve. The zero value proves optimality with no limit.
type Options struct {
	// TimeLimit stops the search after this long (0: no limit) and returns
	// the best tree found with the lower bound proved so far.
	TimeLimit time.Duration
	// MaxNodes stops the search after this many branch-and-bound nodes
	// (0: no limit).
	MaxNodes int
	// RelGap is the relative gap (upper − lower)/upper at which the search
	// stops with status Optimal; 0 means DefaultRelGap.
	RelGap float64
	// Progress, when set, is called after every node with the state of the
	// search.
	Progress func(Progress)
}

// Progress is a snapshot of the search.
type Progress struct {
	Nodes, Open int
	// LowerBound is the certified lower bound so far; UpperBound the
	// length of the best tree found (+Inf before the first).
	LowerBound, UpperBound float64
	Elapsed                time.Duration
}

// Result is the outcome of Solve.
type Result struct {
	Status Status
	// Chosen lists the indices of the FSTs of the best tree found, in
	// increasing order (nil when none was found).
	Chosen []int
	// Length is Σ Length over Chosen; UpperBound is Σ Hi rounded upwards:
	// the true length of the tree is at most UpperBound.
	Length, UpperBound float64
	// LowerBound is a certified lower bound on the length of every
	// spanning tree made of the given FSTs (with their true lengths):
	// it holds whatever the status.
	LowerBound float64
	// RootBound is the certified bound of the root LP relaxation.
	RootBound float64
	// Nodes counts the branch-and-bound nodes solved, Cuts the subtour
	// constraints generated, LPIterations the dual simplex iterations.
	Nodes, Cuts, LPIterations int
	Seconds                   float64
}

// Gap returns (UpperBound − LowerBound)/UpperBound, the certified relative
// gap (+Inf when no tree was found).
func (r *Result) Gap() float64 {
	if r.Chosen == nil {
		return math.Inf(1)
	}
	if r.UpperBound == 0 {
		return 0
	}
	return max(r.UpperBound-r.LowerBound, 0) / r.UpperBound
}

// ErrProblem is the cause of every error about the input.
var ErrProblem = errors.New("fstcat: invalid problem")

// FSTError reports an invalid FST.
type FSTError struct {
	Index int
	Msg   string
}

func (e *FSTError) Error() string { return fmt.Sprintf("fstcat: FST %d: %s", e.Index, e.Msg) }

func (e *FSTError) Unwrap() error { return ErrProblem }

// validate checks the problem.
func (p *Problem) validate() error {
	if p.N < 1 {
		return fmt.Errorf("%w: %d terminals", ErrProblem, p.N)
	}
	seen := make([]int, p.N)
	for i := range seen {
		seen[i] = -1
	}
	for k := range p.FSTs {
		f := &p.FSTs[k]
		if len(f.Terminals) < 2 {
			return &FSTError{k, fmt.Sprintf("%d terminals (at least 2 needed)", len(f.Terminals))}
		}
		for _, t := range f.Terminals {
			if t < 0 || t >= p.N {
				return &FSTError{k, fmt.Sprintf("terminal %d out of range [0, %d)", t, p.N)}
			}
			if seen[t] == k {
				return &FSTError{k, fmt.Sprintf("terminal %d repeated", t)}
			}
			seen[t] = k
		}
		lo, hi := f.bounds()
		for _, v := range []float64{f.Length, lo, hi} {
			if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
				return &FSTError{k, fmt.Sprintf("length %v, enclosure [%v, %v]: not finite and ≥ 0", f.Length, lo, hi)}
			}
		}
		if !(lo <= f.Length && f.Length <= hi) {
			return &FSTError{k, fmt.Sprintf("length %v outside its enclosure [%v, %v]", f.Length, lo, hi)}
		}
	}
	return nil
}
