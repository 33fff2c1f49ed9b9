package exact

import (
	"math/rand/v2"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/fixture"
	"github.com/hypersteiner/hypersteiner/sll"
	"github.com/stretchr/testify/require"
)

// TestProgress: both methods report their search, then the
// certification its stages, and the result does not depend on it.
func TestProgress(t *testing.T) {
	pts, err := hyperbolic.SampleWrappedGaussian(rand.New(rand.NewPCG(9, 2)), 8, hyperbolic.Point{}, 0.6)
	require.NoError(t, err)
	for _, m := range []Method{BranchAndBound, Concatenation} {
		type call struct {
			stage       string
			done, total int
		}
		var calls []call
		withP, err := Solve(pts, Options{Space: autoSpace(t), Method: m, Progress: func(s string, d, n int) { calls = append(calls, call{s, d, n}) }})
		require.NoError(t, err)
		without, err := Solve(pts, Options{Space: autoSpace(t), Method: m})
		require.NoError(t, err)
		require.Equal(t, without.Tree.Vertices, withP.Tree.Vertices)
		require.NotEmpty(t, calls)
		first, last := map[string]call{}, map[string]call{}
		for _, c := range calls {
			if _, ok := first[c.stage]; !ok {
				first[c.stage] = c
			}
			last[c.stage] = c
		}
		switch m {
		case BranchAndBound:
			require.Equal(t, call{"branch and bound", withP.Nodes, 0}, last["branch and bound"])
		case Concatenation:
			all := 1<<len(pts) - 1
			require.Equal(t, call{"subsets", 0, all}, first["subsets"])
			require.Equal(t, call{"subsets", all, all}, last["subsets"])
		}
		if withP.Tree.SteinerPoints() > 0 {
			c := last["certifying Steiner points"]
			require.Equal(t, withP.Tree.SteinerPoints(), c.total)
			require.Equal(t, c.total, c.done)
		}
	}
}

// TestProgressEFST: the EFST method reports its generation, then its
// concatenation (from 0 when the generation is over), then the
// certification; the result does not depend on it.
func TestProgressEFST(t *testing.T) {
	pts := readXY(t, fixture.Path(t, "estein/estein20_03.txt"))
	type call struct {
		stage       string
		done, total int
	}
	var calls []call
	sp := sll.Euclidean()
	withP, err := Solve(pts, Options{Space: sp, Progress: func(s string, d, n int) { calls = append(calls, call{s, d, n}) }})
	require.NoError(t, err)
	without, err := Solve(pts, Options{Space: sp})
	require.NoError(t, err)
	require.Equal(t, without.Tree.Vertices, withP.Tree.Vertices)
	var stages []string
	for _, c := range calls {
		if len(stages) == 0 || stages[len(stages)-1] != c.stage {
			stages = append(stages, c.stage)
		}
	}
	require.GreaterOrEqual(t, len(stages), 3, "%v", stages)
	require.Equal(t, []string{StageGenerate, StageConcat}, stages[:2])
	for _, s := range stages[2:] {
		require.NotContains(t, []string{StageGenerate, StageConcat}, s, "%v", stages)
	}
	var concat []call
	for _, c := range calls {
		if c.stage == StageConcat {
			concat = append(concat, c)
		}
	}
	require.Equal(t, call{StageConcat, 0, 0}, concat[0])
	require.Equal(t, withP.EFST.Nodes, concat[len(concat)-1].done)
}
