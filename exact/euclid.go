package exact

import (
	"time"

	"github.com/hypersteiner/hypersteiner/exact/efst"
	"github.com/hypersteiner/hypersteiner/exact/fstcat"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/sll"
)

// EFSTStats is what the EFST method did.
type EFSTStats struct {
	// FSTs counts the full Steiner trees the generation kept (offered to
	// the concatenation), EqPoints its equilateral points (terminals
	// included).
	FSTs, EqPoints int
	// Nodes and Cuts count the concatenation's branch-and-bound nodes and
	// subtour cuts.
	Nodes, Cuts int
	// Exact120 counts the Steiner points proved in Q(√3) to meet their
	// neighbours at exactly 120° (before rounding to float64).
	Exact120 int
	// GenSeconds and ConcatSeconds are the wall-clock times of the
	// generation and of the concatenation.
	GenSeconds, ConcatSeconds float64
}

// Stage names the EFST method reports to Options.Progress.
const (
	// StageGenerate counts the sizes (terminals) of the equilateral
	// points built so far (total 0: the generation stops at the first
	// size with none, usually far below n − 1, and the sizes are not
	// equal work).
	StageGenerate = "equilateral points, by size"
	// StageConcat counts the concatenation's branch-and-bound nodes
	// (total 0: not known in advance).
	StageConcat = "concatenation"
)

// halfMST is a safe factor for the bound SMT ≥ MST/2 (a Steiner tree
// walked around, with its Steiner points short-cut, is a tour of the
// terminals at most twice as long, and a tour less an edge a spanning
// tree): what a concatenation stopped before its first bound still
// proves. The factor absorbs the rounding of the MST's length.
const halfMST = 0.5 * (1 - 1e-12)

// solveEFST is Solve by the EFST method on Euclidean terminals (checked,
// normalised, at least 3): efst.Solve, then its tree as an sll.Tree with
// the certified lower bound of the concatenation. Options.TimeLimit
// bounds the concatenation; the generation always runs to its end (the
// bound needs every full Steiner tree).
func solveEFST(g geom, pts []hyperbolic.Point, opt Options, start time.Time) (*Result, error) {
	eo := efst.Options{TimeLimit: opt.TimeLimit, MaxNodes: opt.MaxNodes}
	if opt.Progress != nil {
		eo.Progress = func(stage string, done, _ int) {
			if stage == "fst" {
				opt.Progress(StageGenerate, done, 0)
				return
			}
			opt.Progress(StageConcat, done, 0)
		}
	}
	et, err := efst.Solve(pts, eo)
	if err != nil {
		return nil, err
	}
	t := efstTree(g.sp, et)
	if t.MSTLength, err = mstLength(g, pts); err != nil {
		return nil, err
	}
	res := &Result{
		Method:     EFST,
		Tree:       t,
		Complete:   et.Status == fstcat.Optimal,
		LowerBound: min(max(et.LowerBound, t.MSTLength*halfMST), t.Length),
		Nodes:      et.Nodes,
		Heuristic:  t.MSTLength,
		EFST: EFSTStats{
			FSTs: et.FSTs, EqPoints: et.Stats.EqPoints, Nodes: et.Nodes, Cuts: et.Cuts,
			Exact120: et.Certified, GenSeconds: et.GenSeconds, ConcatSeconds: et.ConcatSeconds,
		},
	}
	return res.finish(opt, start)
}

// efstTree returns et as an sll.Tree of the space: terminals, then the
// Steiner points; a Steiner point that rounded onto a neighbour is merged
// into it (the lower index, a terminal if one), so that no edge has
// length zero; edges sorted.
func efstTree(sp sll.Space, et *efst.Tree) *sll.Tree {
	return contract(sp, et.Terminals, et.Vertices, et.Edges)
}
