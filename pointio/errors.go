package pointio

import (
	"errors"
	"strconv"
	"strings"
)

// ErrNoData is wrapped by the error returned for an input that holds no
// data rows (an empty file, only comments, only a header, `[]`, or an .npy
// array with zero rows). Callers that accept empty input test for it with
// errors.Is.
var ErrNoData = errors.New("no data rows")

// ErrUnknownFormat is wrapped by the error ParseFormat returns for a
// format name it does not know.
var ErrUnknownFormat = errors.New("unknown format")

// ErrUnknownModel is wrapped by the error ToKlein returns for a model name
// it does not know.
var ErrUnknownModel = errors.New("unknown model")

// Position locates a row or a cell in its source.
type Position struct {
	File   string // file or stream name; "" when unknown
	Line   int    // 1-based line in a text source; 0 for .npy or when unknown
	Column int    // 1-based byte column within Line; 0 when unknown
}

// String formats p as "file:line:column", leaving out the parts that are
// unknown.
func (p Position) String() string {
	var b strings.Builder
	b.WriteString(p.File)
	if p.Line > 0 {
		if b.Len() > 0 {
			b.WriteByte(':')
		}
		b.WriteString(strconv.Itoa(p.Line))
		if p.Column > 0 {
			b.WriteByte(':')
			b.WriteString(strconv.Itoa(p.Column))
		}
	}
	return b.String()
}

// ParseError reports malformed input: text that is not a number, a row with
// the wrong number of columns, a bad .npy header, an unsupported dtype or
// shape, JSON syntax. Err, when set, is the underlying cause (for example
// ErrNoData, or a *json.SyntaxError).
type ParseError struct {
	Position
	Msg string
	Err error
}

func (e *ParseError) Error() string {
	pos := e.Position.String()
	if pos == "" {
		return e.Msg
	}
	return pos + ": " + e.Msg
}

// Unwrap returns the underlying cause, if any.
func (e *ParseError) Unwrap() error { return e.Err }

// ValueError reports a well-formed value that is not acceptable: NaN or
// ±Inf, a number beyond the float64 range, or a point that is not in the
// domain of its model. Row is the 0-based row index in the table; Field is
// the 0-based column index, or -1 when the row as a whole (a point) is at
// fault. Position gives the file and, for text sources, the line and the
// column (of the value, or of the row's start).
//
// The message follows the one convention of the commands, 1-based
// positions: "file:line:column: …" for text sources, and for .npy, which
// has no lines, "file: row R, column C: …" with R and C counted from 1.
type ValueError struct {
	Position
	Row   int
	Field int
	Msg   string
	Err   error // underlying cause, e.g. a hyperbolic sentinel error; may be nil
}

func (e *ValueError) Error() string {
	var b strings.Builder
	if pos := e.Position.String(); pos != "" {
		b.WriteString(pos)
		b.WriteString(": ")
	}
	if e.Line <= 0 {
		b.WriteString(rowText(e.Row, e.Field))
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// rowText names a row and, when field ≥ 0, a column of a table without
// lines, 1-based: "row 3" or "row 3, column 2".
func rowText(row, field int) string {
	s := "row " + strconv.Itoa(row+1)
	if field >= 0 {
		s += ", column " + strconv.Itoa(field+1)
	}
	return s
}

// Where names the position of row i of t for a message, 1-based: "file:line:column"
// for text sources, "file: row R" for .npy.
func (t Table) Where(i int) string {
	p := t.Pos(i)
	if p.Line > 0 {
		return p.String()
	}
	if p.File == "" {
		return rowText(t.SourceRow(i), -1)
	}
	return p.File + ": " + rowText(t.SourceRow(i), -1)
}

// Unwrap returns the underlying cause, if any.
func (e *ValueError) Unwrap() error { return e.Err }

// formatFloat prints x so that it reads back as the same float64.
func formatFloat(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// formatRow prints a row as "(a, b, …)".
func formatRow(r []float64) string {
	var b strings.Builder
	b.WriteByte('(')
	for i, v := range r {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(formatFloat(v))
	}
	b.WriteByte(')')
	return b.String()
}

// formatCounts prints an accepted column-count list as "2", "6 or 8" or
// "2, 3 or 4".
func formatCounts(cols []int) string {
	var b strings.Builder
	for i, c := range cols {
		switch {
		case i == 0:
		case i == len(cols)-1:
			b.WriteString(" or ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(c))
	}
	return b.String()
}
