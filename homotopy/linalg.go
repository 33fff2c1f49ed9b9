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
// complex division (which guards against overflow at a large cost): when
// |z|² is safely within range, as conj(z)·(1/|z|²) with one division;
// otherwise z is first scaled by its larger component, so |z|² cannot
// overflow.
func recip(z complex128) complex128 {
	re, im := real(z), imag(z)
	if d := re*re + im*im; d > 0x1p-960 && d < 0x1p960 {
		inv := 1 / d
		return complex(re*inv, -im*inv)
	}
	s := max(math.Abs(re), math.Abs(im))
	re, im = re/s, im/s
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
	switch f.n {
	case 2:
		return f.factor2()
	case 3:
		return f.factor3()
	}
	n := f.n
	a := f.a[:n*n]
	piv := f.piv[:n]
	dinv := f.dinv[:n]
	for k := 0; k < n; k++ {
		p, best := k, abs1(a[k*n+k])
		for i := k + 1; i < n; i++ {
			if v := abs1(a[i*n+k]); v > best {
				p, best = i, v
			}
		}
		if !(best > 0 && best <= math.MaxFloat64) { // zero, NaN or Inf
			return false
		}
		piv[k] = p
		rowk := a[k*n : k*n+n]
		if p != k {
			rowp := a[p*n : p*n+n]
			for j := k; j < n; j++ {
				rowk[j], rowp[j] = rowp[j], rowk[j]
			}
			// The multipliers left of column k swap too.
			for j := 0; j < k; j++ {
				rowk[j], rowp[j] = rowp[j], rowk[j]
			}
		}
		inv := recip(rowk[k])
		dinv[k] = inv
		rk := rowk[k+1:]
		for i := k + 1; i < n; i++ {
			rowi := a[i*n+k : i*n+n]
			l := rowi[0] * inv
			rowi[0] = l
			if l == 0 {
				continue
			}
			ri := rowi[1:]
			ri = ri[:len(rk)]
			for j, v := range rk {
				ri[j] -= l * v
			}
		}
	}
	return true
}

// factor2 is factor for n = 2, unrolled (the affine systems of two
// unknowns, such as the Fermat ψ systems, spend a large share of their
// time here).
func (f *luFactor) factor2() bool {
	a := f.a[:4]
	p := 0
	if abs1(a[2]) > abs1(a[0]) {
		p = 1
		a[0], a[1], a[2], a[3] = a[2], a[3], a[0], a[1]
	}
	if best := abs1(a[0]); !(best > 0 && best <= math.MaxFloat64) {
		return false
	}
	f.piv[0], f.piv[1] = p, 1
	inv := recip(a[0])
	l := a[2] * inv
	a[2] = l
	a[3] -= l * a[1]
	if d := abs1(a[3]); !(d > 0 && d <= math.MaxFloat64) {
		return false
	}
	f.dinv[0], f.dinv[1] = inv, recip(a[3])
	return true
}

// positiveFinite reports whether 0 < v < +Inf (false for NaN).
func positiveFinite(v float64) bool { return v > 0 && v <= math.MaxFloat64 }

// factor3 is factor for n = 3, unrolled (two unknowns in projective
// coordinates: the total-degree homotopies of two equations).
func (f *luFactor) factor3() bool {
	a := f.a[:9]
	// Column 0.
	p, best := 0, abs1(a[0])
	if v := abs1(a[3]); v > best {
		p, best = 1, v
	}
	if v := abs1(a[6]); v > best {
		p, best = 2, v
	}
	if !positiveFinite(best) {
		return false
	}
	f.piv[0] = p
	if p != 0 {
		r := a[3*p : 3*p+3]
		a[0], a[1], a[2], r[0], r[1], r[2] = r[0], r[1], r[2], a[0], a[1], a[2]
	}
	inv0 := recip(a[0])
	l1, l2 := a[3]*inv0, a[6]*inv0
	a[3], a[6] = l1, l2
	a[4] -= l1 * a[1]
	a[5] -= l1 * a[2]
	a[7] -= l2 * a[1]
	a[8] -= l2 * a[2]
	// Column 1.
	p = 1
	if abs1(a[7]) > abs1(a[4]) {
		p = 2
		a[3], a[4], a[5], a[6], a[7], a[8] = a[6], a[7], a[8], a[3], a[4], a[5]
	}
	f.piv[1] = p
	if !positiveFinite(abs1(a[4])) {
		return false
	}
	inv1 := recip(a[4])
	l := a[7] * inv1
	a[7] = l
	a[8] -= l * a[5]
	if !positiveFinite(abs1(a[8])) {
		return false
	}
	f.piv[2] = 2
	f.dinv[0], f.dinv[1], f.dinv[2] = inv0, inv1, recip(a[8])
	return true
}

// solve overwrites b with A⁻¹b using the factorisation.
func (f *luFactor) solve(b []complex128) {
	if f.n == 2 {
		b = b[:2]
		if f.piv[0] == 1 {
			b[0], b[1] = b[1], b[0]
		}
		a := f.a[:4]
		b1 := (b[1] - a[2]*b[0]) * f.dinv[1]
		b[0] = (b[0] - a[1]*b1) * f.dinv[0]
		b[1] = b1
		return
	}
	if f.n == 3 {
		b = b[:3]
		if p := f.piv[0]; p != 0 {
			b[0], b[p] = b[p], b[0]
		}
		if f.piv[1] == 2 {
			b[1], b[2] = b[2], b[1]
		}
		a, d := f.a[:9], f.dinv[:3]
		b1 := b[1] - a[3]*b[0]
		b2 := (b[2] - a[6]*b[0] - a[7]*b1) * d[2]
		b1 = (b1 - a[5]*b2) * d[1]
		b[0] = (b[0] - a[1]*b1 - a[2]*b2) * d[0]
		b[1], b[2] = b1, b2
		return
	}
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

// solveH overwrites b with A⁻ᴴb (A⁻ᴴ the inverse of the conjugate
// transpose) using the factorisation PA = LU: Aᴴ = UᴴLᴴP, so solve
// Uᴴy = b, then Lᴴw = y, then undo the row permutation.
func (f *luFactor) solveH(b []complex128) {
	n, a := f.n, f.a
	for i := 0; i < n; i++ { // Uᴴ is lower triangular, diagonal conj(u_ii)
		s := b[i]
		for j := 0; j < i; j++ {
			s -= conj(a[j*n+i]) * b[j]
		}
		b[i] = s * conj(f.dinv[i])
	}
	for i := n - 1; i >= 0; i-- { // Lᴴ is unit upper triangular
		s := b[i]
		for j := i + 1; j < n; j++ {
			s -= conj(a[j*n+i]) * b[j]
		}
		b[i] = s
	}
	for k := n - 1; k >= 0; k-- {
		if p := f.piv[k]; p != k {
			b[k], b[p] = b[p], b[k]
		}
	}
}

func conj(z complex128) complex128 { return complex(real(z), -imag(z)) }

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
// working precision. m is not modified; f (n×n) and col (length n) are
// scratch space.
func condInf(m []complex128, n int, f *luFactor, col []complex128) float64 {
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
	c := normA * f.invNormInf(nil, col)
	if math.IsNaN(c) {
		return math.Inf(1)
	}
	return c
}

// invNormInf returns ‖A⁻¹·diag(w)‖∞ for the factorised A (‖A⁻¹‖∞ when w
// is nil): row i of A⁻¹·diag(w) is column i of diag(w)·A⁻ᴴ, so solve
// Aᴴy = e_i and sum w_j·|y_j|. col (length n) is scratch space.
func (f *luFactor) invNormInf(w []float64, col []complex128) float64 {
	c := 0.0
	for i := 0; i < f.n; i++ {
		clear(col)
		col[i] = 1
		f.solveH(col)
		r := 0.0
		for j, v := range col {
			a := math.Sqrt(abs2(v))
			if w != nil {
				a *= w[j]
			}
			r += a
		}
		c = max(c, r)
	}
	return c
}

// condScaled returns ‖J⁻¹·diag(s)‖∞ / xscale for the n×n row-major J: to
// first order, perturbing each equation by ε times its term scale s_i moves
// the solution by at most ε·condScaled·xscale. +Inf when J is singular to
// working precision. f (n×n) and col (length n) are scratch space.
func condScaled(jac []complex128, s []float64, n int, xscale float64, f *luFactor, col []complex128) float64 {
	copy(f.a, jac)
	if !f.factor() {
		return math.Inf(1)
	}
	c := f.invNormInf(s, col) / xscale
	if math.IsNaN(c) {
		return math.Inf(1)
	}
	return c
}
