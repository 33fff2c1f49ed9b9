package homotopy

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDenseDots checks the vector kernel's dot products against exact
// ones (big.Float at 300 bits is exact for sums of products of float64
// with these exponents) within the classical forward error bound
// γ_{2n+4}·Σ(|c.re·m.re| + |c.im·m.im|) per real part (and likewise for the
// imaginary part: no product meets more than 2n+4 roundings), on rows of every length up to 40 at random offsets,
// and that outputs not named by a row are left alone.
func TestDenseDots(t *testing.T) {
	if !denseKernel() {
		t.Skip("no vector kernel on this machine")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	rnd := func() complex128 {
		// Magnitudes over ten decades, so that cancellation happens.
		s := math.Pow(10, 10*rng.Float64()-5)
		return complex(s*rng.NormFloat64(), s*rng.NormFloat64())
	}
	const nout = 8
	for n := 1; n <= 40; n++ {
		m := make([]complex128, n+7)
		for i := range m {
			m[i] = rnd()
		}
		var rows []denseRow
		var cre, cim []float64
		var coefs [][]complex128
		for r := range 3 {
			row := denseRow{out: int64(2*r + 1), lo: int64(rng.IntN(8)), n: int64(n), off: int64(len(cre) / 2)}
			c := make([]complex128, n)
			for k := range c {
				c[k] = rnd()
				cre = append(cre, real(c[k]), real(c[k]))
				cim = append(cim, imag(c[k]), imag(c[k]))
			}
			rows, coefs = append(rows, row), append(coefs, c)
		}
		vals := make([]complex128, nout)
		for i := range vals {
			vals[i] = complex(float64(i), -1)
		}
		denseDots(vals, rows, m, cre, cim)
		gamma := float64(2*n+4) * epsilon / (1 - float64(2*n+4)*epsilon)
		for r, row := range rows {
			mm := m[row.lo : row.lo+row.n]
			re, im := exactDot(coefs[r], mm)
			var bre, bim float64
			for k, c := range coefs[r] {
				bre += math.Abs(real(c)*real(mm[k])) + math.Abs(imag(c)*imag(mm[k]))
				bim += math.Abs(real(c)*imag(mm[k])) + math.Abs(imag(c)*real(mm[k]))
			}
			got := vals[row.out]
			require.LessOrEqual(t, math.Abs(real(got)-re), gamma*bre, "n=%d row %d: real part", n, r)
			require.LessOrEqual(t, math.Abs(imag(got)-im), gamma*bim, "n=%d row %d: imaginary part", n, r)
		}
		for i := 0; i < nout; i += 2 {
			require.Equal(t, complex(float64(i), -1), vals[i], "output %d not in any row was written", i)
		}
	}
}

// exactDot returns Σ c_k·m_k exactly, rounded once to float64 per part.
func exactDot(c, m []complex128) (re, im float64) {
	const prec = 300
	sr, si := new(big.Float).SetPrec(prec), new(big.Float).SetPrec(prec)
	p := new(big.Float).SetPrec(prec)
	mul := func(a, b float64) *big.Float {
		return p.Mul(new(big.Float).SetPrec(prec).SetFloat64(a), new(big.Float).SetPrec(prec).SetFloat64(b))
	}
	for k := range c {
		sr.Add(sr, mul(real(c[k]), real(m[k])))
		sr.Sub(sr, mul(imag(c[k]), imag(m[k])))
		si.Add(si, mul(real(c[k]), imag(m[k])))
		si.Add(si, mul(imag(c[k]), real(m[k])))
	}
	re, _ = sr.Float64()
	im, _ = si.Float64()
	return re, im
}
