package pointio

import (
	"bufio"
	"cmp"
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

// csvChunkBytes is the length of text, after the first data row, that one
// work item of readCSV scans and parses; a variable so that the tests can
// cut small inputs into many pieces.
var csvChunkBytes = 512 << 10

// readCSV reads the text format: one row a line, values separated by
// commas (with optional spaces or tabs around them) or, on a line without a
// comma, by white space; `#` starts a comment; blank lines are skipped; the
// first non-blank line is a header when none of its fields is a number.
// Lines end at "\n", a "\r" before it dropped. The input is read whole
// (size, when not 0, is its length, to read it in one piece) and cut into
// lines and fields without copying; only labels and header fields are
// copied out.
//
// The lines up to the first data row, which fix the header, the column
// count and the label column, are read in order. The rest is cut into
// pieces of whole lines that the workers split and parse straight into
// the table, each piece's rows at the slots of its lines (a line holds at
// most one row); the pieces' rows are then closed up in order when blank
// or comment lines left gaps. The first error in the order of the input
// is reported, whatever the workers: every piece before the one that
// failed first has been read.
func (o Options) readCSV(r io.Reader, size int64) (Table, error) {
	data, rerr := o.readText(r, size)
	text := unsafe.String(unsafe.SliceData(data), len(data)) // data is ours and never written again
	if rerr != nil {
		// As a line reader would: the complete lines before the error are
		// read, then the error is reported on the next line.
		text = text[:strings.LastIndexByte(text, '\n')+1]
	}
	t := Table{Source: o.Name}
	var (
		lineNo     int
		headerLine int
		seen       bool
		fields     []field
		labels     = labelColumn{col: -1}
	)
	for len(text) > 0 && t.Rows == 0 {
		var line string
		line, text = cutLine(text)
		if len(line) >= maxLine {
			return Table{}, longLine(o.Name, lineNo+1)
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
		var label string
		if o.Labels {
			var err error
			if fields, label, err = labels.take(o, fields, pos); err != nil {
				return Table{}, err
			}
		}
		n := len(fields)
		if !o.colsOK(n) {
			pos.Column = fields[0].col
			return Table{}, &ParseError{Position: pos,
				Msg: fmt.Sprintf("row has %d %s, expected %s", n, plural(n, "column"), o.expected())}
		}
		// The first data row: one slot for it and one for every line after.
		slots := 1 + strings.Count(text, "\n")
		if text != "" && text[len(text)-1] != '\n' {
			slots++
		}
		t.Cols = n
		t.Data = make([]float64, n*slots)
		t.Columns = make([]int32, n*slots)
		t.Lines = make([]int, slots)
		if labels.col >= 0 {
			t.Labels = make([]string, slots)
			t.Labels[0] = strings.Clone(label)
		}
		var f rowFault
		if !t.putRow(0, fields, lineNo, &f) {
			return Table{}, f.error(0)
		}
		t.Rows = 1
	}
	if t.Rows > 0 {
		lines, err := o.csvRest(&t, text, lineNo, labels)
		if err != nil {
			return Table{}, err
		}
		lineNo += lines
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

// cutLine returns the first line of text, without its "\n", and the rest.
func cutLine(text string) (line, rest string) {
	if i := strings.IndexByte(text, '\n'); i >= 0 {
		return text[:i], text[i+1:]
	}
	return text, ""
}

func longLine(name string, line int) error {
	return &ParseError{Position: Position{File: name, Line: line}, Msg: fmt.Sprintf("line longer than %d bytes", maxLine), Err: bufio.ErrTooLong}
}

// rowFault is the first error of a piece of text: err itself, or, for a
// field that is not an acceptable number (num), what numberError makes of
// it once the row's index in the table is known.
type rowFault struct {
	err   error
	num   bool
	pos   Position
	field int
	text  string
}

// error returns the error, for a fault in row row of the table.
func (f *rowFault) error(row int) error {
	if f.num {
		return numberError(f.err, f.pos, row, f.field, f.text)
	}
	return f.err
}

// putRow parses the fields of a data row into slot i of t (Data, Columns,
// Lines) and reports whether they all are acceptable numbers; if not, f
// describes the first that is not.
func (t *Table) putRow(i int, fields []field, line int, f *rowFault) bool {
	n := t.Cols
	t.Lines[i] = line
	for j, fd := range fields {
		k := i*n + j
		c := int32(min(fd.col, math.MaxInt32))
		t.Columns[k] = c
		v, err := parseNumber(fd.s)
		if err != nil {
			*f = rowFault{err: err, num: true, pos: Position{File: t.Source, Line: line, Column: int(c)}, field: j, text: strings.Clone(fd.s)}
			return false
		}
		t.Data[k] = v
	}
	return true
}

// csvPiece is what a worker made of one piece of the text after the first
// data row: its rows, or the first error in it.
type csvPiece struct {
	text  string
	line  int // the number of the piece's first line, less one
	slot  int // the table slot of the piece's first line
	rows  int
	fault rowFault
	bad   bool // fault holds the piece's first error
}

// errPiece marks a piece that failed, for parallel.Each to stop at.
var errPiece = errors.New("piece failed")

// csvRest reads the lines of text, which follow line first (the first
// data row, in slot 0 of t), into t, and returns how many lines it held.
func (o Options) csvRest(t *Table, text string, first int, labels labelColumn) (int, error) {
	var pieces []csvPiece
	line, slot := first, 1
	for len(text) > 0 {
		end := len(text)
		if csvChunkBytes < end {
			if i := strings.IndexByte(text[csvChunkBytes-1:], '\n'); i >= 0 {
				end = csvChunkBytes + i
			}
		}
		p := csvPiece{text: text[:end], line: line, slot: slot}
		lines := strings.Count(p.text, "\n")
		if p.text[len(p.text)-1] != '\n' {
			lines++
		}
		pieces = append(pieces, p)
		text, line, slot = text[end:], line+lines, slot+lines
	}
	scratch := make([][]field, parallel.Workers(o.Workers))
	err := parallel.Each(len(pieces), o.Workers, func(w, i int) error {
		p := &pieces[i]
		scratch[w] = o.csvPiece(t, p, labels, first, scratch[w])
		if p.bad {
			return errPiece
		}
		return nil
	})
	rows := 1
	for i := range pieces {
		p := &pieces[i]
		if err != nil && p.bad {
			return 0, p.fault.error(rows + p.rows)
		}
		if p.slot != rows { // close the gap left by lines without a row
			n := t.Cols
			copy(t.Data[rows*n:], t.Data[p.slot*n:(p.slot+p.rows)*n])
			copy(t.Columns[rows*n:], t.Columns[p.slot*n:(p.slot+p.rows)*n])
			copy(t.Lines[rows:], t.Lines[p.slot:p.slot+p.rows])
			if t.Labels != nil {
				copy(t.Labels[rows:], t.Labels[p.slot:p.slot+p.rows])
			}
		}
		rows += p.rows
	}
	t.Rows = rows
	t.Data = t.Data[:rows*t.Cols]
	t.Columns = t.Columns[:rows*t.Cols]
	t.Lines = t.Lines[:rows]
	if t.Labels != nil {
		clear(t.Labels[rows:]) // no views of dropped slots
		t.Labels = t.Labels[:rows]
	}
	return line - first, nil
}

// csvPiece reads the lines of one piece into t from its slot on, stopping
// at the first error (p.fault, p.bad); fields is scratch space, returned for reuse.
// The header, column count and label column are those of the first data
// row, on line first.
func (o Options) csvPiece(t *Table, p *csvPiece, labels labelColumn, first int, fields []field) []field {
	text, lineNo := p.text, p.line
	for len(text) > 0 {
		var line string
		line, text = cutLine(text)
		if len(line) >= maxLine {
			p.fault, p.bad = rowFault{err: longLine(o.Name, lineNo+1)}, true
			return fields
		}
		line = strings.TrimSuffix(line, "\r")
		lineNo++
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		fields = splitFields(line, 0, fields[:0])
		if len(fields) == 0 {
			continue
		}
		pos := Position{File: o.Name, Line: lineNo}
		var label string
		if o.Labels {
			var err error
			if fields, label, err = labels.take(o, fields, pos); err != nil {
				p.fault, p.bad = rowFault{err: err}, true
				return fields
			}
		}
		if n := len(fields); n != t.Cols {
			pos.Column = fields[0].col
			p.fault.err = &ParseError{Position: pos,
				Msg: fmt.Sprintf("row has %d %s, expected %d as on line %d", n, plural(n, "column"), t.Cols, first)}
			p.bad = true
			return fields
		}
		i := p.slot + p.rows
		if !t.putRow(i, fields, lineNo, &p.fault) {
			p.bad = true
			return fields
		}
		if t.Labels != nil {
			t.Labels[i] = strings.Clone(label)
		}
		p.rows++
	}
	return fields
}

// readText reads the whole input: for a file of known size with more
// than one worker, in pieces read at their offsets on the workers (r is
// then at offset 0, as ReadFile leaves it); when those reads fail or the
// file is not as long as its size said, and otherwise, as one stream
// (readAll).
func (o Options) readText(r io.Reader, size int64) ([]byte, error) {
	ra, ok := r.(io.ReaderAt)
	if !ok || size <= 0 || size > maxLine || parallel.Workers(o.Workers) == 1 {
		return readAll(r, size)
	}
	const piece = 4 << 20
	buf := make([]byte, size+1) // +1: the read that sees the end
	n := int((size + piece - 1) / piece)
	err := parallel.Each(n, o.Workers, func(_, i int) error {
		lo, hi := int64(i)*piece, min(size, int64(i+1)*piece)
		if k, err := ra.ReadAt(buf[lo:hi], lo); k != int(hi-lo) {
			return cmp.Or(err, io.ErrUnexpectedEOF)
		}
		return nil
	})
	if err == nil {
		if k, err := ra.ReadAt(buf[size:], size); k == 0 && err == io.EOF {
			return buf[:size], nil
		}
	}
	return readAll(r, size)
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
