package fermat

import (
	"math/cmplx"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/isoptic"
)

func crand(rng *rand.Rand) complex128 {
	return complex(rng.Float64()-0.5, rng.Float64()-0.5)
}

// TestPsiFamily checks psiFamily.Evaluate three ways: against the
// polynomial system built with poly's arithmetic (values and ∂/∂s),
// against central differences in the parameters (∂/∂p; ψ is a polynomial
// of degree ≤ 4 in each parameter, so the difference with h = 1e-5 is
// exact up to h²·(third derivative) ≈ 1e-10 and rounding ≈ 1e-11), and at
// real points against isoptic.Fermat3.PsiJac, written independently.
func TestPsiFamily(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 11))
	var fam psiFamily
	f, js, jp := make([]complex128, 2), make([]complex128, 4), make([]complex128, 12)
	for range 50 {
		p := make([]complex128, 6)
		for i := range p {
			p[i] = crand(rng)
		}
		s := []complex128{crand(rng), crand(rng)}
		fam.Evaluate(f, js, jp, s, p)
		sys, err := psiSystem(p)
		require.NoError(t, err)
		ev, err := sys.CompileComplex()
		require.NoError(t, err)
		f2, js2 := make([]complex128, 2), make([]complex128, 4)
		require.NoError(t, ev.Eval(s, f2, js2))
		for i := range f {
			require.InDelta(t, 0, cmplx.Abs(f[i]-f2[i]), 1e-14, "value %d", i)
		}
		for i := range js {
			require.InDelta(t, 0, cmplx.Abs(js[i]-js2[i]), 1e-13, "∂/∂s %d", i)
		}
		const h = 1e-5
		fp, fm := make([]complex128, 2), make([]complex128, 2)
		for k := range p {
			q := append([]complex128(nil), p...)
			q[k] = p[k] + h
			fam.Evaluate(fp, js2, nil, s, q)
			q[k] = p[k] - h
			fam.Evaluate(fm, js2, nil, s, q)
			for i := range 2 {
				d := (fp[i] - fm[i]) / (2 * h)
				require.InDelta(t, 0, cmplx.Abs(d-jp[i*6+k]), 1e-8, "∂F%d/∂p%d", i, k)
			}
		}
	}
	for range 50 {
		var v [3]hyperbolic.Point
		for i := range v {
			v[i] = polar(0.9*rng.Float64(), 6.3*rng.Float64())
		}
		f3, err := isoptic.NewFermat3(v[0], v[1], v[2], isoptic.Cos120)
		require.NoError(t, err)
		s := [2]float64{rng.Float64() - 0.5, rng.Float64() - 0.5}
		F, J := f3.PsiJac(s)
		p := []complex128{complex(v[0].X, 0), complex(v[0].Y, 0), complex(v[1].X, 0), complex(v[1].Y, 0), complex(v[2].X, 0), complex(v[2].Y, 0)}
		fam.Evaluate(f, js, nil, []complex128{complex(s[0], 0), complex(s[1], 0)}, p)
		for i := range 2 {
			require.InDelta(t, F[i], real(f[i]), 1e-14)
			require.Zero(t, imag(f[i]))
			for j := range 2 {
				require.InDelta(t, J[i][j], real(js[i*2+j]), 1e-13)
			}
		}
	}
}

// TestPsiStart: the generic member has 6 nonsingular finite roots (of the
// Bézout number 16, the shared terminal y takes 4 — ψ vanishes to second
// order there in both equations — and the two points where the absolute
// meets the polar of y take 3 each; seen for every seed tried), and the
// start solutions solve it.
func TestPsiStart(t *testing.T) {
	n, err := psiStartCount()
	require.NoError(t, err)
	require.Equal(t, 6, n)
	st := startOnce()
	f, js := make([]complex128, 2), make([]complex128, 4)
	for _, x := range st.starts {
		psiFamily{}.Evaluate(f, js, nil, x, st.p0)
		for i := range f {
			require.Less(t, cmplx.Abs(f[i]), 1e-12, "start %v", x)
		}
	}
}
