package homotopy

import (
	"errors"
	"math"
	"math/cmplx"

	"github.com/hypersteiner/hypersteiner/poly"
)

// maxScaleExp bounds the variable scaling exponents: a root a float64
// can hold is within 2^±1075 (scaleVariables shifts each equation too,
// so its coefficients stay in range, or refuses the scaling).
const maxScaleExp = 1100

// VariableScaling returns exponents k_j such that the substitution
// x_j = 2^{k_j}·y_j brings the coefficients of s as close to modulus 1 as
// a scaling can: with a free factor 2^{r_i} per equation, it minimises
//
//	Σ_{i, α} (log₂|c_iα| + r_i + α·k)²
//
// over real r and k (the least-squares scaling of Meintjes and Morgan,
// 1987; a tiny ridge term picks the smallest solution where the problem
// is degenerate, as for homogeneous equations) and rounds k to integers,
// so that scaling and unscaling are exact in floating point. A system
// whose roots are of size 10⁶ because its coefficients span 10¹² gets
// k ≈ log₂10⁶, and its scaled roots are of size 1.
//
// The least-squares fit also leans towards small coefficients that are
// near-cancellations rather than scale (the x² coefficient 10⁻⁶ of
// (x − 1)(x − 1 − 10⁻⁶)(x + 2)), so the scaling is kept only where it
// changes the picture: when it at least halves the sum of squares left at
// k = 0 (with the best r for each). Otherwise k = 0; in particular for
// coefficients of modulus near 1. Terms whose coefficient is 0 or not
// finite in complex128 are ignored.
func VariableScaling[K poly.Coeff](s poly.System[K]) []int {
	n := s.NumVars()
	m := s.NumEqs()
	dim := m + n // unknowns r_0…r_{m−1}, k_0…k_{n−1}
	ata := make([]float64, dim*dim)
	atb := make([]float64, dim)
	row := make([]int, 0, n+1)
	type logTerm struct {
		eq  int
		l   float64 // log₂|c|
		exp poly.Monomial
	}
	var terms []logTerm
	for i := range m {
		p := s.Poly(i)
		for t := range p.NumTerms() {
			tm := p.Term(t)
			c, err := poly.ConvertValue[complex128](tm.Coef, 0)
			a := math.Hypot(real(c), imag(c))
			if err != nil || !(a > 0) || math.IsInf(a, 0) {
				continue
			}
			b := -math.Log2(a)
			terms = append(terms, logTerm{i, -b, tm.Exp})
			// The row has 1 at r_i and α_j at k_j.
			row = append(row[:0], i)
			for j, e := range tm.Exp {
				if e != 0 {
					row = append(row, m+j)
				}
			}
			for _, u := range row {
				au := rowEntry(u, m, tm.Exp)
				atb[u] += au * b
				for _, v := range row {
					ata[u*dim+v] += au * rowEntry(v, m, tm.Exp)
				}
			}
		}
	}
	trace := 0.0
	for u := range dim {
		trace += ata[u*dim+u]
	}
	ridge := 1e-9*trace/float64(dim) + 1e-300
	for u := range dim {
		ata[u*dim+u] += ridge
	}
	k := make([]int, n)
	if !solveSPD(ata, atb, dim) {
		return k
	}
	for j := range k {
		v := math.Round(atb[m+j])
		if math.IsNaN(v) {
			v = 0
		}
		k[j] = int(max(-maxScaleExp, min(maxScaleExp, v)))
	}
	// The sum of squares at a given k, each equation's r at its optimum
	// (minus the mean of its scaled logarithms).
	residual := func(k []int) float64 {
		sum, sq, cnt := make([]float64, m), make([]float64, m), make([]float64, m)
		for _, t := range terms {
			v := t.l
			for j, e := range t.exp {
				v += float64(e * k[j])
			}
			sum[t.eq] += v
			sq[t.eq] += v * v
			cnt[t.eq]++
		}
		r := 0.0
		for i := range m {
			if cnt[i] > 0 {
				r += sq[i] - sum[i]*sum[i]/cnt[i]
			}
		}
		return r
	}
	if !(residual(k) <= residual(make([]int, n))/2) {
		clear(k)
	}
	return k
}

// rowEntry is the entry of a least-squares row at unknown u: 1 for the
// equation's r_i (u < m), the exponent α_j for k_j.
func rowEntry(u, m int, exp poly.Monomial) float64 {
	if u < m {
		return 1
	}
	return float64(exp[u-m])
}

// solveSPD overwrites b with A⁻¹b for the symmetric positive definite
// dim×dim matrix A (row-major, destroyed) by Cholesky factorisation; it
// reports false if A is not numerically positive definite.
func solveSPD(a, b []float64, dim int) bool {
	for j := range dim {
		d := a[j*dim+j]
		for k := range j {
			d -= a[j*dim+k] * a[j*dim+k]
		}
		if !(d > 0) {
			return false
		}
		d = math.Sqrt(d)
		a[j*dim+j] = d
		for i := j + 1; i < dim; i++ {
			s := a[i*dim+j]
			for k := range j {
				s -= a[i*dim+k] * a[j*dim+k]
			}
			a[i*dim+j] = s / d
		}
	}
	for i := range dim { // L y = b
		s := b[i]
		for k := range i {
			s -= a[i*dim+k] * b[k]
		}
		b[i] = s / a[i*dim+i]
	}
	for i := dim - 1; i >= 0; i-- { // Lᵀ x = y
		s := b[i]
		for k := i + 1; k < dim; k++ {
			s -= a[k*dim+i] * b[k]
		}
		b[i] = s / a[i*dim+i]
	}
	return true
}

// ldexpExact returns v·2^e and whether that is exact: a finite v whose
// product stays a finite normal float64 (or v = 0).
func ldexpExact(v float64, e int) (float64, bool) {
	r := math.Ldexp(v, e)
	if v == 0 {
		return 0, true
	}
	return r, math.Abs(r) >= 0x1p-1022 && !math.IsInf(r, 0)
}

// scaleVariables returns the system with x_j = 2^{k_j}·y_j substituted
// and each equation multiplied by the power of two that brings its
// largest coefficient to modulus [1, 2) (which changes no root): each
// coefficient c_α times 2^{α·k − e_i}, exact. Without the equation's
// factor, x − 10⁻³²⁰ (k = −1063) would need the coefficient 2⁻¹⁰⁶³ of x,
// a subnormal; with it, only the equation's own spread counts. When that
// spread leaves the normal range, the substitution alone is tried, and
// ok = false when that leaves it too.
func scaleVariables(s poly.System[complex128], k []int) (poly.System[complex128], bool) {
	if out, ok := scaleShifted(s, k); ok {
		return out, true
	}
	// An equation whose own spread leaves the normal range when its
	// largest coefficient is 1: without the shift, as before it existed.
	out, err := poly.MapCoeffs(s, func(c complex128, a poly.Monomial) (complex128, error) {
		return ldexpCoef(c, monomialShift(a, k))
	})
	if err != nil {
		return s, false
	}
	return out, true
}

// scaleShifted is scaleVariables with each equation's power-of-two
// factor.
func scaleShifted(s poly.System[complex128], k []int) (poly.System[complex128], bool) {
	polys := make([]poly.Poly[complex128], s.NumEqs())
	for i := range polys {
		p := s.Poly(i)
		top := math.MinInt
		for t := range p.NumTerms() {
			tm := p.Term(t)
			if a := cmplx.Abs(tm.Coef); a > 0 {
				_, e := math.Frexp(a)
				top = max(top, e+monomialShift(tm.Exp, k))
			}
		}
		if top == math.MinInt {
			top = 0
		}
		one, err := poly.NewSystem(s.Vars(), p)
		if err != nil {
			return s, false
		}
		out, err := poly.MapCoeffs(one, func(c complex128, a poly.Monomial) (complex128, error) {
			return ldexpCoef(c, monomialShift(a, k)-top)
		})
		if err != nil {
			return s, false
		}
		polys[i] = out.Poly(0)
	}
	out, err := poly.NewSystem(s.Vars(), polys...)
	if err != nil {
		return s, false
	}
	return out, true
}

// errOutOfRange stops scaleVariables at a coefficient beyond float64.
var errOutOfRange = errors.New("scaled coefficient out of the float64 range")

// monomialShift is the power of two by which x_j → 2^(k_j)·x_j multiplies
// the monomial a.
func monomialShift(a poly.Monomial, k []int) int {
	e := 0
	for j, aj := range a {
		e += aj * k[j]
	}
	return e
}

// ldexpCoef is c·2^e, or errOutOfRange when a part would not be exact.
func ldexpCoef(c complex128, e int) (complex128, error) {
	re, ok1 := ldexpExact(real(c), e)
	im, ok2 := ldexpExact(imag(c), e)
	if !ok1 || !ok2 {
		return 0, errOutOfRange
	}
	return complex(re, im), nil
}
