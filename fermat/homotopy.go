package fermat

import (
	"cmp"
	"fmt"
	"math"
	"math/cmplx"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/hypersteiner/hypersteiner/homotopy"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/isoptic"
)

// Homotopy is the strategy "homotopy": the ψ system (ψ_xy, ψ_yz) —
// polynomial, two quartics — solved by a parameter homotopy, then
// polished by Newton's method on φ.
//
// The family. The ψ systems of all triangles, at all scales, form one
// family, polynomial in the unknown s, the six terminal coordinates and a
// curvature factor κ (psiFamily). A triangle is centred at the origin (as
// in Newton), brought by a rotation and possibly a reflection into a
// canonical position (y on the negative first axis, x above it) and
// scaled by a power of two λ to terminals of size ½ to 1: its member is
// (q/λ, κ = λ²), well scaled whatever the triangle's size, and its roots
// are λ times the member's. Isometries and exact scalings change nothing
// but conditioning: every end point is mapped back and polished on the
// centred triangle itself.
//
// The starts. Generic members near the canonical position (an
// equilateral triangle with random complex offsets, κ = 64^−k·e^{iθ}) are
// solved once per scale level k = 0…4: level 0 by the total-degree
// homotopy (Bézout number 16), level k from level k − 1 by a parameter
// homotopy; each must have six distinct simple roots. Every isolated root
// of a triangle's member is the end of one of the paths from the six
// roots of its level (the straight parameter path from a generic complex
// start avoids the discriminant with probability one) — except the roots
// that every member shares (the shared terminal y and the two points
// where the absolute meets the polar of y, all singular; see
// isoptic.Fermat3), which are never Steiner points.
//
// Two passes. The fast pass tracks one path at a time, the start root
// nearest the origin first (its path ends at the Steiner point for nearly
// every triangle), with loose settings (no end-point refinement, larger
// predictor steps, small step budgets, only the four start roots of size
// about 1), and stops at the first end point that the polish turns into
// the Steiner point. A polished point is accepted only if it sees all
// three sides under 120° (seesAt120): it is then the Steiner point, which
// is unique, so the fast pass can miss but never mislead. If it misses
// (about one near-120° triangle in ten, almost never otherwise), the full
// pass tracks all six paths to their ends with every safeguard of package
// homotopy (endgame, path-jumping check, re-tracking) and polishes every
// candidate. A candidate is an end point whose real part lies in the disk
// on the 120° branch of both curves (isoptic OnBranch: A < 0, decided
// exactly).
type Homotopy struct{}

// Name returns "homotopy".
func (Homotopy) Name() string { return "homotopy" }

// Fermat implements Solver.
func (s Homotopy) Fermat(a, b, c hyperbolic.Point) (hyperbolic.Point, Status) {
	return fermatOf(s, a, b, c)
}

// Solve implements Strategy.
func (Homotopy) Solve(a, b, c hyperbolic.Point) (Result, error) {
	return solveBy(a, b, c, byHomotopy)
}

// psiStart is a solved generic member of the ψ family.
type psiStart struct {
	p0     []complex128
	starts [][]complex128
	err    error
}

// psiStartSeed fixes the generic members: results do not depend on any
// other randomness.
const psiStartSeed = 0x7e57ab1e

// Scale levels: level k starts the triangles of scale λ ≈ 8^−k, from a
// member with |κ| = 64^−k, so that a target's κ is within a factor 64 of
// its start's. Two of the six roots of a member lie at |σ| ~ 1/|κ|, near
// the points where the absolute meets the polar of y (which, for small
// κ, approach the circular points at infinity); the other four, the
// Steiner point among them, stay of size about 1. Tracking those two far
// roots from one level to the next gets harder with every level (at level
// 5, |σ| ~ 1e9, the first member tried lost them in float64), so
// psiLevels stops at level 4 (λ ≈ 2.4e-4) and smaller triangles start
// there too: their near paths are as short as ever, the far ones long or
// failing — which costs the full pass steps but never the Steiner point,
// whose path is another.
const (
	psiLevels    = 5
	psiLevelBits = 3 // log₂ 8
)

var psiLevelStarts [psiLevels]func() *psiStart

func init() {
	for k := range psiLevelStarts {
		psiLevelStarts[k] = sync.OnceValue(func() *psiStart { return solveLevel(k) })
	}
}

// levelParams returns start member number j of level k: a triangle in
// the canonical position of homotopySolve (equilateral, circumradius 0.8,
// y on the negative first axis, x above it) whose terminals are moved by
// random complex offsets of up to ¼ in each real and imaginary part,
// and κ = 64^−k·e^{iθ}, θ ∈ [0.3, 0.8]. A start near the targets (all of
// which are brought to that position and scale) keeps the paths short:
// about 8 steps for a typical triangle, against 25 from random complex
// terminals.
func levelParams(k, j int) []complex128 {
	rng := rand.New(rand.NewPCG(psiStartSeed, uint64(k)<<8|uint64(j)))
	const r = 0.8
	c, s := r*math.Cos(math.Pi/3), r*math.Sin(math.Pi/3)
	base := [6]float64{c, s, -r, 0, c, -s}
	p := make([]complex128, psiParams)
	for i, b := range base {
		p[i] = complex(b+0.5*(rng.Float64()-0.5), 0.5*(rng.Float64()-0.5))
	}
	p[6] = cmplx.Rect(math.Ldexp(1, -2*psiLevelBits*k), 0.3+0.5*rng.Float64())
	return p
}

// levelTries is how many random start members a level tries.
const levelTries = 8

// solveLevel solves a start member of level k: by total degree for
// k = 0, else by a parameter homotopy from level k − 1. It accepts a
// member only when the solve gives six distinct finite roots, each the
// end of exactly one path with winding number 1 — all the isolated roots
// a generic member has — and otherwise tries the next random member
// (a path of the far pair, at |σ| ~ 64^k, can fail in float64).
func solveLevel(k int) *psiStart {
	var last error
	for j := range levelTries {
		st, err := trySolveLevel(k, j)
		if err == nil {
			return st
		}
		last = err
	}
	return &psiStart{err: last}
}

func trySolveLevel(k, j int) (*psiStart, error) {
	st := &psiStart{p0: levelParams(k, j)}
	var res *homotopy.Result
	if k == 0 {
		sys, err := psiSystem(st.p0)
		if err != nil {
			return nil, err
		}
		if res, err = homotopy.SolvePoly(sys, &homotopy.Options{Seed: psiStartSeed, Workers: 1}); err != nil {
			return nil, err
		}
		// The total-degree solve also finds the shared singular roots:
		// keep the nonsingular ones.
		for _, s := range res.Nonsingular() {
			st.starts = append(st.starts, s.X)
		}
	} else {
		prev := psiLevelStarts[k-1]()
		if prev.err != nil {
			return nil, prev.err
		}
		// The far roots are ill-conditioned (condition numbers grow with
		// |σ|): distinctness, not the condition number, is the test here.
		ps, err := homotopy.NewParameterSolver(psiFamily{}, prev.p0, prev.starts, &homotopy.ParameterOptions{SingularCond: math.Inf(1)})
		if err != nil {
			return nil, err
		}
		if res, err = ps.Solve(st.p0); err != nil {
			return nil, err
		}
		for _, s := range res.Solutions {
			if s.Multiplicity == 1 && s.Winding == 1 {
				st.starts = append(st.starts, s.X)
			}
		}
	}
	if len(st.starts) != 6 {
		return nil, fmt.Errorf("fermat: the generic ψ system of scale level %d has %d simple solutions, want 6 (%v)", k, len(st.starts), res.Counts())
	}
	return st, nil
}

// psiStartCount returns the number of paths of the parameter homotopy.
func psiStartCount() (int, error) {
	st := psiLevelStarts[0]()
	return len(st.starts), st.err
}

// solverPools hold ParameterSolvers per scale level, loose ([k][0]) and
// full ([k][1]).
var solverPools [psiLevels][2]sync.Pool

func getSolver(k, mode int) (*homotopy.ParameterSolver, error) {
	if v := solverPools[k][mode].Get(); v != nil {
		return v.(*homotopy.ParameterSolver), nil
	}
	st := psiLevelStarts[k]()
	if st.err != nil {
		return nil, st.err
	}
	starts := st.starts
	opts := &homotopy.ParameterOptions{Workers: 1}
	if mode == fastPass {
		// The fast pass: no end-point refinement (the polish replaces it),
		// no re-tracking of failed or coincident paths, a modest step
		// budget, and only the four start roots of size about 1 — not the
		// far pair at |σ| ~ 64^k, whose paths end far outside the disk
		// for every target we have seen. Whatever the fast pass misses,
		// the full pass (every start root, every safeguard) finds.
		opts.Loose, opts.RetrackRounds = true, -1
		opts.Tracker.MaxSteps = fastMaxSteps
		// Larger predictor steps than the default (aiming at a prediction
		// error of 2.5e-3, not 2.5e-4): the paths of the scaled members
		// are smooth, and a jump only costs the full pass.
		opts.Tracker.MaxPredictorError = 1e-2
		opts.Tracker.TargetPredictorError = 2.5e-3
		opts.Endgame.DirectSteps = fastDirectSteps
		// The cubic Hermite predictor: no evaluations of its own, and on
		// these smooth paths faster than RK4 (BenchmarkHomotopyCPU).
		opts.Tracker.Predictor = homotopy.PredictorHermite
		starts = nil
		for _, x := range st.starts {
			if rootSize(x) <= nearRootBound {
				starts = append(starts, x)
			}
		}
		// Nearest the origin first: that root's path ends at the Steiner
		// point for nearly every triangle (the start member's own Steiner
		// point is near the origin, the centre of its equilateral
		// triangle), so the fast pass usually tracks one path.
		slices.SortStableFunc(starts, func(a, b []complex128) int { return cmp.Compare(rootSize(a), rootSize(b)) })
	}
	return homotopy.NewParameterSolver(psiFamily{}, st.p0, starts, opts)
}

func rootSize(x []complex128) float64 { return max(cmplx.Abs(x[0]), cmplx.Abs(x[1])) }

// nearRootBound separates the four start roots of size about 1 from the
// far pair, at |σ| ≥ 20 already on level 1 (TestPsiLevelSplit checks the
// split on every level).
const nearRootBound = 10

// fastDirectSteps is the step budget of the fast pass from t = 0.1 to the
// target t = 0 (the path's end point, where a nonsingular root takes one
// or two steps): a path that needs more ends at a nearly singular root —
// at a near-120° vertex, where ψ_xy has a node, the Steiner point and a
// root of the 60° branch nearly coincide — and the point reached is
// handed to the polish as it is (the tests' answers are the same for
// budgets from 5 to 10 steps; more only cost time).
const fastDirectSteps = 6

// fastMaxSteps is the step budget per path of the fast pass: about five
// times what a path of a typical triangle needs. Paths that need more are
// mostly the far roots of tiny triangles (see psiLevels).
const fastMaxSteps = 50

// psiScale returns the power of two λ ≥ max|q| (so that the terminals of
// the scaled member are below 1 in modulus, at least ½ in their largest
// coordinate) and its level. λ stays ≥ 2^−500 so that κ = λ² is exact.
func psiScale(q *[3][2]float64) (float64, int) {
	m := 0.0
	for i := range 3 {
		m = max(m, math.Abs(q[i][0]), math.Abs(q[i][1]))
	}
	_, e := math.Frexp(m) // m = f·2^e, ½ ≤ f < 1
	e = max(e, -500)
	k := min(max((-e+psiLevelBits/2)/psiLevelBits, 0), psiLevels-1)
	return math.Ldexp(1, e), k
}

func homotopySolve(t *triangle, r *Result) (hyperbolic.Point, bool, error) {
	return homotopySolvePasses(t, r, true)
}

// homotopySolvePasses is homotopySolve, with the fast pass only if fast
// is set (the tests run the full pass alone).
func homotopySolvePasses(t *triangle, r *Result, fast bool) (hyperbolic.Point, bool, error) {
	g := psiTarget{t: t}
	g.f, g.q = centroidFrame(t)
	q := &g.q
	y := shortestSideOpposite(q)
	x, z := (y+2)%3, (y+1)%3
	lam, level := psiScale(q)
	g.lam, g.rot = lam, canonicalRotation(q, x, y)
	for i, v := range [3]int{x, y, z} {
		a, b := g.rot.apply(q[v])
		g.p1[2*i], g.p1[2*i+1] = complex(a/lam, 0), complex(b/lam, 0)
	}
	g.p1[6] = complex(lam*lam, 0)
	var err1, err2 error
	g.cxy, err1 = isoptic.NewCurve(point(q[x]), point(q[y]), isoptic.Cos120)
	g.cyz, err2 = isoptic.NewCurve(point(q[y]), point(q[z]), isoptic.Cos120)
	if err1 != nil || err2 != nil {
		return hyperbolic.Point{}, false, nil
	}
	if fast {
		p, ok, err := g.fastPass(level, r)
		if ok || err != nil {
			return p, ok, err
		}
	}
	// The full pass: every path, every safeguard.
	ps, err := getSolver(level, fullPass)
	if err != nil {
		return hyperbolic.Point{}, false, err
	}
	defer solverPools[level][fullPass].Put(ps)
	res, err := ps.SolveReuse(g.p1[:]) // read before ps goes back to the pool
	if err != nil {
		return hyperbolic.Point{}, false, err
	}
	r.Evaluations += len(res.Paths)
	for _, pr := range res.Paths {
		r.Iterations += pr.Steps
	}
	// Every finite end point separately, not the merged Solutions: when
	// the Steiner point is very close to a vertex x, the node of ψ_xy at x
	// puts a root of the 60° branch next to it, closer than the merge
	// tolerance.
	for i := range res.Paths {
		if p, ok := g.candidate(&res.Paths[i], r); ok {
			return p, true, nil
		}
	}
	return hyperbolic.Point{}, false, nil
}

// fastPass tracks one path at a time, most promising first, until one
// ends at the Steiner point.
func (g *psiTarget) fastPass(level int, r *Result) (hyperbolic.Point, bool, error) {
	ps, err := getSolver(level, fastPass)
	if err != nil {
		return hyperbolic.Point{}, false, err
	}
	for k := range ps.NumPaths() {
		pr, err := ps.TrackPath(k, g.p1[:])
		if err != nil {
			solverPools[level][fastPass].Put(ps)
			return hyperbolic.Point{}, false, err
		}
		r.Evaluations++
		r.Iterations += pr.Steps
		if p, ok := g.candidate(&pr, r); ok {
			solverPools[level][fastPass].Put(ps)
			return p, true, nil
		}
	}
	solverPools[level][fastPass].Put(ps)
	return hyperbolic.Point{}, false, nil
}

// The passes of homotopySolve, indices of solverPools.
const (
	fastPass = iota
	fullPass
)

// psiTarget is a triangle prepared for homotopySolve: its centred frame
// and vertices, the scale and canonical position of its member of the ψ
// family, and the curves of the branch test.
type psiTarget struct {
	t        *triangle
	f        frame
	q        [3][2]float64
	lam      float64
	rot      orthogonal
	p1       [psiParams]complex128
	cxy, cyz isoptic.Curve
}

// candidate polishes the end point of a path if it can be the Steiner
// point: real part in the disk and on the 120° branch of both curves
// (mapped back from the member: s = λ·rot⁻¹(σ)). A path of the fast pass
// that stopped short of t = 0 (near a nearly double root: at a near-120°
// vertex, where ψ_xy has a node, the Steiner point and a root of the 60°
// branch nearly coincide) still has its last point, often good enough.
func (g *psiTarget) candidate(pr *homotopy.PathResult, r *Result) (hyperbolic.Point, bool) {
	if pr.X == nil || pr.Status == homotopy.PathAtInfinity {
		return hyperbolic.Point{}, false
	}
	a, b := g.rot.applyInverse(real(pr.X[0]), real(pr.X[1]))
	s := [2]float64{g.lam * a, g.lam * b}
	if !(s[0]*s[0]+s[1]*s[1] < 1) || math.IsNaN(s[0]+s[1]) {
		return hyperbolic.Point{}, false
	}
	if on, err := g.cxy.OnBranch(point(s)); err != nil || !on {
		return hyperbolic.Point{}, false
	}
	if on, err := g.cyz.OnBranch(point(s)); err != nil || !on {
		return hyperbolic.Point{}, false
	}
	sol, ok := newtonLocal(&g.q, s, r)
	if !ok {
		return hyperbolic.Point{}, false
	}
	p, ok := finish(&g.f, &g.q, sol)
	if !ok {
		return p, false
	}
	return recentre(g.t, &g.q, sol, p, r), true
}

// orthogonal is a linear isometry of the plane fixing the origin (a
// rotation, possibly followed by a reflection): an isometry of the Klein
// disk that maps the ψ family to itself (ψ depends on the terminals and s
// only through dot and cross products, and a reflection changes the sign
// of every cross product, leaving the products u_P·u_Q unchanged).
type orthogonal [2][2]float64

func (m orthogonal) apply(v [2]float64) (float64, float64) {
	return m[0][0]*v[0] + m[0][1]*v[1], m[1][0]*v[0] + m[1][1]*v[1]
}

// applyInverse applies the transpose, the inverse of an orthogonal map.
func (m orthogonal) applyInverse(a, b float64) (float64, float64) {
	return m[0][0]*a + m[1][0]*b, m[0][1]*a + m[1][1]*b
}

// canonicalRotation returns the orthogonal map that puts the centred
// triangle q in the position of the start members (levelParams): y on the
// negative first axis, x in the upper half plane. Its rounding (a few
// ulps) only moves the tracked end points, which the Newton polish on the
// unrotated triangle q removes.
func canonicalRotation(q *[3][2]float64, x, y int) orthogonal {
	c, s := q[y][0], q[y][1]
	h := math.Hypot(c, s)
	if h == 0 {
		return orthogonal{{1, 0}, {0, 1}}
	}
	c, s = -c/h, -s/h
	m := orthogonal{{c, s}, {-s, c}} // the rotation taking y to (−|y|, 0)
	if _, b := m.apply(q[x]); b < 0 {
		m[1][0], m[1][1] = -m[1][0], -m[1][1]
	}
	return m
}
