package homotopy

import "math"

// luFactor holds an LU factorisation with partial pivoting of a small dense
// complex matrix, stored row-major in a. The systems tracked here have at
// most a dozen unknowns, where a plain triangular factorisation beats any
// blocked library routine.
type luFactor struct {
	n    int
	a    []complex128
	piv  []int
	dinv []complex128 // reciprocals of the pivots
}

func newLU(n int) *luFactor {
	return &luFactor{n: n, a: make([]complex128, n*n), piv: make([]int, n), dinv: make([]complex128, n)}
}

// recip returns 1/z for finite nonzero z without the runtime's general
// complex division (which guards against overflow at a large cost): z is
// first scaled by its larger component, so |z|² cannot overflow.
func recip(z complex128) complex128 {
	s := max(math.Abs(real(z)), math.Abs(imag(z)))
	re, im := real(z)/s, imag(z)/s
	d := (re*re + im*im) * s
	return complex(re/d, -im/d)
}

// abs1 is |re|+|im|, a cheap norm equivalent to |z| within a factor √2,
// good enough for pivoting.
func abs1(z complex128) float64 { return math.Abs(real(z)) + math.Abs(imag(z)) }

func abs2(z complex128) float64 { return real(z)*real(z) + imag(z)*imag(z) }

// factor factorises f.a in place. It reports false when a pivot is zero or
// not finite (the matrix is singular to working precision or holds NaN).
func (f *luFactor) factor() bool {
	n, a := f.n, f.a
	for k := 0; k < n; k++ {
		p, best := k, abs1(a[k*n+k])
		for i := k + 1; i < n; i++ {
			if v := abs1(a[i*n+k]); v > best {
				p, best = i, v
			}
		}
		if best == 0 || math.IsNaN(best) || math.IsInf(best, 0) {
			return false
		}
		f.piv[k] = p
		if p != k {
			rk, rp := a[k*n:k*n+n], a[p*n:p*n+n]
			for j := range rk {
				rk[j], rp[j] = rp[j], rk[j]
			}
		}
		inv := recip(a[k*n+k])
		f.dinv[k] = inv
		rowk := a[k*n+k+1 : k*n+n]
		for i := k + 1; i < n; i++ {
			l := a[i*n+k] * inv
			a[i*n+k] = l
			if l == 0 {
				continue
			}
			rowi := a[i*n+k+1 : i*n+n]
			for j, v := range rowk {
				rowi[j] -= l * v
			}
		}
	}
	return true
}

// solve overwrites b with A⁻¹b using the factorisation.
func (f *luFactor) solve(b []complex128) {
	n, a := f.n, f.a
	for k := 0; k < n; k++ {
		if p := f.piv[k]; p != k {
			b[k], b[p] = b[p], b[k]
		}
	}
	for i := 1; i < n; i++ {
		s := b[i]
		row := a[i*n : i*n+i]
		for j, v := range row {
			s -= v * b[j]
		}
		b[i] = s
	}
	for i := n - 1; i >= 0; i-- {
		s := b[i]
		for j := i + 1; j < n; j++ {
			s -= a[i*n+j] * b[j]
		}
		b[i] = s * f.dinv[i]
	}
}

// norm2 is the Euclidean norm of z.
func norm2(z []complex128) float64 {
	s := 0.0
	for _, v := range z {
		s += abs2(v)
	}
	return math.Sqrt(s)
}

// normInf is max_i |z_i|.
func normInf(z []complex128) float64 {
	s := 0.0
	for _, v := range z {
		s = max(s, math.Sqrt(abs2(v)))
	}
	return s
}

// dist2 is the Euclidean distance of x and y.
func dist2(x, y []complex128) float64 {
	s := 0.0
	for i, v := range x {
		s += abs2(v - y[i])
	}
	return math.Sqrt(s)
}

// allFinite reports whether every entry of z is finite.
func allFinite(z []complex128) bool {
	for _, v := range z {
		if math.IsNaN(real(v)) || math.IsNaN(imag(v)) || math.IsInf(real(v), 0) || math.IsInf(imag(v), 0) {
			return false
		}
	}
	return true
}

// condInf returns the ∞-norm condition number of the n×n row-major matrix
// m after scaling each row to unit ∞-norm (so the number does not depend
// on how the equations are scaled), or +Inf when the matrix is singular to
// working precision. m is not modified.
func condInf(m []complex128, n int) float64 {
	f := newLU(n)
	copy(f.a, m)
	for i := 0; i < n; i++ {
		row := f.a[i*n : i*n+n]
		s := 0.0
		for _, v := range row {
			s = max(s, abs1(v))
		}
		if s == 0 || math.IsNaN(s) || math.IsInf(s, 0) {
			return math.Inf(1)
		}
		for j := range row {
			row[j] /= complex(s, 0)
		}
	}
	normA := 0.0
	for i := 0; i < n; i++ {
		s := 0.0
		for _, v := range f.a[i*n : i*n+n] {
			s += math.Sqrt(abs2(v))
		}
		normA = max(normA, s)
	}
	if !f.factor() {
		return math.Inf(1)
	}
	// ‖A⁻¹‖∞ is the largest row sum of A⁻¹; build A⁻¹ column by column.
	inv := make([]complex128, n*n)
	col := make([]complex128, n)
	for j := 0; j < n; j++ {
		clear(col)
		col[j] = 1
		f.solve(col)
		for i, v := range col {
			inv[i*n+j] = v
		}
	}
	normInv := 0.0
	for i := 0; i < n; i++ {
		s := 0.0
		for _, v := range inv[i*n : i*n+n] {
			s += math.Sqrt(abs2(v))
		}
		normInv = max(normInv, s)
	}
	c := normA * normInv
	if math.IsNaN(c) {
		return math.Inf(1)
	}
	return c
}

// condScaled returns ‖J⁻¹·diag(s)‖∞ / xscale for the n×n row-major J: to
// first order, perturbing each equation by ε times its term scale s_i moves
// the solution by at most ε·condScaled·xscale. +Inf when J is singular to
// working precision.
func condScaled(jac []complex128, s []float64, n int, xscale float64) float64 {
	f := newLU(n)
	copy(f.a, jac)
	if !f.factor() {
		return math.Inf(1)
	}
	rows := make([]float64, n)
	col := make([]complex128, n)
	for j := 0; j < n; j++ {
		clear(col)
		col[j] = complex(s[j], 0)
		f.solve(col)
		for i, v := range col {
			rows[i] += math.Sqrt(abs2(v))
		}
	}
	c := 0.0
	for _, v := range rows {
		c = max(c, v)
	}
	c /= xscale
	if math.IsNaN(c) {
		return math.Inf(1)
	}
	return c
}
