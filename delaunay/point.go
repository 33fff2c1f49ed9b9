package delaunay

import (
	"errors"
	"fmt"
	"math"
)

// Point is a point of the plane. A float64 coordinate is taken to be the
// exact dyadic rational it stores; every predicate in this package decides
// its sign for those exact values.
type Point struct{ X, Y float64 }

// Sentinel errors wrapped by PointError.
var (
	// ErrNotFinite reports a NaN or infinite coordinate.
	ErrNotFinite = errors.New("coordinate is NaN or infinite")
	// ErrOutsideDisk reports a point with X²+Y² ≥ 1 given to Hyperbolic.
	ErrOutsideDisk = errors.New("point is not inside the open unit disk")
)

// PointError reports an unusable input point. Err is ErrNotFinite or
// ErrOutsideDisk; errors.Is sees through it.
type PointError struct {
	Index int   // position of the point in the input slice
	Point Point // the offending coordinates
	Err   error // the reason
}

func (e *PointError) Error() string {
	return fmt.Sprintf("delaunay: point %d (%g, %g): %v", e.Index, e.Point.X, e.Point.Y, e.Err)
}

func (e *PointError) Unwrap() error { return e.Err }

// DuplicateError reports two input points that coincide. I < J, and J is the
// smallest index that repeats an earlier point, I the first point it repeats.
// When Image is set, the input points differ but the rounded Poincaré images
// computed by Hyperbolic coincide.
type DuplicateError struct {
	I, J  int
	Point Point // the common coordinates (the image when Image is set)
	Image bool
}

func (e *DuplicateError) Error() string {
	if e.Image {
		return fmt.Sprintf("delaunay: points %d and %d have the same rounded Poincaré image (%g, %g)", e.I, e.J, e.Point.X, e.Point.Y)
	}
	return fmt.Sprintf("delaunay: points %d and %d coincide at (%g, %g)", e.I, e.J, e.Point.X, e.Point.Y)
}

// checkFinite returns a *PointError for the first point with a NaN or
// infinite coordinate.
func checkFinite(pts []Point) error {
	for i, p := range pts {
		if math.IsNaN(p.X) || math.IsInf(p.X, 0) || math.IsNaN(p.Y) || math.IsInf(p.Y, 0) {
			return &PointError{Index: i, Point: p, Err: ErrNotFinite}
		}
	}
	return nil
}

// firstDuplicate returns the canonical duplicate pair of pts (see
// DuplicateError), or nil if all points are distinct. It is only called once
// a duplicate is known to exist, so its map costs nothing on success paths.
// Go's map treats +0 and −0 as the same key, as geometry requires.
func firstDuplicate(pts []Point) *DuplicateError {
	seen := make(map[Point]int, len(pts))
	for j, p := range pts {
		if i, ok := seen[p]; ok {
			return &DuplicateError{I: i, J: j, Point: p}
		}
		seen[p] = j
	}
	return nil
}
