package plane

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// FourBounds gives FourBound's numbers for both topologies, bit for bit,
// in both planes, wherever the points lie (near the ideal boundary too,
// where the hyperbolic bound falls to 0).
func TestFourBoundsIsFourBoundTwice(t *testing.T) {
	for _, pl := range []Plane{Hyperbolic, Euclidean} {
		fb := pl.(FourBounder)
		rapid.Check(t, func(t *rapid.T) {
			var p [4]Point
			for i := range p {
				r := 1 - math.Pow(10, -rapid.Float64Range(0, 12).Draw(t, "depth"))
				phi := rapid.Float64Range(0, 2*math.Pi).Draw(t, "phi")
				p[i] = Point{X: r * math.Cos(phi), Y: r * math.Sin(phi)}
			}
			got := fb.FourBounds(p[0], p[1], p[2], p[3])
			want := [2]float64{fb.FourBound(p[0], p[1], p[2], p[3]), fb.FourBound(p[0], p[2], p[1], p[3])}
			require.Equal(t, math.Float64bits(want[0]), math.Float64bits(got[0]), "%s (p,q | r,s) at %v", pl.Name(), p)
			require.Equal(t, math.Float64bits(want[1]), math.Float64bits(got[1]), "%s (p,r | q,s) at %v", pl.Name(), p)
		})
	}
}
