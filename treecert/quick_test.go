package treecert

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/sll"
)

// The quick path proves the length claims of trees as built (so that a
// writer's check does not fall back), and refuses a claim off by more
// than the tolerance.
func TestQuickLengthsDecideBuiltTrees(t *testing.T) {
	pts, err := hyperbolic.SampleWrappedGaussian(rand.New(rand.NewPCG(7, 8)), 2000, hyperbolic.Point{}, 0.5)
	require.NoError(t, err)
	for _, sp := range []sll.Space{sll.DefaultSpace(), sll.Euclidean()} {
		tree, err := sll.Build(pts, sll.Options{Space: sp})
		require.NoError(t, err)
		pl, err := tree.Plane()
		require.NoError(t, err)
		g := pl.(interface{ Geometry() certify.Geometry }).Geometry()
		q := g.(certify.QuickDist)
		require.True(t, quickLengths(g, q, tree, ClaimsOf(tree), 0, nil, nil), sp.Name())
		tree.Length *= 1 + 2e-13
		require.False(t, quickLengths(g, q, tree, ClaimsOf(tree), 0, nil, nil), sp.Name())
	}
}

func TestStrictlyWithin(t *testing.T) {
	for _, c := range []struct {
		x, lo, hi float64
		want      bool
	}{
		{1, 1, 1, true},
		{1 + 0.98e-13, 1, 1, true},
		{1 + 1.1e-13, 1, 1, false},
		{1 - 0.98e-13, 1, 1, true},
		{1 - 1.1e-13, 1, 1, false},
		{1, 1 - 1e-14, 1 + 1e-14, true},
		{0, 0, 0, true},
		{0x1p-1074, 0, 0, false},
		{0x1p-1050, 0x1p-1050, 0x1p-1050, false}, // below 2⁻¹⁰⁰⁰: not decided here
		{math.Inf(1), 1, math.Inf(1), false},
	} {
		assert.Equal(t, c.want, strictlyWithin(c.x, c.lo, c.hi), "%v in [%v, %v]", c.x, c.lo, c.hi)
	}
}

// sumBounds encloses the exact sum (big.Float at 2000 bits: exact for
// these exponents).
func TestSumBounds(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		xs := rapid.SliceOfN(rapid.Float64Range(0, 1), 0, 200).Draw(t, "xs")
		for i := range xs {
			xs[i] = math.Ldexp(xs[i], rapid.IntRange(-60, 60).Draw(t, "exp"))
		}
		exact := new(big.Float).SetPrec(2000)
		for _, x := range xs {
			exact.Add(exact, new(big.Float).SetFloat64(x))
		}
		lo, hi := sumBounds(xs)
		require.LessOrEqual(t, new(big.Float).SetFloat64(lo).Cmp(exact), 0)
		require.GreaterOrEqual(t, new(big.Float).SetFloat64(hi).Cmp(exact), 0)
		s, _ := exact.Float64()
		require.LessOrEqual(t, hi-lo, 2e-15*s+1e-300)
	})
}
