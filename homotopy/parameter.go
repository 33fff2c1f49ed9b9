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
	TermScale(x, p []complex128, s []float64)
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
	p0, p1, detour []complex128
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
	}
	if detour != nil {
		h.detour = slices.Clone(detour)
	}
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
func (h *ParameterHomotopy) SetTarget(p1 []complex128) { copy(h.p1, p1) }

// NumEquations returns n.
func (h *ParameterHomotopy) NumEquations() int { return h.n }

// NumUnknowns returns n (affine tracking).
func (h *ParameterHomotopy) NumUnknowns() int { return h.n }

// Evaluate implements Homotopy.
func (h *ParameterHomotopy) Evaluate(hv, hz, ht, z []complex128, t complex128) {
	s := 1 - t
	for k := range h.p {
		h.p[k] = t*h.p0[k] + s*h.p1[k]
		h.dp[k] = h.p0[k] - h.p1[k]
	}
	if h.detour != nil {
		ts, ds := t*s, s-t
		for k, d := range h.detour {
			h.p[k] += ts * d
			h.dp[k] += ds * d
		}
	}
	if ht == nil {
		h.sys.Evaluate(hv, hz, nil, z, h.p)
		return
	}
	h.sys.Evaluate(hv, hz, h.jp, z, h.p)
	for i := range h.n {
		var v complex128
		row := h.jp[i*h.m : (i+1)*h.m]
		for k, d := range h.dp {
			v += row[k] * d
		}
		ht[i] = v
	}
}

// TermScale implements HomotopyTermScaler when the family implements
// ParameterTermScaler.
func (h *ParameterHomotopy) TermScale(z []complex128, t complex128, s []float64) bool {
	ts, ok := h.sys.(ParameterTermScaler)
	if !ok {
		return false
	}
	u := 1 - t
	for k := range h.p {
		h.p[k] = t*h.p0[k] + u*h.p1[k]
	}
	if h.detour != nil {
		for k, d := range h.detour {
			h.p[k] += t * u * d
		}
	}
	ts.TermScale(z, h.p, s)
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
	if len(p1) != len(s.p0) {
		return nil, fmt.Errorf("%w: target has %d parameters, want %d", ErrBadSystem, len(p1), len(s.p0))
	}
	if i := firstNonFinite(p1); i >= 0 {
		return nil, fmt.Errorf("%w: target parameter %d is %v", ErrBadSystem, i, p1[i])
	}
	res := &Result{Paths: make([]PathResult, len(s.starts))}
	all := make([]int, len(s.starts))
	for i := range all {
		all[i] = i
	}
	mk := func(topts TrackerOptions, reuse bool) func() pathWorker {
		return func() pathWorker {
			if reuse && s.w != nil {
				s.w.reset(topts, p1)
				return s.w
			}
			w := s.newWorker(topts, p1)
			if reuse {
				s.w = w
			}
			return w
		}
	}
	serial := s.o.Workers == 1
	runPaths(res.Paths, all, s.o.Workers, mk(s.o.Tracker, serial))
	finishResult(res, &s.o, func(round int) func() pathWorker {
		return mk(tighter(s.o.Tracker, round), serial)
	})
	return res, nil
}

func (s *ParameterSolver) newWorker(topts TrackerOptions, p1 []complex128) *paramWorker {
	sys := cloneParameterSystem(s.sys)
	h, _ := NewParameterHomotopy(sys, s.p0, p1, s.po.Detour) // checked in NewParameterSolver
	n := sys.NumVars()
	tr, _ := NewTracker(h, topts)
	mk := func() []complex128 { return make([]complex128, n) }
	w := &paramWorker{
		s: s, h: h, tr: tr, eg: NewEndgame(n, n, s.o.Endgame),
		tgt: &paramTarget{sys: sys, p: h.p1, jp: nil},
		aw:  affineWork{f: mk(), jac: make([]complex128, n*n), dx: mk(), x0: mk(), s: make([]float64, n), lu: newLU(n)},
	}
	return w
}

// paramWorker tracks parameter-homotopy paths.
type paramWorker struct {
	s   *ParameterSolver
	h   *ParameterHomotopy
	tr  *Tracker
	eg  *Endgame
	tgt *paramTarget
	aw  affineWork
}

func (w *paramWorker) reset(topts TrackerOptions, p1 []complex128) {
	w.h.SetTarget(p1)
	w.tr.opts = topts.withDefaults()
}

func (w *paramWorker) track(k int) PathResult {
	x := slices.Clone(w.s.starts[k])
	w.tr.Reset()
	pr := PathResult{Start: k}
	st := w.tr.Track(x, 1, complex(w.eg.opts.StartRadius, 0))
	if st != TrackOK {
		pr.Status, pr.Track = PathFailed, st
		pr.Steps, pr.Rejections = w.tr.Steps(), w.tr.Rejections()
		return pr
	}
	egr := w.eg.Run(w.tr, x)
	pr.Steps, pr.Rejections = w.tr.Steps(), w.tr.Rejections()
	pr.Endgame, pr.Winding, pr.Accuracy = egr.Status, egr.Winding, egr.Accuracy
	switch egr.Status {
	case EndFailed, EndNotConverged:
		pr.Status, pr.Track = PathFailed, egr.Track
		return pr
	case EndDiverging:
		pr.Status = PathAtInfinity
		return pr
	}
	pr.Status, pr.X = PathFinite, x
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

func (t *paramTarget) eval(x, f, jac []complex128) { t.sys.Evaluate(f, jac, nil, x, t.p) }

func (t *paramTarget) termScale(x []complex128, s []float64) bool {
	ts, ok := t.sys.(ParameterTermScaler)
	if ok {
		ts.TermScale(x, t.p, s)
	}
	return ok
}
