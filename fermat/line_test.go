package fermat

import (
	"encoding/json"
	"math/big"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// plainSolver hides the Strategy methods of a solver.
type plainSolver struct{ Solver }

// TestLineOf: a float answer prints 17 digits of the point, a certified
// one a ball that holds the answer at higher precision, a triangle
// without Steiner point only its status; a vertex outside the disk is
// the one error.
func TestLineOf(t *testing.T) {
	tri := [3]hyperbolic.Point{{X: 0.1, Y: 0.2}, {X: -0.3, Y: -0.1}, {X: 0.25, Y: -0.35}}
	auto, err := ByName("auto")
	require.NoError(t, err)
	p, st := auto.Fermat(tri[0], tri[1], tri[2])
	require.Equal(t, Found, st)
	for _, s := range []Solver{auto, plainSolver{auto}} {
		line, err := LineOf(s, tri)
		require.NoError(t, err)
		assert.Equal(t, Line{Status: "ok", X: strconv.FormatFloat(p.X, 'g', 17, 64), Y: strconv.FormatFloat(p.Y, 'g', 17, 64)}, line)
	}

	cert, err := ByName("certified")
	require.NoError(t, err)
	ball := func(prec uint) (x, y, r *big.Float) {
		s, err := cert.(Precision).WithPrec(prec)
		require.NoError(t, err)
		line, err := LineOf(s, tri)
		require.NoError(t, err)
		require.True(t, line.Certified)
		require.Equal(t, "ok", line.Status)
		parse := func(v string) *big.Float {
			f, ok := new(big.Float).SetPrec(400).SetString(v)
			require.True(t, ok, v)
			return f
		}
		return parse(line.X), parse(line.Y), parse(line.Radius)
	}
	x128, y128, r128 := ball(128)
	x256, y256, r256 := ball(256)
	assert.Less(t, r256.Cmp(r128), 0)
	for _, d := range []*big.Float{new(big.Float).Sub(x128, x256), new(big.Float).Sub(y128, y256)} {
		assert.LessOrEqual(t, d.Abs(d).Cmp(r128), 0, "the 128-bit ball holds the 256-bit point")
	}

	line, err := LineOf(auto, [3]hyperbolic.Point{{X: 0.75}, {X: 0.5}, {X: 0.375, Y: 0.25}})
	require.NoError(t, err)
	b, _ := json.Marshal(line)
	assert.Equal(t, `{"status":"none","certified":false}`, string(b))
	_, err = LineOf(auto, [3]hyperbolic.Point{{X: 1.1}, {}, {X: 0.5, Y: 0.5}})
	assert.Error(t, err)
}
