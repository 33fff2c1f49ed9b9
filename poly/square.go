package poly

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// Checks of a parsed system before a solver takes it, and points of its
// unknowns written as text. Their errors name the equation and the term
// in the user's terms, for commands to print as they are.

// CheckSolvable returns an error unless s is a system a square solver can
// take: at least one equation, as many equations as unknowns, and no
// equation that is identically zero after expansion (every point would
// solve it).
func (s System[K]) CheckSolvable() error {
	if s.NumEqs() == 0 {
		return errors.New("the system has no equations")
	}
	if !s.IsSquare() {
		vars := "no unknowns"
		if s.NumVars() > 0 {
			vars = "unknowns " + strings.Join(s.vars, ", ")
		}
		return fmt.Errorf("the system is not square: %d equations in %d unknowns (%s)", s.NumEqs(), s.NumVars(), vars)
	}
	for i, p := range s.polys {
		if p.IsZero() {
			return fmt.Errorf("equation %d is identically zero after expansion: every point solves it", i+1)
		}
	}
	return nil
}

// CheckFloat64 returns an error naming the first coefficient of s that
// overflows float64, or is nonzero and rounds to zero there: the float64
// and complex128 solvers would see another system.
func CheckFloat64(s System[*ComplexRat]) error {
	return s.firstTerm(func(c *ComplexRat) string {
		z, err := ConvertValue[complex128](c, 0)
		switch {
		case errors.Is(err, ErrOverflow):
			return "overflows float64"
		case err != nil:
			return err.Error()
		case z == 0:
			// Both parts are below 2^-1074: the term would vanish. (One
			// part rounding to 0 next to a nonzero other part is an
			// absolute change below 2^-1074, like any rounding there.)
			return "underflows float64 (rounds to 0, the term would vanish)"
		}
		return ""
	}, "equation %d, %s: coefficient %s %s")
}

// CheckReal returns an error naming the first coefficient of s with a
// nonzero imaginary part, or nil when s is a real system.
func CheckReal(s System[*ComplexRat]) error {
	return s.firstTerm(func(c *ComplexRat) string {
		if c.IsReal() {
			return ""
		}
		return "non-real"
	}, "equation %d, %s has the %[4]s coefficient %[3]s")
}

// firstTerm returns the error, formatted by format from the equation's
// number, the term's name, its coefficient and what, of the first term
// for which what returns a nonempty text.
func (s System[K]) firstTerm(what func(K) string, format string) error {
	for i, p := range s.polys {
		for _, t := range p.terms {
			if w := what(t.Coef); w != "" {
				return fmt.Errorf(format, i+1, termName(t.Exp, s.vars), shortCoef(t.Coef), w)
			}
		}
	}
	return nil
}

// termName names a term by its monomial: "term x^2*y" or "the constant term".
func termName(m Monomial, vars []string) string {
	if m.IsConstant() {
		return "the constant term"
	}
	return "term " + m.Format(vars)
}

// shortCoef prints a coefficient with 6 significant digits per part (the
// exact form of a huge or tiny one can run to hundreds of digits).
func shortCoef[K Coeff](k K) string {
	c, err := exactValue(k)
	if err != nil {
		return fmt.Sprint(k)
	}
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

// ErrMissingValue is matched (errors.Is) by the error of ParsePoint for a
// point that leaves unknowns out.
var ErrMissingValue = errors.New("poly: an unknown has no value")

type missingError struct{ names []string }

func (e *missingError) Error() string        { return "no value for " + strings.Join(e.names, ", ") }
func (e *missingError) Is(target error) bool { return target == ErrMissingValue }

// ParsePoint reads a real point of the unknowns of s written as
// "x=0.5, y=-1/3": every unknown exactly once, each value a decimal
// (strconv.ParseFloat's forms) or p/q, finite in float64 (p/q rounded to
// nearest). An empty spec is the origin.
func (s System[K]) ParsePoint(spec string) ([]float64, error) {
	x := make([]float64, len(s.vars))
	if strings.TrimSpace(spec) == "" {
		return x, nil
	}
	seen := make([]bool, len(s.vars))
	for _, item := range strings.Split(spec, ",") {
		name, val, ok := strings.Cut(item, "=")
		name, val = strings.TrimSpace(name), strings.TrimSpace(val)
		if !ok || name == "" || val == "" {
			return nil, fmt.Errorf("%q is not of the form name=value", strings.TrimSpace(item))
		}
		i, known := s.VarIndex(name)
		if !known {
			return nil, fmt.Errorf("%s is not a variable of the system (its variables are %s)", name, strings.Join(s.vars, ", "))
		}
		if seen[i] {
			return nil, fmt.Errorf("%s is given twice", name)
		}
		seen[i] = true
		v, err := parsePointValue(val)
		if err != nil {
			return nil, fmt.Errorf("%s=%s: %v", name, val, err)
		}
		x[i] = v
	}
	var missing []string
	for i, ok := range seen {
		if !ok {
			missing = append(missing, s.vars[i])
		}
	}
	if len(missing) > 0 {
		return nil, &missingError{missing}
	}
	return x, nil
}

// parsePointValue reads a decimal or p/q, finite in float64.
func parsePointValue(s string) (float64, error) {
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
