package plane

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// CoincideChord decides as Coincide on the computed distance, on pairs
// from far apart down to a few ulps, at scales around their distance.
func TestCoincideChord(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := rapid.Float64Range(0, 0.999).Draw(t, "r")
		th := rapid.Float64Range(0, 2*math.Pi).Draw(t, "theta")
		s := Point{X: r * math.Cos(th), Y: r * math.Sin(th)}
		ulps := math.Pow(2, rapid.Float64Range(0, 60).Draw(t, "ulps"))
		phi := rapid.Float64Range(0, 2*math.Pi).Draw(t, "phi")
		step := ulps * eps * max(math.Abs(s.X), math.Abs(s.Y), 0x1p-60)
		o := Point{X: s.X + step*math.Cos(phi), Y: s.Y + step*math.Sin(phi)}
		if o.Check() != nil {
			return
		}
		for _, pl := range []Plane{Hyperbolic, Euclidean} {
			d := pl.Dist(s, o)
			scale := d / (coincideUlps * eps) * math.Pow(2, rapid.Float64Range(-3, 3).Draw(t, "scale"))
			require.Equal(t, Coincide(pl, s, o, d, scale), CoincideChord(pl, s, o, scale), "%s: %v, %v, scale %v", pl.Name(), s, o, scale)
		}
	})
}
