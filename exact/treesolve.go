package exact

import "math"

// solveTree overwrites b with (H + λI)⁻¹b for the Hessian H of L_ε that
// smoothEval left in s.work.h (2k×2k for nd's k Steiner points) and the
// damping λ ≥ 0, and reports false when the matrix is singular: a 2×2 pivot block whose determinant
// is zero or not finite, the rule of package dense.
//
// H couples two Steiner points only when an edge joins them, and the
// Steiner points of a full topology form a tree; eliminating its leaves
// first (block Gaussian elimination in that order) creates no fill, so
// the solve takes O(k) 2×2 block operations instead of the O(k³) of a
// dense factorisation.
func (s *solver) solveTree(nd *node, b []float64, lambda float64) bool {
	n := int32(len(s.term))
	k := len(nd.st)
	m := 2 * k
	w := &s.work
	h := w.h
	block := func(r, c int) [4]float64 {
		i, j := 2*r*m+2*c, (2*r+1)*m+2*c
		return [4]float64{h[i], h[i+1], h[j], h[j+1]}
	}
	// Breadth-first order from Steiner point 0, with each point's parent.
	w.order = append(w.order[:0], 0)
	w.parent = append(w.parent[:0], make([]int32, k)...)
	w.parent[0] = -1
	for q := 0; q < len(w.order); q++ {
		i := w.order[q]
		for _, v := range nd.nbr[i] {
			if v >= n && v-n != w.parent[i] {
				w.parent[v-n] = i
				w.order = append(w.order, v-n)
			}
		}
	}
	if len(w.order) != k {
		return false // not a tree: cannot happen for a topology
	}
	w.pivot = append(w.pivot[:0], make([][4]float64, k)...)
	for i := range k {
		w.pivot[i] = block(i, i)
		w.pivot[i][0] += lambda
		w.pivot[i][3] += lambda
	}
	// Leaves first: fold each point into its parent's block and right side.
	for q := k - 1; q > 0; q-- {
		i := w.order[q]
		p := w.parent[i]
		inv, ok := inverse2(w.pivot[i])
		if !ok {
			return false
		}
		bpi, bip := block(int(p), int(i)), block(int(i), int(p))
		t := mul2(bpi, inv) // B_pi D_i⁻¹
		u := mul2(t, bip)
		for e := range u {
			w.pivot[p][e] -= u[e]
		}
		b0, b1 := b[2*i], b[2*i+1]
		b[2*p] -= t[0]*b0 + t[1]*b1
		b[2*p+1] -= t[2]*b0 + t[3]*b1
	}
	// Root first: solve each point once its parent is known.
	for q := 0; q < k; q++ {
		i := w.order[q]
		r0, r1 := b[2*i], b[2*i+1]
		if p := w.parent[i]; p >= 0 {
			c := block(int(i), int(p))
			r0 -= c[0]*b[2*p] + c[1]*b[2*p+1]
			r1 -= c[2]*b[2*p] + c[3]*b[2*p+1]
		}
		inv, ok := inverse2(w.pivot[i])
		if !ok {
			return false
		}
		b[2*i], b[2*i+1] = inv[0]*r0+inv[1]*r1, inv[2]*r0+inv[3]*r1
	}
	return true
}

// inverse2 inverts the row-major 2×2 matrix a; false when its
// determinant is zero or not finite.
func inverse2(a [4]float64) ([4]float64, bool) {
	det := a[0]*a[3] - a[1]*a[2]
	if det == 0 || math.IsNaN(det) || math.IsInf(det, 0) {
		return a, false
	}
	return [4]float64{a[3] / det, -a[1] / det, -a[2] / det, a[0] / det}, true
}

// mul2 multiplies row-major 2×2 matrices.
func mul2(a, b [4]float64) [4]float64 {
	return [4]float64{
		a[0]*b[0] + a[1]*b[2], a[0]*b[1] + a[1]*b[3],
		a[2]*b[0] + a[3]*b[2], a[2]*b[1] + a[3]*b[3],
	}
}
