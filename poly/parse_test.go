package poly

import (
	"errors"
	"math/big"
	"testing"
)

func TestParseGood(t *testing.T) {
	tests := []struct {
		name, in string
		opts     ParseOptions
		want     string // canonical String() of the result
	}{
		{"basic", "x^2 + y^2 - 1; x - 3/4*y;", ParseOptions{}, "vars: x, y\nx^2 + y^2 - 1;\nx - 3/4*y;\n"},
		{"no trailing semicolon", "x+1", ParseOptions{}, "vars: x\nx + 1;\n"},
		{"newlines and comments", "x +\n y # comment; not a separator\n;\n  x*y\n", ParseOptions{}, "vars: x, y\nx + y;\nx*y;\n"},
		{"expansion", "(x+1)^2*(y-2)", ParseOptions{}, "vars: x, y\nx^2*y - 2*x^2 + 2*x*y - 4*x + y - 2;\n"},
		{"exact decimals", "0.1*x + 1.5e-3 - 2E+2 + .5 + 3.", ParseOptions{}, "vars: x\n1/10*x - 392997/2000;\n"},
		{"unary minus binds below ^", "-x^2; --x; x*-y; -2^2", ParseOptions{}, "vars: x, y\n-x^2;\nx;\n-x*y;\n-4;\n"},
		{"division by constants", "x/2/3 + 1/(1/2)", ParseOptions{}, "vars: x\n1/6*x + 2;\n"},
		{"division is left associative", "1/2/3*x + x/-2/3 + 2^3/4 + 3/4^2 + 6/2*x/3", ParseOptions{}, "vars: x\nx + 35/16;\n"},
		{"vars header fixes order", "vars: y, x\nx + y", ParseOptions{}, "vars: y, x\ny + x;\n"},
		{"vars header with spaces", "vars: x y z\nz", ParseOptions{}, "vars: x, y, z\nz;\n"},
		{"unused header variable kept", "vars: a, b\na", ParseOptions{}, "vars: a, b\na;\n"},
		{"options fix order", "b + a", ParseOptions{Vars: []string{"a", "b"}}, "vars: a, b\na + b;\n"},
		{"cancellation to zero", "x - x; 1", ParseOptions{}, "vars: x\n0;\n1;\n"},
		{"empty text", "", ParseOptions{}, "vars: \n"},
		{"powers of single terms", "(2*x)^3; (-x*y^2)^3; (x)^1; (3/2)^2", ParseOptions{}, "vars: x, y\n8*x^3;\n-x^3*y^6;\nx;\n9/4;\n"},
		{"exponent zero", "(x+y)^0 + x^0", ParseOptions{}, "vars: x, y\n2;\n"},
		{"vars as a variable", "vars^2 + 1", ParseOptions{}, "vars: vars\nvars^2 + 1;\n"},
		{"imaginary unit cancels", "(1+I)*(1-I)*x", ParseOptions{}, "vars: x\n2*x;\n"},
		{"lower-case unit", "(1+i)*(1-i)*x", ParseOptions{ImaginaryUnit: "i"}, "vars: x\n2*x;\n"},
		{"I is a variable when unit is i", "I + i*i", ParseOptions{ImaginaryUnit: "i"}, "vars: I\nI - 1;\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := tc.opts.Parse(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if got := s.String(); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestParseComplexGood(t *testing.T) {
	tests := []struct{ in, want string }{
		{"(1+2*I)*x^2 - I*y + (3-I)/(1+I)", "vars: x, y\n(1+2*I)*x^2 - I*y + (1-2*I);\n"},
		{"I^2; I^3*x; 2*I", "vars: x\n-1;\n-I*x;\n2*I;\n"},
		{"(I*x)^2; (1+I)^2*x; (-I)^3", "vars: x\n-x^2;\n2*I*x;\nI;\n"},
		{"(0.5-0.25*I)*z", "vars: z\n(1/2-1/4*I)*z;\n"},
	}
	for _, tc := range tests {
		s, err := ParseComplex(tc.in)
		if err != nil {
			t.Fatalf("%q: %v", tc.in, err)
		}
		if got := s.String(); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in        string
		opts      ParseOptions
		line, col int
		msg       string
	}{
		{"x^", ParseOptions{}, 1, 3, "expected exponent after '^'"},
		{"x + 1;\ny + x^ ;", ParseOptions{}, 2, 8, "expected exponent after '^'"},
		{"x^-1", ParseOptions{}, 1, 3, "expected exponent after '^'"},
		{"x^1.5", ParseOptions{}, 1, 3, "exponent must be a non-negative integer, got 1.5"},
		{"x^2^3", ParseOptions{}, 1, 4, "chained '^' is ambiguous; use parentheses"},
		{"2x", ParseOptions{}, 1, 2, `malformed number "2x"`},
		{"x 2", ParseOptions{}, 1, 3, "unexpected number 2; expected an operator, ';' or end of input (missing '*'?)"},
		{"x + 1\ny", ParseOptions{}, 2, 1, `unexpected identifier "y"; expected an operator, ';' or end of input (missing ';' at end of previous line?)`},
		{"x;;y", ParseOptions{}, 1, 3, "empty polynomial before ';'"},
		{";", ParseOptions{}, 1, 1, "empty polynomial before ';'"},
		{"x +", ParseOptions{}, 1, 4, "unexpected end of input; expected a number, a variable or '('"},
		{"(x + 1", ParseOptions{}, 1, 7, "unexpected end of input; expected ')' closing '(' at 1:1"},
		{"x)", ParseOptions{}, 1, 2, "unexpected ')'; expected an operator, ';' or end of input"},
		{"x $ y", ParseOptions{}, 1, 3, "unexpected character '$'"},
		{"x + é", ParseOptions{}, 1, 5, "unexpected non-ASCII character"},
		{"x/y", ParseOptions{}, 1, 3, "division by a non-constant polynomial"},
		{"x/(1-1)", ParseOptions{}, 1, 3, "division by zero"},
		{"x*.", ParseOptions{}, 1, 3, "unexpected '.'"},
		{"1e10001*x", ParseOptions{}, 1, 1, "decimal exponent in 1e10001 exceeds 10000"},
		{"vars: x\nx + y", ParseOptions{}, 2, 5, `unknown variable "y" (not in the vars: list)`},
		{"vars: x, x\nx", ParseOptions{}, 1, 10, `variable "x" listed twice`},
		{"vars: x,\nx", ParseOptions{}, 2, 1, "expected a variable name after ','"},
		{"vars: x, 2\nx", ParseOptions{}, 1, 10, "unexpected number 2 in vars: line; expected a variable name"},
		{"vars: x, I\nx", ParseOptions{}, 1, 10, `the imaginary unit "I" cannot be a variable`},
		{"vars: y, x\nx", ParseOptions{Vars: []string{"x", "y"}}, 1, 1, "vars: line [y x] differs from ParseOptions.Vars [x y]"},
		{"z", ParseOptions{Vars: []string{"x"}}, 1, 1, `unknown variable "z" (not in the vars: list)`},
		{"x;\ny + 2*I*x", ParseOptions{}, 2, 7, `polynomial 2 has a non-real coefficient (imaginary unit "I"); use ParseComplex`},
		{"(x+y)^100000", ParseOptions{}, 1, 7, "exponent 100000 exceeds the limit 1000"},
		{"x^99999999999999999999999", ParseOptions{}, 1, 3, "exponent 99999999999999999999999 exceeds the limit 1000"},
		{"x^600*x^600", ParseOptions{}, 1, 6, "expansion has degree 1200, above the limit 1000"},
		{"(x^600)^2", ParseOptions{}, 1, 8, "expansion has degree 1200, above the limit 1000"},
		{"(a+b+c+d+e)^200", ParseOptions{MaxWork: 10000}, 1, 12, "expansion too large (work limit 10000 exceeded)"},
		{"(a+b+c+d+e)^20", ParseOptions{MaxTerms: 1000}, 1, 12, "expansion has 1001 terms, above the limit 1000"},
		{"(x+y)^5", ParseOptions{MaxTerms: 5}, 1, 6, "expansion has 6 terms, above the limit 5"},
		{"(x+1)^500*(y+1)^500", ParseOptions{MaxDegree: 2000}, 1, 10, "expansion too large (work limit 1000000 exceeded)"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			_, err := tc.opts.Parse(tc.in)
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("got error %v, want a *ParseError", err)
			}
			if want := (ParseError{Line: tc.line, Col: tc.col, Msg: tc.msg}); *pe != want {
				t.Errorf("got  %v\nwant %v", pe, &want)
			}
		})
	}
}

func TestParseOptionErrors(t *testing.T) {
	for _, tc := range []struct {
		opts ParseOptions
		want string
	}{
		{ParseOptions{ImaginaryUnit: "1i"}, `poly: ParseOptions.ImaginaryUnit "1i" is not an identifier`},
		{ParseOptions{Vars: []string{"x", "x"}}, `poly: variable "x" appears twice (positions 0 and 1)`},
		{ParseOptions{Vars: []string{"I"}}, `poly: ParseOptions.Vars contains the imaginary unit "I"`},
	} {
		_, err := tc.opts.Parse("x")
		if err == nil || err.Error() != tc.want {
			t.Errorf("got %v, want %s", err, tc.want)
		}
	}
}

func TestParseExactValues(t *testing.T) {
	s := MustParse("0.1*x + 123.456e-2 + 7/3")
	p := s.Poly(0)
	if c := p.Coef(Monomial{1}); c.Cmp(big.NewRat(1, 10)) != 0 {
		t.Errorf("coefficient of x = %v, want 1/10", c)
	}
	want := new(big.Rat).Add(big.NewRat(123456, 100000), big.NewRat(7, 3))
	if c := p.Coef(Monomial{0}); c.Cmp(want) != 0 {
		t.Errorf("constant = %v, want %v", c, want)
	}
}

// TestParseHugeExpansionFast checks that the limits stop a huge expansion
// quickly: the test would time out rather than fail if they did not.
func TestParseHugeExpansionFast(t *testing.T) {
	for _, in := range []string{
		"(x+y)^100000",
		"(123456789/987654321*x + 13/17)^1000*(x+1)^1000",
		"((x+y+z)^30)^30",
		"(1e9999*x+1e9999)^1000",
	} {
		_, err := Parse(in)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%q: got %v, want a *ParseError", in, err)
		} else {
			t.Logf("%q: %v", in, err)
		}
	}
}

func TestPrintParseRoundTrip(t *testing.T) {
	texts := []string{
		"x^2 + y^2 - 1; x - 3/4*y;",
		"vars: a, b, c\n-a*b*c + 1/3; 0; 7",
		"(x-1/3)^5*(y+2/7)^3 - x^4*y^4",
	}
	for _, in := range texts {
		s := mustParse(t, in)
		if back := mustParse(t, s.String()); !s.Equal(back) {
			t.Errorf("%q printed as %q parses back as %q", in, s, back)
		}
	}
	c, err := ParseComplex("(1/2-I)*x^3 + I*y - I + 2; (3+4*I)*x*y")
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseComplex(c.String())
	if err != nil || !c.Equal(back) {
		t.Errorf("complex round trip: %q -> %q, %v", c, back, err)
	}
	// Printing with another unit name parses back with that unit.
	back, err = ParseOptions{ImaginaryUnit: "i"}.ParseComplex(FormatSystem(c, "i"))
	if err != nil || !c.Equal(back) {
		t.Errorf("round trip with unit i: %q -> %q, %v", FormatSystem(c, "i"), back, err)
	}
}

func TestParseErrorIsTyped(t *testing.T) {
	_, err := Parse("x^")
	var pe *ParseError
	if !errors.As(err, &pe) || err.Error() != "1:3: expected exponent after '^'" {
		t.Errorf("got %#v", err)
	}
}

func mustParse(t testing.TB, text string) System[*big.Rat] {
	t.Helper()
	s, err := Parse(text)
	if err != nil {
		t.Fatalf("Parse(%q): %v", text, err)
	}
	return s
}
