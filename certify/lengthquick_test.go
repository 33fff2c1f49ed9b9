package certify

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// randInDisk is a point uniform in the disk of radius r about the origin.
func randInDisk(rng *rand.Rand, r float64) hyperbolic.Point {
	rho, th := r*math.Sqrt(rng.Float64()), 2*math.Pi*rng.Float64()
	return hyperbolic.Point{X: rho * math.Cos(th), Y: rho * math.Sin(th)}
}

// sinhSq is within sinhSqErr of sinh²x (big.Float reference: the series
// to 40 terms at 200 bits, far beyond its tail).
func TestSinhSq(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 1))
	for range 2000 {
		x := math.Ldexp(0.5+0.5*rng.Float64(), -rng.IntN(300))
		if x > 0.5 {
			x = 0.5
		}
		const prec = 200
		xf := new(big.Float).SetPrec(prec).SetFloat64(x)
		z := new(big.Float).SetPrec(prec).Mul(xf, xf)
		sum, term := new(big.Float).SetPrec(prec).SetInt64(1), new(big.Float).SetPrec(prec).SetInt64(1)
		for k := 1; k < 40; k++ {
			term.Mul(term, z)
			term.Quo(term, new(big.Float).SetInt64(int64(2*k*(2*k+1))))
			sum.Add(sum, term)
		}
		ref := new(big.Float).SetPrec(prec).Mul(z, sum)
		ref.Mul(ref, sum)
		got := new(big.Float).SetPrec(prec).SetFloat64(sinhSq(x))
		rel := new(big.Float).SetPrec(prec).Sub(got, ref)
		rel.Quo(rel.Abs(rel), ref)
		r, _ := rel.Float64()
		require.LessOrEqual(t, r, sinhSqErr/2, "x = %g", x) // the bound is twice the analysis
	}
}

// Whatever HyperbolicLengthQuick proves about a stored length holds: the 200-bit
// enclosure of the distance lies in the interval it returns, on pairs of
// points anywhere in the disk (up to 1e-12 from the boundary), short and
// long, with stored lengths the distance rounded and moved by amounts
// around the accuracy it proves. It proves the correctly rounded length
// of pairs away from the boundary.
func TestHyperbolicLengthQuick(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 1))
	g := HyperbolicGeometry
	proved, rounded := 0, 0
	for i := range 3000 {
		var p, q hyperbolic.Point
		switch i % 3 {
		case 0: // anywhere
			p, q = randInDisk(rng, 0.99), randInDisk(rng, 0.99)
		case 1: // short, anywhere
			p = randInDisk(rng, 0.9)
			q = hyperbolic.Point{X: p.X + math.Ldexp(rng.NormFloat64(), -rng.IntN(60)), Y: p.Y + math.Ldexp(rng.NormFloat64(), -rng.IntN(60))}
		default: // short, near the boundary
			th := 2 * math.Pi * rng.Float64()
			rad := 1 - math.Pow(10, -3-9*rng.Float64())
			p = hyperbolic.Point{X: rad * math.Cos(th), Y: rad * math.Sin(th)}
			q = hyperbolic.Point{X: p.X * (1 - 1e-6*rng.Float64()), Y: p.Y * (1 - 1e-6*rng.Float64())}
		}
		if p.Check() != nil || q.Check() != nil || p == q {
			continue
		}
		var ref Interval
		_, err := g.Dist(&ref, p, q, 200)
		require.NoError(t, err)
		l, _ := ref.Lo.Float64()
		for _, rel := range []float64{0, 1e-16, -1e-16, 2e-14, -2e-14, 2.8e-14, -2.8e-14, 3e-14, -3e-14, 1e-13} {
			x := l * (1 + rel)
			lo, hi, ok := HyperbolicLengthQuick(p, q, x)
			if !ok {
				continue
			}
			proved++
			if rel == 0 && x <= 0.5 && 1-p.X*p.X-p.Y*p.Y > 0.1 && 1-q.X*q.X-q.Y*q.Y > 0.1 {
				rounded++
			}
			require.LessOrEqual(t, new(big.Float).SetFloat64(lo).Cmp(&ref.Lo), 0, "%v %v x=%g", p, q, x)
			require.GreaterOrEqual(t, new(big.Float).SetFloat64(hi).Cmp(&ref.Hi), 0, "%v %v x=%g", p, q, x)
			require.Less(t, math.Abs(rel), 2.9e-14) // beyond lengthT = 2⁻⁴⁵ ≈ 2.84e-14: never
		}
	}
	t.Logf("%d stored lengths proved, %d of them rounded distances", proved, rounded)
	require.Greater(t, rounded, 500)
}
