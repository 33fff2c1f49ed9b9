package poly

import (
	"errors"
	"fmt"
	"math/big"
)

// ParseError is a syntax or limit error at a 1-based line and byte column.
type ParseError struct {
	Line, Col int
	Msg       string
}

func (e *ParseError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

// Default limits of ParseOptions.
const (
	DefaultMaxDegree = 1000
	DefaultMaxTerms  = 100000
	DefaultMaxWork   = 1_000_000
)

// ParseOptions configures Parse. The zero value is the default.
type ParseOptions struct {
	// ImaginaryUnit is the identifier read as √−1; "" means "I". The
	// project's benchmark file writes coefficients as "(re+im*i)": use "i".
	ImaginaryUnit string
	// Vars, if not empty, fixes the variable order; an identifier not in
	// the list is an error. A "vars:" header must then list the same names.
	Vars []string
	// MaxDegree bounds the total degree of every intermediate polynomial
	// and every exponent literal (0 means DefaultMaxDegree).
	MaxDegree int
	// MaxTerms bounds the term count of every intermediate polynomial
	// (0 means DefaultMaxTerms).
	MaxTerms int
	// MaxWork bounds the total cost of the expansion, so that huge
	// expansions fail fast instead of hanging. The unit is about one
	// product of small coefficients; a product or sum of coefficients of
	// wa and wb 64-bit words (numerators and denominators) costs about
	// (wa+wb)²/64 more, or (wa+wb)/64 when one is 0, ±1 or ±I; an
	// e-notation literal costs the square of its size over 64. The default
	// allows about a million small products, of the order of a second
	// (0 means DefaultMaxWork). The printed form of a system is cheap to
	// read back: its coefficients are literals ("p/q" is read as one
	// number) and its monomials are powers of variables.
	MaxWork int
}

// Parse reads a real system with rational coefficients in the text form
//
//	vars: x, y            (optional first line: variable order)
//	x^2 + y^2 - 1;        (polynomials separated by ';')
//	x - 3/4*y;            (trailing ';' optional)
//
// Syntax: decimal literals are exact ("0.1" is 1/10, "1.5e-3" is 3/2000);
// operators + - * / ^ with the usual precedence, unary minus, parentheses;
// '^' takes a non-negative integer literal (chained '^' is rejected as
// ambiguous); '/' divides by a nonzero constant only, so "3/4*y" is
// (3/4)·y; identifiers [A-Za-z_][A-Za-z0-9_]* are variables, numbered in
// order of first appearance unless a "vars:" line (names separated by
// commas or spaces) or ParseOptions.Vars fixes the order; '#' starts a
// comment to end of line. Everything is expanded exactly. Errors are
// *ParseError with line and column. Text whose coefficients are not real
// (after expansion) is an error; use ParseComplex.
func Parse(text string) (System[*big.Rat], error) { return ParseOptions{}.Parse(text) }

// ParseComplex is Parse allowing the imaginary unit I.
func ParseComplex(text string) (System[*ComplexRat], error) {
	return ParseOptions{}.ParseComplex(text)
}

// MustParse is Parse that panics on error, for fixed texts in tests and
// examples.
func MustParse(text string) System[*big.Rat] {
	s, err := Parse(text)
	if err != nil {
		panic(err)
	}
	return s
}

// Parse is the package Parse with options o.
func (o ParseOptions) Parse(text string) (System[*big.Rat], error) {
	ps, err := o.newParser(text)
	if err != nil {
		return System[*big.Rat]{}, err
	}
	s, err := ps.parse()
	if err != nil {
		return System[*big.Rat]{}, err
	}
	r, err := ConvertSystem[*big.Rat](s, 0)
	if err != nil {
		var ce *ConvertError
		if errors.As(err, &ce) {
			at := ps.unitPos[ce.Poly]
			return System[*big.Rat]{}, &ParseError{Line: at.line, Col: at.col,
				Msg: fmt.Sprintf("polynomial %d has a non-real coefficient (imaginary unit %q); use ParseComplex", ce.Poly+1, ps.unit)}
		}
		return System[*big.Rat]{}, err
	}
	return r, nil
}

// ParseComplex is the package ParseComplex with options o.
func (o ParseOptions) ParseComplex(text string) (System[*ComplexRat], error) {
	ps, err := o.newParser(text)
	if err != nil {
		return System[*ComplexRat]{}, err
	}
	return ps.parse()
}
