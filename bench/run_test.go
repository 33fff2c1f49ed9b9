package bench

import (
	"math"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRunDeterministic(t *testing.T) {
	p, _ := LookupPreset("mixture")
	cases := p.Cases([]int{50, 120})
	cfgs, err := ParseConfigs("euclidean,3+simple,4+auto")
	require.NoError(t, err)
	var weight atomic.Int64
	opt := Options{Seed: 9, Runs: 3, Jobs: 1, Progress: func(w int) { weight.Add(int64(w)) }}
	one, err := Run(cases, cfgs, opt)
	require.NoError(t, err)
	assert.Equal(t, int64(3*3*(45+120)), weight.Load(), "progress weights sum to points × runs × configs")
	opt.Jobs, opt.Progress = 3, nil
	three, err := Run(cases, cfgs, opt)
	require.NoError(t, err)
	require.Len(t, one, len(cases)*len(cfgs))
	require.Len(t, three, len(one))
	for i := range one {
		a, b := one[i], three[i]
		assert.Equal(t, a.Case, b.Case)
		assert.Equal(t, a.Config, b.Config)
		require.Len(t, a.Measurements, 3)
		for r := range a.Measurements {
			ma, mb := a.Measurements[r], b.Measurements[r]
			ma.Seconds, mb.Seconds, ma.Wall, mb.Wall = 0, 0, 0, 0
			ma.Stats.DelaunaySeconds, ma.Stats.MSTSeconds, ma.Stats.FSTSeconds, ma.Stats.ConcatSeconds = 0, 0, 0, 0
			mb.Stats.DelaunaySeconds, mb.Stats.MSTSeconds, mb.Stats.FSTSeconds, mb.Stats.ConcatSeconds = 0, 0, 0, 0
			assert.Equal(t, ma, mb, "%v %s run %d: independent of the jobs", a.Case, a.Config.Name, r)
		}
		assert.Equal(t, a.RED, b.RED)
	}
	// A thread's CPU time cannot exceed the wall time it ran for (1 µs for
	// the granularity of the two clocks).
	for _, r := range three {
		for _, m := range r.Measurements {
			if m.CPUMeasured {
				assert.LessOrEqual(t, m.Seconds, m.Wall+1e-6)
				assert.Positive(t, m.Seconds)
			} else {
				assert.Equal(t, m.Wall, m.Seconds)
			}
		}
	}
	// The rows summarise their runs.
	r := one[len(one)-1]
	assert.Equal(t, 120, r.Points)
	assert.Equal(t, 3, r.Runs)
	reds := []float64{r.Measurements[0].RED, r.Measurements[1].RED, r.Measurements[2].RED}
	assert.Equal(t, Summarize(reds), r.RED)
	assert.Positive(t, r.RED.Mean, "a Steiner tree shorter than the MST")
	assert.True(t, math.IsNaN(r.CertifiedRate), "auto does not certify")
	assert.Equal(t, 45, one[0].Points, "⌊50/15⌋·15")
}

// Each configuration sees the same sample (a paired comparison): 3+ and
// 4+ of one strategy triangulate the same points.
func TestRunPaired(t *testing.T) {
	p, _ := LookupPreset("uniform")
	cfgs, err := ParseConfigs("3+simple,4+simple")
	require.NoError(t, err)
	c := p.Cases([]int{200})[0]
	m3, err := Measure(c, cfgs[0], 4, 2)
	require.NoError(t, err)
	m4, err := Measure(c, cfgs[1], 4, 2)
	require.NoError(t, err)
	assert.Equal(t, m3.Points, m4.Points)
	assert.Equal(t, m3.Stats.MeshEdges, m4.Stats.MeshEdges, "same points, same triangulation")
	assert.Equal(t, m3.Stats.Marked, m4.Stats.Marked)
	assert.Zero(t, m3.FST4)
}

func TestRunErrors(t *testing.T) {
	p, _ := LookupPreset("centered")
	cs := p.Cases([]int{20})
	bad, err := ParseConfig("4+no-such")
	require.NoError(t, err)
	_, err = Run(cs, []Config{bad}, Options{Runs: 1})
	require.ErrorIs(t, err, ErrBadConfig)
	good, _ := ParseConfig("3+simple")
	_, err = Run(cs, []Config{good}, Options{Runs: 0})
	require.Error(t, err)
	_, err = Run([]Case{{Preset: "x", Dist: Mixture, N: 10}}, []Config{good}, Options{Runs: 1})
	require.Error(t, err, "a mixture without components")
	_, err = Run([]Case{{Preset: "x", Dist: Distribution(7), N: 10}}, []Config{good}, Options{Runs: 1})
	require.ErrorContains(t, err, "unknown distribution")
}
