package plane

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
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

// TestBitRange checks the bit-level exponents against their definition by
// math.Frexp and the significand's trailing zeros, on normal, subnormal
// and boundary values of both signs.
func TestBitRange(t *testing.T) {
	ref := func(c float64) (int, int) {
		frac, e := math.Frexp(math.Abs(c))
		m := uint64(math.Ldexp(frac, 53))
		tz := 0
		for m&1 == 0 {
			m >>= 1
			tz++
		}
		return e, e - 53 + tz
	}
	vals := []float64{1, 0.5, 0.75, 3, math.MaxFloat64, math.SmallestNonzeroFloat64, 0x1p-1022, 0x1p-1023, 0x1.8p-1060, 0x1.fffffffffffffp-1022, 1e-300, 1e300, 0.1}
	r := rand.New(rand.NewPCG(7, 0))
	for range 2000 {
		vals = append(vals, math.Float64frombits(r.Uint64()&^(1<<63)))
	}
	for _, v := range vals {
		for _, c := range []float64{v, -v} {
			first, last, ok := bitRange(c)
			if math.IsNaN(c) || math.IsInf(c, 0) || c == 0 {
				assert.False(t, ok, "%g", c)
				continue
			}
			require.True(t, ok, "%g", c)
			wantFirst, wantLast := ref(c)
			assert.Equal(t, wantFirst, first, "first bit of %g", c)
			assert.Equal(t, wantLast, last, "last bit of %g", c)
		}
	}
	for _, c := range []float64{0, math.Inf(1), math.Inf(-1), math.NaN()} {
		_, _, ok := bitRange(c)
		assert.False(t, ok, "%g", c)
	}
}
