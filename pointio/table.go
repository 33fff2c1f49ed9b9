package pointio

import "math"

// Table is a rectangular block of finite float64 values read from a file:
// Rows rows of Cols values each, stored row-major in Data, so that the value
// in row i and column j is Data[i*Cols+j].
//
// Tables returned by the readers satisfy len(Data) == Rows*Cols, Rows ≥ 1,
// Cols ≥ 1, and every value is finite.
type Table struct {
	Rows, Cols int
	Data       []float64

	// Source names the file or stream the table came from ("" if unknown);
	// it prefixes the positions in errors about the table's values.
	Source string
	// Lines[i] is the 1-based source line of row i for text formats (CSV,
	// JSON); nil for .npy.
	Lines []int
	// Columns[i*Cols+j] is the 1-based byte column, within its line, of
	// the value in row i and column j, for text formats; nil for .npy.
	Columns []int32
	// Origin[i] is the 0-based index in the source of row i, for a table
	// with rows left out (Dedupe); nil means row i is the source's row i.
	Origin []int
	// Header holds the fields of a CSV header line, if there was one.
	Header []string
	// Labels holds the label of each row when Options.Labels found a
	// label column (one per row, possibly empty strings); nil otherwise.
	Labels []string
}

// At returns the value in row i and column j. It panics, like a slice
// index, if i or j is out of range.
func (t Table) At(i, j int) float64 {
	if uint(j) >= uint(t.Cols) {
		panic("pointio: column index out of range")
	}
	return t.Data[i*t.Cols+j]
}

// Row returns row i as a slice that shares t.Data. It panics if i is out
// of range.
func (t Table) Row(i int) []float64 {
	if uint(i) >= uint(t.Rows) {
		panic("pointio: row index out of range")
	}
	return t.Data[i*t.Cols : (i+1)*t.Cols : (i+1)*t.Cols]
}

// Column returns a copy of column j.
func (t Table) Column(j int) []float64 {
	if uint(j) >= uint(t.Cols) {
		panic("pointio: column index out of range")
	}
	c := make([]float64, t.Rows)
	for i := range c {
		c[i] = t.Data[i*t.Cols+j]
	}
	return c
}

// Pos returns the source position of row i: the table's Source and, for
// text formats, the line and the column of the row's first value.
func (t Table) Pos(i int) Position { return t.FieldPos(i, 0) }

// FieldPos returns the source position of the value in row i and column
// j: the table's Source and, for text formats, its line and column.
func (t Table) FieldPos(i, j int) Position {
	p := Position{File: t.Source}
	if i >= 0 && i < len(t.Lines) {
		p.Line = t.Lines[i]
		if k := i*t.Cols + j; j >= 0 && j < t.Cols && k < len(t.Columns) {
			p.Column = int(t.Columns[k])
		}
	}
	return p
}

// SourceRow returns the 0-based index in the source of row i.
func (t Table) SourceRow(i int) int {
	if i >= 0 && i < len(t.Origin) {
		return t.Origin[i]
	}
	return i
}

// Check verifies the invariants the readers guarantee: the shape agrees with
// len(Data), Lines (if set) has one entry per row, and every value is
// finite. It is useful for tables built by hand.
func (t Table) Check() error {
	if t.Rows < 0 || t.Cols < 0 || len(t.Data) != t.Rows*t.Cols ||
		(t.Cols > 0 && len(t.Data)/t.Cols != t.Rows) {
		return &ParseError{Position: Position{File: t.Source},
			Msg: "table shape " + shapeString(t.Rows, t.Cols) + " does not match its " + itoa(len(t.Data)) + " values"}
	}
	if t.Lines != nil && len(t.Lines) != t.Rows {
		return &ParseError{Position: Position{File: t.Source},
			Msg: "table has " + itoa(t.Rows) + " rows but " + itoa(len(t.Lines)) + " line numbers"}
	}
	if t.Labels != nil && len(t.Labels) != t.Rows {
		return &ParseError{Position: Position{File: t.Source},
			Msg: "table has " + itoa(t.Rows) + " rows but " + itoa(len(t.Labels)) + " labels"}
	}
	if t.Origin != nil && len(t.Origin) != t.Rows {
		return &ParseError{Position: Position{File: t.Source},
			Msg: "table has " + itoa(t.Rows) + " rows but " + itoa(len(t.Origin)) + " source rows"}
	}
	if t.Columns != nil && len(t.Columns) != len(t.Data) {
		return &ParseError{Position: Position{File: t.Source},
			Msg: "table has " + itoa(len(t.Data)) + " values but " + itoa(len(t.Columns)) + " column numbers"}
	}
	for k, v := range t.Data {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			i, j := k/t.Cols, k%t.Cols
			return &ValueError{Position: t.FieldPos(i, j), Row: t.SourceRow(i), Field: j, Msg: "value " + formatFloat(v) + " is not finite"}
		}
	}
	return nil
}
