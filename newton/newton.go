package newton

import (
	"math"

	"github.com/hypersteiner/hypersteiner/internal/dense"
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
	x, fx, fnorm, err := w.begin(op, sys, x0, res)
	if err != nil {
		return err
	}
	jac := w.jrow
	grad, dx, xt, ft, col := w.wa1, w.wa2, w.wa3, w.wa4, w.wa5
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
		// Singular to working precision: a zero pivot, or a reciprocal
		// condition number below ε (LAPACK xGESVX's test).
		if !dense.Factor(jac, w.piv, n) || !(dense.RCond(jac, w.piv, anorm, col, n) >= epsmch) {
			res.Status = SingularJacobian
			return nil
		}
		for i := range dx {
			dx[i] = -fx[i]
		}
		dense.SolveFactored(jac, w.piv, dx, n)

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
