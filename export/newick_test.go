package export

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/sll"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// handTree is a Euclidean tree given by its edges, with unit-free
// lengths; the coordinates are placeholders (the Newick and CSV writers
// do not read them).
func handTree(terminals int, edges [][2]int, lengths []float64) *sll.Tree {
	n := len(edges) + 1
	t := &sll.Tree{Space: "euclidean", Terminals: terminals, Vertices: make([]hyperbolic.Point, n),
		Edges: edges, EdgeLengths: lengths}
	for i := range t.Vertices {
		t.Vertices[i] = hyperbolic.Point{X: float64(i), Y: 0}
	}
	return t
}

// pathTree is a path of n terminals, edge i of length 1/(i+1).
func pathTree(n int) *sll.Tree {
	edges := make([][2]int, n-1)
	lengths := make([]float64, n-1)
	for i := range edges {
		edges[i] = [2]int{i, i + 1}
		lengths[i] = 1 / float64(i+1)
	}
	return handTree(n, edges, lengths)
}

func newick(t *testing.T, tr *sll.Tree, root int) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, WriteNewick(&b, tr, Options{Root: root}))
	return b.String()
}

func TestNewickGolden(t *testing.T) {
	star := handTree(3, [][2]int{{0, 3}, {1, 3}, {3, 2}}, []float64{0.5, 0.25, 1e-5})
	path := handTree(3, [][2]int{{1, 2}, {0, 1}}, []float64{2, 1})
	tenth := 0.1
	for _, tc := range []struct {
		name string
		tree *sll.Tree
		root int
		want string
	}{
		{"Steiner point below a leaf root", star, 0, "((1:0.25,2:1e-05):0.5)0;\n"},
		{"another root", star, 2, "((0:0.5,1:0.25):1e-05)2;\n"},
		{"a terminal of degree 2 inside", path, 0, "((2:2)1:1)0;\n"},
		{"rooted at the middle terminal", path, 1, "(0:1,2:2)1;\n"},
		{"one vertex", handTree(1, nil, nil), 0, "0;\n"},
		{"round-trip digits", handTree(2, [][2]int{{0, 1}}, []float64{tenth + 0.2}), 0, "(1:0.30000000000000004)0;\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, newick(t, tc.tree, tc.root))
			checkNewick(t, tc.tree, tc.root, newick(t, tc.tree, tc.root))
		})
	}
}

func TestNewickQuoting(t *testing.T) {
	for _, tc := range []struct{ label, written string }{
		{"cell7", "cell7"},
		{"a b", "'a b'"},
		{"a_b", "'a_b'"},
		{"it's", "'it''s'"},
		{"(x)", "'(x)'"},
		{"a,b;c:d", "'a,b;c:d'"},
		{"[note]", "'[note]'"},
		{"", "''"},
		{"tab\there", "'tab\there'"},
		{"Zürich", "Zürich"},
		{"-1.5e3", "-1.5e3"},
	} {
		t.Run(tc.label, func(t *testing.T) {
			tr := handTree(2, [][2]int{{0, 1}}, []float64{1})
			tr.Labels = []string{"root", tc.label}
			out := newick(t, tr, 0)
			assert.Equal(t, "("+tc.written+":1)root;\n", out)
			checkNewick(t, tr, 0, out) // the parser reads the label back
		})
	}
}

// Trees from the pipeline, hung from the first terminal, from terminals
// of degree 2 or more, and from the last one.
func TestNewickRoundTrip(t *testing.T) {
	labelled := hyperbolicTree(t, 120, 3)
	labelled.Labels = make([]string, labelled.Terminals)
	for i := range labelled.Labels {
		labelled.Labels[i] = []string{"stem cell", "neoblast_" + string(rune('a'+i%26)), "it's", "x"}[i%4]
	}
	for _, tc := range []struct {
		name string
		tree *sll.Tree
	}{
		{"hyperbolic", hyperbolicTree(t, 400, 1)},
		{"euclidean", euclideanTree(t, 300, 2)},
		{"labelled", labelled},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := tc.tree
			require.Greater(t, tr.SteinerPoints(), 0)
			roots := []int{0, tr.Terminals - 1}
			deg := make([]int, len(tr.Vertices))
			for _, e := range tr.Edges {
				deg[e[0]]++
				deg[e[1]]++
			}
			inner := 0
			for i := 0; i < tr.Terminals; i++ {
				if deg[i] >= 2 {
					if inner < 2 {
						roots = append(roots, i)
					}
					inner++
				}
			}
			require.Greater(t, inner, 0, "the test wants terminals that are internal nodes")
			for _, r := range roots {
				checkNewick(t, tr, r, newick(t, tr, r))
			}
		})
	}
}

// A path of 10⁵ vertices is written without recursion and reads back.
func TestNewickDeepPath(t *testing.T) {
	const n = 100_000
	tr := pathTree(n)
	out := newick(t, tr, 0)
	assert.True(t, strings.HasPrefix(out, strings.Repeat("(", n-1)+"99999:"))
	checkNewick(t, tr, 0, out)
	checkNewick(t, tr, n/2, newick(t, tr, n/2))
}

func TestNewickErrors(t *testing.T) {
	good := func() *sll.Tree { return handTree(3, [][2]int{{0, 3}, {1, 3}, {2, 3}}, []float64{1, 1, 1}) }
	for _, tc := range []struct {
		name  string
		edit  func(*sll.Tree)
		root  int
		msg   string
		isNot bool // wraps ErrNotTree
	}{
		{"root beyond the terminals", func(*sll.Tree) {}, 3, "export: root 3 is not a terminal: the tree has 3 (0 to 2)", false},
		{"negative root", func(*sll.Tree) {}, -1, "export: root -1 is not a terminal: the tree has 3 (0 to 2)", false},
		{"a cycle", func(t *sll.Tree) { t.Edges[2] = [2]int{0, 1} }, 0, "export: not a tree: edge 1 [1, 3] closes a cycle", true},
		{"a part apart", func(t *sll.Tree) { t.Edges[1], t.Edges[2] = [2]int{1, 2}, [2]int{2, 1} }, 0, "export: not a tree: vertex 1 is not connected to vertex 0", true},
		{"a vertex out of range", func(t *sll.Tree) { t.Edges[1] = [2]int{1, 4} }, 0, "export: not a tree: edge 1 [1, 4] has a vertex out of range (4 vertices)", true},
		{"a loop", func(t *sll.Tree) { t.Edges[1] = [2]int{1, 1} }, 0, "export: not a tree: edge 1 [1, 1] is a loop", true},
		{"an edge missing", func(t *sll.Tree) { t.Edges, t.EdgeLengths = t.Edges[:2], t.EdgeLengths[:2] }, 0, "export: not a tree: 2 edges on 4 vertices (a tree has 3)", true},
		{"a NaN length", func(t *sll.Tree) { t.EdgeLengths[0] = math.NaN() }, 0, "export: not a tree: edge 0 [0, 3] has length NaN (lengths are finite and ≥ 0)", true},
		{"a negative length", func(t *sll.Tree) { t.EdgeLengths[2] = -1 }, 0, "export: not a tree: edge 2 [2, 3] has length -1 (lengths are finite and ≥ 0)", true},
		{"lengths missing one", func(t *sll.Tree) { t.EdgeLengths = t.EdgeLengths[:2] }, 0, "export: not a tree: 2 edge lengths for 3 edges", true},
		{"labels for some terminals", func(t *sll.Tree) { t.Labels = []string{"a"} }, 0, "export: not a tree: 1 labels for 3 terminals", true},
		{"no terminal", func(t *sll.Tree) { t.Terminals = 0 }, 0, "export: not a tree: 0 terminals among 4 vertices", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := good()
			tc.edit(tr)
			var b bytes.Buffer
			err := WriteNewick(&b, tr, Options{Root: tc.root})
			require.Error(t, err)
			assert.Equal(t, tc.msg, err.Error())
			assert.Equal(t, tc.isNot, errors.Is(err, ErrNotTree))
			assert.Zero(t, b.Len(), "nothing is written for a bad tree")
		})
	}
}

// A tree file without edge lengths gets the plane's distances.
func TestNewickLengthsFromThePlane(t *testing.T) {
	tr := &sll.Tree{Space: "euclidean", Terminals: 2, Vertices: []hyperbolic.Point{{X: 0, Y: 0}, {X: 3, Y: 4}}, Edges: [][2]int{{0, 1}}}
	assert.Equal(t, "(1:5)0;\n", newick(t, tr, 0))
}

// Random trees: any shape, any root, lengths of any magnitude, labels
// with the characters Newick quotes.
func TestNewickRoundTripRandom(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		tr := randomTree(rt)
		root := rapid.IntRange(0, tr.Terminals-1).Draw(rt, "root")
		var b bytes.Buffer
		if err := WriteNewick(&b, tr, Options{Root: root}); err != nil {
			rt.Fatal(err)
		}
		checkNewick(rt, tr, root, b.String())
	})
}

// randomTree draws a tree on up to 60 vertices: vertex i > 0 joins an
// earlier one, then the indices are shuffled; terminals are the first
// Terminals indices, labels (sometimes) from an alphabet with blanks,
// quotes and punctuation.
func randomTree(rt *rapid.T) *sll.Tree {
	n := rapid.IntRange(1, 60).Draw(rt, "n")
	perm := rapid.Permutation(seq(n)).Draw(rt, "perm")
	tr := &sll.Tree{Space: "euclidean", Terminals: rapid.IntRange(1, n).Draw(rt, "terminals"),
		Vertices: make([]hyperbolic.Point, n)}
	for i := range tr.Vertices {
		tr.Vertices[i] = hyperbolic.Point{X: rapid.Float64Range(-1e6, 1e6).Draw(rt, "x"), Y: rapid.Float64Range(-1e6, 1e6).Draw(rt, "y")}
	}
	for i := 1; i < n; i++ {
		j := rapid.IntRange(0, i-1).Draw(rt, "parent")
		tr.Edges = append(tr.Edges, [2]int{perm[i], perm[j]})
		l := math.Ldexp(rapid.Float64Range(0, 1).Draw(rt, "mantissa"), rapid.IntRange(-1074, 990).Draw(rt, "exponent"))
		tr.EdgeLengths = append(tr.EdgeLengths, l) // sums of 60 stay finite
	}
	if rapid.Bool().Draw(rt, "labelled") {
		tr.Labels = make([]string, tr.Terminals)
		for i := range tr.Labels {
			tr.Labels[i] = rapid.StringOfN(rapid.SampledFrom([]rune("ab_ '(),:;[]é9.")), 0, 6, -1).Draw(rt, "label")
		}
	}
	return tr
}

func seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}
