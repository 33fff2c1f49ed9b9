package homotopy

import (
	"fmt"
	"math"
	"slices"

	"github.com/hypersteiner/hypersteiner/poly"
)

// CoefficientFamily is the ParameterSystem of all square systems with a
// fixed monomial support: its parameters are the coefficients, equation by
// equation, each equation's terms in poly's canonical order. Solving one
// generic member (random complex coefficients) by the total-degree
// homotopy and tracking its finite solutions to other members is the
// classic coefficient-parameter homotopy.
type CoefficientFamily struct {
	n, m    int
	maxDeg  []int
	eqStart []int   // terms of equation i: [eqStart[i], eqStart[i+1])
	exps    [][]int // per term
	vars    [][]int // per term: the variables with a nonzero exponent
	support []poly.Monomial
	pw      [][]complex128 // scratch: pw[j][e] = x_j^e
}

// NewCoefficientFamily returns the family of s's support and s's own
// coefficients as a parameter vector. s must be square with no zero
// equation.
func NewCoefficientFamily[K poly.Coeff](s poly.System[K]) (*CoefficientFamily, []complex128, error) {
	if err := s.CheckSquare(); err != nil {
		return nil, nil, fmt.Errorf("%w: %w", ErrBadSystem, err)
	}
	cs, err := poly.ConvertSystem[complex128](s, 0)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %w", ErrBadSystem, err)
	}
	n := cs.NumVars()
	if n == 0 {
		return nil, nil, fmt.Errorf("%w: no unknowns", ErrBadSystem)
	}
	f := &CoefficientFamily{n: n, maxDeg: make([]int, n), eqStart: []int{0}}
	var p []complex128
	for i := range cs.NumEqs() {
		q := cs.Poly(i)
		if q.IsZero() {
			return nil, nil, fmt.Errorf("%w: equation %d is the zero polynomial", ErrBadSystem, i)
		}
		for k := range q.NumTerms() {
			t := q.Term(k)
			e := make([]int, n)
			copy(e, t.Exp)
			for j, v := range e {
				f.maxDeg[j] = max(f.maxDeg[j], v)
			}
			f.exps = append(f.exps, e)
			var vs []int
			for j, v := range e {
				if v > 0 {
					vs = append(vs, j)
				}
			}
			f.vars = append(f.vars, vs)
			f.support = append(f.support, slices.Clone(t.Exp))
			p = append(p, t.Coef)
		}
		f.eqStart = append(f.eqStart, len(f.exps))
	}
	f.m = len(p)
	f.alloc()
	return f, p, nil
}

func (f *CoefficientFamily) alloc() {
	f.pw = make([][]complex128, f.n)
	for j, d := range f.maxDeg {
		f.pw[j] = make([]complex128, d+1)
	}
}

// Params returns the parameter vector of s, which must have the family's
// variables count and exactly its support (same monomials per equation).
func (f *CoefficientFamily) Params(s poly.System[complex128]) ([]complex128, error) {
	if s.NumVars() != f.n || s.NumEqs() != f.n {
		return nil, fmt.Errorf("%w: system is %d×%d, family is %d×%d", ErrBadSystem, s.NumEqs(), s.NumVars(), f.n, f.n)
	}
	p := make([]complex128, 0, f.m)
	for i := range f.n {
		q := s.Poly(i)
		lo, hi := f.eqStart[i], f.eqStart[i+1]
		if q.NumTerms() != hi-lo {
			return nil, fmt.Errorf("%w: equation %d has %d terms, the family %d", ErrBadSystem, i, q.NumTerms(), hi-lo)
		}
		for k := range q.NumTerms() {
			t := q.Term(k)
			if !t.Exp.Equal(f.support[lo+k]) {
				return nil, fmt.Errorf("%w: equation %d, term %d: monomial %v is not in the family's support", ErrBadSystem, i, k, t.Exp)
			}
			p = append(p, t.Coef)
		}
	}
	return p, nil
}

// NumVars returns n.
func (f *CoefficientFamily) NumVars() int { return f.n }

// NumParams returns the number of coefficients.
func (f *CoefficientFamily) NumParams() int { return f.m }

func (f *CoefficientFamily) powers(x []complex128) {
	for j, row := range f.pw {
		row[0] = 1
		for e := 1; e < len(row); e++ {
			row[e] = row[e-1] * x[j]
		}
	}
}

// Evaluate implements ParameterSystem.
func (f *CoefficientFamily) Evaluate(fv, jx, jp, x, p []complex128) {
	f.powers(x)
	n := f.n
	clear(jx)
	clear(jp)
	for i := range n {
		var v complex128
		row := jx[i*n : (i+1)*n]
		for k := f.eqStart[i]; k < f.eqStart[i+1]; k++ {
			e, vs := f.exps[k], f.vars[k]
			mono := complex(1, 0)
			for _, j := range vs {
				mono *= f.pw[j][e[j]]
			}
			v += p[k] * mono
			if jp != nil {
				jp[i*f.m+k] = mono
			}
			for a, j := range vs {
				d := p[k] * complex(float64(e[j]), 0) * f.pw[j][e[j]-1]
				for b, l := range vs {
					if b != a {
						d *= f.pw[l][e[l]]
					}
				}
				row[j] += d
			}
		}
		fv[i] = v
	}
}

// TermScale implements ParameterTermScaler.
func (f *CoefficientFamily) TermScale(s []float64, x, p []complex128) {
	for i := range f.n {
		sum := 0.0
		for k := f.eqStart[i]; k < f.eqStart[i+1]; k++ {
			m := math.Sqrt(abs2(p[k]))
			for j, ej := range f.exps[k] {
				if ej > 0 {
					m *= math.Pow(math.Sqrt(abs2(x[j])), float64(ej))
				}
			}
			sum += m
		}
		s[i] = sum
	}
}

// Clone returns a copy with its own scratch space.
func (f *CoefficientFamily) Clone() ParameterSystem {
	g := *f
	g.alloc()
	return &g
}
