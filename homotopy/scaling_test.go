package homotopy

import (
	"fmt"
	"math"
	"math/big"
	"math/cmplx"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/hypersteiner/hypersteiner/poly"
)

// wantRoot is an exact root, given as complex128 from a closed form
// evaluated in big.Float.
type wantRoot []complex128

// matchRoots requires a bijection between the nonsingular solutions of
// res and want with every coordinate within relTol of the wanted one,
// relative to that coordinate's modulus (so that a root of size 1e-6 next
// to one of size 1e6 is held to its own scale).
func matchRoots(t *testing.T, res *Result, want []wantRoot, relTol float64) {
	t.Helper()
	got := res.Nonsingular()
	require.Len(t, got, len(want), "%v", res.Counts())
	used := make([]bool, len(got))
	for _, w := range want {
		found := false
		for k, s := range got {
			if used[k] {
				continue
			}
			ok := true
			for j, v := range w {
				if cmplx.Abs(s.X[j]-v) > relTol*cmplx.Abs(v) {
					ok = false
				}
			}
			if ok {
				used[k], found = true, true
				break
			}
		}
		require.True(t, found, "root %v not found among %v", w, got)
	}
}

// bigSqrt returns √v rounded to float64 (v ≥ 0 given exactly).
func bigSqrt(v *big.Float) float64 {
	r, _ := new(big.Float).SetPrec(200).Sqrt(v).Float64()
	return r
}

// The badly scaled systems of issue 18, with their exact roots. Before
// variable scaling every finite root of the first four was reported at
// infinity or lost.
func TestBadlyScaled(t *testing.T) {
	// 10¹²x² + y² = 10¹², xy = 250000: y⁴ − 10¹²y² + 6.25·10²² = 0, so
	// y² = (10¹² ± √(10²⁴ − 2.5·10²³))/2 and x = 250000/y.
	var ys []float64
	for _, sign := range []float64{1, -1} {
		d := new(big.Float).SetPrec(200).SetFloat64(7.5e23)
		d.Sqrt(d).Mul(d, big.NewFloat(sign))
		d.Add(d, big.NewFloat(1e12)).Quo(d, big.NewFloat(2))
		y := bigSqrt(d)
		ys = append(ys, y, -y)
	}
	var scaled []wantRoot
	for _, y := range ys {
		scaled = append(scaled, wantRoot{complex(250000/y, 0), complex(y, 0)})
	}
	roots := func(d int, r float64) []wantRoot { // x^d = r^d
		var out []wantRoot
		for k := range d {
			out = append(out, wantRoot{cmplx.Rect(r, 2*math.Pi*float64(k)/float64(d))})
		}
		return out
	}
	for _, tc := range []struct {
		name, sys string
		want      []wantRoot
		real      int
	}{
		{"ellipse-hyperbola", "vars: x, y\n1000000000000*x^2 + y^2 - 1000000000000;\nx*y - 250000", scaled, 4},
		{"x^4 = 1e12", "x^4 - 1e12", roots(4, 1000), 2},
		{"x^10 = 1e20", "x^10 - 1e20", roots(10, 100), 2},
		{"x^20 = 1e-20", "x^20 - 1e-20", roots(20, 0.1), 2},
		// Roots beyond 2^±600 apart, at the ends of float64's range: the
		// variable scaling reaches them (it stopped at 2^±600, and these
		// roots were reported at infinity, no finite solution).
		{"x = 1, y = 1e300", "x - 1; y - 1e300", []wantRoot{{1, 1e300}}, 1},
		{"x = 1e-320, y = 1e300", "x - 1e-320; y - 1e300", []wantRoot{{1e-320, 1e300}}, 1},
		{"x = 1e308, y = 1", "x - 1e308; y - 1", []wantRoot{{1e308, 1}}, 1},
		{"xy = 1e300, x = y", "x*y - 1e300; x - y", []wantRoot{{1e150, 1e150}, {-1e150, -1e150}}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := poly.ParseComplex(tc.sys)
			require.NoError(t, err)
			for seed := uint64(1); seed <= 3; seed++ {
				res, err := SolvePoly(s, &Options{Seed: seed})
				require.NoError(t, err)
				c := res.Counts()
				assert.Equal(t, len(tc.want), c.Nonsingular, "seed %d: %v", seed, c)
				assert.Equal(t, tc.real, c.Real, "seed %d: %v", seed, c)
				assert.Zero(t, c.AtInfinity+c.Failed, "seed %d: %v", seed, c)
				matchRoots(t, res, tc.want, 1e-13)
			}
		})
	}
}

// x² − 10¹⁰⁰·x + 1 has the roots 10¹⁰⁰ and (to 200 digits) 10⁻¹⁰⁰. The
// small one is refined coordinate by coordinate, to full relative
// accuracy (it used to be reported as 1.086e-28 with a residual of 1e72);
// the large one is beyond float64's reach in projective coordinates next
// to it, and its path says so: at infinity, decided by the end point.
func TestTinyRootRelativeAccuracy(t *testing.T) {
	s, err := poly.ParseComplex("x^2 - 1e100*x + 1")
	require.NoError(t, err)
	for seed := uint64(1); seed <= 4; seed++ {
		res, err := SolvePoly(s, &Options{Seed: seed})
		require.NoError(t, err)
		require.Len(t, res.Solutions, 1)
		sol := res.Solutions[0]
		assert.False(t, sol.Singular)
		assert.True(t, sol.Real)
		assert.InEpsilon(t, 1e-100, real(sol.X[0]), 4e-16)
		assert.Less(t, sol.Residual, 1e-15)
		for _, p := range res.Paths {
			if p.Status == PathAtInfinity {
				assert.Equal(t, InfinityByEndPoint, p.Infinity)
			}
		}
	}
}

// VariableScaling recovers the scale of the roots: a system in u, v with
// coefficients near 1, written in x = 2^a·u, y = 2^b·v, gets exponents
// (a, b) back (up to the rounding of the least-squares optimum, which for
// these dense systems is exact); cyclic-n, whose coefficients are all 1,
// keeps k = 0.
func TestVariableScaling(t *testing.T) {
	assert.Equal(t, []int{0, 0, 0, 0, 0}, VariableScaling(poly.Cyclic[*big.Rat](5)))
	for _, k := range [][2]int{{20, -20}, {-40, 3}, {0, 60}} {
		g := poly.MustParse("u^2 + 2*u*v - 3*v^2 + u - v - 1; 3*u^2 - u*v + v^2 + 2*u + v - 2")
		// u = x/2^a, v = y/2^b.
		sub := []poly.Poly[*big.Rat]{
			poly.Var[*big.Rat](2, 0).Scale(new(big.Rat).SetFloat64(math.Ldexp(1, -k[0]))),
			poly.Var[*big.Rat](2, 1).Scale(new(big.Rat).SetFloat64(math.Ldexp(1, -k[1]))),
		}
		polys := make([]poly.Poly[*big.Rat], 2)
		for i := range polys {
			p := g.Poly(i)
			for j := range sub {
				p = p.Subst(j, sub[j])
			}
			polys[i] = p
		}
		s, err := poly.NewSystem([]string{"x", "y"}, polys...)
		require.NoError(t, err)
		assert.Equal(t, []int{k[0], k[1]}, VariableScaling(s), "scales %v", k)
	}
}

// Property: a system built from two quadratics with known roots, then
// stretched to x = 10⁶·u, y = 10⁻⁶·v, has coefficients spanning about
// 10±12 and roots of sizes 10⁶ and 10⁻⁶. SolvePoly finds all four roots,
// each coordinate to relative accuracy 1e-9, and counts the real ones
// right.
//
//	G₁ = (u − a)(u − b),   G₂ = (v − c)(v − d) + k·(u − a)·v.
//
// At u = a the roots are v = c, d; at u = b, v² − (c + d − k(b − a))v + cd
// = 0, solved by the quadratic formula.
func TestPropertyStretchedRoots(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		draw := func(label string) int { return rapid.IntRange(-9, 9).Draw(t, label) }
		a, b, c, d, k := draw("a"), draw("b"), draw("c"), draw("d"), draw("k")
		if a == b || c == d || c == 0 || d == 0 {
			t.Skip("coinciding roots or a zero coordinate")
		}
		sum := float64(c + d - k*(b-a))
		disc := sum*sum - 4*float64(c*d)
		if math.Abs(disc) < 0.5 {
			t.Skip("double root in v")
		}
		var v1, v2 complex128
		if disc > 0 {
			r := math.Sqrt(disc)
			v1, v2 = complex((sum+r)/2, 0), complex((sum-r)/2, 0)
		} else {
			r := math.Sqrt(-disc)
			v1, v2 = complex(sum/2, r/2), complex(sum/2, -r/2)
		}
		const su, sv = 1e6, 1e-6
		text := fmt.Sprintf("vars: x, y\n(x/%g - %d)*(x/%g - %d); (y/%g - %d)*(y/%g - %d) + %d*(x/%g - %d)*y/%g",
			su, a, su, b, sv, c, sv, d, k, su, a, sv)
		s, err := poly.ParseComplex(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		res, err := SolvePoly(s, &Options{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		want := [][2]complex128{
			{complex(su*float64(a), 0), complex(sv*float64(c), 0)},
			{complex(su*float64(a), 0), complex(sv*float64(d), 0)},
			{complex(su*float64(b), 0), sv * v1},
			{complex(su*float64(b), 0), sv * v2},
		}
		got := res.Nonsingular()
		if len(got) != 4 {
			t.Fatalf("%s: %v", text, res.Counts())
		}
		nreal := 2
		if disc > 0 {
			nreal = 4
		}
		if c := res.Counts(); c.Real != nreal {
			t.Fatalf("%s: %v, want %d real", text, c, nreal)
		}
		scale := [2]float64{su, sv} // the accuracy of a zero coordinate
		for _, w := range want {
			if !slices.ContainsFunc(got, func(s Solution) bool {
				for j, v := range w {
					if cmplx.Abs(s.X[j]-v) > 1e-9*max(cmplx.Abs(v), 1e-6*scale[j]) {
						return false
					}
				}
				return true
			}) {
				t.Fatalf("%s: root %v not found in %v", text, w, got)
			}
		}
	})
}
