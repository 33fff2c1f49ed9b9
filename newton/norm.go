package newton

import "math"

// enorm returns the Euclidean norm of x without destructive overflow or
// underflow: the plain sum of squares is used when it lies well inside the
// float64 range, and a scaled sum otherwise (the purpose of MINPACK's enorm).
// A NaN component gives NaN.
func enorm(x []float64) float64 {
	var s float64
	for _, v := range x {
		s += v * v
	}
	// Within [2⁻⁹⁶⁸, 2⁹⁶⁸] no square overflowed, and squares that underflowed
	// are below 2⁻¹⁰²² ≤ 2⁻⁵⁴·s each: negligible at working precision.
	if s >= 0x1p-968 && s <= 0x1p968 || s == 0 && allZero(x) || math.IsNaN(s) {
		return math.Sqrt(s)
	}
	var scale float64
	for _, v := range x {
		scale = math.Max(scale, math.Abs(v))
	}
	if scale == 0 || math.IsInf(scale, 1) {
		return scale
	}
	s = 0
	for _, v := range x {
		t := v / scale
		s += t * t
	}
	return scale * math.Sqrt(s)
}

func allZero(x []float64) bool {
	for _, v := range x {
		if v != 0 {
			return false
		}
	}
	return true
}

// firstNonFinite returns the index of the first NaN or ±Inf in x, or -1.
func firstNonFinite(x []float64) int {
	for i, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return i
		}
	}
	return -1
}
