package main

import (
	"encoding/json"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The badly scaled system of issue 18: four finite real solutions with
// |y| between 2.6e5 and 9.7e5, all certified real and distinct, each
// within its radius of the exact root (y² = (10¹² ± √(7.5·10²³))/2,
// x = 250000/y, compared in big.Float).
func TestSolveCertifyBadlyScaled(t *testing.T) {
	r, errOut := solveOK(t, "", "--certify", "vars: x, y\n1000000000000*x^2 + y^2 - 1000000000000;\nx*y - 250000;\n")
	assert.Empty(t, errOut)
	assert.Equal(t, 4, r.Finite)
	assert.Equal(t, 4, r.Real)
	assert.Zero(t, r.AtInfinity)
	assert.Empty(t, r.Infinity)
	require.NotNil(t, r.Certified)
	assert.Equal(t, 4, *r.Certified)
	assert.Equal(t, 4, *r.CertifiedReal)
	assert.Equal(t, 4, *r.CertifiedDistinct)
	var ys []*big.Float
	for _, sign := range []int64{1, -1} {
		d := new(big.Float).SetPrec(300).SetFloat64(7.5e23)
		d.Sqrt(d).Mul(d, new(big.Float).SetInt64(sign))
		d.Add(d, big.NewFloat(1e12)).Quo(d, big.NewFloat(2)).Sqrt(d)
		ys = append(ys, d, new(big.Float).Neg(d))
	}
	for k, s := range r.Solutions {
		require.NotNil(t, s.CertifiedFlag)
		assert.True(t, *s.CertifiedFlag)
		assert.Equal(t, "real", *s.Realness)
		require.NotNil(t, s.Radius)
		y := floatValue(t, s.Values["y"][0])
		x := floatValue(t, s.Values["x"][0])
		assert.Greater(t, math.Abs(y), 2.5e5)
		assert.Less(t, math.Abs(y), 9.8e5)
		found := false
		for _, wy := range ys {
			wx := new(big.Float).SetPrec(300).Quo(big.NewFloat(250000), wy)
			dy, _ := new(big.Float).Sub(wy, big.NewFloat(y)).Float64()
			dx, _ := new(big.Float).Sub(wx, big.NewFloat(x)).Float64()
			if math.Abs(dy) <= *s.Radius && math.Abs(dx) <= *s.Radius {
				found = true
			}
		}
		assert.True(t, found, "solution %d: no exact root within radius %g of (%g, %g)", k, *s.Radius, x, y)
		assert.Less(t, *s.Radius, 1e-8, "relative 1e-14 of |y|")
	}
}

// The scaled monomial systems and the tiny root of issue 18.
func TestSolveCertifyScaledExamples(t *testing.T) {
	for _, tc := range []struct {
		sys               string
		finite, real, inf int
		abs               float64 // the modulus of every finite root
	}{
		{"x^4 - 1e12", 4, 2, 0, 1000},
		{"x^10 - 1e20", 10, 2, 0, 100},
		{"x^20 - 1e-20", 20, 2, 0, 0.1},
		{"x^2 - 1e100*x + 1", 1, 1, 1, 1e-100},
	} {
		t.Run(tc.sys, func(t *testing.T) {
			r, _ := solveOK(t, "", "--certify", tc.sys)
			assert.Equal(t, tc.finite, r.Finite)
			assert.Equal(t, tc.real, r.Real)
			assert.Equal(t, tc.inf, r.AtInfinity)
			assert.Len(t, r.Infinity, tc.inf)
			for _, inf := range r.Infinity {
				assert.Equal(t, "end_point", inf.By, "10^100 is beyond float64's projective resolution next to 10^-100")
			}
			assert.Equal(t, tc.finite, *r.Certified)
			assert.Equal(t, tc.finite, *r.CertifiedDistinct)
			assert.Equal(t, tc.real, *r.CertifiedReal)
			for _, s := range r.Solutions {
				x := complex(floatValue(t, s.Values["x"][0]), floatValue(t, s.Values["x"][1]))
				a := math.Hypot(real(x), imag(x))
				assert.InEpsilon(t, tc.abs, a, 1e-14)
				// The printed float64 point is a few ulps off the root, and
				// the box of degree 20 carries the rounding of its terms:
				// 1.5e-13 relative at most here.
				assert.LessOrEqual(t, *s.Radius, 1e-12*a)
			}
		})
	}
}

// With --certify the documented keys appear in the documented order; a
// solution that cannot be certified has a null radius and a reason.
func TestSolveCertifyJSON(t *testing.T) {
	out, errOut, code := runSolveCmd(t, "", "--certify", "(x - 1)^2*(x + 2)")
	require.Equal(t, 0, code)
	assert.Contains(t, errOut, "solution 2 not certified (up to 1024 bits): ")
	var top map[string]json.RawMessage
	require.NoError(t, json.Unmarshal([]byte(out), &top))
	keys := func(raw string) []string {
		dec := json.NewDecoder(strings.NewReader(raw))
		_, _ = dec.Token()
		var ks []string
		for dec.More() {
			k, _ := dec.Token()
			ks = append(ks, k.(string))
			var skip json.RawMessage
			_ = dec.Decode(&skip)
		}
		return ks
	}
	assert.Equal(t, []string{"paths", "finite", "real", "singular", "at_infinity", "failed", "certified", "certified_real", "certified_distinct", "solutions"}, keys(out))
	var r struct{ Solutions []json.RawMessage }
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	require.Len(t, r.Solutions, 2)
	assert.Equal(t, []string{"values", "residual", "condition", "real", "singular", "certified", "radius", "realness", "prec"}, keys(string(r.Solutions[0])))
	assert.Equal(t, []string{"values", "residual", "condition", "real", "singular", "certified", "radius", "realness", "prec", "reason"}, keys(string(r.Solutions[1])))
	assert.Contains(t, string(r.Solutions[1]), `"certified":false,"radius":null,"realness":"undecided"`)
	dec, _ := solveOK(t, "", "--certify", "(x - 1)^2*(x + 2)")
	assert.Equal(t, 1, *dec.Certified)
	assert.Equal(t, 1, *dec.CertifiedReal)
	assert.Contains(t, []string{"undecided", "singular"}, *dec.Solutions[1].Reason)

	// Without --certify nothing of it.
	plain, _ := solveOK(t, "", circleLine)
	assert.Nil(t, plain.Certified)
	for _, s := range plain.Solutions {
		assert.Nil(t, s.CertifiedFlag)
		assert.Nil(t, s.Radius)
	}
}

// --certify --prec: the certificate is at about the printed precision,
// for homotopy and for the local methods; complex roots are proved
// non-real.
func TestSolveCertifyPrec(t *testing.T) {
	for _, args := range [][]string{
		{"--prec", "200"},
		{"--prec", "200", "--method", "hybrid", "--start", "x=1,y=1"},
		{"--prec", "200", "--method", "newton", "--start", "x=-1,y=-1"},
	} {
		r, _ := solveOK(t, "", append(append([]string{"--certify"}, args...), "x^2 - 2; x*y - 1")...)
		require.NotEmpty(t, r.Solutions)
		assert.Equal(t, len(r.Solutions), *r.Certified)
		for _, s := range r.Solutions {
			assert.True(t, *s.CertifiedFlag)
			assert.LessOrEqual(t, *s.Radius, math.Ldexp(1, -190), "%v", args)
			assert.Equal(t, "real", *s.Realness)
		}
	}
	r, _ := solveOK(t, "", "--certify", "x^3 - 2")
	assert.Equal(t, 3, *r.Certified)
	assert.Equal(t, 1, *r.CertifiedReal)
	assert.Equal(t, "real", *r.Solutions[0].Realness)
	assert.Equal(t, "nonreal", *r.Solutions[1].Realness)
	assert.Equal(t, "nonreal", *r.Solutions[2].Realness)
}
