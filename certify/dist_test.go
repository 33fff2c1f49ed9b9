package certify

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/bigref"
)

// distRef is d(p, q) at 400 bits, independently of dist.go (bigref.Dist:
// sinh²d exactly from the Lorentz form, not the difference form). Its
// error, far below 2⁻³⁰⁰ relative for the distances here (≥ 1e-12), is
// negligible against float64 and 256-bit enclosures.
func distRef(p, q hyperbolic.Point) *big.Float { return bigref.Dist(p, q, 400) }

func distCases(rng *rand.Rand) [][2]hyperbolic.Point {
	var out [][2]hyperbolic.Point
	for i := range 300 {
		switch i % 4 {
		case 0:
			out = append(out, [2]hyperbolic.Point{randDisk(rng, 0.99), randDisk(rng, 0.99)})
		case 1: // near the boundary, both ways
			var pq [2]hyperbolic.Point
			for j := range pq {
				th := 2 * math.Pi * rng.Float64()
				rr := 1 - math.Pow(10, -1-9*rng.Float64())
				pq[j] = hyperbolic.Point{X: rr * math.Cos(th), Y: rr * math.Sin(th)}
			}
			out = append(out, pq)
		case 2: // tiny edges
			p := randDisk(rng, 0.99)
			d := randDisk(rng, 1e-9)
			out = append(out, [2]hyperbolic.Point{p, {X: p.X + d.X, Y: p.Y + d.Y}})
		case 3: // moderate
			p := randDisk(rng, 0.5)
			d := randDisk(rng, 0.3)
			out = append(out, [2]hyperbolic.Point{p, {X: p.X + d.X, Y: p.Y + d.Y}})
		}
	}
	return out
}

func TestDistEnclosesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	var z Interval
	w := new(big.Float).SetPrec(64)
	for _, pq := range distCases(rng) {
		p, q := pq[0], pq[1]
		if p == q || p.Check() != nil || q.Check() != nil {
			continue
		}
		ref := distRef(p, q)
		d, err := Dist64(p, q)
		require.NoError(t, err)
		lo, hi := new(big.Float).SetFloat64(d.Lo), new(big.Float).SetFloat64(d.Hi)
		require.True(t, lo.Cmp(ref) <= 0 && ref.Cmp(hi) <= 0, "d(%v, %v) = %v ∉ %v", p, q, ref, d)
		// Relative width: a few ulps in the interior; near the boundary the
		// terms of sinh²d carry an absolute error ~ε·|x||δ| against a sum
		// ≥ |δ|²(1 − |x|²), which widens the enclosure by up to
		// ε/√(1 − |x|²) relative (see SinhSqDist64).
		m := max(math.Hypot(p.X, p.Y), math.Hypot(q.X, q.Y))
		allowed := 64 * 0x1p-52 / math.Sqrt(1-m*m)
		assert.LessOrEqual(t, (d.Hi-d.Lo)/d.Hi, allowed, "d(%v, %v): %v", p, q, d)
		assert.InDelta(t, hyperbolic.Dist(p, q), d.Mid(), 1e-9*d.Mid()+1e-300, "agrees with the float64 distance")

		_, err = z.Dist(p, q, 256)
		require.NoError(t, err)
		require.True(t, z.Contains(ref), "256 bits: d(%v, %v) = %v ∉ %v", p, q, ref, z.String())
		z.Width(w)
		rw, _ := w.Float64()
		rl, _ := ref.Float64()
		assert.Less(t, rw/rl, 1e-70, "256-bit width, d(%v, %v)", p, q)
	}
}

func TestDistEdgeCases(t *testing.T) {
	p := hyperbolic.Point{X: 0.3, Y: -0.4}
	d, err := Dist64(p, p)
	require.NoError(t, err)
	assert.Equal(t, Interval64{0, 0}, d)
	var z Interval
	_, err = z.Dist(p, p, 128)
	require.NoError(t, err)
	assert.Equal(t, 0, z.Lo.Sign())
	assert.Equal(t, 0, z.Hi.Sign())
	for _, bad := range []hyperbolic.Point{{X: 1}, {X: math.NaN()}, {Y: math.Inf(-1)}} {
		_, err := Dist64(p, bad)
		assert.Error(t, err)
		_, err = z.Dist(bad, p, 128)
		assert.Error(t, err)
	}
	_, err = AsinhSqrt64(Interval64{-1, 1})
	assert.ErrorIs(t, err, ErrDomain)
	_, err = SinhSqDist64(p, p, Interval64{0, 1}, Interval64{1, 1})
	assert.ErrorIs(t, err, ErrDomain)
	// symmetric
	q := hyperbolic.Point{X: -0.7, Y: 0.1}
	a, _ := Dist64(p, q)
	b, _ := Dist64(q, p)
	assert.True(t, a.Hi >= b.Lo && b.Hi >= a.Lo)
}

// The length of a path as the sum of certified edges contains the
// 400-bit sum (the enclosure of a sum is the sum of enclosures).
func TestPathLengthEncloses(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	pts := make([]hyperbolic.Point, 500)
	for i := range pts {
		pts[i] = randDisk(rng, 0.999)
	}
	ref := new(big.Float).SetPrec(400)
	lo := new(big.Float).SetPrec(128).SetMode(big.ToNegativeInf)
	hi := new(big.Float).SetPrec(128).SetMode(big.ToPositiveInf)
	for i := 1; i < len(pts); i++ {
		ref.Add(ref, distRef(pts[i-1], pts[i]))
		d, err := Dist64(pts[i-1], pts[i])
		require.NoError(t, err)
		lo.Add(lo, new(big.Float).SetFloat64(d.Lo))
		hi.Add(hi, new(big.Float).SetFloat64(d.Hi))
	}
	assert.True(t, lo.Cmp(ref) <= 0 && ref.Cmp(hi) <= 0)
}
