package poly

import (
	"fmt"
	"math"
	"math/big"
	"math/cmplx"
)

// Eval returns p(x) computed in the arithmetic of K (exact for *big.Rat
// and *ComplexRat). It returns an error if len(x) ≠ NumVars or an entry
// is nil, NaN or infinite. For *big.Float the
// precision follows the operands (see Field); use a compiled BigEvaluator
// to fix it explicitly.
func (p Poly[K]) Eval(x []K) (K, error) {
	f := FieldOf[K]()
	if len(x) != p.n {
		return f.Zero(), fmt.Errorf("poly: Eval: got %d values for %d variables", len(x), p.n)
	}
	for i, v := range x {
		if isNilCoef(v) {
			return f.Zero(), fmt.Errorf("poly: Eval: x[%d] is nil", i)
		}
		if !isFinite(v) {
			return f.Zero(), fmt.Errorf("poly: Eval: x[%d] = %v is not finite", i, v)
		}
	}
	pw := powerTable(f, p, x)
	sum := f.Zero()
	for _, t := range p.terms {
		v := t.Coef
		for i, e := range t.Exp {
			if e > 0 {
				v = f.Mul(v, pw[i][e])
			}
		}
		sum = f.Add(sum, v)
	}
	return sum, nil
}

// powerTable returns pw[i][k] = x_i^k for k ≤ DegreeIn(i).
func powerTable[K Coeff](f Field[K], p Poly[K], x []K) [][]K {
	pw := make([][]K, len(x))
	for i := range x {
		d := max(p.DegreeIn(i), 0)
		pw[i] = make([]K, d+1)
		pw[i][0] = f.One()
		for k := 1; k <= d; k++ {
			pw[i][k] = f.Mul(pw[i][k-1], x[i])
		}
	}
	return pw
}

// isFinite reports whether c is neither NaN nor infinite.
func isFinite[K Coeff](c K) bool {
	switch v := any(c).(type) {
	case float64:
		return !math.IsNaN(v) && !math.IsInf(v, 0)
	case complex128:
		return !cmplx.IsNaN(v) && !cmplx.IsInf(v)
	case *big.Float:
		return !v.IsInf()
	}
	return true
}
