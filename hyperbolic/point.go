package hyperbolic

import (
	"errors"
	"fmt"
	"math"
	"strconv"
)

// Point is a point of the Klein–Beltrami model: the open unit disk
// X² + Y² < 1, whose geodesics are the straight chords. It is the
// canonical representation used by every package of this module. The
// float64 coordinates are taken as the exact dyadic rationals they are.
type Point struct{ X, Y float64 }

// PoincarePoint is a point of the Poincaré disk model: X² + Y² < 1,
// geodesics are circular arcs orthogonal to the unit circle, angles are
// Euclidean (the model is conformal).
type PoincarePoint struct{ X, Y float64 }

// HalfPlanePoint is a point X + iY of the upper half-plane model, Y > 0.
type HalfPlanePoint struct{ X, Y float64 }

// HyperboloidPoint is a point (T, X, Y) of the Lorentz (hyperboloid)
// model, the upper sheet T² − X² − Y² = 1, T > 0, of the Minkowski space
// with product −T·T' + X·X' + Y·Y'.
//
// A float64 triple is rarely exactly on the sheet; it is taken to be the
// sheet point it rounds, and conversions use the formulas that are best
// conditioned for such a triple: (X, Y)/T to Klein, (X, Y)/(1 + T) to
// Poincaré, (−Y + i)/(T − X) to the half-plane. For a triple on the sheet
// up to rounding these agree to rounding; a triple farther off the sheet
// should be projected first with Normalize. Check only requires T > 0 and
// T² > X² + Y² (decided exactly): the sheet condition cannot be decided
// for rounded coordinates.
type HyperboloidPoint struct{ T, X, Y float64 }

// Vector is a vector of the plane R². It stands for a tangent vector (see
// Exp and Log for the frame in which its coordinates are expressed) or for
// a point of the Euclidean plane (SampleEuclideanGaussian).
type Vector struct{ X, Y float64 }

// Model names a model of the hyperbolic plane.
type Model int

// The four models.
const (
	Klein Model = iota
	Poincare
	Hyperboloid
	HalfPlane
)

func (m Model) String() string {
	switch m {
	case Klein:
		return "klein"
	case Poincare:
		return "poincare"
	case Hyperboloid:
		return "hyperboloid"
	case HalfPlane:
		return "halfplane"
	}
	return "Model(" + strconv.Itoa(int(m)) + ")"
}

// Sentinel errors; a *PointError wraps one of the first four, and errors
// about parameters wrap ErrInvalidArgument. Test with errors.Is.
var (
	// ErrNotFinite: a coordinate is NaN or ±Inf.
	ErrNotFinite = errors.New("coordinate is NaN or infinite")
	// ErrOutsideDisk: a Klein or Poincaré point with X² + Y² ≥ 1.
	ErrOutsideDisk = errors.New("point is on or outside the unit circle")
	// ErrNotTimelike: a hyperboloid point with T ≤ 0 or T² ≤ X² + Y².
	ErrNotTimelike = errors.New("point is not future timelike (need T > 0 and T² > X² + Y²)")
	// ErrNotUpper: a half-plane point with Y ≤ 0.
	ErrNotUpper = errors.New("point is not in the upper half-plane (need Y > 0)")
	// ErrNotRepresentable: the exact result is a valid point but its
	// float64 rounding is not (it lies within rounding of the ideal
	// boundary, or overflows).
	ErrNotRepresentable = errors.New("result is not representable in float64 coordinates of the target model")
	// ErrInvalidArgument: a parameter other than a point is out of range.
	ErrInvalidArgument = errors.New("invalid argument")
)

// PointError reports an invalid point: which model, where (Index ≥ 0 when
// the point came from a slice, −1 otherwise), its coordinates, and why
// (Err, one of the sentinel errors).
type PointError struct {
	Model   Model
	Index   int
	T, X, Y float64 // T is used by the hyperboloid model only
	Err     error
}

func (e *PointError) Error() string {
	g := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	where := ""
	if e.Index >= 0 {
		where = " " + strconv.Itoa(e.Index)
	}
	coords := "(" + g(e.X) + ", " + g(e.Y) + ")"
	if e.Model == Hyperboloid {
		coords = "(" + g(e.T) + ", " + g(e.X) + ", " + g(e.Y) + ")"
	}
	return fmt.Sprintf("hyperbolic: %v point%s %s: %v", e.Model, where, coords, e.Err)
}

func (e *PointError) Unwrap() error { return e.Err }

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// Check reports whether p is a point of the Klein disk: finite and
// X² + Y² < 1, decided exactly for the float64 values. The error is a
// *PointError wrapping ErrNotFinite or ErrOutsideDisk.
func (p Point) Check() error {
	return checkDisk(Klein, p.X, p.Y)
}

// Check reports whether p is a point of the Poincaré disk (as Point.Check).
func (p PoincarePoint) Check() error {
	return checkDisk(Poincare, p.X, p.Y)
}

// Check reports whether z is finite with Y > 0.
func (z HalfPlanePoint) Check() error {
	switch {
	case !finite(z.X) || !finite(z.Y):
		return &PointError{Model: HalfPlane, Index: -1, X: z.X, Y: z.Y, Err: ErrNotFinite}
	case !(z.Y > 0):
		return &PointError{Model: HalfPlane, Index: -1, X: z.X, Y: z.Y, Err: ErrNotUpper}
	}
	return nil
}

// Check reports whether h is finite and future timelike (T > 0 and
// T² > X² + Y², decided exactly). It cannot require h to be exactly on
// the sheet; see HyperboloidPoint.
func (h HyperboloidPoint) Check() error {
	switch {
	case !finite(h.T) || !finite(h.X) || !finite(h.Y):
		return &PointError{Model: Hyperboloid, Index: -1, T: h.T, X: h.X, Y: h.Y, Err: ErrNotFinite}
	case !(h.T > 0) || !timelike(h.T, h.X, h.Y):
		return &PointError{Model: Hyperboloid, Index: -1, T: h.T, X: h.X, Y: h.Y, Err: ErrNotTimelike}
	}
	return nil
}

func checkDisk(m Model, x, y float64) error {
	switch {
	case !finite(x) || !finite(y):
		return &PointError{Model: m, Index: -1, X: x, Y: y, Err: ErrNotFinite}
	case !timelike(1, x, y):
		return &PointError{Model: m, Index: -1, X: x, Y: y, Err: ErrOutsideDisk}
	}
	return nil
}

// CheckPoints checks every point of ps and returns the first failure as a
// *PointError whose Index is the offending position.
func CheckPoints(ps []Point) error {
	for i, p := range ps {
		if err := p.Check(); err != nil {
			pe := err.(*PointError)
			pe.Index = i
			return pe
		}
	}
	return nil
}

// notRepresentable builds the error returned when a computed point fails
// its model's check.
func notRepresentable(m Model, t, x, y float64) error {
	return &PointError{Model: m, Index: -1, T: t, X: x, Y: y, Err: ErrNotRepresentable}
}

// checkResult validates a Klein result of a computation.
func checkResult(p Point) (Point, error) {
	if !finite(p.X) || !finite(p.Y) || !timelike(1, p.X, p.Y) {
		return Point{}, notRepresentable(Klein, 0, p.X, p.Y)
	}
	return p, nil
}

func invalidArg(format string, args ...any) error {
	return fmt.Errorf("hyperbolic: %w: %s", ErrInvalidArgument, fmt.Sprintf(format, args...))
}
