package bench

import (
	"math"
	"testing"

	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/sll"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCheckAngles(t *testing.T) {
	p := func(x, y float64) hyperbolic.Point { return hyperbolic.Point{X: x, Y: y} }
	// At the Klein origin the metric is Euclidean, so these angles are the
	// same in both planes: 180° (wide), 90° (not), and a terminal of
	// degree 1 (not counted).
	for _, space := range []string{"hyperbolic", "euclidean"} {
		t.Run(space, func(t *testing.T) {
			straight := &sll.Tree{Space: space, Terminals: 3,
				Vertices: []hyperbolic.Point{p(0, 0), p(0.5, 0), p(-0.5, 0)}, Edges: [][2]int{{0, 1}, {0, 2}}}
			assert.Equal(t, AngleCheck{Terminals: 1, Wide: 1}, CheckAngles(straight))
			right := &sll.Tree{Space: space, Terminals: 3,
				Vertices: []hyperbolic.Point{p(0, 0), p(0.5, 0), p(0, 0.5)}, Edges: [][2]int{{0, 1}, {0, 2}}}
			assert.Equal(t, AngleCheck{Terminals: 1}, CheckAngles(right))
			s, c := math.Sincos(2 * math.Pi / 3)
			// Steiner point at the origin: the deviation is the rounding.
			st := &sll.Tree{Space: space, Terminals: 3,
				Vertices: []hyperbolic.Point{p(0.5, 0), p(0.5*c, 0.5*s), p(0.5*c, -0.5*s), p(0, 0)},
				Edges:    [][2]int{{3, 0}, {3, 1}, {3, 2}}}
			got := CheckAngles(st)
			assert.Equal(t, 1, got.Steiner)
			assert.Equal(t, 0, got.Terminals)
			assert.Less(t, got.MaxDeviation, 1e-15, "120° up to the rounding of the coordinates")
			// A Steiner point off by 1°.
			s1, c1 := math.Sincos(2*math.Pi/3 + math.Pi/180)
			st.Vertices[1] = p(0.5*c1, 0.5*s1)
			assert.InDelta(t, math.Pi/180, CheckAngles(st).MaxDeviation, 1e-14)
		})
	}
}

// The trees the pipeline builds: every Steiner point at 120° to the
// solver's accuracy, and the counts consistent.
func TestCheckAnglesBuilt(t *testing.T) {
	_, pts := presetSample(t, "centered", 300, 1, 0, false)
	s, err := fermat.ByName("auto")
	require.NoError(t, err)
	tree, err := sll.Build(pts, sll.Options{Space: sll.Hyperbolic(s), FST: 4, Workers: 1})
	require.NoError(t, err)
	ac := CheckAngles(tree)
	assert.Equal(t, tree.SteinerPoints(), ac.Steiner)
	assert.Positive(t, ac.Terminals)
	assert.LessOrEqual(t, ac.Wide, ac.Terminals)
	// The auto strategy returns points to near float64 accuracy; 1e-9 rad
	// is far above that and far below any real departure from 120°.
	assert.Less(t, ac.MaxDeviation, 1e-9)
}
