package pointio

import (
	"math"
	"math/big"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"pgregory.net/rapid"
)

// TestFromKleinAccuracy compares FromKlein with images of random Klein
// points computed in 256-bit arithmetic (whose own error, below 2⁻²⁴⁰
// relative, is far under the tolerance): each coordinate is within
// fromKleinTol relative error of the exact image, also for points within
// 2⁻⁵⁰ of the ideal boundary.
// fromKleinTol bounds the relative error of a coordinate FromKlein returns.
const fromKleinTol = 4 * 0x1p-53

func TestFromKleinAccuracy(t *testing.T) {
	const prec = 256
	f := func(v float64) *big.Float { return new(big.Float).SetPrec(prec).SetFloat64(v) }
	rapid.Check(t, func(t *rapid.T) {
		r := 1 - math.Pow(2, -rapid.Float64Range(0, 50).Draw(t, "k"))
		if rapid.Bool().Draw(t, "inner") {
			r = rapid.Float64Range(0, 0.99).Draw(t, "r")
		}
		th := rapid.Float64Range(-math.Pi, math.Pi).Draw(t, "theta")
		p := hyperbolic.Point{X: r * math.Cos(th), Y: r * math.Sin(th)}
		if p.Check() != nil {
			t.Skip("rounded onto the circle")
		}
		x, y := f(p.X), f(p.Y)
		s := new(big.Float).SetPrec(prec).Sub(f(1), new(big.Float).SetPrec(prec).Add(
			new(big.Float).SetPrec(prec).Mul(x, x), new(big.Float).SetPrec(prec).Mul(y, y)))
		s.Sqrt(s) // √(1 − |p|²)
		quo := func(a, b *big.Float) *big.Rat {
			q, _ := new(big.Float).SetPrec(prec).Quo(a, b).Rat(nil)
			return q
		}
		d := new(big.Float).SetPrec(prec).Add(f(1), s)
		oneMinusX := new(big.Float).SetPrec(prec).Sub(f(1), x)
		want := map[string][]*big.Rat{
			"klein":       {quo(x, f(1)), quo(y, f(1))},
			"poincare":    {quo(x, d), quo(y, d)},
			"halfplane":   {quo(new(big.Float).Neg(y), oneMinusX), quo(s, oneMinusX)},
			"hyperboloid": {quo(f(1), s), quo(x, s), quo(y, s)},
		}
		for _, m := range Models {
			tab, err := FromKlein([]hyperbolic.Point{p}, m)
			if err != nil {
				t.Fatalf("%s %v: %v", m, p, err)
			}
			for j, ex := range want[m] {
				if bad, e := errExcess(tab.Data[j], ex, fromKleinTol); bad {
					t.Fatalf("%s %v: coordinate %d = %v, relative error %.3g", m, p, j, tab.Data[j], e)
				}
			}
		}
	})
	// Back to Klein: the round trip moves a point by a few ulps at most.
	pts := []hyperbolic.Point{{X: 0.3, Y: -0.2}, {X: 1 - 0x1p-40, Y: 0}, {X: 0, Y: 0}}
	for _, m := range Models {
		tab, err := FromKlein(pts, m)
		mustNoErr(t, err)
		back, err := ToKlein(tab, m)
		mustNoErr(t, err)
		for i := range pts {
			if math.Abs(back[i].X-pts[i].X) > 8*0x1p-53 || math.Abs(back[i].Y-pts[i].Y) > 8*0x1p-53 {
				t.Errorf("%s: %v → %v → %v", m, pts[i], tab.Row(i), back[i])
			}
		}
	}
	if _, err := FromKlein([]hyperbolic.Point{{X: 0.1}, {X: 1}}, "poincare"); err == nil {
		t.Error("a point on the circle converted")
	} else {
		wantEqual(t, "error", err.Error(), "row 2: point (1, 0) is on or outside the unit circle (the klein model needs x² + y² < 1)")
	}
}
