package hyperbolic

import (
	"math"
	"math/rand/v2"
	"testing"
)

// UnitToward is Log normalised: both are tangent vectors in the same frame.
func TestUnitTowardIsNormalisedLog(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 5000; i++ {
		rad := 1 - math.Pow(10, -6*rng.Float64())
		th := 2 * math.Pi * rng.Float64()
		x := Point{rad * math.Cos(th) * rng.Float64(), rad * math.Sin(th) * rng.Float64()}
		y := Point{x.X + 0.1*rng.NormFloat64()*(1-rad+0.01), x.Y + 0.1*rng.NormFloat64()*(1-rad+0.01)}
		if y.Check() != nil || y == x {
			continue
		}
		u, ok := UnitToward(x, y)
		if !ok {
			t.Fatalf("UnitToward(%v, %v) failed", x, y)
		}
		l, err := Log(x, y)
		if err != nil {
			t.Fatal(err)
		}
		n := math.Hypot(l.X, l.Y)
		// Two float64 computations of one unit vector: agreement to a few
		// hundred ulps covers Log's own conditioning near the boundary.
		if d := math.Hypot(u.X-l.X/n, u.Y-l.Y/n); d > 1e-12 {
			t.Fatalf("x=%v y=%v: UnitToward %v, Log/|Log| (%v, %v): differ by %g", x, y, u, l.X/n, l.Y/n, d)
		}
	}
	if _, ok := UnitToward(Point{0.1, 0.2}, Point{0.1, 0.2}); ok {
		t.Fatal("UnitToward(x, x) should fail")
	}
}
