package mst

import (
	"cmp"
	"fmt"
	"math"
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
		n := rapid.IntRange(0, 3000).Draw(t, "n")
		pool := rapid.SliceOfN(rapid.Uint64(), 1, 20).Draw(t, "pool") // few distinct keys: many ties, some longer than longRun
		keys := make([]uint64, n)
		edges := make([][2]int32, n)
		for i := range keys {
			keys[i] = pool[rapid.IntRange(0, len(pool)-1).Draw(t, "k")]
			u, v := rapid.Int32Range(0, 50).Draw(t, "u"), rapid.Int32Range(0, 50).Draw(t, "v")
			edges[i] = [2]int32{u, v}
		}
		sortedKeys := slices.Clone(keys)
		got := radix.Order(sortedKeys)
		breakTies(got, sortedKeys, edges, rapid.IntRange(1, 3).Draw(t, "workers"))
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

// squareGrid is the k×k grid of spacing step centred near the origin:
// many equal edge lengths.
func squareGrid(k int, step float64) []hyperbolic.Point {
	var pts []hyperbolic.Point
	for i := range k {
		for j := range k {
			pts = append(pts, hyperbolic.Point{X: step * float64(i-k/2), Y: step * float64(j-k/2)})
		}
	}
	return pts
}

// Leaving out the longest side of every triangle changes nothing: on
// random sets and on grids, where many edges tie.
func TestKruskalFaces(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	random := make([]hyperbolic.Point, 3000)
	for i := range random {
		random[i] = hyperbolic.Point{X: 0.9 * (rng.Float64() - 0.5), Y: 0.9 * (rng.Float64() - 0.5)}
	}
	for _, pts := range [][]hyperbolic.Point{squareGrid(30, 1.0/64), random} {
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

// KruskalFaces (and Kruskal) give the oracle's tree, which is the
// previous implementation's, for every number of workers: on random sets in both
// planes, on grids and a triangular lattice, where many edges tie, and on
// a set large enough for the sort to run on several workers.
func TestKruskalFacesWorkers(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 1))
	lattice := func(k int, step float64) []hyperbolic.Point {
		var pts []hyperbolic.Point
		for i := range k {
			for j := range k {
				pts = append(pts, hyperbolic.Point{X: step * (float64(i-k/2) + float64(j%2)/2), Y: step * math.Sqrt(3) / 2 * float64(j-k/2)})
			}
		}
		return pts
	}
	uniform := func(n int) []hyperbolic.Point {
		pts, err := hyperbolic.SampleUniformDisk(rng, n)
		require.NoError(t, err)
		return pts
	}
	gaussian := func(n int) []hyperbolic.Point {
		pts, err := hyperbolic.SampleWrappedGaussian(rng, n, hyperbolic.Point{X: 0.2}, 0.5)
		require.NoError(t, err)
		return pts
	}
	cases := []struct {
		name string
		pts  []hyperbolic.Point
	}{
		{"three", uniform(3)},
		{"uniform 100", uniform(100)},
		{"uniform 3000", uniform(3000)},
		{"gaussian 5000", gaussian(5000)},
		{"grid 40", squareGrid(40, 1.0/128)},
		{"grid 7", squareGrid(7, 1.0/16)},
		{"lattice 50", lattice(50, 1.0/128)},
		{"gaussian 60000", gaussian(60000)},
	}
	for _, c := range cases {
		for _, pl := range []plane.Plane{plane.Hyperbolic, plane.Euclidean} {
			mesh, err := pl.Triangulate(c.pts)
			require.NoError(t, err)
			want := kruskalFacesOracle(pl, c.pts, mesh.Edges, mesh.Faces)
			require.Len(t, want.Edges, len(c.pts)-1, "%s %s", c.name, pl.Name())
			require.Equal(t, want, kruskalFacesPrevious(pl, c.pts, mesh.Edges, mesh.Faces, 1), "%s %s", c.name, pl.Name())
			for workers := 1; workers <= 4; workers++ {
				msg := fmt.Sprintf("%s %s workers %d", c.name, pl.Name(), workers)
				require.Equal(t, want, KruskalFaces(pl, c.pts, mesh.Edges, mesh.Faces, workers), msg)
				require.Equal(t, want, Kruskal(pl, c.pts, mesh.Edges, workers), msg)
			}
		}
	}
}

// A graph that does not span the points (the triangulation's edges less
// those that cross the y axis, some of them reversed) gives the oracle's
// forest.
func TestKruskalForest(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	pts, err := hyperbolic.SampleUniformDisk(rng, 2000)
	require.NoError(t, err)
	mesh, err := plane.Hyperbolic.Triangulate(pts)
	require.NoError(t, err)
	var edges [][2]int32
	for i, e := range mesh.Edges {
		if (pts[e[0]].X < 0) == (pts[e[1]].X < 0) {
			if i%2 == 0 {
				e = [2]int32{e[1], e[0]} // either orientation will do
			}
			edges = append(edges, e)
		}
	}
	want := kruskalFacesOracle(plane.Hyperbolic, pts, edges, nil)
	require.Less(t, len(want.Edges), len(pts)-1)
	require.Equal(t, want, kruskalFacesPrevious(plane.Hyperbolic, pts, edges, nil, 1))
	for workers := 1; workers <= 4; workers++ {
		require.Equal(t, want, Kruskal(plane.Hyperbolic, pts, edges, workers))
	}
}

// distOfKey finds the planes whose lengths come from their keys (the
// contract, Dist == DistOfKey(DistKey) to the bit, is tested in plane).
func TestDistOfKey(t *testing.T) {
	require.NotNil(t, distOfKey(plane.Hyperbolic))
	require.Nil(t, distOfKey(plane.Euclidean))
}
