package fermat

import "github.com/hypersteiner/hypersteiner/hyperbolic"

// method is one of the float methods the strategies are made of: a
// strategy tries its methods in turn (Precise: simple, then homotopy).
type method uint8

const (
	bySimple method = iota
	byNewton
	byHomotopy
)

// methodNames are the names Result.Method reports.
var methodNames = [...]string{bySimple: "simple", byNewton: "newton", byHomotopy: "homotopy"}

// run returns the Steiner point of t found by m, ok = false when m found
// none.
func (m method) run(t *triangle, r *Result) (p hyperbolic.Point, ok bool, err error) {
	switch m {
	case bySimple:
		p, ok = simpleSolve(t, r)
	case byNewton:
		p, ok = newtonSolve(t, r)
	default:
		return homotopySolve(t, r)
	}
	return p, ok, nil
}

// solveBy is the Solve of a float strategy made of methods: after begin,
// each method in turn until one finds the Steiner point (Status Found);
// Status Failed when none does. Result.Method names the method that found
// the point, or the last one tried; an error of a method ends the solve.
func solveBy(a, b, c hyperbolic.Point, methods ...method) (Result, error) {
	t, r, done, err := begin(a, b, c)
	if done {
		return r, err
	}
	for _, m := range methods {
		r.Method = methodNames[m]
		p, ok, err := m.run(&t, &r)
		if err != nil {
			return r, err
		}
		if ok {
			r.Point, r.Status = p, Found
			return r, nil
		}
	}
	r.Status = Failed
	return r, nil
}
