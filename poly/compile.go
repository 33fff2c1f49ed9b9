package poly

import (
	"fmt"
	"math"
	"math/big"
	"math/cmplx"
)

// Scalar is a machine coefficient kind of a compiled Evaluator.
type Scalar interface{ float64 | complex128 }

// Evaluator evaluates a system and its Jacobian at once in float64 or
// complex128 arithmetic. It is compiled once from a System (CompileFloat64,
// CompileComplex) and then allocates nothing per call.
//
// Scheme: per call, a power table x_i^k for k ≤ the degree of x_i in the
// system; then per term c·Π x_v^e over its m nonzero exponents, prefix
// products P_k give the value c·P_m, and a backward sweep with suffix
// products S_k gives every partial derivative
// ∂/∂x_{v_k} = (c·e_k)·P_k·x_{v_k}^{e_k−1}·S_{k+1} in O(m) multiplications
// (terms with m ≤ 2 take a straight-line path). c and c·e_k are rounded to
// T once, from their exact values. Each value or Jacobian entry of an
// equation of degree D with T terms is within γ_{D+T+2}·Σ|c|·|x^e| of the
// exact one (u = 2^-53 for float64, √5·2^-53 for complex128), which the
// tests check against exact rational evaluation.
//
// An Evaluator holds scratch space, so one value must not be used by
// several goroutines at once; Clone gives an independent copy.
type Evaluator[T Scalar] struct {
	*plan[T]
	pw  []T // scratch: power table
	pre []T // scratch: prefix products
}

// plan is the compiled, read-only part shared by clones.
type plan[T any] struct {
	nvars, neqs int
	pwOff       []int   // pw[pwOff[i]+k] = x_i^k
	pwLen       int     // total length of the power table
	maxFactors  int     // most nonzero exponents in one term
	eqStart     []int   // terms of equation i: [eqStart[i], eqStart[i+1])
	coef        []T     // per term
	fStart      []int   // factors of term t: [fStart[t], fStart[t+1])
	fVar        []int32 // per factor: variable index
	fPow        []int32 // per factor: index of x_v^e in pw
	fDeriv      []T     // per factor: c·e
}

// CompileFloat64 compiles s for float64 evaluation; coefficients are
// rounded to nearest (see Convert). A non-real or overflowing coefficient
// is a *ConvertError.
func (s System[K]) CompileFloat64() (*Evaluator[float64], error) {
	return Compile[float64](s)
}

// CompileComplex compiles s for complex128 evaluation.
func (s System[K]) CompileComplex() (*Evaluator[complex128], error) {
	return Compile[complex128](s)
}

// Compile compiles s for evaluation in T; see Evaluator.
func Compile[T Scalar, K Coeff](s System[K]) (*Evaluator[T], error) {
	pl, err := compilePlan(s, func(c *ComplexRat) (T, error) { return convertCoef[T](c, 0) })
	if err != nil {
		return nil, err
	}
	return &Evaluator[T]{plan: pl, pw: make([]T, pl.pwLen), pre: make([]T, pl.maxFactors+1)}, nil
}

func compilePlan[T any, K Coeff](s System[K], conv func(*ComplexRat) (T, error)) (*plan[T], error) {
	pl := &plan[T]{nvars: len(s.vars), neqs: len(s.polys)}
	pl.pwOff = make([]int, pl.nvars)
	for i := range pl.nvars {
		d := 0
		for _, p := range s.polys {
			d = max(d, p.DegreeIn(i))
		}
		pl.pwOff[i] = pl.pwLen
		pl.pwLen += d + 1
	}
	pl.eqStart = append(pl.eqStart, 0)
	pl.fStart = append(pl.fStart, 0)
	for pi, p := range s.polys {
		for ti, t := range p.terms {
			exact, err := exactValue(t.Coef)
			var c T
			if err == nil {
				c, err = conv(exact)
			}
			if err != nil {
				return nil, &ConvertError{Poly: pi, Term: ti, Exp: t.Exp, Err: err}
			}
			pl.coef = append(pl.coef, c)
			m := 0
			for v, e := range t.Exp {
				if e == 0 {
					continue
				}
				m++
				ce := new(ComplexRat).Mul(exact, FieldOf[*ComplexRat]().FromInt(int64(e)))
				d, err := conv(ce)
				if err != nil {
					return nil, &ConvertError{Poly: pi, Term: ti, Exp: t.Exp, Err: err}
				}
				pl.fVar = append(pl.fVar, int32(v))
				pl.fPow = append(pl.fPow, int32(pl.pwOff[v]+e))
				pl.fDeriv = append(pl.fDeriv, d)
			}
			pl.maxFactors = max(pl.maxFactors, m)
			pl.fStart = append(pl.fStart, len(pl.fVar))
		}
		pl.eqStart = append(pl.eqStart, len(pl.coef))
	}
	return pl, nil
}

// NumVars returns the number of unknowns.
func (ev *Evaluator[T]) NumVars() int { return ev.nvars }

// NumEqs returns the number of equations.
func (ev *Evaluator[T]) NumEqs() int { return ev.neqs }

// Clone returns an evaluator that shares the compiled plan but has its own
// scratch space, for use in another goroutine.
func (ev *Evaluator[T]) Clone() *Evaluator[T] {
	return &Evaluator[T]{plan: ev.plan, pw: make([]T, len(ev.pw)), pre: make([]T, len(ev.pre))}
}

// Eval writes f[i] = f_i(x) and, if jac is not nil, the Jacobian
// jac[i*NumVars+j] = ∂f_i/∂x_j (row-major, NumEqs × NumVars): the
// destinations come first, as in math/big and newton.Func. f may be
// nil to skip the values. It returns an error, writing nothing, if a
// length is wrong or x has a NaN or infinite entry. For finite x the
// results are finite unless an intermediate overflows float64.
func (ev *Evaluator[T]) Eval(f, jac, x []T) error {
	if err := ev.check(x, len(f), f == nil, len(jac), jac == nil); err != nil {
		return err
	}
	pw := ev.pw
	for i, xi := range x {
		off, end := ev.powers(i)
		pw[off] = 1
		for k := off + 1; k < end; k++ {
			pw[k] = pw[k-1] * xi
		}
	}
	// Locals, so the compiler need not reload fields after each store.
	n, pre := ev.nvars, ev.pre
	eqStart, fStart, coef := ev.eqStart, ev.fStart, ev.coef
	fVar, fPow, fDeriv := ev.fVar, ev.fPow, ev.fDeriv
	for eq := range ev.neqs {
		var row []T
		if jac != nil {
			row = jac[eq*n : eq*n+n]
			clear(row)
		}
		var val T
		for t := eqStart[eq]; t < eqStart[eq+1]; t++ {
			lo, hi := fStart[t], fStart[t+1]
			// Terms with at most two variables (most terms of small
			// systems) skip the prefix/suffix loops.
			switch hi - lo {
			case 0:
				val += coef[t]
				continue
			case 1:
				i := fPow[lo]
				val += coef[t] * pw[i]
				if row != nil {
					row[fVar[lo]] += fDeriv[lo] * pw[i-1]
				}
				continue
			case 2:
				i, j := fPow[lo], fPow[lo+1]
				a, b := pw[i], pw[j]
				val += coef[t] * (a * b)
				if row != nil {
					row[fVar[lo]] += fDeriv[lo] * pw[i-1] * b
					row[fVar[lo+1]] += fDeriv[lo+1] * a * pw[j-1]
				}
				continue
			}
			p := T(1)
			for k := lo; k < hi; k++ {
				pre[k-lo] = p
				p *= pw[fPow[k]]
			}
			val += coef[t] * p
			if row == nil {
				continue
			}
			s := T(1)
			for k := hi - 1; k >= lo; k-- {
				idx := fPow[k]
				row[fVar[k]] += fDeriv[k] * pre[k-lo] * pw[idx-1] * s
				s *= pw[idx]
			}
		}
		if f != nil {
			f[eq] = val
		}
	}
	return nil
}

// powers returns the range [off, end) of the power table that holds
// x_i⁰, x_i¹, … up to the highest power of x_i the system needs.
func (pl *plan[T]) powers(i int) (off, end int) {
	off, end = pl.pwOff[i], pl.pwLen
	if i+1 < len(pl.pwOff) {
		end = pl.pwOff[i+1]
	}
	return off, end
}

func (pl *plan[T]) check(x any, nf int, fNil bool, nj int, jNil bool) error {
	nx := 0
	switch v := x.(type) {
	case []float64:
		nx = len(v)
		for i, xi := range v {
			if math.IsNaN(xi) || math.IsInf(xi, 0) {
				return fmt.Errorf("poly: Eval: x[%d] = %v is not finite", i, xi)
			}
		}
	case []complex128:
		nx = len(v)
		for i, xi := range v {
			if cmplx.IsNaN(xi) || cmplx.IsInf(xi) {
				return fmt.Errorf("poly: Eval: x[%d] = %v is not finite", i, xi)
			}
		}
	case []*big.Float:
		nx = len(v)
		for i, xi := range v {
			if xi == nil || xi.IsInf() {
				return fmt.Errorf("poly: Eval: x[%d] is nil or infinite", i)
			}
		}
	}
	if nx != pl.nvars {
		return fmt.Errorf("poly: Eval: len(x) = %d, want %d variables", nx, pl.nvars)
	}
	if !fNil && nf != pl.neqs {
		return fmt.Errorf("poly: Eval: len(f) = %d, want %d equations", nf, pl.neqs)
	}
	if !jNil && nj != pl.neqs*pl.nvars {
		return fmt.Errorf("poly: Eval: len(jac) = %d, want %d×%d = %d", nj, pl.neqs, pl.nvars, pl.neqs*pl.nvars)
	}
	return nil
}
