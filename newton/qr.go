package newton

import "math"

// This file holds the dense QR machinery of the hybrid method: a Householder
// QR factorisation without pivoting that also returns the column norms of the
// input (for variable scaling), the explicit accumulation of Q, and the
// rank-one update of a QR factorisation by Givens rotations (Broyden's
// update between Jacobian evaluations). Matrices a and q are n×n
// column-major (a[i+j*n] = A_ij); R is n×n row-major, upper triangle only.

// qrFactor overwrites a with its Householder factorisation A = Q·R: on return
// the strict upper triangle of a holds the strict upper triangle of R, the
// lower triangle (with the diagonal) holds the Householder vectors u_j, and
// rdiag the diagonal of R. acnorm receives the norms of the columns of A.
// The reflector for column j is I − u·uᵀ/u_j with u_j = 1 + |a_jj|/‖a_j:n,j‖.
func qrFactor(n int, a, rdiag, acnorm []float64) {
	for j := 0; j < n; j++ {
		acnorm[j] = enorm(a[j*n : j*n+n])
	}
	for j := 0; j < n; j++ {
		col := a[j*n : j*n+n]
		norm := enorm(col[j:])
		if norm != 0 {
			if col[j] < 0 {
				norm = -norm
			}
			for i := j; i < n; i++ {
				col[i] /= norm
			}
			col[j]++
			for k := j + 1; k < n; k++ {
				reflect(col, a[k*n:k*n+n], j)
			}
		}
		rdiag[j] = -norm
	}
}

// applyQt overwrites b with Qᵀ·b, Q given by the Householder vectors in a.
func applyQt(n int, a, b []float64) {
	for j := 0; j < n; j++ {
		col := a[j*n : j*n+n]
		if col[j] != 0 {
			reflect(col, b, j)
		}
	}
}

// reflect applies the reflector I − u·uᵀ/u_j of the Householder vector
// u = (0, …, 0, u_j, …, u_{n−1}) to x (n = len(x)): x ← x − (uᵀx/u_j)·u.
func reflect(u, x []float64, j int) {
	u = u[:len(x)]
	var dot float64
	for i := j; i < len(x); i++ {
		dot += u[i] * x[i]
	}
	t := dot / u[j]
	for i := j; i < len(x); i++ {
		x[i] -= t * u[i]
	}
}

// extractR copies R out of a factored a and rdiag into r (row-major).
func extractR(n int, a, rdiag, r []float64) {
	for i := 0; i < n; i++ {
		row := r[i*n : i*n+n]
		for j := 0; j < i; j++ {
			row[j] = 0
		}
		row[i] = rdiag[i]
		for j := i + 1; j < n; j++ {
			row[j] = a[i+j*n]
		}
	}
}

// formQ overwrites a factored a with the orthogonal Q it represents,
// applying the reflectors from the last to the first to the identity.
// wa is scratch of length n.
func formQ(n int, a, wa []float64) {
	for j := 1; j < n; j++ {
		for i := 0; i < j; i++ {
			a[i+j*n] = 0
		}
	}
	for k := n - 1; k >= 0; k-- {
		colk := a[k*n : k*n+n]
		for i := k; i < n; i++ {
			wa[i] = colk[i]
			colk[i] = 0
		}
		colk[k] = 1
		if wa[k] == 0 {
			continue
		}
		for j := k; j < n; j++ {
			reflect(wa, a[j*n:j*n+n], k)
		}
	}
}

// givens returns c, s with c² + s² = 1 and s/c = a/b, so that the rotation
// (c·a − s·b) annihilates a against b. Like MINPACK it takes c > 0 when
// |b| ≥ |a| and s > 0 otherwise. a and b must not both be zero.
func givens(a, b float64) (c, s float64) {
	if math.Abs(b) >= math.Abs(a) {
		t := a / b
		c = 1 / math.Sqrt(1+t*t)
		return c, c * t
	}
	t := b / a
	s = 1 / math.Sqrt(1+t*t)
	return s * t, s
}

// rotateCols applies the rotation (c, s) to columns j and k of the
// column-major n×n matrix q: q_j ← c·q_j − s·q_k, q_k ← s·q_j + c·q_k.
func rotateCols(n int, q []float64, j, k int, c, s float64) {
	qj, qk := q[j*n:j*n+n], q[k*n:k*n+n]
	for i := range qj {
		a, b := qj[i], qk[i]
		qj[i] = c*a - s*b
		qk[i] = s*a + c*b
	}
}

// rankOneUpdate turns the factorisation J = Q·R into one of J + Q·v·uᵀ:
// it finds rotations G such that G·(R + v·uᵀ) = R' is upper triangular,
// overwrites r with R', q with Q·Gᵀ and qtf with G·qtf (so qtf stays
// (new Q)ᵀ·f). v is destroyed; spike is scratch of length n.
//
// First the rotations in the planes (j, n−1), j = n−2, …, 0, turn v into a
// multiple of the last unit vector; applied to R they fill its last row
// (the "spike"). Adding the rank-one term then changes only the last row,
// and a second sweep in the planes (j, n−1), j = 0, …, n−2, removes the
// spike against the diagonal. This is MINPACK's r1updt followed by r1mpyq,
// with the rotations applied as they are made instead of stored.
func rankOneUpdate(n int, r, u, v, q, qtf, spike []float64) {
	last := n - 1
	for i := range spike {
		spike[i] = 0
	}
	spike[last] = r[last*n+last]
	for j := last - 1; j >= 0; j-- {
		if v[j] == 0 {
			continue
		}
		c, s := givens(v[j], v[last])
		v[last] = s*v[j] + c*v[last]
		v[j] = 0
		row := r[j*n : j*n+n]
		for i := j; i < n; i++ {
			a, b := row[i], spike[i]
			row[i] = c*a - s*b
			spike[i] = s*a + c*b
		}
		rotateCols(n, q, j, last, c, s)
		a, b := qtf[j], qtf[last]
		qtf[j], qtf[last] = c*a-s*b, s*a+c*b
	}
	for i := range spike {
		spike[i] += v[last] * u[i]
	}
	for j := 0; j < last; j++ {
		if spike[j] == 0 {
			continue
		}
		row := r[j*n : j*n+n]
		// Rotate row j and the spike so that the spike's entry j vanishes:
		// row ← c·row + s·spike, spike ← −s·row + c·spike, s/c = spike_j/r_jj.
		c, s := givens(spike[j], row[j])
		for i := j; i < n; i++ {
			a, b := row[i], spike[i]
			row[i] = c*a + s*b
			spike[i] = -s*a + c*b
		}
		spike[j] = 0
		rotateCols(n, q, j, last, c, -s)
		a, b := qtf[j], qtf[last]
		qtf[j], qtf[last] = c*a+s*b, -s*a+c*b
	}
	r[last*n+last] = spike[last]
}
