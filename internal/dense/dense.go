// Package dense solves the small dense linear systems of Newton steps
// (2 to a few dozen unknowns) without allocating.
package dense

import "math"

// Solve solves the n×n system h·x = b in place (h row-major; b becomes x)
// by Gaussian elimination with partial pivoting. It returns false when h is
// singular to working precision or the solution is not finite. It does not
// allocate: the Newton steps of the pipeline call it millions of times.
func Solve(h, b []float64, n int) bool {
	for c := 0; c < n; c++ {
		p := c
		for i := c + 1; i < n; i++ {
			if math.Abs(h[i*n+c]) > math.Abs(h[p*n+c]) {
				p = i
			}
		}
		if h[p*n+c] == 0 || math.IsNaN(h[p*n+c]) {
			return false
		}
		if p != c {
			for j := 0; j < n; j++ {
				h[c*n+j], h[p*n+j] = h[p*n+j], h[c*n+j]
			}
			b[c], b[p] = b[p], b[c]
		}
		for i := c + 1; i < n; i++ {
			f := h[i*n+c] / h[c*n+c]
			if f == 0 {
				continue
			}
			for j := c; j < n; j++ {
				h[i*n+j] -= f * h[c*n+j]
			}
			b[i] -= f * b[c]
		}
	}
	for c := n - 1; c >= 0; c-- {
		x := b[c]
		for j := c + 1; j < n; j++ {
			x -= h[c*n+j] * b[j]
		}
		b[c] = x / h[c*n+c]
	}
	for _, x := range b[:n] {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// Solve4 is Solve for n = 4 on arrays: the same operations in the same
// order, so the same bits, without the slice indexing of the general
// case (the direct 4-terminal Newton solves millions of these).
func Solve4(h *[16]float64, b *[4]float64) bool {
	for c := 0; c < 4; c++ {
		p := c
		for i := c + 1; i < 4; i++ {
			if math.Abs(h[i*4+c]) > math.Abs(h[p*4+c]) {
				p = i
			}
		}
		if h[p*4+c] == 0 || math.IsNaN(h[p*4+c]) {
			return false
		}
		if p != c {
			for j := 0; j < 4; j++ {
				h[c*4+j], h[p*4+j] = h[p*4+j], h[c*4+j]
			}
			b[c], b[p] = b[p], b[c]
		}
		for i := c + 1; i < 4; i++ {
			f := h[i*4+c] / h[c*4+c]
			if f == 0 {
				continue
			}
			for j := c; j < 4; j++ {
				h[i*4+j] -= f * h[c*4+j]
			}
			b[i] -= f * b[c]
		}
	}
	for c := 3; c >= 0; c-- {
		x := b[c]
		for j := c + 1; j < 4; j++ {
			x -= h[c*4+j] * b[j]
		}
		b[c] = x / h[c*4+c]
	}
	for _, x := range b {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}
