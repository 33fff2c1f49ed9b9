package homotopy

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

func randMatrix(rng *rand.Rand, n int) []complex128 {
	m := make([]complex128, n*n)
	for i := range m {
		m[i] = complex(rng.NormFloat64(), rng.NormFloat64())
	}
	return m
}

// LU with partial pivoting (the unrolled n = 2 case included): A·x = b
// and Aᴴ·y = b to rounding, for random matrices and for matrices needing
// a row exchange; a singular matrix is refused.
func TestLU(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := 1; n <= 5; n++ {
		for trial := range 50 {
			m := randMatrix(rng, n)
			if trial%5 == 0 && n > 1 {
				m[0] = 0 // forces a pivot exchange
			}
			f := newLU(n)
			copy(f.a, m)
			require.True(t, f.factor())
			b := make([]complex128, n)
			for i := range b {
				b[i] = complex(rng.NormFloat64(), rng.NormFloat64())
			}
			x := append([]complex128(nil), b...)
			f.solve(x)
			y := append([]complex128(nil), b...)
			f.solveH(y)
			scale := 0.0
			for _, v := range m {
				scale = max(scale, math.Sqrt(abs2(v)))
			}
			for i := range n {
				var r, rh complex128
				for j := range n {
					r += m[i*n+j] * x[j]
					rh += conj(m[j*n+i]) * y[j]
				}
				// Backward stable: residuals of ε·‖A‖·‖x‖ times a modest
				// growth factor (random matrices: far below 1e3).
				require.Less(t, math.Sqrt(abs2(r-b[i])), 1e-12*scale*max(1, normInf(x)), "n=%d A·x", n)
				require.Less(t, math.Sqrt(abs2(rh-b[i])), 1e-12*scale*max(1, normInf(y)), "n=%d Aᴴ·y", n)
			}
		}
		f := newLU(n)
		require.False(t, f.factor(), "n=%d: the zero matrix", n)
	}
}

// condInf and condScaled (computed with Aᴴ solves, without forming the
// inverse) against the definitions evaluated on an explicit inverse.
func TestCondition(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for n := 1; n <= 4; n++ {
		for range 20 {
			m := randMatrix(rng, n)
			s := make([]float64, n)
			for i := range s {
				s[i] = 0.1 + rng.Float64()
			}
			f := newLU(n)
			copy(f.a, m)
			require.True(t, f.factor())
			inv := make([]complex128, n*n)
			for j := range n {
				col := make([]complex128, n)
				col[j] = 1
				f.solve(col)
				for i := range n {
					inv[i*n+j] = col[i]
				}
			}
			// condScaled: ‖A⁻¹·diag(s)‖∞ / xscale.
			want := 0.0
			for i := range n {
				r := 0.0
				for j := range n {
					r += math.Sqrt(abs2(inv[i*n+j])) * s[j]
				}
				want = max(want, r)
			}
			got := condScaled(m, s, n, 2, newLU(n), make([]complex128, n))
			require.InEpsilon(t, want/2, got, 1e-12)
			// condInf: rows of A scaled to unit ∞-norm (abs1), then
			// ‖A‖∞·‖A⁻¹‖∞ with |·| row sums.
			ms := append([]complex128(nil), m...)
			for i := range n {
				r := 0.0
				for j := range n {
					r = max(r, abs1(ms[i*n+j]))
				}
				for j := range n {
					ms[i*n+j] /= complex(r, 0)
				}
			}
			g := newLU(n)
			copy(g.a, ms)
			require.True(t, g.factor())
			nA, nI := 0.0, 0.0
			for i := range n {
				ra, ri := 0.0, 0.0
				for j := range n {
					ra += math.Sqrt(abs2(ms[i*n+j]))
					col := make([]complex128, n)
					col[j] = 1
					h := newLU(n)
					copy(h.a, ms)
					h.factor()
					h.solve(col)
					ri += math.Sqrt(abs2(col[i]))
				}
				nA, nI = max(nA, ra), max(nI, ri)
			}
			require.InEpsilon(t, nA*nI, condInf(m, n, newLU(n), make([]complex128, n)), 1e-12)
		}
	}
}
