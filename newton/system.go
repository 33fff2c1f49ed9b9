package newton

// Func evaluates a system at x and writes the M values F(x) into f
// (len(f) = M, len(x) = n). It must not modify x or keep either slice.
// The destination comes first, as in gonum's diff/fd.
type Func func(f, x []float64)

// JacFunc writes the M×n Jacobian of F at x into jac in row-major order:
// jac[i*n+j] = ∂F_i/∂x_j. It must not modify x or keep either slice.
type JacFunc func(jac, x []float64)

// System is a nonlinear system F: Rⁿ → Rᴹ. The solvers here need a square
// system: M must equal len(x0), and a mismatch is reported as ErrDimension.
type System struct {
	M   int     // number of equations, the length of f that F fills
	F   Func    // the function; required
	Jac JacFunc // analytic Jacobian; required by Hybrj, optional for Newton, ignored by Hybrd
}

// Result is the outcome of a solve.
type Result struct {
	X          []float64 // the final iterate
	F          []float64 // F(X)
	FNorm      float64   // Euclidean norm of F
	NFev       int       // calls of F, including those for finite-difference Jacobians (MINPACK's nfev)
	NJev       int       // Jacobian evaluations, analytic or by finite differences
	Iterations int       // trial steps (hybrid: dogleg steps evaluated; Newton: Newton directions computed)
	Status     Status
}

// resize makes r.X and r.F length n, reusing their storage when it suffices.
func (r *Result) resize(n int) {
	r.X = grow(r.X, n)
	r.F = grow(r.F, n)
	r.FNorm, r.NFev, r.NJev, r.Iterations, r.Status = 0, 0, 0, 0, 0
}

func grow(s []float64, n int) []float64 {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]float64, n)
}
