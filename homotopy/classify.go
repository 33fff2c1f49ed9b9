package homotopy

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/hypersteiner/hypersteiner/poly"
)

// ClassifyPoint judges a point x of s found by some other method (a
// local solver, a file) by the rules Solve applies to its end points,
// without refining it: Cond as PathResult.Cond defines it, Singular when
// Cond exceeds Options.SingularCond (or the Jacobian is singular), Real
// by Options.RealTol, ScaledResidual of s with each equation divided by
// its largest coefficient, Residual of s as written. Multiplicity is 1.
func ClassifyPoint[K poly.Coeff](s poly.System[K], x []complex128, opts *Options) (Solution, error) {
	o := opts.withDefaults()
	ps, err := NewPolySystem(s)
	if err != nil {
		return Solution{}, err
	}
	if len(x) != ps.NumVars() {
		return Solution{}, fmt.Errorf("%w: point has %d coordinates, the system %d unknowns", ErrBadSystem, len(x), ps.NumVars())
	}
	tgt := newHomTarget(ps)
	pr := PathResult{X: slices.Clone(x)}
	tgt.classify(&pr, true, o.SingularCond)
	sol := Solution{X: pr.X, Singular: pr.Singular, Multiplicity: 1, Winding: 1, Cond: pr.Cond,
		ScaledResidual: pr.ScaledResidual, Real: isReal(pr.X, o.RealTol)}
	sol.Residual = ResidualAt(s, sol.X)
	return sol, nil
}

// ResidualAt returns max_i |f_i(x)| of s as written, evaluated in
// complex128 (+Inf if s cannot be compiled or the evaluation fails).
func ResidualAt[K poly.Coeff](s poly.System[K], x []complex128) float64 {
	ev, err := s.CompileComplex()
	if err != nil {
		return math.Inf(1)
	}
	return residualWith(ev, make([]complex128, s.NumEqs()), x)
}

func residualWith(ev *poly.Evaluator[complex128], f, x []complex128) float64 {
	if ev.Eval(f, nil, x) != nil {
		return math.Inf(1)
	}
	return normInf(f)
}

// SortSolutions orders r.Solutions for presentation: real ones first,
// then by coordinates (real part, then imaginary part, variable by
// variable), where coordinates that agree within Options.MergeTol
// relative (the default 1e-8 when the solve's options are not at hand)
// count as equal, so that the order does not depend on rounding noise or
// the seed. Path indices in the solutions are unaffected.
func (r *Result) SortSolutions(mergeTol float64) {
	if !(mergeTol > 0) {
		mergeTol = (&Options{}).withDefaults().MergeTol
	}
	key := func(u, v float64) int {
		if math.Abs(u-v) <= mergeTol*max(1, math.Abs(u), math.Abs(v)) {
			return 0
		}
		return cmp.Compare(u, v)
	}
	slices.SortStableFunc(r.Solutions, func(a, b Solution) int {
		if a.Real != b.Real {
			if a.Real {
				return -1
			}
			return 1
		}
		for i := range a.X {
			if c := key(real(a.X[i]), real(b.X[i])); c != 0 {
				return c
			}
			if c := key(imag(a.X[i]), imag(b.X[i])); c != 0 {
				return c
			}
		}
		return 0
	})
}
