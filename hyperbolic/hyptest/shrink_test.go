package hyptest_test

import (
	"errors"
	"math"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/hyperbolic/hyptest"
	"pgregory.net/rapid"
)

// TestWrongDistanceFoundAndShrunk runs the property of Example_wrongDistance
// with two more seeds: the kit must find lossyDist's failure every time and
// shrink it to one point at the origin and the other at a moderate
// distance from the boundary (the failure sets in near 2⁻¹⁴ at 64 ulps),
// where the check still proves the violation; hyperbolic.Dist must pass.
func TestWrongDistanceFoundAndShrunk(t *testing.T) {
	for seed := 2; seed <= 3; seed++ { // seed 1 is Example_wrongDistance
		rec := runSeed(distProperty(lossyDist), seed)
		if !rec.failed {
			t.Fatalf("seed %d: lossyDist passed", seed)
		}
		p, q := rec.point("p"), rec.point("q")
		far := q
		if q == (hyperbolic.Point{}) {
			far = p
		} else if p != (hyperbolic.Point{}) {
			t.Errorf("seed %d: shrunk to p = %v, q = %v; want one of them at the origin", seed, p, q)
		}
		if gap := 1 - math.Hypot(far.X, far.Y); gap < 0x1p-20 || gap > 0x1p-8 {
			t.Errorf("seed %d: shrunk to %v, %g from the boundary; want between 2⁻²⁰ and 2⁻⁸", seed, far, gap)
		}
		var v *hyptest.Violation
		if err := hyptest.CheckDist(p, q, lossyDist(p, q), hyptest.Ulps(64)); !errors.As(err, &v) {
			t.Errorf("seed %d: the shrunk case does not fail: %v", seed, err)
		}
		if rec := runSeed(distProperty(hyperbolic.Dist), seed); rec.failed {
			t.Errorf("seed %d: hyperbolic.Dist failed: %s", seed, rec.errors)
		}
	}
}

// TestIsometryShrinks: a property that fails for translation lengths
// above 1 shrinks to a pure boost along the first axis (direction and
// rotation 0, no reflection) whose length 5·U has a uniform draw U with
// few significant bits: every random bit shrinks on its own, so a draw
// shrinks to a short dyadic number (here 1/4, length 1.25), not to the
// least failing value.
func TestIsometryShrinks(t *testing.T) {
	for seed := 1; seed <= 2; seed++ {
		var last hyptest.Isometry
		rec := runSeed(func(t *rapid.T) {
			g := hyptest.Isometries(5).Draw(t, "g")
			last = g
			if c, _ := g.Matrix()[0][0].Float64(); c > math.Cosh(1) {
				t.Fatalf("d(0, g·0) = %v > 1", math.Acosh(c))
			}
		}, seed)
		if !rec.failed {
			t.Fatal("no failure found")
		}
		m := last.Matrix()
		c, _ := m[0][0].Float64()
		d := math.Acosh(c)
		u := d / 5 * 256 // U = d/5, short: a multiple of 2⁻⁸ up to rounding
		if d <= 1 || math.Abs(u-math.Round(u)) > 1e-9 || m[2][0].Sign() != 0 || m[1][2].Sign() != 0 || detSign(m) < 0 {
			t.Errorf("seed %d: shrunk to %#v: d(0, g·0) = %v", seed, last, d)
		}
	}
}
