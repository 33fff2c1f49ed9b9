package poly

import "testing"

// FuzzParse checks that the parser never panics or hangs, and that any
// text it accepts prints to a text that parses back to the same system
// (for real and complex parsing, and with i as the unit).
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"x^2 + y^2 - 1; x - 3/4*y;",
		"vars: x, y\n(x+1)^2*(y-2);\n",
		"vars: b a\n a*b - 0.1e-3; 1.5E+2*a^0",
		"(1+2*I)*x^2 - I*y + (3-I)/(1+I)",
		"(0.76771879+0.32820278*i)*x1*x3 - 1.35684269291e-05*bx*x",
		"-(-x)^3/2/3 # comment\n; --y",
		"x^; 2x; x^2^3; (x; x/y; x/0; ;;",
		"(x+y)^100000",
		"((((x))))^10",
		"",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		// Small limits keep each input fast; the limits themselves are
		// part of what is being tested.
		opts := ParseOptions{MaxDegree: 60, MaxTerms: 2000, MaxWork: 50000}
		if s, err := opts.Parse(text); err == nil {
			back, err := opts.Parse(s.String())
			if err != nil {
				t.Fatalf("printed form %.200q of %.200q does not parse: %v", s, text, err)
			}
			if !back.Equal(s) {
				t.Fatalf("round trip of %.200q: %.200q became %.200q", text, s, back)
			}
		}
		if s, err := opts.ParseComplex(text); err == nil {
			back, err := opts.ParseComplex(s.String())
			if err != nil || !back.Equal(s) {
				t.Fatalf("complex round trip of %.200q: %.200q became %.200q, %v", text, s, back, err)
			}
		}
		iopts := opts
		iopts.ImaginaryUnit = "i"
		if s, err := iopts.ParseComplex(text); err == nil {
			back, err := iopts.ParseComplex(FormatSystem(s, "i"))
			if err != nil || !back.Equal(s) {
				t.Fatalf("unit-i round trip of %.200q: %.200q became %.200q, %v", text, s, back, err)
			}
		}
	})
}
