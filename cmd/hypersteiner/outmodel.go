package main

import (
	"fmt"
	"io"

	"github.com/hypersteiner/hypersteiner/internal/cli"
	"github.com/hypersteiner/hypersteiner/pointio"
	"github.com/hypersteiner/hypersteiner/sll"
)

// outModelUsage documents --out-model.
const outModelUsage = "model of the output coordinates: klein, poincare, halfplane or hyperboloid (default: the input's --model); " +
	"other than klein, the tree JSON gets \"vertices_<model>\" beside the Klein \"vertices\", which the claims and 'verify tree' are about"

// modelOut is the model of the output coordinates and, when the input is
// in that model, the input rows: the terminals' coordinates as given.
type modelOut struct {
	model string
	input *pointio.Table
}

// outModel resolves --out-model: the input model when empty; only the
// hyperbolic plane has models.
func outModel(flag, inModel, space string) (modelOut, error) {
	if space == "euclidean" {
		if flag != "" && flag != "klein" {
			return modelOut{}, cli.Usagef("--out-model: the Euclidean plane has no models, not %q", flag)
		}
		return modelOut{}, nil
	}
	if flag == "" {
		flag = inModel
	}
	m, err := pointio.ParseModel(flag)
	if err != nil {
		return modelOut{}, cli.Usagef("--out-model: %v", err)
	}
	return modelOut{model: m.String()}, nil
}

// keepInput records the input rows, when the input's model is the output
// model, so that the terminals come back exactly as given.
func (m *modelOut) keepInput(inModel string, in points) {
	if im, err := pointio.ParseModel(inModel); err == nil && im.String() == m.model && in.tab.Rows == len(in.pts) {
		m.input = &in.tab
	}
}

// writeTreeJSON writes t as the tree JSON, and a newline. For a model
// other than klein it adds "vertices_<model>": every vertex in that model
// — rows (x, y), or (t, x, y) for the hyperboloid. The terminals are the
// input rows as read when the input is in that model; otherwise, and for
// the Steiner points, the vertex is converted (pointio.FromKlein: each
// coordinate within 4·2⁻⁵³ relative error of the exact image of the Klein
// vertex). The Klein "vertices" stay: the tree's claims are about them,
// exactly; 'verify tree' checks the other coordinates against them.
func writeTreeJSON(w io.Writer, t *sll.Tree, out modelOut, workers int) error {
	opt := sll.JSONOptions{Workers: workers}
	if out.model != "" && out.model != "klein" {
		tab, err := pointio.FromKlein(t.Vertices, out.model)
		if err != nil {
			return fmt.Errorf("--out-model %s: %w", out.model, err)
		}
		if in := out.input; in != nil && in.Cols == tab.Cols && in.Rows == t.Terminals {
			copy(tab.Data, in.Data)
		}
		opt.Model, opt.Cols, opt.Rows = out.model, tab.Cols, tab.Data
	}
	if err := t.WriteJSON(w, opt); err != nil {
		return err
	}
	_, err := w.Write([]byte{'\n'})
	return err
}
