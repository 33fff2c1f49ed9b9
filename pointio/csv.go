package pointio

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
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
// Lines end at "\n", a "\r" before it dropped. The input is cut into
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
//
// A file of known size (size > 0, r an io.ReaderAt at offset 0, as
// ReadFile passes it) is read piece by piece at its offsets, twice: once
// to count its lines, once to parse them, so that it is never held whole
// (readCSVAt). Any other input is read whole first (size, when not 0, is
// its length, to read it in one piece).
func (o Options) readCSV(r io.Reader, size int64) (Table, error) {
	if ra, ok := r.(io.ReaderAt); ok && size > 0 && size <= maxLine {
		if t, ok, err := o.readCSVAt(ra, size); ok {
			return t, err
		}
	}
	data, rerr := readAll(r, size)
	text := unsafe.String(unsafe.SliceData(data), len(data)) // data is ours and never written again
	if rerr != nil {
		// As a line reader would: the complete lines before the error are
		// read, then the error is reported on the next line.
		text = text[:strings.LastIndexByte(text, '\n')+1]
	}
	h, _, err := o.readHead(text, true)
	if err != nil {
		return Table{}, err
	}
	if h.fields != nil {
		pieces := textPieces(text[h.used:], h.line, csvChunkBytes)
		if err := h.start(pieces); err != nil {
			return Table{}, err
		}
		lines, err := o.csvRest(&h.t, pieces, h.line, h.labels, nil)
		if err != nil {
			return Table{}, err
		}
		h.line += lines
	}
	return o.csvEnd(h, rerr)
}

// csvEnd returns the table of a read whose lines are all read: the read
// error, if any, on the line after them, or an error for a table without
// rows.
func (o Options) csvEnd(h csvHead, rerr error) (Table, error) {
	if rerr != nil {
		pos := Position{File: o.Name, Line: h.line + 1}
		return Table{}, &ParseError{Position: pos, Msg: "read error: " + rerr.Error(), Err: rerr}
	}
	if h.t.Rows == 0 {
		msg := "no data rows"
		if h.t.Header != nil {
			msg += fmt.Sprintf(" (line %d holds no number, so it was read as a header)", h.headerLine)
		}
		return Table{}, &ParseError{Position: Position{File: o.Name}, Msg: msg, Err: ErrNoData}
	}
	return h.t, nil
}

// csvHead is a CSV read up to its first data row.
type csvHead struct {
	t          Table // Source, Header, and Cols once a data row is found
	line       int   // the lines read: the first data row's line, or all
	headerLine int
	labels     labelColumn
	used       int     // the bytes of text those lines took
	fields     []field // the first data row's values, nil if none
	label      string  // and its label
}

// readHead reads the lines of text up to the first data row. When text
// ends before a data row and is not the whole input (complete false), it
// reports more instead.
func (o Options) readHead(text string, complete bool) (h csvHead, more bool, err error) {
	h.t = Table{Source: o.Name}
	h.labels = labelColumn{col: -1}
	var (
		seen   bool
		fields []field
		rest   = text
	)
	for len(rest) > 0 {
		if !complete && strings.IndexByte(rest, '\n') < 0 {
			return h, true, nil
		}
		var line string
		line, rest = cutLine(rest)
		if len(line) >= maxLine {
			return h, false, longLine(o.Name, h.line+1)
		}
		line = strings.TrimSuffix(line, "\r")
		h.line++
		base := 0
		if h.line == 1 && strings.HasPrefix(line, "\uFEFF") { // UTF-8 byte-order mark
			base = len("\uFEFF")
		}
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		fields = splitFields(line, base, fields[:0])
		if len(fields) == 0 {
			continue
		}
		pos := Position{File: o.Name, Line: h.line}
		if !seen {
			seen = true
			if isHeader(fields) {
				h.headerLine = h.line
				h.t.Header = make([]string, len(fields))
				for i, f := range fields {
					h.t.Header[i] = strings.Clone(f.s)
				}
				if o.Labels {
					h.labels = o.labelFromHeader(h.t.Header, h.line)
				}
				continue
			}
		}
		if o.Labels {
			if fields, h.label, err = h.labels.take(o, fields, pos); err != nil {
				return h, false, err
			}
		}
		n := len(fields)
		if !o.colsOK(n) {
			pos.Column = fields[0].col
			return h, false, &ParseError{Position: pos,
				Msg: fmt.Sprintf("row has %d %s, expected %s", n, plural(n, "column"), o.expected())}
		}
		h.t.Cols, h.fields, h.used = n, fields, len(text)-len(rest)
		return h, false, nil
	}
	h.used = len(text)
	return h, !complete, nil
}

// start sizes the table for the first data row and the lines of the
// pieces after it, and puts the row in.
func (h *csvHead) start(pieces []csvPiece) error {
	slots := 1
	if len(pieces) > 0 {
		last := pieces[len(pieces)-1]
		slots = last.slot + last.lines
	}
	t, n := &h.t, h.t.Cols
	t.Data = make([]float64, n*slots)
	t.Columns = make([]int32, n*slots)
	t.Lines = make([]int, slots)
	if h.labels.col >= 0 {
		t.Labels = make([]string, slots)
		t.Labels[0] = strings.Clone(h.label)
	}
	var f rowFault
	ok := t.putRow(0, h.fields, h.line, &f)
	h.fields, h.label = nil, "" // views of the text
	if !ok {
		return f.error(0)
	}
	t.Rows = 1
	return nil
}

// textPieces cuts text, which follows line first, into pieces of whole
// lines of about chunk bytes.
func textPieces(text string, first, chunk int) []csvPiece {
	var pieces []csvPiece
	line, slot := first, 1
	for len(text) > 0 {
		end := len(text)
		if chunk < end {
			if i := strings.IndexByte(text[chunk-1:], '\n'); i >= 0 {
				end = chunk + i
			}
		}
		p := csvPiece{text: text[:end], line: line, slot: slot}
		p.lines = strings.Count(p.text, "\n")
		if p.text[len(p.text)-1] != '\n' {
			p.lines++
		}
		pieces = append(pieces, p)
		text, line, slot = text[end:], line+p.lines, slot+p.lines
	}
	return pieces
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

// csvPiece is a piece of whole lines of the text after the first data
// row, and what a worker made of it: its rows, or the first error in it.
type csvPiece struct {
	text     string
	off, end int64 // for readCSVAt, the piece's bytes in the file
	line     int   // the number of the piece's first line, less one
	lines    int   // how many lines it holds
	slot     int   // the table slot of the piece's first line
	rows     int
	fault    rowFault
	bad      bool // fault holds the piece's first error
}

// errPiece marks a piece that failed, for parallel.Each to stop at.
var errPiece = errors.New("piece failed")

// csvRest reads the pieces of text that follow line first (the first
// data row, in slot 0 of t) into t, and returns how many lines they held.
// load, when not nil, fills in a piece's text before it is read, on the
// worker w, or reports that it could not (the error returned then).
func (o Options) csvRest(t *Table, pieces []csvPiece, first int, labels labelColumn, load func(w int, p *csvPiece) error) (int, error) {
	scratch := make([][]field, parallel.Workers(o.Workers))
	err := parallel.Each(len(pieces), o.Workers, func(w, i int) error {
		p := &pieces[i]
		if load != nil {
			if err := load(w, p); err != nil {
				return err
			}
		}
		scratch[w] = o.csvPiece(t, p, labels, first, scratch[w])
		p.text = ""
		if p.bad {
			return errPiece
		}
		return nil
	})
	if err != nil && err != errPiece {
		return 0, err
	}
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
	lines := 0
	for _, p := range pieces {
		lines += p.lines
	}
	return lines, nil
}

// csvPiece reads the lines of one piece into t from its slot on, stopping
// at the first error (p.fault, p.bad); fields is scratch space, returned
// for reuse. The header, column count and label column are those of the
// first data row, on line first.
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

// errChanged reports a file that did not read back as it read first; the
// read starts over as a stream.
var errChanged = errors.New("file changed while read")

// readCSVAt is readCSV for a file of known size read at its offsets: the
// lines up to the first data row from a buffer that grows until it holds
// them, then the rest in pieces on the workers, each read into the
// worker's buffer, first to count its lines (so that the table is sized
// and each piece knows its first line and slot), then to parse them. It
// reports ok = false, for readCSV to read the input as a stream, when a
// read fails or the file is not size bytes long or changes between the
// passes.
func (o Options) readCSVAt(ra io.ReaderAt, size int64) (t Table, ok bool, err error) {
	readAt := func(buf []byte, off int64) bool {
		n, _ := ra.ReadAt(buf, off)
		return n == len(buf)
	}
	// The head: the lines up to the first data row.
	var (
		h    csvHead
		more = true
	)
	for n := min(size, int64(max(csvChunkBytes, 1))); more; n = min(size, 2*n) {
		head := make([]byte, n)
		if !readAt(head, 0) {
			return Table{}, false, nil
		}
		h, more, err = o.readHead(unsafe.String(unsafe.SliceData(head), len(head)), n == size)
	}
	if k, rerr := ra.ReadAt(make([]byte, 1), size); k != 0 || rerr != io.EOF {
		return Table{}, false, nil // longer than its size said, or failing
	}
	if err != nil {
		return Table{}, true, err
	}
	if h.fields == nil {
		t, err := o.csvEnd(h, nil)
		return t, true, err
	}
	// First pass: the lines of byte ranges of chunk bytes, and where the
	// last of each ends; pieces are then cut at those ends.
	start, chunk := int64(h.used), int64(max(csvChunkBytes, 1))
	nr := int((size - start + chunk - 1) / chunk)
	workers := parallel.Workers(o.Workers)
	bufs := make([][]byte, workers)
	buffer := func(w int, n int64) []byte {
		if int64(cap(bufs[w])) < n {
			bufs[w] = make([]byte, n+n/8) // room for pieces a little longer
		}
		return bufs[w][:n]
	}
	counts := make([]int, nr)
	lastNL := make([]int64, nr) // offset of the last "\n" of the range, or −1
	err = parallel.Each(nr, o.Workers, func(w, i int) error {
		lo := start + int64(i)*chunk
		b := buffer(w, min(size, lo+chunk)-lo)
		if !readAt(b, lo) {
			return errChanged
		}
		counts[i] = bytes.Count(b, []byte{'\n'})
		lastNL[i] = -1
		if k := bytes.LastIndexByte(b, '\n'); k >= 0 {
			lastNL[i] = lo + int64(k)
		}
		return nil
	})
	if err != nil {
		return Table{}, false, nil
	}
	var pieces []csvPiece
	off := start
	for i := range nr {
		end := lastNL[i] + 1
		if i == nr-1 {
			end = size
		} else if end <= off {
			continue // no line ends in this range: the piece goes on
		}
		pieces = append(pieces, csvPiece{off: off, end: end})
		off = end
	}
	// The lines of each piece: the "\n"s of the ranges it spans, and a last
	// line without one.
	line, slot := h.line, 1
	for k, r := 0, 0; k < len(pieces); k++ {
		p := &pieces[k]
		for r < nr && start+int64(r)*chunk < p.end {
			p.lines += counts[r]
			r++
		}
		if k == len(pieces)-1 && lastNL[nr-1] != size-1 {
			p.lines++
		}
		p.line, p.slot = line, slot
		line, slot = line+p.lines, slot+p.lines
	}
	if err := h.start(pieces); err != nil {
		return Table{}, true, err
	}
	// Second pass: each piece read again and parsed.
	load := func(w int, p *csvPiece) error {
		b := buffer(w, p.end-p.off)
		if !readAt(b, p.off) || (p.end < size && b[len(b)-1] != '\n') {
			return errChanged
		}
		p.text = unsafe.String(unsafe.SliceData(b), len(b))
		nl := strings.Count(p.text, "\n")
		if b[len(b)-1] != '\n' {
			nl++ // the last line, without one
		}
		if nl != p.lines {
			return errChanged
		}
		return nil
	}
	lines, err := o.csvRest(&h.t, pieces, h.line, h.labels, load)
	if err == errChanged {
		return Table{}, false, nil
	}
	if err != nil {
		return Table{}, true, err
	}
	h.line += lines
	t, err = o.csvEnd(h, nil)
	return t, true, err
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
	if v, ok := parseDecimal(s); ok {
		return v, nil
	}
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

// exactPow10 are the powers of ten a float64 holds exactly.
var exactPow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// parseDecimal parses the plain decimals that most data are, -?d+(.d+)?,
// with at most 19 digits and at most 19 after the point (22 when the
// digits, read as an integer m, are below 2⁵³), correctly rounded: the
// value ParseFloat returns. Other text it leaves to ParseFloat (ok false).
func parseDecimal(s string) (v float64, ok bool) {
	i, neg := 0, false
	if len(s) > 0 && s[0] == '-' {
		i, neg = 1, true
	}
	const most = math.MaxUint64 / 10 // m < most: m·10 + 9 < 2⁶⁴
	var m uint64
	start := i
	for ; i < len(s) && s[i]-'0' <= 9; i++ {
		if m >= most {
			return 0, false
		}
		m = m*10 + uint64(s[i]-'0')
	}
	if i == start {
		return 0, false
	}
	k := 0
	if i < len(s) {
		if s[i] != '.' {
			return 0, false
		}
		i++
		for ; i < len(s); i++ {
			if s[i]-'0' > 9 || m >= most {
				return 0, false
			}
			m = m*10 + uint64(s[i]-'0')
			k++
		}
		if k == 0 {
			return 0, false
		}
	}
	switch {
	case m < 1<<53 && k < len(exactPow10):
		// m and 10^k are float64s exactly: their quotient, rounded once,
		// is the correctly rounded value.
		v = float64(m) / exactPow10[k]
	case k < len(pow10u):
		if v, ok = divRound(m, pow10u[k]); !ok {
			return 0, false
		}
	default:
		return 0, false
	}
	if neg {
		v = -v
	}
	return v, true
}

// pow10u are the powers of ten a uint64 holds.
var pow10u = [...]uint64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
	1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19}

// divRound returns m/d rounded to the nearest float64, ties to even, in
// integer arithmetic: m·2^sh, with sh chosen so that the quotient q has
// 55 or 56 bits, is divided by d, and q is rounded to 53 bits on its
// dropped bits and the remainder. It reports false when that would need
// sh < 0 (m/d of 56 bits or more).
func divRound(m, d uint64) (float64, bool) {
	if m == 0 {
		return 0, true
	}
	sh := bits.Len64(d) - bits.Len64(m) + 55
	if sh < 0 {
		return 0, false
	}
	var hi, lo uint64 // m·2^sh
	switch {
	case sh >= 64:
		hi = m << (sh - 64)
	case sh > 0:
		hi, lo = m>>(64-sh), m<<sh
	default:
		lo = m
	}
	// m·2^sh < 2^(len d + 55), so hi < 2^(len d − 9) ≤ d: the quotient
	// fits in 64 bits, in [2⁵⁴, 2⁵⁶).
	q, r := bits.Div64(hi, lo, d)
	extra := bits.Len64(q) - 53
	mant, low, half := q>>extra, q&(1<<extra-1), uint64(1)<<(extra-1)
	if low > half || low == half && (r != 0 || mant&1 == 1) {
		mant++
	}
	return math.Ldexp(float64(mant), extra-sh), true
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
