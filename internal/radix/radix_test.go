package radix

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// manyWorkers lets every worker count run on any number of keys for the
// length of a test.
func manyWorkers(t testing.TB) {
	old := minBlock
	minBlock = 1
	t.Cleanup(func() { minBlock = old })
}

// stableOrder is the oracle: the indices of keys in a comparison sort's
// stable order.
func stableOrder(keys []uint64) []int32 {
	want := make([]int32, len(keys))
	for i := range want {
		want[i] = int32(i)
	}
	slices.SortStableFunc(want, func(a, b int32) int { return cmp.Compare(keys[a], keys[b]) })
	return want
}

// checkOrder runs OrderWorkers on a copy of keys and compares it with the
// stable comparison sort, and the keys with slices.Sort.
func checkOrder(t require.TestingT, keys []uint64, workers int, msg string) {
	want := stableOrder(keys)
	sortedKeys := slices.Clone(keys)
	slices.Sort(sortedKeys)
	got := slices.Clone(keys)
	require.Equal(t, want, OrderWorkers(got, workers), msg)
	require.Equal(t, sortedKeys, got, "keys sorted in place: "+msg)
}

// Order is a stable sort by key.
func TestOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 500).Draw(t, "n")
		pool := rapid.SliceOfN(rapid.Uint64(), 1, 30).Draw(t, "pool") // few distinct keys: many ties
		keys := make([]uint64, n)
		for i := range keys {
			keys[i] = pool[rapid.IntRange(0, len(pool)-1).Draw(t, "k")]
		}
		want := stableOrder(keys)
		orig := slices.Clone(keys)
		require.Equal(t, want, Order(keys))
		for i, j := range want {
			require.Equal(t, orig[j], keys[i], "keys sorted in place")
		}
	})
}

// OrderWorkers gives Order's result for every number of workers, on
// sizes around the insertion sort's threshold and the blocks' edges, and
// on keys that differ in all bits, in a few, in one, or not at all.
func TestOrderWorkers(t *testing.T) {
	manyWorkers(t)
	rng := rand.New(rand.NewPCG(3, 4))
	dists := map[string]func(i, n int) uint64{
		"equal":    func(int, int) uint64 { return 0x3ff0_0000_0000_0001 },
		"few":      func(int, int) uint64 { return uint64(rng.IntN(5)) << 40 },
		"random":   func(int, int) uint64 { return rng.Uint64() },
		"floats":   func(int, int) uint64 { return math.Float64bits(math.Ldexp(rng.Float64(), rng.IntN(40)-20)) },
		"sorted":   func(i, _ int) uint64 { return uint64(i) * 7919 },
		"reversed": func(i, n int) uint64 { return uint64(n-i) << 20 },
		"runs":     func(i, _ int) uint64 { return uint64(i%97)<<33 | uint64(i/97) },
		"highbit":  func(int, int) uint64 { return uint64(rng.IntN(2)) << 63 },
		"lowbit":   func(int, int) uint64 { return 1<<50 | uint64(rng.IntN(2)) },
		"middle":   func(int, int) uint64 { return uint64(rng.IntN(1<<13)) << 25 },
		"ends":     func(int, int) uint64 { return uint64(rng.IntN(2))<<63 | uint64(rng.IntN(2)) },       // a pass for each end, none between
		"gap":      func(int, int) uint64 { return uint64(rng.IntN(1<<5))<<25 | uint64(rng.IntN(1<<5)) }, // two passes of three
		"gaps": func(int, int) uint64 { // three passes of four
			return uint64(rng.IntN(1<<4))<<40 | uint64(rng.IntN(1<<5))<<22 | uint64(rng.IntN(1<<5))
		},
	}
	for name, key := range dists {
		for _, n := range []int{0, 1, 2, 63, 64, 65, 100, 1000, 4097, 50000} {
			keys := make([]uint64, n)
			for i := range keys {
				keys[i] = key(i, n)
			}
			for workers := 1; workers <= 5; workers++ {
				checkOrder(t, keys, workers, fmt.Sprintf("%s n=%d workers=%d", name, n, workers))
			}
		}
	}
}

// The same, on random keys from random pools, and Sort with scratch
// space of its own: the values move with the keys.
func TestSortWorkersRapid(t *testing.T) {
	manyWorkers(t)
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 3000).Draw(t, "n")
		pool := rapid.SliceOfN(rapid.Uint64(), 1, 100).Draw(t, "pool")
		shift := rapid.IntRange(0, 63).Draw(t, "shift")
		keys := make([]uint64, n)
		for i := range keys {
			keys[i] = pool[rapid.IntRange(0, len(pool)-1).Draw(t, "k")] >> shift
		}
		workers := rapid.IntRange(1, 5).Draw(t, "workers")
		checkOrder(t, keys, workers, "")
		want := stableOrder(keys)
		vals := make([]int32, n)
		for i := range vals {
			vals[i] = int32(3*i + 1)
		}
		got := slices.Clone(keys)
		Sort(got, vals, make([]uint64, n+rapid.IntRange(0, 3).Draw(t, "extra")), make([]int32, n), workers)
		for i, j := range want {
			require.Equal(t, keys[j], got[i])
			require.Equal(t, 3*j+1, vals[i])
		}
	})
}

func TestSortBadLengths(t *testing.T) {
	require.Panics(t, func() { Sort(make([]uint64, 3), make([]int32, 2), nil, nil, 1) })
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

// BenchmarkSort sorts 10⁶ keys (the bits of floats spread over a few
// binades, as edge lengths are) with their values, the scratch space
// given, on 1 and 2 workers.
func BenchmarkSort(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	const n = 1_000_000
	keys := make([]uint64, n)
	for i := range keys {
		keys[i] = math.Float64bits(math.Ldexp(rng.Float64(), -rng.IntN(12)))
	}
	work, vals, tk, tv := make([]uint64, n), make([]int32, n), make([]uint64, n), make([]int32, n)
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("n=%d/workers=%d", n, workers), func(b *testing.B) {
			for b.Loop() {
				copy(work, keys)
				for i := range vals {
					vals[i] = int32(i)
				}
				Sort(work, vals, tk, tv, workers)
			}
		})
	}
}
