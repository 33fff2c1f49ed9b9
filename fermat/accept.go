package fermat

import "math"

// seesAt120 is the acceptance test of every float strategy: s sees each
// pair of the terminals q under an angle whose cosine is below 1/4.
//
// Why 1/4 is not a fudge: a root of the φ system (φ_xy = φ_yz = 0) sees xy
// and yz under exactly 120°, so the third angle is 360° − 240° = 120° (s
// inside the triangle: the Steiner point) or 0° (x and z in the same
// direction from s: a spurious root on the line xz). The third cosine is
// then −1/2 or +1, and 1/4 is the midpoint between them: a rounding error
// would have to be of size 3/4 to confuse the two. The same comparison for
// the first two angles only confirms what convergence already says (their
// cosines are −1/2); it rejects a point at which the solver stopped
// without a root far from one. It fails at a terminal (B = 0), where the
// angle is undefined.
//
// With cos θ = A/√B (A, B in the difference form of package isoptic,
// exact up to rounding of the data differences), cos θ < 1/4 ⟺ A < 0 or
// 4A < √Bx·√By (square roots rather than squares: no underflow for tiny
// triangles).
func seesAt120(q *[3][2]float64, s [2]float64) bool {
	var d [3][2]float64
	var u, b [3]float64
	for i := range 3 {
		d[i] = [2]float64{q[i][0] - s[0], q[i][1] - s[1]}
		u[i] = d[i][0]*q[i][1] - d[i][1]*q[i][0]
		b[i] = d[i][0]*d[i][0] + d[i][1]*d[i][1] - u[i]*u[i]
		if !(b[i] > 0) || math.IsInf(b[i], 0) {
			return false
		}
	}
	for i := range 3 {
		j := (i + 1) % 3
		a := d[i][0]*d[j][0] + d[i][1]*d[j][1] - u[i]*u[j]
		if !(a < 0 || 4*a < math.Sqrt(b[i])*math.Sqrt(b[j])) {
			return false
		}
	}
	return true
}
