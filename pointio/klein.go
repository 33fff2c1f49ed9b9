package pointio

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/parallel"
)

// Models lists the model names ToKlein understands, in the order of the
// --model flag's documentation.
var Models = []string{"klein", "poincare", "halfplane", "hyperboloid"}

// HyperboloidTol is the relative tolerance of the hyperboloid sheet check:
// a row (t, x, y) is accepted when
//
//	|t² − x² − y² − 1| ≤ HyperboloidTol · (t² + x² + y²).
//
// Rounding each coordinate to float32 perturbs t² − x² − y² by at most
// about 2·2⁻²⁴·(t² + x² + y²) ≈ 1.2e-7·(t² + x² + y²), so single-precision
// data pass with margin, while a table whose columns are not (t, x, y)
// (e.g. x, y, t) misses by a relative amount of order one. The Klein point
// is X/T, Y/T whatever the normalisation, so the tolerance does not affect
// the converted coordinates.
const HyperboloidTol = 1e-6

// ErrOffSheet is wrapped by the error for a hyperboloid row (t, x, y) with
// t > 0 that misses the sheet t² − x² − y² = 1 by more than HyperboloidTol.
var ErrOffSheet = errors.New("point is off the hyperboloid sheet")

// ParseModel returns the hyperbolic.Model named by s (one of Models,
// case-insensitive).
func ParseModel(s string) (hyperbolic.Model, error) {
	switch strings.ToLower(s) {
	case "klein":
		return hyperbolic.Klein, nil
	case "poincare", "poincaré":
		return hyperbolic.Poincare, nil
	case "halfplane":
		return hyperbolic.HalfPlane, nil
	case "hyperboloid":
		return hyperbolic.Hyperboloid, nil
	}
	return 0, fmt.Errorf("%w %q: expected %s", ErrUnknownModel, s, formatList(Models))
}

// ModelCols returns the number of columns a table in the named model has:
// 2 (x, y) for klein, poincare and halfplane, 3 (t, x, y) for hyperboloid.
func ModelCols(model string) (int, error) {
	m, err := ParseModel(model)
	if err != nil {
		return 0, err
	}
	if m == hyperbolic.Hyperboloid {
		return 3, nil
	}
	return 2, nil
}

// ToKlein converts the rows of t, points of the named model, to the
// canonical Klein model. The columns are
//
//	klein, poincare   x, y        with x² + y² < 1
//	halfplane         x, y        with y > 0
//	hyperboloid       t, x, y     with t > 0 and t² − x² − y² = 1 (see HyperboloidTol)
//
// The conversions are those of package hyperbolic. A row outside its
// model's domain, or one whose Klein image float64 cannot hold strictly
// inside the unit disk (a Poincaré point within about 1e-8 of the circle,
// say), is reported as a *ValueError naming the row and, for text sources,
// the line; it wraps the hyperbolic sentinel error (errors.Is(err,
// hyperbolic.ErrOutsideDisk) …). A table with the wrong number of columns
// is a *ParseError.
func ToKlein(t Table, model string) ([]hyperbolic.Point, error) { return toKlein(t, model, 1) }

// toKlein is ToKlein on up to workers goroutines.
func toKlein(t Table, model string, workers int) ([]hyperbolic.Point, error) {
	m, err := ParseModel(model)
	if err != nil {
		return nil, err
	}
	want := 2
	cols := "x, y"
	if m == hyperbolic.Hyperboloid {
		want, cols = 3, "t, x, y"
	}
	if t.Cols != want || t.Rows < 0 || len(t.Data) != t.Rows*t.Cols {
		return nil, &ParseError{Position: Position{File: t.Source},
			Msg: fmt.Sprintf("table has %d %s; the %v model needs %d (%s)", t.Cols, plural(t.Cols, "column"), m, want, cols)}
	}
	pts := make([]hyperbolic.Point, t.Rows)
	// Blocks of rows on the workers; Each returns the error of the first
	// block that fails, all blocks before it done: the first bad row.
	const block = 1 << 14
	err = parallel.Each((t.Rows+block-1)/block, workers, func(_, b int) error {
		for i := b * block; i < min((b+1)*block, t.Rows); i++ {
			p, err := kleinRow(t, m, i)
			if err != nil {
				return err
			}
			pts[i] = p
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return pts, nil
}

// kleinRow converts row i of t, a point of model m, to Klein coordinates.
func kleinRow(t Table, m hyperbolic.Model, i int) (hyperbolic.Point, error) {
	r := t.Data[i*t.Cols : (i+1)*t.Cols]
	var p hyperbolic.Point
	var err error
	switch m {
	case hyperbolic.Klein:
		p = hyperbolic.Point{X: r[0], Y: r[1]}
		err = p.Check()
	case hyperbolic.Poincare:
		p, err = hyperbolic.PoincareToKlein(hyperbolic.PoincarePoint{X: r[0], Y: r[1]})
	case hyperbolic.HalfPlane:
		p, err = hyperbolic.HalfPlaneToKlein(hyperbolic.HalfPlanePoint{X: r[0], Y: r[1]})
	case hyperbolic.Hyperboloid:
		if msg, cause := sheetCheck(r[0], r[1], r[2]); cause != nil {
			if _, c := sheetCheck(r[2], r[0], r[1]); c == nil {
				msg += "; the columns look like x, y, t, but the hyperboloid columns are t, x, y"
			}
			return p, &ValueError{Position: t.Pos(i), Row: t.SourceRow(i), Field: -1,
				Msg: "point " + formatRow(r) + " " + msg, Err: cause}
		}
		p, err = hyperbolic.HyperboloidToKlein(hyperbolic.HyperboloidPoint{T: r[0], X: r[1], Y: r[2]})
	}
	if err != nil {
		return p, &ValueError{Position: t.Pos(i), Row: t.SourceRow(i), Field: -1, Msg: pointMessage(m, r, err), Err: err}
	}
	return p, nil
}

// sheetCheck reports whether (t, x, y) has t > 0 and lies on the sheet
// t² − x² − y² = 1 within HyperboloidTol; if not, it says why and returns
// the cause (hyperbolic.ErrNotTimelike or ErrOffSheet). The test is made on
// the scaled quantities x/t, y/t, 1/t so that it cannot overflow for rows
// near the sheet; a row so extreme that these overflow fails it.
func sheetCheck(t, x, y float64) (string, error) {
	if !(t > 0) {
		return "is not on the upper sheet of the hyperboloid: t must be > 0 (columns t, x, y)", hyperbolic.ErrNotTimelike
	}
	a, b, c := x/t, y/t, 1/t
	res := 1 - a*a - b*b - c*c // (t² − x² − y² − 1)/t²
	scale := 1 + a*a + b*b     // (t² + x² + y²)/t²
	if !math.IsInf(scale, 0) && math.Abs(res) <= HyperboloidTol*scale {
		return "", nil
	}
	return fmt.Sprintf("is off the hyperboloid t² − x² − y² = 1 (columns t, x, y): |t² − x² − y² − 1|/(t² + x² + y²) = %.3g > %g",
		math.Abs(res)/scale, HyperboloidTol), ErrOffSheet
}

// pointMessage words a hyperbolic conversion error for a row r of model m.
func pointMessage(m hyperbolic.Model, r []float64, err error) string {
	p := "point " + formatRow(r)
	switch {
	case errors.Is(err, hyperbolic.ErrOutsideDisk):
		if m == hyperbolic.Poincare {
			return p + " is on or outside the unit circle (the poincare model needs x² + y² < 1)"
		}
		return p + " is on or outside the unit circle (the klein model needs x² + y² < 1)"
	case errors.Is(err, hyperbolic.ErrNotUpper):
		return p + " is not in the upper half-plane (the halfplane model needs y > 0)"
	case errors.Is(err, hyperbolic.ErrNotTimelike):
		return p + " is not on the upper sheet of the hyperboloid (need t > 0 and t² > x² + y²)"
	case errors.Is(err, hyperbolic.ErrNotRepresentable):
		return fmt.Sprintf("%s is a valid %v point, but its Klein image rounds onto or outside the unit circle in float64 (it is too close to the ideal boundary)", p, m)
	case errors.Is(err, hyperbolic.ErrNotFinite):
		return p + " has a coordinate that is not finite"
	}
	return p + ": " + err.Error()
}

// ReadPoints reads the points in path, choosing the format by extension,
// and converts them from the named model to Klein coordinates.
func ReadPoints(path, model string) ([]hyperbolic.Point, error) {
	return Options{}.readPoints(model, func(o Options) (Table, error) { return o.ReadFile(path) })
}

// ReadPoints reads points in format f from r and converts them from the
// named model to Klein coordinates. When o.Cols is empty it is set from the
// model (2 or 3 columns).
func (o Options) ReadPoints(r io.Reader, f Format, model string) ([]hyperbolic.Point, error) {
	return o.readPoints(model, func(o Options) (Table, error) { return o.Read(r, f) })
}

func (o Options) readPoints(model string, read func(Options) (Table, error)) ([]hyperbolic.Point, error) {
	k, err := ModelCols(model)
	if err != nil {
		return nil, err
	}
	if len(o.Cols) == 0 {
		o.Cols = []int{k}
	}
	t, err := read(o)
	if err != nil {
		return nil, err
	}
	return ToKlein(t, model)
}

// PlanePoints returns the rows of a two-column table as plain coordinates
// (the Euclidean plane: no model, no disk), for Euclidean trees and point
// sets such as the OR-Library instances.
func PlanePoints(t Table) ([]hyperbolic.Point, error) {
	if t.Cols != 2 || t.Rows < 0 || len(t.Data) != t.Rows*t.Cols {
		return nil, &ParseError{Position: Position{File: t.Source},
			Msg: fmt.Sprintf("table has %d %s; plane points need 2 (x, y)", t.Cols, plural(t.Cols, "column"))}
	}
	pts := make([]hyperbolic.Point, t.Rows)
	for i := range pts {
		pts[i] = hyperbolic.Point{X: t.At(i, 0), Y: t.At(i, 1)}
	}
	return pts, nil
}

// KleinAt returns the Klein point held in columns j and j+1 of row i of t
// (a vertex of a triangle, say), or a *ValueError at that value's place
// when it is not a point of the open disk.
func (t Table) KleinAt(i, j int) (hyperbolic.Point, error) {
	if i < 0 || i >= t.Rows || j < 0 || j+1 >= t.Cols {
		return hyperbolic.Point{}, fmt.Errorf("pointio: no columns %d and %d in row %d of a %d×%d table", j, j+1, i, t.Rows, t.Cols)
	}
	r := t.Row(i)[j : j+2]
	p := hyperbolic.Point{X: r[0], Y: r[1]}
	if err := p.Check(); err != nil {
		return hyperbolic.Point{}, &ValueError{Position: t.FieldPos(i, j), Row: t.SourceRow(i), Field: j,
			Msg: pointMessage(hyperbolic.Klein, r, err), Err: err}
	}
	return p, nil
}

// Triangles returns the triangles in the first six columns of each row of
// t — ax, ay, bx, by, cx, cy in Klein coordinates — checked: a vertex that
// is not a point of the open disk is a *ValueError at its place, its
// message naming the vertex ("vertex b: point (…) is on or outside …").
func Triangles(t Table) ([][3]hyperbolic.Point, error) {
	if t.Cols < 6 {
		return nil, &ParseError{Position: Position{File: t.Source},
			Msg: fmt.Sprintf("table has %d %s; triangles need 6 (ax, ay, bx, by, cx, cy)", t.Cols, plural(t.Cols, "column"))}
	}
	out := make([][3]hyperbolic.Point, t.Rows)
	for i := range out {
		for k := range 3 {
			p, err := t.KleinAt(i, 2*k)
			if err != nil {
				if ve, ok := err.(*ValueError); ok {
					ve.Msg = "vertex " + string(rune('a'+k)) + ": " + ve.Msg
				}
				return nil, err
			}
			out[i][k] = p
		}
	}
	return out, nil
}

// FromKlein converts Klein points to the named model, the inverse of
// ToKlein: a table of rows (x, y) for klein, poincare and halfplane, and
// (t, x, y) for hyperboloid, with the conversions of package hyperbolic
// (cancellation-free: each coordinate is within 4·2⁻⁵³ relative error of
// the exact image of the float64 input, near the ideal boundary too — the
// tests compare with 256-bit arithmetic). A point outside the disk is a
// *ValueError naming its row.
func FromKlein(pts []hyperbolic.Point, model string) (Table, error) {
	m, err := ParseModel(model)
	if err != nil {
		return Table{}, err
	}
	cols := 2
	if m == hyperbolic.Hyperboloid {
		cols = 3
	}
	t := Table{Rows: len(pts), Cols: cols, Data: make([]float64, 0, cols*len(pts))}
	for i, p := range pts {
		var err error
		switch m {
		case hyperbolic.Klein:
			err = p.Check()
			t.Data = append(t.Data, p.X, p.Y)
		case hyperbolic.Poincare:
			var w hyperbolic.PoincarePoint
			w, err = hyperbolic.KleinToPoincare(p)
			t.Data = append(t.Data, w.X, w.Y)
		case hyperbolic.HalfPlane:
			var z hyperbolic.HalfPlanePoint
			z, err = hyperbolic.KleinToHalfPlane(p)
			t.Data = append(t.Data, z.X, z.Y)
		case hyperbolic.Hyperboloid:
			var h hyperbolic.HyperboloidPoint
			h, err = hyperbolic.KleinToHyperboloid(p)
			t.Data = append(t.Data, h.T, h.X, h.Y)
		}
		if err != nil {
			return Table{}, &ValueError{Row: i, Field: -1, Msg: pointMessage(hyperbolic.Klein, []float64{p.X, p.Y}, err), Err: err}
		}
	}
	if err := t.Check(); err != nil { // a finite Klein point has finite images; say so if not
		return Table{}, err
	}
	return t, nil
}
