package poly

import (
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
)

// The recursive-descent parser behind Parse and ParseComplex. It builds
// every subexpression as an exact Poly[*ComplexRat], charging the cost of
// each product and sum to a work budget so that huge expansions stop
// early with a *ParseError.

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
	divisor  bool // the next atom is the right operand of '/'
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
			p, err := ps.add(sum[i], sum[i+1])
			if err != nil {
				return cpoly{}, err
			}
			next = append(next, p)
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
		// The divisor's leading number must not absorb a following "/n":
		// x/2/3 is (x/2)/3.
		ps.divisor = op.text == "/"
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
		p, err := ps.nested(ps.unary)
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
	if len(p.terms) == 1 && k > 0 {
		// A single term c·x^e: raise c by repeated multiplication (cheap
		// for the usual c = 1) and scale the exponents, so x^60 costs what
		// its printed form costs to read back.
		t := p.terms[0]
		c := Const(p.n, t.Coef)
		r := c
		for range k - 1 {
			if r, err = ps.mul(r, c, caret); err != nil {
				return cpoly{}, err
			}
		}
		if d := t.Exp.Degree() * k; d > ps.maxDeg {
			return cpoly{}, ps.errAt(caret, "expansion has degree %d, above the limit %d", d, ps.maxDeg)
		}
		m := make(Monomial, p.n)
		for i, e := range t.Exp {
			m[i] = e * k
		}
		return Poly[*ComplexRat]{n: p.n, terms: []Term[*ComplexRat]{{Coef: r.terms[0].Coef, Exp: m}}}, nil
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
	divisor := ps.divisor
	ps.divisor = false
	switch {
	case t.kind == tNum:
		r, err := parseDecimal(t.text)
		if err != nil {
			return cpoly{}, ps.errAt(t, "%v", err)
		}
		if strings.ContainsAny(t.text, "eE") {
			// A short e-notation literal can stand for a long integer
			// (1e9999 has 520 words): charge its size like a product.
			w := ratWords(r)
			ps.work += w * w / 64
			if err := ps.chargeAt(1, 0, t); err != nil {
				return cpoly{}, err
			}
		}
		if err := ps.advance(); err != nil {
			return cpoly{}, err
		}
		if !divisor {
			if err := ps.rationalLiteral(r); err != nil {
				return cpoly{}, err
			}
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
		p, err := ps.nested(ps.expr)
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

// nested consumes the current token, a sign or '(', and parses what
// follows with parse one nesting level deeper, refusing nesting deeper
// than maxNesting.
func (ps *parser) nested(parse func() (cpoly, error)) (cpoly, error) {
	if err := ps.enter(); err != nil {
		return cpoly{}, err
	}
	defer ps.leave()
	if err := ps.advance(); err != nil {
		return cpoly{}, err
	}
	return parse()
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
//
// Cost model, in units of about one small coefficient product: every
// pair of terms costs 1 plus (wa+wb)/64 for copying, where wa, wb are
// coefficient sizes in 64-bit words; a pair of non-unit coefficients
// (not ±1, ±I) costs (wa+wb)²/64 more, the order of the product, its gcd
// normalisation and the sum it enters.
func (ps *parser) mul(p, q cpoly, at token) (cpoly, error) {
	if d := p.Degree() + q.Degree(); d > ps.maxDeg {
		return cpoly{}, ps.errAt(at, "expansion has degree %d, above the limit %d", d, ps.maxDeg)
	}
	a, b := sizeStats(p), sizeStats(q)
	ps.work += (b.n*a.sum+a.n*b.sum)/64 + (b.nn*a.nsumSq+2*a.nsum*b.nsum+a.nn*b.nsumSq)/64
	if err := ps.chargeAt(a.n*b.n, max(p.n, q.n), at); err != nil {
		return cpoly{}, err
	}
	r := p.Mul(q)
	return r, ps.checkSize(r, at)
}

// add returns p + q, charging 1 per term and, for each pair of like terms,
// the size of the coefficient sum (see mul), checking the budget as it
// goes.
func (ps *parser) add(p, q cpoly) (cpoly, error) {
	n := max(p.n, q.n)
	p, q = p.Widen(n), q.Widen(n)
	if err := ps.charge(len(p.terms)+len(q.terms), n); err != nil {
		return cpoly{}, err
	}
	out, err := mergeTerms(p.terms, q.terms, func(x, y *ComplexRat) (*ComplexRat, error) {
		ps.work += addCost(x, y)
		if err := ps.charge(0, 0); err != nil {
			return nil, err
		}
		return new(ComplexRat).Add(x, y), nil
	}, (*ComplexRat).IsZero)
	if err != nil {
		return cpoly{}, err
	}
	return Poly[*ComplexRat]{n: n, terms: out}, nil
}

// addCost is the cost of x + y: linear in the sizes for a part where one
// side is zero (a copy), quadratic otherwise (gcd normalisation).
func addCost(x, y *ComplexRat) int {
	part := func(a, b *big.Rat) int {
		wa, wb := ratWords(a), ratWords(b)
		if a.Sign() == 0 || b.Sign() == 0 {
			return (wa + wb) / 64
		}
		return (wa + wb) * (wa + wb) / 64
	}
	return 1 + part(&x.Re, &y.Re) + part(&x.Im, &y.Im)
}

func ratWords(r *big.Rat) int { return 1 + (r.Num().BitLen()+r.Denom().BitLen())/64 }

// rationalLiteral reads "/ NUMBER" after a number into r (r = r/NUMBER)
// when no '^' follows, so the printed form p/q of a coefficient costs no
// division: "3/4" is one literal, but "3/4^2" is still 3/(4^2).
func (ps *parser) rationalLiteral(r *big.Rat) error {
	if !ps.isOp("/") {
		return nil
	}
	saveLx, saveTok := *ps.lx, ps.tok
	restore := func() { *ps.lx, ps.tok = saveLx, saveTok }
	if err := ps.advance(); err != nil || ps.tok.kind != tNum {
		restore()
		return nil
	}
	den := ps.tok
	if err := ps.advance(); err != nil || ps.isOp("^") {
		restore()
		return nil
	}
	d, err := parseDecimal(den.text)
	if err != nil {
		return ps.errAt(den, "%v", err)
	}
	if d.Sign() == 0 {
		return ps.errAt(den, "division by zero")
	}
	r.Quo(r, d)
	return nil
}

// sizes summarises the coefficient sizes of a polynomial for the cost
// model: over all terms, and over the non-unit coefficients.
type sizes struct {
	n, sum           int
	nn, nsum, nsumSq int
}

func sizeStats(p cpoly) sizes {
	var s sizes
	for _, t := range p.terms {
		c := t.Coef
		w := ratWords(&c.Re) + ratWords(&c.Im) - 1
		s.n++
		s.sum += w
		if _, _, unit := c.unit(); !unit {
			s.nn++
			s.nsum += w
			s.nsumSq += w * w
		}
	}
	return s
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
