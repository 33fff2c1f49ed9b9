package export

import (
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/hierarchy"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/sll"
	"github.com/stretchr/testify/require"
)

// tester is what the checks need of *testing.T and *rapid.T.
type tester interface {
	require.TestingT
	Helper()
}

// hyperbolicTree builds the HyperSteiner tree of n points of G(0, 0.5).
func hyperbolicTree(tb testing.TB, n int, seed uint64) *sll.Tree {
	tb.Helper()
	pts, err := hyperbolic.SampleWrappedGaussian(rand.New(rand.NewPCG(seed, 1)), n, hyperbolic.Point{}, 0.5)
	require.NoError(tb, err)
	t, err := sll.Build(pts, sll.Options{Space: sll.Hyperbolic(fermat.Auto{}), FST: 4})
	require.NoError(tb, err)
	return t
}

// euclideanTree builds the Euclidean Steiner tree of n points uniform in
// the square [0, 100)².
func euclideanTree(tb testing.TB, n int, seed uint64) *sll.Tree {
	tb.Helper()
	rng := rand.New(rand.NewPCG(seed, 2))
	pts := make([]hyperbolic.Point, n)
	for i := range pts {
		pts[i] = hyperbolic.Point{X: 100 * rng.Float64(), Y: 100 * rng.Float64()}
	}
	t, err := sll.Build(pts, sll.Options{Space: sll.Euclidean(), FST: 4})
	require.NoError(tb, err)
	return t
}

// sortedAdjacency is the neighbours of every vertex in increasing order.
func sortedAdjacency(t *sll.Tree) [][]int {
	adj := make([][]int, len(t.Vertices))
	for _, e := range t.Edges {
		adj[e[0]] = append(adj[e[0]], e[1])
		adj[e[1]] = append(adj[e[1]], e[0])
	}
	for _, a := range adj {
		slices.Sort(a)
	}
	return adj
}

// preorder lists the vertices of t hung from root, each before its
// children and the children in increasing order (the writer's documented
// order), with each vertex's parent (−1 for the root).
func preorder(t *sll.Tree, root int) (order, parent []int) {
	adj := sortedAdjacency(t)
	parent = make([]int, len(t.Vertices))
	parent[root] = -1
	stack := []int{root}
	for len(stack) > 0 {
		u := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		order = append(order, u)
		for i := len(adj[u]) - 1; i >= 0; i-- { // pushed in reverse: popped in order
			if w := adj[u][i]; w != parent[u] {
				parent[w] = u
				stack = append(stack, w)
			}
		}
	}
	return order, parent
}

// edgeLengths maps each edge {u, w} (u < w) to its length.
func edgeLengths(t *sll.Tree) map[[2]int]float64 {
	m := make(map[[2]int]float64, len(t.Edges))
	for k, e := range t.Edges {
		m[[2]int{min(e[0], e[1]), max(e[0], e[1])}] = t.EdgeLengths[k]
	}
	return m
}

// terminalName is what the writers call terminal i.
func terminalName(t *sll.Tree, i int) string {
	if t.Labels != nil {
		return t.Labels[i]
	}
	return strconv.Itoa(i)
}

// checkNewick parses out and checks that it is t hung from root: the same
// vertices in the documented order, the same parent of every vertex (so
// the same topology), the names, every branch length bit for bit, and the
// distances from the root summed along the branches equal to the tree's
// path lengths (hierarchy.TreeDistances) within 1e-12.
func checkNewick(tb tester, t *sll.Tree, root int, out string) {
	tb.Helper()
	nodes, err := parseNewick(out)
	require.NoError(tb, err)
	require.Len(tb, nodes, len(t.Vertices), "one Newick node per vertex")
	order, parent := preorder(t, root)
	require.Len(tb, order, len(t.Vertices))
	index := make([]int, len(t.Vertices)) // vertex → node
	for k, u := range order {
		index[u] = k
	}
	lengths := edgeLengths(t)
	dist := make([]float64, len(nodes))
	for k, nd := range nodes {
		u := order[k]
		if u < t.Terminals {
			require.True(tb, nd.named, "terminal %d has no name", u)
			require.Equal(tb, terminalName(t, u), nd.name, "name of terminal %d", u)
		} else {
			require.False(tb, nd.named, "Steiner point %d has a name %q", u, nd.name)
		}
		if parent[u] < 0 {
			require.Equal(tb, -1, nd.parent)
			require.False(tb, nd.hasLen, "the root has a branch length")
			continue
		}
		require.Equal(tb, index[parent[u]], nd.parent, "parent of vertex %d", u)
		require.True(tb, nd.hasLen, "vertex %d has no branch length", u)
		want := lengths[[2]int{min(u, parent[u]), max(u, parent[u])}]
		require.Equal(tb, math.Float64bits(want), math.Float64bits(nd.length), "branch length of vertex %d: %v, want %v", u, nd.length, want)
		dist[k] = dist[nd.parent] + nd.length // parents come first in preorder
	}
	want, err := hierarchy.TreeDistances(len(t.Vertices), t.Edges, t.EdgeLengths, root)
	require.NoError(tb, err)
	for u, d := range want {
		require.LessOrEqual(tb, math.Abs(dist[index[u]]-d), 1e-12*math.Max(1, d), "distance from %d to %d", root, u)
	}
}
