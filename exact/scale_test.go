package exact

import (
	"fmt"
	"math"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/fixture"
	"github.com/hypersteiner/hypersteiner/sll"
	"github.com/stretchr/testify/require"
)

// Near the origin the Klein model is Euclidean to second order: a point
// set of size s has hyperbolic distances |x − y|·(1 + O(s²)). So the
// hyperbolic optimum of OR-Library points (centred, scaled by 2^-k) is the
// Euclidean optimum × 2^-k to a relative O(4^-k), with the same topology
// once the scale is small: the relative difference must shrink about
// fourfold per halving.
func TestScaledTowardsOrigin(t *testing.T) {
	dir := fixture.Path(t, "estein")
	hyp := autoSpace(t)
	for _, inst := range []int{1, 2, 3} {
		pts := readXY(t, fmt.Sprintf("%s/estein10_%02d.txt", dir, inst))
		for i := range pts {
			pts[i] = hyperbolic.Point{X: pts[i].X - 0.5, Y: pts[i].Y - 0.5}
		}
		eu, err := Solve(pts, Options{Space: sll.Euclidean(), NoCertify: true})
		require.NoError(t, err)
		prev := math.NaN()
		for k := 2; k <= 6; k++ {
			s := math.Ldexp(1, -k)
			sc := make([]hyperbolic.Point, len(pts))
			for i, p := range pts {
				sc[i] = hyperbolic.Point{X: p.X * s, Y: p.Y * s}
			}
			h, err := Solve(sc, Options{Space: hyp, NoCertify: true})
			require.NoError(t, err)
			require.True(t, h.Complete)
			rel := h.Tree.Length/(eu.Tree.Length*s) - 1
			t.Logf("estein10_%02d, scale 2^-%d: hyperbolic/Euclidean − 1 = %.3e", inst, k, rel)
			// The hyperbolic length exceeds the Euclidean one (the Klein
			// metric dominates the Euclidean one), by well under s²/4
			// (points within 0.71·s of the origin; measured: 0.07–0.11·s²).
			require.Positive(t, rel)
			require.Less(t, rel, s*s/4, "scale 2^-%d", k)
			if k >= 3 {
				require.InDelta(t, 0.25, rel/prev, 0.01, "ratio of successive differences at 2^-%d", k)
				require.Equal(t, signature(eu.Tree), signature(h.Tree), "topology at 2^-%d", k)
			}
			prev = rel
		}
	}
}
