package poly

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// Error model for the compiled evaluators (see Evaluator): along the path of
// one term the value takes at most D+1 rounded operations (coefficient,
// powers, prefix products, c·P) and the sum T−1 more; a Jacobian entry takes
// at most D+3 plus T−1. With m = D+T+2 and unit roundoff u per operation,
// the standard bound is
//
//	|computed − exact| ≤ γ_m · Σ_t |c_t|·|x^e_t|,   γ_m = m·u/(1−m·u),
//
// (for the Jacobian, the sum of |∂(c_t x^e_t)/∂x_j|). u = 2^-53 in float64;
// a complex128 product has relative error ≤ √5·2^-53 (Brent, Percival,
// Zimmermann 2007) and a sum ≤ 2^-53, so u = √5·2^-53 there; u = 2^-p for a
// BigEvaluator at p bits. The tests below check this bound against exact
// rational evaluation, at every point, and log the worst ratio.

const refPrec = 128 // precision of the error bookkeeping, far above 53

func modulus(z *ComplexRat) *big.Float {
	re := new(big.Float).SetPrec(refPrec).SetRat(&z.Re)
	im := new(big.Float).SetPrec(refPrec).SetRat(&z.Im)
	s := new(big.Float).SetPrec(refPrec).Mul(re, re)
	s.Add(s, new(big.Float).SetPrec(refPrec).Mul(im, im))
	return s.Sqrt(s)
}

// absSum returns Σ_t |c_t|·Π|x_v|^{e_v}.
func absSum(p Poly[*ComplexRat], x []*ComplexRat) *big.Float {
	ax := make([]*big.Float, len(x))
	for i := range x {
		ax[i] = modulus(x[i])
	}
	sum := new(big.Float).SetPrec(refPrec)
	for _, t := range p.terms {
		v := modulus(t.Coef)
		for i, e := range t.Exp {
			for range e {
				v.Mul(v, ax[i])
			}
		}
		sum.Add(sum, v)
	}
	return sum
}

func gamma(m int, u float64) *big.Float {
	mu := float64(m) * u
	return new(big.Float).SetPrec(refPrec).SetFloat64(mu / (1 - mu))
}

// errRatio returns |got − exact| / (γ_m·ref), or 0 when both are 0.
func errRatio(got, exact *ComplexRat, bound *big.Float) float64 {
	d := modulus(new(ComplexRat).Sub(got, exact))
	if d.Sign() == 0 {
		return 0
	}
	if bound.Sign() == 0 {
		return math.Inf(1)
	}
	r, _ := new(big.Float).Quo(d, bound).Float64()
	return r
}

func complexPoint(rng *rand.Rand, n int, real bool) []complex128 {
	x := make([]complex128, n)
	for i := range x {
		re := 4*rng.Float64() - 2
		im := 0.0
		if !real {
			im = 4*rng.Float64() - 2
		}
		x[i] = complex(re, im)
	}
	return x
}

// checkAgainstExact evaluates s (exact coefficients) with the compiled
// evaluator eval at points and checks the a-priori bound; it returns the
// worst ratio error/bound.
func checkAgainstExact(t *testing.T, name string, s System[*ComplexRat], u float64, pts [][]complex128,
	eval func(x []complex128) (f, jac []*ComplexRat)) float64 {
	t.Helper()
	J := s.Jacobian()
	worst := 0.0
	for _, x := range pts {
		xq := make([]*ComplexRat, len(x))
		for i, v := range x {
			xq[i], _ = ConvertValue[*ComplexRat](v, 0)
		}
		f, jac := eval(x)
		for i, p := range s.polys {
			m := max(p.Degree(), 0) + p.NumTerms() + 2
			want, _ := p.Eval(xq)
			bound := new(big.Float).Mul(gamma(m, u), absSum(p, xq))
			if r := errRatio(f[i], want, bound); r > 1 {
				t.Errorf("%s: f_%d at %v: error exceeds bound by factor %.3g", name, i, x, r)
			} else {
				worst = max(worst, r)
			}
			for j := range s.vars {
				want, _ := J[i][j].Eval(xq)
				bound := new(big.Float).Mul(gamma(m, u), absSum(J[i][j], xq))
				if r := errRatio(jac[i*len(s.vars)+j], want, bound); r > 1 {
					t.Errorf("%s: J[%d][%d] at %v: error exceeds bound by factor %.3g", name, i, j, x, r)
				} else {
					worst = max(worst, r)
				}
			}
		}
	}
	return worst
}

type namedSystem struct {
	name string
	sys  System[*ComplexRat]
}

// testSystems returns exact systems used by the evaluator tests, in a
// fixed order so that the seeded points are reproducible.
func testSystems(rng *rand.Rand) []namedSystem {
	toC := func(s System[*big.Rat]) System[*ComplexRat] {
		c, err := ConvertSystem[*ComplexRat](s, 0)
		if err != nil {
			panic(err)
		}
		return c
	}
	c, err := ParseComplex("(1/3+2/7*I)*x^3*y - I*y^5 + 1; x^8 - (2-I)*x*y*z*w + 1/9*w^2; z^4 + y^4 - 3; x*y*z*w - 1/5")
	if err != nil {
		panic(err)
	}
	return []namedSystem{
		{"dense quartics", toC(randomDenseSystem(rng, 2, 4))},
		{"dense octics", toC(randomDenseSystem(rng, 2, 8))},
		{"katsura-4", Katsura[*ComplexRat](4)},
		{"cyclic-5", Cyclic[*ComplexRat](5)},
		{"mixed complex", c},
	}
}

// randomDenseSystem returns n dense polynomials of degree d in n variables
// with random rational coefficients p/q, |p| ≤ 1000, 1 ≤ q ≤ 1000.
func randomDenseSystem(rng *rand.Rand, n, d int) System[*big.Rat] {
	var mons []Monomial
	var rec func(m Monomial, i, left int)
	rec = func(m Monomial, i, left int) {
		if i == n {
			mons = append(mons, append(Monomial(nil), m...))
			return
		}
		for e := 0; e <= left; e++ {
			m[i] = e
			rec(m, i+1, left-e)
		}
	}
	rec(make(Monomial, n), 0, d)
	polys := make([]Poly[*big.Rat], n)
	for k := range polys {
		ts := make([]Term[*big.Rat], len(mons))
		for i, m := range mons {
			ts[i] = Term[*big.Rat]{Coef: big.NewRat(rng.Int64N(2001)-1000, rng.Int64N(1000)+1), Exp: m}
		}
		polys[k], _ = New(n, ts...)
	}
	s, err := NewSystem(numberedNames("x", 1, n), polys...)
	if err != nil {
		panic(err)
	}
	return s
}

// exactEval evaluates a compiled system at x and returns f and the
// Jacobian as the exact values of its results.
type exactEval func(x []complex128) (f, jac []*ComplexRat, err error)

// compiledEvaluator is what the compiled evaluators of every kind have.
type compiledEvaluator[T any] interface {
	Eval(f, jac, x []T) error
	NumEqs() int
	NumVars() int
}

// exactOf returns a compiler of exactEvals for one kind: compile makes
// the evaluator, mk its outputs, conv its point from a complex one.
func exactOf[T Coeff, E compiledEvaluator[T]](compile func(System[*ComplexRat]) (E, error),
	mk func(n int) []T, conv func(x []complex128) []T) func(System[*ComplexRat]) (exactEval, error) {
	return func(s System[*ComplexRat]) (exactEval, error) {
		ev, err := compile(s)
		if err != nil {
			return nil, err
		}
		f, jac := mk(ev.NumEqs()), mk(ev.NumEqs()*ev.NumVars())
		return func(x []complex128) ([]*ComplexRat, []*ComplexRat, error) {
			if err := ev.Eval(f, jac, conv(x)); err != nil {
				return nil, nil, err
			}
			return toExact(f), toExact(jac), nil
		}, nil
	}
}

func zeros[T any](n int) []T { return make([]T, n) }

// realParts returns the real parts of x.
func realParts(x []complex128) []float64 {
	xr := make([]float64, len(x))
	for i := range x {
		xr[i] = real(x[i])
	}
	return xr
}

// realBigs returns the real parts of x as (exact) big.Floats.
func realBigs(x []complex128) []*big.Float {
	xb := make([]*big.Float, len(x))
	for i := range x {
		xb[i] = big.NewFloat(real(x[i]))
	}
	return xb
}

// TestCompiledMatchesExact checks each compiled evaluator against exact
// evaluation of the test systems at random points (real systems and
// points for the real kinds), to the a-priori bound of its unit roundoff u.
func TestCompiledMatchesExact(t *testing.T) {
	bigFloat200 := func(s System[*ComplexRat]) (*BigEvaluator, error) { return s.CompileBigFloat(200) }
	for _, kind := range []struct {
		name    string
		seed    uint64 // the points' generator is PCG(seed, seed+1)
		real    bool
		points  int
		u       float64
		compile func(s System[*ComplexRat]) (exactEval, error)
	}{
		{"complex128", 1, false, 20, 2.2361 * 0x1p-53, // ≥ √5·2^-53
			exactOf(System[*ComplexRat].CompileComplex, zeros[complex128], func(x []complex128) []complex128 { return x })},
		{"float64", 3, true, 20, 0x1p-53, exactOf(System[*ComplexRat].CompileFloat64, zeros[float64], realParts)},
		{"big.Float 200", 5, true, 5, 0x1p-200, exactOf(bigFloat200, newFloats, realBigs)},
	} {
		t.Run(kind.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(kind.seed, kind.seed+1))
			for _, ns := range testSystems(rng) {
				name, s := ns.name, ns.sys
				if kind.real && name == "mixed complex" {
					continue
				}
				eval, err := kind.compile(s)
				if err != nil {
					t.Fatal(err)
				}
				pts := make([][]complex128, kind.points)
				for i := range pts {
					pts[i] = complexPoint(rng, s.NumVars(), kind.real)
				}
				worst := checkAgainstExact(t, name, s, kind.u, pts, func(x []complex128) ([]*ComplexRat, []*ComplexRat) {
					f, jac, err := eval(x)
					if err != nil {
						t.Fatal(err)
					}
					return f, jac
				})
				t.Logf("%s: worst error / a-priori bound = %.3g", name, worst)
			}
		})
	}
}

// TestBigJacobianVsFiniteDifferences checks the compiled Jacobian against
// central differences at 200 bits with h = 2^-67 (where truncation and rounding balance). The difference quotient
// differs from ∂f/∂x_j by at most h²/6·M3 (M3 bounds |∂³f/∂x_j³| on the
// segment) plus 2·E/(2h) (E bounds the evaluation error of f at each end,
// γ_m(2^-200)·Σ|c||x|^e); the test checks exactly that tolerance.
func TestBigJacobianVsFiniteDifferences(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	const prec = 200
	h := new(big.Float).SetPrec(prec).SetMantExp(big.NewFloat(1), -67)
	for _, ns := range testSystems(rng) {
		name, s := ns.name, ns.sys
		if name == "mixed complex" {
			continue
		}
		ev, err := s.CompileBigFloat(prec)
		if err != nil {
			t.Fatal(err)
		}
		n, neq := ev.NumVars(), ev.NumEqs()
		J3 := make([][]Poly[*ComplexRat], neq) // ∂³f_i/∂x_j³
		for i, p := range s.polys {
			for j := range n {
				J3[i] = append(J3[i], p.Diff(j).Diff(j).Diff(j))
			}
		}
		x := complexPoint(rng, n, true)
		xb := make([]*big.Float, n)
		for i := range x {
			xb[i] = new(big.Float).SetPrec(prec).SetFloat64(real(x[i]))
		}
		f, jac := newFloats(neq), newFloats(neq*n)
		if err := ev.Eval(f, jac, xb); err != nil {
			t.Fatal(err)
		}
		fp, fm := newFloats(neq), newFloats(neq)
		worst := 0.0
		for j := range n {
			xp := append([]*big.Float(nil), xb...)
			xm := append([]*big.Float(nil), xb...)
			xp[j] = new(big.Float).SetPrec(prec).Add(xb[j], h)
			xm[j] = new(big.Float).SetPrec(prec).Sub(xb[j], h)
			if err := ev.Eval(fp, nil, xp); err != nil {
				t.Fatal(err)
			}
			if err := ev.Eval(fm, nil, xm); err != nil {
				t.Fatal(err)
			}
			// Bounds use |x_v| + h for every coordinate, which covers the segment.
			xq := make([]*ComplexRat, n)
			for v := range n {
				a, _ := new(big.Float).SetPrec(prec).Add(new(big.Float).Abs(xb[v]), h).Rat(nil)
				xq[v] = NewComplexRat(a, nil)
			}
			for i, p := range s.polys {
				fd := new(big.Float).SetPrec(prec).Sub(fp[i], fm[i])
				fd.Quo(fd, new(big.Float).SetPrec(prec).Mul(h, big.NewFloat(2)))
				diff := new(big.Float).Sub(fd, jac[i*n+j])
				diff.Abs(diff)
				m := max(p.Degree(), 0) + p.NumTerms() + 2
				trunc := new(big.Float).SetPrec(refPrec).Mul(absSum(J3[i][j], xq), new(big.Float).Mul(h, h))
				trunc.Quo(trunc, big.NewFloat(6))
				round := new(big.Float).SetPrec(refPrec).Mul(gamma(m, 0x1p-200), absSum(p, xq))
				round.Quo(round, h)
				tol := new(big.Float).Add(trunc, round)
				if diff.Cmp(tol) > 0 {
					t.Errorf("%s: J[%d][%d]: |FD − J| = %.3g > tolerance %.3g", name, i, j, diff, tol)
				}
				if tol.Sign() > 0 {
					r, _ := new(big.Float).Quo(diff, tol).Float64()
					worst = max(worst, r)
				}
			}
		}
		t.Logf("%s: worst |FD − J| / tolerance = %.3g", name, worst)
	}
}

func TestEvaluatorsDoNotAllocate(t *testing.T) {
	s := Katsura[*big.Rat](5)
	x := []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6}
	ef, _ := s.CompileFloat64()
	f, jac := make([]float64, 6), make([]float64, 36)
	if a := testing.AllocsPerRun(50, func() { _ = ef.Eval(f, jac, x) }); a != 0 {
		t.Errorf("float64 Eval allocates %v times", a)
	}
	ec, _ := s.CompileComplex()
	xc, fc, jc := make([]complex128, 6), make([]complex128, 6), make([]complex128, 36)
	for i := range xc {
		xc[i] = complex(x[i], -x[i])
	}
	if a := testing.AllocsPerRun(50, func() { _ = ec.Eval(fc, jc, xc) }); a != 0 {
		t.Errorf("complex128 Eval allocates %v times", a)
	}
	eb, _ := s.CompileBigFloat(200)
	xb, fb, jb := newFloats(6), newFloats(6), newFloats(36)
	for i := range xb {
		xb[i].SetFloat64(x[i])
	}
	_ = eb.Eval(fb, jb, xb) // first call grows mantissas
	if a := testing.AllocsPerRun(20, func() { _ = eb.Eval(fb, jb, xb) }); a != 0 {
		t.Errorf("big.Float Eval allocates %v times", a)
	}
}

func TestEvaluatorErrors(t *testing.T) {
	s := MustParse("x*y - 1; x + y; x")
	ev, _ := s.CompileFloat64()
	for _, tc := range []struct {
		x, f, jac []float64
		want      string
	}{
		{[]float64{1}, make([]float64, 3), nil, "poly: Eval: len(x) = 1, want 2 variables"},
		{[]float64{1, 2}, make([]float64, 2), nil, "poly: Eval: len(f) = 2, want 3 equations"},
		{[]float64{1, 2}, nil, make([]float64, 5), "poly: Eval: len(jac) = 5, want 3×2 = 6"},
		{[]float64{1, math.NaN()}, nil, nil, "poly: Eval: x[1] = NaN is not finite"},
		{[]float64{math.Inf(-1), 0}, nil, nil, "poly: Eval: x[0] = -Inf is not finite"},
	} {
		if err := ev.Eval(tc.f, tc.jac, tc.x); err == nil || err.Error() != tc.want {
			t.Errorf("got %v, want %s", err, tc.want)
		}
	}
	c, _ := ParseComplex("I*x")
	if _, err := c.CompileFloat64(); err == nil {
		t.Errorf("complex system compiled to float64")
	}
	if _, err := s.CompileBigFloat(0); err == nil {
		t.Errorf("precision 0 accepted")
	}
	eb, _ := s.CompileBigFloat(64)
	if err := eb.Eval([]*big.Float{nil, nil, nil}, nil, newFloats(2)); err == nil {
		t.Errorf("nil output accepted")
	}
	// Values only, and a clone gives the same numbers.
	f1, f2 := make([]float64, 3), make([]float64, 3)
	_ = ev.Eval(f1, nil, []float64{2, 3})
	_ = ev.Clone().Eval(f2, nil, []float64{2, 3})
	if f1[0] != 5 || f1[1] != 5 || f1[2] != 2 || f1 != nil && f2[0] != f1[0] {
		t.Errorf("values %v, clone %v", f1, f2)
	}
}

func newFloats(n int) []*big.Float {
	v := make([]*big.Float, n)
	for i := range v {
		v[i] = new(big.Float)
	}
	return v
}

func toExact[T Coeff](v []T) []*ComplexRat {
	out := make([]*ComplexRat, len(v))
	for i := range v {
		var err error
		if out[i], err = ConvertValue[*ComplexRat](v[i], 0); err != nil {
			panic(err)
		}
	}
	return out
}
