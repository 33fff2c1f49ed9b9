package gen_test

import (
	"math"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic/hyptest"
	"github.com/hypersteiner/hypersteiner/hyperbolic/hyptest/gen"
	"github.com/hypersteiner/hypersteiner/hyperbolic/hyptest/internal/recorder"
	"pgregory.net/rapid"
)

// TestIsometryShrinks: a property that fails for translation lengths
// above 1 shrinks to a pure boost along the first axis (direction and
// rotation 0, no reflection) whose length 5·U has a uniform draw U with
// few significant bits: every random bit shrinks on its own, so a draw
// shrinks to a short dyadic number (here 1/4, length 1.25), not to the
// least failing value.
func TestIsometryShrinks(t *testing.T) {
	for seed := 1; seed <= 2; seed++ {
		var last hyptest.Isometry
		rec := recorder.Run(func(t *rapid.T) {
			g := gen.Isometries(5).Draw(t, "g")
			last = g
			if c, _ := g.Matrix()[0][0].Float64(); c > math.Cosh(1) {
				t.Fatalf("d(0, g·0) = %v > 1", math.Acosh(c))
			}
		}, seed)
		if !rec.Failed() {
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
