package homotopy

import (
	"math"
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/poly"
)

// bigNewton refines a real solution of the exact system s by Newton's
// method in big.Float at prec bits and returns it. From a float64 start
// within the quadratic basin, six steps give far more than float64
// accuracy (the correction shrinks quadratically: 1e-16 → 1e-32 → ...).
func bigNewton(t *testing.T, s poly.System[*big.Rat], x0 []float64, prec uint) []*big.Float {
	t.Helper()
	ev, err := s.CompileBigFloat(prec)
	require.NoError(t, err)
	n := len(x0)
	x := make([]*big.Float, n)
	for i, v := range x0 {
		x[i] = new(big.Float).SetPrec(prec).SetFloat64(v)
	}
	f := make([]*big.Float, n)
	jac := make([]*big.Float, n*n)
	for i := range f {
		f[i] = new(big.Float).SetPrec(prec)
	}
	for i := range jac {
		jac[i] = new(big.Float).SetPrec(prec)
	}
	for range 6 {
		require.NoError(t, ev.Eval(f, jac, x))
		dx := bigSolve(jac, f, n, prec)
		for i := range x {
			x[i].Sub(x[i], dx[i])
		}
	}
	return x
}

// bigSolve solves J·d = f by Gaussian elimination with partial pivoting.
func bigSolve(jac, f []*big.Float, n int, prec uint) []*big.Float {
	a := make([][]*big.Float, n)
	for i := range a {
		a[i] = make([]*big.Float, n+1)
		for j := range n {
			a[i][j] = new(big.Float).SetPrec(prec).Set(jac[i*n+j])
		}
		a[i][n] = new(big.Float).SetPrec(prec).Set(f[i])
	}
	tmp := new(big.Float).SetPrec(prec)
	for k := range n {
		p := k
		for i := k + 1; i < n; i++ {
			if new(big.Float).Abs(a[i][k]).Cmp(new(big.Float).Abs(a[p][k])) > 0 {
				p = i
			}
		}
		a[k], a[p] = a[p], a[k]
		for i := k + 1; i < n; i++ {
			l := new(big.Float).SetPrec(prec).Quo(a[i][k], a[k][k])
			for j := k; j <= n; j++ {
				a[i][j].Sub(a[i][j], tmp.Mul(l, a[k][j]))
			}
		}
	}
	d := make([]*big.Float, n)
	for i := n - 1; i >= 0; i-- {
		s := new(big.Float).SetPrec(prec).Set(a[i][n])
		for j := i + 1; j < n; j++ {
			s.Sub(s, tmp.Mul(a[i][j], d[j]))
		}
		d[i] = s.Quo(s, a[i][i])
	}
	return d
}

// TestAccuracyVsBigFloat compares the real solutions of katsura-5 and of
// a circle–hyperbola system found in float64 with the same solutions
// refined at 256 bits (exact for this purpose): the error relative to
// max(1,‖x‖∞) must be at rounding level times the condition number.
func TestAccuracyVsBigFloat(t *testing.T) {
	for _, tc := range []struct {
		name string
		sys  poly.System[*big.Rat]
		real int // lower bound
	}{
		{"katsura5", poly.Katsura[*big.Rat](5), 1},
		{"circle-hyperbola", poly.MustParse("x^2 + y^2 - 4; x*y - 1"), 4},
		{"dense-real-cubics", poly.MustParse("x^3 - 2*x*y + 3*y^2 - 1/3*x - 1; y^3 + x^2*y - 5/7*x + 2*y - 1/2"), 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := SolvePoly(tc.sys, &Options{Seed: 7})
			require.NoError(t, err)
			reals := res.RealNonsingular()
			require.GreaterOrEqual(t, len(reals), tc.real)
			worst := 0.0
			for _, sol := range reals {
				x0 := make([]float64, len(sol.X))
				for i, v := range sol.X {
					x0[i] = real(v)
				}
				exact := bigNewton(t, tc.sys, x0, 256)
				scale := max(1, normInf(sol.X))
				errRel := 0.0
				for i, v := range exact {
					e, _ := new(big.Float).Sub(v, new(big.Float).SetFloat64(x0[i])).Float64()
					errRel = max(errRel, math.Abs(e)/scale)
				}
				worst = max(worst, errRel)
				// Refined nonsingular solutions are accurate to a few
				// units of rounding times the condition number.
				require.LessOrEqual(t, errRel, 8*epsilon*max(1, sol.Cond), "solution %v (cond %.1e)", x0, sol.Cond)
			}
			t.Logf("%s: %d real solutions, worst relative error vs 256-bit Newton %.2e", tc.name, len(reals), worst)
		})
	}
}
