package homotopy

import (
	"errors"
	"fmt"
	"math"
	"math/cmplx"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/poly"
)

// denseSystem returns a system of len(degrees) equations in as many
// unknowns, equation i dense of total degree degrees[i] with independent
// complex Gaussian coefficients (seeded). Such a system is generic: it has
// exactly d₁⋯dₙ isolated nonsingular solutions and none at infinity.
func denseSystem(t testing.TB, degrees []int, seed uint64) poly.System[complex128] {
	t.Helper()
	n := len(degrees)
	rng := rand.New(rand.NewPCG(seed, 7))
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("x%d", i+1)
	}
	var eqs []poly.Poly[complex128]
	for _, d := range degrees {
		var terms []poly.Term[complex128]
		for _, m := range monomials(n, d) {
			c := complex(rng.NormFloat64(), rng.NormFloat64())
			terms = append(terms, poly.Term[complex128]{Coef: c, Exp: m})
		}
		p, err := poly.New(n, terms...)
		require.NoError(t, err)
		eqs = append(eqs, p)
	}
	s, err := poly.NewSystem(names, eqs...)
	require.NoError(t, err)
	return s
}

// monomials lists the exponent vectors of total degree ≤ d in n variables.
func monomials(n, d int) []poly.Monomial {
	if n == 0 {
		return []poly.Monomial{{}}
	}
	var out []poly.Monomial
	for e := 0; e <= d; e++ {
		for _, rest := range monomials(n-1, d-e) {
			out = append(out, append(poly.Monomial{e}, rest...))
		}
	}
	return out
}

// relResidual evaluates max_i |f_i(x)| / max(Σ_terms |c|·|x^α|, max|c|):
// the residual relative to the size of the terms (a backward error: the
// relative change of the coefficients that makes x exact), floored by the
// coefficient size at points where every term of an equation vanishes.
func relResidual[K poly.Coeff](t testing.TB, s poly.System[K], x []complex128) float64 {
	t.Helper()
	cs, err := poly.ConvertSystem[complex128](s, 0)
	require.NoError(t, err)
	worst := 0.0
	for i := range cs.NumEqs() {
		p := cs.Poly(i)
		var v complex128
		mag, cmax := 0.0, 0.0
		for k := range p.NumTerms() {
			tm := p.Term(k)
			m := tm.Coef
			cmax = max(cmax, cmplx.Abs(m))
			for j, e := range tm.Exp {
				for range e {
					m *= x[j]
				}
			}
			v += m
			mag += cmplx.Abs(m)
		}
		worst = max(worst, cmplx.Abs(v)/max(mag, cmax))
	}
	return worst
}

func TestRandomDense(t *testing.T) {
	for _, degrees := range [][]int{{2, 3}, {4, 4}, {2, 3, 4}, {3, 3, 3, 3}} {
		t.Run(fmt.Sprint(degrees), func(t *testing.T) {
			s := denseSystem(t, degrees, 42)
			res, err := SolvePoly(s, &Options{Seed: 3})
			require.NoError(t, err)
			bez := 1
			for _, d := range degrees {
				bez *= d
			}
			c := res.Counts()
			assert.Equal(t, bez, c.Paths)
			assert.Equal(t, bez, c.Nonsingular, "%v", c)
			assert.Equal(t, 0, c.AtInfinity)
			assert.Equal(t, 0, c.Failed)
			for _, sol := range res.Solutions {
				// A nonsingular solution refined by Newton's method has a
				// relative residual at roundoff level, times the condition.
				assert.Less(t, relResidual(t, s, sol.X), 1e-13*max(1, sol.Cond))
				assert.Equal(t, 1, sol.Multiplicity)
			}
			// Distinct: the solutions are pairwise far apart compared with
			// their accuracy.
			for i := range res.Solutions {
				for j := range i {
					assert.Greater(t, distInf(res.Solutions[i].X, res.Solutions[j].X), 1e-6)
				}
			}
		})
	}
}

// TestKnownCounts checks solution counts that are mathematical facts.
func TestKnownCounts(t *testing.T) {
	type want struct{ nonsingular, real, singularMin int }
	for _, tc := range []struct {
		name string
		sys  poly.System[*poly.ComplexRat]
		want want
	}{
		// katsura-n has 2^n solutions, all nonsingular.
		{"katsura3", poly.Katsura[*poly.ComplexRat](3), want{8, -1, 0}},
		{"katsura4", poly.Katsura[*poly.ComplexRat](4), want{16, -1, 0}},
		// cyclic-5: 70 isolated nonsingular solutions, 10 of them real.
		{"cyclic5", poly.Cyclic[*poly.ComplexRat](5), want{70, 10, 0}},
		// x^5 − 1: the five fifth roots of unity, one real.
		{"x5", mustParseC(t, "x^5 - 1"), want{5, 1, 0}},
		// (x−2)^2 (x+1): a double root at 2 and a simple one at −1.
		{"double", mustParseC(t, "x^3 - 3*x^2 + 4"), want{1, 1, 1}},
		// (x−1)^2 (x+2): the same, but the start system x^3 − 1 shares the
		// root 1, so one path stays at x = 1 and another reaches it with
		// winding number 1; still one singular solution of multiplicity 2.
		{"double-degenerate", mustParseC(t, "x^3 - 3*x + 2"), want{1, 1, 1}},
		// The circle and the line through its centre: two real points.
		{"circle-line", mustParseC(t, "x^2 + y^2 - 1; x - y"), want{2, 2, 0}},
		// Four of the six paths of griewank_osborne (a triple root at 0)
		// converge to it; it must never count as nonsingular.
		{"triple", mustParseC(t, "29/16*x^3 - 2*x*y; x^2 - y"), want{0, 0, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := SolvePoly(tc.sys, &Options{Seed: 11})
			require.NoError(t, err)
			c := res.Counts()
			assert.Equal(t, tc.want.nonsingular, c.Nonsingular, "%v", c)
			if tc.want.real >= 0 {
				assert.Equal(t, tc.want.real, c.Real, "%v", c)
			}
			assert.GreaterOrEqual(t, c.Singular, tc.want.singularMin, "%v", c)
			assert.Equal(t, 0, c.Failed, "%v", c)
		})
	}
}

func mustParseC(t testing.TB, text string) poly.System[*poly.ComplexRat] {
	t.Helper()
	s, err := poly.ParseComplex(text)
	require.NoError(t, err)
	return s
}

// TestMultiplicity: the double root of (x−2)²(x+1) is reached by two
// paths forming one cycle (winding number 2) and reported once, singular,
// with multiplicity 2; the Cauchy endgame computes it from well-conditioned
// points on circles around t = 0, so its error stays far below √ε.
func TestMultiplicity(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		res, err := SolvePoly(mustParseC(t, "x^3 - 3*x^2 + 4"), &Options{Seed: seed})
		require.NoError(t, err)
		sing := res.Singular()
		require.Len(t, sing, 1)
		assert.Equal(t, 2, sing[0].Multiplicity)
		assert.Equal(t, 2, sing[0].Winding)
		assert.InDelta(t, 2, real(sing[0].X[0]), 1e-9)
		assert.InDelta(t, 0, imag(sing[0].X[0]), 1e-9)
		ns := res.Nonsingular()
		require.Len(t, ns, 1)
		// The simple root −1 after Newton refinement: exact to roundoff.
		assert.InDelta(t, -1, real(ns[0].X[0]), 1e-15)
		assert.InDelta(t, 0, imag(ns[0].X[0]), 1e-15)
	}
}

// TestCandidates: the candidate points are the solutions' values
// exactly, singular ones included, in order.
func TestCandidates(t *testing.T) {
	res, err := SolvePoly(mustParseC(t, "x^3 - 3*x^2 + 4"), &Options{Seed: 1})
	require.NoError(t, err)
	pts := res.Candidates()
	require.Len(t, pts, len(res.Solutions))
	for i, s := range res.Solutions {
		re, _ := pts[i].Re[0].Float64()
		im, _ := pts[i].Im[0].Float64()
		assert.Equal(t, s.X[0], complex(re, im), "solution %d", i)
		assert.Equal(t, uint(53), pts[i].Re[0].Prec(), "solution %d", i)
	}
}

// TestPositiveDimensional: cyclic-4 has only positive-dimensional
// solution components, x − y = 0 twice a line, x·y = 0 twice the union of
// the axes: no path may end at a "nonsingular solution".
func TestPositiveDimensional(t *testing.T) {
	for _, tc := range []struct {
		name string
		sys  poly.System[*poly.ComplexRat]
	}{
		{"cyclic4", poly.Cyclic[*poly.ComplexRat](4)},
		{"line-twice", mustParseC(t, "x - y; 2*x - 2*y")},
		{"axes-twice", mustParseC(t, "x*y; x*y")},
		{"plane-in-3d", mustParseC(t, "x + y + z - 1; x + y + z - 1; x*y*z - 2")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := SolvePoly(tc.sys, &Options{Seed: 2})
			require.NoError(t, err)
			c := res.Counts()
			assert.Equal(t, 0, c.Nonsingular, "%v", c)
			for _, p := range res.Paths {
				if p.Status == PathFinite {
					assert.True(t, p.Singular)
				}
			}
		})
	}
}

func TestBadInput(t *testing.T) {
	notSquare := mustParseC(t, "x + y - 1")
	_, err := SolvePoly(notSquare, nil)
	assert.ErrorIs(t, err, ErrBadSystem)
	assert.ErrorIs(t, err, poly.ErrNotSquare)

	zero, err := poly.NewSystem([]string{"x", "y"}, poly.Zero[complex128](2), poly.Var[complex128](2, 0))
	require.NoError(t, err)
	_, err = SolvePoly(zero, nil)
	assert.ErrorIs(t, err, ErrBadSystem)
	assert.ErrorContains(t, err, "equation 0")

	empty, err := poly.NewSystem[complex128](nil)
	require.NoError(t, err)
	_, err = SolvePoly(empty, nil)
	assert.ErrorIs(t, err, ErrBadSystem)

	nan, err := poly.NewSystem([]string{"x"}, poly.Const(1, complex(math.NaN(), 0)).Add(poly.Var[complex128](1, 0)))
	require.NoError(t, err)
	_, err = SolvePoly(nan, nil)
	assert.ErrorIs(t, err, ErrBadSystem)

	// A variable that is not in the declared order is the parser's error.
	_, err = poly.ParseOptions{Vars: []string{"x", "y"}}.ParseComplex("x + z; y")
	assert.Error(t, err)

	// A nonzero constant equation: no solutions, no paths.
	constant, err := poly.ParseOptions{Vars: []string{"x", "y"}}.ParseComplex("x - y; 3")
	require.NoError(t, err)
	res, err := SolvePoly(constant, nil)
	require.NoError(t, err)
	assert.Empty(t, res.Paths)
	assert.Empty(t, res.Solutions)

	// Too many paths.
	_, err = SolvePoly(poly.Cyclic[*poly.ComplexRat](6), &Options{MaxPaths: 100})
	assert.Error(t, err)

	var s System
	_, err = Solve(s, nil)
	assert.True(t, errors.Is(err, ErrBadSystem))
}

// TestDeterminism: the same seed gives bit-identical results for any
// number of worker goroutines and any GOMAXPROCS.
func TestDeterminism(t *testing.T) {
	s := poly.Katsura[*poly.ComplexRat](4)
	run := func(procs, workers int) *Result {
		old := runtime.GOMAXPROCS(procs)
		defer runtime.GOMAXPROCS(old)
		res, err := SolvePoly(s, &Options{Seed: 9, Workers: workers})
		require.NoError(t, err)
		return res
	}
	a := run(1, 0)
	b := run(2, 0)
	c := run(2, 5)
	for _, r := range []*Result{b, c} {
		require.Equal(t, len(a.Paths), len(r.Paths))
		for i := range a.Paths {
			assert.Equal(t, a.Paths[i], r.Paths[i], "path %d", i)
		}
		assert.Equal(t, a.Solutions, r.Solutions)
	}
	// A different seed gives a different γ but the same solution set.
	d, err := SolvePoly(s, &Options{Seed: 10})
	require.NoError(t, err)
	assert.NotEqual(t, a.Gamma, d.Gamma)
	assert.Equal(t, a.Counts(), d.Counts())
}
