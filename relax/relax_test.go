package relax_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/plane"
	"github.com/hypersteiner/hypersteiner/relax"
	"github.com/stretchr/testify/require"
)

// star is one free point joined to three fixed ones.
type star struct {
	pl    plane.Plane
	s     hyperbolic.Point
	fixed [3]hyperbolic.Point
}

func (g *star) Len() int                 { return 1 }
func (g *star) Pos(int) hyperbolic.Point { return g.s }
func (g *star) Neighbors(_ int, visit func(int, hyperbolic.Point, float64)) {
	for _, p := range g.fixed {
		visit(-1, p, g.pl.Dist(g.s, p))
	}
}

// Newton steps on one free point converge to the Fermat point of its
// three neighbours, in both planes: the relaxation's gradient and Hessian
// (plane.Plane's frames and DistHessian) are those of the tree's length.
func TestNewtonFindsFermatPoints(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	cases := 0
	for _, c := range []struct {
		pl plane.Plane
		s  fermat.Solver
	}{{plane.Hyperbolic, fermat.Newton{}}, {plane.Euclidean, fermat.Torricelli{}}} {
		for trial := 0; trial < 200; trial++ {
			var g star
			g.pl = c.pl
			for i := range g.fixed {
				r, th := 0.8*math.Sqrt(rng.Float64()), 2*math.Pi*rng.Float64()
				g.fixed[i] = hyperbolic.Point{X: r * math.Cos(th), Y: r * math.Sin(th)}
			}
			want, st := c.s.Fermat(g.fixed[0], g.fixed[1], g.fixed[2])
			if st != fermat.Found {
				continue
			}
			// Start near the answer, within Newton's basin: a small fraction
			// of the distance to the nearest neighbour (the length has a
			// cone point there), as the callers' sweeps do.
			near := math.Inf(1)
			for _, p := range g.fixed {
				near = min(near, math.Hypot(p.X-want.X, p.Y-want.Y))
			}
			g.s = hyperbolic.Point{X: want.X + 0.01*near*rng.NormFloat64(), Y: want.Y + 0.01*near*rng.NormFloat64()}
			var w relax.Work
			for it := 0; it < 30; it++ {
				step, minEdge, ok := w.Direction(c.pl, &g)
				require.True(t, ok)
				if step <= 1e-15*minEdge {
					break
				}
				require.True(t, w.Move(c.pl, &g, 1))
				g.s = w.Trial[0]
			}
			require.Less(t, c.pl.Dist(g.s, want), 1e-12, "%s: %v", c.pl.Name(), g.fixed)
			cases++
		}
	}
	require.Greater(t, cases, 200)
}
