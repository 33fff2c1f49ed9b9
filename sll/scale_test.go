package sll

import (
	"math"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestScaleOverflow: a scaled length beyond float64 is an error naming
// the length that overflows — the equilateral triangle of side 10³⁰⁸ has
// a Steiner tree of length √3·10³⁰⁸, which fits, and an MST of 2·10³⁰⁸,
// which does not (the error used to call that the tree's length).
func TestScaleOverflow(t *testing.T) {
	mk := func(length, mst float64) *Tree {
		return &Tree{Space: "euclidean", Terminals: 2, Vertices: []hyperbolic.Point{{X: 0, Y: 0}, {X: 0.5, Y: 0}},
			Edges: [][2]int{{0, 1}}, EdgeLengths: []float64{length}, Length: length, MSTLength: mst}
	}
	for _, tc := range []struct {
		name        string
		length, mst float64
		want        string
	}{
		{"mst only", math.Sqrt(3) / 2, 1, "sll: the minimum spanning tree's length, 1 × 2^1024, exceeds float64's range (the tree's, 0.8660254037844386 × 2^1024, does not)"},
		{"tree", 1.5, 1.5, "sll: the tree's length, 1.5 × 2^1024, exceeds float64's range"},
		{"fits", 0.5, 0.75, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := mk(tc.length, tc.mst).Scale(1024)
			if tc.want == "" {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Equal(t, tc.want, err.Error())
		})
	}
}
