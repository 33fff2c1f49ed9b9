package poly

import (
	"errors"
	"fmt"
	"math"
	"math/big"
)

// Conversion failures, wrapped in a *ConvertError.
var (
	ErrNonFinite = errors.New("coefficient is NaN or infinite")
	ErrNonReal   = errors.New("coefficient has a nonzero imaginary part")
	ErrOverflow  = errors.New("coefficient overflows float64")
	ErrPrecision = errors.New("conversion to *big.Float needs a precision > 0")
)

// ConvertError locates a coefficient that cannot be converted.
type ConvertError struct {
	Poly int      // index of the polynomial in its system, −1 for a lone Poly
	Term int      // index of the term in canonical order
	Exp  Monomial // the term's monomial
	Err  error    // ErrNonFinite, ErrNonReal, ErrOverflow or ErrPrecision
}

func (e *ConvertError) Error() string {
	where := fmt.Sprintf("term %d (%s)", e.Term, e.Exp)
	if e.Poly >= 0 {
		where = fmt.Sprintf("polynomial %d, %s", e.Poly, where)
	}
	return fmt.Sprintf("poly: convert: %s: %v", where, e.Err)
}

func (e *ConvertError) Unwrap() error { return e.Err }

// Convert returns p with coefficients of kind To. Every coefficient goes
// through its exact value (every finite float64, complex128 and *big.Float
// is a dyadic rational), then:
//
//   - to *big.Rat or *ComplexRat: exact (float64 0.1 becomes
//     3602879701896397/36028797018963968, as big.Rat.SetFloat64);
//   - to float64, complex128: rounded to nearest, ties to even, each part
//     separately; a magnitude beyond float64 range is ErrOverflow, and a
//     coefficient that underflows to 0 disappears;
//   - to *big.Float: rounded to nearest even at precision prec (prec is
//     used only for this target and must be > 0).
//
// A nonzero imaginary part with a real target (float64, *big.Rat,
// *big.Float) is ErrNonReal; a NaN or Inf coefficient is ErrNonFinite.
// Errors are *ConvertError.
func Convert[To, From Coeff](p Poly[From], prec uint) (Poly[To], error) {
	ts := make([]Term[To], 0, len(p.terms))
	for k, t := range p.terms {
		c, err := convertCoef[To](t.Coef, prec)
		if err != nil {
			return Poly[To]{}, &ConvertError{Poly: -1, Term: k, Exp: t.Exp, Err: err}
		}
		ts = append(ts, Term[To]{Coef: c, Exp: t.Exp})
	}
	// Rounding can make distinct coefficients zero but never merges
	// monomials, so only zeros need removing; combine does that.
	return Poly[To]{n: p.n, terms: combine(FieldOf[To](), ts)}, nil
}

// ConvertSystem converts every polynomial of s as Convert does.
func ConvertSystem[To, From Coeff](s System[From], prec uint) (System[To], error) {
	ps := make([]Poly[To], len(s.polys))
	for i, p := range s.polys {
		q, err := Convert[To](p, prec)
		if err != nil {
			var ce *ConvertError
			if errors.As(err, &ce) {
				ce.Poly = i
			}
			return System[To]{}, err
		}
		ps[i] = q
	}
	return System[To]{vars: s.vars, polys: ps}, nil
}

// ExactSquare returns the square system s with exact complex rational
// coefficients (ConvertSystem), or the *NotSquareError of CheckSquare.
func ExactSquare[K Coeff](s System[K]) (System[*ComplexRat], error) {
	if err := s.CheckSquare(); err != nil {
		return System[*ComplexRat]{}, err
	}
	return ConvertSystem[*ComplexRat](s, 0)
}

// MapCoeffs returns the system of s's variables whose polynomials have
// the terms of s's, each coefficient c of monomial e replaced by f(c, e)
// (the polynomials are built by New, which combines them as it always
// does; f must not modify e). The first error of f or of New is returned.
func MapCoeffs[To, From Coeff](s System[From], f func(c From, e Monomial) (To, error)) (System[To], error) {
	polys := make([]Poly[To], len(s.polys))
	for i, p := range s.polys {
		ts := make([]Term[To], len(p.terms))
		for k, t := range p.terms {
			c, err := f(t.Coef, t.Exp)
			if err != nil {
				return System[To]{}, err
			}
			ts[k] = Term[To]{Coef: c, Exp: t.Exp}
		}
		var err error
		if polys[i], err = New(p.n, ts...); err != nil {
			return System[To]{}, err
		}
	}
	return NewSystem(s.Vars(), polys...)
}

// ConvertValue converts one coefficient as Convert does.
func ConvertValue[To, From Coeff](c From, prec uint) (To, error) {
	return convertCoef[To](c, prec)
}

func convertCoef[To, From Coeff](c From, prec uint) (To, error) {
	var zero To
	x, err := exactValue(c)
	if err != nil {
		return zero, err
	}
	var out any
	switch any(zero).(type) {
	case float64:
		if !x.IsReal() {
			return zero, ErrNonReal
		}
		f, err := ratToFloat64(&x.Re)
		if err != nil {
			return zero, err
		}
		out = f
	case complex128:
		re, err := ratToFloat64(&x.Re)
		if err != nil {
			return zero, err
		}
		im, err := ratToFloat64(&x.Im)
		if err != nil {
			return zero, err
		}
		out = complex(re, im)
	case *big.Rat:
		if !x.IsReal() {
			return zero, ErrNonReal
		}
		out = new(big.Rat).Set(&x.Re)
	case *big.Float:
		if !x.IsReal() {
			return zero, ErrNonReal
		}
		if prec == 0 {
			return zero, ErrPrecision
		}
		out = new(big.Float).SetPrec(prec).SetMode(big.ToNearestEven).SetRat(&x.Re)
	case *ComplexRat:
		out = x
	}
	return out.(To), nil
}

// exactValue returns the exact complex rational value of c (a fresh value).
func exactValue[K Coeff](c K) (*ComplexRat, error) {
	z := new(ComplexRat)
	switch v := any(c).(type) {
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, ErrNonFinite
		}
		z.Re.SetFloat64(v)
	case complex128:
		re, im := real(v), imag(v)
		if math.IsNaN(re) || math.IsInf(re, 0) || math.IsNaN(im) || math.IsInf(im, 0) {
			return nil, ErrNonFinite
		}
		z.Re.SetFloat64(re)
		z.Im.SetFloat64(im)
	case *big.Rat:
		z.Re.Set(v)
	case *big.Float:
		if v.IsInf() {
			return nil, ErrNonFinite
		}
		v.Rat(&z.Re)
	case *ComplexRat:
		z.Set(v)
	}
	return z, nil
}

// ratToFloat64 rounds r to the nearest float64 (ties to even).
func ratToFloat64(r *big.Rat) (float64, error) {
	f, _ := r.Float64()
	if math.IsInf(f, 0) {
		return 0, ErrOverflow
	}
	return f, nil
}
