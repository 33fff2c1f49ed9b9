package fstcat

import "math"

// denseLU is the LU factorisation P·K = L·U of a square matrix with partial
// pivoting, stored row-major in place (L below the diagonal, unit diagonal
// implied; U on and above it).
type denseLU struct {
	n    int
	a    []float64
	perm []int // row perm[i] of K is row i of P·K
}

// factor factorises the k×k matrix held row-major in a (taken over). It
// returns −1, or the first column c without a usable pivot (zero or not
// finite: the matrix is singular to working precision); rows perm[c:] are
// then the ones not yet pivoted.
func (f *denseLU) factor(a []float64, k int) int {
	f.n, f.a = k, a
	if cap(f.perm) < k {
		f.perm = make([]int, k)
	}
	f.perm = f.perm[:k]
	for i := range f.perm {
		f.perm[i] = i
	}
	for c := 0; c < k; c++ {
		p, best := c, math.Abs(a[c*k+c])
		for i := c + 1; i < k; i++ {
			if v := math.Abs(a[i*k+c]); v > best {
				p, best = i, v
			}
		}
		if best == 0 || math.IsNaN(best) || math.IsInf(best, 0) {
			return c
		}
		if p != c {
			rp, rc := a[p*k:p*k+k], a[c*k:c*k+k]
			for j := range rp {
				rp[j], rc[j] = rc[j], rp[j]
			}
			f.perm[p], f.perm[c] = f.perm[c], f.perm[p]
		}
		piv := a[c*k+c]
		rc := a[c*k+c+1 : c*k+k]
		for i := c + 1; i < k; i++ {
			l := a[i*k+c]
			if l == 0 {
				continue
			}
			l /= piv
			a[i*k+c] = l
			ri := a[i*k+c+1 : i*k+k]
			for j, v := range rc {
				ri[j] -= l * v
			}
		}
	}
	return -1
}

// solve overwrites b with the solution x of K·x = b; tmp has length n.
func (f *denseLU) solve(b, tmp []float64) {
	k, a := f.n, f.a
	for i, p := range f.perm {
		tmp[i] = b[p]
	}
	for i := 0; i < k; i++ {
		s := tmp[i]
		row := a[i*k : i*k+i]
		for j, v := range row {
			s -= v * tmp[j]
		}
		tmp[i] = s
	}
	for i := k - 1; i >= 0; i-- {
		s := tmp[i]
		row := a[i*k : i*k+k]
		for j := i + 1; j < k; j++ {
			s -= row[j] * tmp[j]
		}
		tmp[i] = s / row[i]
	}
	copy(b, tmp[:k])
}

// solveT overwrites b with the solution y of Kᵀ·y = b; tmp has length n.
func (f *denseLU) solveT(b, tmp []float64) {
	k, a := f.n, f.a
	// Kᵀ = Uᵀ·Lᵀ·P: solve Uᵀ z = b, then Lᵀ w = z, then y = Pᵀ w.
	copy(tmp, b[:k])
	for i := 0; i < k; i++ {
		s := tmp[i] / a[i*k+i]
		tmp[i] = s
		if s == 0 {
			continue
		}
		row := a[i*k : i*k+k]
		for j := i + 1; j < k; j++ {
			tmp[j] -= row[j] * s
		}
	}
	for i := k - 1; i >= 0; i-- {
		s := tmp[i]
		if s == 0 {
			continue
		}
		row := a[i*k : i*k+i]
		for j, v := range row {
			tmp[j] -= v * s
		}
	}
	for i, p := range f.perm {
		b[p] = tmp[i]
	}
}
