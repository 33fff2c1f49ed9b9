package poly

import (
	"errors"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSystemChecks: each check names the first offending equation and
// term, with the coefficient in six digits; a good system passes them all.
func TestSystemChecks(t *testing.T) {
	for _, tc := range []struct {
		text  string
		check func(System[*ComplexRat]) error
		want  string // "" for nil
	}{
		{"x^2 + y^2 - 1; x - 3/4*y", System[*ComplexRat].CheckSolvable, ""},
		{"", System[*ComplexRat].CheckSolvable, "the system has no equations"},
		{"x^2 - 2; x", System[*ComplexRat].CheckSolvable, "the system is not square: 2 equations in 1 unknowns (unknowns x)"},
		{"3", System[*ComplexRat].CheckSolvable, "the system is not square: 1 equations in 0 unknowns (no unknowns)"},
		{"x - 1; (x+y)^2 - x^2 - 2*x*y - y^2", System[*ComplexRat].CheckSolvable, "equation 2 is identically zero after expansion: every point solves it"},
		{"x^2 - 2", CheckFloat64, ""},
		{"x - 1; 1e400*x*y^2 - 1", CheckFloat64, "equation 2, term x*y^2: coefficient 1e+400 overflows float64"},
		{"1e-400 - x", CheckFloat64, "equation 1, the constant term: coefficient 1e-400 underflows float64 (rounds to 0, the term would vanish)"},
		{"(1e-400 + 1e-400*I)*x - 1", CheckFloat64, "equation 1, term x: coefficient (1e-400+1e-400*I) underflows float64 (rounds to 0, the term would vanish)"},
		{"(2 - 3*I)*x - 1", CheckFloat64, ""},
		{"x - 1; y - 2", CheckReal, ""},
		{"x - 1; y - I", CheckReal, "equation 2, the constant term has the non-real coefficient -I"},
		{"(2 - 3*I)*x - 1", CheckReal, "equation 1, term x has the non-real coefficient (2-3*I)"},
		{"2.5*I*x^2 - 1", CheckReal, "equation 1, term x^2 has the non-real coefficient 2.5*I"},
	} {
		sys, err := ParseComplex(tc.text)
		require.NoError(t, err, tc.text)
		err = tc.check(sys)
		if tc.want == "" {
			assert.NoError(t, err, tc.text)
		} else {
			assert.EqualError(t, err, tc.want, tc.text)
		}
	}
}

// TestParsePoint: every unknown once, in any order, decimal or p/q; an
// empty spec is the origin; each kind of mistake has its message.
func TestParsePoint(t *testing.T) {
	sys := MustParse("vars: x, y\nx - y; x + y")
	for _, tc := range []struct {
		spec string
		want []float64
		err  string
	}{
		{"", []float64{0, 0}, ""},
		{" y=-1/3 , x=0.5", []float64{0.5, -1.0 / 3}, ""},
		{"x=2e-3,y=0x1p-2", []float64{0.002, 0.25}, ""},
		{"x=1", nil, "no value for y"},
		{"x=1,z=2", nil, "z is not a variable of the system (its variables are x, y)"},
		{"x=1,x=2", nil, "x is given twice"},
		{"x=a,y=1", nil, "x=a: not a number"},
		{"x=1e999,y=1", nil, "x=1e999: not a finite float64"},
		{"x=1/0,y=1", nil, "x=1/0: not a number"},
		{"x=NaN,y=1", nil, "x=NaN: not a finite float64"},
		{"x,y=1", nil, `"x" is not of the form name=value`},
		{"x==1,y=1", nil, "x==1: not a number"},
	} {
		x, err := sys.ParsePoint(tc.spec)
		if tc.err != "" {
			assert.EqualError(t, err, tc.err, tc.spec)
			continue
		}
		require.NoError(t, err, tc.spec)
		assert.Equal(t, tc.want, x, tc.spec)
	}
	_, err := sys.ParsePoint("y=1")
	assert.True(t, errors.Is(err, ErrMissingValue))
}

// TestParsePointValue: decimal, exponent, hexadecimal and p/q forms.
func TestParsePointValue(t *testing.T) {
	for in, want := range map[string]float64{"0.5": 0.5, "-1/3": -1.0 / 3, "2e-3": 0.002, "+4": 4, "0x1p-2": 0.25} {
		got, err := parsePointValue(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
}

// FuzzParsePoint: ParsePoint never panics, and an accepted spec gives
// every unknown a finite value.
func FuzzParsePoint(f *testing.F) {
	for _, s := range []string{"x=1,y=2", "x=1/3, y=-2e-3", "y=0,x=NaN", "x=1,x=2", "", ",", "x==1,y=1", "x=1/0,y=1", "z=1"} {
		f.Add(s)
	}
	sys := MustParse("vars: x, y\nx - y; x + y")
	f.Fuzz(func(t *testing.T, spec string) {
		x, err := sys.ParsePoint(spec)
		if err != nil {
			return
		}
		if len(x) != 2 {
			t.Fatalf("%q: %d values", spec, len(x))
		}
		for _, v := range x {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Fatalf("%q: non-finite value accepted", spec)
			}
		}
	})
}
