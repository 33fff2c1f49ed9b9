package mst

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/radix"
	"github.com/hypersteiner/hypersteiner/plane"
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

// Leaving out the longest side of every triangle changes nothing: on
// random sets and on grids, where many edges tie.
func TestKruskalFaces(t *testing.T) {
	grid := func(k int, step float64) []hyperbolic.Point {
		var pts []hyperbolic.Point
		for i := range k {
			for j := range k {
				pts = append(pts, hyperbolic.Point{X: step * float64(i-k/2), Y: step * float64(j-k/2)})
			}
		}
		return pts
	}
	rng := rand.New(rand.NewPCG(8, 9))
	random := make([]hyperbolic.Point, 3000)
	for i := range random {
		random[i] = hyperbolic.Point{X: 0.9 * (rng.Float64() - 0.5), Y: 0.9 * (rng.Float64() - 0.5)}
	}
	for _, pts := range [][]hyperbolic.Point{grid(30, 1.0/64), random} {
		for _, pl := range []plane.Plane{plane.Hyperbolic, plane.Euclidean} {
			mesh, err := pl.Triangulate(pts)
			require.NoError(t, err)
			require.NotEmpty(t, mesh.Faces)
			all := Kruskal(pl, pts, mesh.Edges, 1)
			pruned := KruskalFaces(pl, pts, mesh.Edges, mesh.Faces, 2)
			require.Equal(t, all, pruned, pl.Name())
		}
	}
}
