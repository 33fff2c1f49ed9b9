package certify_test

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/homotopy"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/isoptic"
	"github.com/hypersteiner/hypersteiner/poly"
)

// solveAndCertify solves s by the total-degree homotopy and certifies
// every solution it reports (singular ones included: they must fail).
func solveAndCertify[K poly.Coeff](t *testing.T, s poly.System[K], seed uint64) (*homotopy.Result, *certify.SetCert) {
	t.Helper()
	res, err := homotopy.SolvePoly(s, &homotopy.Options{Seed: seed})
	require.NoError(t, err)
	cs, err := certify.NewComplexPolySystem(s)
	require.NoError(t, err)
	set, err := certify.CertifySolutions(cs, res.Candidates(), certify.SetOptions{MaxPrec: 256})
	require.NoError(t, err)
	return res, set
}

// denseRat returns a system of two dense equations of the given degrees
// in x, y with integer coefficients in [−5, 5] (seeded) and the monomials
// x^d, y^d present, so that its leading coefficients in y are constants.
func denseRat(rng *rand.Rand, d1, d2 int) poly.System[*big.Rat] {
	eq := func(d int) poly.Poly[*big.Rat] {
		var ts []poly.Term[*big.Rat]
		for a := 0; a <= d; a++ {
			for b := 0; a+b <= d; b++ {
				c := int64(rng.IntN(11)) - 5
				if (a == d || b == d) && c == 0 {
					c = 1
				}
				ts = append(ts, poly.Term[*big.Rat]{Coef: big.NewRat(c, 1), Exp: poly.Monomial{a, b}})
			}
		}
		p, _ := poly.New(2, ts...)
		return p
	}
	s, _ := poly.NewSystem([]string{"x", "y"}, eq(d1), eq(d2))
	return s
}

// stretch substitutes x ↦ x/sx and y ↦ y/sy exactly: the roots scale by
// (sx, sy) and the coefficients spread over many orders of magnitude.
func stretch(s poly.System[*big.Rat], sx, sy *big.Rat) poly.System[*big.Rat] {
	sub := []poly.Poly[*big.Rat]{
		poly.Var[*big.Rat](2, 0).Scale(new(big.Rat).Inv(sx)),
		poly.Var[*big.Rat](2, 1).Scale(new(big.Rat).Inv(sy)),
	}
	polys := s.Polys()
	for i := range polys {
		for j := range sub {
			polys[i] = polys[i].Subst(j, sub[j])
		}
	}
	out, _ := poly.NewSystem(s.Vars(), polys...)
	return out
}

// The certified counts equal the exact ones from resultants computed in
// big.Rat: certified and certified_distinct the number of distinct
// solutions, certified_real the number of real ones — for random dense
// systems of degrees up to 4 (all solutions nonsingular), and for the
// same systems stretched to roots of size 10⁶ and 10⁻⁶ (coefficients
// spanning up to 10⁴⁸).
func TestCertifyAgainstResultants(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 2026))
	million := big.NewRat(1000000, 1)
	micro := big.NewRat(1, 1000000)
	for _, deg := range [][2]int{{2, 2}, {2, 3}, {3, 3}, {2, 4}, {3, 4}, {4, 4}} {
		for k := range 3 {
			base := denseRat(rng, deg[0], deg[1])
			distinct, nreal := exactCounts(base)
			for _, st := range []struct {
				name string
				sys  poly.System[*big.Rat]
			}{{"plain", base}, {"stretched", stretch(base, million, micro)}} {
				t.Run(fmt.Sprintf("%v/%d/%s", deg, k, st.name), func(t *testing.T) {
					res, set := solveAndCertify(t, st.sys, 1)
					assert.Equal(t, distinct, set.Certified, "%v", res.Counts())
					assert.Equal(t, distinct, set.CertifiedDistinct)
					assert.Equal(t, nreal, set.CertifiedReal)
					for i, c := range set.Solutions {
						if c.Certified {
							assert.NotEqual(t, certify.RealUndecided, c.Real, "solution %d: realness undecided", i)
						}
					}
				})
			}
		}
	}
}

// Circle and line: the certificates hold the exact roots ±(3/5, 4/5)
// within their radii, prove them real and distinct, and a repeated
// candidate is recognised as the same root.
func TestCertifyCircleLine(t *testing.T) {
	s := poly.MustParse("x^2 + y^2 - 1; x - 3/4*y")
	cs, err := certify.NewComplexPolySystem(s)
	require.NoError(t, err)
	pts := []certify.ComplexPoint{
		certify.PointOf([]complex128{0.6, 0.8}),
		certify.PointOf([]complex128{-0.6000000000000001, -0.8}),
		certify.PointOf([]complex128{0.6 + 1e-13i, 0.8}),
	}
	set, err := certify.CertifySolutions(cs, pts, certify.SetOptions{})
	require.NoError(t, err)
	assert.Equal(t, 3, set.Certified)
	assert.Equal(t, 2, set.CertifiedDistinct)
	assert.Equal(t, 2, set.CertifiedReal)
	assert.Equal(t, 0, set.Solutions[2].DuplicateOf)
	exact := [][2]*big.Rat{{big.NewRat(3, 5), big.NewRat(4, 5)}, {big.NewRat(-3, 5), big.NewRat(-4, 5)}, {big.NewRat(3, 5), big.NewRat(4, 5)}}
	for i, c := range set.Solutions {
		require.True(t, c.Certified)
		assert.Equal(t, certify.RealProved, c.Real)
		assert.Less(t, c.Radius, 1e-12)
		for j := range 2 {
			// |exact − candidate| ≤ radius, exactly.
			pr, _ := pts[i].Re[j].Rat(nil)
			pi, _ := pts[i].Im[j].Rat(nil)
			dr := new(big.Rat).Sub(exact[i][j], pr)
			d2 := new(big.Rat).Add(new(big.Rat).Mul(dr, dr), new(big.Rat).Mul(pi, pi))
			r := new(big.Rat).SetFloat64(c.Radius)
			assert.LessOrEqual(t, d2.Cmp(new(big.Rat).Mul(r, r)), 0, "solution %d coordinate %d", i, j)
		}
	}
}

// Non-real roots are proved non-real, and candidates that are no simple
// root say why.
func TestCertifyFailures(t *testing.T) {
	cs, err := certify.NewComplexPolySystem(poly.MustParse("x^2 + 1"))
	require.NoError(t, err)
	set, err := certify.CertifySolutions(cs, []certify.ComplexPoint{
		certify.PointOf([]complex128{1i}), certify.PointOf([]complex128{-1i}), certify.PointOf([]complex128{0}),
	}, certify.SetOptions{})
	require.NoError(t, err)
	assert.Equal(t, 2, set.Certified)
	assert.Equal(t, 0, set.CertifiedReal)
	assert.Equal(t, certify.NonRealProved, set.Solutions[0].Real)
	assert.Equal(t, certify.NonRealProved, set.Solutions[1].Real)
	assert.False(t, set.Solutions[2].Certified)
	assert.Equal(t, certify.ReasonSingular, set.Solutions[2].Reason, "J(0) = 0")
	assert.True(t, math.IsInf(set.Solutions[2].Radius, 1))

	// A double root cannot be proved by Krawczyk's method.
	cs, err = certify.NewComplexPolySystem(poly.MustParse("x^2 - 2*x + 1"))
	require.NoError(t, err)
	set, err = certify.CertifySolutions(cs, []certify.ComplexPoint{certify.PointOf([]complex128{1.0000001})}, certify.SetOptions{MaxPrec: 256})
	require.NoError(t, err)
	assert.False(t, set.Solutions[0].Certified)
	assert.Equal(t, certify.ReasonUndecided, set.Solutions[0].Reason)
	assert.Zero(t, set.Certified)

	_, err = certify.CertifySolutions(cs, []certify.ComplexPoint{certify.PointOf([]complex128{1, 2})}, certify.SetOptions{})
	assert.ErrorIs(t, err, certify.ErrInvalid)
}

// Clusters of distinct roots 1e-6 apart (condition numbers near 1e6) are
// certified distinct: real ones in one variable and in two, found by the
// homotopy. (The homotopy does not resolve every such cluster: see
// docs/solve.md; TestCertifyClusterCandidates certifies a complex cluster
// from its exact roots.)
func TestCertifyClusters(t *testing.T) {
	for _, tc := range []struct {
		sys            string
		distinct, real int
	}{
		{"(x - 1)*(x - 1 - 1/1000000)*(x + 2)", 3, 3},
		{"(x - 1/3)*(x - 1/3 - 1/1000000)*(x + 2/3)*(x^2 + 1)", 5, 3},
		{"(x - 1)*(x - 1 - 1/1000000)*(x^2 + x + 1); y - x^2", 4, 2},
	} {
		t.Run(tc.sys, func(t *testing.T) {
			s, err := poly.ParseComplex(tc.sys)
			require.NoError(t, err)
			_, set := solveAndCertify(t, s, 1)
			assert.Equal(t, tc.distinct, set.Certified)
			assert.Equal(t, tc.distinct, set.CertifiedDistinct)
			assert.Equal(t, tc.real, set.CertifiedReal)
		})
	}
}

// The roots ±i and ±i·√(1 + 10⁻⁶) of (x² + 1)(x² + 1 + 10⁻⁶), with
// y = 1/x: two complex clusters of width 5·10⁻⁷, given to the certifier
// as their float64 roundings, are four certified, distinct, non-real
// roots; the same candidates perturbed by 10⁻⁹ too.
func TestCertifyClusterCandidates(t *testing.T) {
	s, err := poly.ParseComplex("(x^2 + 1)*(x^2 + 1 + 1/1000000); x*y - 1")
	require.NoError(t, err)
	cs, err := certify.NewComplexPolySystem(s)
	require.NoError(t, err)
	for _, shift := range []complex128{0, 1e-9 + 1e-9i} {
		var pts []certify.ComplexPoint
		for _, v := range []float64{1, math.Sqrt(1 + 1e-6)} {
			for _, sign := range []float64{1, -1} {
				x := complex(0, sign*v)
				pts = append(pts, certify.PointOf([]complex128{x + shift, 1/x + shift}))
			}
		}
		set, err := certify.CertifySolutions(cs, pts, certify.SetOptions{})
		require.NoError(t, err)
		assert.Equal(t, 4, set.Certified)
		assert.Equal(t, 4, set.CertifiedDistinct)
		assert.Equal(t, 0, set.CertifiedReal)
		for _, c := range set.Solutions {
			assert.Equal(t, certify.NonRealProved, c.Real)
			assert.Less(t, c.Radius, 1e-7, "the radius must resolve a cluster of width 5e-7")
		}
	}
}

// The Fermat ψ systems of random triangles (vertices on the grid of
// spacing 1/16, which keeps the exact resultant small): six nonsingular
// solutions,
// all certified and distinct, and as many certified real as the exact
// count: the distinct real roots of the resultant, less the shared
// terminal y, a real singular solution (the other singular solutions are
// the two non-real points where the absolute meets the polar of y).
func TestCertifyFermatPsi(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 120))
	for k := range 6 {
		var pts [3]hyperbolic.Point
		for i := range pts {
			for {
				p := hyperbolic.Point{X: float64(rng.IntN(29)-14) / 16, Y: float64(rng.IntN(29)-14) / 16}
				if p.X*p.X+p.Y*p.Y < 0.8 && (i == 0 || p != pts[i-1]) && (i < 2 || p != pts[0]) {
					pts[i] = p
					break
				}
			}
		}
		f, err := isoptic.NewFermat3(pts[0], pts[1], pts[2], isoptic.Cos120)
		require.NoError(t, err)
		s, err := f.PsiSystem()
		require.NoError(t, err)
		t.Run(fmt.Sprint(k), func(t *testing.T) {
			distinct, nreal := exactCounts(s)
			yx := new(big.Rat).SetFloat64(pts[1].X)
			require.Zero(t, resultantX(s).eval(yx).Sign(), "the shared terminal y solves the system")
			res, set := solveAndCertify(t, s, 1)
			assert.Equal(t, 6, res.Counts().Nonsingular)
			assert.Equal(t, 6, set.Certified)
			assert.Equal(t, 6, set.CertifiedDistinct)
			assert.Equal(t, distinct-3, set.CertifiedDistinct, "exact: 6 nonsingular + y + 2 complex singular points")
			assert.Equal(t, nreal-1, set.CertifiedReal)
		})
	}
}

// With Alpha the α-test runs beside Krawczyk's: both certify the roots of
// katsura-3's solutions from the homotopy, and both fail at a point that
// is no approximate solution.
func TestCertifyAlpha(t *testing.T) {
	s := poly.Katsura[*big.Rat](3)
	res, err := homotopy.SolvePoly(s, &homotopy.Options{Seed: 1})
	require.NoError(t, err)
	cs, err := certify.NewComplexPolySystem(s)
	require.NoError(t, err)
	pts := append(res.Candidates(), certify.PointOf([]complex128{0.3, 0.3, 0.3, 0.3}))
	set, err := certify.CertifySolutions(cs, pts, certify.SetOptions{Alpha: true})
	require.NoError(t, err)
	require.Equal(t, len(res.Solutions), set.Certified)
	for i, c := range set.Solutions {
		require.NotNil(t, c.Alpha)
		want := i < len(res.Solutions)
		assert.Equal(t, want, c.Certified, "candidate %d", i)
		assert.Equal(t, want, c.Alpha.Certified, "candidate %d", i)
	}
}
