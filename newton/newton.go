package newton

import (
	"math"
)

// Newton finds a zero of the square system sys near x0 with Newton's method
// damped by a backtracking (Armijo) line search on ½‖F‖². It uses sys.Jac
// when given and forward differences otherwise, and solves each Newton
// system by LU with partial pivoting. set nil means DefaultNewtonSettings().
// Errors are reported as for Hybrd.
func Newton(sys System, x0 []float64, set *NewtonSettings) (*Result, error) {
	return solveAlloc(sys, x0, func(w *Workspace, res *Result) error { return w.Newton(res, sys, x0, set) })
}

func checkNewtonSettings(s *NewtonSettings) error {
	const op = "Newton"
	switch {
	case s.MaxIter <= 0:
		return badSetting(op, "MaxIter", float64(s.MaxIter), "must be > 0")
	case !(s.FTol >= 0) || math.IsInf(s.FTol, 1):
		return badSetting(op, "FTol", s.FTol, "must be finite and ≥ 0")
	case !(s.XTol >= 0) || math.IsInf(s.XTol, 1):
		return badSetting(op, "XTol", s.XTol, "must be finite and ≥ 0")
	case math.IsNaN(s.EpsFcn) || math.IsInf(s.EpsFcn, 0):
		return badSetting(op, "EpsFcn", s.EpsFcn, "must be finite")
	case !(s.Armijo > 0 && s.Armijo < 1):
		return badSetting(op, "Armijo", s.Armijo, "must lie in (0, 1)")
	case s.MaxBacktrack <= 0:
		return badSetting(op, "MaxBacktrack", float64(s.MaxBacktrack), "must be > 0")
	}
	return nil
}

// Newton is the allocation-free form of the package function Newton.
func (w *Workspace) Newton(res *Result, sys System, x0 []float64, set *NewtonSettings) error {
	const op = "Newton"
	n := len(x0)
	if err := checkSystem(op, sys, x0); err != nil {
		return err
	}
	if set == nil {
		def := DefaultNewtonSettings()
		set = &def
	}
	if err := checkNewtonSettings(set); err != nil {
		return err
	}
	w.resize(n)
	res.resize(n)
	x, fx := res.X, res.F
	copy(x, x0)
	jac := w.jrow
	grad, dx, xt, ft, col := w.wa1, w.wa2, w.wa3, w.wa4, w.wa5

	if err := evalF(op, sys.F, fx, x, res); err != nil {
		return err
	}
	fnorm := enorm(fx)
	res.FNorm = fnorm
	for {
		if fnorm <= set.FTol { // includes F(x) = 0
			res.Status = Converged
			return nil
		}
		if res.Iterations >= set.MaxIter {
			res.Status = MaxIterReached
			return nil
		}
		res.Iterations++

		if err := w.jacobian(op, sys, sys.Jac != nil, x, fx, set.EpsFcn, res); err != nil {
			return err
		}
		if sys.Jac == nil { // forward differences are in w.fjac, column-major
			for i := 0; i < n; i++ {
				for j := 0; j < n; j++ {
					jac[i*n+j] = w.fjac[i+j*n]
				}
			}
		}
		// grad = Jᵀ·F, the gradient of ½‖F‖²; anorm = ‖J‖₁.
		for j := range grad {
			grad[j] = 0
		}
		var anorm float64
		for j := 0; j < n; j++ {
			var s float64
			for i := 0; i < n; i++ {
				grad[j] += jac[i*n+j] * fx[i]
				s += math.Abs(jac[i*n+j])
			}
			anorm = math.Max(anorm, s)
		}
		if !luFactor(n, jac, w.piv) {
			res.Status = SingularJacobian
			return nil
		}
		// Reciprocal condition number in the 1-norm from the explicit
		// columns of J⁻¹ (n is small); below ε the matrix is singular to
		// working precision (LAPACK xGESVX's test).
		var inorm float64
		for k := 0; k < n; k++ {
			for i := range col {
				col[i] = 0
			}
			col[k] = 1
			luSolve(n, jac, w.piv, col)
			var s float64
			for _, v := range col {
				s += math.Abs(v)
			}
			inorm = math.Max(inorm, s)
		}
		if !(1/(anorm*inorm) >= epsmch) {
			res.Status = SingularJacobian
			return nil
		}
		for i := range dx {
			dx[i] = -fx[i]
		}
		luSolve(n, jac, w.piv, dx)

		// Backtracking on ψ(t) = ‖F(x+t·dx)‖²/‖F(x)‖², ψ(0) = 1, ψ'(0) = d
		// (normalised so that no square of ‖F‖ can overflow).
		var slope float64
		for i := range dx {
			slope += grad[i] * dx[i]
		}
		d := 2 * (slope / fnorm / fnorm)
		if !(d < 0) {
			res.Status = LineSearchFailed
			return nil
		}
		t := 1.0
		accepted := false
		var fnormT float64
		for k := 0; ; k++ {
			same := true
			for i := range xt {
				xt[i] = x[i] + t*dx[i]
				if xt[i] != x[i] {
					same = false
				}
			}
			if same {
				break // the step no longer changes x
			}
			if err := evalF(op, sys.F, ft, xt, res); err != nil {
				return err
			}
			fnormT = enorm(ft)
			psi := (fnormT / fnorm) * (fnormT / fnorm)
			if psi <= 1+set.Armijo*t*d && fnormT < fnorm {
				accepted = true
				break
			}
			if k+1 >= set.MaxBacktrack {
				break
			}
			// Minimiser of the quadratic through ψ(0), ψ'(0), ψ(t), kept in
			// [t/10, t/2].
			tq := -d * t * t / (2 * (psi - 1 - d*t))
			t = math.Min(math.Max(tq, t/10), t/2)
		}
		if !accepted {
			res.Status = LineSearchFailed
			return nil
		}
		for i := range xt {
			dx[i] = xt[i] - x[i] // the step actually taken
		}
		copy(x, xt)
		copy(fx, ft)
		fnorm = fnormT
		res.FNorm = fnorm
		if t == 1 && enorm(dx) <= set.XTol*enorm(x) {
			res.Status = Converged
			return nil
		}
	}
}

// luFactor overwrites the row-major n×n matrix a with its LU factors (unit
// lower L below the diagonal, U on and above), choosing the largest pivot in
// each column; piv records the row swaps. It reports false when a pivot is
// exactly zero.
func luFactor(n int, a []float64, piv []int) bool {
	for k := 0; k < n; k++ {
		p := k
		for i := k + 1; i < n; i++ {
			if math.Abs(a[i*n+k]) > math.Abs(a[p*n+k]) {
				p = i
			}
		}
		piv[k] = p
		if a[p*n+k] == 0 {
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
			for j := k + 1; j < n; j++ {
				ri[j] -= m * rk[j]
			}
		}
	}
	return true
}

// luSolve overwrites b with A⁻¹·b from luFactor's output.
func luSolve(n int, lu []float64, piv []int, b []float64) {
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
