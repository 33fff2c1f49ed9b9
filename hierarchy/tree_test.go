package hierarchy

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTreeDistances: distances on small trees, and each kind of bad edge
// list, which gives a *TreeError wrapping its sentinel and naming the
// offending edge (-1: none; -2: which edge closes the cycle depends on the
// walk).
func TestTreeDistances(t *testing.T) {
	tests := []struct {
		name    string
		n       int
		edges   [][2]int
		lengths []float64
		root    int
		want    []float64
		err     error // nil: the distances want
		edge    int
	}{
		{"single vertex", 1, nil, nil, 0, []float64{0}, nil, 0},
		{"one edge", 2, [][2]int{{1, 0}}, []float64{2.5}, 1, []float64{2.5, 0}, nil, 0},
		// 0 —1— 1 —2— 2 —3— 3: a path, rooted at an end and in the middle.
		{"path from end", 4, [][2]int{{0, 1}, {1, 2}, {2, 3}}, []float64{1, 2, 3}, 0, []float64{0, 1, 3, 6}, nil, 0},
		{"path from middle", 4, [][2]int{{0, 1}, {2, 1}, {3, 2}}, []float64{1, 2, 3}, 2, []float64{3, 2, 0, 3}, nil, 0},
		// A star with a Steiner centre 4 and a pendant 5 on leaf 3; zero length allowed.
		{"star with Steiner point", 6, [][2]int{{4, 0}, {1, 4}, {4, 2}, {3, 4}, {5, 3}},
			[]float64{0.5, 1, 1.5, 0, 2}, 0, []float64{0, 1.5, 2, 0.5, 0.5, 2.5}, nil, 0},

		{"no vertices", 0, nil, nil, 0, nil, ErrVertexRange, -1},
		{"root out of range", 2, [][2]int{{0, 1}}, []float64{1}, 2, nil, ErrVertexRange, -1},
		{"edge out of range", 3, [][2]int{{0, 1}, {1, 3}}, []float64{1, 1}, 0, nil, ErrVertexRange, 1},
		{"negative vertex", 3, [][2]int{{0, 1}, {-1, 2}}, []float64{1, 1}, 0, nil, ErrVertexRange, 1},
		{"length count", 3, [][2]int{{0, 1}, {1, 2}}, []float64{1}, 0, nil, ErrLength, -1},
		{"negative length", 3, [][2]int{{0, 1}, {1, 2}}, []float64{1, -1e-300}, 0, nil, ErrLength, 1},
		{"NaN length", 3, [][2]int{{0, 1}, {1, 2}}, []float64{math.NaN(), 1}, 0, nil, ErrLength, 0},
		{"infinite length", 3, [][2]int{{0, 1}, {1, 2}}, []float64{1, math.Inf(1)}, 0, nil, ErrLength, 1},
		{"self-loop", 2, [][2]int{{0, 1}, {1, 1}}, []float64{1, 1}, 0, nil, ErrCycle, 1},
		{"repeated edge", 2, [][2]int{{0, 1}, {1, 0}}, []float64{1, 1}, 0, nil, ErrCycle, -2},
		{"triangle", 3, [][2]int{{0, 1}, {1, 2}, {2, 0}}, []float64{1, 1, 1}, 0, nil, ErrCycle, -2},
		{"disconnected", 4, [][2]int{{0, 1}, {2, 3}}, []float64{1, 1}, 0, nil, ErrDisconnected, -1},
		{"isolated root", 3, [][2]int{{0, 1}}, []float64{1}, 2, nil, ErrDisconnected, -1},
		// n−1 edges but a cycle away from the root and an unreachable vertex.
		{"cycle elsewhere", 5, [][2]int{{0, 1}, {2, 3}, {3, 4}, {4, 2}}, []float64{1, 1, 1, 1}, 0, nil, ErrDisconnected, -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := TreeDistances(tc.n, tc.edges, tc.lengths, tc.root)
			if tc.err == nil {
				require.NoError(t, err)
				assert.Equal(t, tc.want, got) // small integers and halves: exact
				return
			}
			require.Error(t, err)
			assert.ErrorIs(t, err, tc.err)
			var te *TreeError
			require.True(t, errors.As(err, &te), "error %T is not a *TreeError", err)
			if tc.edge != -2 {
				assert.Equal(t, tc.edge, te.Edge, "edge index in %v", err)
			}
			assert.Contains(t, err.Error(), "hierarchy: ")
		})
	}
}

// TestTreeDistancesDeepPath checks the explicit stack on a path of a
// million vertices, far deeper than a recursive walk could go cheaply.
func TestTreeDistancesDeepPath(t *testing.T) {
	const n = 1 << 20
	edges := make([][2]int, n-1)
	lengths := make([]float64, n-1)
	for i := range edges {
		edges[i] = [2]int{i + 1, i}
		lengths[i] = 1
	}
	d, err := TreeDistances(n, edges, lengths, 0)
	require.NoError(t, err)
	assert.Equal(t, float64(n-1), d[n-1]) // integers below 2⁵³: exact
}

// TestTreeDistancesRandom compares the walk with the path lengths summed
// from each vertex up a random rooted tree given by parent pointers; the
// edge list is shuffled and edges reversed at random.
func TestTreeDistancesRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 50; trial++ {
		n := 1 + rng.IntN(300)
		parent := make([]int, n)
		plen := make([]float64, n)
		var edges [][2]int
		var lengths []float64
		for v := 1; v < n; v++ {
			parent[v] = rng.IntN(v)
			plen[v] = float64(rng.IntN(1000)) / 8 // dyadic: sums are exact
			e := [2]int{v, parent[v]}
			if rng.IntN(2) == 0 {
				e[0], e[1] = e[1], e[0]
			}
			edges = append(edges, e)
			lengths = append(lengths, plen[v])
		}
		rng.Shuffle(len(edges), func(i, j int) {
			edges[i], edges[j] = edges[j], edges[i]
			lengths[i], lengths[j] = lengths[j], lengths[i]
		})
		got, err := TreeDistances(n, edges, lengths, 0)
		require.NoError(t, err)
		for v := 0; v < n; v++ {
			want := 0.0
			for w := v; w != 0; w = parent[w] {
				want += plen[w]
			}
			require.Equal(t, want, got[v], "trial %d vertex %d", trial, v)
		}
	}
}
