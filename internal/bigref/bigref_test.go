package bigref

import (
	"math"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// The Klein point (x, 0) is at distance atanh x = ½·log((1 + x)/(1 − x))
// from the origin: ln 3 at x = 4/5, ½·ln(2⁵³ − 1) at x = 1 − 2⁻⁵²; and a
// point is at distance 0 from itself.
func TestDist(t *testing.T) {
	for x, e2d := range map[float64]float64{0.8: 9, 1 - 0x1p-52: 0x1p53 - 1} {
		d := Dist(hyperbolic.Point{}, hyperbolic.Point{X: x}, 200)
		want := math.Log(e2d) / 2 // atanh x = ½·log((1+x)/(1−x))
		if got, _ := d.Float64(); math.Abs(got-want) > 1e-15*want {
			t.Errorf("d(0, (%v, 0)) = %v, want %v", x, got, want)
		}
	}
	p := hyperbolic.Point{X: 0.3, Y: -0.7}
	if d := Dist(p, p, 100); d.Sign() != 0 {
		t.Errorf("d(p, p) = %v, want 0", d)
	}
	// Symmetry, and the precision asked for.
	q := hyperbolic.Point{X: -0.2, Y: 0.4}
	a, b := Dist(p, q, 300), Dist(q, p, 300)
	if a.Cmp(b) != 0 || a.Prec() != 300 {
		t.Errorf("d(p, q) = %v (prec %d), d(q, p) = %v", a, a.Prec(), b)
	}
}
