package certify

import (
	"fmt"
	"math/big"

	"github.com/hypersteiner/hypersteiner/poly"
)

// Smale's α-theory, as certified by alphaCertified (Hauenstein & Sottile,
// ACM TOMS 38(4), 2012), in exact rational arithmetic. For a square
// polynomial system f and a point x,
//
//	β(f,x) = ‖Df(x)⁻¹ f(x)‖,   γ(f,x) = sup_{k≥2} ‖Df(x)⁻¹ Dᵏf(x)/k!‖^{1/(k−1)},
//
// and α = βγ. If α < (13 − 3√17)/4 ≈ 0.157671, then x is an approximate
// zero: Newton's method from x converges quadratically to a zero ξ, and
// ‖x − ξ‖ ≤ 2β. γ is bounded above as alphaCertified does, by the
// Shub–Smale estimate
//
//	γ(f,x) ≤ μ(f,x)·D^{3/2} / (2‖x‖₁),   ‖x‖₁ = √(1 + ‖x‖²),
//	μ(f,x) = max{1, ‖f‖·‖Df(x)⁻¹ Δ(x)‖},  Δ(x) = diag(√dᵢ ‖x‖₁^{dᵢ−1}),
//
// with D the largest degree dᵢ, ‖f‖ the Bombieri–Weyl norm
// (‖fᵢ‖² = Σ |c_a|²·a!(dᵢ−|a|)!/dᵢ!), and the operator norm replaced by
// the larger Frobenius norm. Every quantity then has a rational square,
// so the test α² < ((13 − 3√17)/4)² is decided exactly; the one square
// root is removed by squaring with the signs checked.

// AlphaResult is the outcome of an α-test. The squared quantities are
// exact rationals; Gamma2 is the rational upper bound of γ², so Alpha2 is
// an upper bound of α².
type AlphaResult struct {
	// Certified reports α < (13 − 3√17)/4, decided exactly.
	Certified bool
	// Singular reports an exactly singular Jacobian at x (then nothing
	// else is set).
	Singular bool
	// Alpha2 = Beta2·Gamma2 ≥ α², Beta2 = β², Gamma2 ≥ γ².
	Alpha2, Beta2, Gamma2 *big.Rat
}

// Radius returns an upper bound (rounded up, at prec bits) of 2β, the
// distance from x to its associated zero when Certified.
func (r *AlphaResult) Radius(prec uint) *big.Float {
	var b Interval
	b.SetPrec(prec)
	b.SetRat(r.Beta2)
	b.Sqrt(&b) // β² ≥ 0: cannot fail
	z := new(big.Float).SetPrec(prec).SetMode(big.ToPositiveInf)
	return z.SetMantExp(&b.Hi, 1)
}

// AlphaTest runs the exact α-test for the square real rational system s
// at the rational point x.
func AlphaTest(s poly.System[*big.Rat], x []*big.Rat) (*AlphaResult, error) {
	cs, err := poly.ConvertSystem[*poly.ComplexRat](s, 0)
	if err != nil {
		return nil, fmt.Errorf("certify: alpha test: %w", err)
	}
	cx := make([]*poly.ComplexRat, len(x))
	for i, v := range x {
		if v == nil {
			return nil, fmt.Errorf("certify: alpha test: coordinate %d is nil: %w", i, ErrInvalid)
		}
		cx[i] = poly.NewComplexRat(v, nil)
	}
	return AlphaTestComplex(cs, cx)
}

// AlphaTestComplex runs the exact α-test for a square system with
// complex rational coefficients at the complex rational point x.
func AlphaTestComplex(s poly.System[*poly.ComplexRat], x []*poly.ComplexRat) (*AlphaResult, error) {
	if err := s.CheckSquare(); err != nil {
		return nil, fmt.Errorf("certify: alpha test: %w: %w", ErrInvalid, err)
	}
	n := s.NumVars()
	if len(x) != n {
		return nil, fmt.Errorf("certify: alpha test: point has %d coordinates, system has %d unknowns: %w", len(x), n, ErrInvalid)
	}
	for i, v := range x {
		if v == nil {
			return nil, fmt.Errorf("certify: alpha test: coordinate %d is nil: %w", i, ErrInvalid)
		}
	}
	fx, err := s.Eval(x)
	if err != nil {
		return nil, fmt.Errorf("certify: alpha test: %w", err)
	}
	jac := make([]*poly.ComplexRat, n*n)
	for i, row := range s.Jacobian() {
		for j, p := range row {
			if jac[i*n+j], err = p.Eval(x); err != nil {
				return nil, fmt.Errorf("certify: alpha test: %w", err)
			}
		}
	}
	inv, ok := invertExact(jac, n)
	if !ok {
		return &AlphaResult{Singular: true}, nil
	}

	// β² = ‖J⁻¹ f(x)‖².
	beta2 := new(big.Rat)
	for i := 0; i < n; i++ {
		var yi, t poly.ComplexRat
		for k := 0; k < n; k++ {
			yi.Add(&yi, t.Mul(inv[i*n+k], fx[k]))
		}
		beta2.Add(beta2, abs2(&yi))
	}

	// ‖x‖₁² = 1 + ‖x‖².
	x1 := big.NewRat(1, 1)
	for _, v := range x {
		x1.Add(x1, abs2(v))
	}

	// ‖J⁻¹Δ‖²_F = Σ_{k,i} |J⁻¹_{ki}|²·dᵢ·(‖x‖₁²)^{dᵢ−1}, and ‖f‖².
	degs := s.Degrees()
	D := 0
	m2, norm2 := new(big.Rat), new(big.Rat)
	for i, d := range degs {
		D = max(D, d)
		if d < 1 { // a constant equation has a zero Jacobian row
			return &AlphaResult{Singular: true}, nil
		}
		w := new(big.Rat).SetInt64(int64(d))
		w.Mul(w, ratPow(x1, d-1))
		for k := 0; k < n; k++ {
			m2.Add(m2, new(big.Rat).Mul(abs2(inv[k*n+i]), w))
		}
		norm2.Add(norm2, weylNorm2(s.Poly(i), d))
	}
	mu2 := new(big.Rat).Mul(norm2, m2)
	if mu2.Cmp(big.NewRat(1, 1)) < 0 {
		mu2.SetInt64(1)
	}
	// γ² ≤ μ²·D³ / (4‖x‖₁²).
	gamma2 := new(big.Rat).Mul(mu2, new(big.Rat).SetInt64(int64(D*D*D)))
	gamma2.Quo(gamma2, new(big.Rat).Mul(big.NewRat(4, 1), x1))
	alpha2 := new(big.Rat).Mul(beta2, gamma2)
	return &AlphaResult{Certified: alphaBelowBound(alpha2), Alpha2: alpha2, Beta2: beta2, Gamma2: gamma2}, nil
}

// alphaBelowBound decides a < ((13 − 3√17)/4)² = (161 − 39√17)/8 for a
// rational a ≥ 0 exactly: ⟺ 39√17 < 161 − 8a ⟺ 161 − 8a > 0 and
// (161 − 8a)² > 39²·17 = 25857.
func alphaBelowBound(a *big.Rat) bool {
	t := new(big.Rat).Mul(a, big.NewRat(8, 1))
	t.Sub(big.NewRat(161, 1), t)
	if t.Sign() <= 0 {
		return false
	}
	return t.Mul(t, t).Cmp(big.NewRat(25857, 1)) > 0
}

// AlphaBound returns (13 − 3√17)/4 enclosed in an interval at prec bits,
// for display.
func AlphaBound(prec uint) *Interval {
	var r Interval
	r.SetPrec(prec)
	r.SetInt64(17)
	r.Sqrt(&r)
	var three, thirteen Interval
	three.SetPrec(prec).SetInt64(3)
	thirteen.SetPrec(prec).SetInt64(13)
	r.Mul(&r, &three)
	r.Sub(&thirteen, &r)
	four := new(Interval).SetPrec(prec).SetInt64(4)
	r.Quo(&r, four) // cannot fail: 4 ≠ 0
	return &r
}

// weylNorm2 returns the squared Bombieri–Weyl norm of p homogenised to
// degree d: Σ |c_a|²·a!·(d−|a|)!/d!.
func weylNorm2(p poly.Poly[*poly.ComplexRat], d int) *big.Rat {
	sum := new(big.Rat)
	dFact := factorial(d)
	for k := 0; k < p.NumTerms(); k++ {
		t := p.Term(k)
		w := factorial(d - t.Exp.Degree())
		for _, e := range t.Exp {
			w.Mul(w, factorial(e))
		}
		r := new(big.Rat).SetFrac(w, dFact)
		sum.Add(sum, r.Mul(r, abs2(t.Coef)))
	}
	return sum
}

func factorial(n int) *big.Int { return new(big.Int).MulRange(1, int64(max(n, 1))) }

func ratPow(x *big.Rat, n int) *big.Rat {
	r := big.NewRat(1, 1)
	for ; n > 0; n-- {
		r.Mul(r, x)
	}
	return r
}

// abs2 returns |z|² = Re² + Im².
func abs2(z *poly.ComplexRat) *big.Rat {
	r := new(big.Rat).Mul(&z.Re, &z.Re)
	return r.Add(r, new(big.Rat).Mul(&z.Im, &z.Im))
}

// invertExact returns the exact inverse of the n×n complex rational
// matrix a (row-major) by Gauss–Jordan elimination, or false if singular.
func invertExact(a []*poly.ComplexRat, n int) ([]*poly.ComplexRat, bool) {
	w := make([]*poly.ComplexRat, n*n)
	y := make([]*poly.ComplexRat, n*n)
	for i := range w {
		w[i] = new(poly.ComplexRat).Set(a[i])
		y[i] = new(poly.ComplexRat)
	}
	for i := 0; i < n; i++ {
		y[i*n+i].Re.SetInt64(1)
	}
	var t poly.ComplexRat
	for col := 0; col < n; col++ {
		p := -1
		for r := col; r < n; r++ {
			if !w[r*n+col].IsZero() {
				p = r
				break
			}
		}
		if p < 0 {
			return nil, false
		}
		for k := 0; k < n; k++ {
			w[p*n+k], w[col*n+k] = w[col*n+k], w[p*n+k]
			y[p*n+k], y[col*n+k] = y[col*n+k], y[p*n+k]
		}
		piv := new(poly.ComplexRat).Set(w[col*n+col])
		for k := 0; k < n; k++ {
			w[col*n+k].Quo(w[col*n+k], piv)
			y[col*n+k].Quo(y[col*n+k], piv)
		}
		for r := 0; r < n; r++ {
			if r == col || w[r*n+col].IsZero() {
				continue
			}
			f := new(poly.ComplexRat).Set(w[r*n+col])
			for k := 0; k < n; k++ {
				w[r*n+k].Sub(w[r*n+k], t.Mul(f, w[col*n+k]))
				y[r*n+k].Sub(y[r*n+k], t.Mul(f, y[col*n+k]))
			}
		}
	}
	return y, true
}
