package poly

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"
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
	// MaxWork bounds the total cost of the products in the expansion, so
	// that huge expansions fail fast instead of hanging: each coefficient
	// product a·b costs 1 + (wa+wb)²/16, where wa, wb are the sizes in
	// 64-bit words of the coefficients (numerators and denominators): the
	// order of the cost of the product and of normalising the sums it
	// enters. The default allows about a million small products, of the
	// order of a second (0 means DefaultMaxWork).
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

type cpoly = Poly[*ComplexRat]

type parser struct {
	lx       *lexer
	tok      token
	unit     string
	names    []string
	index    map[string]int
	fixed    bool
	optVars  []string
	maxDeg   int
	maxTerms int
	maxWork  int
	work     int
	depth    int
	unitPos  []token // first use of the unit in each polynomial
	curUnit  *token
	curIndex int
}

const maxNesting = 500

func (o ParseOptions) newParser(text string) (*parser, error) {
	ps := &parser{lx: newLexer(text), unit: o.ImaginaryUnit, index: map[string]int{},
		maxDeg: o.MaxDegree, maxTerms: o.MaxTerms, maxWork: o.MaxWork}
	if ps.unit == "" {
		ps.unit = "I"
	}
	if !isIdent(ps.unit) {
		return nil, fmt.Errorf("poly: ParseOptions.ImaginaryUnit %q is not an identifier", ps.unit)
	}
	if ps.maxDeg <= 0 {
		ps.maxDeg = DefaultMaxDegree
	}
	if ps.maxTerms <= 0 {
		ps.maxTerms = DefaultMaxTerms
	}
	if ps.maxWork <= 0 {
		ps.maxWork = DefaultMaxWork
	}
	if len(o.Vars) > 0 {
		if err := checkNames(o.Vars); err != nil {
			return nil, err
		}
		if slices.Contains(o.Vars, ps.unit) {
			return nil, fmt.Errorf("poly: ParseOptions.Vars contains the imaginary unit %q", ps.unit)
		}
		ps.optVars = slices.Clone(o.Vars)
		ps.setVars(o.Vars)
	}
	return ps, nil
}

func (ps *parser) setVars(vars []string) {
	ps.names = slices.Clone(vars)
	ps.index = make(map[string]int, len(vars))
	for i, v := range vars {
		ps.index[v] = i
	}
	ps.fixed = true
}

func (ps *parser) errAt(t token, format string, args ...any) error {
	return &ParseError{Line: t.line, Col: t.col, Msg: fmt.Sprintf(format, args...)}
}

func (ps *parser) advance() error {
	t, err := ps.lx.next()
	if err != nil {
		return err
	}
	ps.tok = t
	return nil
}

func (ps *parser) isOp(s string) bool { return ps.tok.kind == tOp && ps.tok.text == s }

func (ps *parser) parse() (System[*ComplexRat], error) {
	if err := ps.header(); err != nil {
		return System[*ComplexRat]{}, err
	}
	var polys []cpoly
	for ps.tok.kind != tEOF {
		if ps.isOp(";") {
			return System[*ComplexRat]{}, ps.errAt(ps.tok, "empty polynomial before ';'")
		}
		ps.curIndex = len(polys)
		ps.curUnit = nil
		p, err := ps.expr()
		if err != nil {
			return System[*ComplexRat]{}, err
		}
		if ps.curUnit != nil {
			ps.unitPos = append(ps.unitPos, *ps.curUnit)
		} else {
			ps.unitPos = append(ps.unitPos, token{})
		}
		polys = append(polys, p)
		switch {
		case ps.isOp(";"):
			if err := ps.advance(); err != nil {
				return System[*ComplexRat]{}, err
			}
		case ps.tok.kind != tEOF:
			return System[*ComplexRat]{}, ps.unexpected("an operator, ';' or end of input")
		}
	}
	for i := range polys {
		polys[i] = polys[i].Widen(len(ps.names))
	}
	return System[*ComplexRat]{vars: ps.names, polys: polys}, nil
}

func (ps *parser) unexpected(want string) error {
	msg := fmt.Sprintf("unexpected %s; expected %s", ps.tok.describe(), want)
	if ps.tok.kind == tIdent || ps.tok.kind == tNum || ps.isOp("(") {
		if !ps.tok.nl {
			msg += " (missing '*'?)"
		} else {
			msg += " (missing ';' at end of previous line?)"
		}
	}
	return &ParseError{Line: ps.tok.line, Col: ps.tok.col, Msg: msg}
}

// header reads an optional first line "vars: a, b, c".
func (ps *parser) header() error {
	if err := ps.advance(); err != nil {
		return err
	}
	if ps.tok.kind != tIdent || ps.tok.text != "vars" {
		return nil
	}
	// Peek: "vars" is a header only when ':' follows.
	save := *ps.lx
	varsTok := ps.tok
	if err := ps.advance(); err != nil {
		return err
	}
	if !ps.isOp(":") {
		*ps.lx = save
		ps.tok = varsTok
		return nil
	}
	var names []string
	seen := map[string]bool{}
	expectName := true
	for {
		if err := ps.advance(); err != nil {
			return err
		}
		t := ps.tok
		if t.kind == tEOF || t.nl {
			break
		}
		switch {
		case t.kind == tIdent:
			if t.text == ps.unit {
				return ps.errAt(t, "the imaginary unit %q cannot be a variable", t.text)
			}
			if seen[t.text] {
				return ps.errAt(t, "variable %q listed twice", t.text)
			}
			seen[t.text] = true
			names = append(names, t.text)
			expectName = false
		case t.kind == tOp && t.text == "," && !expectName:
			expectName = true
		default:
			return ps.errAt(t, "unexpected %s in vars: line; expected a variable name", t.describe())
		}
	}
	if expectName && len(names) > 0 {
		return ps.errAt(ps.tok, "expected a variable name after ','")
	}
	if ps.optVars != nil && !slices.Equal(names, ps.optVars) {
		return ps.errAt(varsTok, "vars: line %v differs from ParseOptions.Vars %v", names, ps.optVars)
	}
	ps.setVars(names)
	return nil
}

// expr := term (('+'|'-') term)*
//
// The summands are collected and added by balanced pairwise merging, so a
// long sum costs O(N log N), not O(N²).
func (ps *parser) expr() (cpoly, error) {
	p, err := ps.term()
	if err != nil {
		return cpoly{}, err
	}
	sum := []cpoly{p}
	for ps.isOp("+") || ps.isOp("-") {
		neg := ps.tok.text == "-"
		if err := ps.advance(); err != nil {
			return cpoly{}, err
		}
		q, err := ps.term()
		if err != nil {
			return cpoly{}, err
		}
		if neg {
			q = q.Neg()
		}
		sum = append(sum, q)
	}
	for len(sum) > 1 {
		next := sum[:0]
		for i := 0; i+1 < len(sum); i += 2 {
			a, b := sum[i], sum[i+1]
			if err := ps.charge(len(a.terms)+len(b.terms), max(a.n, b.n)); err != nil {
				return cpoly{}, err
			}
			next = append(next, a.Add(b))
		}
		if len(sum)%2 == 1 {
			next = append(next, sum[len(sum)-1])
		}
		sum = next
	}
	return sum[0], ps.checkSize(sum[0], ps.tok)
}

// term := unary (('*'|'/') unary)*
func (ps *parser) term() (cpoly, error) {
	p, err := ps.unary()
	if err != nil {
		return cpoly{}, err
	}
	for ps.isOp("*") || ps.isOp("/") {
		op := ps.tok
		if err := ps.advance(); err != nil {
			return cpoly{}, err
		}
		at := ps.tok
		q, err := ps.unary()
		if err != nil {
			return cpoly{}, err
		}
		if op.text == "/" {
			if !q.IsConstant() {
				return cpoly{}, ps.errAt(at, "division by a non-constant polynomial")
			}
			if q.IsZero() {
				return cpoly{}, ps.errAt(at, "division by zero")
			}
			q = Const(0, new(ComplexRat).Quo(FieldOf[*ComplexRat]().One(), q.terms[0].Coef))
		}
		if p, err = ps.mul(p, q, op); err != nil {
			return cpoly{}, err
		}
	}
	return p, nil
}

// unary := ('+'|'-') unary | power
func (ps *parser) unary() (cpoly, error) {
	if ps.isOp("+") || ps.isOp("-") {
		neg := ps.tok.text == "-"
		if err := ps.enter(); err != nil {
			return cpoly{}, err
		}
		defer ps.leave()
		if err := ps.advance(); err != nil {
			return cpoly{}, err
		}
		p, err := ps.unary()
		if neg {
			p = p.Neg()
		}
		return p, err
	}
	return ps.power()
}

// power := atom ['^' integer]
func (ps *parser) power() (cpoly, error) {
	p, err := ps.atom()
	if err != nil {
		return cpoly{}, err
	}
	if !ps.isOp("^") {
		return p, nil
	}
	caret := ps.tok
	if err := ps.advance(); err != nil {
		return cpoly{}, err
	}
	t := ps.tok
	if t.kind != tNum {
		return cpoly{}, ps.errAt(t, "expected exponent after '^'")
	}
	k, err := strconv.Atoi(t.text)
	if err != nil || k < 0 {
		if len(t.text) > 0 && allDigits(t.text) {
			return cpoly{}, ps.errAt(t, "exponent %s exceeds the limit %d", t.text, ps.maxDeg)
		}
		return cpoly{}, ps.errAt(t, "exponent must be a non-negative integer, got %s", t.text)
	}
	if k > ps.maxDeg {
		return cpoly{}, ps.errAt(t, "exponent %d exceeds the limit %d", k, ps.maxDeg)
	}
	if err := ps.advance(); err != nil {
		return cpoly{}, err
	}
	if ps.isOp("^") {
		return cpoly{}, ps.errAt(ps.tok, "chained '^' is ambiguous; use parentheses")
	}
	r := Const(p.n, FieldOf[*ComplexRat]().One())
	for range k {
		if r, err = ps.mul(r, p, caret); err != nil {
			return cpoly{}, err
		}
	}
	return r, nil
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// atom := number | identifier | '(' expr ')'
func (ps *parser) atom() (cpoly, error) {
	t := ps.tok
	switch {
	case t.kind == tNum:
		r, err := parseDecimal(t.text)
		if err != nil {
			return cpoly{}, ps.errAt(t, "%v", err)
		}
		if err := ps.advance(); err != nil {
			return cpoly{}, err
		}
		return Const(0, NewComplexRat(r, nil)), nil
	case t.kind == tIdent:
		if err := ps.advance(); err != nil {
			return cpoly{}, err
		}
		if t.text == ps.unit {
			if ps.curUnit == nil {
				ps.curUnit = &t
			}
			return Const(0, NewComplexRat(nil, big.NewRat(1, 1))), nil
		}
		i, ok := ps.index[t.text]
		if !ok {
			if ps.fixed {
				return cpoly{}, ps.errAt(t, "unknown variable %q (not in the vars: list)", t.text)
			}
			i = len(ps.names)
			ps.names = append(ps.names, t.text)
			ps.index[t.text] = i
		}
		if err := ps.chargeAt(1, i+1, t); err != nil {
			return cpoly{}, err
		}
		return Var[*ComplexRat](i+1, i), nil
	case t.kind == tOp && t.text == "(":
		if err := ps.enter(); err != nil {
			return cpoly{}, err
		}
		defer ps.leave()
		if err := ps.advance(); err != nil {
			return cpoly{}, err
		}
		p, err := ps.expr()
		if err != nil {
			return cpoly{}, err
		}
		if !ps.isOp(")") {
			return cpoly{}, ps.unexpected(fmt.Sprintf("')' closing '(' at %d:%d", t.line, t.col))
		}
		if err := ps.advance(); err != nil {
			return cpoly{}, err
		}
		return p, nil
	}
	return cpoly{}, ps.unexpected("a number, a variable or '('")
}

func (ps *parser) enter() error {
	ps.depth++
	if ps.depth > maxNesting {
		return ps.errAt(ps.tok, "nesting deeper than %d", maxNesting)
	}
	return nil
}

func (ps *parser) leave() { ps.depth-- }

// mul returns p·q after checking the degree, term and work limits.
func (ps *parser) mul(p, q cpoly, at token) (cpoly, error) {
	if d := p.Degree() + q.Degree(); d > ps.maxDeg {
		return cpoly{}, ps.errAt(at, "expansion has degree %d, above the limit %d", d, ps.maxDeg)
	}
	np, wp, sp := coefWords(p)
	nq, wq, sq := coefWords(q)
	// Σ_{a,b} 1 + (wa+wb)²/16, from the counts, sums and sums of squares,
	// plus the monomial arithmetic.
	ps.work += (nq*sp + 2*wp*wq + np*sq) / 16
	if err := ps.chargeAt(np*nq, max(p.n, q.n), at); err != nil {
		return cpoly{}, err
	}
	r := p.Mul(q)
	return r, ps.checkSize(r, at)
}

// charge adds the cost of k monomial operations in n variables to the
// work count, failing at the current token when it exceeds the limit.
func (ps *parser) charge(k, n int) error { return ps.chargeAt(k, n, ps.tok) }

func (ps *parser) chargeAt(k, n int, at token) error {
	ps.work += k * (1 + n/32)
	if ps.work > ps.maxWork || ps.work < 0 {
		return ps.errAt(at, "expansion too large (work limit %d exceeded)", ps.maxWork)
	}
	return nil
}

func (ps *parser) checkSize(p cpoly, at token) error {
	if len(p.terms) > ps.maxTerms {
		return ps.errAt(at, "expansion has %d terms, above the limit %d", len(p.terms), ps.maxTerms)
	}
	return nil
}

// coefWords returns the number of terms of p and the sum and the sum of
// squares of their coefficient sizes in 64-bit words (at least 1 each).
func coefWords(p cpoly) (n, sum, sumSq int) {
	for _, t := range p.terms {
		c := t.Coef
		bits := c.Re.Num().BitLen() + c.Re.Denom().BitLen() + c.Im.Num().BitLen() + c.Im.Denom().BitLen()
		w := 1 + bits/64
		sum += w
		sumSq += w * w
	}
	return len(p.terms), sum, sumSq
}
