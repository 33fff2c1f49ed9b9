package homotopy

import (
	"errors"
	"fmt"
	"math"
	"math/cmplx"
	"math/rand/v2"
	"runtime"

	"github.com/hypersteiner/hypersteiner/internal/parallel"
)

// Options controls Solve. The zero value (or nil) gives the defaults.
type Options struct {
	// Seed seeds the random γ. The result depends on nothing else random:
	// the same seed gives the same result for any number of workers.
	Seed uint64
	// Gamma, when nonzero, is used instead of a random γ.
	Gamma complex128
	// Workers is the number of goroutines tracking paths (default
	// GOMAXPROCS).
	Workers int
	// MaxPaths bounds the Bézout number (default 1<<20).
	MaxPaths int
	// Tracker and Endgame configure path tracking.
	Tracker TrackerOptions
	Endgame EndgameOptions
	// RealTol: a solution is real when max_i |Im x_i| ≤ RealTol·max(1,‖x‖∞)
	// (default 1e-8; refined nonsingular solutions carry errors near
	// 1e-16·Cond, far below it).
	RealTol float64
	// SingularCond: an end point whose Jacobian has a condition number
	// above it is singular (default 1e10: beyond it fewer than six digits
	// of the solution are trustworthy in float64). Nonsingular solutions
	// of the classic benchmark systems have condition numbers up to ~1e7.
	SingularCond float64
	// MergeTol: two finite end points are the same solution when they
	// differ by at most MergeTol·max(1,‖x‖∞) plus their accuracy estimates
	// (default 1e-8; distinct nonsingular solutions that close would have
	// condition numbers near 1e8 or more).
	MergeTol float64
	// RetrackRounds is how many times paths suspected of path jumping (two
	// paths at one nonsingular point) or failed are re-tracked with
	// tighter step control (default 2; −1 disables).
	RetrackRounds int
}

func (o *Options) withDefaults() Options {
	var r Options
	if o != nil {
		r = *o
	}
	if r.Workers <= 0 {
		r.Workers = runtime.GOMAXPROCS(0)
	}
	if r.MaxPaths <= 0 {
		r.MaxPaths = 1 << 20
	}
	r.Tracker = r.Tracker.withDefaults()
	r.Endgame = r.Endgame.withDefaults()
	if !(r.RealTol > 0) {
		r.RealTol = 1e-8
	}
	if !(r.SingularCond > 0) {
		r.SingularCond = 1e10
	}
	if !(r.MergeTol > 0) {
		r.MergeTol = 1e-8
	}
	if r.RetrackRounds == 0 {
		r.RetrackRounds = 2
	} else if r.RetrackRounds < 0 {
		r.RetrackRounds = 0
	}
	return r
}

// tighter returns tracker options for a re-tracking round.
func tighter(o TrackerOptions, round int) TrackerOptions {
	f := math.Pow(4, float64(round))
	o.MaxStep /= f
	o.InitialStep /= f
	o.MaxContraction /= math.Pow(2, float64(round))
	o.TargetContraction /= f
	o.MaxPredictorError /= f
	o.TargetPredictorError /= f
	o.MaxSteps *= 1 << round
	return o
}

// ErrBadSystem is matched (errors.Is) by every error Solve returns for an
// unusable system.
var ErrBadSystem = errors.New("homotopy: bad system")

// startPhases returns the arguments of the start system's b_i for a
// seed: uniform in [0, 2π), from a stream apart from γ's.
func startPhases(seed uint64, n int) []float64 {
	rng := rand.New(rand.NewPCG(seed, 0x6a09e667f3bcc909))
	theta := make([]float64, n)
	for i := range theta {
		theta[i] = 2 * math.Pi * rng.Float64()
	}
	return theta
}

// RandomGamma returns the γ used for a seed: a point of the unit circle.
func RandomGamma(seed uint64) complex128 {
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	return cmplx.Rect(1, 2*math.Pi*rng.Float64())
}

// Solve finds the isolated solutions of the square system F by the
// total-degree homotopy tγG + (1−t)F with the start system of
// TotalDegreeStart, tracking all d₁⋯dₙ paths in projective space, and
// classifies the end points. See Options for the tolerances.
func Solve(sys System, opts *Options) (*Result, error) {
	o := opts.withDefaults()
	if sys == nil {
		return nil, fmt.Errorf("%w: nil system", ErrBadSystem)
	}
	n := sys.NumVars()
	deg := sys.Degrees()
	if n < 1 {
		return nil, fmt.Errorf("%w: no unknowns", ErrBadSystem)
	}
	if len(deg) != n {
		return nil, fmt.Errorf("%w: %d equations in %d unknowns (not square)", ErrBadSystem, len(deg), n)
	}
	for i, d := range deg {
		if d < 0 {
			return nil, fmt.Errorf("%w: equation %d has negative degree %d (zero polynomial?)", ErrBadSystem, i, d)
		}
		if d == 0 {
			// A nonzero constant equation: no solutions at all.
			return &Result{}, nil
		}
	}
	start, err := NewTotalDegreeStartPhases(deg, startPhases(o.Seed, n))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadSystem, err)
	}
	np, err := start.NumPaths(o.MaxPaths)
	if err != nil {
		return nil, err
	}
	gamma := o.Gamma
	if gamma == 0 {
		gamma = RandomGamma(o.Seed)
	}
	res := &Result{Paths: make([]PathResult, np), Gamma: gamma}
	all := make([]int, np)
	for i := range all {
		all[i] = i
	}
	newWorker := func(topts TrackerOptions) pathWorker {
		f := cloneSystem(sys)
		h := NewStraightLine(start, f, gamma)
		tr, _ := NewTracker(h, topts) // cannot fail: n+1 unknowns, n equations
		return &projWorker{
			opts: &o, start: start, tr: tr, eg: NewEndgame(n, n+1, o.Endgame),
			tgt: newHomTarget(f),
		}
	}
	runPaths(res.Paths, all, o.Workers, func() pathWorker { return newWorker(o.Tracker) })
	finishResult(res, &o, func(round int) func() pathWorker {
		t := tighter(o.Tracker, round)
		return func() pathWorker { return newWorker(t) }
	})
	return res, nil
}

// finishResult runs the path-jumping check with re-tracking rounds and
// builds the solution list.
func finishResult(res *Result, o *Options, workers func(round int) func() pathWorker) {
	finishResultWork(res, o, workersFunc(workers), &resultWork{})
}

// retrackSource gives the path workers of re-tracking round `round`.
type retrackSource interface {
	workersFor(round int) func() pathWorker
}

type workersFunc func(round int) func() pathWorker

func (f workersFunc) workersFor(round int) func() pathWorker { return f(round) }

// finishResultWork is finishResult with the workspace rw; res.Solutions
// reuses its entries' slices.
func finishResultWork(res *Result, o *Options, src retrackSource, rw *resultWork) {
	for round := 1; round <= o.RetrackRounds; round++ {
		var redo []int
		for _, g := range rw.clusters(res.Paths, o.MergeTol) {
			if len(g) < 2 {
				continue
			}
			jumped := false
			for _, i := range g {
				jumped = jumped || !res.Paths[i].Singular
			}
			if jumped {
				redo = append(redo, g...)
			}
		}
		for i := range res.Paths {
			if res.Paths[i].Status == PathFailed {
				redo = append(redo, i)
			}
		}
		if len(redo) == 0 {
			break
		}
		prev := make([]int, len(redo))
		for k, i := range redo {
			prev[k] = res.Paths[i].Retracked
		}
		runPaths(res.Paths, redo, o.Workers, src.workersFor(round))
		for k, i := range redo {
			res.Paths[i].Retracked = prev[k] + 1
		}
	}
	res.Solutions = collect(res.Solutions, res.Paths, rw.clusters(res.Paths, o.MergeTol), o.RealTol)
}

// pathWorker tracks single paths; each goroutine has its own.
type pathWorker interface {
	track(k int) PathResult
}

// runPaths tracks the listed paths on a pool of goroutines, storing each
// result at its own index, so the outcome does not depend on scheduling.
func runPaths(out []PathResult, list []int, workers int, mk func() pathWorker) {
	workers = max(1, min(workers, len(list)))
	ws := make([]pathWorker, workers) // made on a worker's first path
	_ = parallel.Each(len(list), workers, func(w, j int) error {
		if ws[w] == nil {
			ws[w] = mk()
		}
		out[list[j]] = ws[w].track(list[j])
		return nil
	})
}

// trackToEndgame tracks z from t = 1 to the endgame's start radius and
// runs the endgame from there, the first stage of every path: it records
// the steps and the endgame's verdict in pr, and returns the endgame's
// result, or false (pr then failed) when tracking failed before it.
func trackToEndgame(tr *Tracker, eg *Endgame, z []complex128, pr *PathResult) (EndgameResult, bool) {
	tr.Reset()
	st := tr.Track(z, 1, complex(eg.opts.StartRadius, 0))
	if st != TrackOK {
		pr.Status, pr.Track = PathFailed, st
		pr.Steps, pr.Rejections = tr.Steps(), tr.Rejections()
		return EndgameResult{}, false
	}
	egr := eg.Run(tr, z)
	pr.Steps, pr.Rejections = tr.Steps(), tr.Rejections()
	pr.Endgame, pr.Winding, pr.Accuracy = egr.Status, egr.Winding, egr.Accuracy
	return egr, true
}

// projWorker tracks total-degree paths in projective space.
type projWorker struct {
	opts  *Options
	start *TotalDegreeStart
	tr    *Tracker
	eg    *Endgame
	tgt   *homTarget
}

func (w *projWorker) track(k int) PathResult {
	n := w.start.NumVars()
	z := make([]complex128, n+1)
	w.start.StartSolution(k, z)
	pr := PathResult{Start: k}
	egr, ok := trackToEndgame(w.tr, w.eg, z, &pr)
	if !ok {
		return pr
	}
	if egr.Status == EndFailed {
		pr.Status, pr.Track = PathFailed, egr.Track
		return pr
	}
	s := complex(1/norm2(z), 0)
	for i := range z {
		z[i] *= s
	}
	// Fix the phase so that the largest coordinate is real and positive:
	// the representative is then unique.
	big := 0
	for i, v := range z {
		if abs2(v) > abs2(z[big]) {
			big = i
		}
	}
	ph := complex(math.Sqrt(abs2(z[big])), 0) / z[big]
	for i := range z {
		z[i] *= ph
	}
	pr.Z = z
	if egr.Status == EndDiverging {
		pr.Status, pr.Infinity, pr.Valuation = PathAtInfinity, InfinityByValuation, egr.Valuation
		return pr
	}
	// The end point z(0) is a solution of the homogenised system; it is
	// at infinity when z₀ = 0, which float64 can decide only up to the
	// end point's error: the endgame's accuracy estimate and, at an end
	// point that Newton's method showed nonsingular, the rounding-noise
	// level ε·κ of the corrections there (at a singular one that level is
	// meaningless). That level can reach |z₀|/10 with |z₀| ≥
	// 10·ε·SingularCond only where κ > SingularCond, so larger |z₀| skip it.
	a0 := math.Sqrt(abs2(z[0]))
	noisy := egr.Refined && a0 < 10*epsilon*w.opts.SingularCond
	if a0 <= 10*egr.Accuracy || noisy && a0 <= 10*w.tr.NoiseFloor(z, 0) {
		pr.Status, pr.Infinity = PathAtInfinity, InfinityByEndPoint
		return pr
	}
	if egr.Status == EndNotConverged {
		pr.Status, pr.Track = PathFailed, TrackOK
		return pr
	}
	x := make([]complex128, n)
	for i := range x {
		x[i] = z[i+1] / z[0]
	}
	pr.Status, pr.X = PathFinite, x
	nonsing := egr.Refined && egr.Winding == 1
	w.tgt.classify(&pr, nonsing, w.opts.SingularCond)
	return pr
}

// affineTarget evaluates the target system F and its Jacobian at x ∈ Cⁿ,
// and, when it can, the term scales s_i(x) = Σ_α |c_iα|·|x^α|.
type affineTarget interface {
	eval(f, jac, x []complex128)
	termScale(s []float64, x []complex128) bool
}

// TermScaler is implemented by systems that know the size of their terms:
// TermScale sets s_i = Σ_α |c_iα|·|z^α|, the sum of the moduli of the terms
// of equation i at the homogeneous point z. It bounds the rounding error
// of evaluating F_i (about ε·s_i), which makes residuals and condition
// numbers independent of how the equations are scaled.
type TermScaler interface {
	TermScale(s []float64, z []complex128)
}

// homTarget evaluates a homogeneous System at (1, x).
type homTarget struct {
	sys    System
	n      int
	z, jh  []complex128
	f, jac []complex128
	dx, x0 []complex128
	s      []float64
	noise  []float64
	lu     *luFactor
}

func newHomTarget(s System) *homTarget {
	n := s.NumVars()
	mk := func() []complex128 { return make([]complex128, n) }
	return &homTarget{
		sys: s, n: n, z: make([]complex128, n+1), jh: make([]complex128, n*(n+1)),
		f: mk(), jac: make([]complex128, n*n), dx: mk(), x0: mk(), s: make([]float64, n), noise: make([]float64, n), lu: newLU(n),
	}
}

func (h *homTarget) eval(f, jac, x []complex128) {
	h.z[0] = 1
	copy(h.z[1:], x)
	h.sys.EvalHomogeneous(f, h.jh, h.z)
	n := h.n
	for i := 0; i < n; i++ {
		copy(jac[i*n:(i+1)*n], h.jh[i*(n+1)+1:(i+1)*(n+1)])
	}
}

func (h *homTarget) termScale(s []float64, x []complex128) bool {
	ts, ok := h.sys.(TermScaler)
	if !ok {
		return false
	}
	h.z[0] = 1
	copy(h.z[1:], x)
	ts.TermScale(s, h.z)
	return true
}

// classify refines a finite end point by Newton's method (only when the
// endgame judged it nonsingular) and sets Cond, ScaledResidual and Singular.
func (h *homTarget) classify(pr *PathResult, nonsing bool, singCond float64) {
	w := affineWork{f: h.f, jac: h.jac, dx: h.dx, x0: h.x0, s: h.s, noise: h.noise, lu: h.lu}
	w.classify(h, pr, nonsing, nonsing, singCond)
}

// affineWork is the scratch space of the final refinement.
type affineWork struct {
	f, jac, dx, x0 []complex128
	s, noise       []float64
	lu             *luFactor
	hasScale       bool // the last residual call set s
}

// residual returns max_i |f_i|/s_i with the term scales when known, else
// max_i |f_i|.
func (w *affineWork) residual(t affineTarget, x []complex128) float64 {
	t.eval(w.f, w.jac, x)
	w.hasScale = t.termScale(w.s, x)
	if !w.hasScale {
		return normInf(w.f)
	}
	r := 0.0
	for i, v := range w.f {
		r = max(r, math.Sqrt(abs2(v))/max(w.s[i], 1e-300))
	}
	return r
}

// noiseLevel sets w.noise to the rounding level of Newton corrections at
// the point whose Jacobian w.lu holds factorised: per coordinate, the
// larger of |(J⁻¹·ε·s)_i| for two sign patterns of the term scales s
// (the error of evaluating F, propagated), or, without term scales,
// ε·max(1, ‖x‖).
func (w *affineWork) noiseLevel(x []complex128) {
	if !w.hasScale {
		v := epsilon * max(1, norm2(x))
		for i := range w.noise {
			w.noise[i] = v
		}
		return
	}
	clear(w.noise)
	for pass := range 2 {
		for i, s := range w.s {
			v := epsilon * s
			if pass == 1 && i%2 == 1 {
				v = -v
			}
			w.x0[i] = complex(v, 0)
		}
		w.lu.solve(w.x0)
		for i, v := range w.x0 {
			w.noise[i] = max(w.noise[i], math.Sqrt(abs2(v)))
		}
	}
}

// negligibleStep reports whether every coordinate of the Newton step dx
// is at the rounding level of that coordinate: |dx_i| ≤ 4·max(ε|x_i|,
// noise_i). The test is per coordinate, so that a root such as x = 1e-100
// is refined to full relative accuracy rather than to 1e-16 absolute.
func negligibleStep(dx, x []complex128, noise []float64) bool {
	for i, v := range dx {
		if a := math.Sqrt(abs2(v)); a > 4*max(epsilon*math.Sqrt(abs2(x[i])), noise[i]) {
			return false
		}
	}
	return true
}

// classify: see homTarget.classify. Refinement (if refine is set) keeps
// a Newton step only if it does not increase the residual beyond a factor
// 2 or is tiny. It stops before a step that is negligible (see
// negligibleStep) or fails to halve the one before, or after four steps.
func (w *affineWork) classify(t affineTarget, pr *PathResult, nonsing, refine bool, singCond float64) {
	x := pr.X
	n := len(x)
	atX := false // w.f, w.jac, w.s hold F, J and the term scales at x
	if refine {
		r := w.residual(t, x)
		atX = true
		prev := math.Inf(1)
		for k := 0; k < 4 && r > 0; k++ {
			copy(w.lu.a, w.jac)
			if !w.lu.factor() {
				break
			}
			for i, v := range w.f {
				w.dx[i] = -v
			}
			w.lu.solve(w.dx)
			if !allFinite(w.dx) {
				break
			}
			d := norm2(w.dx)
			w.noiseLevel(x)
			if negligibleStep(w.dx, x, w.noise) || d > prev/2 {
				// A step at the rounding level of x: applying it changes
				// nothing that matters, and not applying it keeps F and J
				// (evaluated at x) for the residual and condition numbers.
				break
			}
			copy(w.x0, x)
			for i := range x {
				x[i] += w.dx[i]
			}
			rn := w.residual(t, x)
			if !(rn <= 2*r || norm2(w.dx) <= tinyStep*max(1, norm2(x))) {
				copy(x, w.x0)
				atX = false
				break
			}
			r = rn
			prev = d
		}
		if atX {
			pr.ScaledResidual = r
		}
	}
	if !atX {
		pr.ScaledResidual = w.residual(t, x) // leaves F, J and the scales at x
	}
	pr.Residual = normInf(w.f)
	// Two measures, each blind where the other sees: the row-scaled
	// condition number of J is 1 for every 1×1 Jacobian, however close to a
	// double root; the term-scaled one is small at structural zeros (a
	// root such as x = 0 of a family whose terms all vanish there), however
	// singular J is. The larger of the two is reported.
	pr.Cond = condInf(w.jac, n, w.lu, w.dx)
	if w.hasScale {
		pr.Cond = max(pr.Cond, condScaled(w.jac, w.s, n, max(1, normInf(x)), w.lu, w.dx))
	}
	pr.Singular = !nonsing || !(pr.Cond <= singCond)
}
