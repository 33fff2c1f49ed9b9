package certify

import (
	"errors"
	"math/big"
	"testing"

	"github.com/hypersteiner/hypersteiner/poly"
)

func rats(vs ...float64) []*big.Rat {
	r := make([]*big.Rat, len(vs))
	for i, v := range vs {
		r[i] = new(big.Rat).SetFloat64(v)
	}
	return r
}

func TestAlphaTest(t *testing.T) {
	tests := []struct {
		name     string
		system   string
		x        []*big.Rat
		want     bool
		singular bool
	}{
		{"sqrt2 float64", "x^2 - 2;", rats(1.4142135623730951), true, false},
		// 1.4 is already an approximate zero: α ≈ 0.023 (by hand).
		{"sqrt2 two digits", "x^2 - 2;", rats(1.4), true, false},
		{"sqrt2 rough", "x^2 - 2;", rats(1.2), false, false},
		{"far from roots", "x^2 - 2;", rats(10), false, false},
		{"circle-line", "x^2 + y^2 - 1; x - 3/4*y;", rats(0.6000000001, 0.7999999999), true, false},
		{"circle-line far", "x^2 + y^2 - 1; x - 3/4*y;", rats(2, -3), false, false},
		// (x−1)² at 1 + h: β = h/2 and the γ bound ≥ 2/h whatever h is,
		// so α ≥ 1 near the double root.
		{"near double root", "x^2 - 2*x + 1;", []*big.Rat{big.NewRat(10000000001, 10000000000)}, false, false},
		{"at double root", "x^2 - 2*x + 1;", rats(1), false, true},
		{"constant equation", "x - 1; 0*y + 3;", rats(1, 0), false, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := AlphaTest(poly.MustParse(tc.system), tc.x)
			if err != nil {
				t.Fatal(err)
			}
			if r.Singular != tc.singular || r.Certified != tc.want {
				t.Fatalf("singular %v certified %v, want %v %v (α² ≤ %v)", r.Singular, r.Certified, tc.singular, tc.want, r.Alpha2)
			}
			if !r.Singular && r.Alpha2.Cmp(new(big.Rat).Mul(r.Beta2, r.Gamma2)) != 0 {
				t.Fatalf("α² ≠ β²γ²")
			}
		})
	}
}

// The double root's α bound is exactly 1 (β² = h²/4, γ² ≤ 4/h²): check the
// rational arithmetic against the hand computation.
func TestAlphaDoubleRootExact(t *testing.T) {
	h := big.NewRat(1, 1000)
	x := new(big.Rat).Add(big.NewRat(1, 1), h)
	r, err := AlphaTest(poly.MustParse("x^2 - 2*x + 1;"), []*big.Rat{x})
	if err != nil {
		t.Fatal(err)
	}
	// ‖f‖² = 1 + 4/2 + 1 = 4; ‖x‖₁² = 1 + x²; J⁻¹Δ = √2·‖x‖₁/(2h);
	// μ² = 4·2(1+x²)/(4h²); γ² ≤ μ²·8/(4(1+x²)) = 4/h²; β² = h²/4.
	if want := new(big.Rat).Mul(h, h); r.Beta2.Cmp(new(big.Rat).Quo(want, big.NewRat(4, 1))) != 0 {
		t.Fatalf("β² = %v, want h²/4", r.Beta2)
	}
	if r.Alpha2.Cmp(big.NewRat(1, 1)) != 0 {
		t.Fatalf("α² bound = %v, want exactly 1", r.Alpha2)
	}
}

// The exact comparison with ((13 − 3√17)/4)² on both sides of the bound.
func TestAlphaBelowBound(t *testing.T) {
	c := AlphaBound(300)
	c2 := new(Interval).SetPrec(300).Sqr(c)
	lo, hi := ratOf(&c2.Lo), ratOf(&c2.Hi)
	eps := big.NewRat(1, 1<<60)
	if !alphaBelowBound(new(big.Rat).Sub(lo, eps)) || alphaBelowBound(new(big.Rat).Add(hi, eps)) {
		t.Fatal("alphaBelowBound disagrees with the 300-bit enclosure of the bound")
	}
	if !alphaBelowBound(new(big.Rat)) || alphaBelowBound(big.NewRat(1, 1)) {
		t.Fatal("alphaBelowBound wrong at 0 or 1")
	}
	if f, _ := c.Lo.Float64(); f < 0.157670 || f > 0.157672 {
		t.Fatalf("bound %v, want ≈ 0.157671", f)
	}
}

func TestAlphaComplex(t *testing.T) {
	s, err := poly.ParseComplex("x^2 + 1;")
	if err != nil {
		t.Fatal(err)
	}
	near := poly.NewComplexRat(big.NewRat(1, 1000000000000), big.NewRat(999999999999, 1000000000000))
	r, err := AlphaTestComplex(s, []*poly.ComplexRat{near})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Certified {
		t.Fatalf("i + 10⁻¹²(1 − i) not certified (α² ≤ %v)", r.Alpha2)
	}
	// The radius 2β bounds the distance to the root i: |x − i|² = 2·10⁻²⁴.
	rad := r.Radius(100)
	d2 := new(big.Float).SetPrec(100).Mul(rad, rad)
	if d2.Cmp(big.NewFloat(2e-24)) < 0 {
		t.Fatalf("radius %v below the true distance", rad)
	}
	r, err = AlphaTestComplex(s, []*poly.ComplexRat{poly.NewComplexRat(big.NewRat(1, 1), nil)})
	if err != nil || r.Certified {
		t.Fatalf("x = 1 for x²+1: certified %v, err %v", r.Certified, err)
	}
}

// Two independent certificates agree: the α-certified zero from the
// Krawczyk midpoint lies in the Krawczyk box (its 2β ball meets the box).
func TestAlphaAgreesWithKrawczyk(t *testing.T) {
	s := poly.MustParse(fermatText([2]string{"0.1", "0.2"}, [2]string{"-0.3", "-0.1"}, [2]string{"0.25", "-0.35"}))
	p, err := NewProver(fermatSystem(t))
	if err != nil {
		t.Fatal(err)
	}
	var res Result
	if err := p.Certify(&res, []float64{0.005, -0.05}, Options{Prec: 256}); err != nil || res.Status != Proved {
		t.Fatalf("Krawczyk: %v, %v", res.Status, err)
	}
	x := []*big.Rat{ratOf(&res.Mid[0]), ratOf(&res.Mid[1])}
	a, err := AlphaTest(s, x)
	if err != nil {
		t.Fatal(err)
	}
	if !a.Certified {
		t.Fatalf("alpha test failed at the Krawczyk midpoint (α² ≤ %v)", a.Alpha2.FloatString(5))
	}
	// α-theory puts a zero ξ within 2β of Mid (2-norm, so also per
	// coordinate). If that ball lies inside X, ξ is Krawczyk's unique root
	// of X: the two certificates name the same zero.
	rad := a.Radius(256)
	for i := range 2 {
		lo := new(big.Float).SetPrec(512).Sub(&res.Mid[i], rad)
		hi := new(big.Float).SetPrec(512).Add(&res.Mid[i], rad)
		if lo.Cmp(&res.X[i].Lo) <= 0 || hi.Cmp(&res.X[i].Hi) >= 0 {
			t.Fatalf("2β ball (2β = %v) leaves X %v", rad, &res.X[i])
		}
	}
	// A rough point: not certified, though Krawczyk proves a root nearby.
	if a, _ := AlphaTest(s, rats(0.005, -0.05)); a.Certified {
		t.Fatalf("rough point certified (α² ≤ %v)", a.Alpha2.FloatString(5))
	}
}

func TestAlphaErrors(t *testing.T) {
	if _, err := AlphaTest(poly.MustParse("x^2 + y;"), rats(1, 1)); !errors.Is(err, ErrInvalid) {
		t.Errorf("non-square: %v", err)
	}
	if _, err := AlphaTest(poly.MustParse("x^2 - 2;"), rats(1, 2)); !errors.Is(err, ErrInvalid) {
		t.Errorf("wrong length: %v", err)
	}
	if _, err := AlphaTest(poly.MustParse("x^2 - 2;"), []*big.Rat{nil}); !errors.Is(err, ErrInvalid) {
		t.Errorf("nil coordinate: %v", err)
	}
}
