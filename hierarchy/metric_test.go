package hierarchy

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAgeErrorHand: pred = (0, 1, 2, 4) → (0, ¼, ½, 1); truth = (0, 2, 2, 2)
// → (0, 1, 1, 1); differences (0, −¾, −½, 0), squares 9/16 + 4/16 = 13/16,
// mean over n = 4: 13/64, error = √13/8.
func TestAgeErrorHand(t *testing.T) {
	e, err := AgeError([]float64{0, 1, 2, 4}, []float64{0, 2, 2, 2})
	require.NoError(t, err)
	assert.InDelta(t, math.Sqrt(13)/8, e, 1e-16) // a few roundings of numbers ≤ 1
	// Scale invariance: both vectors are normalised by their maxima.
	e2, err := AgeError([]float64{0, 3, 6, 12}, []float64{0, 0.5, 0.5, 0.5})
	require.NoError(t, err)
	assert.Equal(t, e, e2)
	// Identical up to scale: zero.
	e3, err := AgeError([]float64{0, 1, 3}, []float64{0, 2, 6})
	require.NoError(t, err)
	assert.Equal(t, 0.0, e3)
	// One point: pred and truth both normalise to 1.
	e4, err := AgeError([]float64{5}, []float64{7})
	require.NoError(t, err)
	assert.Equal(t, 0.0, e4)
	// Huge and tiny scales: both normalise to (0, 1/1.7, 1) up to one
	// rounding each, so the error is at most 2⁻⁵³/√3, not Inf or NaN.
	e5, err := AgeError([]float64{0, 1e308, 1.7e308}, []float64{0, 1e-300, 1.7e-300})
	require.NoError(t, err)
	assert.LessOrEqual(t, e5, 0x1p-53/math.Sqrt(3))
}

func TestAgeErrorBad(t *testing.T) {
	tests := []struct {
		name        string
		pred, truth []float64
		msg         string
	}{
		{"lengths", []float64{1, 2}, []float64{1}, "2 predicted ages for 1"},
		{"empty", nil, nil, "0 predicted ages"},
		{"NaN", []float64{1, math.NaN()}, []float64{1, 2}, "predicted age 1 is NaN"},
		{"Inf", []float64{1, 2}, []float64{math.Inf(1), 2}, "ground-truth age 0 is +Inf"},
		{"negative", []float64{1, -2}, []float64{1, 2}, "predicted age 1 is -2"},
		{"all zero", []float64{0, 0}, []float64{1, 2}, "all predicted ages are 0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := AgeError(tc.pred, tc.truth)
			require.ErrorIs(t, err, ErrAges)
			assert.Contains(t, err.Error(), tc.msg)
		})
	}
}
