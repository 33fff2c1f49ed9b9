package bench

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
)

func TestSummarize(t *testing.T) {
	for _, tc := range []struct {
		name     string
		xs       []float64
		mean, sd float64
	}{
		{"one", []float64{3}, 3, 0},
		{"two", []float64{1, 3}, 2, math.Sqrt2},                // Σ(x−2)² = 2, /(n−1) = 2
		{"four", []float64{2, 4, 4, 6}, 4, math.Sqrt(8.0 / 3)}, // Σ = 8, /3
		// Large offset: a one-pass Σx² − n·mean² would lose every digit.
		{"offset", []float64{1e9 + 1, 1e9 + 2, 1e9 + 3}, 1e9 + 2, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := Summarize(tc.xs)
			assert.InDelta(t, tc.mean, s.Mean, 1e-15*math.Abs(tc.mean))
			assert.InDelta(t, tc.sd, s.SD, 1e-15+1e-14*tc.sd)
		})
	}
	s := Summarize(nil)
	assert.True(t, math.IsNaN(s.Mean) && math.IsNaN(s.SD))
}

// Shifting a sample shifts the mean and keeps the standard deviation;
// scaling scales both (by |a| for the deviation).
func TestSummarizeAffine(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		xs := rapid.SliceOfN(rapid.Float64Range(-100, 100), 2, 50).Draw(t, "xs")
		a := rapid.Float64Range(-10, 10).Draw(t, "a")
		b := rapid.Float64Range(-100, 100).Draw(t, "b")
		ys := make([]float64, len(xs))
		for i, x := range xs {
			ys[i] = a*x + b
		}
		s, u := Summarize(xs), Summarize(ys)
		// Rounding: each value carries ~1e-13 absolute error at these
		// magnitudes; the sums keep it below 1e-11.
		if math.Abs(u.Mean-(a*s.Mean+b)) > 1e-11 {
			t.Fatalf("mean %v, want %v", u.Mean, a*s.Mean+b)
		}
		if math.Abs(u.SD-math.Abs(a)*s.SD) > 1e-11 {
			t.Fatalf("sd %v, want %v", u.SD, math.Abs(a)*s.SD)
		}
	})
}
