package radix

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// Order is a stable sort by key.
func TestOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 500).Draw(t, "n")
		pool := rapid.SliceOfN(rapid.Uint64(), 1, 30).Draw(t, "pool") // few distinct keys: many ties
		keys := make([]uint64, n)
		for i := range keys {
			keys[i] = pool[rapid.IntRange(0, len(pool)-1).Draw(t, "k")]
		}
		want := make([]int32, n)
		for i := range want {
			want[i] = int32(i)
		}
		slices.SortStableFunc(want, func(a, b int32) int { return cmp.Compare(keys[a], keys[b]) })
		orig := slices.Clone(keys)
		require.Equal(t, want, Order(keys))
		for i, j := range want {
			require.Equal(t, orig[j], keys[i], "keys sorted in place")
		}
	})
}

// The bits of non-negative floats order as the floats.
func TestOrderFloats(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	xs := make([]float64, 10000)
	keys := make([]uint64, len(xs))
	for i := range xs {
		xs[i] = math.Ldexp(rng.Float64(), rng.IntN(200)-100)
		keys[i] = math.Float64bits(xs[i])
	}
	o := Order(keys)
	for i := 1; i < len(o); i++ {
		require.LessOrEqual(t, xs[o[i-1]], xs[o[i]])
	}
}

func BenchmarkOrder(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	keys := make([]uint64, 3_000_000)
	for i := range keys {
		keys[i] = math.Float64bits(1e-3 * rng.Float64())
	}
	work := make([]uint64, len(keys))
	for b.Loop() {
		copy(work, keys)
		Order(work)
	}
}
