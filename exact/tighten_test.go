package exact

import (
	"math/rand/v2"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/stretchr/testify/require"
)

// TestStoppedSearchBound stops searches of random instances after a
// range of node counts: the depth-first part takes three quarters, and
// tighten (best first) the rest. Whatever the limit, the lower bound is
// at most the optimum and the tree at least it; a search reported
// complete has the optimal tree, proved; and tighten finishes some
// searches that depth first alone would have left stopped.
func TestStoppedSearchBound(t *testing.T) {
	sp := autoSpace(t)
	finished := 0
	for _, tc := range []struct {
		seed uint64
		n    int
	}{{1, 8}, {2, 9}, {3, 9}, {4, 10}} {
		pts, err := hyperbolic.SampleWrappedGaussian(rand.New(rand.NewPCG(tc.seed, 19)), tc.n, hyperbolic.Point{}, 0.5)
		require.NoError(t, err)
		full, err := Solve(pts, Options{Space: sp, NoCertify: true, NoHeuristic: true})
		require.NoError(t, err)
		require.True(t, full.Proved())
		opt := full.Tree.Length
		for m := 4; m < 2*full.Nodes; m = m*3/2 + 1 {
			r, err := Solve(pts, Options{Space: sp, NoCertify: true, NoHeuristic: true, MaxNodes: m})
			require.NoError(t, err)
			require.LessOrEqual(t, r.Nodes, m)
			require.LessOrEqual(t, r.LowerBound, opt*(1+1e-12), "seed %d, %d nodes", tc.seed, m)
			require.GreaterOrEqual(t, r.Tree.Length, opt*(1-1e-12), "seed %d, %d nodes", tc.seed, m)
			if !r.Complete {
				continue
			}
			require.True(t, r.Proved(), "seed %d, %d nodes: complete with gap %g", tc.seed, m, r.Gap())
			require.InDelta(t, opt, r.Tree.Length, 1e-12*opt)
			if r.Nodes > m-m/tightenShare {
				finished++ // depth first stopped; best first finished
			}
		}
	}
	require.Positive(t, finished, "tighten never finished a stopped search")
}
