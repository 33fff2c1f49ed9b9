package hyptest_test

import (
	"errors"
	"math"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/hyperbolic/hyptest"
	"github.com/hypersteiner/hypersteiner/hyperbolic/hyptest/internal/recorder"
)

// TestWrongDistanceFoundAndShrunk runs the property of Example_wrongDistance
// with two more seeds: the kit must find lossyDist's failure every time and
// shrink it to one point at the origin and the other at a moderate
// distance from the boundary (the failure sets in near 2⁻¹⁴ at 64 ulps),
// where the check still proves the violation; hyperbolic.Dist must pass.
func TestWrongDistanceFoundAndShrunk(t *testing.T) {
	for seed := 2; seed <= 3; seed++ { // seed 1 is Example_wrongDistance
		rec := recorder.Run(distProperty(lossyDist), seed)
		if !rec.Failed() {
			t.Fatalf("seed %d: lossyDist passed", seed)
		}
		p, q := rec.Point("p"), rec.Point("q")
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
		if rec := recorder.Run(distProperty(hyperbolic.Dist), seed); rec.Failed() {
			t.Errorf("seed %d: hyperbolic.Dist failed: %s", seed, rec.Errors())
		}
	}
}
