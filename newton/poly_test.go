package newton_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/newton"
	"github.com/hypersteiner/hypersteiner/poly"
)

// SolvePoly: both methods reach the exact root (3/5, 4/5) of the circle
// and the line to a few ulps and report convergence; x² + 1 = 0 has no
// real root, so neither converges; a complex coefficient is an error.
func TestSolvePoly(t *testing.T) {
	s := poly.MustParse("x^2 + y^2 - 1; x - 3/4*y")
	for _, m := range []newton.Method{newton.MethodHybrid, newton.MethodNewton} {
		r, err := newton.SolvePoly(s, m, []float64{1, 1})
		require.NoError(t, err)
		assert.True(t, r.Converged, "method %d: %v", m, r.Status)
		assert.Equal(t, r.Goal, r.Status)
		assert.InDelta(t, 0.6, r.X[0], 4e-16)
		assert.InDelta(t, 0.8, r.X[1], 4e-16)
		assert.LessOrEqual(t, r.TermResidual, newton.PolyTermTol)
	}
	for _, m := range []newton.Method{newton.MethodHybrid, newton.MethodNewton} {
		r, err := newton.SolvePoly(poly.MustParse("x^2 + 1"), m, []float64{0.5})
		require.NoError(t, err)
		assert.False(t, r.Converged, "method %d", m)
	}
	c, err := poly.ParseComplex("x - I")
	require.NoError(t, err)
	_, err = newton.SolvePoly(c, newton.MethodNewton, []float64{0})
	assert.Error(t, err)
	_, err = newton.SolvePoly(s, newton.MethodNewton, []float64{0})
	assert.ErrorIs(t, err, newton.ErrDimension)
}

// TermResidual is the backward error: 0 at an exact root, |f|/Σ|terms|
// elsewhere (x² − 2 at x = 1: 1/3).
func TestTermResidual(t *testing.T) {
	s := poly.MustParse("x^2 - 2")
	r, err := newton.TermResidual(s, []float64{1})
	require.NoError(t, err)
	assert.InDelta(t, 1.0/3, r, 1e-16)
	r, err = newton.TermResidual(poly.MustParse("x^2 - 4"), []float64{2})
	require.NoError(t, err)
	assert.Zero(t, r)
	r, err = newton.TermResidual(s, []float64{math.Inf(1)})
	require.NoError(t, err)
	assert.True(t, math.IsNaN(r))
}
