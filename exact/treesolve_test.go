package exact

import (
	"math"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/dense"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestSolveTreeMatchesDense solves random symmetric positive definite
// systems coupled along random trees of Steiner points (the structure of
// L_ε's Hessian) by solveTree and by the dense LU, and checks that the
// residual of solveTree's answer is at rounding level and that it agrees
// with the LU's to the system's conditioning.
func TestSolveTreeMatchesDense(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		k := rapid.IntRange(1, 18).Draw(rt, "steiner")
		const n = 100 // terminals: vertex ids below n
		s := &solver{term: make([]hyperbolic.Point, n)}
		nd := &node{st: make([]hyperbolic.Point, k), nbr: make([][3]int32, k)}
		deg := make([]int, k)
		for i := range nd.nbr {
			nd.nbr[i] = [3]int32{0, 1, 2} // terminals until linked
		}
		m := 2 * k
		h := make([]float64, m*m)
		put := func(r, c int, a [4]float64) {
			h[2*r*m+2*c], h[2*r*m+2*c+1] = a[0], a[1]
			h[(2*r+1)*m+2*c], h[(2*r+1)*m+2*c+1] = a[2], a[3]
		}
		entry := func(label string) float64 { return rapid.Float64Range(-1, 1).Draw(rt, label) }
		// A random tree: point i > 0 hangs from an earlier one with a free
		// slot; both get the coupling block and its transpose.
		for i := 1; i < k; i++ {
			var free []int
			for p := 0; p < i; p++ {
				if deg[p] < 3 {
					free = append(free, p)
				}
			}
			p := free[rapid.IntRange(0, len(free)-1).Draw(rt, "parent")]
			nd.nbr[p][deg[p]], nd.nbr[i][deg[i]] = int32(n+i), int32(n+p)
			deg[p]++
			deg[i]++
			c := [4]float64{entry("c"), entry("c"), entry("c"), entry("c")}
			put(p, i, c)
			put(i, p, [4]float64{c[0], c[2], c[1], c[3]})
		}
		// Diagonal blocks with a random scale per point (the Hessian's
		// scales differ by 1/ε) and entries of at least 8: a row's other
		// entries sum to at most 7 (|ab| and three coupling blocks of two
		// entries in [−1, 1]), so the matrix is strictly diagonally
		// dominant, hence positive definite.
		for i := range k {
			sc := math.Pow(10, rapid.Float64Range(0, 6).Draw(rt, "scale"))
			a, b := entry("d"), entry("d")
			put(i, i, [4]float64{(8 + a*a) * sc, a * b, a * b, (8 + b*b) * sc})
		}
		rhs := make([]float64, m)
		for i := range rhs {
			rhs[i] = entry("b")
		}
		// The damping of the Levenberg–Marquardt steps: none, or λI of
		// any scale, which solveTree adds to the pivots and the dense
		// reference to the matrix.
		lambda := 0.0
		if rapid.Bool().Draw(rt, "damped") {
			lambda = math.Pow(10, rapid.Float64Range(-3, 7).Draw(rt, "lambda"))
		}
		s.work.h = append([]float64(nil), h...)
		got := append([]float64(nil), rhs...)
		require.True(t, s.solveTree(nd, got, lambda))
		for i := range m {
			h[i*m+i] += lambda
		}
		want := append([]float64(nil), rhs...)
		lu := append([]float64(nil), h...)
		require.True(t, dense.Solve(lu, want, m))
		var res, norm, diff, size float64
		for r := range m {
			ax := 0.0
			for c := range m {
				ax += h[r*m+c] * got[c]
				norm = max(norm, math.Abs(h[r*m+c]))
			}
			res = max(res, math.Abs(ax-rhs[r]))
			diff = max(diff, math.Abs(got[r]-want[r]))
			size = max(size, math.Abs(want[r]))
		}
		require.LessOrEqual(t, res, 1e-12*norm*max(size, 1e-300)*float64(m))
		require.LessOrEqual(t, diff, 1e-9*size)
	})
}
