package fermat

import (
	"math"
	"sync"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/isoptic"
	"github.com/hypersteiner/hypersteiner/newton"
)

// Simple is the strategy "simple", the paper's Simple setup: Powell's
// hybrid method (newton.Hybrd with MINPACK hybrd1's settings, which are
// scipy.optimize.fsolve's: xtol = √ε ≈ 1.49012e-8, maxfev = 200(n+1) =
// 600, factor = 100, no scaling, forward-difference Jacobian) on the φ
// system (φ_ab, φ_bc) of the triangle as given, started from the first
// vertex a and, if that fails, from the third, c.
//
// A root is accepted when hybrd reports convergence (MINPACK info 1), the
// point is strictly inside the disk, and it is confirmed (see confirm): it
// lies within hybrd's claimed accuracy of a root of the φ system that sees
// all three pairs of vertices under 120° (seesAt120: the third angle of a
// root of the φ system is 120° or 0°, told apart by its cosine, −1/2 or
// +1 — no 119° threshold). There is no distance-to-terminal cut. The point
// returned is hybrd's own, as in the paper. The shared vertex b is
// never a start: every vertex is a spurious root of the φ curves through
// it (B = 0 there), and b lies on both, so hybrd would stop there at once.
//
// Simple is fast but has no convergence guarantee: it misses Steiner
// points (Failed), mostly of triangles near the ideal boundary, and its
// accuracy is hybrd's xtol relative to the Klein norm of the point, which
// is coarse for tiny triangles. It exists to reproduce the paper; use
// Newton or Auto otherwise.
type Simple struct{}

// Name returns "simple".
func (Simple) Name() string { return "simple" }

// Fermat implements Solver.
func (s Simple) Fermat(a, b, c hyperbolic.Point) (hyperbolic.Point, Status) {
	return fermatOf(s, a, b, c)
}

// Solve implements Strategy.
func (Simple) Solve(a, b, c hyperbolic.Point) (Result, error) {
	return solveBy(a, b, c, bySimple)
}

// simpleWork is the scratch state of one Simple solve; solves take it from
// a pool, so that Simple is safe for concurrent use and allocates nothing
// in steady state.
type simpleWork struct {
	ws  newton.Workspace
	res newton.Result
	x0  []float64
	f3  isoptic.Fermat3
	sys newton.System
	set newton.HybridSettings
}

var simplePool = sync.Pool{New: func() any {
	w := &simpleWork{x0: make([]float64, 2), set: newton.Hybrd1Settings(2)}
	w.sys = newton.System{M: 2, F: func(f, x []float64) {
		v := w.f3.Phi([2]float64{x[0], x[1]})
		f[0], f[1] = v[0], v[1]
	}}
	return w
}}

// confirm is Simple's acceptance test for hybrd's point p: p is in the
// disk, and Newton's method on the φ system (analytic Jacobian, in the
// centred frame, as in Newton) started at p converges to a point that sees
// all three pairs of vertices under 120° (seesAt120) and lies within
// hybrd's own claim of p: MINPACK's info 1 says the relative error of p is
// at most xtol, ‖p − s‖ ≤ xtol·‖p‖ (Euclidean norms of the Klein
// coordinates, as hybrd measures with D = 1).
//
// Why more than seesAt120 at p itself: hybrd also "converges" to the
// shared vertex b, where both equations vanish (B = 0), and stops within
// ~1e-12 of b; the angles computed there are meaningless (142°, 141°, 77°
// were seen) yet all have cosines below 1/4. Newton's method refuses that
// point: both φ are homogeneous of degree one about b, so its step lands
// on b itself, where φ has no Jacobian.
func confirm(t *triangle, p hyperbolic.Point, xtol float64, r *Result) bool {
	if p.Check() != nil {
		return false
	}
	f, q := centroidFrame(t)
	s0 := f.toLocal([2]float64{p.X, p.Y}, oneMinusNormSq(p.X, p.Y))
	sol, ok := newtonLocal(&q, s0, r)
	if !ok {
		return false
	}
	s, ok := finish(&f, &q, sol)
	return ok && math.Hypot(p.X-s.X, p.Y-s.Y) <= xtol*math.Hypot(p.X, p.Y)
}

func simpleSolve(t *triangle, r *Result) (hyperbolic.Point, bool) {
	w := simplePool.Get().(*simpleWork)
	defer simplePool.Put(w)
	var err error
	w.f3, err = isoptic.NewFermat3(point(t.v[0]), point(t.v[1]), point(t.v[2]), isoptic.Cos120)
	if err != nil {
		return hyperbolic.Point{}, false
	}
	for _, start := range [2]int{0, 2} {
		w.x0[0], w.x0[1] = t.v[start][0], t.v[start][1]
		err := w.ws.Hybrd(&w.res, w.sys, w.x0, &w.set)
		r.Iterations += w.res.Iterations
		r.Evaluations += w.res.NFev
		if err != nil || w.res.Status != newton.XTolReached {
			continue
		}
		p := hyperbolic.Point{X: w.res.X[0], Y: w.res.X[1]}
		if confirm(t, p, w.set.XTol, r) {
			return p, true
		}
	}
	return hyperbolic.Point{}, false
}
