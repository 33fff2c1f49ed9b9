package certify

import (
	"errors"
	"math"
	"math/big"
	"testing"
)

// References computed with mpmath 1.3.0 at 60 significant digits
// (mp.dps = 60; pi, atan, exp, sinh, cosh, cos, sin of the float64
// arguments), an implementation independent of this package's series.
var elementaryRefs = []struct {
	name string
	f    func(z, x *Interval, prec uint) (*Interval, error)
	x    float64
	want string
}{
	{"atan", atanE, 1, "0.785398163397448309615660845819875721049292349843776455243736"},
	{"atan", atanE, 0.3, "0.291456794477867081810072285422280699777521513308109961458396"},
	{"atan", atanE, 7.5, "1.43824479449822259796140424793548158553861796999767270947369"},
	{"atan", atanE, -1.2, "-0.876058050598193404913670068256922246101486325725717911518704"},
	{"exp", (*Interval).Exp, 1, "2.71828182845904523536028747135266249775724709369995957496697"},
	{"exp", (*Interval).Exp, -30.5, "5.67568523263272246187278872380665127714771085120751161713262e-14"},
	{"sinh", (*Interval).Sinh, 1e-20, "9.9999999999999994515327145420957165172952036945405911377164e-21"},
	{"sinh", (*Interval).Sinh, 2.5, "6.05020448103978732145032363835040318767248183452386233135732"},
	{"cosh", (*Interval).Cosh, 0.4, "1.08107237183845481840517672948491573430421434407314186186365"},
	{"cos", (*Interval).Cos, 2, "-0.41614683654714238699756822950076218976600077107554489075515"},
	{"sin", (*Interval).Sin, 3, "0.141120008059867222100744802808110279846933264252265584151883"},
}

func atanE(z, x *Interval, prec uint) (*Interval, error) { return z.Atan(x, prec), nil }

const piDigits = "3.14159265358979323846264338327950288419716939937510582097494"

// near reports whether the 200-bit enclosure z meets want ± 10⁻⁵⁸·|want|
// (the reference's 60 digits) and is narrower than 2⁻¹⁹⁰ relative.
func nearRef(t *testing.T, what string, z *Interval, want string) {
	t.Helper()
	w, _, err := big.ParseFloat(want, 10, 300, big.ToNearestEven)
	if err != nil {
		t.Fatal(err)
	}
	eps := new(big.Float).SetPrec(300).Abs(w)
	eps.Mul(eps, big.NewFloat(1e-58))
	lo := new(big.Float).SetPrec(300).Sub(w, eps)
	hi := new(big.Float).SetPrec(300).Add(w, eps)
	if z.Lo.Cmp(hi) > 0 || z.Hi.Cmp(lo) < 0 {
		t.Errorf("%s = %v, reference %s", what, z, want)
	}
	width := new(big.Float).SetPrec(300).Sub(&z.Hi, &z.Lo)
	lim := new(big.Float).SetPrec(300).Abs(w)
	lim.SetMantExp(lim, -190)
	if width.Cmp(lim) > 0 {
		t.Errorf("%s = %v is wider than 2⁻¹⁹⁰ relative", what, z)
	}
}

func TestElementaryAgainstMpmath(t *testing.T) {
	var z, x Interval
	nearRef(t, "π", z.Pi(200), piDigits)
	for _, c := range elementaryRefs {
		x.SetPrec(200).SetFloat64(c.x)
		if _, err := c.f(&z, &x, 200); err != nil {
			t.Fatalf("%s(%v): %v", c.name, c.x, err)
		}
		nearRef(t, c.name, &z, c.want)
	}
}

// TestElementaryIdentities checks, on many arguments, identities that
// hold exactly: the enclosure of each side must meet the other.
func TestElementaryIdentities(t *testing.T) {
	var a, b, c, x, y Interval
	for i := range 200 {
		v := -6 + 12*float64(i)/199 + 1e-3
		x.SetPrec(128).SetFloat64(v)
		// cosh² − sinh² = 1
		if _, err := a.Cosh(&x, 128); err != nil {
			t.Fatal(err)
		}
		if _, err := b.Sinh(&x, 128); err != nil {
			t.Fatal(err)
		}
		c.SetPrec(128).Sqr(&a)
		y.SetPrec(128).Sqr(&b)
		c.Sub(&c, &y)
		if !c.Contains(big.NewFloat(1)) {
			t.Errorf("cosh²(%v) − sinh²(%v) = %v", v, v, &c)
		}
		// exp(x)·exp(−x) = 1
		a.Exp(&x, 128)
		y.SetPrec(128).Neg(&x)
		b.Exp(&y, 128)
		c.Mul(&a, &b)
		if !c.Contains(big.NewFloat(1)) {
			t.Errorf("exp(%v)·exp(−%v) = %v", v, v, &c)
		}
		// sin² + cos² = 1 and atan(tan) on (−π/2, π/2)
		a.Sin(&x, 128)
		b.Cos(&x, 128)
		c.Sqr(&a)
		y.Sqr(&b)
		c.Add(&c, &y)
		if !c.Contains(big.NewFloat(1)) {
			t.Errorf("sin² + cos² at %v = %v", v, &c)
		}
		if math.Abs(v) < 1.5 {
			if _, err := c.Quo(&a, &b); err != nil {
				t.Fatal(err)
			}
			y.Atan(&c, 128)
			if !y.Contains(big.NewFloat(v)) {
				t.Errorf("atan(tan(%v)) = %v", v, &y)
			}
		}
	}
	// Intervals wider than a point: the enclosure of the range.
	x.SetPrec(64)
	x.SetBounds(big.NewFloat(-0.5), big.NewFloat(1))
	a.Cosh(&x, 64)
	if a.Lo.Cmp(big.NewFloat(1)) != 0 || a.Hi.Cmp(big.NewFloat(1.5430806348152437)) < 0 {
		t.Errorf("cosh[−0.5, 1] = %v", &a)
	}
	a.Cos(&x, 64)
	if !a.Contains(big.NewFloat(1)) || !a.Contains(big.NewFloat(math.Cos(1))) {
		t.Errorf("cos[−0.5, 1] = %v", &a)
	}
}

func TestElementaryDomain(t *testing.T) {
	var z, x Interval
	x.SetPrec(64).SetFloat64(2e6)
	for name, f := range map[string]func(z, x *Interval, prec uint) (*Interval, error){
		"exp": (*Interval).Exp, "sinh": (*Interval).Sinh, "cosh": (*Interval).Cosh,
	} {
		if _, err := f(&z, &x, 64); !errors.Is(err, ErrDomain) {
			t.Errorf("%s(2e6): %v, want ErrDomain", name, err)
		}
	}
	x.SetFloat64(9)
	if _, err := z.Cos(&x, 64); !errors.Is(err, ErrDomain) {
		t.Errorf("cos(9): %v, want ErrDomain", err)
	}
}
