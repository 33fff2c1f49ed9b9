package mst

import (
	"cmp"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/internal/radix"
	"pgregory.net/rapid"
)

// radix.Order and the tie-break give the order of a comparison sort on
// (key, u, v).
func TestSortedByKey(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 300).Draw(t, "n")
		pool := rapid.SliceOfN(rapid.Uint64(), 1, 20).Draw(t, "pool") // few distinct keys: many ties
		keys := make([]uint64, n)
		edges := make([][2]int32, n)
		for i := range keys {
			keys[i] = pool[rapid.IntRange(0, len(pool)-1).Draw(t, "k")]
			u, v := rapid.Int32Range(0, 50).Draw(t, "u"), rapid.Int32Range(0, 50).Draw(t, "v")
			edges[i] = [2]int32{u, v}
		}
		sortedKeys := slices.Clone(keys)
		got := radix.Order(sortedKeys)
		breakTies(got, sortedKeys, edges)
		want := make([]int32, n)
		for i := range want {
			want[i] = int32(i)
		}
		slices.SortStableFunc(want, func(a, b int32) int {
			ea, eb := edges[a], edges[b]
			return cmp.Or(cmp.Compare(keys[a], keys[b]),
				cmp.Compare(min(ea[0], ea[1]), min(eb[0], eb[1])), cmp.Compare(max(ea[0], ea[1]), max(eb[0], eb[1])))
		})
		require.Equal(t, want, got)
	})
}
