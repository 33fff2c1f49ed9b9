package delaunay

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRadixSort checks radixSort against slices.Sort, with keys that differ
// in every byte and keys that share their high bytes (whose passes are
// skipped).
func TestRadixSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{1, 2, 255, 256, 257, 1000, 70000} {
		for _, mask := range []uint64{^uint64(0), 0xffff, 0xff00ff} {
			keys := make([]uint64, n)
			for i := range keys {
				keys[i] = rng.Uint64()&mask | 0x1234<<48
			}
			want := slices.Clone(keys)
			slices.Sort(want)
			radixSort(keys)
			require.Equal(t, want, keys, "n = %d, mask %#x", n, mask)
		}
	}
}
