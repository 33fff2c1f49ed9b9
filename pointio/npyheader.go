package pointio

import (
	"fmt"
	"strconv"
	"strings"
)

// npyHeader is the dictionary of a .npy header: the dtype string, the
// element order and the shape.
type npyHeader struct {
	descr   string
	fortran bool
	shape   []int
}

// parseNPYHeader reads the header dictionary as numpy writes it — a
// Python literal such as {'descr': '<f8', 'fortran_order': False,
// 'shape': (3, 2), } — with the keys in any order, either quote, white
// space anywhere between tokens, and an optional trailing comma; the
// three keys are required and no other is known.
func parseNPYHeader(s string) (npyHeader, error) {
	p := npyParser{s: s}
	var h npyHeader
	seen := map[string]bool{}
	p.space()
	if !p.eat('{') {
		return h, p.fail()
	}
	for {
		p.space()
		if p.eat('}') {
			break
		}
		key, ok := p.str()
		p.space()
		if !ok || seen[key] || !p.eat(':') {
			return h, p.fail()
		}
		seen[key] = true
		p.space()
		switch key {
		case "descr":
			if h.descr, ok = p.str(); !ok {
				return h, p.fail()
			}
		case "fortran_order":
			switch {
			case p.word("True"):
				h.fortran = true
			case p.word("False"):
			default:
				return h, p.fail()
			}
		case "shape":
			if h.shape, ok = p.tuple(); !ok {
				return h, p.fail()
			}
		default:
			return h, p.fail()
		}
		p.space()
		if p.eat('}') {
			break
		}
		if !p.eat(',') {
			return h, p.fail()
		}
	}
	p.space()
	if p.i != len(p.s) || len(seen) != 3 {
		return h, p.fail()
	}
	return h, nil
}

// npyParser reads a header dictionary from s at i.
type npyParser struct {
	s string
	i int
}

func (p *npyParser) fail() error { return fmt.Errorf("unparsable header dictionary %q", shorten(p.s)) }

func (p *npyParser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\n' || p.s[p.i] == '\r') {
		p.i++
	}
}

func (p *npyParser) eat(c byte) bool {
	if p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

func (p *npyParser) word(w string) bool {
	if strings.HasPrefix(p.s[p.i:], w) {
		p.i += len(w)
		return true
	}
	return false
}

// str reads a quoted string without escapes.
func (p *npyParser) str() (string, bool) {
	if p.i >= len(p.s) || (p.s[p.i] != '\'' && p.s[p.i] != '"') {
		return "", false
	}
	q := p.s[p.i]
	j := strings.IndexByte(p.s[p.i+1:], q)
	if j < 0 || strings.IndexByte(p.s[p.i+1:p.i+1+j], '\\') >= 0 {
		return "", false
	}
	v := p.s[p.i+1 : p.i+1+j]
	p.i += j + 2
	return v, true
}

// tuple reads (), (n,) or (n, m, …) of integers.
func (p *npyParser) tuple() ([]int, bool) {
	if !p.eat('(') {
		return nil, false
	}
	var out []int
	for {
		p.space()
		if p.eat(')') {
			return out, true
		}
		j := p.i
		if j < len(p.s) && (p.s[j] == '-' || p.s[j] == '+') {
			j++
		}
		for j < len(p.s) && p.s[j] >= '0' && p.s[j] <= '9' {
			j++
		}
		v, err := strconv.Atoi(p.s[p.i:j])
		if err != nil {
			return nil, false
		}
		out = append(out, v)
		p.i = j
		p.space()
		if p.eat(')') {
			return out, true
		}
		if !p.eat(',') {
			return nil, false
		}
	}
}

// npyType names a numpy dtype code for messages, as Go names its type ("" if
// it is none of numpy's fixed-size numbers).
func npyType(code string) string {
	switch code {
	case "b1":
		return "bool"
	case "u1", "u2", "u4", "u8":
		return "uint" + strconv.Itoa(8*int(code[1]-'0'))
	case "i1", "i2", "i4", "i8":
		return "int" + strconv.Itoa(8*int(code[1]-'0'))
	case "f2", "f4", "f8":
		return "float" + strconv.Itoa(8*int(code[1]-'0'))
	case "c8":
		return "complex64"
	case "c16":
		return "complex128"
	}
	return ""
}

// describeDtype names a numpy dtype string for messages, e.g. '<i8' (int64).
func describeDtype(d string) string {
	if t := npyType(strings.TrimLeft(d, "<>|=")); t != "" && len(strings.TrimLeft(d, "<>|=")) >= len(d)-1 {
		return fmt.Sprintf("'%s' (%s)", d, t)
	}
	return fmt.Sprintf("%q", d)
}
