// Package fsum adds floating-point numbers with Neumaier's compensated
// summation, so that a total of millions of edge lengths keeps a relative
// error near one ulp (plain summation loses up to n·eps).
package fsum

import "math"

// Sum returns the compensated sum of xs.
func Sum(xs []float64) float64 {
	var s, c float64
	for _, x := range xs {
		t := s + x
		if math.Abs(s) >= math.Abs(x) {
			c += (s - t) + x
		} else {
			c += (x - t) + s
		}
		s = t
	}
	return s + c
}
