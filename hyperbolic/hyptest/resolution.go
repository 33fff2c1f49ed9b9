package hyptest

import (
	"math"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// Resolution returns u·t(p)², u = 2⁻⁵³ and t(p) = 1/√(1 − |p|²) the
// hyperboloid time coordinate of p: the order of the hyperbolic
// displacement caused by rounding the Klein coordinates of a point near p
// (the radial metric factor is t²). It is the natural unit of tolerance
// for a computed point, and the scale of gen.Near's offsets. +Inf if p is
// not inside the disk.
func Resolution(p hyperbolic.Point) float64 {
	tp := TimeCoord(p)
	return 0x1p-53 * tp * tp
}

// TimeCoord returns t(p) = 1/√(1 − |p|²), the hyperboloid time coordinate
// of the Klein point p (cosh of its distance to the origin), with 1 − |p|²
// formed without cancellation (to a few ulps); +Inf if p is not inside the
// disk.
func TimeCoord(p hyperbolic.Point) float64 {
	h, err := hyperbolic.KleinToHyperboloid(p)
	if err != nil {
		return math.Inf(1)
	}
	return h.T
}
