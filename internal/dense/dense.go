// Package dense solves the small dense real linear systems of the
// project's Newton steps and preconditioners (2 to a few dozen unknowns)
// without allocating: one LU factorisation with partial pivoting and one
// rule for a singular matrix — a pivot that is zero or not finite — which
// RCond refines to LAPACK's "singular to working precision" for callers
// that need a condition estimate. (The homotopy tracker's complex LU and
// the big.Float inverse of certify's Krawczyk preconditioner work in other
// fields and keep their own code.)
package dense

import "math"

// Factor overwrites the row-major n×n matrix a with its LU factors (unit
// lower L below the diagonal, U on and above), choosing the largest pivot
// in each column; piv (length ≥ n) records the row swaps. It reports false
// when a pivot is zero or not finite: a is singular (to working precision,
// or it held a NaN or an infinity).
func Factor(a []float64, piv []int, n int) bool {
	for k := 0; k < n; k++ {
		p := k
		for i := k + 1; i < n; i++ {
			if math.Abs(a[i*n+k]) > math.Abs(a[p*n+k]) {
				p = i
			}
		}
		piv[k] = p
		if d := a[p*n+k]; d == 0 || math.IsNaN(d) || math.IsInf(d, 0) {
			return false
		}
		if p != k {
			rk, rp := a[k*n:k*n+n], a[p*n:p*n+n]
			for j := range rk {
				rk[j], rp[j] = rp[j], rk[j]
			}
		}
		rk := a[k*n : k*n+n]
		for i := k + 1; i < n; i++ {
			ri := a[i*n : i*n+n]
			m := ri[k] / rk[k]
			ri[k] = m
			if m == 0 {
				continue
			}
			for j := k + 1; j < n; j++ {
				ri[j] -= m * rk[j]
			}
		}
	}
	return true
}

// SolveFactored overwrites b with A⁻¹·b from Factor's output.
func SolveFactored(lu []float64, piv []int, b []float64, n int) {
	for k := 0; k < n; k++ {
		if p := piv[k]; p != k {
			b[k], b[p] = b[p], b[k]
		}
	}
	for i := 1; i < n; i++ {
		row := lu[i*n : i*n+n]
		for j := 0; j < i; j++ {
			b[i] -= row[j] * b[j]
		}
	}
	for i := n - 1; i >= 0; i-- {
		row := lu[i*n : i*n+n]
		for j := i + 1; j < n; j++ {
			b[i] -= row[j] * b[j]
		}
		b[i] /= row[i]
	}
}

// maxStack is the size up to which Solve keeps its pivots on the stack.
const maxStack = 128

// Solve solves the n×n system h·x = b in place (h row-major and
// overwritten by its factors; b becomes x). It returns false when h is
// singular (Factor) or the solution is not finite. It does not allocate
// for n ≤ 128: the Newton steps of the pipeline call it millions of times.
func Solve(h, b []float64, n int) bool {
	var stack [maxStack]int
	var piv []int
	if n <= maxStack {
		piv = stack[:n]
	} else {
		piv = make([]int, n)
	}
	if !Factor(h, piv, n) {
		return false
	}
	SolveFactored(h, piv, b, n)
	for _, x := range b[:n] {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// Invert overwrites y (n×n, row-major) with the inverse of a, factored in
// the scratch w (n·n) and piv (n). It reports false when a is singular or
// the inverse is not finite.
func Invert(y, a, w []float64, piv []int, n int) bool {
	copy(w, a)
	if !Factor(w, piv, n) {
		return false
	}
	for k := 0; k < n; k++ {
		// Column k of the inverse, solved in place in row k of y and
		// transposed below.
		e := y[k*n : k*n+n]
		for i := range e {
			e[i] = 0
		}
		e[k] = 1
		SolveFactored(w, piv, e, n)
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			y[i*n+j], y[j*n+i] = y[j*n+i], y[i*n+j]
		}
	}
	for _, v := range y[:n*n] {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// RCond returns the reciprocal condition number in the 1-norm of the
// matrix whose 1-norm is anorm and whose factors (Factor) are lu, piv:
// 1/(‖A‖₁·‖A⁻¹‖₁), with ‖A⁻¹‖₁ from its explicit columns (n is small); col
// is scratch of length n. Below the unit roundoff the matrix is singular
// to working precision (LAPACK xGESVX's test).
func RCond(lu []float64, piv []int, anorm float64, col []float64, n int) float64 {
	var inorm float64
	for k := 0; k < n; k++ {
		for i := range col[:n] {
			col[i] = 0
		}
		col[k] = 1
		SolveFactored(lu, piv, col, n)
		var s float64
		for _, v := range col[:n] {
			s += math.Abs(v)
		}
		inorm = math.Max(inorm, s)
	}
	return 1 / (anorm * inorm)
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
