package plane_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/plane"
)

// A KeyDister's DistOfKey gives Dist from DistKey to the bit, in either
// order of the points, on random pairs: near each other, far apart, near
// the boundary.
func TestDistOfKey(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	tested := 0
	for _, pl := range []plane.Plane{plane.Hyperbolic, plane.Euclidean} {
		kd, ok := pl.(plane.KeyDister)
		if !ok {
			continue
		}
		tested++
		for range 100000 {
			var p, q hyperbolic.Point
			for _, x := range []*hyperbolic.Point{&p, &q} {
				a, r := 2*math.Pi*rng.Float64(), 1-math.Pow(10, -15*rng.Float64())
				*x = hyperbolic.Point{X: r * math.Cos(a), Y: r * math.Sin(a)}
			}
			if rng.IntN(2) == 0 {
				q = hyperbolic.Point{X: p.X * (1 - math.Ldexp(rng.Float64(), -rng.IntN(40))), Y: p.Y}
			}
			d := math.Float64bits(pl.Dist(p, q))
			require.Equal(t, d, math.Float64bits(kd.DistOfKey(pl.DistKey(p, q))), "%s %v %v", pl.Name(), p, q)
			require.Equal(t, d, math.Float64bits(kd.DistOfKey(pl.DistKey(q, p))), "%s %v %v", pl.Name(), q, p)
		}
	}
	require.Equal(t, 1, tested, "the hyperbolic plane is a KeyDister")
}
