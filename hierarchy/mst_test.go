package hierarchy

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

func TestMSTSmall(t *testing.T) {
	// Three points on the x-axis (a geodesic), where the Klein distance
	// from the origin is atanh|x|: the path 0 – 1 – 2, edges in Kruskal's
	// order of weight, atanh(¾) − atanh(½) ≈ 0.424 before atanh(½) ≈ 0.549.
	// Tolerances: a few ulps of Dist and of the reference's atanh.
	pts := []hyperbolic.Point{{X: 0}, {X: 0.5}, {X: 0.75}}
	tr, err := MST(pts)
	require.NoError(t, err)
	assert.Equal(t, [][2]int{{1, 2}, {0, 1}}, tr.Edges)
	assert.InEpsilon(t, math.Atanh(0.75)-math.Atanh(0.5), tr.Lengths[0], 1e-14)
	assert.InEpsilon(t, math.Atanh(0.5), tr.Lengths[1], 1e-15)
	one, err := MST(pts[:1])
	require.NoError(t, err)
	assert.Equal(t, &Tree{Vertices: 1, Terminals: 1, Edges: [][2]int{}, Lengths: []float64{}}, one)
}

func TestMSTErrors(t *testing.T) {
	_, err := MST(nil)
	assert.Error(t, err)
	_, err = MST([]hyperbolic.Point{{X: 0.1}, {X: 1}})
	assert.ErrorContains(t, err, "point 1")
	_, err = MST([]hyperbolic.Point{{X: 0.1}, {Y: 0.2}, {X: 0.1}})
	assert.ErrorContains(t, err, "points 0 and 2 coincide")
	_, err = MST([]hyperbolic.Point{{X: math.NaN()}})
	assert.Error(t, err)
}
