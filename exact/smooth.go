package exact

import (
	"math"
	"slices"

	"github.com/hypersteiner/hypersteiner/plane"
)

// The relaxed length L(x) of a topology is not differentiable where an
// edge has length zero, which is where the minimum of most topologies
// lies. relax therefore minimises the smoothed length
//
//	L_ε(x) = Σ_edges √(d(xᵢ, xⱼ)² + ε²)
//
// by damped Newton steps, for ε shrinking from 1e-2 to 1e-9 of the
// terminals' diameter. L_ε is convex (an increasing convex function of a
// convex distance) and smooth, L ≤ L_ε ≤ L + mε for m edges, and its
// minimiser lies in the convex hull of the terminals (projecting onto the
// hull shortens every distance). So for any x
//
//	min L ≥ min L_ε − mε ≥ L_ε(x) − ‖∇L_ε(x)‖·R − mε,
//
// R bounding the distance from x to the minimiser (see lower). That is the
// lower bound that prunes; the length L(x) itself is an upper bound.

// Smoothing schedule relative to the terminals' diameter. Below 1e-9 the
// gradient of L_ε at collapsed edges, which varies on the scale ε, can no
// longer be evaluated accurately from float64 positions (resolution
// ~1e-16), so the bound would not get tighter.
const (
	epsStart  = 1e-2
	epsMin    = 1e-9
	epsShrink = 10
)

// smoothEval returns L_ε and L at nd's positions and, when grad is true,
// fills the gradient and Hessian of L_ε in the Steiner points' frames.
//
// Per edge, φ = √(d² + ε²), φ′ = d/φ, φ″ = ε²/φ³. With u the unit vector
// at one end towards the other (∇d = −u there), n ⊥ u and n′ its transport
// to the other end: gradient −φ′u; Hessian φ″·∇d∇dᵀ (blocks φ″uᵢuᵢᵀ,
// φ″uᵢuⱼᵀ, …) plus φ′ times the Hessian of d (coth d·nnᵀ on the diagonal,
// −nn′ᵀ/sinh d off it; 1/d for both in the Euclidean plane). At d = 0 the
// limits are I/ε on the diagonal and −I/ε off it, and no gradient.
//
// Without grad it records each edge's distance, and with grad it takes
// them from there when smoothNewton has marked them as those of the
// current positions (w.distsHere): Newton's next gradient is evaluated
// where its line search last evaluated the length.
func (s *solver) smoothEval(nd *node, eps float64, grad bool) (le, l float64, ok bool) {
	n := int32(len(s.term))
	k := len(nd.st)
	m := 2 * k
	w := &s.work
	reuse := grad && w.distsHere && len(w.dists) == len(nd.edges)
	w.distsHere = false
	if !grad {
		w.dists = slices.Grow(w.dists[:0], len(nd.edges))[:len(nd.edges)]
	}
	if grad {
		w.g = slices.Grow(w.g[:0], m)[:m]
		w.h = slices.Grow(w.h[:0], m*m)[:m*m]
		clear(w.g)
		clear(w.h)
	}
	add := func(r, c int, a [2][2]float64) {
		for i := 0; i < 2; i++ {
			for j := 0; j < 2; j++ {
				w.h[(2*r+i)*m+2*c+j] += a[i][j]
			}
		}
	}
	for ei, e := range nd.edges {
		a, b := e[0], e[1]
		if a >= n && (b < n || b < a) {
			a, b = b, a // a: the terminal, or the lower Steiner point
		}
		x, y := s.pt(nd, a), s.pt(nd, b)
		var d float64
		if reuse {
			d = w.dists[ei]
		} else {
			d = s.g.dist(x, y)
		}
		if !grad {
			w.dists[ei] = d
		}
		phi := math.Hypot(d, eps)
		le += phi
		l += d
		if !grad {
			continue
		}
		ib := int(b - n) // b is a Steiner point
		ia := -1
		if a >= n {
			ia = int(a - n)
		}
		if d == 0 {
			id := [2][2]float64{{1 / eps, 0}, {0, 1 / eps}}
			add(ib, ib, id)
			if ia >= 0 {
				add(ia, ia, id)
				neg := [2][2]float64{{-1 / eps, 0}, {0, -1 / eps}}
				add(ia, ib, neg)
				add(ib, ia, neg)
			}
			continue
		}
		d1, d2 := d/phi, eps*eps/(phi*phi*phi)
		diag, off := s.g.hessian(d)
		// Unit vectors at b towards a, and at a towards b.
		ubx, uby, okb := s.g.unit(y, x)
		if !okb {
			return 0, 0, false
		}
		w.g[2*ib] -= d1 * ubx
		w.g[2*ib+1] -= d1 * uby
		nbx, nby := -uby, ubx
		add(ib, ib, [2][2]float64{
			{d2*ubx*ubx + d1*diag*nbx*nbx, d2*ubx*uby + d1*diag*nbx*nby},
			{d2*uby*ubx + d1*diag*nby*nbx, d2*uby*uby + d1*diag*nby*nby}})
		if ia < 0 {
			continue
		}
		uax, uay, oka := s.g.unit(x, y)
		if !oka {
			return 0, 0, false
		}
		w.g[2*ia] -= d1 * uax
		w.g[2*ia+1] -= d1 * uay
		nax, nay := -uay, uax
		add(ia, ia, [2][2]float64{
			{d2*uax*uax + d1*diag*nax*nax, d2*uax*uay + d1*diag*nax*nay},
			{d2*uay*uax + d1*diag*nay*nax, d2*uay*uay + d1*diag*nay*nay}})
		// n′ at b: the transport of n at a, −rot90(u at b towards a).
		tx, ty := uby, -ubx
		ab := [2][2]float64{
			{d2*uax*ubx - d1*off*nax*tx, d2*uax*uby - d1*off*nax*ty},
			{d2*uay*ubx - d1*off*nay*tx, d2*uay*uby - d1*off*nay*ty}}
		add(ia, ib, ab)
		add(ib, ia, [2][2]float64{{ab[0][0], ab[1][0]}, {ab[0][1], ab[1][1]}})
	}
	return le, l, true
}

// smoothBound returns the lower bound of the relaxed length from the
// smoothed state: L_ε − ‖∇L_ε‖·R − mε, with the rounding allowances of
// lower (w.g must hold the gradient at nd's positions).
func (s *solver) smoothBound(nd *node, le, eps float64) float64 {
	var g2 float64
	for _, v := range s.work.g[:2*len(nd.st)] {
		g2 += v * v
	}
	r := s.radius(nd)
	k := float64(len(nd.st))
	const distErr = 1e-13
	return le*(1-distErr) - (math.Sqrt(g2)+1e-12*k)*r*(1+distErr) - float64(len(nd.edges))*eps
}

// radius bounds the distance from nd's Steiner points to the minimiser:
// √(Σᵢ (max_t d(xᵢ, t))²) over the inserted terminals t.
//
// In a plane whose distance is a function of a cheaper key (the
// hyperbolic one: d = asinh of the key sinh d) the maximum is found on the
// keys, and the distance computed only for the keys within a relative
// 1e-9 of the largest. The keys are accurate to a few ulps, so the
// farthest terminal is always among those; and asinh, accurate to an ulp
// or two, cannot order two keys that far apart the wrong way (its
// relative change is at least 1e-9/710 for keys below float64's largest),
// so the result is the float the distance of every terminal would give.
//
// The result depends on nd.ord and nd.st only; the last one is kept, since
// the bound asks again at the positions Newton stopped at, and so is the
// farthest terminal of each point, for radiusBelow.
func (s *solver) radius(nd *node) float64 {
	w := &s.work
	if slices.Equal(w.radiusOrd, nd.ord) && slices.Equal(w.radiusAt, nd.st) {
		return w.radius
	}
	kd, _ := s.g.sp.Plane().(plane.KeyDister)
	terms := nd.ord
	w.keys = slices.Grow(w.keys[:0], len(terms))[:len(terms)]
	w.far = slices.Grow(w.far[:0], len(nd.st))[:len(nd.st)]
	var r2 float64
	for i, x := range nd.st {
		m, far := 0.0, 0
		if kd == nil {
			for j, t := range terms {
				// max(m, d) as the loop of distances, NaN included.
				if d := s.g.dist(x, s.term[t]); !math.IsNaN(m) && !(d <= m) {
					m, far = d, j
				}
			}
		} else {
			top := 0.0
			for j, t := range terms {
				w.keys[j] = s.g.sp.DistKey(x, s.term[t])
				top = max(top, w.keys[j])
			}
			if math.IsNaN(top) {
				m = top
			} else {
				for j, k := range w.keys {
					if k >= top*(1-1e-9) {
						if d := kd.DistOfKey(k); d > m {
							m, far = d, j
						}
					}
				}
			}
		}
		w.far[i] = int32(far)
		r2 += m * m
	}
	w.radiusOrd, w.radiusAt, w.radius = nd.ord, append(w.radiusAt[:0], nd.st...), math.Sqrt(r2)
	return w.radius
}

// radiusBelow returns a lower bound of radius(nd), as a float no larger
// than radius's own, from one distance per Steiner point: to the terminal
// at the place of nd's insertion order where the farthest one was when
// radius last ran (the same terminal, unless strong branching moved to a
// topology that inserted others; ok is false when the number of Steiner
// points has changed since). That distance, to a terminal of nd, is at
// most the maximum radius takes, whose float is the largest of every
// terminal's (see radius), and the sum of squares rounds monotonically.
// It lets Newton's stopping test reject, exactly as radius would, without
// a distance to every terminal.
func (s *solver) radiusBelow(nd *node) (float64, bool) {
	w := &s.work
	if len(w.far) != len(nd.st) {
		return 0, false
	}
	var r2 float64
	for i, x := range nd.st {
		f := int(w.far[i])
		if f >= len(nd.ord) {
			return 0, false
		}
		m := s.g.dist(x, s.term[nd.ord[f]])
		r2 += m * m
	}
	return math.Sqrt(r2), true
}

// converged is Newton's stopping test ‖∇L_ε‖·R ≤ target, decided on
// radiusBelow when that already exceeds it.
func (s *solver) converged(nd *node, gnorm, target float64) bool {
	if lo, ok := s.radiusBelow(nd); ok && gnorm*lo > target {
		return false
	}
	return gnorm*s.radius(nd) <= target
}

// relax lowers the smoothing stage by stage, each stage minimising L_ε
// by damped Newton until ‖∇L_ε‖·R is below mε (the two error terms of
// the bound balance), and stops when the bound reaches the incumbent
// (pruned), or, for a partial topology, the length is below the
// incumbent (its children are looked at), or at the last stage. It leaves
// nd.f (the length) and nd.lb set.
func (s *solver) relax(nd *node, leaf bool) (pruned bool) {
	for eps := epsStart * s.scale; ; eps /= epsShrink {
		final := eps <= epsMin*s.scale
		le, l, ok := s.smoothNewton(nd, eps)
		if !ok {
			// Newton failed (a singular Hessian, say): no new bound.
			nd.f = s.length(nd)
			return false
		}
		nd.f = l
		// Every stage's bound holds, and so does one from an earlier
		// relaxation of nd: a later stage can be looser when its Newton
		// stopped short of the resolution.
		nd.lb = max(nd.lb, s.smoothBound(nd, le, eps))
		switch {
		case nd.lb >= s.ub:
			return true
		case !leaf && nd.f < s.ub:
			return false
		case final:
			return false
		}
	}
}

// The damping of smoothNewton's Levenberg–Marquardt steps, relative to
// the Hessian's largest scale 1/ε: from 1e-6/ε up to 1e3/ε (where the
// step is nearly the gradient's, scaled by ε/1e3), a hundredfold each.
const (
	minDamping    = 1e-6
	maxDamping    = 1e3
	dampingGrowth = 100
)

// lineSearch moves nd's Steiner points along w.d from where the gradient
// was evaluated (L_ε = le there, slope the derivative along w.d), taking
// the longest step of 1, 1/2, …, 1/1024 of it that meets Armijo's
// condition; false, with the points back, when none does.
func (s *solver) lineSearch(nd *node, eps, le, slope float64) bool {
	w := &s.work
	w.old = append(w.old[:0], nd.st...)
	old := w.old
	for t := 1.0; t >= 1.0/1024; t /= 2 {
		good := true
		for i := range nd.st {
			var okx bool
			nd.st[i], okx = s.g.exp(old[i], t*w.d[2*i], t*w.d[2*i+1])
			good = good && okx
		}
		if good {
			if nle, _, _ := s.smoothEval(nd, eps, false); nle <= le+1e-4*t*slope {
				w.distsHere = true // the positions stay: the next gradient's distances
				return true
			}
		}
		copy(nd.st, old)
	}
	return false
}

// smoothNewton minimises L_ε from nd's positions and returns L_ε and L
// there (L as length computes it: the same distances, summed in the same
// order), with the gradient left in s.work.g.
func (s *solver) smoothNewton(nd *node, eps float64) (le, l float64, ok bool) {
	k := len(nd.st)
	m := 2 * k
	w := &s.work
	target := float64(len(nd.edges)) * eps
	for it := 0; it < 60; it++ {
		s.stats.Sweeps++
		le, l, ok = s.smoothEval(nd, eps, true)
		if !ok {
			return 0, 0, false
		}
		var g2 float64
		for _, v := range w.g[:m] {
			g2 += v * v
		}
		if s.converged(nd, math.Sqrt(g2), target) {
			return le, l, true
		}
		moved := false
		// Newton's step first. When even its 1/1024 is longer (the Hessian
		// nearly singular along a mode whose curvature the model misses,
		// so that the step leaves the region where the model holds), the
		// same line search on Levenberg–Marquardt steps (H + λI)⁻¹∇L_ε of
		// growing λ, which turn towards the gradient and shorten.
		for lambda := 0.0; !moved && lambda <= maxDamping/eps; lambda = max(minDamping/eps, dampingGrowth*lambda) {
			w.d = slices.Grow(w.d[:0], m)[:m]
			for i := range w.d {
				w.d[i] = -w.g[i]
			}
			if !s.solveTree(nd, w.d, lambda) {
				return 0, 0, false
			}
			slope := 0.0
			for i := range w.d {
				slope += w.g[i] * w.d[i]
			}
			if !(slope < 0) {
				break // no descent direction left at this precision
			}
			moved = s.lineSearch(nd, eps, le, slope)
		}
		if !moved {
			// At the resolution of L_ε (or no descent direction left). The positions are back where this
			// step's gradient was evaluated, and w.g still holds it (only an
			// evaluation with grad writes it).
			return le, l, true
		}
	}
	return s.smoothEval(nd, eps, true)
}
