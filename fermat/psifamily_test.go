package fermat

import (
	"math"
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

// randParams returns random complex terminals and κ.
func randParams(rng *rand.Rand) []complex128 {
	p := make([]complex128, psiParams)
	for i := range p {
		p[i] = crand(rng)
	}
	return p
}

// TestPsiFamily checks psiFamily.Evaluate three ways: against the
// polynomial system built with poly's arithmetic (values and ∂/∂s),
// against central differences in the parameters (∂/∂p; ψ is a polynomial
// of degree ≤ 4 in each parameter, so the difference with h = 1e-5 is
// exact up to h²·(third derivative) ≈ 1e-10 and rounding ≈ 1e-11), and at
// real points with κ = 1 against isoptic.Fermat3.PsiJac, written
// independently. EvaluateDir must give the same values and ∂/∂s and, as
// its directional derivative, (∂F/∂p)·dp.
func TestPsiFamily(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 11))
	var fam psiFamily
	f, js, jp := make([]complex128, 2), make([]complex128, 4), make([]complex128, 2*psiParams)
	for range 50 {
		p := randParams(rng)
		s := []complex128{crand(rng), crand(rng)}
		fam.Evaluate(f, js, jp, s, p)
		sys, err := psiSystem(p)
		require.NoError(t, err)
		ev, err := sys.CompileComplex()
		require.NoError(t, err)
		f2, js2 := make([]complex128, 2), make([]complex128, 4)
		require.NoError(t, ev.Eval(f2, js2, s))
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
				require.InDelta(t, 0, cmplx.Abs(d-jp[i*psiParams+k]), 1e-8, "∂F%d/∂p%d", i, k)
			}
		}
		// The directional derivative: (∂F/∂p)·dp, to rounding (terms of
		// size ≲ 10 here).
		dp := randParams(rng)
		fd, jsd, fdp := make([]complex128, 2), make([]complex128, 4), make([]complex128, 2)
		fam.EvaluateDir(fd, jsd, fdp, s, p, dp)
		for i := range 2 {
			var want complex128
			for k, d := range dp {
				want += jp[i*psiParams+k] * d
			}
			require.InDelta(t, 0, cmplx.Abs(fdp[i]-want), 1e-13, "(∂F%d/∂p)·dp", i)
			require.Equal(t, f[i], fd[i])
			require.Equal(t, js[2*i], jsd[2*i])
			require.Equal(t, js[2*i+1], jsd[2*i+1])
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
		p := []complex128{complex(v[0].X, 0), complex(v[0].Y, 0), complex(v[1].X, 0), complex(v[1].Y, 0), complex(v[2].X, 0), complex(v[2].Y, 0), 1}
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

// The scale identity behind the scaled members: ψ(λσ; λπ, κ) =
// λ⁴·ψ(σ; π, λ²κ), and ∂/∂s scales by λ³. With λ a power of two every
// scaling is exact, so only the rounding of the evaluation differs
// (relative 1e-13 of the terms, which are of size ≲ 10 here).
func TestPsiFamilyScaling(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 12))
	var fam psiFamily
	for range 50 {
		p := randParams(rng)
		s := []complex128{crand(rng), crand(rng)}
		lam := math.Ldexp(1, -rng.IntN(40))
		l := complex(lam, 0)
		ps := make([]complex128, psiParams)
		for i := range 6 {
			ps[i] = l * p[i]
		}
		ps[6] = p[6]
		f, js := make([]complex128, 2), make([]complex128, 4)
		g, jg := make([]complex128, 2), make([]complex128, 4)
		fam.Evaluate(f, js, nil, []complex128{l * s[0], l * s[1]}, ps)
		p[6] *= l * l
		fam.Evaluate(g, jg, nil, s, p)
		l4 := lam * lam * lam * lam
		for i := range 2 {
			require.InDelta(t, 0, cmplx.Abs(f[i]/complex(l4, 0)-g[i]), 1e-13, "ψ%d at scale %g", i, lam)
			for j := range 2 {
				require.InDelta(t, 0, cmplx.Abs(js[2*i+j]/complex(l4/lam, 0)-jg[2*i+j]), 1e-12, "∂ψ%d/∂s%d at scale %g", i, j, lam)
			}
		}
	}
}

// TestPsiStart: the generic member of every scale level has 6 nonsingular
// finite roots (of the Bézout number 16, the shared terminal y takes 4 —
// ψ vanishes to second order there in both equations — and the two points
// where the absolute meets the polar of y take 3 each; seen for every seed
// tried), and the start solutions solve it to rounding (relative to the
// terms, which grow like |σ|⁴ for the roots of size up to 1/λ).
func TestPsiStart(t *testing.T) {
	n, err := psiStartCount()
	require.NoError(t, err)
	require.Equal(t, 6, n)
	f, js := make([]complex128, 2), make([]complex128, 4)
	for k := range psiLevels {
		st := psiLevelStarts[k]()
		require.NoError(t, st.err, "level %d", k)
		require.Len(t, st.starts, 6, "level %d", k)
		for _, x := range st.starts {
			psiFamily{}.Evaluate(f, js, nil, x, st.p0)
			sz := max(1, cmplx.Abs(x[0]), cmplx.Abs(x[1]))
			for i := range f {
				require.Less(t, cmplx.Abs(f[i]), 1e-12*sz*sz*sz*sz, "level %d start %v", k, x)
			}
		}
	}
}
