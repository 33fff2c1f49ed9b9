package hyperbolic

import "math"

// UnitToward returns the unit tangent vector at x of the geodesic towards
// y, in the frame of Exp and Log (the standard frame at the origin
// parallel-transported to x), so that it equals Log(x, y) normalised — at
// a fraction of the cost (no inverse hyperbolic function). ok is false
// when y = x or x is not strictly inside the disk.
//
// With e = x/|x|, e⊥ its rotation by 90° and s = √(1−|x|²), the frame
// vector c_r·e + c_t·e⊥ points along the Klein chord direction
// s·c_r·e + c_t·e⊥, so the chord y − x = αe + βe⊥ gives (c_r, c_t) ∝
// (α/s, β). Plain float64: it serves Newton and gradient steps, which need
// no more.
func UnitToward(x, y Point) (v Vector, ok bool) {
	ux, uy := y.X-x.X, y.Y-x.Y
	r := math.Hypot(x.X, x.Y)
	if r == 0 {
		n := math.Hypot(ux, uy)
		if !(n > 0) {
			return Vector{}, false
		}
		return Vector{ux / n, uy / n}, true
	}
	ex, ey := x.X/r, x.Y/r
	a := oneMinusNormSq(x.X, x.Y)
	if !(a > 0) {
		return Vector{}, false
	}
	cr := (ux*ex + uy*ey) / math.Sqrt(a)
	ct := ex*uy - ey*ux
	n := math.Hypot(cr, ct)
	if !(n > 0) {
		return Vector{}, false
	}
	cr, ct = cr/n, ct/n
	return Vector{cr*ex - ct*ey, cr*ey + ct*ex}, true
}
