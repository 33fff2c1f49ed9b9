package homotopy

import (
	"fmt"
	"math"
	"slices"
)

// ParameterSystem is a family F(x; p) of square systems: n equations in n
// unknowns x, depending on m complex parameters p (for example the
// coefficients of a fixed monomial support, or the terminal coordinates of
// a Fermat ψ system).
//
// Evaluate sets f = F(x; p) (length n), jx = ∂F/∂x (n×n, row-major) and,
// unless jp is nil, jp = ∂F/∂p (n×m, row-major).
//
// A ParameterSystem may keep scratch space. If it has a method
// Clone() ParameterSystem, every goroutine works on its own clone;
// otherwise Evaluate must be safe for concurrent use.
type ParameterSystem interface {
	NumVars() int
	NumParams() int
	Evaluate(f, jx, jp, x, p []complex128)
}

// ParameterTermScaler is the TermScaler of a parameter family: TermScale
// sets s_i = Σ_α |c_iα(p)|·|x^α|, the sum of the moduli of the terms of
// equation i at (x, p). Families that implement it get scale-invariant
// residuals and condition numbers.
type ParameterTermScaler interface {
	TermScale(s []float64, x, p []complex128)
}

// ParameterDirectional is implemented by families that can evaluate the
// parameter derivative along one direction, (∂F/∂p)·dp, more cheaply
// than the whole n×m matrix ∂F/∂p: EvaluateDir sets f and jx as Evaluate
// does and fp = (∂F/∂p)·dp (length n). ParameterHomotopy needs only that
// product (H_t = (∂F/∂p)·p′(t)) and uses EvaluateDir when it exists.
type ParameterDirectional interface {
	EvaluateDir(f, jx, fp, x, p, dp []complex128)
}

func cloneParameterSystem(s ParameterSystem) ParameterSystem {
	if c, ok := s.(interface{ Clone() ParameterSystem }); ok {
		return c.Clone()
	}
	return s
}

// ParameterHomotopy is H(x, t) = F(x; p(t)) with the parameter path
//
//	p(t) = t·p₀ + (1−t)·p₁ + t(1−t)·d
//
// from the start parameters p₀ (t = 1) to the target p₁ (t = 0); the
// detour d (zero by default) bends the path. A straight path between
// generic complex p₀ and any p₁ meets the discriminant (where solutions
// collide) with probability zero; when p₀ and p₁ are both real the
// straight path stays real and may cross it, and a random complex detour
// avoids it (the parameter-space form of the gamma trick).
type ParameterHomotopy struct {
	sys            ParameterSystem
	dir            ParameterDirectional // sys, if it implements it
	p0, p1, detour []complex128
	diff           []complex128 // p₀ − p₁
	p, dp, jp      []complex128
	n, m           int
}

// NewParameterHomotopy returns the homotopy from p0 to p1 (detour may be
// nil).
func NewParameterHomotopy(sys ParameterSystem, p0, p1, detour []complex128) (*ParameterHomotopy, error) {
	n, m := sys.NumVars(), sys.NumParams()
	if n < 1 {
		return nil, fmt.Errorf("%w: parameter system has %d unknowns", ErrBadSystem, n)
	}
	if len(p0) != m || len(p1) != m || (detour != nil && len(detour) != m) {
		return nil, fmt.Errorf("%w: parameter vectors have lengths %d, %d, %d; the system has %d parameters",
			ErrBadSystem, len(p0), len(p1), len(detour), m)
	}
	for _, v := range [][]complex128{p0, p1, detour} {
		if i := firstNonFinite(v); i >= 0 {
			return nil, fmt.Errorf("%w: parameter %d is %v", ErrBadSystem, i, v[i])
		}
	}
	h := &ParameterHomotopy{
		sys: sys, p0: slices.Clone(p0), p1: slices.Clone(p1), n: n, m: m,
		p: make([]complex128, m), dp: make([]complex128, m), jp: make([]complex128, n*m),
		diff: make([]complex128, m),
	}
	h.setDiff()
	if detour != nil {
		h.detour = slices.Clone(detour)
	}
	h.dir, _ = sys.(ParameterDirectional)
	return h, nil
}

func firstNonFinite(v []complex128) int {
	for i, c := range v {
		if math.IsNaN(real(c)) || math.IsNaN(imag(c)) || math.IsInf(real(c), 0) || math.IsInf(imag(c), 0) {
			return i
		}
	}
	return -1
}

// SetTarget changes the target parameters p₁ (no allocation).
func (h *ParameterHomotopy) SetTarget(p1 []complex128) {
	copy(h.p1, p1)
	h.setDiff()
}

func (h *ParameterHomotopy) setDiff() {
	for k, v := range h.p0 {
		h.diff[k] = v - h.p1[k]
	}
}

// NumEquations returns n.
func (h *ParameterHomotopy) NumEquations() int { return h.n }

// NumUnknowns returns n (affine tracking).
func (h *ParameterHomotopy) NumUnknowns() int { return h.n }

// Evaluate implements Homotopy.
func (h *ParameterHomotopy) Evaluate(hv, hz, ht, z []complex128, t complex128) {
	// p(t) = p₁ + t·(p₀ − p₁): exactly p₁ at the target t = 0.
	dp := h.diff
	for k, d := range h.diff {
		h.p[k] = h.p1[k] + t*d
	}
	if h.detour != nil {
		s := 1 - t
		ts, ds := t*s, s-t
		for k, d := range h.detour {
			h.p[k] += ts * d
			h.dp[k] = h.diff[k] + ds*d
		}
		dp = h.dp
	}
	if ht == nil {
		h.sys.Evaluate(hv, hz, nil, z, h.p)
		return
	}
	if h.dir != nil {
		h.dir.EvaluateDir(hv, hz, ht, z, h.p, dp)
		return
	}
	h.sys.Evaluate(hv, hz, h.jp, z, h.p)
	for i := range h.n {
		var v complex128
		row := h.jp[i*h.m : (i+1)*h.m]
		for k, d := range dp {
			v += row[k] * d
		}
		ht[i] = v
	}
}

// TermScale implements HomotopyTermScaler when the family implements
// ParameterTermScaler.
func (h *ParameterHomotopy) TermScale(s []float64, z []complex128, t complex128) bool {
	ts, ok := h.sys.(ParameterTermScaler)
	if !ok {
		return false
	}
	for k, d := range h.diff {
		h.p[k] = h.p1[k] + t*d
	}
	if h.detour != nil {
		u := 1 - t
		for k, d := range h.detour {
			h.p[k] += t * u * d
		}
	}
	ts.TermScale(s, z, h.p)
	return true
}

// ParameterOptions controls a ParameterSolver. The zero value (or nil)
// gives the defaults; the tolerances mean what they mean in Options.
type ParameterOptions struct {
	// Workers: goroutines per Solve (default 1: parameter solves are small,
	// and callers usually run many of them in parallel).
	Workers int
	// Detour, if not nil, bends the parameter path (see
	// ParameterHomotopy).
	Detour        []complex128
	Tracker       TrackerOptions
	Endgame       EndgameOptions
	RealTol       float64
	SingularCond  float64
	MergeTol      float64
	RetrackRounds int
	// Loose skips the final refinement of end points reached directly:
	// a path that the endgame's first leg tracks to t = 0 is returned as
	// the tracker left it (converged to CorrectorTol relative to
	// max(1, ‖x‖)), with Singular false and Cond, ScaledResidual NaN — neither
	// Newton's test of quadratic convergence at t = 0 nor the condition
	// numbers are computed. Paths that do not reach t = 0 that way get
	// no endgame either: a path whose first leg from
	// EndgameOptions.StartRadius towards t = 0 stops short (its step
	// budget, EndgameOptions.DirectSteps, runs out near a singular or
	// ill-conditioned end point, or a step fails) is reported PathFailed
	// with Endgame EndNotConverged and X the point reached, which the
	// caller may polish or ignore. That includes the occasional
	// nonsingular root whose path converges slowly (large coordinates):
	// Loose trades completeness for speed. It is meant for callers that
	// polish the end points they use with their own Newton iteration and
	// have a complete fallback (such as Solve without Loose). The
	// path-jumping check (several paths at one point are re-tracked)
	// still applies.
	Loose bool
}

// ParameterSolver tracks the known solutions of one instance F(x; p₀) = 0
// of a family to the solutions of other instances F(x; p₁) = 0. When p₀ is
// generic and the start solutions are all its isolated solutions, every
// isolated solution of a target p₁ is the end of one of the paths (paths
// may also diverge or end at singular points when p₁ is not generic).
// A ParameterSolver reuses its workspace and is not safe for concurrent
// use; make one per goroutine.
type ParameterSolver struct {
	sys    ParameterSystem
	p0     []complex128
	starts [][]complex128
	o      Options
	po     ParameterOptions
	w      *paramWorker // workspace of the serial case
	// The target and end-point buffers of the solve in progress.
	cur, p1buf []complex128
	curBufs    [][]complex128
	// SolveReuse's result and workspace.
	res  Result
	rw   resultWork
	xbuf [][]complex128 // per path: its end point
	all  []int
}

// NewParameterSolver prepares tracking from the start instance p0 with the
// given start solutions (each of length NumVars; they are copied).
func NewParameterSolver(sys ParameterSystem, p0 []complex128, starts [][]complex128, opts *ParameterOptions) (*ParameterSolver, error) {
	if sys == nil {
		return nil, fmt.Errorf("%w: nil parameter system", ErrBadSystem)
	}
	var po ParameterOptions
	if opts != nil {
		po = *opts
	}
	n := sys.NumVars()
	if _, err := NewParameterHomotopy(sys, p0, p0, po.Detour); err != nil {
		return nil, err
	}
	st := make([][]complex128, len(starts))
	for i, x := range starts {
		if len(x) != n {
			return nil, fmt.Errorf("%w: start solution %d has length %d, want %d", ErrBadSystem, i, len(x), n)
		}
		if j := firstNonFinite(x); j >= 0 {
			return nil, fmt.Errorf("%w: start solution %d: entry %d is %v", ErrBadSystem, i, j, x[j])
		}
		st[i] = slices.Clone(x)
	}
	if po.Workers <= 0 {
		po.Workers = 1
	}
	o := (&Options{
		Workers: po.Workers, Tracker: po.Tracker, Endgame: po.Endgame, RealTol: po.RealTol,
		SingularCond: po.SingularCond, MergeTol: po.MergeTol, RetrackRounds: po.RetrackRounds,
	}).withDefaults()
	return &ParameterSolver{sys: sys, p0: slices.Clone(p0), starts: st, o: o, po: po}, nil
}

// NumPaths returns the number of start solutions.
func (s *ParameterSolver) NumPaths() int { return len(s.starts) }

// Solve tracks every start solution to the instance p1 and classifies the
// end points. Paths that diverge are reported at infinity (with X nil).
func (s *ParameterSolver) Solve(p1 []complex128) (*Result, error) {
	if err := s.checkTarget(p1); err != nil {
		return nil, err
	}
	res := &Result{Paths: make([]PathResult, len(s.starts))}
	s.solve(res, p1, nil, &resultWork{})
	return res, nil
}

// SolveReuse is Solve with a Result that belongs to the solver: it, its
// paths' and solutions' slices included, is overwritten by the next call
// of SolveReuse. With one worker (the default) it allocates nothing once
// the first call has sized the solver's buffers (except when re-tracking
// rounds run), which is what a caller solving many targets in a loop
// wants.
func (s *ParameterSolver) SolveReuse(p1 []complex128) (*Result, error) {
	if err := s.checkTarget(p1); err != nil {
		return nil, err
	}
	s.ensureBufs()
	s.res.Paths = grow(s.res.Paths, len(s.starts))
	s.solve(&s.res, p1, s.xbuf, &s.rw)
	return &s.res, nil
}

func (s *ParameterSolver) checkTarget(p1 []complex128) error {
	if len(p1) != len(s.p0) {
		return fmt.Errorf("%w: target has %d parameters, want %d", ErrBadSystem, len(p1), len(s.p0))
	}
	if i := firstNonFinite(p1); i >= 0 {
		return fmt.Errorf("%w: target parameter %d is %v", ErrBadSystem, i, p1[i])
	}
	return nil
}

// solve fills res (whose Paths has one entry per start) for the target
// p1; bufs, if not nil, hold the paths' end points.
func (s *ParameterSolver) solve(res *Result, p1 []complex128, bufs [][]complex128, rw *resultWork) {
	s.p1buf = append(s.p1buf[:0], p1...) // a copy: p1 does not escape
	s.cur, s.curBufs = s.p1buf, bufs
	if s.o.Workers == 1 {
		w := s.worker(s.o.Tracker)
		for k := range res.Paths {
			res.Paths[k] = w.track(k)
		}
	} else {
		s.all = grow(s.all, len(s.starts))
		for i := range s.all {
			s.all[i] = i
		}
		runPaths(res.Paths, s.all, s.o.Workers, func() pathWorker { return s.worker(s.o.Tracker) })
	}
	finishResultWork(res, &s.o, s, rw)
	s.cur, s.curBufs = nil, nil
}

// worker returns a path worker for the current target: with one worker
// the solver's own, reset; otherwise a new one per goroutine (which write
// distinct paths, so they may share the end-point buffers).
func (s *ParameterSolver) worker(topts TrackerOptions) *paramWorker {
	if s.o.Workers != 1 {
		w := s.newWorker(topts, s.cur)
		w.bufs = s.curBufs
		return w
	}
	return s.serialWorker(topts)
}

func (s *ParameterSolver) serialWorker(topts TrackerOptions) *paramWorker {
	if s.w != nil {
		s.w.reset(topts, s.cur)
	} else {
		s.w = s.newWorker(topts, s.cur)
	}
	s.w.bufs = s.curBufs
	return s.w
}

// TrackPath tracks start solution k alone to the target p1 and returns
// its PathResult, classified as Solve classifies paths but without the
// path-jumping check (which needs all paths) and without re-tracking. Its
// X belongs to the solver: the next TrackPath or SolveReuse overwrites
// it. It allocates nothing once the solver's buffers exist. A caller that
// needs one particular root, and can recognise it, tracks the most
// promising paths first and stops when it has it — but only Solve, which
// tracks every path, guarantees that every isolated root is found.
func (s *ParameterSolver) TrackPath(k int, p1 []complex128) (PathResult, error) {
	if err := s.checkTarget(p1); err != nil {
		return PathResult{}, err
	}
	if k < 0 || k >= len(s.starts) {
		return PathResult{}, fmt.Errorf("homotopy: TrackPath: path %d of %d", k, len(s.starts))
	}
	s.ensureBufs()
	s.p1buf = append(s.p1buf[:0], p1...)
	s.cur, s.curBufs = s.p1buf, s.xbuf
	pr := s.serialWorker(s.o.Tracker).track(k)
	s.cur, s.curBufs = nil, nil
	return pr, nil
}

func (s *ParameterSolver) ensureBufs() {
	if len(s.xbuf) != len(s.starts) {
		s.xbuf = make([][]complex128, len(s.starts))
		for i := range s.xbuf {
			s.xbuf[i] = make([]complex128, s.sys.NumVars())
		}
	}
}

// workersFor implements retrackSource: workers with the tighter tracker
// options of a re-tracking round.
func (s *ParameterSolver) workersFor(round int) func() pathWorker {
	t := tighter(s.o.Tracker, round)
	return func() pathWorker { return s.worker(t) }
}

func (s *ParameterSolver) newWorker(topts TrackerOptions, p1 []complex128) *paramWorker {
	sys := cloneParameterSystem(s.sys)
	h, _ := NewParameterHomotopy(sys, s.p0, p1, s.po.Detour) // checked in NewParameterSolver
	n := sys.NumVars()
	tr, _ := NewTracker(h, topts)
	mk := func() []complex128 { return make([]complex128, n) }
	eg := NewEndgame(n, n, s.o.Endgame)
	eg.skipRefine = s.po.Loose
	w := &paramWorker{
		s: s, h: h, tr: tr, eg: eg,
		tgt: &paramTarget{sys: sys, p: h.p1, jp: nil},
		aw:  affineWork{f: mk(), jac: make([]complex128, n*n), dx: mk(), x0: mk(), s: make([]float64, n), noise: make([]float64, n), lu: newLU(n)},
	}
	return w
}

// paramWorker tracks parameter-homotopy paths.
type paramWorker struct {
	s    *ParameterSolver
	h    *ParameterHomotopy
	tr   *Tracker
	eg   *Endgame
	tgt  *paramTarget
	aw   affineWork
	bufs [][]complex128 // per path: where its end point goes (nil: allocate)
}

func (w *paramWorker) reset(topts TrackerOptions, p1 []complex128) {
	w.h.SetTarget(p1)
	w.tr.opts = topts.withDefaults()
}

func (w *paramWorker) track(k int) PathResult {
	var x []complex128
	if w.bufs != nil {
		x = w.bufs[k]
		copy(x, w.s.starts[k])
	} else {
		x = slices.Clone(w.s.starts[k])
	}
	pr := PathResult{Start: k}
	egr, ok := trackToEndgame(w.tr, w.eg, x, &pr)
	if !ok {
		return pr
	}
	switch egr.Status {
	case EndFailed, EndNotConverged:
		pr.Status, pr.Track = PathFailed, egr.Track
		if w.s.po.Loose && egr.Status == EndNotConverged && allFinite(x) {
			pr.X = x // the point reached at t = egr.Radius
		}
		return pr
	case EndDiverging:
		pr.Status, pr.Infinity, pr.Valuation = PathAtInfinity, InfinityByValuation, egr.Valuation
		return pr
	}
	pr.Status, pr.X = PathFinite, x
	if w.s.po.Loose && egr.Status == EndDirect && !egr.Refined {
		pr.Cond, pr.ScaledResidual = math.NaN(), math.NaN()
		return pr
	}
	// In affine coordinates the endgame's refinement already is the final
	// Newton refinement; refine again only Cauchy estimates.
	nonsing := egr.Refined && egr.Winding == 1
	w.aw.classify(w.tgt, &pr, nonsing, nonsing && egr.Status != EndDirect, w.s.o.SingularCond)
	return pr
}

// paramTarget evaluates F(·; p₁).
type paramTarget struct {
	sys ParameterSystem
	p   []complex128
	jp  []complex128
}

func (t *paramTarget) eval(f, jac, x []complex128) { t.sys.Evaluate(f, jac, nil, x, t.p) }

func (t *paramTarget) termScale(s []float64, x []complex128) bool {
	ts, ok := t.sys.(ParameterTermScaler)
	if ok {
		ts.TermScale(s, x, t.p)
	}
	return ok
}
