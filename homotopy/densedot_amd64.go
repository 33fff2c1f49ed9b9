package homotopy

import "sync"

// denseKernel reports whether denseDots runs the vector kernel: AVX2 and
// FMA, present on x86-64 processors since 2013 (Haswell, Zen). The
// processor is asked on first use (see hasAVX2FMA).
var denseKernel = sync.OnceValue(hasAVX2FMA)

//go:noescape
func denseDotsFMA(vals *complex128, rows *denseRow, nrows int, m *complex128, cre, cim *float64)

// denseDots computes the dense rows' dot products into vals (see denseRow).
func denseDots(vals []complex128, rows []denseRow, m []complex128, cre, cim []float64) {
	if len(rows) == 0 {
		return
	}
	denseDotsFMA(&vals[0], &rows[0], len(rows), &m[0], &cre[0], &cim[0])
}

//go:noescape
func monoProductsFMA(m *complex128, x *complex128, prog *int32, n int)

// monoProducts sets m[k] = m[prog[2k]]·x[prog[2k+1]] for 0 < k < len(m)
// (m[0] is set by the caller); every index must be in range, with parents
// before children.
func monoProducts(m, x []complex128, prog []int32) {
	if len(m) < 2 {
		return
	}
	_ = prog[2*len(m)-1]
	monoProductsFMA(&m[0], &x[0], &prog[0], len(m))
}
