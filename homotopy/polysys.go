package homotopy

import (
	"fmt"
	"math"
	"math/cmplx"
	"slices"
	"strconv"

	"github.com/hypersteiner/hypersteiner/poly"
)

// PolySystem is a square poly.System prepared for tracking: each equation
// divided by its largest coefficient modulus (so that residuals are
// relative to the coefficients and start and target systems have
// comparable size), homogenised by a new first coordinate z₀, and compiled
// to a complex128 evaluator of the values and the Jacobian.
type PolySystem struct {
	vars  []string
	deg   []int
	scale []float64
	ev    *monoEval
	abs   *poly.Evaluator[float64] // the system with coefficients |c|
	az    []float64                // scratch: |z|
}

// NewPolySystem prepares s. It returns an error (matching ErrBadSystem)
// for a system that is not square, has no unknowns, contains a zero
// polynomial, or has a coefficient that is not finite in complex128; a
// nonzero constant equation is accepted (the system then has no solutions).
func NewPolySystem[K poly.Coeff](s poly.System[K]) (*PolySystem, error) {
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
	scaled := make([]poly.Poly[complex128], cs.NumEqs())
	for i := range scaled {
		p := cs.Poly(i)
		if p.IsZero() {
			return nil, fmt.Errorf("%w: equation %d is the zero polynomial (every point solves it)", ErrBadSystem, i)
		}
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
	absPolys := make([]poly.Poly[float64], h.NumEqs())
	for i := range absPolys {
		p := h.Poly(i)
		ts := make([]poly.Term[float64], p.NumTerms())
		for k := range ts {
			tm := p.Term(k)
			ts[k] = poly.Term[float64]{Coef: cmplx.Abs(tm.Coef), Exp: tm.Exp}
		}
		if absPolys[i], err = poly.New(p.NumVars(), ts...); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrBadSystem, err)
		}
	}
	ha, err := poly.NewSystem(h.Vars(), absPolys...)
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
// coefficient modulus).
func (p *PolySystem) Scale() []float64 { return slices.Clone(p.scale) }

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

// SolvePoly prepares s with NewPolySystem and solves it with Solve. The
// residuals in the result are those of the scaled equations (each divided
// by its largest coefficient modulus).
func SolvePoly[K poly.Coeff](s poly.System[K], opts *Options) (*Result, error) {
	ps, err := NewPolySystem(s)
	if err != nil {
		return nil, err
	}
	res, err := Solve(ps, opts)
	if err != nil {
		return nil, err
	}
	res.Vars = ps.Vars()
	return res, nil
}
