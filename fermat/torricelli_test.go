package fermat

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/plane"
	"github.com/stretchr/testify/require"
)

// unitSumBig returns |Σ (pᵢ − s)/|pᵢ − s|| at s, in 256-bit arithmetic from
// the exact float64 inputs: zero exactly at the Fermat point, and about
// δ/size for a point δ away from it.
func unitSumBig(s hyperbolic.Point, ps ...hyperbolic.Point) float64 {
	const prec = 256
	f := func(x float64) *big.Float { return new(big.Float).SetPrec(prec).SetFloat64(x) }
	sx, sy := f(0), f(0)
	for _, p := range ps {
		dx := new(big.Float).SetPrec(prec).Sub(f(p.X), f(s.X))
		dy := new(big.Float).SetPrec(prec).Sub(f(p.Y), f(s.Y))
		n2 := new(big.Float).SetPrec(prec).Mul(dx, dx)
		n2.Add(n2, new(big.Float).SetPrec(prec).Mul(dy, dy))
		n := new(big.Float).SetPrec(prec).Sqrt(n2)
		sx.Add(sx, new(big.Float).SetPrec(prec).Quo(dx, n))
		sy.Add(sy, new(big.Float).SetPrec(prec).Quo(dy, n))
	}
	x, _ := sx.Float64()
	y, _ := sy.Float64()
	return math.Hypot(x, y)
}

func TestTorricelliIsFermatPoint(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	found := 0
	for i := 0; i < 2000; i++ {
		scale := math.Pow(10, -6*rng.Float64())
		cx, cy := rng.Float64()*10-5, rng.Float64()*10-5
		pt := func() hyperbolic.Point {
			return hyperbolic.Point{X: cx + scale*rng.NormFloat64(), Y: cy + scale*rng.NormFloat64()}
		}
		a, b, c := pt(), pt(), pt()
		s, st := Torricelli{}.Fermat(a, b, c)
		exists := plane.EuclideanBelow120(b, a, c) && plane.EuclideanBelow120(a, b, c) && plane.EuclideanBelow120(a, c, b)
		if !exists {
			require.Equal(t, None, st)
			continue
		}
		require.Equal(t, Found, st, "triangle %v %v %v", a, b, c)
		found++
		// The sum of unit vectors is a dimensionless residual: moving s by
		// δ changes the unit vector towards pᵢ by about δ/|pᵢ − s|, so a
		// point correct to k·eps·|c| (the coordinates' own rounding) has a
		// residual up to 3k·eps·|c|/min|pᵢ − s|. k = 20 allows for the
		// closed form's few operations.
		minD := math.Min(math.Hypot(s.X-a.X, s.Y-a.Y), math.Min(math.Hypot(s.X-b.X, s.Y-b.Y), math.Hypot(s.X-c.X, s.Y-c.Y)))
		bound := 64 * 0x1p-53 * (math.Hypot(cx, cy) + scale) / minD
		require.LessOrEqual(t, unitSumBig(s, a, b, c), bound, "triangle %v %v %v", a, b, c)
	}
	require.Greater(t, found, 1000)
}

func TestTorricelliDegenerate(t *testing.T) {
	tests := []struct {
		name    string
		a, b, c hyperbolic.Point
	}{
		{"collinear", hyperbolic.Point{X: 0, Y: 0}, hyperbolic.Point{X: 1, Y: 0}, hyperbolic.Point{X: 2, Y: 0}},
		{"repeated vertex", hyperbolic.Point{X: 0, Y: 0}, hyperbolic.Point{X: 0, Y: 0}, hyperbolic.Point{X: 1, Y: 1}},
		{"obtuse 150°", hyperbolic.Point{X: 0, Y: 0}, hyperbolic.Point{X: 1, Y: 0}, hyperbolic.Point{X: -math.Sqrt(3) / 2, Y: 0.5}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, st := Torricelli{}.Fermat(tc.a, tc.b, tc.c)
			require.Equal(t, None, st)
		})
	}
}
