package export

import (
	"fmt"
	"io"

	"github.com/hypersteiner/hypersteiner/sll"
)

// Options control the writers. The zero value hangs a Newick tree from
// the first terminal and writes coordinates in the tree's own chart.
type Options struct {
	// Root is the terminal a Newick tree hangs from: 0 ≤ Root < Terminals.
	Root int
	// Model names the coordinates of GraphML and the node list: "" for
	// the tree's own (Klein for a hyperbolic tree, Cartesian for a
	// Euclidean one), or, for a hyperbolic tree, one of "klein",
	// "poincare", "halfplane" and "hyperboloid".
	Model string
}

// Write writes t to w in format f. JSON is the tree's own JSON
// (sll.Tree.WriteJSON) on one line; the others are written by
// WriteNewick, WriteGraphML and WriteEdges. Every format but JSON checks
// that t is a tree first.
func Write(w io.Writer, t *sll.Tree, f Format, o Options) error {
	switch f {
	case JSON:
		if err := t.WriteJSON(w, sll.JSONOptions{}); err != nil {
			return err
		}
		_, err := w.Write([]byte{'\n'})
		return err
	case Newick:
		return WriteNewick(w, t, o)
	case GraphML:
		return WriteGraphML(w, t, o)
	case Edges:
		return WriteEdges(w, t)
	}
	return fmt.Errorf("export: %v: %w", f, ErrUnknownFormat)
}
