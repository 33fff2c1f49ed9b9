package pointio

import (
	"fmt"
	"strings"
)

// DefaultLabelName is the header of the label column when
// Options.LabelName is empty.
const DefaultLabelName = "label"

// labelColumn finds and removes the label column of CSV rows when
// Options.Labels asks for one. col is the 0-based field index of the
// label, −1 when the input has none (or before the first data row decides).
type labelColumn struct {
	name    string // the header's name of the column, when a header named it
	col     int
	decided bool // the header or the first data row has decided col
	fields  int  // fields per row, label included, once decided with a label
	line    int  // line that decided it
}

// labelFromHeader takes the label column from a header that names it
// (Options.LabelName, or "label"; case-insensitive, around white space).
func (o Options) labelFromHeader(header []string, line int) labelColumn {
	name := o.LabelName
	if name == "" {
		name = DefaultLabelName
	}
	for i, h := range header {
		if strings.EqualFold(strings.TrimSpace(h), name) {
			return labelColumn{name: h, col: i, decided: true, line: line}
		}
	}
	return labelColumn{col: -1}
}

// take removes the label field from a data row's fields and returns it
// (a view of the line, "" when the input has no label column). On the
// first data row without a header naming a label column, the last field
// is the label when it is not empty, not a number, and the fields before
// it are a row the options accept; otherwise the input has no labels and
// the row is left as it is. Once the first data row has decided, take
// changes nothing in lc, so that workers may share it.
func (lc *labelColumn) take(o Options, fields []field, pos Position) ([]field, string, error) {
	n := len(fields)
	if !lc.decided {
		lc.decided, lc.line, lc.col = true, pos.Line, -1
		if last := fields[n-1]; last.s != "" && isHeader(fields[n-1:]) && o.colsOK(n-1) {
			lc.col = n - 1
		}
	}
	if lc.col < 0 {
		return fields, "", nil
	}
	if lc.fields == 0 { // the first data row with a label column
		if lc.col >= n || !o.colsOK(n-1) {
			pos.Column = fields[0].col
			return nil, "", &ParseError{Position: pos,
				Msg: fmt.Sprintf("row has %d %s, expected %s and a label (the header on line %d names column %d %q)",
					n, plural(n, "column"), o.expected(), lc.line, lc.col+1, lc.name)}
		}
		lc.fields, lc.line = n, pos.Line
	} else if n != lc.fields {
		pos.Column = fields[0].col
		return nil, "", &ParseError{Position: pos,
			Msg: fmt.Sprintf("row has %d %s, expected %d (with the label) as on line %d", n, plural(n, "column"), lc.fields, lc.line)}
	}
	label := fields[lc.col].s
	return append(fields[:lc.col], fields[lc.col+1:]...), label, nil
}
