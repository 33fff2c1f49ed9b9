package treecert

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/pointio"
	"github.com/hypersteiner/hypersteiner/sll"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestModelVertices: the "vertices_<model>" rows a tree file stores are
// claims too (each coordinate within 4·2⁻⁵³ relative of the exact image
// of the Klein vertex, or, for a terminal, the row the Klein terminal was
// converted from); they used to pass unread, so a file whose Poincaré
// coordinates were anything said "OK: every claim of the tree is proved".
// Rows as the writer makes them pass, near the ideal boundary too; a row
// moved by 1e-12 relative fails, for a Steiner point and a terminal near
// the origin (near the boundary, rows that far apart may convert to the
// same Klein terminal, and are then rightly taken as its given row).
func TestModelVertices(t *testing.T) {
	s, err := fermat.ByName("auto")
	require.NoError(t, err)
	// Rings 1e-9 from the ideal boundary and near the origin.
	var pts []hyperbolic.Point
	for k := range 6 {
		a := 2 * math.Pi * float64(k) / 6
		pts = append(pts, hyperbolic.Point{X: (1 - 1e-9) * math.Cos(a), Y: (1 - 1e-9) * math.Sin(a)})
		pts = append(pts, hyperbolic.Point{X: 1e-3 * math.Cos(a+0.5), Y: 1e-3 * math.Sin(a+0.5)})
	}
	tree, err := sll.Build(pts, sll.Options{Space: sll.Hyperbolic(s)})
	require.NoError(t, err)
	require.Greater(t, tree.SteinerPoints(), 0)
	write := func(model string, rows []float64) []byte {
		var b bytes.Buffer
		require.NoError(t, tree.WriteJSON(&b, sll.JSONOptions{Model: model, Cols: len(rows) / len(tree.Vertices), Rows: rows}))
		return b.Bytes()
	}
	check := func(data []byte) *Report {
		tr, c, err := Read(data, "t.json")
		require.NoError(t, err)
		rep, err := Check(tr, c, Options{})
		require.NoError(t, err)
		return rep
	}
	for _, model := range []string{"poincare", "halfplane", "hyperboloid"} {
		t.Run(model, func(t *testing.T) {
			tab, err := pointio.FromKlein(tree.Vertices, model)
			require.NoError(t, err)
			rep := check(write(model, tab.Data))
			assert.True(t, rep.OK, "%v", rep.Failures)
			for _, v := range []int{1, tree.Terminals} { // a terminal near the origin, a Steiner point
				rows := append([]float64(nil), tab.Data...)
				for j := range tab.Cols {
					rows[v*tab.Cols+j] *= 1 + 1e-12
				}
				rep := check(write(model, rows))
				require.False(t, rep.OK, "vertex %d moved", v)
				assert.True(t, strings.HasPrefix(rep.Failures[0].Message, "vertices_"+model+": vertex "), rep.Failures[0].Message)
			}
		})
	}
	// A terminal given in the model: its Klein vertex is what ToKlein
	// makes of the row, which need not be within 4·2⁻⁵³ of the image of
	// the Klein vertex (near the boundary it is not).
	in := pointio.Table{Rows: 1, Cols: 2, Data: []float64{0, 1e-7}} // half-plane, 1e-7 above the boundary
	k, err := pointio.ToKlein(in, "halfplane")
	require.NoError(t, err)
	terms := append([]hyperbolic.Point{k[0]}, pts[1:]...)
	tree, err = sll.Build(terms, sll.Options{Space: sll.Hyperbolic(s)})
	require.NoError(t, err)
	tab, err := pointio.FromKlein(tree.Vertices, "halfplane")
	require.NoError(t, err)
	ok, _ := convertedWithin("halfplane", tree.Vertices[0], in.Data)
	require.False(t, ok, "the given row is within 4·2⁻⁵³ of the image: the case tests nothing")
	copy(tab.Data, in.Data)
	rep := check(write("halfplane", tab.Data))
	assert.True(t, rep.OK, "%v", rep.Failures)
}
