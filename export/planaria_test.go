package export

import (
	"bytes"
	"math"
	"strconv"
	"testing"

	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/hierarchy"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/fixture"
	"github.com/hypersteiner/hypersteiner/sll"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The HyperSteiner tree of the whole Planaria embedding, exported as
// Newick rooted at cell 0: the distances a reader sums from the root to
// every cell equal the ones the cell-age experiment computes
// (hierarchy.Evaluate's tree distances), and so does the age error.
func TestPlanariaNewick(t *testing.T) {
	ds, err := hierarchy.LoadPlanaria(fixture.Path(t, "planaria"))
	require.NoError(t, err)
	var tree *sll.Tree
	m := hierarchy.Method{Name: "hypersteiner", Build: func(pts []hyperbolic.Point) (*hierarchy.Tree, error) {
		t, err := sll.Build(pts, sll.Options{Space: sll.Hyperbolic(fermat.Auto{}), FST: 4})
		if err != nil {
			return nil, err
		}
		tree = t
		return &hierarchy.Tree{Vertices: len(t.Vertices), Terminals: t.Terminals, Edges: t.Edges, Lengths: t.EdgeLengths}, nil
	}}
	trial, err := hierarchy.Evaluate(m, ds)
	require.NoError(t, err)
	ht := &hierarchy.Tree{Vertices: len(tree.Vertices), Terminals: tree.Terminals, Edges: tree.Edges, Lengths: tree.EdgeLengths}
	want, err := ht.Distances(ds.Root)
	require.NoError(t, err)

	var b bytes.Buffer
	require.NoError(t, WriteNewick(&b, tree, Options{Root: ds.Root}))
	nodes, err := parseNewick(b.String())
	require.NoError(t, err)
	require.Len(t, nodes, len(tree.Vertices))
	assert.Equal(t, strconv.Itoa(ds.Root), nodes[0].name, "the root is cell 0")
	dist := make([]float64, len(nodes))
	got := make([]float64, tree.Terminals)
	seen := 0
	for k, nd := range nodes {
		if k > 0 {
			dist[k] = dist[nd.parent] + nd.length
		}
		if nd.named {
			cell, err := strconv.Atoi(nd.name)
			require.NoError(t, err)
			got[cell] = dist[k]
			seen++
		}
	}
	require.Equal(t, tree.Terminals, seen, "every cell once")
	worst := 0.0
	for i, d := range got {
		worst = math.Max(worst, math.Abs(d-want[i]))
	}
	assert.LessOrEqual(t, worst, 1e-12, "largest difference of a root-to-cell distance")
	e, err := hierarchy.AgeError(got, ds.Truth)
	require.NoError(t, err)
	assert.InDelta(t, trial.Error, e, 1e-12, "the age error from the Newick distances")
	t.Logf("%d cells, %d Steiner points; largest distance difference %g; age error %.6f (experiment %.6f)",
		tree.Terminals, tree.SteinerPoints(), worst, e, trial.Error)
}
