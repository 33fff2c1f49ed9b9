package homotopy

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/poly"
)

// ClassifyPoint judges points by Solve's rules: the root (3/5, 4/5) of
// the circle and line is real and nonsingular with condition ≈ 2; the
// double root 1 of (x − 1)² is singular; a non-real root is not real.
func TestClassifyPoint(t *testing.T) {
	sol, err := ClassifyPoint(poly.MustParse("x^2 + y^2 - 1; x - 3/4*y"), []complex128{0.6, 0.8}, nil)
	require.NoError(t, err)
	assert.True(t, sol.Real)
	assert.False(t, sol.Singular)
	assert.Less(t, sol.Cond, 10.0)
	assert.Less(t, sol.Residual, 1e-15)
	sol, err = ClassifyPoint(poly.MustParse("x^2 - 2*x + 1"), []complex128{1}, nil)
	require.NoError(t, err)
	assert.True(t, sol.Singular)
	assert.True(t, math.IsInf(sol.Cond, 1))
	sol, err = ClassifyPoint(poly.MustParse("x^2 + 1"), []complex128{1i}, nil)
	require.NoError(t, err)
	assert.False(t, sol.Real)
	assert.False(t, sol.Singular)
	_, err = ClassifyPoint(poly.MustParse("x^2 + 1"), []complex128{1, 2}, nil)
	assert.ErrorIs(t, err, ErrBadSystem)
}

// SortSolutions: real first, then by coordinates, with coordinates equal
// to the merge tolerance counting as equal.
func TestSortSolutions(t *testing.T) {
	r := &Result{Solutions: []Solution{
		{X: []complex128{2 + 1i}}, {X: []complex128{3}, Real: true}, {X: []complex128{1 - 1i}},
		{X: []complex128{-1}, Real: true}, {X: []complex128{1 + 1e-12 + 1i}},
	}}
	r.SortSolutions(0)
	var got []complex128
	for _, s := range r.Solutions {
		got = append(got, s.X[0])
	}
	assert.Equal(t, []complex128{-1, 3, 1 - 1i, 1 + 1e-12 + 1i, 2 + 1i}, got)
}
