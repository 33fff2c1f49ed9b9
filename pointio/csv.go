package pointio

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unsafe"

	"github.com/hypersteiner/hypersteiner/internal/parallel"
)

// maxLine bounds the length of one CSV line (1 GiB) so that a file without
// newlines cannot make the reader buffer grow without limit.
const maxLine = 1 << 30

// field is one field of a text line: its text and 1-based byte column.
type field struct {
	s   string
	col int
}

// readCSV reads the text format: one row a line, values separated by
// commas (with optional spaces or tabs around them) or, on a line without a
// comma, by white space; `#` starts a comment; blank lines are skipped; the
// first non-blank line is a header when none of its fields is a number.
// Lines end at "\n", a "\r" before it dropped. The input is read whole
// (size, when not 0, is its length, to read it in one piece) and cut into
// lines and fields without copying; only labels and header fields are
// copied out.
func (o Options) readCSV(r io.Reader, size int64) (Table, error) {
	data, rerr := readAll(r, size)
	text := unsafe.String(unsafe.SliceData(data), len(data)) // data is ours and never written again
	if rerr != nil {
		// As a line reader would: the complete lines before the error are
		// read, then the error is reported on the next line.
		text = text[:strings.LastIndexByte(text, '\n')+1]
	}
	t := Table{Source: o.Name}
	var (
		lineNo     int
		firstLine  int // line that fixed the column count
		headerLine int
		seen       bool
		fields     []field
		labels     = labelColumn{col: -1}
		rowsAtMost = strings.Count(text, "\n") + 1
		texts      []string // the fields' texts, parsed at the end (parse)
	)
	// parse turns texts into t.Data, on the workers; the first field that
	// is not a number, in the order of the input, is the error.
	parse := func() error {
		t.Data = t.Data[:len(texts)]
		const chunk = 4096
		nc := (len(texts) + chunk - 1) / chunk
		bad := make([]int, nc) // first bad field of each chunk, or −1
		parallel.For(nc, o.Workers, func(_, c int) {
			bad[c] = -1
			for k := c * chunk; k < min((c+1)*chunk, len(texts)); k++ {
				v, err := parseNumber(texts[k])
				if err != nil {
					bad[c] = k
					return
				}
				t.Data[k] = v
			}
		}, nil)
		for _, k := range bad {
			if k >= 0 {
				_, err := parseNumber(texts[k])
				row, j := k/t.Cols, k%t.Cols
				pos := Position{File: o.Name, Line: t.Lines[row], Column: int(t.Columns[k])}
				return numberError(err, pos, row, j, strings.Clone(texts[k]))
			}
		}
		return nil
	}
	// fail reports err, an error of the structure at a line, after any
	// number on the lines before it that does not parse.
	fail := func(err error) (Table, error) {
		if perr := parse(); perr != nil {
			return Table{}, perr
		}
		return Table{}, err
	}
	for len(text) > 0 {
		var line string
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			line, text = text, ""
		}
		if len(line) >= maxLine {
			return fail(&ParseError{Position: Position{File: o.Name, Line: lineNo + 1}, Msg: fmt.Sprintf("line longer than %d bytes", maxLine), Err: bufio.ErrTooLong})
		}
		line = strings.TrimSuffix(line, "\r")
		lineNo++
		base := 0
		if lineNo == 1 && strings.HasPrefix(line, "\uFEFF") { // UTF-8 byte-order mark
			base = len("\uFEFF")
		}
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		fields = splitFields(line, base, fields[:0])
		if len(fields) == 0 {
			continue
		}
		pos := Position{File: o.Name, Line: lineNo}
		if !seen {
			seen = true
			if isHeader(fields) {
				headerLine = lineNo
				t.Header = make([]string, len(fields))
				for i, f := range fields {
					t.Header[i] = strings.Clone(f.s)
				}
				if o.Labels {
					labels = o.labelFromHeader(t.Header, lineNo)
				}
				continue
			}
		}
		if o.Labels {
			var err error
			if fields, err = labels.take(o, &t, fields, pos); err != nil {
				return fail(err)
			}
		}
		n := len(fields)
		if t.Cols == 0 {
			if !o.colsOK(n) {
				pos.Column = fields[0].col
				return Table{}, &ParseError{Position: pos,
					Msg: fmt.Sprintf("row has %d %s, expected %s", n, plural(n, "column"), o.expected())}
			}
			t.Cols, firstLine = n, lineNo
			t.Data = make([]float64, 0, n*rowsAtMost)
			t.Columns = make([]int32, 0, n*rowsAtMost)
			t.Lines = make([]int, 0, rowsAtMost)
			texts = make([]string, 0, n*rowsAtMost)
		} else if n != t.Cols {
			pos.Column = fields[0].col
			return fail(&ParseError{Position: pos,
				Msg: fmt.Sprintf("row has %d %s, expected %d as on line %d", n, plural(n, "column"), t.Cols, firstLine)})
		}
		for _, f := range fields {
			texts = append(texts, f.s)
			t.Columns = append(t.Columns, int32(min(f.col, math.MaxInt32)))
		}
		t.Lines = append(t.Lines, lineNo)
		t.Rows++
	}
	if err := parse(); err != nil {
		return Table{}, err
	}
	if rerr != nil {
		pos := Position{File: o.Name, Line: lineNo + 1}
		return Table{}, &ParseError{Position: pos, Msg: "read error: " + rerr.Error(), Err: rerr}
	}
	if t.Rows == 0 {
		msg := "no data rows"
		if t.Header != nil {
			msg += fmt.Sprintf(" (line %d holds no number, so it was read as a header)", headerLine)
		}
		return Table{}, &ParseError{Position: Position{File: o.Name}, Msg: msg, Err: ErrNoData}
	}
	return t, nil
}

// readAll reads r to its end, in one piece when size (its length, if
// known) is right.
func readAll(r io.Reader, size int64) ([]byte, error) {
	if size <= 0 || size > maxLine {
		return io.ReadAll(r)
	}
	buf := make([]byte, 0, size+1) // +1: the read that sees EOF
	for {
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)] // longer than announced: grow
		}
	}
}

// errNotFinite and errRange classify number errors for numberError.
var (
	errNotFinite = errors.New("not finite")
	errRange     = errors.New("out of range")
)

// parseNumber parses a decimal (or hexadecimal, e.g. 0x1.8p-3) floating-point
// literal, correctly rounded; underscores are not accepted. It rejects NaN and ±Inf, and values whose magnitude
// rounds beyond the float64 range.
func parseNumber(s string) (float64, error) {
	if strings.IndexByte(s, '_') >= 0 { // Go-style digit separators are not data syntax
		return 0, strconv.ErrSyntax
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		var ne *strconv.NumError
		if errors.As(err, &ne) && ne.Err == strconv.ErrRange && math.IsInf(v, 0) {
			return 0, errRange
		}
		return 0, err
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, errNotFinite
	}
	return v, nil
}

// numberError turns a parseNumber error for text s at pos into a
// *ValueError (a number that is not acceptable) or a *ParseError (text that
// is not a number).
func numberError(err error, pos Position, row, col int, s string) error {
	switch err {
	case errNotFinite:
		return &ValueError{Position: pos, Row: row, Field: col, Msg: fmt.Sprintf("value %s is not finite", s)}
	case errRange:
		return &ValueError{Position: pos, Row: row, Field: col, Msg: fmt.Sprintf("value %s is beyond the float64 range", s)}
	}
	if s == "" {
		return &ParseError{Position: pos, Msg: "empty field"}
	}
	return &ParseError{Position: pos, Msg: fmt.Sprintf("cannot parse %q as a number", s)}
}

// isHeader reports whether no field of a line is a number.
func isHeader(fields []field) bool {
	for _, f := range fields {
		if _, err := parseNumber(f.s); err == nil || err == errRange || err == errNotFinite {
			return false
		}
	}
	return true
}

// isSpace reports the white space allowed between fields.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' }

// splitFields appends the fields of line to dst. A line holding a comma is
// split at every comma and each field trimmed of white space (so "1,,2"
// has an empty middle field); any other line is split at runs of white
// space. A field wrapped in double quotes loses them. Columns are 1-based
// byte offsets in the original line, whose first base bytes were skipped.
func splitFields(line string, base int, dst []field) []field {
	rest := line[base:]
	if strings.IndexByte(rest, ',') >= 0 {
		start := base
		for {
			end := strings.IndexByte(line[start:], ',')
			last := end < 0
			if last {
				end = len(line)
			} else {
				end += start
			}
			a, b := start, end
			for a < b && isSpace(line[a]) {
				a++
			}
			for b > a && isSpace(line[b-1]) {
				b--
			}
			dst = append(dst, field{s: unquote(line[a:b]), col: a + 1})
			if last {
				return dst
			}
			start = end + 1
		}
	}
	i := base
	for i < len(line) {
		for i < len(line) && isSpace(line[i]) {
			i++
		}
		if i == len(line) {
			break
		}
		j := i
		for j < len(line) && !isSpace(line[j]) {
			j++
		}
		dst = append(dst, field{s: unquote(line[i:j]), col: i + 1})
		i = j
	}
	return dst
}

func unquote(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		return s[1 : len(s)-1]
	}
	return s
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
