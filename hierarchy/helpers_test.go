package hierarchy

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hypersteiner/hypersteiner/internal/fixture"
)

// randomBinaryTree returns a random unrooted binary tree with n ≥ 2 leaves
// (vertices 0 … n−1, internal vertices n … 2n−3) and edge lengths drawn by
// length: a star of three leaves whose edges are subdivided at random to
// hang the further leaves, which are then relabelled at random.
func randomBinaryTree(rng *rand.Rand, n int, length func() float64) *Tree {
	if n == 2 {
		return &Tree{Vertices: 2, Terminals: 2, Edges: [][2]int{{0, 1}}, Lengths: []float64{length()}}
	}
	// Build with leaves 0,1,2 around centre n, then leaf k on a new vertex.
	edges := [][2]int{{n, 0}, {n, 1}, {n, 2}}
	next := n + 1
	for k := 3; k < n; k++ {
		e := rng.IntN(len(edges))
		a, b := edges[e][0], edges[e][1]
		w := next
		next++
		edges[e] = [2]int{a, w}
		edges = append(edges, [2]int{w, b}, [2]int{w, k})
	}
	perm := rng.Perm(n)
	t := &Tree{Vertices: 2*n - 2, Terminals: n}
	for _, e := range edges {
		for i := range e {
			if e[i] < n {
				e[i] = perm[e[i]]
			}
		}
		t.Edges = append(t.Edges, e)
		t.Lengths = append(t.Lengths, length())
	}
	return t
}

// pathMetric returns the matrix of path lengths between the terminals of t.
func pathMetric(tb testing.TB, t *Tree) [][]float64 {
	tb.Helper()
	d := make([][]float64, t.Terminals)
	for i := range d {
		all, err := t.Distances(i)
		if err != nil {
			tb.Fatal(err)
		}
		d[i] = all[:t.Terminals]
	}
	return d
}

// splits maps every edge of t to the bipartition of the terminals it
// induces, keyed by the side without terminal 0 (as a sorted index list
// encoded in a string), with the edge's length.
func splits(tb testing.TB, t *Tree) map[string]float64 {
	tb.Helper()
	out := map[string]float64{}
	for k, e := range t.Edges {
		// Terminals on e[1]'s side: walk from e[1] without crossing edge k.
		adj := make([][]int, t.Vertices)
		for j, f := range t.Edges {
			if j != k {
				adj[f[0]] = append(adj[f[0]], f[1])
				adj[f[1]] = append(adj[f[1]], f[0])
			}
		}
		seen := make([]bool, t.Vertices)
		stack := []int{e[1]}
		seen[e[1]] = true
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, w := range adj[v] {
				if !seen[w] {
					seen[w] = true
					stack = append(stack, w)
				}
			}
		}
		var side []int
		for v := 0; v < t.Terminals; v++ {
			if seen[v] != seen[0] {
				side = append(side, v)
			}
		}
		slices.Sort(side)
		key := make([]byte, 0, 4*len(side))
		for _, v := range side {
			key = append(key, byte(v>>24), byte(v>>16), byte(v>>8), byte(v))
		}
		if _, dup := out[string(key)]; dup {
			tb.Fatalf("split of edge %d repeated", k)
		}
		out[string(key)] = t.Lengths[k]
	}
	return out
}

// planaria loads the Planaria data set of the testdata folder.
func planaria(tb testing.TB) *Dataset {
	tb.Helper()
	d, err := LoadPlanaria(fixture.Path(tb, "planaria"))
	if err != nil {
		tb.Fatal(err)
	}
	return d
}

func relErr(got, want float64) float64 {
	if got == want {
		return 0
	}
	return math.Abs(got-want) / math.Abs(want)
}
