package homotopy

import (
	"math/cmplx"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/poly"
)

// monoEval against poly's own compiled evaluator, with and without the
// vector kernel for dense rows: values and Jacobians of
// homogeneous systems (f from Euler's identity when the Jacobian is
// wanted, from its terms otherwise) and of non-homogeneous ones, at random
// complex points, to rounding relative to the term sizes (≲ 1e3 here).
func TestMonoEval(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	dense := denseSystem(t, []int{4, 3}, 5)
	hom, err := dense.Homogenize("h0")
	require.NoError(t, err)
	for _, tc := range []struct {
		name  string
		sys   poly.System[complex128]
		euler bool
		runs  bool // some row is a contiguous run of monomials
	}{
		{"homogeneous", hom, true, true},
		{"affine", dense, false, true},
		{"sparse", asComplex(t, mustParseC(t, "x^3*y - 2*y + 1; x^2 - 3*x*y^2")), false, false},
	} {
		for _, kernel := range []bool{false, true} {
			if kernel && !denseKernel() {
				continue
			}
			name := tc.name
			if kernel {
				name += "/kernel"
			}
			t.Run(name, func(t *testing.T) {
				defer func(k func() bool) { denseKernel = k }(denseKernel)
				denseKernel = func() bool { return kernel }
				ev, err := compileMonoEval(tc.sys)
				require.NoError(t, err)
				if kernel {
					require.Equal(t, tc.runs, len(ev.dense) > 0, "rows taken by the vector kernel: %d", len(ev.dense))
				}
				require.Equal(t, tc.euler, ev.invDeg != nil)
				ref, err := tc.sys.CompileComplex()
				require.NoError(t, err)
				n, m := tc.sys.NumVars(), tc.sys.NumEqs()
				for range 30 {
					x := make([]complex128, n)
					for i := range x {
						x[i] = complex(rng.NormFloat64(), rng.NormFloat64())
					}
					f, j := make([]complex128, m), make([]complex128, m*n)
					f0 := make([]complex128, m)
					fr, jr := make([]complex128, m), make([]complex128, m*n)
					ev.eval(f, j, x)
					ev.eval(f0, nil, x)
					require.NoError(t, ref.Eval(fr, jr, x))
					scale := 1e3 * max(1, normInf(x)*normInf(x)*normInf(x)*normInf(x))
					for i := range f {
						require.Less(t, cmplx.Abs(f[i]-fr[i]), 1e-13*scale, "f%d with J", i)
						require.Less(t, cmplx.Abs(f0[i]-fr[i]), 1e-13*scale, "f%d alone", i)
					}
					for i := range j {
						require.Less(t, cmplx.Abs(j[i]-jr[i]), 1e-13*scale, "J%d", i)
					}
				}
			})
		}
	}
}
