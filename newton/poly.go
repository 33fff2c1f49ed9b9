package newton

import (
	"errors"
	"fmt"
	"math"
	"math/big"

	"github.com/hypersteiner/hypersteiner/poly"
)

// Method selects the local solver of SolvePoly.
type Method int

const (
	// MethodHybrid: Powell's hybrid method with the analytic Jacobian
	// (Hybrj), the settings of hybrj1 but XTol = PolyHybridXTol.
	MethodHybrid Method = iota
	// MethodNewton: damped Newton (Armijo backtracking) with the analytic
	// Jacobian, default settings.
	MethodNewton
)

// PolyHybridXTol replaces hybrj1's XTol = √ε ≈ 1.5e-8 in SolvePoly. That
// stops once the trust region is below 1.5e-8 relative, which on the
// circle–line system x² + y² = 1, x = 3y/4 left errors up to 3.5e-14
// (start (5, −3)); with 1e-10 the runs from eight starts still end in
// info 1 and reach the roots to 1.1e-16, while XTol ≤ 1e-14 ends some runs
// in info 3 or 5 at the rounding level.
const PolyHybridXTol = 1e-10

// PolyTermTol is the convergence rule of SolvePoly: every equation must
// satisfy |f_i(x)| ≤ PolyTermTol·Σ_α |c_α·x^α| (√ε, MINPACK's default
// xtol; the sum runs over the terms of f_i).
var PolyTermTol = math.Sqrt(0x1p-52)

// PolyResult is the outcome of SolvePoly.
type PolyResult struct {
	*Result
	// Goal is the status that means convergence for the method:
	// XTolReached (hybrid) or Converged (newton).
	Goal Status
	// Converged: the solver stopped with Goal and TermResidual ≤
	// PolyTermTol.
	Converged bool
	// TermResidual is max_i |f_i(X)| / Σ_α |c_α·X^α| (0/0 counting as 0),
	// a backward error: the relative change of the coefficients that
	// makes X a root.
	TermResidual float64
	// NonFinite: the run ended because F or its Jacobian was not finite
	// (the solver's ErrNonFinite); Result holds the last iterate.
	NonFinite bool
}

// SolvePoly runs the local method m on the square real polynomial system
// s from x0. An error is returned for bad input (a non-real coefficient,
// a system that is not square, a wrong length); a run that does not
// converge is a PolyResult with Converged false.
func SolvePoly[K poly.Coeff](s poly.System[K], m Method, x0 []float64) (*PolyResult, error) {
	ev, err := s.CompileFloat64()
	if err != nil {
		return nil, err
	}
	n := s.NumVars()
	if s.NumEqs() != n || len(x0) != n {
		return nil, fmt.Errorf("newton: SolvePoly: %d equations, %d unknowns, %d start values: %w", s.NumEqs(), n, len(x0), ErrDimension)
	}
	sys := System{
		M: n,
		F: func(f, x []float64) {
			if ev.Eval(f, nil, x) != nil {
				// Non-finite x: let the solver see non-finite values.
				for i := range f {
					f[i] = math.NaN()
				}
			}
		},
		Jac: func(jac, x []float64) {
			if ev.Eval(nil, jac, x) != nil {
				for i := range jac {
					jac[i] = math.NaN()
				}
			}
		},
	}
	out := &PolyResult{}
	switch m {
	case MethodHybrid:
		set := Hybrj1Settings(n)
		set.XTol = PolyHybridXTol
		out.Result, err = Hybrj(sys, x0, &set)
		out.Goal = XTolReached
	case MethodNewton:
		out.Result, err = Newton(sys, x0, nil)
		out.Goal = Converged
	default:
		return nil, fmt.Errorf("newton: SolvePoly: unknown method %d", int(m))
	}
	if err != nil {
		if !errors.Is(err, ErrNonFinite) || out.Result == nil {
			return nil, err
		}
		out.NonFinite = true
	}
	if out.TermResidual, err = TermResidual(s, out.X); err != nil {
		return nil, err
	}
	out.Converged = !out.NonFinite && out.Status == out.Goal && out.TermResidual <= PolyTermTol
	return out, nil
}

// TermResidual returns max_i |f_i(x)| / Σ_α |c_α·x^α| for a real system
// (0/0 counts as 0; NaN where the evaluation overflows).
func TermResidual[K poly.Coeff](s poly.System[K], x []float64) (float64, error) {
	ev, err := s.CompileFloat64()
	if err != nil {
		return 0, err
	}
	abs, err := absSystem(s)
	if err != nil {
		return 0, err
	}
	aev, err := abs.CompileFloat64()
	if err != nil {
		return 0, err
	}
	ax := make([]float64, len(x))
	for i, v := range x {
		ax[i] = math.Abs(v)
	}
	f, sc := make([]float64, s.NumEqs()), make([]float64, s.NumEqs())
	if ev.Eval(f, nil, x) != nil || aev.Eval(sc, nil, ax) != nil {
		return math.NaN(), nil
	}
	worst := 0.0
	for i := range f {
		r := 0.0
		if f[i] != 0 {
			r = math.Abs(f[i]) / sc[i] // sc[i] ≥ |f[i]| > 0 up to rounding
		}
		if math.IsNaN(r) {
			return r, nil
		}
		worst = max(worst, r)
	}
	return worst, nil
}

// absSystem returns the system whose coefficients are the moduli of s's
// (real) coefficients: its value at |x| is Σ_α |c_α·x^α|.
func absSystem[K poly.Coeff](s poly.System[K]) (poly.System[*big.Rat], error) {
	cs, err := poly.ConvertSystem[*big.Rat](s, 0)
	if err != nil {
		return poly.System[*big.Rat]{}, err
	}
	return poly.MapCoeffs(cs, func(c *big.Rat, _ poly.Monomial) (*big.Rat, error) { return new(big.Rat).Abs(c), nil })
}
