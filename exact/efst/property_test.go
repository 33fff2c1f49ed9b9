package efst

import (
	"math"
	"testing"

	"github.com/hypersteiner/hypersteiner/exact/fstcat"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// drawPoints draws distinct points of the 2⁻²⁴ grid in [0, 1)², often
// clustered or on lines (rapid favours small and repeated values).
// Clusters much finer than the coordinates' magnitude (say 1e-13 wide
// around 1) are left out: the generation stays exact there, but interval
// arithmetic on absolute coordinates then prunes little and is slow.
func drawPoints(t *rapid.T, nmin, nmax int) []hyperbolic.Point {
	n := rapid.IntRange(nmin, nmax).Draw(t, "n")
	seen := map[hyperbolic.Point]bool{}
	var pts []hyperbolic.Point
	coord := rapid.IntRange(0, 1<<24)
	for len(pts) < n {
		p := hyperbolic.Point{X: float64(coord.Draw(t, "x")) / (1 << 24), Y: float64(coord.Draw(t, "y")) / (1 << 24)}
		if !seen[p] {
			seen[p] = true
			pts = append(pts, p)
		}
	}
	return pts
}

// Scaling by a power of two scales every number of the generation and of
// the solution exactly: every decision is relative or exact.
func TestScalingExact(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		pts := drawPoints(rt, 2, 14)
		e := rapid.SampledFrom([]int{-40, -7, 3, 60}).Draw(rt, "e")
		s := math.Ldexp(1, e)
		scaled := make([]hyperbolic.Point, len(pts))
		for i, p := range pts {
			scaled[i] = hyperbolic.Point{X: p.X * s, Y: p.Y * s}
		}
		g1, err := Generate(pts, Options{})
		require.NoError(rt, err)
		g2, err := Generate(scaled, Options{})
		require.NoError(rt, err)
		require.Equal(rt, g1.Stats, g2.Stats)
		require.Len(rt, g2.FSTs, len(g1.FSTs))
		for i, f := range g1.FSTs {
			h := g2.FSTs[i]
			require.Equal(rt, f.Terminals, h.Terminals)
			require.Equal(rt, f.Edges, h.Edges)
			require.Equal(rt, f.Length*s, h.Length)
			require.Equal(rt, f.Lo*s, h.Lo)
			require.Equal(rt, f.Hi*s, h.Hi)
			for k, p := range f.Steiner {
				require.Equal(rt, [2]float64{p[0] * s, p[1] * s}, h.Steiner[k])
			}
		}
		t1, err := Solve(pts, Options{})
		require.NoError(rt, err)
		t2, err := Solve(scaled, Options{})
		require.NoError(rt, err)
		require.Equal(rt, t1.Length*s, t2.Length)
		require.Equal(rt, t1.LowerBound*s, t2.LowerBound)
		require.Equal(rt, t1.Edges, t2.Edges)
	})
}

// requireSameOptimum checks that two solutions of the same instance (up to
// an isometry or the order of the terminals) prove the same optimum: each
// is proved optimal within fstcat.DefaultRelGap, not to the last bit, so
// their certified ranges [LowerBound, UpperBound] must meet. (A run on
// nine terminals at scales from 1e-7 to 1 stopped at a proved gap of
// 1.4e-11, the same points in another order under 3e-15.)
func requireSameOptimum(t require.TestingT, a, b *Tree) {
	for _, tr := range []*Tree{a, b} {
		require.Equal(t, fstcat.Optimal, tr.Status)
		require.LessOrEqual(t, tr.Gap(), fstcat.DefaultRelGap)
	}
	require.LessOrEqual(t, a.LowerBound, b.UpperBound)
	require.LessOrEqual(t, b.LowerBound, a.UpperBound)
}

// Isometries that are exact in floating point (reflections in the axes and
// the diagonal, rotations by 90°) and a permutation of the terminals leave
// the optimal length unchanged.
func TestIsometryAndOrder(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		pts := drawPoints(rt, 3, 12)
		base, err := Solve(pts, Options{})
		require.NoError(rt, err)
		require.Equal(rt, base.SteinerPoints(), base.Certified)
		maps := []func(hyperbolic.Point) hyperbolic.Point{
			func(p hyperbolic.Point) hyperbolic.Point { return hyperbolic.Point{X: p.Y, Y: p.X} },
			func(p hyperbolic.Point) hyperbolic.Point { return hyperbolic.Point{X: -p.X, Y: p.Y} },
			func(p hyperbolic.Point) hyperbolic.Point { return hyperbolic.Point{X: -p.Y, Y: p.X} },
		}
		for _, f := range maps {
			q := make([]hyperbolic.Point, len(pts))
			for i, p := range pts {
				q[i] = f(p)
			}
			tr, err := Solve(q, Options{})
			require.NoError(rt, err)
			requireSameOptimum(rt, base, tr)
		}
		perm := rapid.Permutation(pts).Draw(rt, "perm")
		tr, err := Solve(perm, Options{})
		require.NoError(rt, err)
		requireSameOptimum(rt, base, tr)
	})
}
