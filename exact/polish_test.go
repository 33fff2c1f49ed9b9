package exact

import (
	"encoding/json"
	"math"
	"os"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/fixture"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// stuckCluster is a full topology of 22 terminals (G(0, 0.5), the gap
// preset's instance k = 3 at n = 22) with the Steiner positions polishing
// left it at: Steiner points 1 and 16 coincide, 4·10⁻⁹ from terminal 4,
// each alone at its best. Its subgradient bound was 0.735 for a length of
// 6.266, and the finished search reported that as its lower bound.
func stuckCluster(t *testing.T) (*solver, *node) {
	t.Helper()
	b, err := os.ReadFile(fixture.Path(t, "exact/stuck-cluster.json"))
	require.NoError(t, err)
	var d struct {
		Term  []hyperbolic.Point
		Ord   []int32
		Edges [][2]int32
		Nbr   [][3]int32
		St    []hyperbolic.Point
		Scale float64
	}
	require.NoError(t, json.Unmarshal(b, &d))
	g, err := newGeom(autoSpace(t))
	require.NoError(t, err)
	s := &solver{g: g, term: d.Term, ord: d.Ord, ub: math.Inf(1), lbMin: math.Inf(1), scale: d.Scale}
	nd := &node{ord: d.Ord, edges: d.Edges, nbr: d.Nbr, st: d.St}
	nd.f = s.length(nd)
	return s, nd
}

// TestPolishStuckCluster: polishing the stuck topology moves the
// coincident pair onto the terminal together and proves its length to
// ProvedGap (the bound the search can then report); the smoothed relaxation from the same positions,
// whose Newton steps left the model's region at ε = 10⁻⁸ of the diameter
// (the bound was −17), reaches a bound within 10⁻⁷ of it.
func TestPolishStuckCluster(t *testing.T) {
	s, nd := stuckCluster(t)
	before := s.lower(nd)
	require.Less(t, before, 0.2*nd.f, "the fixture is no longer stuck")
	s.polish(nd)
	t.Logf("polish: length %.15g, bound %.15g (was %.15g)", nd.f, nd.lb, before)
	require.LessOrEqual(t, nd.lb, nd.f)
	require.GreaterOrEqual(t, nd.lb, nd.f*(1-ProvedGap))

	s, sm := stuckCluster(t)
	require.False(t, s.relax(sm, true))
	t.Logf("relax: length %.15g, bound %.15g", sm.f, sm.lb)
	require.GreaterOrEqual(t, sm.lb, sm.f*(1-1e-7))
	// Each bound is below every length the other reached.
	require.LessOrEqual(t, sm.lb, nd.f)
	require.LessOrEqual(t, nd.lb, sm.f)
}

// TestPolishCrossingCluster: the topology of four terminals that pairs
// the ends of two crossing geodesics, a–c and b–d, has its minimum with
// both Steiner points at the crossing, where its length is d(a, c) +
// d(b, d) (the triangle inequality on each pair). Started with the two
// points coincident a little off the crossing, where each alone is at its
// best (its angle between its terminals is above 120°), polishing must
// move them together (neither sweeps nor snapping to a terminal does),
// and its bound must reach the exact length.
func TestPolishCrossingCluster(t *testing.T) {
	g, err := newGeom(autoSpace(t))
	require.NoError(t, err)
	rapid.Check(t, func(rt *rapid.T) {
		// The crossing x and the two chords of the Klein disk through it
		// (its geodesics), a–c and b–d, at an angle of at least 0.5.
		x := hyperbolic.Point{X: rapid.Float64Range(-0.3, 0.3).Draw(rt, "x"), Y: rapid.Float64Range(-0.3, 0.3).Draw(rt, "y")}
		th := rapid.Float64Range(0, math.Pi).Draw(rt, "theta")
		phi := th + rapid.Float64Range(0.5, math.Pi-0.5).Draw(rt, "phi")
		along := func(name string, angle float64) hyperbolic.Point {
			r := rapid.Float64Range(0.05, 0.55).Draw(rt, name) // |x| + r < 0.98: inside the disk
			return hyperbolic.Point{X: x.X + r*math.Cos(angle), Y: x.Y + r*math.Sin(angle)}
		}
		a, c := along("a", th), along("c", th+math.Pi)
		b, d := along("b", phi), along("d", phi+math.Pi)
		off := rapid.Float64Range(1e-9, 1e-3).Draw(rt, "offset")
		dir := rapid.Float64Range(0, 2*math.Pi).Draw(rt, "direction")
		p := hyperbolic.Point{X: x.X + off*math.Cos(dir), Y: x.Y + off*math.Sin(dir)}
		s := &solver{g: g, term: []hyperbolic.Point{a, b, c, d}, ord: []int32{0, 1, 2, 3}, ub: math.Inf(1), lbMin: math.Inf(1)}
		nd := &node{ord: s.ord,
			edges: [][2]int32{{0, 4}, {2, 4}, {4, 5}, {1, 5}, {3, 5}},
			nbr:   [][3]int32{{0, 2, 5}, {1, 3, 4}},
			st:    []hyperbolic.Point{p, p}}
		nd.f = s.length(nd)
		exact := g.dist(a, c) + g.dist(b, d)
		s.polish(nd)
		require.InDelta(rt, exact, nd.f, 1e-14*exact)
		require.LessOrEqual(rt, nd.lb, exact*(1+1e-15), "the bound is above the minimum")
		require.GreaterOrEqual(rt, nd.lb, exact*(1-ProvedGap))
	})
}
