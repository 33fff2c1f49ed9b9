package homotopy

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/poly"
)

// RefineBig against exact roots: √2 (the root of x² − 2 to 200 bits), the
// conjugate pair ±i·√3 of x² + 3 (its real parts exactly 0), the small
// root of x² − 10¹⁰⁰·x + 1 (≈ 10⁻¹⁰⁰, relative accuracy), and the circle
// and line x² + y² = 1, x = 3/4·y with the exact root (3/5, 4/5).
func TestRefineBig(t *testing.T) {
	const bits = 200
	sqrt2 := new(big.Float).SetPrec(400).SetInt64(2)
	sqrt2.Sqrt(sqrt2)
	sqrt3 := new(big.Float).SetPrec(400).SetInt64(3)
	sqrt3.Sqrt(sqrt3)
	// 10⁻¹⁰⁰·(1 + 10⁻²⁰⁰ + …): the small root is 2/(10¹⁰⁰ + √(10²⁰⁰ − 4)).
	tenK := new(big.Float).SetPrec(1000).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(100), nil))
	disc := new(big.Float).SetPrec(1000).Mul(tenK, tenK)
	disc.Sub(disc, big.NewFloat(4)).Sqrt(disc)
	small := new(big.Float).SetPrec(1000).Add(tenK, disc)
	small.Quo(big.NewFloat(2).SetPrec(1000), small)
	for _, tc := range []struct {
		name   string
		sys    string
		x      []complex128
		re, im []*big.Float
	}{
		{"sqrt2", "x^2 - 2", []complex128{1.4142135623730951}, []*big.Float{sqrt2}, []*big.Float{new(big.Float)}},
		{"i sqrt3", "x^2 + 3", []complex128{1e-17 + 1.7320508075688772i}, []*big.Float{new(big.Float)}, []*big.Float{sqrt3}},
		{"tiny root", "x^2 - 1e100*x + 1", []complex128{1e-100}, []*big.Float{small}, []*big.Float{new(big.Float)}},
		{"circle-line", "x^2 + y^2 - 1; x - 3/4*y", []complex128{0.6000000000000001, 0.8}, []*big.Float{big.NewFloat(0.6), big.NewFloat(0.8)}, []*big.Float{new(big.Float), new(big.Float)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := poly.ParseComplex(tc.sys)
			require.NoError(t, err)
			r, err := NewBigRefiner(s, bits)
			require.NoError(t, err)
			p, ok := r.Refine(tc.x)
			require.True(t, ok)
			for j := range tc.x {
				for k, got := range []*big.Float{p.Re[j], p.Im[j]} {
					want := []*big.Float{tc.re[j], tc.im[j]}[k]
					if tc.name == "circle-line" && k == 0 {
						// 3/5 and 4/5 exactly.
						want, _ = new(big.Float).SetPrec(400).SetString([]string{"0.6", "0.8"}[j])
					}
					d := new(big.Float).SetPrec(400).Sub(got, want)
					if want.Sign() == 0 {
						assert.LessOrEqual(t, d.Abs(d).Cmp(new(big.Float).SetMantExp(big.NewFloat(1), -bits)), 0, "coordinate %d part %d: %v", j, k, got)
						continue
					}
					d.Quo(d, want).Abs(d)
					assert.LessOrEqual(t, d.Cmp(new(big.Float).SetMantExp(big.NewFloat(1), -bits)), 0,
						"coordinate %d part %d: relative error %v", j, k, d)
				}
			}
			assert.Less(t, r.Residual(p), 1e-55)
		})
	}
}

// A real start of a real system stays exactly real, and the printed text
// reads back to a point with the same residual level.
func TestRefineBigRealText(t *testing.T) {
	s, err := poly.ParseComplex("x^2 + y^2 - 4; x*y - 1")
	require.NoError(t, err)
	res, err := SolvePoly(s, &Options{Seed: 1})
	require.NoError(t, err)
	r, err := NewBigRefiner(s, 128)
	require.NoError(t, err)
	for _, sol := range res.RealNonsingular() {
		x, real := sol.RealValues()
		require.True(t, real)
		start := make([]complex128, len(x))
		for i, v := range x {
			start[i] = complex(v, 0)
		}
		p, ok := r.Refine(start)
		require.True(t, ok)
		for j := range p.Im {
			assert.Zero(t, p.Im[j].Sign(), "imaginary part of a real root")
		}
		text := p.Text(38)
		assert.Equal(t, "0", text[0][1])
		q, err := ParseBigPoint(text, r.Prec())
		require.NoError(t, err)
		assert.Less(t, r.Residual(q), 1e-36)
	}
}
