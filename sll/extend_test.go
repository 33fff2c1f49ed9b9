package sll_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/plane"
	"github.com/hypersteiner/hypersteiner/sll"
	"github.com/stretchr/testify/require"
)

// counting is a strategy written outside package fermat: it answers with
// the newton strategy's point and counts the problems it was asked.
type counting struct {
	name  string
	calls *atomic.Int64
}

func (c counting) Name() string { return c.name }
func (c counting) Fermat(a, b, c3 hyperbolic.Point) (hyperbolic.Point, fermat.Status) {
	c.calls.Add(1)
	return fermat.Newton{}.Fermat(a, b, c3)
}

// A strategy from outside the module is registered by name and then asked
// every local problem of the pipeline: each 3-terminal Fermat point, and
// each 4-terminal tree through the alternation built from it.
func ExampleRegister() {
	calls := new(atomic.Int64)
	if err := fermat.Register(counting{"counting", calls}); err != nil {
		fmt.Println(err)
		return
	}
	s, _ := fermat.ByName("counting")
	pts, _ := hyperbolic.SampleWrappedGaussian(rand.New(rand.NewPCG(1, 0)), 200, hyperbolic.Point{}, 0.5)
	tree, err := sll.Build(pts, sll.Options{Space: sll.Hyperbolic(s)})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("solver:", tree.Solver)
	// Stats.FermatSolves counts the solves of the 3- and 4-terminal
	// problems; the 4-terminal Steiner points are passed through the
	// strategy once more when they join the tree (so that a certifying
	// strategy certifies them too).
	fmt.Println("every local problem went to the strategy:", calls.Load() >= int64(tree.Stats.FermatSolves) && tree.Stats.FermatSolves > 0)
	fmt.Println("4-terminal trees built from it:", tree.FST4 > 0)
	// Output:
	// solver: counting
	// every local problem went to the strategy: true
	// 4-terminal trees built from it: true
}

// scaledPlane is a third plane, written outside package plane: the
// Euclidean plane with its metric scaled by 3 (distances three times the
// Euclidean ones). Its orthonormal frames have vectors of coordinate length
// 1/3; angles, and so the Fermat points and the 120° predicates, are the
// Euclidean ones.
type scaledPlane struct{ plane.Plane }

const metricScale = 3

func (scaledPlane) Name() string                    { return "euclidean×3" }
func (scaledPlane) Model() string                   { return "euclidean×3" }
func (s scaledPlane) Dist(p, q plane.Point) float64 { return metricScale * s.Plane.Dist(p, q) }
func (s scaledPlane) DistKey(p, q plane.Point) float64 {
	return metricScale * metricScale * s.Plane.DistKey(p, q)
}
func (s scaledPlane) Exp(x plane.Point, v plane.Vector) (plane.Point, bool) {
	return s.Plane.Exp(x, plane.Vector{X: v.X / metricScale, Y: v.Y / metricScale})
}
func (s scaledPlane) Resolution(p plane.Point) float64 { return metricScale * s.Plane.Resolution(p) }

// The pipeline, its re-optimisation and the plane's MST run on a plane
// they have never heard of, through plane.Plane alone: the tree is the
// Euclidean one, with every length three times as long.
func TestThirdPlane(t *testing.T) {
	pts, err := hyperbolic.SampleUniformDisk(rand.New(rand.NewPCG(3, 3)), 300)
	require.NoError(t, err)
	third := sll.NewSpace(scaledPlane{plane.Euclidean}, fermat.Torricelli{})
	for _, reopt := range []bool{false, true} {
		want, err := sll.Build(pts, sll.Options{Space: sll.Euclidean(), Reoptimize: reopt})
		require.NoError(t, err)
		got, err := sll.Build(pts, sll.Options{Space: third, Reoptimize: reopt})
		require.NoError(t, err)
		require.Equal(t, "euclidean×3", got.Space)
		require.Equal(t, want.Edges, got.Edges, "reopt %v", reopt)
		require.Greater(t, got.SteinerPoints(), 50)
		for i, v := range want.Vertices {
			// The 4-terminal alternation stops within 1e-14 of the local
			// MST's length, which the planes measure differently.
			require.InDelta(t, v.X, got.Vertices[i].X, 1e-12)
			require.InDelta(t, v.Y, got.Vertices[i].Y, 1e-12)
		}
		require.InEpsilon(t, metricScale*want.Length, got.Length, 1e-13)
		require.InEpsilon(t, metricScale*want.MSTLength, got.MSTLength, 1e-14)
		require.False(t, math.IsNaN(got.RED()))
	}
}
