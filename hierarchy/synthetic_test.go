package hierarchy

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

func newSynthetic(tb testing.TB, seed uint64, depth, perBranch int, branch, noise float64) *Synthetic {
	tb.Helper()
	s, err := NewSynthetic(SyntheticConfig{Depth: depth, PerBranch: perBranch, Branch: branch, Noise: noise, Seed: seed})
	require.NoError(tb, err)
	return s
}

func TestSyntheticTruth(t *testing.T) {
	s := newSynthetic(t, 1, 3, 10, 1, 0)
	require.Len(t, s.Data.Points, 1+(2+4+8)*10)
	// Without noise the tree's root distances are the depths, and each
	// step is the hyperbolic distance between consecutive samples (to the
	// accuracy of Geodesic and Dist, ~1e-15 relative).
	d, err := s.Tree.Distances(0)
	require.NoError(t, err)
	for i, want := range s.Data.Truth {
		require.InDelta(t, want, d[i], 1e-13, "sample %d", i)
	}
	for k, e := range s.Tree.Edges {
		got := hyperbolic.Dist(s.Data.Points[e[0]], s.Data.Points[e[1]])
		require.InEpsilon(t, s.Tree.Lengths[k], got, 1e-12, "edge %d", k)
	}
	require.InDelta(t, 3.0, maxOf(s.Data.Truth), 1e-14)
	_, err = NewSynthetic(SyntheticConfig{Depth: 0, PerBranch: 1, Branch: 1})
	require.Error(t, err)
}

func TestSyntheticMST(t *testing.T) {
	const noise = 1e-4
	s := newSynthetic(t, 1, 4, 40, 1, noise)
	require.Len(t, s.Data.Points, 1+(2+4+8+16)*40)
	tr, err := Evaluate(MSTMethod(), s.Data)
	require.NoError(t, err)
	b := s.ErrorBound(noise) // 2·(4·0.025 + 2e-4·4/0.025)/(4 − 0.132) ≈ 0.068
	t.Logf("MST error %.4g (bound %.3g)", tr.Error, b)
	require.Less(t, tr.Error, b)
	// Without the hierarchy (the same ages given to shuffled points) the
	// error is far above the bound: the test can fail.
	sh := &Dataset{Points: s.Data.Points, Truth: append([]float64(nil), s.Data.Truth...)}
	rng := rand.New(rand.NewPCG(5, 6))
	rng.Shuffle(len(sh.Truth)-1, func(i, j int) { sh.Truth[i+1], sh.Truth[j+1] = sh.Truth[j+1], sh.Truth[i+1] })
	bad, err := Evaluate(MSTMethod(), sh)
	require.NoError(t, err)
	require.Greater(t, bad.Error, 3*b)
}

// TestSyntheticNJAdditive: on the tree metric of the samples (additive,
// with degree-2 sample points, which NJ realises with zero-length pendant
// edges) NJ reproduces every root distance up to rounding, so the ages are
// the depths: an error below 1e-12 (O(n) sums of lengths ≤ 3 in float64
// round to ~1e-13 relative).
func TestSyntheticNJAdditive(t *testing.T) {
	s := newSynthetic(t, 2, 3, 12, 1, 0)
	n := len(s.Data.Points)
	rows := make([][]float64, n)
	for i := range rows {
		var err error
		rows[i], err = s.Tree.Distances(i)
		require.NoError(t, err)
	}
	tr, err := NeighborJoining(n, func(i, j int) float64 { return rows[i][j] }, NJOptions{})
	require.NoError(t, err)
	dist, err := tr.Distances(0)
	require.NoError(t, err)
	for i := 0; i < n; i++ {
		require.InDelta(t, rows[0][i], dist[i], 1e-12*s.MaxDepth, "sample %d", i)
	}
	e, err := AgeError(dist[:n], rows[0])
	require.NoError(t, err)
	require.Less(t, e, 1e-12)
}

// TestSyntheticNJHyperbolic runs NJ on the hyperbolic distances of the
// noisy samples (the paper's input): not additive, so no exact recovery
// and no proven bound; the error is logged next to the MST's and must be
// a number.
func TestSyntheticNJHyperbolic(t *testing.T) {
	s := newSynthetic(t, 3, 3, 20, 1, 1e-4)
	nj, err := Evaluate(NJMethod(NJOptions{}, 0), s.Data)
	require.NoError(t, err)
	mst, err := Evaluate(MSTMethod(), s.Data)
	require.NoError(t, err)
	t.Logf("synthetic, %d points: NJ error %.4g, MST error %.4g (bound for MST %.3g)", len(s.Data.Points), nj.Error, mst.Error, s.ErrorBound(1e-4))
	require.False(t, math.IsNaN(nj.Error))
}

func maxOf(v []float64) float64 {
	m := math.Inf(-1)
	for _, x := range v {
		m = max(m, x)
	}
	return m
}
