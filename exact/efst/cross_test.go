package efst

import (
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/hypersteiner/hypersteiner/exact"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/sll"
	"github.com/stretchr/testify/require"
)

// The concatenation of generated FSTs against package exact's branch and
// bound over all full topologies (an independent method, certified to
// 1e-10): random instances of up to 10 points — uniform, clustered at
// several scales, on a coarse grid, near a circle — the first 8 points of
// OR-Library instances, and a grid instance that caught a wrong pruning
// rule.
func TestAgainstBranchAndBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 19))
	sets := [][]hyperbolic.Point{
		{{X: 0, Y: 1}, {X: 3, Y: 2}, {X: 2, Y: 1}, {X: 2, Y: 0}, {X: 1, Y: 2}, {X: 2, Y: 4}},
	}
	for i := range 80 {
		n := 3 + rng.IntN(8)
		seen := map[hyperbolic.Point]bool{}
		var pts []hyperbolic.Point
		for len(pts) < n {
			var p hyperbolic.Point
			switch i % 4 {
			case 0:
				p = hyperbolic.Point{X: rng.Float64(), Y: rng.Float64()}
			case 1:
				s := math.Pow(10, -float64(rng.IntN(6)))
				p = hyperbolic.Point{X: float64(rng.IntN(2)) + s*rng.Float64(), Y: s * rng.Float64()}
			case 2:
				p = hyperbolic.Point{X: float64(rng.IntN(5)), Y: float64(rng.IntN(5))}
			default:
				a := rng.Float64() * 2 * math.Pi
				p = hyperbolic.Point{X: math.Cos(a), Y: math.Sin(a)}
			}
			if !seen[p] {
				seen[p] = true
				pts = append(pts, p)
			}
		}
		sets = append(sets, pts)
	}
	for k := 1; k <= 4; k++ {
		pts := readXY(t, filepath.Join(esteinDir, fmt.Sprintf("estein20_%02d.txt", k)))
		sets = append(sets, pts[:8])
	}
	for i, pts := range sets {
		want, err := exact.Solve(pts, exact.Options{Space: sll.Euclidean()})
		require.NoError(t, err)
		require.LessOrEqual(t, want.Gap(), 1e-10)
		got, err := Solve(pts, Options{})
		require.NoError(t, err)
		checkTree(t, pts, got)
		require.InEpsilon(t, want.Tree.Length, got.Length, 1e-12, "set %d (n = %d)", i, len(pts))
	}
}
