package pointio

// This file is the oracle of the CSV equivalence tests (csvequiv_test.go):
// a verbatim copy, renamed with an "oracle" prefix, of the CSV reader
// (readCSV, readAll, parseNumber, isHeader, splitFields, unquote,
// labelColumn.take), ToKlein and the duplicate check (rowSet,
// FindDuplicate, Dedupe) as they were at commit 396de8b, before the reader
// was made parallel. The new code must give the same tables and the same
// errors.

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unsafe"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/parallel"
)

// readCSV reads the text format: one row a line, values separated by
// commas (with optional spaces or tabs around them) or, on a line without a
// comma, by white space; `#` starts a comment; blank lines are skipped; the
// first non-blank line is a header when none of its fields is a number.
// Lines end at "\n", a "\r" before it dropped. The input is read whole
// (size, when not 0, is its length, to read it in one piece) and cut into
// lines and fields without copying; only labels and header fields are
// copied out.
func (o Options) oracleReadCSV(r io.Reader, size int64) (Table, error) {
	data, rerr := oracleReadAll(r, size)
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
				v, err := oracleParseNumber(texts[k])
				if err != nil {
					bad[c] = k
					return
				}
				t.Data[k] = v
			}
		}, nil)
		for _, k := range bad {
			if k >= 0 {
				_, err := oracleParseNumber(texts[k])
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
		fields = oracleSplitFields(line, base, fields[:0])
		if len(fields) == 0 {
			continue
		}
		pos := Position{File: o.Name, Line: lineNo}
		if !seen {
			seen = true
			if oracleIsHeader(fields) {
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
			if fields, err = labels.oracleTake(o, &t, fields, pos); err != nil {
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
func oracleReadAll(r io.Reader, size int64) ([]byte, error) {
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

// isHeader reports whether no field of a line is a number.
func oracleIsHeader(fields []field) bool {
	for _, f := range fields {
		if _, err := oracleParseNumber(f.s); err == nil || err == errRange || err == errNotFinite {
			return false
		}
	}
	return true
}

// splitFields appends the fields of line to dst. A line holding a comma is
// split at every comma and each field trimmed of white space (so "1,,2"
// has an empty middle field); any other line is split at runs of white
// space. A field wrapped in double quotes loses them. Columns are 1-based
// byte offsets in the original line, whose first base bytes were skipped.
func oracleSplitFields(line string, base int, dst []field) []field {
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
			dst = append(dst, field{s: oracleUnquote(line[a:b]), col: a + 1})
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
		dst = append(dst, field{s: oracleUnquote(line[i:j]), col: i + 1})
		i = j
	}
	return dst
}

func oracleUnquote(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		return s[1 : len(s)-1]
	}
	return s
}

// take removes the label field from a data row's fields and appends it to
// t.Labels. On the first data row without a header naming a label column,
// the last field is the label when it is not empty, not a number, and the
// fields before it are a row the options accept; otherwise the input has
// no labels and the row is left as it is.
func (lc *labelColumn) oracleTake(o Options, t *Table, fields []field, pos Position) ([]field, error) {
	n := len(fields)
	if !lc.decided {
		lc.decided, lc.line, lc.col = true, pos.Line, -1
		if last := fields[n-1]; last.s != "" && oracleIsHeader(fields[n-1:]) && o.colsOK(n-1) {
			lc.col = n - 1
		}
	}
	if lc.col < 0 {
		return fields, nil
	}
	if lc.fields == 0 { // the first data row with a label column
		if lc.col >= n || !o.colsOK(n-1) {
			pos.Column = fields[0].col
			return nil, &ParseError{Position: pos,
				Msg: fmt.Sprintf("row has %d %s, expected %s and a label (the header on line %d names column %d %q)",
					n, plural(n, "column"), o.expected(), lc.line, lc.col+1, lc.name)}
		}
		lc.fields, lc.line = n, pos.Line
	} else if n != lc.fields {
		pos.Column = fields[0].col
		return nil, &ParseError{Position: pos,
			Msg: fmt.Sprintf("row has %d %s, expected %d (with the label) as on line %d", n, plural(n, "column"), lc.fields, lc.line)}
	}
	t.Labels = append(t.Labels, strings.Clone(fields[lc.col].s)) // not a view of the whole input
	return append(fields[:lc.col], fields[lc.col+1:]...), nil
}

// ToKlein converts the rows of t, points of the named model, to the
// canonical Klein model. The columns are
//
//	klein, poincare   x, y        with x² + y² < 1
//	halfplane         x, y        with y > 0
//	hyperboloid       t, x, y     with t > 0 and t² − x² − y² = 1 (see HyperboloidTol)
//
// The conversions are those of package hyperbolic. A row outside its
// model's domain, or one whose Klein image float64 cannot hold strictly
// inside the unit disk (a Poincaré point within about 1e-8 of the circle,
// say), is reported as a *ValueError naming the row and, for text sources,
// the line; it wraps the hyperbolic sentinel error (errors.Is(err,
// hyperbolic.ErrOutsideDisk) …). A table with the wrong number of columns
// is a *ParseError.
func oracleToKlein(t Table, model string) ([]hyperbolic.Point, error) {
	m, err := ParseModel(model)
	if err != nil {
		return nil, err
	}
	want := 2
	cols := "x, y"
	if m == hyperbolic.Hyperboloid {
		want, cols = 3, "t, x, y"
	}
	if t.Cols != want || t.Rows < 0 || len(t.Data) != t.Rows*t.Cols {
		return nil, &ParseError{Position: Position{File: t.Source},
			Msg: fmt.Sprintf("table has %d %s; the %v model needs %d (%s)", t.Cols, plural(t.Cols, "column"), m, want, cols)}
	}
	pts := make([]hyperbolic.Point, t.Rows)
	for i := range pts {
		r := t.Data[i*want : (i+1)*want]
		var p hyperbolic.Point
		var err error
		switch m {
		case hyperbolic.Klein:
			p = hyperbolic.Point{X: r[0], Y: r[1]}
			err = p.Check()
		case hyperbolic.Poincare:
			p, err = hyperbolic.PoincareToKlein(hyperbolic.PoincarePoint{X: r[0], Y: r[1]})
		case hyperbolic.HalfPlane:
			p, err = hyperbolic.HalfPlaneToKlein(hyperbolic.HalfPlanePoint{X: r[0], Y: r[1]})
		case hyperbolic.Hyperboloid:
			if msg, cause := sheetCheck(r[0], r[1], r[2]); cause != nil {
				if _, c := sheetCheck(r[2], r[0], r[1]); c == nil {
					msg += "; the columns look like x, y, t, but the hyperboloid columns are t, x, y"
				}
				return nil, &ValueError{Position: t.Pos(i), Row: t.SourceRow(i), Field: -1,
					Msg: "point " + formatRow(r) + " " + msg, Err: cause}
			}
			p, err = hyperbolic.HyperboloidToKlein(hyperbolic.HyperboloidPoint{T: r[0], X: r[1], Y: r[2]})
		}
		if err != nil {
			return nil, &ValueError{Position: t.Pos(i), Row: t.SourceRow(i), Field: -1, Msg: pointMessage(m, r, err), Err: err}
		}
		pts[i] = p
	}
	return pts, nil
}

// oracleRowSet finds the rows of a table that repeat earlier ones: an
// open-addressing hash table of row indices, keyed by the rows' values
// with −0 read as 0 (the tables hold no NaN).
type oracleRowSet struct {
	t     Table
	slots []int32 // row index + 1; 0 for an empty slot
	mask  uint64
}

func newOracleRowSet(t Table) *oracleRowSet {
	size := uint64(1)
	for size < 2*uint64(t.Rows) {
		size <<= 1
	}
	return &oracleRowSet{t: t, slots: make([]int32, size), mask: size - 1}
}

// add returns the earlier row equal to row i, or −1 after recording i.
func (s *oracleRowSet) add(i int) int {
	r := s.t.Row(i)
	h := uint64(0x9e3779b97f4a7c15)
	for _, v := range r {
		h = (h ^ math.Float64bits(v+0)) * 0xff51afd7ed558ccd // −0 + 0 = +0
		h ^= h >> 32
	}
	for k := h & s.mask; ; k = (k + 1) & s.mask {
		j := int(s.slots[k]) - 1
		if j < 0 {
			s.slots[k] = int32(i + 1)
			return -1
		}
		if oracleSameRow(s.t.Row(j), r) {
			return j
		}
	}
}

func oracleSameRow(a, b []float64) bool {
	for k := range a {
		if a[k] != b[k] { // 0 == −0
			return false
		}
	}
	return true
}

// FindDuplicate returns a *DuplicateError for the first row of t that
// repeats an earlier row exactly, or nil when all rows differ.
func (t Table) oracleFindDuplicate() error {
	s := newOracleRowSet(t)
	for i := range t.Rows {
		if j := s.add(i); j >= 0 {
			return &DuplicateError{Row: t.SourceRow(i), Prev: t.SourceRow(j), Pos: t.Pos(i), PrevPos: t.Pos(j), Values: append([]float64(nil), t.Row(i)...)}
		}
	}
	return nil
}

// Dedupe returns t without the rows that repeat an earlier row exactly
// (the first occurrence stays, with its line and column) and the number
// of rows dropped. t itself is not modified; when nothing is dropped the
// result is t.
func (t Table) oracleDedupe() (Table, int) {
	s := newOracleRowSet(t)
	keep := make([]int, 0, t.Rows)
	for i := range t.Rows {
		if s.add(i) < 0 {
			keep = append(keep, i)
		}
	}
	if len(keep) == t.Rows {
		return t, 0
	}
	out := Table{Rows: len(keep), Cols: t.Cols, Data: make([]float64, 0, len(keep)*t.Cols), Source: t.Source, Header: t.Header,
		Origin: make([]int, 0, len(keep))}
	if t.Lines != nil {
		out.Lines = make([]int, 0, len(keep))
	}
	if t.Columns != nil {
		out.Columns = make([]int32, 0, len(keep)*t.Cols)
	}
	if t.Labels != nil {
		out.Labels = make([]string, 0, len(keep))
	}
	for _, i := range keep {
		out.Data = append(out.Data, t.Row(i)...)
		out.Origin = append(out.Origin, t.SourceRow(i))
		if t.Lines != nil {
			out.Lines = append(out.Lines, t.Lines[i])
		}
		if t.Labels != nil {
			out.Labels = append(out.Labels, t.Labels[i])
		}
		if t.Columns != nil {
			out.Columns = append(out.Columns, t.Columns[i*t.Cols:(i+1)*t.Cols]...)
		}
	}
	return out, t.Rows - len(keep)
}

// parseNumber parses a decimal (or hexadecimal, e.g. 0x1.8p-3) floating-point
// literal, correctly rounded; underscores are not accepted. It rejects NaN and ±Inf, and values whose magnitude
// rounds beyond the float64 range.
func oracleParseNumber(s string) (float64, error) {
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
