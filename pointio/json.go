package pointio

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
)

// readJSON reads a JSON array of number arrays, e.g. [[0.1, 0.2], [0, -0.5]].
// Every inner array is a row and all rows have the same length. Numbers are
// converted with correct rounding; a number beyond the float64 range is an
// error.
func (o Options) readJSON(r io.Reader) (Table, error) {
	buf, err := io.ReadAll(r)
	if err != nil {
		return Table{}, &ParseError{Position: Position{File: o.Name}, Msg: "read error: " + err.Error(), Err: err}
	}
	lc := lineCounter{buf: buf, line: 1}
	dec := json.NewDecoder(bytes.NewReader(buf))
	dec.UseNumber()
	t := Table{Source: o.Name}
	firstLine := 0

	// next returns the next token and the position where it starts.
	next := func() (json.Token, Position, error) {
		start := skipSeparators(buf, int(dec.InputOffset()))
		tok, err := dec.Token()
		if err != nil {
			return nil, Position{}, o.jsonError(err, &lc, start)
		}
		return tok, lc.at(o.Name, start), nil
	}
	expect := func(tok json.Token, pos Position, what string) error {
		return &ParseError{Position: pos, Msg: fmt.Sprintf("expected %s, found %s", what, describeToken(tok))}
	}

	tok, pos, err := next()
	if err != nil {
		return Table{}, err
	}
	if tok != json.Delim('[') {
		return Table{}, expect(tok, pos, "a JSON array of number arrays such as [[0.1, 0.2]]")
	}
	for dec.More() {
		tok, rowPos, err := next()
		if err != nil {
			return Table{}, err
		}
		if tok != json.Delim('[') {
			return Table{}, expect(tok, rowPos, "a row such as [0.1, 0.2]")
		}
		row, n := t.Rows, 0
		for dec.More() {
			tok, pos, err := next()
			if err != nil {
				return Table{}, err
			}
			num, ok := tok.(json.Number)
			if !ok {
				return Table{}, expect(tok, pos, "a number")
			}
			v, err := parseNumber(string(num))
			if err != nil {
				return Table{}, numberError(err, pos, row, n, string(num))
			}
			t.Data = append(t.Data, v)
			t.Columns = append(t.Columns, int32(min(pos.Column, math.MaxInt32)))
			n++
		}
		if _, _, err := next(); err != nil { // the row's closing ']'
			return Table{}, err
		}
		if t.Cols == 0 {
			if !o.colsOK(n) {
				return Table{}, &ParseError{Position: rowPos,
					Msg: fmt.Sprintf("row has %d %s, expected %s", n, plural(n, "value"), o.expected())}
			}
			t.Cols, firstLine = n, rowPos.Line
		} else if n != t.Cols {
			return Table{}, &ParseError{Position: rowPos,
				Msg: fmt.Sprintf("row has %d %s, expected %d as on line %d", n, plural(n, "value"), t.Cols, firstLine)}
		}
		t.Lines = append(t.Lines, rowPos.Line)
		t.Rows++
	}
	if _, _, err := next(); err != nil { // the outer ']'
		return Table{}, err
	}
	start := skipSeparators(buf, int(dec.InputOffset()))
	if start < len(buf) {
		return Table{}, &ParseError{Position: lc.at(o.Name, start), Msg: "unexpected data after the JSON array"}
	}
	if t.Rows == 0 {
		return Table{}, &ParseError{Position: Position{File: o.Name}, Msg: "no data rows", Err: ErrNoData}
	}
	return t, nil
}

// jsonError converts a decoder error at byte offset off into a *ParseError.
func (o Options) jsonError(err error, lc *lineCounter, off int) error {
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se):
		// In token mode SyntaxError.Offset is not an offset into the whole
		// input; the error is at the token that starts at off.
		return &ParseError{Position: lc.at(o.Name, off), Msg: "JSON syntax: " + se.Error(), Err: err}
	case err == io.EOF && skipSeparators(lc.buf, 0) == len(lc.buf):
		return &ParseError{Position: Position{File: o.Name}, Msg: "empty input: no data rows", Err: ErrNoData}
	case err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF):
		return &ParseError{Position: lc.at(o.Name, len(lc.buf)), Msg: "JSON input ends too early", Err: err}
	}
	return &ParseError{Position: lc.at(o.Name, off), Msg: "JSON: " + err.Error(), Err: err}
}

// skipSeparators returns the offset of the first byte at or after off that
// is not JSON white space or a separator, i.e. where the next token starts.
func skipSeparators(buf []byte, off int) int {
	for off < len(buf) {
		switch buf[off] {
		case ' ', '\t', '\r', '\n', ',', ':':
			off++
		default:
			return off
		}
	}
	return off
}

// describeToken names a JSON token for messages.
func describeToken(tok json.Token) string {
	switch v := tok.(type) {
	case json.Delim:
		switch v {
		case '[':
			return "an array"
		case '{':
			return "an object"
		}
		return fmt.Sprintf("%q", string(v))
	case json.Number:
		return "the number " + string(v)
	case string:
		if len(v) > 40 {
			v = v[:40] + "…"
		}
		return fmt.Sprintf("the string %q", v)
	case bool:
		return fmt.Sprintf("%t", v)
	case nil:
		return "null"
	}
	return fmt.Sprintf("%v", tok)
}

// lineCounter converts byte offsets into lines and columns, scanning the
// buffer incrementally since offsets mostly increase.
type lineCounter struct {
	buf       []byte
	off       int // bytes scanned so far
	line      int // line of buf[off]
	lineStart int // offset where that line starts
}

func (c *lineCounter) at(file string, off int) Position {
	off = min(max(off, 0), len(c.buf))
	if off < c.off {
		c.off, c.line, c.lineStart = 0, 1, 0
	}
	for c.off < off {
		i := bytes.IndexByte(c.buf[c.off:off], '\n')
		if i < 0 {
			c.off = off
			break
		}
		c.off += i + 1
		c.line++
		c.lineStart = c.off
	}
	return Position{File: file, Line: c.line, Column: off - c.lineStart + 1}
}
