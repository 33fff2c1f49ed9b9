package delaunay

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRadixSort checks radixSort against slices.Sort, with keys that differ
// in every byte and keys that share their high bytes (whose passes are
// skipped), on one worker and on up to eight parts of as few as 100 keys.
func TestRadixSort(t *testing.T) {
	defer func(p int) { radixPart = p }(radixPart)
	radixPart = 100
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{1, 2, 255, 256, 257, 1000, 70000} {
		for _, mask := range []uint64{^uint64(0), 0xffff, 0xff00ff} {
			keys := make([]uint64, n)
			for i := range keys {
				keys[i] = rng.Uint64()&mask | 0x1234<<48
			}
			want := slices.Clone(keys)
			slices.Sort(want)
			for _, w := range []int{1, 2, 3, 8} {
				got := slices.Clone(keys)
				radixSort(got, w)
				require.Equal(t, want, got, "n = %d, mask %#x, %d workers", n, mask, w)
			}
		}
	}
}
