//go:build !amd64

package homotopy

// denseKernel is false: without the vector kernel every row of monoEval
// takes the indexed loop.
var denseKernel = func() bool { return false }

func denseDots(vals []complex128, rows []denseRow, m []complex128, cre, cim []float64) {
	panic("homotopy: denseDots without a vector kernel")
}

func monoProducts(m, x []complex128, prog []int32) {
	panic("homotopy: monoProducts without a vector kernel")
}
