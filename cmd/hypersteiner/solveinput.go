package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"os"
	"strconv"
	"strings"

	"github.com/hypersteiner/hypersteiner/internal/cli"
	"github.com/hypersteiner/hypersteiner/poly"
)

// Reading and checking the input of solve:
// the system text, its square shape and float64 range, --start.

// looksLikePath reports whether arg, which failed to parse as a system,
// was probably meant as a file name: one word of name characters with a
// '.' or a '/'.
func looksLikePath(arg string) bool {
	if arg == "" || !strings.ContainsAny(arg, "./") {
		return false
	}
	for _, r := range arg {
		if !(r == '.' || r == '/' || r == '-' || r == '_' || r == '~' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z') {
			return false
		}
	}
	return true
}

// readSystemText returns the system text: standard input for "" or "-",
// the file arg if it exists, else arg itself.
func readSystemText(arg string, stdin io.Reader) (text string, fromFile bool, err error) {
	if arg == "" || arg == "-" {
		b, err := io.ReadAll(stdin)
		if err != nil {
			return "", false, fmt.Errorf("reading standard input: %w", err)
		}
		return string(b), false, nil
	}
	if st, err := os.Stat(arg); err == nil && !st.IsDir() {
		b, err := os.ReadFile(arg)
		if err != nil {
			return "", false, cli.Input(err)
		}
		return string(b), true, nil
	}
	return arg, false, nil
}

// parseSquareSystem parses text (allowing the imaginary unit I) and checks
// that the system is square with no identically zero equation. Every error
// is an input error (exit status 2); a parse error prints as LINE:COL: msg.
func parseSquareSystem(text string) (poly.System[*poly.ComplexRat], error) {
	sys, err := poly.ParseComplex(text)
	if err != nil {
		return sys, cli.Input(err)
	}
	if sys.NumEqs() == 0 {
		return sys, cli.Input(errors.New("the system has no equations"))
	}
	if !sys.IsSquare() {
		vars := "no unknowns"
		if sys.NumVars() > 0 {
			vars = "unknowns " + strings.Join(sys.Vars(), ", ")
		}
		return sys, cli.Input(fmt.Errorf("the system is not square: %d equations in %d unknowns (%s)", sys.NumEqs(), sys.NumVars(), vars))
	}
	for i, p := range sys.Polys() {
		if p.IsZero() {
			return sys, cli.Input(fmt.Errorf("equation %d is identically zero after expansion: every point solves it", i+1))
		}
	}
	return sys, checkFloat64Range(sys)
}

// checkFloat64Range returns an input error naming the first coefficient
// that overflows float64, or is nonzero and rounds to zero: the float64 and
// complex128 solvers (homotopy included) would see another system.
func checkFloat64Range(sys poly.System[*poly.ComplexRat]) error {
	for i, p := range sys.Polys() {
		for k := range p.NumTerms() {
			t := p.Term(k)
			z, err := poly.ConvertValue[complex128](t.Coef, 0)
			what := ""
			switch {
			case errors.Is(err, poly.ErrOverflow):
				what = "overflows float64"
			case err != nil:
				what = err.Error()
			case z == 0:
				// Both parts are below 2^-1074: the term would vanish. (One
				// part rounding to 0 next to a nonzero other part is an
				// absolute change below 2^-1074, like any rounding there.)
				what = "underflows float64 (rounds to 0, the term would vanish)"
			default:
				continue
			}
			return cli.Input(fmt.Errorf("equation %d, %s: coefficient %s %s", i+1, termName(t.Exp, sys.Vars()), shortCoef(t.Coef), what))
		}
	}
	return nil
}

// termName names a term by its monomial: "term x^2*y" or "the constant term".
func termName(m poly.Monomial, vars []string) string {
	if m.IsConstant() {
		return "the constant term"
	}
	return "term " + m.Format(vars)
}

// shortCoef prints a coefficient with 6 significant digits per part (the
// exact form of a huge or tiny one can run to hundreds of digits).
func shortCoef(c *poly.ComplexRat) string {
	part := func(r *big.Rat) string { return new(big.Float).SetPrec(64).SetRat(r).Text('g', 6) }
	if c.Im.Sign() == 0 {
		return part(&c.Re)
	}
	im := part(new(big.Rat).Abs(&c.Im))
	if im == "1" {
		im = "I"
	} else {
		im += "*I"
	}
	sign := "+"
	if c.Im.Sign() < 0 {
		sign = "-"
	}
	if c.Re.Sign() == 0 {
		return strings.TrimPrefix(sign, "+") + im
	}
	return "(" + part(&c.Re) + sign + im + ")"
}

// nonRealTerm returns an error naming the first coefficient with a nonzero
// imaginary part, or nil.
func nonRealTerm(sys poly.System[*poly.ComplexRat]) error {
	for i, p := range sys.Polys() {
		for k := range p.NumTerms() {
			t := p.Term(k)
			if !t.Coef.IsReal() {
				return fmt.Errorf("equation %d, %s has the non-real coefficient %s", i+1, termName(t.Exp, sys.Vars()), shortCoef(t.Coef))
			}
		}
	}
	return nil
}

// parseStart reads --start "x=0.5,y=-1/3": every variable exactly once.
// An empty spec is the origin.
func parseStart(spec string, vars []string) ([]float64, error) {
	x := make([]float64, len(vars))
	if strings.TrimSpace(spec) == "" {
		return x, nil
	}
	index := make(map[string]int, len(vars))
	for i, v := range vars {
		index[v] = i
	}
	seen := make([]bool, len(vars))
	for _, item := range strings.Split(spec, ",") {
		name, val, ok := strings.Cut(item, "=")
		name, val = strings.TrimSpace(name), strings.TrimSpace(val)
		if !ok || name == "" || val == "" {
			return nil, cli.Usagef("--start: %q is not of the form name=value", strings.TrimSpace(item))
		}
		i, known := index[name]
		if !known {
			return nil, cli.Usagef("--start: %s is not a variable of the system (its variables are %s)", name, strings.Join(vars, ", "))
		}
		if seen[i] {
			return nil, cli.Usagef("--start: %s is given twice", name)
		}
		seen[i] = true
		v, err := parseStartValue(val)
		if err != nil {
			return nil, cli.Usagef("--start: %s=%s: %v", name, val, err)
		}
		x[i] = v
	}
	var missing []string
	for i, ok := range seen {
		if !ok {
			missing = append(missing, vars[i])
		}
	}
	if len(missing) > 0 {
		return nil, cli.Usagef("--start: no value for %s (give every variable, or omit --start to start at zero)", strings.Join(missing, ", "))
	}
	return x, nil
}

// parseStartValue reads a decimal or p/q, finite in float64.
func parseStartValue(s string) (float64, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		r, ok := new(big.Rat).SetString(s)
		if !ok {
			return 0, errors.New("not a number")
		}
		v, _ = r.Float64()
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, errors.New("not a finite float64")
	}
	return v, nil
}

// formatPoint prints x as "(x=…, y=…)".
func formatPoint(vars []string, x []float64) string {
	parts := make([]string, len(x))
	for i, v := range x {
		parts[i] = vars[i] + "=" + cli.FormatFloat(v)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}
