package sll

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/stretchr/testify/require"
)

// TestZeroOptions: the zero Options are the hyperbolic plane with the
// default strategy, and build the same tree as those options spelt out.
func TestZeroOptions(t *testing.T) {
	pts, err := hyperbolic.SampleWrappedGaussian(rand.New(rand.NewPCG(3, 1)), 200, hyperbolic.Point{}, 0.5)
	require.NoError(t, err)
	def, err := fermat.ByName(fermat.DefaultName)
	require.NoError(t, err)
	got, err := Build(pts, Options{})
	require.NoError(t, err)
	want, err := Build(pts, Options{Space: Hyperbolic(def), FST: 4})
	require.NoError(t, err)
	require.Equal(t, "hyperbolic", got.Space)
	require.Equal(t, fermat.DefaultName, got.Solver)
	require.Equal(t, want.Vertices, got.Vertices)
	require.Equal(t, want.Edges, got.Edges)
	require.Equal(t, DefaultSpace().Name(), got.Space)
}

// TestProgressStages: every stage reports its start (done 0) and its end
// (done = total), in pipeline order, with done never decreasing within a
// stage.
func TestProgressStages(t *testing.T) {
	pts, err := hyperbolic.SampleWrappedGaussian(rand.New(rand.NewPCG(4, 1)), 300, hyperbolic.Point{}, 0.5)
	require.NoError(t, err)
	type call struct {
		stage       string
		done, total int
	}
	var calls []call
	_, err = Build(pts, Options{Reoptimize: true, Workers: 2, Progress: func(stage string, done, total int) {
		calls = append(calls, call{stage, done, total})
	}})
	require.NoError(t, err)
	var order []string
	for i, c := range calls {
		if i == 0 || calls[i-1].stage != c.stage {
			order = append(order, c.stage)
		} else {
			require.GreaterOrEqual(t, c.done, calls[i-1].done, "stage %s went back", c.stage)
		}
		require.LessOrEqual(t, c.done, c.total, "stage %s", c.stage)
	}
	require.Equal(t, []string{"Delaunay triangulation", "minimum spanning tree", "fst3", "fst4", "concatenation", "re-optimisation"}, order)
	for i, c := range calls {
		if i == len(calls)-1 || calls[i+1].stage != c.stage {
			require.Equal(t, c.total, c.done, "stage %s did not report its end", c.stage)
		}
	}
	for _, s := range []string{"Delaunay triangulation", "minimum spanning tree", "concatenation", "re-optimisation"} {
		i := slices.IndexFunc(calls, func(c call) bool { return c.stage == s })
		require.Equal(t, 0, calls[i].done, "stage %s did not report its start", s)
	}
}
