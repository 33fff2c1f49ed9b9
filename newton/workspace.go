package newton

// Workspace holds the scratch storage of the solvers so that repeated solves
// of the same size allocate nothing. The zero value is ready to use and grows
// as needed. A Workspace must not be used by two goroutines at once.
type Workspace struct {
	n    int
	fjac []float64 // n×n, column-major: the Jacobian, then its Q factor
	jrow []float64 // n×n, row-major: the user's analytic Jacobian; Newton's LU
	r    []float64 // n×n, row-major, upper triangle: the R factor
	qtf  []float64 // Qᵀ·F(x)
	diag []float64 // the scale factors D
	wa1  []float64
	wa2  []float64
	wa3  []float64
	wa4  []float64
	wa5  []float64
	piv  []int
}

// NewWorkspace returns a workspace sized for systems of n equations.
func NewWorkspace(n int) *Workspace {
	w := new(Workspace)
	w.resize(n)
	return w
}

func (w *Workspace) resize(n int) {
	if n <= w.n && w.fjac != nil {
		w.n = n
		w.fjac, w.jrow, w.r = w.fjac[:n*n], w.jrow[:n*n], w.r[:n*n]
		w.qtf, w.diag = w.qtf[:n], w.diag[:n]
		w.wa1, w.wa2, w.wa3, w.wa4, w.wa5 = w.wa1[:n], w.wa2[:n], w.wa3[:n], w.wa4[:n], w.wa5[:n]
		w.piv = w.piv[:n]
		return
	}
	w.n = n
	buf := make([]float64, 3*n*n+7*n)
	take := func(k int) []float64 {
		s := buf[:k:k]
		buf = buf[k:]
		return s
	}
	w.fjac, w.jrow, w.r = take(n*n), take(n*n), take(n*n)
	w.qtf, w.diag = take(n), take(n)
	w.wa1, w.wa2, w.wa3, w.wa4, w.wa5 = take(n), take(n), take(n), take(n), take(n)
	w.piv = make([]int, n)
}
