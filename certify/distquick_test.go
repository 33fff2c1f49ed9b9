package certify

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// requireEncloses checks that a quick enclosure holds the 400-bit
// reference and is as tight as it claims.
func requireEncloses(t require.TestingT, d Interval64, ref *big.Float, what string) {
	lo, hi := new(big.Float).SetFloat64(d.Lo), new(big.Float).SetFloat64(d.Hi)
	require.True(t, lo.Cmp(ref) <= 0 && ref.Cmp(hi) <= 0, "%s = %v ∉ %v", what, ref, d)
	require.LessOrEqual(t, d.Hi-d.Lo, quickTight*d.Hi, "%s: %v", what, d)
}

// The quick enclosure holds the independent 400-bit distance wherever it
// answers, and answers on edges of the sizes a tree has away from the
// ideal boundary.
func TestDistQuickEnclosesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	g := HyperbolicGeometry.(QuickDist)
	cases := distCases(rng)
	for range 300 { // edges of a Delaunay triangulation of 10²–10⁷ points
		p := randDisk(rng, 0.9)
		d := randDisk(rng, math.Pow(10, -1-6*rng.Float64()))
		cases = append(cases, [2]hyperbolic.Point{p, {X: p.X + d.X, Y: p.Y + d.Y}})
	}
	answered := 0
	for i, pq := range cases {
		p, q := pq[0], pq[1]
		if p.Check() != nil || q.Check() != nil {
			continue
		}
		d, ok := g.DistQuick(p, q)
		if p == q {
			require.True(t, ok)
			require.Equal(t, Interval64{}, d)
			continue
		}
		if !ok {
			require.Less(t, i, 300, "no answer for an edge of a tree's size at %v, %v", p, q)
			continue
		}
		answered++
		requireEncloses(t, d, distRef(p, q), "d(p, q)")
	}
	t.Logf("%d of %d answered", answered, len(cases))
	assert.Greater(t, answered, 500)
}

// The same on points drawn by rapid, down to tiny edges and up to the
// ideal boundary: never a wrong enclosure, whatever it declines.
func TestDistQuickProperty(t *testing.T) {
	g := HyperbolicGeometry.(QuickDist)
	rapid.Check(t, func(t *rapid.T) {
		r := 1 - math.Pow(2, -rapid.Float64Range(0.1, 40).Draw(t, "depth"))
		th := rapid.Float64Range(0, 2*math.Pi).Draw(t, "theta")
		p := hyperbolic.Point{X: r * math.Cos(th), Y: r * math.Sin(th)}
		size := math.Pow(2, -rapid.Float64Range(0, 60).Draw(t, "size"))
		phi := rapid.Float64Range(0, 2*math.Pi).Draw(t, "phi")
		q := hyperbolic.Point{X: p.X + size*math.Cos(phi), Y: p.Y + size*math.Sin(phi)}
		if p == q || q.Check() != nil || p.Check() != nil {
			return
		}
		if d, ok := g.DistQuick(p, q); ok {
			requireEncloses(t, d, distRef(p, q), "d(p, q)")
		}
	})
}

func TestDistQuickEuclidean(t *testing.T) {
	g := EuclideanGeometry.(QuickDist)
	ref := func(p, q hyperbolic.Point) *big.Float {
		dx := new(big.Float).SetPrec(400).Sub(new(big.Float).SetFloat64(q.X), new(big.Float).SetFloat64(p.X))
		dy := new(big.Float).SetPrec(400).Sub(new(big.Float).SetFloat64(q.Y), new(big.Float).SetFloat64(p.Y))
		dx.Mul(dx, dx)
		dy.Mul(dy, dy)
		return dx.Sqrt(dx.Add(dx, dy))
	}
	rapid.Check(t, func(t *rapid.T) {
		scale := math.Pow(2, rapid.Float64Range(-600, 600).Draw(t, "scale"))
		p := hyperbolic.Point{X: scale * rapid.Float64Range(-1, 1).Draw(t, "px"), Y: scale * rapid.Float64Range(-1, 1).Draw(t, "py")}
		q := hyperbolic.Point{X: scale * rapid.Float64Range(-1, 1).Draw(t, "qx"), Y: scale * rapid.Float64Range(-1, 1).Draw(t, "qy")}
		d, ok := g.DistQuick(p, q)
		if p == q {
			require.True(t, ok)
			require.Equal(t, Interval64{}, d)
			return
		}
		if ok {
			requireEncloses(t, d, ref(p, q), "|pq|")
		} else {
			require.False(t, scale > 0x1p-390 && scale < 0x1p390 && max(math.Abs(q.X-p.X), math.Abs(q.Y-p.Y)) > scale*0x1p-8,
				"no answer at a well-scaled pair %v, %v", p, q)
		}
	})
}

func BenchmarkDistQuick(b *testing.B) {
	rng := rand.New(rand.NewPCG(23, 24))
	var pq [][2]hyperbolic.Point
	for range 1024 {
		p := randDisk(rng, 0.9)
		d := randDisk(rng, 0.01)
		pq = append(pq, [2]hyperbolic.Point{p, {X: p.X + d.X, Y: p.Y + d.Y}})
	}
	g := HyperbolicGeometry.(QuickDist)
	b.Run("quick", func(b *testing.B) {
		for i := range b.N {
			e := pq[i%len(pq)]
			g.DistQuick(e[0], e[1])
		}
	})
	b.Run("Dist64", func(b *testing.B) {
		for i := range b.N {
			e := pq[i%len(pq)]
			Dist64(e[0], e[1]) //nolint:errcheck
		}
	})
}

// TestAtanhCoef checks the constant table against the arithmetic it
// stands for: 1/(2k+1) rounded to nearest, and uRound times that.
func TestAtanhCoef(t *testing.T) {
	for k, c := range atanhCoef {
		v := 1 / float64(2*k+1)
		require.Equal(t, rv{v, uRound * v}, c, "k = %d", k)
	}
}
