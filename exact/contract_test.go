package exact

import (
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestLeastOfSets: after random unions, each element is mapped to the
// least element of its set, as a naive relabelling finds it.
func TestLeastOfSets(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(1, 30).Draw(rt, "n")
		pairs := rapid.SliceOfN(rapid.IntRange(0, n-1), 0, 40).Draw(rt, "pairs")
		least := leastOfSets(n, func(union func(a, b int)) {
			for i := 0; i+1 < len(pairs); i += 2 {
				union(pairs[i], pairs[i+1])
			}
		})
		label := make([]int, n)
		for i := range label {
			label[i] = i
		}
		for i := 0; i+1 < len(pairs); i += 2 {
			from, to := label[pairs[i]], label[pairs[i+1]]
			for j := range label {
				if label[j] == from {
					label[j] = to
				}
			}
		}
		for v := range n {
			want := v
			for u := range n {
				if label[u] == label[v] {
					want = min(want, u)
				}
			}
			require.Equal(rt, want, least[v], "element %d", v)
		}
	})
}
