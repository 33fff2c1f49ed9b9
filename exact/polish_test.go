package exact

import (
	"encoding/json"
	"math"
	"os"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/fixture"
	"github.com/stretchr/testify/require"
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
