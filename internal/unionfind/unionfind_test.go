package unionfind

import (
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestAgainstLabels: after random unions, two elements share a set
// exactly when a naive relabelling says so, each set is named by its
// least element, and Union reports whether it merged.
func TestAgainstLabels(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(1, 40).Draw(rt, "n")
		s := New(n)
		label := make([]int, n)
		for i := range label {
			label[i] = i
		}
		for range rapid.IntRange(0, 60).Draw(rt, "unions") {
			a := rapid.IntRange(0, n-1).Draw(rt, "a")
			b := rapid.IntRange(0, n-1).Draw(rt, "b")
			apart := label[a] != label[b]
			require.Equal(rt, apart, s.Union(a, b))
			from, to := label[a], label[b]
			for i := range label {
				if label[i] == from {
					label[i] = to
				}
			}
		}
		for i := range n {
			least := i
			for j := range n {
				if label[j] == label[i] {
					least = min(least, j)
				}
			}
			require.Equal(rt, least, s.Find(i))
		}
	})
}
