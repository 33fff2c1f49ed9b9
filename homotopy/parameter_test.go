package homotopy

import (
	"math"
	"math/cmplx"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/poly"
)

// startInstance solves a random complex member of fam's family by the
// total-degree homotopy and returns its parameters and nonsingular
// solutions.
func startInstance(t testing.TB, support poly.System[complex128], seed uint64) (*CoefficientFamily, []complex128, [][]complex128) {
	t.Helper()
	fam, p, err := NewCoefficientFamily(support)
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(seed, 99))
	for k := range p {
		p[k] = complex(rng.NormFloat64(), rng.NormFloat64())
	}
	res, err := SolvePoly(familyMember(t, support, p), &Options{Seed: seed})
	require.NoError(t, err)
	var starts [][]complex128
	for _, s := range res.Nonsingular() {
		starts = append(starts, s.X)
	}
	require.Equal(t, res.Counts().Finite, len(starts), "a generic member has only nonsingular solutions")
	return fam, p, starts
}

// familyMember returns the system with support's monomials and the
// coefficients p.
func familyMember(t testing.TB, support poly.System[complex128], p []complex128) poly.System[complex128] {
	t.Helper()
	var eqs []poly.Poly[complex128]
	k := 0
	for i := range support.NumEqs() {
		q := support.Poly(i)
		terms := make([]poly.Term[complex128], q.NumTerms())
		for j := range terms {
			terms[j] = poly.Term[complex128]{Coef: p[k], Exp: q.Term(j).Exp}
			k++
		}
		e, err := poly.New(support.NumVars(), terms...)
		require.NoError(t, err)
		eqs = append(eqs, e)
	}
	s, err := poly.NewSystem(support.Vars(), eqs...)
	require.NoError(t, err)
	return s
}

func asComplex(t testing.TB, s poly.System[*poly.ComplexRat]) poly.System[complex128] {
	t.Helper()
	c, err := poly.ConvertSystem[complex128](s, 0)
	require.NoError(t, err)
	return c
}

// sameSets checks that every point of a is within tol of a point of b and
// vice versa (the sets have the same size).
func sameSets(t *testing.T, a, b [][]complex128, tol float64) {
	t.Helper()
	require.Equal(t, len(a), len(b))
	for _, pair := range [][2][][]complex128{{a, b}, {b, a}} {
		for _, x := range pair[0] {
			best := 1e300
			for _, y := range pair[1] {
				best = min(best, distInf(x, y))
			}
			assert.Less(t, best, tol*max(1, normInf(x)), "%v has no partner", x)
		}
	}
}

func solutionsOf(r *Result) [][]complex128 {
	var out [][]complex128
	for _, s := range r.Nonsingular() {
		out = append(out, s.X)
	}
	return out
}

// realQuartics is the instance of the tests below: the family of the
// support of a generic pair of dense quartics, a generic complex start
// member p0 with its solutions, and the target p1, another such pair made
// real: a real system whose solutions come in conjugate pairs, as the
// Fermat ψ systems' do.
func realQuartics(t *testing.T) (support poly.System[complex128], fam *CoefficientFamily, p0 []complex128, starts [][]complex128, p1 []complex128) {
	t.Helper()
	support = denseSystem(t, []int{4, 4}, 1)
	fam, p0, starts = startInstance(t, support, 2)
	p1, err := fam.Params(denseSystem(t, []int{4, 4}, 3))
	require.NoError(t, err)
	for k := range p1 {
		p1[k] = complex(real(p1[k]), 0)
	}
	return support, fam, p0, starts, p1
}

// parameterSolve makes the ParameterSolver of fam from p0 and its starts
// with the options and solves the instance p1.
func parameterSolve(t *testing.T, fam ParameterSystem, p0 []complex128, starts [][]complex128, opt *ParameterOptions, p1 []complex128) (*ParameterSolver, *Result) {
	t.Helper()
	ps, err := NewParameterSolver(fam, p0, starts, opt)
	require.NoError(t, err)
	res, err := ps.Solve(p1)
	require.NoError(t, err)
	return ps, res
}

// TestParameterDense: tracking the 16 solutions of a generic complex pair
// of dense quartics to a real pair gives the 16 solutions the total-degree
// homotopy finds for the real pair directly.
func TestParameterDense(t *testing.T) {
	support, fam, p0, starts, p1 := realQuartics(t)
	require.Len(t, starts, 16)
	ps, res := parameterSolve(t, fam, p0, starts, nil, p1)
	c := res.Counts()
	assert.Equal(t, 16, c.Nonsingular, "%v", c)
	direct, err := SolvePoly(familyMember(t, support, p1), &Options{Seed: 4})
	require.NoError(t, err)
	// Both are Newton-refined nonsingular solutions: agreement to roundoff
	// times the condition (all far below 1e-10 here).
	sameSets(t, solutionsOf(res), solutionsOf(direct), 1e-10)
	assert.Equal(t, direct.Counts().Real, c.Real)

	// The solver is reusable: a second target, then the first again, gives
	// identical results.
	p2 := slices.Clone(p1)
	p2[0] += 0.5
	_, err = ps.Solve(p2)
	require.NoError(t, err)
	again, err := ps.Solve(p1)
	require.NoError(t, err)
	assert.Equal(t, res.Solutions, again.Solutions)
}

// TestParameterSparseTarget: from a generic member of the support of
// hc_paths_to_track (16 finite solutions) to the sparse member itself,
// whose total-degree count is 6 finite nonsingular solutions (all real):
// 10 paths must diverge or end singular, none may give an extra
// nonsingular solution.
func TestParameterSparseTarget(t *testing.T) {
	target := asComplex(t, mustParseC(t, "- 1*x*y^3 + 3*y^2 + 2*y + x^4 + y^4; - 2*x^3*y + 4*x^2 + 1*x + x^4 + y^4"))
	fam, p0, starts := startInstance(t, target, 5)
	p1, err := fam.Params(target)
	require.NoError(t, err)
	// Remove the quartic terms x^4 + y^4 again: the target is the sparse
	// system (their coefficients are parameters set to zero).
	for k, m := range fam.support {
		if (m[0] == 4 && m[1] == 0) || (m[0] == 0 && m[1] == 4) {
			p1[k] = 0
		}
	}
	_, res := parameterSolve(t, fam, p0, starts, nil, p1)
	c := res.Counts()
	assert.Equal(t, 6, c.Nonsingular, "%v", c)
	assert.Equal(t, 6, c.Real, "%v", c)
	want := solutionsOf(res)

	// Loose: every path either ends directly at t = 0 or stops on the
	// first endgame leg, reported failed with the point reached: the 10
	// paths that diverge or end at singular points, and here also the path
	// of the root (0.401, 8.098), which needs more than DirectSteps steps
	// from t = 0.1 (its large coordinate converges slowly) — a nonsingular
	// root that Loose gives up, as documented. The other 5 are reached.
	_, res = parameterSolve(t, fam, p0, starts, &ParameterOptions{Loose: true, RetrackRounds: -1}, p1)
	direct, stopped := 0, 0
	for _, p := range res.Paths {
		switch {
		case p.Status == PathFinite && p.Endgame == EndDirect:
			direct++
		case p.Status == PathFailed && p.Endgame == EndNotConverged:
			require.NotNil(t, p.X)
			stopped++
		}
	}
	assert.Equal(t, 16, direct+stopped)
	matched := 0
	for _, x := range want {
		for _, p := range res.Paths {
			if p.Status == PathFinite && distInf(p.X, x) <= 1e-7*max(1, normInf(x)) {
				matched++
				break
			}
		}
	}
	assert.Equal(t, 5, matched)
	assert.Equal(t, 16-direct, stopped, "every path is direct or stopped")
}

func TestParameterBadInput(t *testing.T) {
	fam, p0, err := NewCoefficientFamily(asComplex(t, mustParseC(t, "x^2 - 2; y - 1")))
	require.NoError(t, err)
	_, err = NewParameterSolver(fam, p0[:1], nil, nil)
	assert.ErrorIs(t, err, ErrBadSystem)
	_, err = NewParameterSolver(fam, p0, [][]complex128{{1}}, nil)
	assert.ErrorIs(t, err, ErrBadSystem)
	ps, err := NewParameterSolver(fam, p0, [][]complex128{{1.4142135623730951, 1}}, nil)
	require.NoError(t, err)
	_, err = ps.Solve(p0[:2])
	assert.ErrorIs(t, err, ErrBadSystem)
	bad := slices.Clone(p0)
	bad[1] = cmplx.NaN()
	_, err = ps.Solve(bad)
	assert.ErrorIs(t, err, ErrBadSystem)
	// A target where the solution stays put.
	res, err := ps.Solve(p0)
	require.NoError(t, err)
	require.Len(t, res.Nonsingular(), 1)
	assert.InDelta(t, 1.4142135623730951, real(res.Solutions[0].X[0]), 1e-15)
}

// dirFamily is a CoefficientFamily with ParameterDirectional, counting
// the calls of each evaluation.
type dirFamily struct {
	*CoefficientFamily
	jp         []complex128
	full, dirs *int
}

func (d dirFamily) Evaluate(f, jx, jp, x, p []complex128) {
	*d.full++
	d.CoefficientFamily.Evaluate(f, jx, jp, x, p)
}

// Clone keeps the wrapper (the embedded family's Clone would drop it).
func (d dirFamily) Clone() ParameterSystem {
	return dirFamily{d.CoefficientFamily.Clone().(*CoefficientFamily), make([]complex128, len(d.jp)), d.full, d.dirs}
}

func (d dirFamily) EvaluateDir(f, jx, fp, x, p, dp []complex128) {
	*d.dirs++
	d.CoefficientFamily.Evaluate(f, jx, d.jp, x, p)
	n, m := d.NumVars(), d.NumParams()
	for i := range n {
		var v complex128
		for k := range m {
			v += d.jp[i*m+k] * dp[k]
		}
		fp[i] = v
	}
}

// The modes of ParameterSolver against plain Solve on a real pair of dense
// quartics (16 nonsingular solutions):
//   - a family with ParameterDirectional is tracked through EvaluateDir
//     (all H_t evaluations), with the same solutions;
//   - Loose: every path ends directly with the tracker's point, within
//     the corrector tolerance of the refined solution (relative 1e-10,
//     amplified by condition numbers ≤ 1e3 here), Cond and ScaledResidual NaN;
//   - SolveReuse and TrackPath give Solve's end points exactly and, once
//     the buffers exist, allocate nothing;
//   - the Hermite predictor finds the same solutions.
func TestParameterModes(t *testing.T) {
	_, fam, p0, starts, p1 := realQuartics(t)
	_, ref := parameterSolve(t, fam, p0, starts, nil, p1)
	require.Equal(t, 16, ref.Counts().Nonsingular)
	want := solutionsOf(ref)

	t.Run("directional", func(t *testing.T) {
		var full, dirs int
		df := dirFamily{fam, make([]complex128, fam.NumVars()*fam.NumParams()), &full, &dirs}
		_, res := parameterSolve(t, df, p0, starts, nil, p1)
		sameSets(t, solutionsOf(res), want, 1e-10)
		assert.Positive(t, dirs)
		assert.Positive(t, full) // the H_t-free evaluations (refinement)
	})
	t.Run("loose", func(t *testing.T) {
		_, res := parameterSolve(t, fam, p0, starts, &ParameterOptions{Loose: true}, p1)
		require.Equal(t, 16, res.Counts().Nonsingular)
		for _, p := range res.Paths {
			require.Equal(t, PathFinite, p.Status)
			require.Equal(t, EndDirect, p.Endgame)
			assert.True(t, math.IsNaN(p.Cond) && math.IsNaN(p.ScaledResidual))
		}
		sameSets(t, solutionsOf(res), want, 1e-7)
	})
	t.Run("reuse", func(t *testing.T) {
		ps, err := NewParameterSolver(fam, p0, starts, nil)
		require.NoError(t, err)
		res, err := ps.SolveReuse(p1)
		require.NoError(t, err)
		require.Equal(t, len(ref.Paths), len(res.Paths))
		for k := range ref.Paths {
			assert.Equal(t, ref.Paths[k].X, res.Paths[k].X, "path %d", k)
			pr, err := ps.TrackPath(k, p1)
			require.NoError(t, err)
			assert.Equal(t, ref.Paths[k].X, pr.X, "TrackPath %d", k)
		}
		assert.Zero(t, testing.AllocsPerRun(5, func() { _, _ = ps.SolveReuse(p1) }))
		assert.Zero(t, testing.AllocsPerRun(5, func() { _, _ = ps.TrackPath(3, p1) }))
		_, err = ps.TrackPath(16, p1)
		assert.Error(t, err)
	})
	t.Run("hermite", func(t *testing.T) {
		_, res := parameterSolve(t, fam, p0, starts, &ParameterOptions{Tracker: TrackerOptions{Predictor: PredictorHermite}}, p1)
		require.Equal(t, 16, res.Counts().Nonsingular)
		sameSets(t, solutionsOf(res), want, 1e-10)
	})
}
