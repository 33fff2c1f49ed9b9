package poly

import (
	"errors"
	"math"
	"math/big"
	"testing"
)

func ratPoly(t *testing.T, text string) Poly[*big.Rat] {
	t.Helper()
	return mustParse(t, text).Poly(0)
}

func TestConvertFloat64ToRatIsExactDyadic(t *testing.T) {
	p := Const(1, 0.1).Add(Var[float64](1, 0).Scale(-math.SmallestNonzeroFloat64))
	r, err := Convert[*big.Rat](p, 0)
	if err != nil {
		t.Fatal(err)
	}
	want01, _ := new(big.Rat).SetString("3602879701896397/36028797018963968")
	if c := r.Coef(Monomial{0}); c.Cmp(want01) != 0 {
		t.Errorf("0.1 → %v, want %v", c, want01)
	}
	wantTiny := new(big.Rat).SetFrac(big.NewInt(-1), new(big.Int).Lsh(big.NewInt(1), 1074))
	if c := r.Coef(Monomial{1}); c.Cmp(wantTiny) != 0 {
		t.Errorf("-2^-1074 → %v", c)
	}
	// And back: rational → float64 is exact here.
	back, err := Convert[float64](r, 0)
	if err != nil || !back.Equal(p) {
		t.Errorf("round trip float64 → Rat → float64 gave %v, %v", back, err)
	}
}

func TestConvertRoundsToNearestEven(t *testing.T) {
	two := func(e int) *big.Rat { // 2^e
		if e >= 0 {
			return new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(e)))
		}
		return new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), uint(-e)))
	}
	sum := func(rs ...*big.Rat) *big.Rat {
		s := new(big.Rat)
		for _, r := range rs {
			s.Add(s, r)
		}
		return s
	}
	third := big.NewRat(1, 3)
	for _, tc := range []struct {
		name string
		in   *big.Rat
		want float64
	}{
		{"1/3", third, 1.0 / 3},
		{"tie 1+2^-53 to even 1", sum(two(0), two(-53)), 1},
		{"tie 1+3·2^-53 to even 1+2^-51", sum(two(0), two(-53), two(-52)), 1 + 0x1p-51},
		{"just above tie rounds up", sum(two(0), two(-53), two(-200)), 1 + 0x1p-52},
		{"max float64", new(big.Rat).SetFloat64(math.MaxFloat64), math.MaxFloat64},
	} {
		p := Const(1, tc.in)
		f, err := Convert[float64](p, 0)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if got := f.Coef(Monomial{0}); got != tc.want {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
		c, err := Convert[complex128](p, 0)
		if err != nil || c.Coef(Monomial{0}) != complex(tc.want, 0) {
			t.Errorf("%s: complex128 got %v, %v", tc.name, c.Coef(Monomial{0}), err)
		}
		// *big.Float at 53 bits rounds the same way.
		b, err := Convert[*big.Float](p, 53)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := b.Coef(Monomial{0}).Float64(); got != tc.want {
			t.Errorf("%s: big.Float(53) got %v, want %v", tc.name, got, tc.want)
		}
	}
	// At 200 bits 1/3 keeps 200 correct bits: |b − 1/3| ≤ 2^-201 (half an ulp of a number in [1/4, 1/2)).
	b, _ := Convert[*big.Float](Const(1, third), 200)
	bv, _ := b.Coef(Monomial{0}).Rat(nil)
	diff := new(big.Rat).Abs(new(big.Rat).Sub(bv, third))
	if diff.Cmp(two(-202)) > 0 {
		t.Errorf("1/3 at 200 bits off by %v", diff.FloatString(80))
	}
}

func TestConvertErrors(t *testing.T) {
	huge := new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), 1024))
	c, _ := ParseComplex("x + (1+2*I)*y^2; x")
	for _, tc := range []struct {
		name string
		f    func() error
		want error
		msg  string
	}{
		{"complex → Rat", func() error { _, err := ConvertSystem[*big.Rat](c, 0); return err }, ErrNonReal,
			"poly: convert: polynomial 0, term 0 (x2^2): coefficient has a nonzero imaginary part"},
		{"complex → float64", func() error { _, err := Convert[float64](c.Poly(0), 0); return err }, ErrNonReal,
			"poly: convert: term 0 (x2^2): coefficient has a nonzero imaginary part"},
		{"overflow", func() error { _, err := Convert[float64](Const(1, huge), 0); return err }, ErrOverflow,
			"poly: convert: term 0 (1): coefficient overflows float64"},
		{"NaN", func() error { _, err := Convert[*big.Rat](Var[float64](1, 0).Scale(math.NaN()), 0); return err }, ErrNonFinite,
			"poly: convert: term 0 (x1): coefficient is NaN or infinite"},
		{"Inf complex", func() error { _, err := Convert[*ComplexRat](Const(1, complex(0, math.Inf(1))), 0); return err }, ErrNonFinite,
			"poly: convert: term 0 (1): coefficient is NaN or infinite"},
		{"no precision", func() error { _, err := Convert[*big.Float](Const(1, huge), 0); return err }, ErrPrecision,
			"poly: convert: term 0 (1): conversion to *big.Float needs a precision > 0"},
	} {
		err := tc.f()
		var ce *ConvertError
		if !errors.Is(err, tc.want) || !errors.As(err, &ce) || err.Error() != tc.msg {
			t.Errorf("%s: got %v, want %s", tc.name, err, tc.msg)
		}
	}
	// Real complex rationals convert.
	r, err := ConvertSystem[*big.Rat](c.Poly(1).ToSystemForTest(), 0)
	if err != nil || r.Poly(0).String() != "x1" {
		t.Errorf("real complex rational → Rat: %v, %v", r, err)
	}
}

func TestConvertUnderflowDropsTerm(t *testing.T) {
	tiny := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), 1100))
	p := Const(1, tiny).Add(Var[*big.Rat](1, 0))
	f, err := Convert[float64](p, 0)
	if err != nil || f.NumTerms() != 1 || f.String() != "x1" {
		t.Errorf("underflow: %v, %v", f, err)
	}
}

func TestConvertBigFloatToRatExact(t *testing.T) {
	x := new(big.Float).SetPrec(300)
	x.SetString("0.1")
	r, err := Convert[*big.Rat](Const(1, x), 0)
	if err != nil {
		t.Fatal(err)
	}
	back, _ := r.Coef(Monomial{0}).Float64()
	exact, _ := x.Rat(nil)
	if r.Coef(Monomial{0}).Cmp(exact) != 0 || back != 0.1 {
		t.Errorf("big.Float → Rat not exact")
	}
	// Converting a big float to a lower precision rounds to nearest.
	b, err := Convert[*big.Float](Const(1, x), 53)
	if err != nil {
		t.Fatal(err)
	}
	if v := b.Coef(Monomial{0}); v.Prec() != 53 {
		t.Errorf("precision %d, want 53", v.Prec())
	} else if f, _ := v.Float64(); f != 0.1 {
		t.Errorf("0.1 at 53 bits = %v", f)
	}
}

// ExactSquare refuses a non-square system with CheckSquare's error and
// converts a square one to the exact complex rationals of its
// coefficients.
func TestExactSquare(t *testing.T) {
	_, err := ExactSquare(mustParse(t, "x + y; x - 1; y"))
	var nse *NotSquareError
	if !errors.As(err, &nse) || nse.Eqs != 3 || nse.Vars != 2 {
		t.Errorf("3 equations in 2 unknowns: err = %v", err)
	}
	s, err := ConvertSystem[float64](mustParse(t, "x^2 + 0.1; x*y - 3"), 0)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := ExactSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	want01, _ := new(big.Rat).SetString("3602879701896397/36028797018963968")
	c := cs.Poly(0).Coef(Monomial{0})
	if c.Im.Sign() != 0 || c.Re.Cmp(want01) != 0 {
		t.Errorf("constant term %v, want float64(0.1) exactly", c)
	}
}

// MapCoeffs maps every coefficient with its monomial, keeps the variables,
// combines as New does (a coefficient mapped to 0 disappears) and stops at
// the first error of f.
func TestMapCoeffs(t *testing.T) {
	s := mustParse(t, "vars: x, y\n2*x^2*y - 3*y + 1; x - 5")
	m, err := MapCoeffs(s, func(c *big.Rat, e Monomial) (float64, error) {
		if e[0] == 1 { // x
			return 0, nil
		}
		f, _ := c.Float64()
		return f * float64(1+e[0]+e[1]), nil // c times 1 + the degree
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := FormatSystem(m, "I"), "vars: x, y\n8*x^2*y - 6*y + 1;\n-5;\n"; got != want {
		t.Errorf("mapped system %q, want %q", got, want)
	}
	stop := errors.New("stop")
	if _, err := MapCoeffs(s, func(c *big.Rat, e Monomial) (float64, error) { return 0, stop }); !errors.Is(err, stop) {
		t.Errorf("err = %v, want f's error", err)
	}
}
