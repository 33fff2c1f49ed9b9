package hierarchy

import (
	"bytes"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

func TestKeepCount(t *testing.T) {
	// The paper's sweep on the 21 452 Planaria cells, int((100 − p)/100·n)
	// evaluated in float64 as Python does.
	want := map[float64]int{95: 1072, 92.5: 1608, 90: 2145, 87.5: 2681, 85: 3217,
		82.5: 3754, 80: 4290, 77.5: 4826, 75: 5363, 0: 21452}
	for p, k := range want {
		got, err := KeepCount(21452, p)
		require.NoError(t, err)
		assert.Equal(t, k, got, "%v %%", p)
	}
	for _, p := range []float64{-1, 100, math.NaN(), 99.999} { // 99.999 % keeps int(0.21) = 0
		_, err := KeepCount(21452, p)
		assert.Error(t, err, "%v %%", p)
	}
}

func TestSubsample(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 50; trial++ {
		n := 2 + rng.IntN(100)
		root := rng.IntN(n)
		keep := 1 + rng.IntN(n)
		idx := Subsample(rng, n, keep, root)
		require.Len(t, idx, keep)
		require.Equal(t, root, idx[0])
		s := slices.Clone(idx)
		slices.Sort(s)
		require.Len(t, slices.Compact(s), keep, "indices repeat")
		require.True(t, s[0] >= 0 && s[keep-1] < n)
	}
	a := Subsample(rand.New(rand.NewPCG(7, 7)), 1000, 10, 0)
	b := Subsample(rand.New(rand.NewPCG(7, 7)), 1000, 10, 0)
	assert.Equal(t, a, b)
}

// smallDataset is a synthetic hierarchy of 281 points.
func smallDataset(t *testing.T) *Dataset {
	return newSynthetic(t, 9, 3, 20, 1, 1e-4).Data
}

func TestSweepDeterministic(t *testing.T) {
	d := smallDataset(t)
	cfg := SweepConfig{Missing: []float64{0, 50, 80}, Runs: 5, Seed: 3,
		Methods: []Method{MSTMethod(), NJMethod(NJOptions{}, 0)}}
	var got [][]Summary
	for _, w := range []int{1, 3} {
		cfg.Workers = w
		s, err := Sweep(d, cfg)
		require.NoError(t, err)
		require.Len(t, s, 6)
		got = append(got, s)
	}
	for i := range got[0] {
		a, b := got[0][i], got[1][i]
		assert.Equal(t, a.Method, b.Method)
		assert.Equal(t, a.Missing, b.Missing)
		assert.Equal(t, a.ErrorMean, b.ErrorMean)
		assert.True(t, a.ErrorSD == b.ErrorSD || math.IsNaN(a.ErrorSD) && math.IsNaN(b.ErrorSD))
	}
	s := got[0]
	assert.Equal(t, "mst", s[0].Method)
	assert.Equal(t, "nj", s[1].Method)
	assert.Equal(t, 1, s[0].Runs) // the whole set is run once
	assert.True(t, math.IsNaN(s[0].ErrorSD))
	assert.Equal(t, 281, s[0].Points)
	assert.Equal(t, 5, s[2].Runs)
	assert.Equal(t, 140, s[2].Points) // int(0.5·281)
	assert.Equal(t, 56, s[4].Points)  // int(0.2·281) = int(56.2)
	assert.Greater(t, s[2].ErrorSD, 0.0)
	// The whole-set error is Evaluate's.
	tr, err := Evaluate(MSTMethod(), d)
	require.NoError(t, err)
	assert.Equal(t, tr.Error, s[0].ErrorMean)
	// A different seed draws different subsamples.
	cfg.Seed = 4
	other, err := Sweep(d, cfg)
	require.NoError(t, err)
	assert.NotEqual(t, s[2].ErrorMean, other[2].ErrorMean)
}

func TestSweepErrors(t *testing.T) {
	d := smallDataset(t)
	failing := Method{Name: "broken", Build: func(pts []hyperbolic.Point) (*Tree, error) {
		return &Tree{Vertices: len(pts), Terminals: len(pts)}, nil // no edges: not connected
	}}
	_, err := Sweep(d, SweepConfig{Missing: []float64{50}, Runs: 3, Methods: []Method{failing}})
	require.ErrorIs(t, err, ErrDisconnected)
	assert.Contains(t, err.Error(), "50 % missing, run ")
	assert.Contains(t, err.Error(), "broken: ")
	_, err = Sweep(d, SweepConfig{Missing: []float64{100}, Runs: 3, Methods: []Method{MSTMethod()}})
	assert.Error(t, err)
	_, err = Sweep(d, SweepConfig{Missing: []float64{10}, Runs: 0, Methods: []Method{MSTMethod()}})
	assert.Error(t, err)
	_, err = Evaluate(NJMethod(NJOptions{}, 100), d)
	assert.ErrorContains(t, err, "limit is 100 points")
}

func TestWriteTSVAndMarkdown(t *testing.T) {
	sums := []Summary{
		{Method: "mst", Missing: 0, Points: 10, Runs: 1, ErrorMean: 0.25, ErrorSD: math.NaN(), CPUMean: 0.5, CPUSD: math.NaN(), WallMean: 0.75},
		{Method: "nj", Missing: 92.5, Points: 3, Runs: 4, ErrorMean: 0.125, ErrorSD: 0.0625, CPUMean: 2, CPUSD: 1, WallMean: 3},
	}
	var b bytes.Buffer
	require.NoError(t, WriteTSV(&b, sums))
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	require.Len(t, lines, 3)
	assert.Equal(t, strings.Join(TSVHeader, "\t"), lines[0])
	assert.Equal(t, "mst\t0\t10\t1\t0.25\tNaN\t0.5\tNaN\t0.75", lines[1])
	assert.Equal(t, "nj\t92.5\t3\t4\t0.125\t0.0625\t2\t1\t3", lines[2])
	for _, l := range lines[1:] {
		for _, f := range strings.Split(l, "\t")[1:] {
			_, err := strconv.ParseFloat(f, 64)
			require.NoError(t, err, "field %q", f)
		}
	}
	b.Reset()
	require.NoError(t, WriteMarkdown(&b, sums))
	assert.Contains(t, b.String(), "| mst | 0 | 10 | 1 | 0.2500 | 0.5000 | 0.7500 |")
	assert.Contains(t, b.String(), "| nj | 92.5 | 3 | 4 | 0.1250 ± 0.0625 | 2.0000 ± 1.0000 | 3.0000 |")
}

// TestPlanariaMST checks the MST on the whole Planaria set: its error must
// match the paper's 0.19 to the two digits printed there.
func TestPlanariaMST(t *testing.T) {
	d := planaria(t)
	require.Len(t, d.Points, 21452)
	tr, err := Evaluate(MSTMethod(), d)
	require.NoError(t, err)
	t.Logf("MST on the whole Planaria set: error %.4f, %.3f s CPU", tr.Error, tr.CPU)
	assert.Equal(t, "0.19", strconv.FormatFloat(tr.Error, 'f', 2, 64))
}
