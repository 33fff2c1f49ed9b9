package homotopy

import (
	"math"
)

// EndgameOptions controls the endgame, the last stretch of a path from
// t = StartRadius to the target t = 0. Zero fields take the defaults of
// DefaultEndgameOptions.
type EndgameOptions struct {
	// StartRadius is the t at which the endgame takes over from plain
	// tracking.
	StartRadius float64
	// DirectSteps: the endgame heads for t = 0 in legs of at most
	// DirectSteps steps; a nonsingular end point is usually reached in the
	// first leg, otherwise the end of each leg is a checkpoint at which the
	// valuation of z₀ is estimated.
	DirectSteps int
	// CheckpointRatio is the factor between checkpoints once an end point
	// reached at t = 0 has failed the nonsingularity test.
	CheckpointRatio float64
	// RefineTol: a path that reaches t = 0 has a nonsingular end point when
	// two Newton steps there converge quadratically to a correction below
	// RefineTol·max(1,‖z‖).
	RefineTol float64
	// MinValuation ν_min: at three successive checkpoints the valuation
	// estimates ν = d log|z₀| / d log t (z of unit length) are compared.
	// Two estimates ≥ ν_min that agree within ν_min/2 mean the path goes
	// to infinity (|z₀| ~ t^ν → 0); two estimates within ν_min/2 of zero
	// mean a finite end point, found by the Cauchy endgame. Valuations are
	// multiples of 1/c for winding number c, so the default 1/(2·16)
	// separates them for c ≤ 16.
	MinValuation float64
	// MinGrowth: a path is declared diverging only once |z₀|/‖z‖ has also
	// fallen by this factor since the first checkpoint (as for
	// HomotopyContinuation.jl's min_coord_growth), so that a finite end
	// point approached slowly is not mistaken for infinity.
	MinGrowth float64
	// DivergenceRadius: paths are declared diverging only at checkpoints
	// t ≤ DivergenceRadius, where the Puiseux expansion has settled.
	DivergenceRadius float64
	// CauchyRadius: a path still undecided at a checkpoint t ≤ CauchyRadius
	// goes to the Cauchy endgame. (Much deeper, near a singular end point
	// the Jacobian's condition number, of order t^{1/c−1}, makes tracking
	// to CorrectorTol impossible in float64.)
	CauchyRadius float64
	// RadiusRatio is the factor between successive Cauchy radii.
	RadiusRatio float64
	// SamplesPerLoop is the number of points per loop around t = 0; the
	// trapezoidal rule on them is the Cauchy integral estimate.
	SamplesPerLoop int
	// MaxWinding is the largest winding number (cycle number) tried.
	MaxWinding int
	// MinRadius is the smallest t of a checkpoint or a Cauchy loop.
	MinRadius float64
	// LoopTol: a loop is closed when the path returns to its start within
	// LoopTol·max(1,‖z‖). It must be well above the tracking accuracy
	// (CorrectorTol) and well below the separation of the branches of a
	// cycle (of order radius^{1/c}).
	LoopTol float64
	// Tol: the Cauchy endgame has converged when two successive estimates
	// agree within Tol·max(1,‖z‖).
	Tol float64
	// ResidualTol validates a converged Cauchy estimate z: for every
	// equation |F_i(z)| ≤ ResidualTol·‖∇F_i(z)‖·‖z‖. (Two estimates can
	// agree and still be wrong when the circles enclose a branch point of
	// the homotopy other than t = 0: their mean is then a Laurent
	// coefficient, not the end point.)
	ResidualTol float64
}

// DefaultEndgameOptions returns the endgame defaults.
func DefaultEndgameOptions() EndgameOptions {
	return EndgameOptions{
		StartRadius:      0.1,
		CheckpointRatio:  0.1,
		DirectSteps:      10,
		RefineTol:        1e-11,
		MinValuation:     1.0 / 32,
		MinGrowth:        10,
		DivergenceRadius: 1e-6,
		CauchyRadius:     1e-8,
		RadiusRatio:      0.25,
		SamplesPerLoop:   8,
		MaxWinding:       16,
		MinRadius:        1e-14,
		LoopTol:          1e-7,
		Tol:              1e-9,
		ResidualTol:      1e-6,
	}
}

func (o EndgameOptions) withDefaults() EndgameOptions {
	d := DefaultEndgameOptions()
	// A radius or ratio must also be below 1.
	fraction := func(v *float64, def float64) {
		if !(*v > 0 && *v < 1) {
			*v = def
		}
	}
	fraction(&o.StartRadius, d.StartRadius)
	fraction(&o.CheckpointRatio, d.CheckpointRatio)
	positiveOr(&o.RefineTol, d.RefineTol)
	positiveOr(&o.MinValuation, d.MinValuation)
	fraction(&o.RadiusRatio, d.RadiusRatio)
	positiveOr(&o.MinGrowth, d.MinGrowth)
	fraction(&o.DivergenceRadius, d.DivergenceRadius)
	fraction(&o.CauchyRadius, d.CauchyRadius)
	fraction(&o.MinRadius, d.MinRadius)
	positiveOr(&o.LoopTol, d.LoopTol)
	positiveOr(&o.Tol, d.Tol)
	positiveOr(&o.ResidualTol, d.ResidualTol)
	positiveOr(&o.DirectSteps, d.DirectSteps)
	if o.SamplesPerLoop < 3 {
		o.SamplesPerLoop = d.SamplesPerLoop
	}
	positiveOr(&o.MaxWinding, d.MaxWinding)
	return o
}

// EndgameResult describes the end point found by an Endgame.
type EndgameResult struct {
	Status EndgameStatus
	// Winding is the estimated winding (cycle) number c: the path is a
	// function of t^{1/c} near t = 0. c > 1 means the end point is
	// singular. 0 when unknown.
	Winding int
	// Accuracy estimates the error of the end point relative to
	// max(1,‖z‖): the last Newton correction, or the difference of the
	// last two Cauchy estimates.
	Accuracy float64
	// Refined reports that Newton's method at t = 0 converged
	// quadratically from the end point.
	Refined bool
	// Valuation is the last estimate of ν = d log|z₀| / d log t (NaN when
	// fewer than two checkpoints were passed).
	Valuation float64
	// Radius is the smallest |t| reached.
	Radius float64
	// Track is the tracker status when Status is EndFailed.
	Track TrackStatus
}

// Endgame computes the end point at t = 0 of a path given at t =
// StartRadius. Near t = 0 every path is a Puiseux series z(t) = Σ a_k t^{k/c}
// with a winding (cycle) number c ≥ 1; c = 1 and a nonsingular end point is
// the common case. The endgame
//
//  1. tracks towards t = 0 in legs of a few steps; a nonsingular end point
//     is usually reached in the first leg (and accepted if Newton's method
//     converges quadratically there), otherwise the end of each leg is a
//     checkpoint;
//  2. estimates the valuation ν of z₀ (of the unit-length representative)
//     from successive checkpoints: a stable ν > 0 means |z₀| ~ t^ν → 0, the
//     path diverges in Cⁿ; a stable ν = 0 means a finite end point;
//  3. for finite, non-direct end points runs the Cauchy endgame: tracking
//     around the circle |t| = r (in a fixed affine patch, where z is
//     analytic in σ = t^{1/c}) returns to the start after exactly c loops,
//     and by Cauchy's integral formula in σ the mean of z over equally
//     spaced points of those loops is a₀ = z(0), up to an error of order
//     r^K for K samples per loop. The radius shrinks until two estimates
//     agree and the estimate solves the target system.
type Endgame struct {
	opts                          EndgameOptions
	skipRefine                    bool // ParameterOptions.Loose
	zs, sum, est, prevEst, zc, zd []complex128
	zr, zest                      []complex128 // radialEnd's start and the Cauchy estimate
	hv, hz                        []complex128
	roots                         []complex128
}

// NewEndgame returns an endgame for a homotopy with m equations in n
// unknowns.
func NewEndgame(m, n int, opts EndgameOptions) *Endgame {
	o := opts.withDefaults()
	mk := func() []complex128 { return make([]complex128, n) }
	eg := &Endgame{opts: o, zs: mk(), sum: mk(), est: mk(), prevEst: mk(), zc: mk(), zd: mk(), zr: mk(), zest: mk(),
		hv: make([]complex128, m), hz: make([]complex128, m*n)}
	K := o.SamplesPerLoop
	eg.roots = make([]complex128, K)
	eg.roots[0] = 1
	for j := 1; j < K; j++ {
		s, c := math.Sincos(2 * math.Pi * float64(j) / float64(K))
		eg.roots[j] = complex(c, s)
	}
	return eg
}

// Options returns the options in use.
func (eg *Endgame) Options() EndgameOptions { return eg.opts }

// refined applies up to three Newton steps to z at t = 0 (see
// Tracker.Refine) and reports whether they show converged, quadratic
// rather than linear convergence: the last
// correction below tol and either a tenfold drop or the one before also
// below tol. tol is RefineTol, or for an ill-conditioned point the
// rounding-noise level of the corrections (Tracker.NoiseFloor, or 64·ε·κ
// when the homotopy has no term scales), below which they cannot fall.
func (eg *Endgame) refined(tr *Tracker, z []complex128) (float64, bool) {
	// Stop as soon as two corrections show quadratic convergence to
	// RefineTol; otherwise all three steps feed the noise-level test.
	prev, last, ok := tr.refine(z, 0, 3, func(prev, last float64) bool {
		return !math.IsInf(prev, 1) && quadratic(prev, last, eg.opts.RefineTol)
	})
	if !ok {
		return last, false
	}
	if quadratic(prev, last, eg.opts.RefineTol) {
		return last, true
	}
	floor := 16 * tr.NoiseFloor(z, 0) / max(1, norm2(z))
	if floor == 0 {
		floor = 64 * epsilon * tr.Cond(z, 0)
	}
	return last, quadratic(prev, last, max(eg.opts.RefineTol, floor))
}

// quadratic reports whether two successive Newton corrections show
// convergence to tol: the last below tol and either a tenfold drop or the
// one before also below tol.
func quadratic(prev, last, tol float64) bool {
	return last <= tol && (last <= 0.1*prev || prev <= tol)
}

// Run takes z at t = StartRadius on the path tracked by tr and overwrites
// it with the end point at t = 0 (or, for a diverging path, with the last
// checkpoint).
func (eg *Endgame) Run(tr *Tracker, z []complex128) EndgameResult {
	o := &eg.opts
	t := o.StartRadius
	// log t and log|z₀| (unit-length z) at the last four checkpoints.
	var lt, lz [4]float64
	first := 0.0 // log|z₀| at the first checkpoint
	logGrowth := math.Log(o.MinGrowth)
	nh := 0
	nu := math.NaN()
	val := func(i int) float64 { return (lz[i] - lz[i-1]) / (lt[i] - lt[i-1]) }
	direct := true
	candidate := false // the divergence criteria held at the last checkpoint
	deepDone, ct := false, 0.0
loop:
	for {
		tr.normalise(z)
		copy(eg.zs, z)
		copy(lt[:], lt[1:])
		copy(lz[:], lz[1:])
		lt[3] = math.Log(t)
		if tr.proj {
			lz[3] = math.Log(math.Sqrt(abs2(z[0])) / norm2(z))
		} else {
			// Affine coordinates: the same quantity for z = (1, x).
			nx := norm2(z)
			lz[3] = -0.5 * math.Log1p(nx*nx)
		}
		nh++
		if nh == 1 {
			first = lz[3]
		}
		if nh >= 2 {
			nu = val(3)
		}
		tol := o.MinValuation / 2
		if nh >= 3 && math.Abs(nu) <= tol && math.Abs(val(2)) <= tol {
			break // finite: Cauchy endgame from here
		}
		// Diverging: the criteria must hold at two successive checkpoints,
		// so that the leg towards t = 0 between them had its chance to
		// reach a nonsingular end point. (An ill-conditioned root with
		// large coordinates can mimic a stable positive valuation down to
		// t ~ 1e-8 and then be reached in a few steps.)
		if nh >= 4 && t <= o.DivergenceRadius && eg.diverging(val(1), val(2), nu, true) && lz[3] <= first-logGrowth {
			if candidate {
				return EndgameResult{Status: EndDiverging, Valuation: nu, Radius: t}
			}
			candidate = true
		} else {
			candidate = false
		}
		if deepDone {
			// The end of the deep leg served as a last checkpoint; the
			// Cauchy loops start where that leg began (much closer to
			// t = 0 they would be ruined by the conditioning).
			copy(z, eg.zd)
			t = ct
			break
		}
		// Undecided this deep: one last, longer direct leg, then the
		// Cauchy endgame settles it.
		deep := t <= o.CauchyRadius
		if deep && !direct {
			break
		}
		if deep {
			copy(eg.zd, z)
			ct = t
		}
		// Head for t = 0 with a budget of DirectSteps steps: a nonsingular
		// end point is reached, otherwise the point where the budget ran
		// out is the next checkpoint. After an end point at t = 0 fails the
		// nonsingularity test, proceed by checkpoint ratios instead.
		target := 0.0
		if !direct {
			target = t * o.CheckpointRatio
		}
		ceil := tr.stepCeil
		budget := o.DirectSteps
		if deep {
			budget *= 4 // the last chance before the costly Cauchy loops
		}
		tr.stepCeil = min(ceil, tr.steps+budget)
		st := tr.Track(z, complex(t, 0), complex(target, 0))
		tr.stepCeil = ceil
		reached := real(tr.T())
		switch {
		case st == TrackOK && target == 0 && eg.skipRefine:
			return EndgameResult{Status: EndDirect, Winding: 1, Accuracy: tr.opts.CorrectorTol, Valuation: nu}
		case eg.skipRefine:
			// Loose: no checkpoints, no Cauchy loops; z is where the leg
			// stopped.
			return EndgameResult{Status: EndNotConverged, Valuation: nu, Radius: reached, Track: st}
		case st == TrackOK && target == 0:
			// The corrector's Newton steps at t = 0 are steps of the
			// refinement: when its last two already show quadratic
			// convergence to RefineTol, refining again proves nothing new.
			if p, l := tr.corrPrev, tr.corrLast; !math.IsInf(p, 1) && quadratic(p, l, o.RefineTol) {
				return EndgameResult{Status: EndDirect, Winding: 1, Accuracy: l, Refined: true, Valuation: nu}
			}
			last, ok := eg.refined(tr, z)
			if ok {
				return EndgameResult{Status: EndDirect, Winding: 1, Accuracy: last, Refined: true, Valuation: nu}
			}
			copy(z, eg.zs)
			direct = false
			if deep {
				break loop
			}
			continue
		case st == TrackOK:
			t = target
		case tr.steps >= ceil:
			return EndgameResult{Status: EndFailed, Track: TrackBudget, Valuation: nu, Radius: t}
		case st == TrackBudget && reached < t:
			t = reached
			deepDone = deep
		default:
			// Radial tracking broke down (e.g. near a singular end point):
			// let the Cauchy endgame work from the last point reached.
			if reached < t {
				t = reached
			} else {
				copy(z, eg.zs)
			}
			break loop
		}
	}
	res := eg.cauchy(tr, z, t)
	res.Valuation = nu
	if res.Status == EndCauchy && res.Winding > 1 && !eg.skipRefine && !(tr.proj && math.Sqrt(abs2(z[0])) <= 10*res.Accuracy*norm2(z)) {
		copy(eg.zest, z)
		if r, ok := eg.clusterEnd(tr, z, res.Radius); ok {
			r.Valuation = nu
			return r
		}
		copy(z, eg.zest)
	}
	if res.Status == EndFailed || res.Status == EndNotConverged {
		// The Cauchy endgame could not settle the end point; positive
		// valuations and growth still say the path diverges.
		if nh >= 4 && eg.diverging(val(1), val(2), nu, false) && lz[3] <= first-logGrowth {
			copy(z, eg.zs)
			return EndgameResult{Status: EndDiverging, Valuation: nu, Radius: t}
		}
	}
	return res
}

// clusterEnd handles a Cauchy end point of winding number c > 1 that is
// the mean of a cluster of simple roots rather than a multiple root. Near
// t = 0 a cluster's paths meet at a branch point t_b of modulus about
// (cluster width)², and loops of radius r > |t_b| circle it as they would
// circle a multiple root. A ray from |t| = r to 0 that passes t_b at a
// distance leads each path to its own simple root. From the path's point
// at t = r (eg.zr) this tracks along the circle by 2π/K, −2π/K or π and
// then straight to t = 0 (at most 10·DirectSteps steps each). The end
// point z stands only if
//   - Newton's method converges quadratically there (refined), also from
//     a point moved well beyond its rounding noise (contracts: next to a
//     multiple root, which a ray reaches too, Newton converges linearly),
//   - and z lies within twice the distance of the loop's points from the
//     estimate: the simple roots of a cluster lie inside the loops, and a
//     root farther out belongs to another path (a jump).
//
// Otherwise the Cauchy estimate stands.
func (eg *Endgame) clusterEnd(tr *Tracker, z []complex128, r float64) (EndgameResult, bool) {
	o := &eg.opts
	K := o.SamplesPerLoop
	rc := complex(r, 0)
	reach := 2 * dist2(eg.zr, eg.zest)
	ceil := tr.stepCeil
	defer func() { tr.stepCeil = ceil }()
	for _, j := range []int{1, K - 1, K / 2} {
		copy(z, eg.zr)
		tr.stepCeil = min(ceil, tr.steps+10*o.DirectSteps)
		st := tr.Track(z, rc, rc*eg.roots[j])
		if st == TrackOK {
			st = tr.Track(z, rc*eg.roots[j], 0)
		}
		if st != TrackOK {
			continue
		}
		last, ok := eg.refined(tr, z)
		if !ok || !eg.contracts(tr, z) {
			continue
		}
		tr.normalise(z)
		if dist2(z, eg.zest) <= reach {
			return EndgameResult{Status: EndDirect, Winding: 1, Accuracy: last, Refined: true, Radius: r}, true
		}
	}
	return EndgameResult{}, false
}

// contracts tells a simple root from a point next to a multiple root,
// where refined's test, relaxed to the rounding-noise level that is large
// there, passes too. It moves z by 100 times that noise level (plus
// RefineTol), well outside the noise and, for a simple root of a cluster
// wider than that, well inside its quadratic basin, and applies two Newton
// steps: near a simple root the second correction is far below the first
// (quadratic convergence), near a multiple root about half of it (linear
// convergence). z is left unchanged.
func (eg *Endgame) contracts(tr *Tracker, z []complex128) bool {
	nz := norm2(z)
	d := (100*tr.NoiseFloor(z, 0)/max(1, nz) + eg.opts.RefineTol) * max(1, nz)
	w := eg.sum // scratch: the Cauchy sums are not in use here
	copy(w, z)
	for i := range w {
		// A fixed, unstructured direction.
		s, c := math.Sincos(float64(3*i + 1))
		w[i] += complex(d*c, d*s) / complex(math.Sqrt(float64(len(w))), 0)
	}
	prev, last, ok := tr.refine(w, 0, 2, nil)
	return ok && last <= 0.1*prev
}

// diverging reports whether three successive valuation estimates (oldest
// first) are all at least MinValuation and, if stable is set, agree within
// MinValuation/2.
func (eg *Endgame) diverging(nu2, nu1, nu float64, stable bool) bool {
	vmin := eg.opts.MinValuation
	if !(min(nu, nu1, nu2) >= vmin) {
		return false
	}
	tol := vmin / 2
	return !stable || (math.Abs(nu-nu1) <= tol && math.Abs(nu1-nu2) <= tol)
}

// cauchy runs the Cauchy endgame from z at t = r, shrinking the radius.
func (eg *Endgame) cauchy(tr *Tracker, z []complex128, r float64) EndgameResult {
	o := &eg.opts
	tr.FixPatch(z)
	tr.normalise(z)
	have, prevC := false, 0
	open := 0 // consecutive radii whose loops failed
	spread := math.Inf(1)
	for r >= o.MinRadius {
		copy(eg.zs, z)
		c, st := eg.loop(tr, z, r)
		switch {
		case st == TrackBudget:
			return EndgameResult{Status: EndFailed, Track: st, Radius: r}
		case st != TrackOK:
			// The loop failed (too many windings, or a loop passing too
			// close to another branch point): restart from the saved point,
			// at a smaller radius, but not forever.
			copy(z, eg.zs)
			have = false
			if open++; open >= 2 {
				return EndgameResult{Status: EndFailed, Track: st, Radius: r}
			}
		default:
			if have && c == prevC {
				scale := max(1, norm2(eg.est))
				spread = dist2(eg.est, eg.prevEst) / scale
				if spread <= o.Tol && eg.solves(tr, eg.est) {
					return eg.finish(tr, z, c, spread, r)
				}
			}
			copy(eg.prevEst, eg.est)
			have, prevC, open = true, c, 0
		}
		rn := r * o.RadiusRatio
		if st := tr.Track(z, complex(r, 0), complex(rn, 0)); st != TrackOK {
			return EndgameResult{Status: EndFailed, Track: st, Radius: r}
		}
		r = rn
	}
	if !have {
		return EndgameResult{Status: EndFailed, Track: TrackLoopOpen, Radius: r}
	}
	copy(z, eg.prevEst)
	return EndgameResult{Status: EndNotConverged, Winding: prevC, Accuracy: spread, Radius: r}
}

// solves applies the residual check to a Cauchy estimate: every equation
// of the target H(·, 0) must be small relative to its gradient (for a
// homogeneous equation of degree d, Euler's identity ∇F_i(z)·z = d·F_i(z)
// makes the ratio |F_i|/(‖∇F_i‖‖z‖) a scale-free residual ≤ 1).
func (eg *Endgame) solves(tr *Tracker, z []complex128) bool {
	tr.h.Evaluate(eg.hv, eg.hz, nil, z, 0)
	nz := norm2(z)
	n := tr.n
	gmax := 0.0
	for i := range eg.hv {
		gmax = max(gmax, norm2(eg.hz[i*n:(i+1)*n]))
	}
	for i, v := range eg.hv {
		// An equation whose gradient vanishes at the end point (all its
		// terms vanish there) is measured against the largest gradient.
		g := max(norm2(eg.hz[i*n:(i+1)*n]), 1e-8*gmax)
		if !(math.Sqrt(abs2(v)) <= eg.opts.ResidualTol*max(g*nz, 1e-300)) {
			return false
		}
	}
	return true
}

// finish returns the converged Cauchy estimate, refined by Newton's method
// when the winding number is 1 and Newton converges quadratically.
func (eg *Endgame) finish(tr *Tracker, z []complex128, c int, spread, r float64) EndgameResult {
	res := EndgameResult{Status: EndCauchy, Winding: c, Accuracy: spread, Radius: r}
	copy(eg.zr, z) // the path at t = r
	copy(z, eg.est)
	if c == 1 {
		copy(eg.zc, z)
		if last, ok := eg.refined(tr, eg.zc); ok {
			copy(z, eg.zc)
			res.Accuracy, res.Refined = last, true
		}
	}
	return res
}

// loop tracks z around the circle |t| = r until it returns to its start
// and leaves the Cauchy estimate in eg.est.
func (eg *Endgame) loop(tr *Tracker, z []complex128, r float64) (int, TrackStatus) {
	o := &eg.opts
	K := o.SamplesPerLoop
	clear(eg.sum)
	rc := complex(r, 0)
	tol := o.LoopTol * max(1, norm2(eg.zs))
	for c := 1; c <= o.MaxWinding; c++ {
		for j := 0; j < K; j++ {
			for i, v := range z {
				eg.sum[i] += v
			}
			if st := tr.Track(z, rc*eg.roots[j], rc*eg.roots[(j+1)%K]); st != TrackOK {
				return 0, st
			}
		}
		if dist2(z, eg.zs) <= tol {
			inv := complex(1/float64(c*K), 0)
			for i, v := range eg.sum {
				eg.est[i] = v * inv
			}
			return c, TrackOK
		}
	}
	return 0, TrackLoopOpen
}
