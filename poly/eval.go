package poly

import "fmt"

// Eval returns p(x) computed in the arithmetic of K (exact for *big.Rat
// and *ComplexRat). len(x) must equal NumVars. For *big.Float the
// precision follows the operands (see Field); use a compiled BigEvaluator
// to fix it explicitly.
func (p Poly[K]) Eval(x []K) (K, error) {
	f := FieldOf[K]()
	if len(x) != p.n {
		return f.Zero(), fmt.Errorf("poly: Eval: got %d values for %d variables", len(x), p.n)
	}
	for i, v := range x {
		if isNilCoef(v) {
			return f.Zero(), fmt.Errorf("poly: Eval: value %d is nil", i)
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
