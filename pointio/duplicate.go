package pointio

import (
	"math"
	"strings"
)

// DuplicateError reports a row of a table that repeats an earlier one
// exactly (every value equal; 0 and −0 are equal). Row and Prev are the
// 0-based indices of the repeat and of the first occurrence; Pos and
// PrevPos their positions; Values the repeated values.
type DuplicateError struct {
	Row, Prev    int
	Pos, PrevPos Position
	Values       []float64
}

func (e *DuplicateError) Error() string {
	var b strings.Builder
	if e.Pos.Line > 0 {
		b.WriteString(e.Pos.String())
		b.WriteString(": ")
		b.WriteString(formatRow(e.Values))
		b.WriteString(" repeats the row at line ")
		b.WriteString(itoa(e.PrevPos.Line))
		if e.PrevPos.Column > 0 {
			b.WriteString(", column ")
			b.WriteString(itoa(e.PrevPos.Column))
		}
		return b.String()
	}
	if e.Pos.File != "" {
		b.WriteString(e.Pos.File)
		b.WriteString(": ")
	}
	b.WriteString(rowText(e.Row, -1))
	b.WriteString(" ")
	b.WriteString(formatRow(e.Values))
	b.WriteString(" repeats ")
	b.WriteString(rowText(e.Prev, -1))
	return b.String()
}

// rowKey is a map key equal for rows of equal values: their bits, with −0
// read as 0.
func rowKey(r []float64, buf []byte) []byte {
	buf = buf[:0]
	for _, v := range r {
		u := math.Float64bits(v + 0) // −0 + 0 = +0; every other value is unchanged
		for k := 0; k < 8; k++ {
			buf = append(buf, byte(u>>(8*k)))
		}
	}
	return buf
}

// FindDuplicate returns a *DuplicateError for the first row of t that
// repeats an earlier row exactly, or nil when all rows differ.
func (t Table) FindDuplicate() error {
	seen := make(map[string]int, t.Rows)
	var buf []byte
	for i := range t.Rows {
		buf = rowKey(t.Row(i), buf)
		if j, ok := seen[string(buf)]; ok {
			return &DuplicateError{Row: t.SourceRow(i), Prev: t.SourceRow(j), Pos: t.Pos(i), PrevPos: t.Pos(j), Values: append([]float64(nil), t.Row(i)...)}
		}
		seen[string(buf)] = i
	}
	return nil
}

// Dedupe returns t without the rows that repeat an earlier row exactly
// (the first occurrence stays, with its line and column) and the number
// of rows dropped. t itself is not modified; when nothing is dropped the
// result is t.
func (t Table) Dedupe() (Table, int) {
	seen := make(map[string]struct{}, t.Rows)
	var buf []byte
	keep := make([]int, 0, t.Rows)
	for i := range t.Rows {
		buf = rowKey(t.Row(i), buf)
		if _, ok := seen[string(buf)]; ok {
			continue
		}
		seen[string(buf)] = struct{}{}
		keep = append(keep, i)
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
