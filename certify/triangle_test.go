package certify

import (
	"errors"
	"math"
	"math/big"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

func TestAngleAndArea(t *testing.T) {
	p := func(x, y float64) hyperbolic.Point { return hyperbolic.Point{X: x, Y: y} }
	var z, pi, third Interval
	pi.Pi(200)
	third.SetPrec(200).SetInt64(3)
	third.Quo(&pi, &third)
	// An exact 120° angle: v = (1/2, 0) has 1 − |v|² = 3/4, and the
	// directions (1, 0) and (−1, 2) meet at 120° in its metric.
	if _, err := z.Angle(p(0.75, 0), p(0.5, 0), p(0.375, 0.25), 200); err != nil {
		t.Fatal(err)
	}
	two := new(Interval).SetPrec(200).Add(&third, &third)
	if !z.Contains(new(big.Float).Add(&two.Lo, &two.Hi).SetMantExp(new(big.Float).Add(&two.Lo, &two.Hi), -1)) {
		t.Errorf("exact 120° angle: %v", &z)
	}
	// Straight and zero angles are exact.
	z.Angle(p(0.1, 0.1), p(0.2, 0.2), p(0.3, 0.3), 64)
	if z.Interval64().Lo > math.Pi || z.Interval64().Hi < math.Pi {
		t.Errorf("straight angle: %v", &z)
	}
	z.Angle(p(0.3, 0.3), p(0.1, 0.1), p(0.2, 0.2), 64)
	if z.Lo.Sign() != 0 || z.Hi.Sign() != 0 {
		t.Errorf("zero angle: %v", &z)
	}
	if _, err := z.Angle(p(0.1, 0), p(0.1, 0), p(0, 0), 64); !errors.Is(err, ErrDomain) {
		t.Errorf("repeated vertex: %v", err)
	}
	if _, err := z.Area(p(1, 0), p(0, 0), p(0, 0.5), 64); err == nil {
		t.Error("Area with a point on the circle: no error")
	}
	z.Area(p(0.1, 0.1), p(0.2, 0.2), p(0.3, 0.3), 64)
	if z.Lo.Sign() != 0 || z.Hi.Sign() != 0 {
		t.Errorf("collinear area: %v", &z)
	}
	// The float64 functions of package hyperbolic agree to 1e-13.
	for _, tri := range [][3]hyperbolic.Point{
		{p(0.5, 0), p(0, 0.5), p(-0.3, -0.2)},
		{p(0.9, 0.3), p(0.95, 0.3), p(0.95, 0.31)},
		{p(0.25, 0.25), p(0.25+1e-9, 0.25), p(0.25, 0.25+1e-9)},
	} {
		a, err := Area64(tri[0], tri[1], tri[2])
		if err != nil {
			t.Fatal(err)
		}
		if f := hyperbolic.Area(tri[0], tri[1], tri[2]); math.Abs(f-a.Lo) > 1e-13*f {
			t.Errorf("Area64%v = %v, hyperbolic.Area %v", tri, a, f)
		}
		g, err := Angle64(tri[0], tri[1], tri[2])
		if err != nil {
			t.Fatal(err)
		}
		if f := hyperbolic.Angle(tri[0], tri[1], tri[2]); math.Abs(f-g.Lo) > 1e-13*f {
			t.Errorf("Angle64%v = %v, hyperbolic.Angle %v", tri, g, f)
		}
		if g.Hi-g.Lo > 2*(math.Nextafter(g.Hi, 4)-g.Hi) {
			t.Errorf("Angle64%v = %v is wider than two ulps", tri, g)
		}
	}
}
