package treecert

import (
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/jsonnum"
	"github.com/hypersteiner/hypersteiner/internal/parallel"
	"github.com/hypersteiner/hypersteiner/pointio"
	"github.com/hypersteiner/hypersteiner/sll"
)

// ModelVertices are the rows of a "vertices_<model>" key: every vertex of
// the tree in another model of the hyperbolic plane, (x, y) or, for the
// hyperboloid, (t, x, y).
type ModelVertices struct {
	Model string // poincare, halfplane or hyperboloid
	Cols  int
	Data  []float64 // row-major, one row per vertex
}

// modelKeys are the models a tree file may add beside the Klein vertices.
var modelKeys = []string{"poincare", "halfplane", "hyperboloid"}

// ConvertRelTol is the accuracy a converted vertex claims: each
// coordinate within 4·2⁻⁵³ relative error of the exact image of the Klein
// vertex (pointio.FromKlein).
const ConvertRelTol = 4 * 0x1p-53

// checkModels judges every "vertices_<model>" claim: a vertex holds when
// each coordinate is proved within ConvertRelTol of the exact image of
// its Klein vertex, or, for a terminal, when its Klein vertex is what
// pointio.ToKlein makes of the row (the input as given, whose image the
// Klein terminal rounds). The exact image is computed in 320-bit
// arithmetic, whose error (below 2⁻¹⁸⁰ relative: |k|² and 1 − |k|² of
// float64 coordinates are exact or nearly so) the test leaves a margin
// for; a coordinate within that margin of the tolerance fails.
func checkModels(claim func(string, float64, bool, [2]string, string, string), t *sll.Tree, ms []ModelVertices, workers int) {
	for _, m := range ms {
		name := "vertices_" + m.Model
		holds := make([]bool, len(t.Vertices))
		parallel.For(len(t.Vertices), workers, func(_, i int) {
			row := m.Data[i*m.Cols : (i+1)*m.Cols]
			ok, _ := convertedWithin(m.Model, t.Vertices[i], row)
			holds[i] = ok || (i < t.Terminals && givenTerminal(m.Model, t.Vertices[i], row))
		}, nil)
		bad, msg := -1, ""
		for i, k := range t.Vertices {
			row := m.Data[i*m.Cols : (i+1)*m.Cols]
			if !holds[i] {
				_, img := convertedWithin(m.Model, k, row)
				bad = i
				or := ""
				if i < t.Terminals {
					or = ", or, for a terminal, the row its Klein coordinates are converted from"
				}
				msg = fmt.Sprintf("%s: vertex %d (%s) stores %s, but the exact image of its Klein coordinates (%s, %s) is %s (claims are within %g relative per coordinate%s)",
					name, i, kind(i, t.Terminals), rowText(row), jsonnum.Format(k.X), jsonnum.Format(k.Y), img, ConvertRelTol, or)
				break
			}
		}
		claim(name, 0, bad < 0, [2]string{}, "", msg)
	}
}

// rowText is a stored row as "(a, b[, c])".
func rowText(r []float64) string {
	parts := make([]string, len(r))
	for j, v := range r {
		parts[j] = jsonnum.Format(v)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// convertedWithin reports whether every coordinate of row is proved
// within ConvertRelTol of the exact image of k in the model, and that
// image (17 digits) for a message.
func convertedWithin(model string, k hyperbolic.Point, row []float64) (bool, string) {
	const prec = 320
	f := func(v float64) *big.Float { return new(big.Float).SetPrec(prec).SetFloat64(v) }
	x, y := f(k.X), f(k.Y)
	s := f(1)
	s.Sub(s, new(big.Float).SetPrec(prec).Mul(x, x))
	s.Sub(s, new(big.Float).SetPrec(prec).Mul(y, y))
	if s.Sign() <= 0 {
		return false, "undefined"
	}
	s.Sqrt(s)
	var img []*big.Float
	switch model {
	case "poincare":
		d := new(big.Float).SetPrec(prec).Add(f(1), s)
		img = []*big.Float{new(big.Float).SetPrec(prec).Quo(x, d), new(big.Float).SetPrec(prec).Quo(y, d)}
	case "halfplane":
		d := new(big.Float).SetPrec(prec).Sub(f(1), x)
		img = []*big.Float{new(big.Float).SetPrec(prec).Quo(new(big.Float).Neg(y), d), new(big.Float).SetPrec(prec).Quo(s, d)}
	case "hyperboloid":
		img = []*big.Float{new(big.Float).SetPrec(prec).Quo(f(1), s), new(big.Float).SetPrec(prec).Quo(x, s), new(big.Float).SetPrec(prec).Quo(y, s)}
	default:
		return false, "undefined"
	}
	// |v − e| ≤ tol·|e|·(1 − 2⁻¹⁵⁰) for the computed e proves the claim
	// for the exact image, which is within 2⁻¹⁸⁰ relative of e.
	tol := new(big.Float).SetPrec(prec).SetFloat64(ConvertRelTol)
	tol.Mul(tol, new(big.Float).SetPrec(prec).Sub(f(1), f(0x1p-150)))
	ok := len(row) == len(img)
	text := "("
	for j, e := range img {
		if j > 0 {
			text += ", "
		}
		text += e.Text('g', 17)
		if !ok {
			continue
		}
		diff := new(big.Float).SetPrec(prec).Sub(f(row[j]), e)
		bound := new(big.Float).SetPrec(prec).Mul(tol, new(big.Float).Abs(e))
		ok = !math.IsNaN(row[j]) && new(big.Float).Abs(diff).Cmp(bound) <= 0
	}
	return ok, text + ")"
}

// givenTerminal reports whether the Klein vertex k is what pointio.ToKlein
// makes of the row: a terminal given in the model.
func givenTerminal(model string, k hyperbolic.Point, row []float64) bool {
	pts, err := pointio.ToKlein(pointio.Table{Rows: 1, Cols: len(row), Data: row}, model)
	return err == nil && pts[0] == k
}
