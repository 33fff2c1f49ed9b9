package fermat

import (
	"errors"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/isoptic"
)

// triangle is a validated triangle of the Klein disk whose Steiner point
// exists (decided exactly).
type triangle struct {
	v [3][2]float64
	d [3]float64 // 1 − |v_i|², to full relative precision (oneMinusNormSq)
}

// begin validates (a, b, c) and decides exactly whether the Steiner point
// exists. When it does not, or the input is invalid, done is true and r (or
// err) is the final answer; otherwise t is ready for a solver.
func begin(a, b, c hyperbolic.Point) (t triangle, r Result, done bool, err error) {
	r.Wide = -1
	e, err := isoptic.SteinerExists(a, b, c)
	if err != nil {
		if errors.Is(err, isoptic.ErrCoincident) {
			// A repeated vertex: the minimal tree is a segment (or a point)
			// and has no Steiner point. Not an input error.
			r.Status = None
			return t, r, true, nil
		}
		r.Status = None
		return t, r, true, err
	}
	if !e.Exists {
		r.Status = None
		r.Wide = e.WideVertex()
		return t, r, true, nil
	}
	for i, p := range [3]hyperbolic.Point{a, b, c} {
		t.v[i] = [2]float64{p.X, p.Y}
		t.d[i] = oneMinusNormSq(p.X, p.Y)
	}
	return t, r, false, nil
}

// point converts a coordinate pair.
func point(s [2]float64) hyperbolic.Point { return hyperbolic.Point{X: s[0], Y: s[1]} }

// fermatOf adapts a Strategy's Solve to Solver.Fermat.
func fermatOf(s Strategy, a, b, c hyperbolic.Point) (hyperbolic.Point, Status) {
	r, err := s.Solve(a, b, c)
	if err != nil {
		return hyperbolic.Point{}, None
	}
	return r.Point, r.Status
}
