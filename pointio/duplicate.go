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

// rowSet finds the rows of a table that repeat earlier ones: an
// open-addressing hash table of row indices, keyed by the rows' values
// with −0 read as 0 (the tables hold no NaN).
type rowSet struct {
	t     Table
	slots []int32 // row index + 1; 0 for an empty slot
	mask  uint64
}

func newRowSet(t Table) *rowSet {
	size := uint64(1)
	for size < 2*uint64(t.Rows) {
		size <<= 1
	}
	return &rowSet{t: t, slots: make([]int32, size), mask: size - 1}
}

// add returns the earlier row equal to row i, or −1 after recording i.
func (s *rowSet) add(i int) int {
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
		if sameRow(s.t.Row(j), r) {
			return j
		}
	}
}

func sameRow(a, b []float64) bool {
	for k := range a {
		if a[k] != b[k] { // 0 == −0
			return false
		}
	}
	return true
}

// FindDuplicate returns a *DuplicateError for the first row of t that
// repeats an earlier row exactly, or nil when all rows differ.
func (t Table) FindDuplicate() error {
	s := newRowSet(t)
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
func (t Table) Dedupe() (Table, int) {
	s := newRowSet(t)
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
