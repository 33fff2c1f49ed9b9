package unionfind

import (
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestAgainstLabels: after random unions (with repeats and self-pairs),
// two elements share a representative exactly when a naive relabelling
// puts them together, and Union reports whether it merged. Reset gives
// singletons again, smaller or larger.
func TestAgainstLabels(t *testing.T) {
	var f Forest
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(1, 40).Draw(rt, "n")
		f.Reset(n)
		label := make([]int, n)
		for i := range label {
			label[i] = i
		}
		for range rapid.IntRange(0, 60).Draw(rt, "unions") {
			a := rapid.IntRange(0, n-1).Draw(rt, "a")
			b := rapid.IntRange(0, n-1).Draw(rt, "b")
			require.Equal(rt, label[a] != label[b], f.Union(int32(a), int32(b)))
			from, to := label[a], label[b]
			for i := range label {
				if label[i] == from {
					label[i] = to
				}
			}
		}
		for i := range n {
			for j := range n {
				require.Equal(rt, label[i] == label[j], f.Find(int32(i)) == f.Find(int32(j)), "%d, %d", i, j)
			}
		}
	})
}

func TestSmall(t *testing.T) {
	u := New(5)
	require.True(t, u.Union(0, 1))
	require.True(t, u.Union(3, 4))
	require.False(t, u.Union(1, 0))
	require.True(t, u.Union(1, 4))
	require.Equal(t, u.Find(0), u.Find(3))
	require.NotEqual(t, u.Find(0), u.Find(2))
}
