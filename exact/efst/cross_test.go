package efst

import (
	"fmt"
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
// 1e-10): random instances of up to 10 points and the first 8 points of
// OR-Library instances.
func TestAgainstBranchAndBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 19))
	var sets [][]hyperbolic.Point
	for range 40 {
		n := 3 + rng.IntN(8)
		pts := make([]hyperbolic.Point, n)
		for i := range pts {
			pts[i] = hyperbolic.Point{X: rng.Float64(), Y: rng.Float64()}
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
