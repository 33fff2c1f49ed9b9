package certify

import (
	"errors"
	"math"
	"math/big"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/isoptic"
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

func TestRationalPoints(t *testing.T) {
	r := func(n, d int64) *big.Rat { return big.NewRat(n, d) }
	third := isoptic.RatPoint{X: r(1, 3), Y: r(0, 1)}
	o := isoptic.RatPoint{X: r(0, 1), Y: r(0, 1)}
	var z Interval
	// d(0, (1/3, 0)) = atanh(1/3) = ln(2)/2; 1/3 is no float64.
	if _, err := z.DistRat(o, third, 128); err != nil {
		t.Fatal(err)
	}
	var ln2 Interval
	ln2Big(&ln2, 200)
	ln2.Lo.SetMantExp(&ln2.Lo, -1)
	ln2.Hi.SetMantExp(&ln2.Hi, -1)
	if z.Hi.Cmp(&ln2.Lo) < 0 || z.Lo.Cmp(&ln2.Hi) > 0 {
		t.Errorf("DistRat = %v, want ln 2/2 ∈ %v", &z, &ln2)
	}
	// The right angle at the origin between (1/3, 0) and (0, 1/3).
	if _, err := z.AngleRat(third, o, isoptic.RatPoint{X: r(0, 1), Y: r(1, 3)}, 128); err != nil {
		t.Fatal(err)
	}
	if v := z.Interval64(); !v.Contains(math.Pi / 2) {
		t.Errorf("AngleRat = %v, want π/2", v)
	}
	// AreaRat agrees with Area on float64 points.
	a, b, c := hyperbolic.Point{X: 0.5}, hyperbolic.Point{Y: 0.5}, hyperbolic.Point{X: -0.3, Y: -0.2}
	rp := func(p hyperbolic.Point) isoptic.RatPoint { q, _ := isoptic.NewRatPoint(p); return q }
	var w Interval
	z.AreaRat(rp(a), rp(b), rp(c), 128)
	w.Area(a, b, c, 128)
	if z.Lo.Cmp(&w.Lo) != 0 || z.Hi.Cmp(&w.Hi) != 0 {
		t.Errorf("AreaRat %v, Area %v", &z, &w)
	}
	out := isoptic.RatPoint{X: r(1, 1), Y: r(0, 1)}
	if _, err := z.DistRat(o, out, 64); !errors.Is(err, ErrDomain) {
		t.Errorf("DistRat to a point on the circle: %v", err)
	}
	if _, err := z.AngleRat(o, o, third, 64); !errors.Is(err, ErrDomain) {
		t.Errorf("AngleRat with the vertex repeated: %v", err)
	}
	if _, err := z.AreaRat(o, isoptic.RatPoint{X: r(1, 3)}, third, 64); !errors.Is(err, ErrInvalid) {
		t.Errorf("AreaRat with a nil coordinate: %v", err)
	}
}
