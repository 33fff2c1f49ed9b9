package plane

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestEuclideanBelow120MatchesExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 20000; i++ {
		// Points near the 120° configuration: no float64 triangle has an
		// angle of exactly 120° (that needs √3), but many are within an ulp.
		r1, r2 := 0.1+rng.Float64(), 0.1+rng.Float64()
		th := rng.Float64() * 2 * math.Pi
		dth := 2*math.Pi/3 + (rng.Float64()-0.5)*1e-14*float64(i%3)
		v := Point{X: rng.Float64() - 0.5, Y: rng.Float64() - 0.5}
		p := Point{X: v.X + r1*math.Cos(th), Y: v.Y + r1*math.Sin(th)}
		q := Point{X: v.X + r2*math.Cos(th+dth), Y: v.Y + r2*math.Sin(th+dth)}
		require.Equal(t, euclideanBelow120Exact(p, v, q), EuclideanBelow120(p, v, q), "%v %v %v", p, v, q)
	}
}
