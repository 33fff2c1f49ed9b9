package pointio

import (
	"io"
	"strconv"
	"strings"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// PointSet is a command's input point set with the table it was read
// from, so that messages about a point can name its place and show it as
// the user wrote it (Table.Where, Table.RowText).
type PointSet struct {
	Points []hyperbolic.Point
	Table  Table
	// Dropped counts the exact repeats ReadInput dropped.
	Dropped int
}

// ReadInput reads the point set a command's INPUT names (ReadPath):
// Klein points of a table in model (ToKlein; ModelCols columns) or, for
// model "" (the Euclidean plane), plain coordinates (PlanePoints); a
// column of labels is accepted. Exact repeats of a row are an error
// naming both places (FindDuplicate, a *DuplicateError) or, with dedupe,
// dropped, the first occurrence staying. An unknown model is an error
// wrapping ErrUnknownModel, reported before anything is read.
func (o Options) ReadInput(path string, stdin io.Reader, model string, dedupe bool) (PointSet, error) {
	o.Cols, o.Labels = []int{2}, true
	if model != "" {
		k, err := ModelCols(model)
		if err != nil {
			return PointSet{}, err
		}
		o.Cols = []int{k}
	}
	tab, err := o.ReadPath(path, stdin)
	if err != nil {
		return PointSet{}, err
	}
	var in PointSet
	if dedupe {
		tab, in.Dropped = tab.dedupe(o.Workers)
	} else if err := tab.findDuplicate(o.Workers); err != nil {
		return PointSet{}, err
	}
	in.Table = tab
	if model == "" {
		in.Points, err = PlanePoints(tab)
	} else {
		in.Points, err = toKlein(tab, model, o.Workers)
	}
	return in, err
}

// RowText prints row i as the user wrote it, in the shortest decimals
// that read back as its values: "(0.1, 0.2)".
func (t Table) RowText(i int) string {
	var b strings.Builder
	b.WriteByte('(')
	for j, v := range t.Row(i) {
		if j > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.FormatFloat(v, 'g', -1, 64))
	}
	return b.String() + ")"
}
