package main

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// circleLine is x² + y² = 1 on the line x = 3/4·y: exact roots ±(3/5, 4/5).
const circleLine = "x^2 + y^2 - 1; x - 3/4*y"

// runSolveCmd runs "hypersteiner solve args..." with the given stdin.
func runSolveCmd(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(append([]string{"solve"}, args...), strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

// solveJSON mirrors the output; values stay raw because --prec > 53 makes
// them strings.
type solveJSON struct {
	Paths      int `json:"paths"`
	Finite     int `json:"finite"`
	Real       int `json:"real"`
	Singular   int `json:"singular"`
	AtInfinity int `json:"at_infinity"`
	Failed     int `json:"failed"`
	Infinity   []struct {
		Path      int      `json:"path"`
		By        string   `json:"by"`
		Valuation *float64 `json:"valuation"`
	} `json:"infinity"`
	Status            *string `json:"status"`
	NFev              *int    `json:"nfev"`
	NJev              *int    `json:"njev"`
	Certified         *int    `json:"certified"`
	CertifiedReal     *int    `json:"certified_real"`
	CertifiedDistinct *int    `json:"certified_distinct"`
	Solutions         []struct {
		Values        map[string][2]json.RawMessage `json:"values"`
		Residual      *float64                      `json:"residual"`
		Condition     *float64                      `json:"condition"`
		Real          bool                          `json:"real"`
		Singular      bool                          `json:"singular"`
		CertifiedFlag *bool                         `json:"certified"`
		Radius        *float64                      `json:"radius"`
		Realness      *string                       `json:"realness"`
		Prec          *uint                         `json:"prec"`
		Reason        *string                       `json:"reason"`
	} `json:"solutions"`
}

// solveOK runs the command, requires exit 0 and one line of JSON, and
// decodes it.
func solveOK(t *testing.T, stdin string, args ...string) (solveJSON, string) {
	t.Helper()
	out, errOut, code := runSolveCmd(t, stdin, args...)
	require.Equal(t, 0, code, "stderr: %s", errOut)
	require.Equal(t, 1, strings.Count(out, "\n"), "one line of JSON: %q", out)
	var r solveJSON
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	require.NoError(t, dec.Decode(&r), out)
	return r, errOut
}

// floatValue decodes a float64 value and fails on a string.
func floatValue(t *testing.T, raw json.RawMessage) float64 {
	t.Helper()
	var x float64
	require.NoError(t, json.Unmarshal(raw, &x), "value %s is not a JSON number", raw)
	return x
}

// stringValue decodes a decimal string value at prec bits.
func stringValue(t *testing.T, raw json.RawMessage, prec uint) (*big.Float, string) {
	t.Helper()
	var s string
	require.NoError(t, json.Unmarshal(raw, &s), "value %s is not a JSON string", raw)
	x, _, err := new(big.Float).SetPrec(prec).Parse(s, 10)
	require.NoError(t, err, s)
	return x, s
}

// ratDiff returns |x − want| exactly, as a float64.
func ratDiff(x float64, want *big.Rat) float64 {
	d, _ := new(big.Rat).Sub(new(big.Rat).SetFloat64(x), want).Float64()
	return math.Abs(d)
}

// bigRelErr returns |x − want| / |want| (|x − want| when want = 0).
func bigRelErr(x, want *big.Float) float64 {
	d := new(big.Float).SetPrec(want.Prec()).Sub(x, want)
	if want.Sign() != 0 {
		d.Quo(d, want)
	}
	f, _ := d.Abs(d).Float64()
	return f
}

// refFloat is the reference precision: twice the 200 bits under test.
const refPrec = 400

func bigSqrt(x float64) *big.Float {
	return new(big.Float).SetPrec(refPrec).Sqrt(new(big.Float).SetPrec(refPrec).SetFloat64(x))
}

// bigCbrt2 is 2^{1/3} by Newton's method on t³ = 2 at refPrec bits.
func bigCbrt2() *big.Float {
	p := uint(refPrec)
	t := new(big.Float).SetPrec(p).SetFloat64(math.Cbrt(2))
	two, three := new(big.Float).SetPrec(p).SetInt64(2), new(big.Float).SetPrec(p).SetInt64(3)
	for range 12 { // 50 → 400+ bits in 3 steps; more cost nothing
		t2 := new(big.Float).SetPrec(p).Mul(t, t)
		num := new(big.Float).SetPrec(p).Mul(t2, t)
		num.Sub(num, two)
		den := new(big.Float).SetPrec(p).Mul(three, t2)
		t.Sub(t, num.Quo(num, den))
	}
	return t
}

// TestSolveCircleLine: every method finds the exact roots ±(3/5, 4/5).
// Tolerance 1e-14 absolute on coordinates of size ≤ 1: the Jacobian's
// condition is about 2, so a float64 root is within a few ulps (1e-16) of
// the exact one; 1e-14 leaves a factor 100 for the solvers' stopping rules.
func TestSolveCircleLine(t *testing.T) {
	pos := [2]*big.Rat{big.NewRat(3, 5), big.NewRat(4, 5)}
	neg := [2]*big.Rat{big.NewRat(-3, 5), big.NewRat(-4, 5)}
	tests := []struct {
		name string
		args []string
		want [][2]*big.Rat // in output order
	}{
		{"homotopy", nil, [][2]*big.Rat{neg, pos}},
		{"homotopy seed 7", []string{"--seed", "7"}, [][2]*big.Rat{neg, pos}},
		{"hybrid +", []string{"--method", "hybrid", "--start", "x=1,y=1"}, [][2]*big.Rat{pos}},
		{"hybrid far", []string{"--method", "hybrid", "--start", "x=5,y=-3"}, [][2]*big.Rat{pos}},
		{"hybrid −", []string{"--method", "hybrid", "--start", "x=-1, y=-2"}, [][2]*big.Rat{neg}},
		{"newton +", []string{"--method", "newton", "--start", "x=1/2,y=1"}, [][2]*big.Rat{pos}},
		{"newton −", []string{"--method", "newton", "--start", "y=-2,x=-1"}, [][2]*big.Rat{neg}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, _ := solveOK(t, "", append(tc.args, circleLine)...)
			assert.Equal(t, len(tc.want), r.Paths)
			assert.Equal(t, len(tc.want), r.Finite)
			assert.Equal(t, len(tc.want), r.Real)
			assert.Zero(t, r.Singular)
			assert.Zero(t, r.AtInfinity)
			assert.Zero(t, r.Failed)
			require.Len(t, r.Solutions, len(tc.want))
			for k, s := range r.Solutions {
				assert.True(t, s.Real)
				assert.False(t, s.Singular)
				for i, name := range []string{"x", "y"} {
					v := s.Values[name]
					assert.LessOrEqual(t, ratDiff(floatValue(t, v[0]), tc.want[k][i]), 1e-14, "%s of solution %d", name, k)
					assert.Equal(t, 0.0, floatValue(t, v[1]), "a real root of a real system is printed with imaginary part 0")
				}
				require.NotNil(t, s.Residual)
				assert.LessOrEqual(t, *s.Residual, 1e-14)
				require.NotNil(t, s.Condition)
				assert.Less(t, *s.Condition, 10.0) // exactly 1.96 in rows scaled to unit ∞-norm
			}
			if tc.args != nil && tc.args[0] == "--method" {
				require.NotNil(t, r.Status)
				require.NotNil(t, r.NFev)
				require.NotNil(t, r.NJev)
				assert.Contains(t, []string{"xtol_reached", "converged"}, *r.Status)
				assert.Positive(t, *r.NFev)
				assert.Positive(t, *r.NJev)
			} else {
				assert.Nil(t, r.Status)
				assert.Nil(t, r.NFev)
			}
		})
	}
}

// TestSolveCubic: x³ − 2 has one real root 2^{1/3} and two complex ones
// 2^{1/3}·(−1/2 ± i·√3/2); all three to 1e-14 relative to |root| (a
// simple root of condition 1, so a few ulps are expected).
func TestSolveCubic(t *testing.T) {
	c := bigCbrt2()
	re := new(big.Float).SetPrec(refPrec).Quo(c, new(big.Float).SetInt64(-2))
	im := new(big.Float).SetPrec(refPrec).Mul(c, bigSqrt(3))
	im.Quo(im, new(big.Float).SetInt64(2))
	imNeg := new(big.Float).SetPrec(refPrec).Neg(im)
	zero := new(big.Float).SetPrec(refPrec)
	want := [][2]*big.Float{{c, zero}, {re, imNeg}, {re, im}} // real first, then by imaginary part
	cf, _ := c.Float64()

	r, _ := solveOK(t, "", "x^3 - 2")
	assert.Equal(t, 3, r.Paths)
	assert.Equal(t, 3, r.Finite)
	assert.Equal(t, 1, r.Real)
	require.Len(t, r.Solutions, 3)
	for k, s := range r.Solutions {
		assert.Equal(t, k == 0, s.Real, "solution %d", k)
		v := s.Values["x"]
		for p := range 2 {
			got := new(big.Float).SetPrec(refPrec).SetFloat64(floatValue(t, v[p]))
			d := new(big.Float).SetPrec(refPrec).Sub(got, want[k][p])
			df, _ := d.Abs(d).Float64()
			assert.LessOrEqual(t, df/cf, 1e-14, "solution %d part %d", k, p)
		}
	}
}

// TestSolveComplexCoefficients: systems with I. x·y = i, x = y gives
// x = y = ±(1+i)/√2; x² = 2i gives x = ±(1+i). Tolerance as for the cubic.
func TestSolveComplexCoefficients(t *testing.T) {
	h, _ := bigSqrt(0.5).Float64() // 1/√2 rounded once: within 1.2e-16 relative
	tests := []struct {
		system string
		want   [][]complex128 // per solution, per variable, in output order
	}{
		{"x*y - I; x - y", [][]complex128{{complex(-h, -h), complex(-h, -h)}, {complex(h, h), complex(h, h)}}},
		{"x^2 - 2*I", [][]complex128{{-1 - 1i}, {1 + 1i}}},
		{"(1+I)*x - 2", [][]complex128{{1 - 1i}}},
	}
	for _, tc := range tests {
		t.Run(tc.system, func(t *testing.T) {
			r, _ := solveOK(t, "", tc.system)
			require.Len(t, r.Solutions, len(tc.want))
			assert.Zero(t, r.Real)
			for k, s := range r.Solutions {
				assert.False(t, s.Real)
				for i, name := range []string{"x", "y"}[:len(tc.want[k])] {
					v := s.Values[name]
					got := complex(floatValue(t, v[0]), floatValue(t, v[1]))
					assert.InDelta(t, 0, cAbs(got-tc.want[k][i]), 1e-14*cAbs(tc.want[k][i]), "%s of solution %d: %v", name, k, got)
				}
			}
		})
	}
	// hybrid and newton refuse complex coefficients and name the term.
	for _, m := range []string{"hybrid", "newton"} {
		_, errOut, code := runSolveCmd(t, "", "--method", m, "x^2 + y - 1; x*y - (2+I)*y")
		assert.Equal(t, 2, code)
		assert.True(t, strings.HasPrefix(errOut, "hypersteiner solve: --method "+m+" needs a real system: equation 2, term y has the non-real coefficient "), errOut)
		assert.Contains(t, errOut, "-2-I")
		assert.Equal(t, 1, strings.Count(errOut, "\n"))
	}
	_, errOut, code := runSolveCmd(t, "", "--method", "newton", "x - I")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "equation 1, the constant term has the non-real coefficient -I")
}

func cAbs(z complex128) float64 { return math.Hypot(real(z), imag(z)) }

// TestSolvePrec: --prec 200 prints 60 significant digits; the roots of
// x² = 2, x·y = 1 are ±√2, ±1/√2 and must agree with 400-bit references
// to 1e-58 relative (58 digits; the 60 printed digits round to 5e-60, the
// refinement stops at a correction below 2^-202 ≈ 1.6e-61).
func TestSolvePrec(t *testing.T) {
	sq2 := bigSqrt(2)
	isq2 := bigSqrt(0.5)
	methods := [][]string{
		{"--prec", "200"},
		{"--prec", "200", "--method", "hybrid", "--start", "x=1,y=1"},
		{"--prec", "200", "--method", "newton", "--start", "x=-1,y=-1"},
	}
	for _, args := range methods {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			r, errOut := solveOK(t, "", append(args, "x^2 - 2; x*y - 1")...)
			assert.Empty(t, errOut)
			require.NotEmpty(t, r.Solutions)
			for _, s := range r.Solutions {
				x, xs := stringValue(t, s.Values["x"][0], refPrec)
				y, _ := stringValue(t, s.Values["y"][0], refPrec)
				_, ims := stringValue(t, s.Values["x"][1], refPrec)
				assert.Equal(t, "0", ims)
				assert.Equal(t, 60, countDigits(xs), "digits of %s", xs)
				wx, wy := sq2, isq2
				if x.Sign() < 0 {
					wx = new(big.Float).Neg(sq2)
					wy = new(big.Float).Neg(isq2)
				}
				assert.LessOrEqual(t, bigRelErr(x, wx), 1e-58, "x = %s", xs)
				assert.LessOrEqual(t, bigRelErr(y, wy), 1e-58)
				require.NotNil(t, s.Residual)
				assert.LessOrEqual(t, *s.Residual, 1e-58) // at the printed 60-digit values
			}
		})
	}

	// Complex roots go through the real/imaginary split of the system.
	c := bigCbrt2()
	re := new(big.Float).SetPrec(refPrec).Quo(c, new(big.Float).SetInt64(-2))
	im := new(big.Float).SetPrec(refPrec).Mul(c, bigSqrt(3))
	im.Quo(im, new(big.Float).SetInt64(2))
	r, _ := solveOK(t, "", "--prec", "200", "x^3 - 2")
	require.Len(t, r.Solutions, 3)
	x0, _ := stringValue(t, r.Solutions[0].Values["x"][0], refPrec)
	assert.LessOrEqual(t, bigRelErr(x0, c), 1e-58)
	for k, sign := range []int{1, -1} { // solutions 1, 2: imaginary part −, +
		v := r.Solutions[k+1].Values["x"]
		a, _ := stringValue(t, v[0], refPrec)
		b, _ := stringValue(t, v[1], refPrec)
		w := new(big.Float).SetPrec(refPrec).Neg(im)
		if sign < 0 {
			w.Neg(w)
		}
		assert.LessOrEqual(t, bigRelErr(a, re), 1e-58)
		assert.LessOrEqual(t, bigRelErr(b, w), 1e-58)
	}

	// A complex-coefficient system at 100 bits: 30 digits of (1+i)/√2.
	r, _ = solveOK(t, "", "--prec", "100", "x*y - I; x - y")
	require.Len(t, r.Solutions, 2)
	a, as := stringValue(t, r.Solutions[1].Values["y"][0], refPrec)
	assert.Equal(t, 30, countDigits(as))
	assert.LessOrEqual(t, bigRelErr(a, isq2), 1e-29)
}

// countDigits counts the significant digits of a decimal string.
func countDigits(s string) int {
	s, _, _ = strings.Cut(strings.ToLower(s), "e")
	s = strings.TrimLeft(strings.ReplaceAll(strings.TrimLeft(s, "+-"), ".", ""), "0")
	return len(s)
}

// TestSolveParseErrors: one line "hypersteiner solve: LINE:COL: message",
// exit status 2, nothing on stdout.
func TestSolveParseErrors(t *testing.T) {
	tests := []struct {
		text, want string
	}{
		{"x^2 + * y", "1:7: unexpected '*'; expected a number, a variable or '('"},
		{"x + y;\ny ^ ^ 2", "2:5: expected exponent after '^'"},
		{"vars: x, y\nx^2 + z", "2:7: unknown variable \"z\" (not in the vars: list)"},
		{"x^2 + 3/0*y", "1:9: division by zero"},
		{"x + 1.2.3", "1:8: malformed number \"1.2.\""},
		{"x;\n\n  y @ 2", "3:5: unexpected character '@'"},
	}
	for _, tc := range tests {
		for _, via := range []string{"arg", "stdin"} {
			var out, errOut string
			var code int
			if via == "arg" {
				out, errOut, code = runSolveCmd(t, "", tc.text)
			} else {
				out, errOut, code = runSolveCmd(t, tc.text)
			}
			assert.Equal(t, 2, code, "%q via %s", tc.text, via)
			assert.Empty(t, out)
			assert.Equal(t, "hypersteiner solve: "+tc.want+"\n", errOut, "%q via %s", tc.text, via)
		}
	}
}

// TestSolveBadInput: bad command lines and systems exit with 2 and one
// clear line; nothing is written to stdout.
func TestSolveBadInput(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string // substring of the one stderr line
	}{
		{"not square", []string{"x + y"}, "the system is not square: 1 equations in 2 unknowns (unknowns x, y)"},
		{"not square 2", []string{"x - 1; x + 1"}, "2 equations in 1 unknowns"},
		{"NaN is a name", []string{"x - NaN"}, "1 equations in 2 unknowns (unknowns x, NaN)"},
		{"empty", []string{""}, "the system has no equations"},
		{"constant only", []string{"1"}, "not square: 1 equations in 0 unknowns (no unknowns)"},
		{"zero equation", []string{"x - x; y"}, "equation 1 is identically zero"},
		{"overflow", []string{"1e400*x - 1"}, "equation 1, term x: coefficient 1e+400 overflows float64"},
		{"overflow newton", []string{"--method", "newton", "x; y^2 - 2e308*x*y"}, "equation 2, term x*y: coefficient -2e+308 overflows float64"},
		{"underflow", []string{"x; y - 1e-400"}, "equation 2, the constant term: coefficient -1e-400 underflows float64"},
		{"start unknown var", []string{"--method", "newton", "--start", "x=1,z=2", circleLine}, "--start: z is not a variable of the system (its variables are x, y)"},
		{"start missing var", []string{"--method", "hybrid", "--start", "x=1", circleLine}, "--start: no value for y"},
		{"start twice", []string{"--method", "hybrid", "--start", "x=1,y=2,x=3", circleLine}, "--start: x is given twice"},
		{"start NaN", []string{"--method", "hybrid", "--start", "x=NaN,y=0", circleLine}, "--start: x=NaN: not a finite float64"},
		{"start Inf", []string{"--method", "newton", "--start", "x=1,y=-Inf", circleLine}, "--start: y=-Inf: not a finite float64"},
		{"start overflow", []string{"--method", "newton", "--start", "x=1e400,y=0", circleLine}, "--start: x=1e400: not a finite float64"},
		{"start word", []string{"--method", "newton", "--start", "x=one,y=0", circleLine}, "--start: x=one: not a number"},
		{"start form", []string{"--method", "newton", "--start", "x=1;y=2", circleLine}, `--start: x=1;y=2: not a number`},
		{"start no =", []string{"--method", "newton", "--start", "x 1,y=2", circleLine}, `--start: "x 1" is not of the form name=value`},
		{"start empty item", []string{"--method", "newton", "--start", "x=1,,y=2", circleLine}, `--start: "" is not of the form name=value`},
		{"start with homotopy", []string{"--start", "x=1,y=1", circleLine}, "--start is for --method hybrid or newton"},
		{"method", []string{"--method", "bisection", circleLine}, `--method must be homotopy, hybrid or newton, not "bisection"`},
		{"prec low", []string{"--prec", "24", circleLine}, "--prec must be between 53"},
		{"prec high", []string{"--prec", "100000", circleLine}, "--prec must be between 53"},
		{"flag", []string{"--precision", "100", circleLine}, "flag provided but not defined: -precision"},
		{"two systems", []string{"x - 1", "y - 1"}, "one SYSTEM at most, got 2 arguments"},
		{"missing file", []string{"nosuchdir/system.txt"}, `(and there is no file "nosuchdir/system.txt")`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runSolveCmd(t, "", tc.args...)
			assert.Equal(t, 2, code)
			assert.Empty(t, out)
			assert.Equal(t, 1, strings.Count(errOut, "\n"), errOut)
			assert.True(t, strings.HasPrefix(errOut, "hypersteiner solve: "), errOut)
			assert.Contains(t, errOut, tc.want)
		})
	}
}

// TestSolveHelp: -h prints the usage and exits 0.
func TestSolveHelp(t *testing.T) {
	out, errOut, code := runSolveCmd(t, "", "-h")
	assert.Equal(t, 0, code)
	assert.Empty(t, out)
	for _, s := range []string{"usage: hypersteiner solve", "default: all zeros", "-prec", "-seed", "decimal STRINGS"} {
		assert.Contains(t, errOut, s)
	}
}

// TestSolveJSONKeys: exactly the documented keys, in the documented order,
// values in the system's variable order.
func TestSolveJSONKeys(t *testing.T) {
	keys := func(t *testing.T, raw []byte) []string {
		t.Helper()
		dec := json.NewDecoder(bytes.NewReader(raw))
		tok, err := dec.Token()
		require.NoError(t, err)
		require.Equal(t, json.Delim('{'), tok)
		var ks []string
		for dec.More() {
			k, err := dec.Token()
			require.NoError(t, err)
			ks = append(ks, k.(string))
			var skip json.RawMessage
			require.NoError(t, dec.Decode(&skip))
		}
		return ks
	}
	top := []string{"paths", "finite", "real", "singular", "at_infinity", "failed", "solutions"}
	local := []string{"paths", "finite", "real", "singular", "at_infinity", "failed", "status", "nfev", "njev", "solutions"}
	sol := []string{"values", "residual", "condition", "real", "singular"}
	for _, tc := range []struct {
		args []string
		top  []string
	}{
		{[]string{"vars: y, x\n" + circleLine}, top},
		{[]string{"--method", "hybrid", "--start", "x=1,y=1", "vars: y, x\n" + circleLine}, local},
		{[]string{"--method", "newton", "--start", "x=1,y=1", "vars: y, x\n" + circleLine}, local},
	} {
		out, _, code := runSolveCmd(t, "", tc.args...)
		require.Equal(t, 0, code)
		assert.Equal(t, tc.top, keys(t, []byte(out)))
		var r struct{ Solutions []json.RawMessage }
		require.NoError(t, json.Unmarshal([]byte(out), &r))
		require.NotEmpty(t, r.Solutions)
		for _, s := range r.Solutions {
			assert.Equal(t, sol, keys(t, s))
			var v struct{ Values json.RawMessage }
			require.NoError(t, json.Unmarshal(s, &v))
			assert.Equal(t, []string{"y", "x"}, keys(t, v.Values), "the vars: line fixes the order")
		}
	}
	// No solution: "solutions" is an empty list, not null.
	out, _, code := runSolveCmd(t, "", "x^2 + y^2; x^2 + y^2 - 1")
	require.Equal(t, 0, code)
	assert.Contains(t, out, `"solutions":[]`)
	assert.Contains(t, out, `"at_infinity":4`)
}

// TestSolveSources: SYSTEM from an argument, a file, "-" and no argument.
func TestSolveSources(t *testing.T) {
	want, _, code := runSolveCmd(t, "", circleLine)
	require.Equal(t, 0, code)
	file := filepath.Join(t.TempDir(), "circle.sys")
	require.NoError(t, os.WriteFile(file, []byte("# circle and line\nx^2 + y^2 - 1;\nx - 3/4*y;\n"), 0o644))
	for _, tc := range []struct {
		stdin string
		args  []string
	}{
		{"", []string{file}},
		{circleLine, []string{"-"}},
		{circleLine, nil},
	} {
		out, errOut, code := runSolveCmd(t, tc.stdin, tc.args...)
		assert.Equal(t, 0, code, errOut)
		assert.Equal(t, want, out, "args %q", tc.args)
	}
	// A parse error in a file keeps its line and column.
	bad := filepath.Join(t.TempDir(), "bad.sys")
	require.NoError(t, os.WriteFile(bad, []byte("x^2 - 1;\ny^^2;\n"), 0o644))
	_, errOut, code := runSolveCmd(t, "", bad)
	assert.Equal(t, 2, code)
	assert.Equal(t, "hypersteiner solve: 2:3: expected exponent after '^'\n", errOut)
}

// TestSolveDeterministic: the same command prints the same bytes; another
// seed (another γ) finds the same solutions in the same order.
func TestSolveDeterministic(t *testing.T) {
	const sys = "x^2 + y^2 - 4; x*y - 1"
	a, _, _ := runSolveCmd(t, "", sys)
	b, _, _ := runSolveCmd(t, "", sys)
	assert.Equal(t, a, b)
	r1, _ := solveOK(t, "", sys)
	r2, _ := solveOK(t, "", "--seed", "12345", sys)
	require.Equal(t, 4, r1.Real)
	require.Len(t, r2.Solutions, len(r1.Solutions))
	for k := range r1.Solutions {
		for _, name := range []string{"x", "y"} {
			for p := range 2 {
				// Roots of size ≤ 2 with condition ≈ 1: both runs are within a few ulps.
				assert.InDelta(t, floatValue(t, r1.Solutions[k].Values[name][p]), floatValue(t, r2.Solutions[k].Values[name][p]), 1e-14)
			}
		}
	}
}

// TestSolvePositiveDimensional: two lines of solutions are reported as
// homotopy sees them (singular end points), with exit 0 and a warning.
// (A single line, x − y = 0 twice, has one path, which goes to the line's
// point at infinity: "at_infinity": 1, no finite solution.)
func TestSolvePositiveDimensional(t *testing.T) {
	r, errOut := solveOK(t, "", "x^2 - y^2; x - y")
	assert.Equal(t, 2, r.Paths)
	assert.Equal(t, r.Finite, r.Singular, "no nonsingular solution may be claimed")
	for _, s := range r.Solutions {
		assert.True(t, s.Singular)
		assert.True(t, s.Condition == nil || *s.Condition > 1e10, "a condition above 1e10, or null when singular to working precision")
	}
	assert.Equal(t, 1, strings.Count(errOut, "\n"))
	assert.Contains(t, errOut, "hypersteiner solve: warning: ")
	assert.Contains(t, errOut, "positive-dimensional")

	// --prec does not pretend to refine a singular point.
	r, errOut = solveOK(t, "", "--prec", "128", "x^2 - y^2; x - y")
	for _, s := range r.Solutions {
		_, xs := stringValue(t, s.Values["x"][0], 128)
		assert.LessOrEqual(t, countDigits(xs), 17, "float64 values only")
	}
	assert.Contains(t, errOut, "is singular: not refined")
}

// TestSolveLocalFailure: hybrid and newton from a point where they cannot
// converge (x² + 1 has no real root) still write the JSON (failed = 1, no
// solution, the solver's status) and a warning, but exit 1, since nothing
// was solved; --allow-fail makes that exit 0.
func TestSolveLocalFailure(t *testing.T) {
	for _, m := range []string{"hybrid", "newton"} {
		out, errOut, code := runSolveCmd(t, "", "--method", m, "--start", "x=0.5", "x^2 + 1")
		assert.Equal(t, 1, code, errOut)
		assert.Contains(t, errOut, m+" did not converge")
		assert.Contains(t, errOut, "found no solution from the start")
		var r solveJSON
		require.NoError(t, json.Unmarshal([]byte(out), &r), out)
		assert.Equal(t, 1, r.Paths)
		assert.Equal(t, 1, r.Failed)
		assert.Zero(t, r.Finite)
		assert.Empty(t, r.Solutions)
		require.NotNil(t, r.Status)
		assert.NotContains(t, []string{"xtol_reached", "converged"}, *r.Status, "stopped by its limits, not by convergence")

		r2, _ := solveOK(t, "", "--method", m, "--start", "x=0.5", "--allow-fail", "x^2 + 1")
		assert.Equal(t, r, r2, "--allow-fail changes the exit status only")
	}
	// Default start 0: Newton's Jacobian is singular there.
	r, _ := solveOK(t, "", "--method", "newton", "--allow-fail", "x^2 - 1")
	require.NotNil(t, r.Status)
	assert.Equal(t, "singular_jacobian", *r.Status)
	assert.Equal(t, 1, r.Failed)
	// A converged local run exits 0 without the flag.
	r, _ = solveOK(t, "", "--method", "newton", "--start", "x=1", "x^2 - 2")
	assert.Equal(t, 1, r.Finite)
}

// BenchmarkSolveCommand measures whole runs of the command (parse, solve,
// JSON) on the circle–line system and on x³ − 2 at 200 bits.
func BenchmarkSolveCommand(b *testing.B) {
	for _, bc := range []struct {
		name string
		args []string
	}{
		{"homotopy", []string{circleLine}},
		{"hybrid", []string{"--method", "hybrid", "--start", "x=1,y=1", circleLine}},
		{"newton", []string{"--method", "newton", "--start", "x=1,y=1", circleLine}},
		{"homotopy-prec200", []string{"--prec", "200", "x^3 - 2"}},
		{"homotopy-katsura3", []string{"u0 + 2*u1 + 2*u2 + 2*u3 - 1; u0^2 + 2*u1^2 + 2*u2^2 + 2*u3^2 - u0; 2*u0*u1 + 2*u1*u2 + 2*u2*u3 - u1; u1^2 + 2*u0*u2 + 2*u1*u3 - u2"}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			args := append([]string{"solve"}, bc.args...)
			for b.Loop() {
				if code := run(args, strings.NewReader(""), io.Discard, io.Discard); code != 0 {
					b.Fatalf("exit %d", code)
				}
			}
		})
	}
}
