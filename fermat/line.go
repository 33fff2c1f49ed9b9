package fermat

import (
	"math"
	"strconv"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// LineHelp documents Line, for the usage text of 'hypersteiner fermat'
// (its --prec is a certifying strategy's precision).
const LineHelp = `Output: one JSON object a line, in input order:
  {"status":"ok","x":"0.12345678901234567","y":"...","certified":false}
  status     ok         a Steiner point exists and was computed
             none       no Steiner point: an angle >= 120 degrees (decided
                        exactly), or a repeated vertex
             fail       a Steiner point exists but the solver missed it
             undecided  the solver could not decide
  x, y       the point, decimal strings with 17 significant digits (as
             many as --prec carries for certified results); only for ok
  certified  true when the point is proved (certifying solvers only)
  radius     for certified results: the enclosure's half-width, rounded up

`

// Line is the answer for one triangle as 'hypersteiner fermat' prints it,
// one JSON object a line, fields in this order.
type Line struct {
	// Status is Status.String: ok, none, fail or undecided.
	Status string `json:"status"`
	// X and Y are the Steiner point (ok only), decimal strings: 17
	// significant digits, or as many as a certificate's precision carries.
	X string `json:"x,omitempty"`
	Y string `json:"y,omitempty"`
	// Certified says the point is proved: the exact Steiner point lies
	// within Radius (max norm, rounded up, printing included) of (X, Y).
	Certified bool   `json:"certified"`
	Radius    string `json:"radius,omitempty"`
}

// LineOf solves the triangle v with s (through Strategy.Solve when s is
// one, so that a certifying strategy's enclosure is printed) and returns
// its Line. The error is Solve's: a vertex outside the disk.
func LineOf(s Solver, v [3]hyperbolic.Point) (Line, error) {
	var r Result
	if st, ok := s.(Strategy); ok {
		var err error
		if r, err = st.Solve(v[0], v[1], v[2]); err != nil {
			return Line{}, err
		}
	} else {
		r.Point, r.Status = s.Fermat(v[0], v[1], v[2])
	}
	line := Line{Status: r.Status.String()}
	if r.Status != Found {
		return line, nil
	}
	if c := r.Cert; c != nil && c.X != nil && c.Y != nil && c.Radius != nil {
		// As many digits as the precision carries; the radius covers the
		// printing too.
		digits := max(17, int(math.Ceil(float64(c.X.Prec())*math.Log10(2)))+1)
		line.X, line.Y, line.Radius = certify.PrintBall(c.X, c.Y, c.Radius, digits)
		line.Certified = true
		return line, nil
	}
	line.X = strconv.FormatFloat(r.Point.X, 'g', 17, 64)
	line.Y = strconv.FormatFloat(r.Point.Y, 'g', 17, 64)
	return line, nil
}
