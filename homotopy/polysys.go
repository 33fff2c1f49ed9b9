package homotopy

import (
	"fmt"
	"math"
	"math/cmplx"
	"slices"
	"strconv"

	"github.com/hypersteiner/hypersteiner/poly"
)

// PolySystem is a square poly.System prepared for tracking: optionally
// rescaled in its variables (NewScaledPolySystem), each equation divided
// by its largest coefficient modulus (so that residuals are relative to
// the coefficients and start and target systems have comparable size),
// homogenised by a new first coordinate z₀, and compiled to a complex128
// evaluator of the values and the Jacobian.
type PolySystem struct {
	vars   []string
	deg    []int
	scale  []float64
	varExp []int // x_j = 2^{varExp[j]}·y_j; nil: no variable scaling
	ev     *monoEval
	abs    *poly.Evaluator[float64] // the system with coefficients |c|
	az     []float64                // scratch: |z|
}

// NewPolySystem prepares s in its own variables. It returns an error
// (matching ErrBadSystem) for a system that is not square, has no
// unknowns, contains a zero polynomial, or has a coefficient that is not
// finite in complex128; a nonzero constant equation is accepted (the
// system then has no solutions).
func NewPolySystem[K poly.Coeff](s poly.System[K]) (*PolySystem, error) {
	return newPolySystem(s, false)
}

// NewScaledPolySystem is NewPolySystem in scaled variables
// x_j = 2^{k_j}·y_j with k = VariableScaling(s) (when the scaled
// coefficients stay normal float64 numbers; otherwise unscaled). The
// PolySystem's unknowns are the y_j: Solve returns them, and Unscale maps
// them back to x. Roots of size 10⁶ of a system whose coefficients span
// 10¹² are of size 1 in y, where tracking, the endgame's valuations and
// the decision between finite and infinite end points work as designed.
func NewScaledPolySystem[K poly.Coeff](s poly.System[K]) (*PolySystem, error) {
	return newPolySystem(s, true)
}

func newPolySystem[K poly.Coeff](s poly.System[K], scaleVars bool) (*PolySystem, error) {
	if err := s.CheckSquare(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadSystem, err)
	}
	if s.NumVars() == 0 {
		return nil, fmt.Errorf("%w: no unknowns", ErrBadSystem)
	}
	cs, err := poly.ConvertSystem[complex128](s, 0)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadSystem, err)
	}
	ps := &PolySystem{vars: cs.Vars(), deg: cs.Degrees(), scale: make([]float64, cs.NumEqs())}
	for i := range cs.NumEqs() {
		if cs.Poly(i).IsZero() {
			return nil, fmt.Errorf("%w: equation %d is the zero polynomial (every point solves it)", ErrBadSystem, i)
		}
	}
	if scaleVars {
		if k := VariableScaling(cs); slices.ContainsFunc(k, func(v int) bool { return v != 0 }) {
			if scaled, ok := scaleVariables(cs, k); ok {
				cs, ps.varExp = scaled, k
			}
		}
	}
	scaled := make([]poly.Poly[complex128], cs.NumEqs())
	for i := range scaled {
		p := cs.Poly(i)
		m := 0.0
		for k := range p.NumTerms() {
			m = max(m, cmplx.Abs(p.Term(k).Coef))
		}
		if !(m > 0) || math.IsInf(m, 0) {
			return nil, fmt.Errorf("%w: equation %d has coefficients of modulus %g", ErrBadSystem, i, m)
		}
		ps.scale[i] = m
		scaled[i] = p.Scale(complex(1/m, 0))
	}
	sc, err := poly.NewSystem(ps.vars, scaled...)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadSystem, err)
	}
	h, err := sc.Homogenize(freshName(ps.vars))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadSystem, err)
	}
	ps.ev, err = compileMonoEval(h)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadSystem, err)
	}
	ha, err := poly.MapCoeffs(h, func(c complex128, _ poly.Monomial) (float64, error) { return cmplx.Abs(c), nil })
	if err == nil {
		ps.abs, err = ha.CompileFloat64()
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadSystem, err)
	}
	ps.az = make([]float64, h.NumVars())
	return ps, nil
}

// freshName returns an identifier not among vars for the homogenising
// coordinate.
func freshName(vars []string) string {
	for k := 0; ; k++ {
		name := "h0"
		if k > 0 {
			name = "h0_" + strconv.Itoa(k)
		}
		if !slices.Contains(vars, name) {
			return name
		}
	}
}

// Vars returns the variable names.
func (p *PolySystem) Vars() []string { return slices.Clone(p.vars) }

// NumVars returns the number of unknowns.
func (p *PolySystem) NumVars() int { return len(p.vars) }

// Degrees returns the total degree of each equation.
func (p *PolySystem) Degrees() []int { return slices.Clone(p.deg) }

// Scale returns the factor each equation was divided by (its largest
// coefficient modulus, after the variable scaling).
func (p *PolySystem) Scale() []float64 { return slices.Clone(p.scale) }

// VarScale returns the exponents k of the variable scaling x_j =
// 2^{k_j}·y_j (all zero for NewPolySystem).
func (p *PolySystem) VarScale() []int {
	if p.varExp == nil {
		return make([]int, len(p.vars))
	}
	return slices.Clone(p.varExp)
}

// Unscale maps a point y of the PolySystem's unknowns to the original
// variables, x_j = 2^{k_j}·y_j, in place (exact unless a product
// overflows, which it reports with false).
func (p *PolySystem) Unscale(y []complex128) bool {
	ok := true
	for j, e := range p.varExp {
		v := y[j]
		y[j] = complex(math.Ldexp(real(v), e), math.Ldexp(imag(v), e))
		ok = ok && !math.IsInf(real(y[j]), 0) && !math.IsInf(imag(y[j]), 0)
	}
	return ok
}

// EvalHomogeneous implements System. A non-finite z gives non-finite
// values, which the tracker treats as a failed step.
func (p *PolySystem) EvalHomogeneous(f, jac, z []complex128) {
	p.ev.eval(f, jac, z)
}

// TermScale implements TermScaler (for the scaled equations).
func (p *PolySystem) TermScale(s []float64, z []complex128) {
	for i, v := range z {
		p.az[i] = math.Sqrt(real(v)*real(v) + imag(v)*imag(v))
	}
	if err := p.abs.Eval(s, nil, p.az); err != nil {
		for i := range s {
			s[i] = math.NaN()
		}
	}
}

// Clone returns a copy with its own evaluator scratch space.
func (p *PolySystem) Clone() System {
	q := *p
	q.ev = p.ev.clone()
	q.abs = p.abs.Clone()
	q.az = make([]float64, len(p.az))
	return &q
}

// SolvePoly solves s: it prepares it with NewScaledPolySystem, solves
// it with Solve, and maps every end point back to the original variables.
// Each Solution gets both residuals: ScaledResidual, of the system as
// tracked, and Residual, of the equations as written. An end point that
// overflows float64 in the original variables is reported at infinity
// (InfinityByOverflow).
func SolvePoly[K poly.Coeff](s poly.System[K], opts *Options) (*Result, error) {
	ps, err := NewScaledPolySystem(s)
	if err != nil {
		return nil, err
	}
	res, err := Solve(ps, opts)
	if err != nil {
		return nil, err
	}
	res.Vars, res.VarScale = ps.Vars(), ps.VarScale()
	res.RealCoefficients = realCoefficients(s)
	ev, err := s.CompileComplex()
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadSystem, err)
	}
	f := make([]complex128, s.NumEqs())
	residual := func(x []complex128) float64 { return residualWith(ev, f, x) }
	for i := range res.Paths {
		p := &res.Paths[i]
		if p.X == nil {
			continue
		}
		if !ps.Unscale(p.X) {
			p.Status, p.Infinity, p.X = PathAtInfinity, InfinityByOverflow, nil
			continue
		}
		p.Residual = residual(p.X)
	}
	sols := res.Solutions[:0]
	for _, sol := range res.Solutions {
		if !ps.Unscale(sol.X) {
			for _, k := range sol.Paths {
				p := &res.Paths[k]
				p.Status, p.Infinity, p.X = PathAtInfinity, InfinityByOverflow, nil
			}
			continue
		}
		sol.Residual = residual(sol.X)
		sols = append(sols, sol)
	}
	res.Solutions = sols
	return res, nil
}

// realCoefficients reports whether every coefficient of s is real.
func realCoefficients[K poly.Coeff](s poly.System[K]) bool {
	for i := range s.NumEqs() {
		p := s.Poly(i)
		for k := range p.NumTerms() {
			if c, err := poly.ConvertValue[*poly.ComplexRat](p.Term(k).Coef, 0); err != nil || !c.IsReal() {
				return false
			}
		}
	}
	return true
}
