package export

import (
	"bufio"
	"encoding/csv"
	"io"
	"strconv"

	"github.com/hypersteiner/hypersteiner/sll"
)

// WriteEdges writes the edge list of t as CSV: the header u,v,length and
// one line per edge, in the tree's edge order, u and v vertex indices.
func WriteEdges(w io.Writer, t *sll.Tree) error {
	v, err := newView(t, 0)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.WriteString("u,v,length\n")
	var buf []byte // numbers only: no field needs quoting
	for k, e := range t.Edges {
		buf = strconv.AppendInt(buf[:0], int64(e[0]), 10)
		buf = append(buf, ',')
		buf = strconv.AppendInt(buf, int64(e[1]), 10)
		buf = append(buf, ',')
		buf = appendFloat(buf, v.lengths[k])
		buf = append(buf, '\n')
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// WriteNodes writes the vertices of t as CSV: the header id,kind,x,y,label
// (id,kind,t,x,y,label for the hyperboloid) and one line per vertex, with
// its index, "terminal" or "steiner", its coordinates in o.Model, and a
// terminal's label or input index (empty for a Steiner point).
func WriteNodes(w io.Writer, t *sll.Tree, o Options) error {
	v, c, err := viewWithCoords(t, o.Model)
	if err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	rec := append(append([]string{"id", "kind"}, c.names...), "label")
	if err := cw.Write(rec); err != nil {
		return err
	}
	for i := 0; i < v.n; i++ {
		rec = append(rec[:0], strconv.Itoa(i), v.kind(i))
		for _, x := range c.at(i) {
			rec = append(rec, formatFloat(x))
		}
		rec = append(rec, v.name(i))
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// formatFloat prints x in the shortest form that reads back as x.
func formatFloat(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
