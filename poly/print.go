package poly

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// String formats p with the variable names x1, x2, ...; see Format.
func (p Poly[K]) String() string { return p.Format(defaultNames(p.n)) }

// Format formats p in the text form read by Parse, with the given names
// for its variables and I for the imaginary unit: terms in canonical
// order, e.g. "x^2 - 3/4*x*y + (1+2*I)*y - 1". Exact coefficients print
// exactly ("3/4"); float64 and complex128 print in the shortest decimal
// form that rounds back to the same double; *big.Float in the shortest
// decimal that rounds back at its precision. The zero polynomial is "0".
// It panics if len(names) < NumVars.
func (p Poly[K]) Format(names []string) string { return formatPoly(p, names, "I") }

// String formats s in the text form read by Parse: a first line
// "vars: x, y" fixing the variable order, then one polynomial per line,
// each ending in ';'. Parse(s.String()) gives back s exactly for exact
// coefficient kinds; float kinds give back the same doubles/big floats
// after Convert (with the same precision for *big.Float). A system with a
// variable named I needs FormatSystem with another unit name to parse.
func (s System[K]) String() string { return FormatSystem(s, "I") }

// FormatSystem is System.String with a chosen name for the imaginary unit
// (parse the result with ParseOptions{ImaginaryUnit: imagUnit}).
func FormatSystem[K Coeff](s System[K], imagUnit string) string {
	var b strings.Builder
	b.WriteString("vars: ")
	b.WriteString(strings.Join(s.vars, ", "))
	b.WriteByte('\n')
	for _, p := range s.polys {
		b.WriteString(formatPoly(p, s.vars, imagUnit))
		b.WriteString(";\n")
	}
	return b.String()
}

func formatPoly[K Coeff](p Poly[K], names []string, unit string) string {
	if len(p.terms) == 0 {
		return "0"
	}
	var b strings.Builder
	for k, t := range p.terms {
		neg, body := formatCoef(t.Coef, unit)
		switch {
		case k == 0 && neg:
			b.WriteByte('-')
		case k > 0 && neg:
			b.WriteString(" - ")
		case k > 0:
			b.WriteString(" + ")
		}
		if t.Exp.IsConstant() {
			b.WriteString(body)
			continue
		}
		if body != "1" {
			b.WriteString(body)
			b.WriteByte('*')
		}
		b.WriteString(t.Exp.Format(names))
	}
	return b.String()
}

// formatCoef splits c into a sign and the text of |c| (or of c itself when
// it has both a real and an imaginary part, as "(re+im*I)").
func formatCoef[K Coeff](c K, unit string) (neg bool, body string) {
	switch v := any(c).(type) {
	case float64:
		return math.Signbit(v), formatFloat(math.Abs(v))
	case complex128:
		re, im := real(v), imag(v)
		switch {
		case im == 0:
			return math.Signbit(re), formatFloat(math.Abs(re))
		case re == 0:
			return math.Signbit(im), imagText(formatFloat(math.Abs(im)), unit)
		}
		return false, complexText(formatFloat(re), math.Signbit(im), formatFloat(math.Abs(im)), unit)
	case *big.Rat:
		return v.Sign() < 0, new(big.Rat).Abs(v).RatString()
	case *big.Float:
		return v.Sign() < 0, new(big.Float).Abs(v).Text('g', -1)
	case *ComplexRat:
		switch {
		case v.Im.Sign() == 0:
			return v.Re.Sign() < 0, new(big.Rat).Abs(&v.Re).RatString()
		case v.Re.Sign() == 0:
			return v.Im.Sign() < 0, imagText(new(big.Rat).Abs(&v.Im).RatString(), unit)
		}
		return false, complexText(v.Re.RatString(), v.Im.Sign() < 0, new(big.Rat).Abs(&v.Im).RatString(), unit)
	}
	panic("unreachable")
}

func formatFloat(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

func imagText(absIm, unit string) string {
	if absIm == "1" {
		return unit
	}
	return absIm + "*" + unit
}

func complexText(re string, imNeg bool, absIm, unit string) string {
	sign := "+"
	if imNeg {
		sign = "-"
	}
	return "(" + re + sign + imagText(absIm, unit) + ")"
}

func formatComplexRat(z *ComplexRat, unit string) string {
	neg, body := formatCoef(z, unit)
	if neg {
		return "-" + body
	}
	return body
}
