package poly

import (
	"fmt"
	"math/big"
)

type tokKind int

const (
	tEOF tokKind = iota
	tNum
	tIdent
	tOp // one of + - * / ^ ( ) ; , :
)

type token struct {
	kind      tokKind
	text      string
	line, col int
	nl        bool // a newline was skipped before this token
}

func (t token) describe() string {
	switch t.kind {
	case tEOF:
		return "end of input"
	case tNum:
		return fmt.Sprintf("number %s", t.text)
	case tIdent:
		return fmt.Sprintf("identifier %q", t.text)
	}
	return fmt.Sprintf("'%s'", t.text)
}

// lexer splits text into tokens, tracking 1-based line and byte column.
type lexer struct {
	src       string
	off       int
	line, col int
}

func newLexer(src string) *lexer { return &lexer{src: src, line: 1, col: 1} }

func (lx *lexer) advance(n int) {
	for range n {
		if lx.src[lx.off] == '\n' {
			lx.line++
			lx.col = 1
		} else {
			lx.col++
		}
		lx.off++
	}
}

// next returns the next token. Whitespace, newlines and '#' comments (to
// end of line) separate tokens.
func (lx *lexer) next() (token, error) {
	nl := false
	for lx.off < len(lx.src) {
		c := lx.src[lx.off]
		if c == '#' {
			for lx.off < len(lx.src) && lx.src[lx.off] != '\n' {
				lx.advance(1)
			}
			continue
		}
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			break
		}
		nl = nl || c == '\n'
		lx.advance(1)
	}
	t := token{line: lx.line, col: lx.col, nl: nl}
	if lx.off == len(lx.src) {
		return t, nil
	}
	start := lx.off
	c := lx.src[start]
	switch {
	case isDigit(c) || c == '.':
		n := scanNumber(lx.src[start:])
		if n == 0 {
			return t, &ParseError{Line: t.line, Col: t.col, Msg: "unexpected '.'"}
		}
		t.kind, t.text = tNum, lx.src[start:start+n]
		lx.advance(n)
		if lx.off < len(lx.src) && (isIdentByte(lx.src[lx.off]) || lx.src[lx.off] == '.') {
			return t, &ParseError{Line: lx.line, Col: lx.col, Msg: fmt.Sprintf("malformed number %q", lx.src[start:lx.off+1])}
		}
	case isIdentByte(c):
		n := 1
		for start+n < len(lx.src) && isIdentByte(lx.src[start+n]) {
			n++
		}
		t.kind, t.text = tIdent, lx.src[start:start+n]
		lx.advance(n)
	case c == '+' || c == '-' || c == '*' || c == '/' || c == '^' || c == '(' || c == ')' || c == ';' || c == ',' || c == ':':
		t.kind, t.text = tOp, lx.src[start:start+1]
		lx.advance(1)
	default:
		msg := fmt.Sprintf("unexpected character %q", c)
		if c >= 0x80 {
			msg = "unexpected non-ASCII character"
		}
		return t, &ParseError{Line: t.line, Col: t.col, Msg: msg}
	}
	return t, nil
}

// scanNumber returns the length of the decimal literal at the start of s:
// digits [. digits] or . digits, then an optional exponent e[+-]digits
// (taken only when digits follow). It returns 0 if there is no digit.
func scanNumber(s string) int {
	i, digits := 0, 0
	for i < len(s) && isDigit(s[i]) {
		i++
		digits++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && isDigit(s[i]) {
			i++
			digits++
		}
	}
	if digits == 0 {
		return 0
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if j < len(s) && isDigit(s[j]) {
			for j < len(s) && isDigit(s[j]) {
				j++
			}
			i = j
		}
	}
	return i
}

// maxDecimalExponent bounds the e-notation exponent of a literal, so that
// "1e999999999" is an error rather than a billion-digit integer.
const maxDecimalExponent = 10000

// parseDecimal returns the exact rational value of a literal accepted by
// scanNumber ("0.1" is 1/10, "1.5e-3" is 3/2000).
func parseDecimal(s string) (*big.Rat, error) {
	mant, exp := s, 0
	for i := 0; i < len(s); i++ {
		if s[i] == 'e' || s[i] == 'E' {
			mant = s[:i]
			e := 0
			neg := false
			j := i + 1
			if s[j] == '+' || s[j] == '-' {
				neg = s[j] == '-'
				j++
			}
			for ; j < len(s); j++ {
				e = e*10 + int(s[j]-'0')
				if e > maxDecimalExponent {
					return nil, fmt.Errorf("decimal exponent in %s exceeds %d", s, maxDecimalExponent)
				}
			}
			if neg {
				e = -e
			}
			exp = e
			break
		}
	}
	digits := make([]byte, 0, len(mant))
	for i := 0; i < len(mant); i++ {
		if mant[i] == '.' {
			exp -= len(mant) - i - 1
			continue
		}
		digits = append(digits, mant[i])
	}
	num, _ := new(big.Int).SetString(string(digits), 10)
	r := new(big.Rat).SetInt(num)
	if exp != 0 {
		p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(abs(exp))), nil)
		if exp > 0 {
			r.Mul(r, new(big.Rat).SetInt(p))
		} else {
			r.Quo(r, new(big.Rat).SetInt(p))
		}
	}
	return r, nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
