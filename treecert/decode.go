package treecert

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/hypersteiner/hypersteiner/sll"
)

// decodeFast fills f from a tree file the way encoding/json would, in one
// pass over the bytes and without reflection: the long arrays (vertices,
// edges, edge lengths) are most of a large file. It handles the files the
// writers produce and anything close to them; whatever it does not handle
// exactly as encoding/json does — an escaped string, a null, a key that
// differs from a known one only in case (encoding/json matches keys
// without regard to case), a repeated key, a number outside JSON's
// grammar or out of its field's range, anything malformed — makes it
// report false, and Read then decodes with encoding/json, which also
// words the errors. The "unproved" and "labels" lists, short or rare, are
// handed to encoding/json as they are.
func decodeFast(data []byte, f *file) bool {
	d := fastDecoder{s: data}
	*f = file{}
	d.space()
	if !d.eat('{') {
		return false
	}
	seen := map[string]bool{}
	for first := true; ; first = false {
		d.space()
		if d.eat('}') {
			return true // encoding/json's Decoder reads no further either
		}
		if !first && (!d.eat(',') || !d.spaceThen()) {
			return false
		}
		key, ok := d.str()
		if !ok || seen[key] {
			return false
		}
		seen[key] = true
		d.space()
		if !d.eat(':') {
			return false
		}
		d.space()
		if !d.member(key, f) {
			return false
		}
	}
}

// fileKeys are the keys of file, exactly as tagged.
var fileKeys = []string{"space", "model", "terminals", "vertices", "edges", "edge_lengths", "length", "mst_length",
	"ratio", "red_percent", "fst3", "fst4", "solver", "seconds", "unproved", "labels",
	"vertices_poincare", "vertices_halfplane", "vertices_hyperboloid"}

// member decodes the value of key into f.
func (d *fastDecoder) member(key string, f *file) bool {
	ok := true
	switch key {
	case "space":
		f.Space = new(string)
		*f.Space, ok = d.str()
	case "model":
		f.Model = new(string)
		*f.Model, ok = d.str()
	case "solver":
		f.Solver, ok = d.str()
	case "terminals":
		f.Terminals, ok = d.intPtr()
	case "fst3":
		f.FST3, ok = d.intPtr()
	case "fst4":
		f.FST4, ok = d.intPtr()
	case "length":
		f.Length, ok = d.floatPtr()
	case "mst_length":
		f.MSTLength, ok = d.floatPtr()
	case "ratio":
		f.Ratio, ok = d.floatPtr()
	case "red_percent":
		f.RED, ok = d.floatPtr()
	case "seconds":
		f.Seconds, ok = d.float()
	case "vertices":
		return d.pointRows(&f.Vertices)
	case "edges":
		es, ok := pairs(d, d.int)
		f.Edges = &es
		return ok
	case "vertices_poincare":
		return d.pointRows(&f.VerticesPoincare)
	case "vertices_halfplane":
		return d.pointRows(&f.VerticesHalfplane)
	case "vertices_hyperboloid":
		vs, ok := triples(d, d.float)
		f.VerticesHyperboloid = &vs
		return ok
	case "edge_lengths":
		ls := []float64{}
		ok = d.list(func() bool {
			l, ok := d.float()
			ls = append(ls, l)
			return ok
		})
		f.EdgeLengths = ls
	case "unproved":
		var u []sll.Unproved
		ok = d.delegate(&u)
		f.Unproved = u
	case "labels":
		var l []string
		ok = d.delegate(&l)
		f.Labels = l
	default:
		for _, k := range fileKeys {
			if strings.EqualFold(k, key) {
				return false // encoding/json would take it for k
			}
		}
		_, ok = d.skip()
	}
	return ok
}

// fastDecoder reads JSON from s at i.
type fastDecoder struct {
	s []byte
	i int
}

func (d *fastDecoder) space() {
	for d.i < len(d.s) {
		switch d.s[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

// spaceThen skips white space and reports that input follows.
func (d *fastDecoder) spaceThen() bool { d.space(); return d.i < len(d.s) }

func (d *fastDecoder) eat(c byte) bool {
	if d.i < len(d.s) && d.s[d.i] == c {
		d.i++
		return true
	}
	return false
}

// str reads a string with no escape and no byte that encoding/json would
// replace or refuse (control characters, invalid UTF-8).
func (d *fastDecoder) str() (string, bool) {
	if !d.eat('"') {
		return "", false
	}
	start := d.i
	for d.i < len(d.s) {
		c := d.s[d.i]
		switch {
		case c == '"':
			s := d.s[start:d.i]
			d.i++
			if !validUTF8(s) {
				return "", false
			}
			return string(s), true
		case c == '\\' || c < 0x20:
			return "", false
		}
		d.i++
	}
	return "", false
}

func validUTF8(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return strings.ToValidUTF8(string(b), "\uFFFD") == string(b)
		}
	}
	return true
}

// number returns the next number token if it follows JSON's grammar:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?; integral tells whether
// it has neither fraction nor exponent.
func (d *fastDecoder) number() (tok string, integral, ok bool) {
	s, i := d.s, d.i
	start := i
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits := func() int {
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i - j
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case digits() == 0:
		return "", false, false
	}
	integral = true
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return "", false, false
		}
		integral = false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return "", false, false
		}
		integral = false
	}
	d.i = i
	return string(s[start:i]), integral, true
}

// float reads a number as encoding/json reads a float64.
func (d *fastDecoder) float() (float64, bool) {
	tok, _, ok := d.number()
	if !ok {
		return 0, false
	}
	v, err := strconv.ParseFloat(tok, 64)
	return v, err == nil
}

// int reads a number as encoding/json reads an int: integral, in range.
func (d *fastDecoder) int() (int, bool) {
	tok, integral, ok := d.number()
	if !ok || !integral {
		return 0, false
	}
	v, err := strconv.ParseInt(tok, 10, 0)
	return int(v), err == nil
}

func (d *fastDecoder) floatPtr() (*float64, bool) {
	v, ok := d.float()
	return &v, ok
}

func (d *fastDecoder) intPtr() (*int, bool) {
	v, ok := d.int()
	return &v, ok
}

// list reads an array whose elements elem reads.
func (d *fastDecoder) list(elem func() bool) bool {
	if !d.eat('[') {
		return false
	}
	d.space()
	if d.eat(']') {
		return true
	}
	for {
		d.space()
		if !elem() {
			return false
		}
		d.space()
		if d.eat(']') {
			return true
		}
		if !d.eat(',') {
			return false
		}
	}
}

// pointRows reads an array of (x, y) rows into *dst.
func (d *fastDecoder) pointRows(dst **[][2]float64) bool {
	vs, ok := pairs(d, d.float)
	*dst = &vs
	return ok
}

// pairs reads an array of arrays of exactly two elements, which elem
// reads.
func pairs[T any](d *fastDecoder, elem func() (T, bool)) ([][2]T, bool) {
	out := [][2]T{}
	ok := d.list(func() bool {
		var v [2]T
		if !tuple(d, elem, v[:]) {
			return false
		}
		out = append(out, v)
		return true
	})
	return out, ok
}

// triples reads an array of arrays of exactly three elements, which elem
// reads.
func triples[T any](d *fastDecoder, elem func() (T, bool)) ([][3]T, bool) {
	out := [][3]T{}
	ok := d.list(func() bool {
		var v [3]T
		if !tuple(d, elem, v[:]) {
			return false
		}
		out = append(out, v)
		return true
	})
	return out, ok
}

// tuple reads an array of exactly len(v) elements into v.
func tuple[T any](d *fastDecoder, elem func() (T, bool), v []T) bool {
	if !d.eat('[') {
		return false
	}
	for i := range v {
		d.space()
		var ok bool
		if v[i], ok = elem(); !ok {
			return false
		}
		d.space()
		if i < len(v)-1 && !d.eat(',') {
			return false
		}
	}
	return d.eat(']')
}

// skip passes over a value of any kind and returns its bytes; ok is
// false unless encoding/json finds them valid.
func (d *fastDecoder) skip() ([]byte, bool) {
	start := d.i
	if d.i >= len(d.s) {
		return nil, false
	}
	switch d.s[d.i] {
	case '{', '[':
		depth, inString := 0, false
		for d.i < len(d.s) {
			c := d.s[d.i]
			d.i++
			switch {
			case inString && c == '\\':
				d.i++
			case inString:
				inString = c != '"'
			case c == '"':
				inString = true
			case c == '[' || c == '{':
				depth++
			case c == ']' || c == '}':
				if depth--; depth == 0 {
					return d.s[start:d.i], json.Valid(d.s[start:d.i])
				}
			}
		}
		return nil, false
	case '"':
		d.i++
		for d.i < len(d.s) {
			c := d.s[d.i]
			d.i++
			if c == '\\' {
				d.i++
			} else if c == '"' {
				return d.s[start:d.i], json.Valid(d.s[start:d.i])
			}
		}
		return nil, false
	}
	for d.i < len(d.s) && !strings.ContainsRune(",}] \t\n\r", rune(d.s[d.i])) {
		d.i++
	}
	return d.s[start:d.i], json.Valid(d.s[start:d.i])
}

// delegate decodes a value with encoding/json; a null, or a key repeated
// up to case, is left to the slow path, which keeps the meaning of the
// one and refuses the other.
func (d *fastDecoder) delegate(v any) bool {
	b, ok := d.skip()
	if !ok || string(b) == "null" {
		return false
	}
	if _, _, amb := ambiguousKey(b); amb {
		return false
	}
	return json.Unmarshal(b, v) == nil
}
