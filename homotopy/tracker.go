package homotopy

import (
	"fmt"
	"math"
)

// TrackerOptions controls the predictor–corrector path tracker. Zero
// fields take the defaults of DefaultTrackerOptions.
type TrackerOptions struct {
	// MaxSteps is the budget of predictor–corrector steps (accepted and
	// rejected) for one path, endgame included. A path that exhausts it is
	// reported as failed: tracking never hangs.
	MaxSteps int
	// InitialStep, MaxStep are step lengths |Δt|.
	InitialStep, MaxStep float64
	// MinStep is the smallest step relative to |t|: below it the step
	// cannot change t in floating point and the path is reported failed.
	MinStep float64
	// CorrectorTol is the Newton tolerance relative to max(1, ‖z‖): a step
	// is accepted when a Newton correction falls below it.
	CorrectorTol float64
	// MaxCorrectorIters is the number of Newton iterations allowed per step.
	MaxCorrectorIters int
	// MaxContraction θmax rejects a step when a Newton correction is not at
	// least θmax times smaller than the one before. Fast contraction from
	// the predicted point means it lies well inside the quadratic basin of
	// the current path (by the Newton–Kantorovich theorem the basin radius
	// is about 1/ω, and θ ≈ ω‖Δ₁‖/2), which is what keeps the corrector
	// from jumping to a neighbouring path.
	MaxContraction float64
	// TargetContraction is the contraction the step-size control aims at:
	// after an accepted step h ← h·(θ̄/θ)^{1/5} (the RK4 predictor error, and
	// with it θ, scales like h⁵), limited to a factor 2 either way.
	TargetContraction float64
	// MaxPredictorError rejects a step whose first Newton correction (the
	// error of the RK4 prediction) exceeds MaxPredictorError·max(1,‖z‖).
	// The contraction test alone cannot see a prediction that lands in
	// the quadratic basin of a neighbouring path; bounding the prediction
	// error well below the distance between paths does.
	MaxPredictorError float64
	// TargetPredictorError is the prediction error the step-size control
	// aims at (relative, like MaxPredictorError, and at most a quarter of
	// it): after an accepted step h ← h·(target/error)^{1/5}, within the
	// factor-2 limits. The gap between target and maximum is the margin
	// for a path whose curvature grows faster than the step control can
	// foresee: each rejected step costs about four evaluations.
	TargetPredictorError float64
	// Predictor selects the predictor (default PredictorRK4).
	Predictor Predictor
}

// Predictor is a predictor of the path tracker.
type Predictor int

const (
	// PredictorRK4: the classical Runge–Kutta method of order 4, three
	// velocity evaluations per step beyond the one at the current point
	// (which the corrector's last Newton step provides).
	PredictorRK4 Predictor = iota
	// PredictorHermite: the cubic Hermite extrapolation of the current and
	// the previous point of the path with their velocities, order 3 and
	// no evaluation at all; the first step of each segment uses RK4. Its
	// steps are shorter than RK4's for the same prediction error (its
	// error constant is much larger), but each costs only the corrector's
	// Newton steps; on hard systems it fails paths that RK4 tracks (see
	// docs/solve.md for the comparison). So RK4 is the default; Hermite
	// suits short, smooth paths with a fallback, such as the fast pass of
	// package fermat's parameter homotopy.
	PredictorHermite
)

// DefaultTrackerOptions returns the tracker defaults.
func DefaultTrackerOptions() TrackerOptions {
	return TrackerOptions{
		MaxSteps:             10000,
		InitialStep:          0.1,
		MaxStep:              1,
		MinStep:              1e-13,
		CorrectorTol:         1e-10,
		MaxCorrectorIters:    3,
		MaxContraction:       0.25,
		TargetContraction:    0.02,
		MaxPredictorError:    1e-2,
		TargetPredictorError: 2.5e-4,
	}
}

func (o TrackerOptions) withDefaults() TrackerOptions {
	d := DefaultTrackerOptions()
	positiveOr(&o.MaxSteps, d.MaxSteps)
	positiveOr(&o.InitialStep, d.InitialStep)
	positiveOr(&o.MaxStep, d.MaxStep)
	positiveOr(&o.MinStep, d.MinStep)
	positiveOr(&o.CorrectorTol, d.CorrectorTol)
	positiveOr(&o.MaxCorrectorIters, d.MaxCorrectorIters)
	positiveOr(&o.MaxContraction, d.MaxContraction)
	positiveOr(&o.TargetContraction, d.TargetContraction)
	positiveOr(&o.MaxPredictorError, d.MaxPredictorError)
	positiveOr(&o.TargetPredictorError, d.TargetPredictorError)
	o.TargetPredictorError = min(o.TargetPredictorError, o.MaxPredictorError/4)
	return o
}

// positiveOr sets *v to def unless *v > 0 (a NaN option also takes the
// default).
func positiveOr[T int | float64](v *T, def T) {
	if !(*v > 0) {
		*v = def
	}
}

// Tracker follows one solution path of a Homotopy with an RK4 predictor and
// a Newton corrector under adaptive step-size control. In projective mode
// (NumUnknowns = NumEquations+1) it appends the patch equation a·z = 1; by
// default the patch is re-chosen after every accepted step as a = z̄/‖z‖²
// (the orthogonal patch, which keeps the representative z of unit length
// and the linear algebra well conditioned wherever the path goes in
// projective space); FixPatch freezes it, as the endgame needs.
//
// A Tracker owns its workspace and is used by one goroutine at a time.
type Tracker struct {
	h    Homotopy
	opts TrackerOptions
	m, n int // equations, unknowns
	proj bool

	patch      []complex128
	fixedPatch bool

	lu                         *luFactor
	hv, ht                     []complex128
	k1, k2, k3, k4, zt, zp, dz []complex128
	k1Valid                    bool
	luHasT                     bool // tr.ht belongs to the factorised Jacobian
	// Where k1 was last set by reuseVelocity: a following Track call that
	// starts at the same point, t and direction keeps it.
	k1z []complex128
	k1t complex128
	k1u complex128
	// The previous accepted point of the segment and its velocity (in
	// its own patch), hs before the current one: PredictorHermite's data.
	zh, vh                      []complex128
	hs                          float64
	hasHist                     bool
	step                        float64
	steps, rejections, stepCeil int
	at                          complex128 // t of the last accepted point
	// The last two Newton corrections of the last accepted step,
	// relative to max(1, ‖z‖) (corrPrev = +Inf when it took only one).
	corrPrev, corrLast float64
	scale              []float64 // scratch: term scales
}

// NewTracker returns a tracker for h.
func NewTracker(h Homotopy, opts TrackerOptions) (*Tracker, error) {
	m, n := h.NumEquations(), h.NumUnknowns()
	if m < 1 || (n != m && n != m+1) {
		return nil, fmt.Errorf("homotopy: tracker needs N = m or N = m+1 unknowns, got %d equations in %d unknowns", m, n)
	}
	mk := func() []complex128 { return make([]complex128, n) }
	tr := &Tracker{
		h: h, opts: opts.withDefaults(), m: m, n: n, proj: n == m+1,
		patch: mk(), lu: newLU(n), hv: make([]complex128, m), ht: make([]complex128, m),
		k1: mk(), k2: mk(), k3: mk(), k4: mk(), zt: mk(), zp: mk(), dz: mk(), k1z: mk(),
		zh: mk(), vh: mk(),
	}
	tr.Reset()
	return tr, nil
}

// Reset starts a new path: step counters to zero, step size to InitialStep,
// dynamic patch.
func (tr *Tracker) Reset() {
	tr.step = tr.opts.InitialStep
	tr.steps, tr.rejections = 0, 0
	tr.stepCeil = tr.opts.MaxSteps
	tr.fixedPatch = false
	tr.k1Valid = false
	tr.hasHist = false
}

// T returns the t reached by the last call of Track: t1 on success, else
// the t of the last accepted point (where z was left).
func (tr *Tracker) T() complex128 { return tr.at }

// Steps returns the number of steps (accepted and rejected) since Reset.
func (tr *Tracker) Steps() int { return tr.steps }

// Rejections returns the number of rejected steps since Reset.
func (tr *Tracker) Rejections() int { return tr.rejections }

// FixPatch freezes the affine patch at a = z̄/‖z‖² (so that a·z = 1) until
// the next Reset or UnfixPatch. With a fixed patch the coordinates of the
// path are analytic functions of t, as the Cauchy endgame requires.
func (tr *Tracker) FixPatch(z []complex128) {
	if !tr.proj {
		return
	}
	tr.setPatch(z)
	tr.fixedPatch = true
	tr.k1Valid, tr.hasHist = false, false
}

// UnfixPatch returns to the dynamic orthogonal patch.
func (tr *Tracker) UnfixPatch() { tr.fixedPatch = false; tr.k1Valid, tr.hasHist = false, false }

func (tr *Tracker) setPatch(z []complex128) {
	s := 0.0
	for _, v := range z {
		s += abs2(v)
	}
	inv := complex(1/s, 0)
	for i, v := range z {
		tr.patch[i] = complex(real(v), -imag(v)) * inv
	}
}

// normalise makes the representative z satisfy the patch equation: with a
// dynamic patch z is scaled to unit length and the patch re-chosen; with a
// fixed patch z is scaled so that a·z = 1.
func (tr *Tracker) normalise(z []complex128) {
	if !tr.proj {
		return
	}
	if !tr.fixedPatch {
		s := complex(1/norm2(z), 0)
		for i := range z {
			z[i] *= s
		}
		for i, v := range z {
			tr.patch[i] = complex(real(v), -imag(v))
		}
		return
	}
	var az complex128
	for i, v := range z {
		az += tr.patch[i] * v
	}
	if az == 0 {
		return
	}
	s := 1 / az
	for i := range z {
		z[i] *= s
	}
}

// jacobian evaluates H at (z, t), writes the (patch-augmented) Jacobian into
// the LU workspace and factorises it. With wantT the t-derivative goes to
// tr.ht.
func (tr *Tracker) jacobian(z []complex128, t complex128, wantT bool) bool {
	var ht []complex128
	if wantT {
		ht = tr.ht
	}
	a := tr.lu.a
	tr.h.Evaluate(tr.hv, a[:tr.m*tr.n], ht, z, t)
	if tr.proj {
		copy(a[tr.m*tr.n:], tr.patch)
	}
	tr.luHasT = wantT
	return tr.lu.factor()
}

// velocity sets out = dz/dℓ along the direction u of the t-segment:
// J·out = −H_t·u, and a·out = 0 for the patch.
func (tr *Tracker) velocity(z []complex128, t, u complex128, out []complex128) bool {
	if !tr.jacobian(z, t, true) {
		return false
	}
	for i, v := range tr.ht {
		out[i] = -v * u
	}
	if tr.proj {
		out[tr.m] = 0
	}
	tr.lu.solve(out)
	return allFinite(out)
}

// newtonRHS sets tr.dz to the right-hand side of a Newton step at z,
// after an evaluation there: −H(z, t) (tr.hv) and, in projective space,
// the residual 1 − ⟨patch, z⟩ of the affine patch. It returns tr.dz.
func (tr *Tracker) newtonRHS(z []complex128) []complex128 {
	dz := tr.dz
	for i, v := range tr.hv {
		dz[i] = -v
	}
	if tr.proj {
		var az complex128
		for i, v := range z {
			az += tr.patch[i] * v
		}
		dz[tr.m] = 1 - az
	}
	return dz
}

// newton applies one Newton step to z at t and returns the correction norm.
// It also evaluates H_t, so that the factorisation of the last Newton
// step of an accepted step gives the velocity at the new point (see
// reuseVelocity).
func (tr *Tracker) newton(z []complex128, t complex128) (float64, bool) {
	if !tr.jacobian(z, t, true) {
		return 0, false
	}
	dz := tr.newtonRHS(z)
	tr.lu.solve(dz)
	for i, v := range dz {
		z[i] += v
	}
	d := norm2(dz)
	return d, !math.IsNaN(d) && !math.IsInf(d, 0)
}

// predict writes the RK4 prediction from (z, t) over the step h·u into zp.
func (tr *Tracker) predict(z []complex128, t, u complex128, h float64, zp []complex128) bool {
	if !tr.k1Valid {
		if !tr.velocity(z, t, u, tr.k1) {
			return false
		}
		tr.k1Valid = true
	}
	hc := complex(h, 0)
	half := hc / 2
	for i, v := range z {
		tr.zt[i] = v + half*tr.k1[i]
	}
	if !tr.velocity(tr.zt, t+half*u, u, tr.k2) {
		return false
	}
	for i, v := range z {
		tr.zt[i] = v + half*tr.k2[i]
	}
	if !tr.velocity(tr.zt, t+half*u, u, tr.k3) {
		return false
	}
	for i, v := range z {
		tr.zt[i] = v + hc*tr.k3[i]
	}
	if !tr.velocity(tr.zt, t+hc*u, u, tr.k4) {
		return false
	}
	sixth := hc / 6
	for i, v := range z {
		zp[i] = v + sixth*(tr.k1[i]+2*tr.k2[i]+2*tr.k3[i]+tr.k4[i])
	}
	return true
}

// reuseVelocity sets k1, the velocity at the accepted point z, from the
// factorisation of the corrector's last Newton step: that Jacobian and
// H_t were evaluated at the iterate before the last correction, which
// is within the corrector tolerance of z, so the velocity differs from
// the exact one at z by a relative O(CorrectorTol) — negligible in a
// predictor — and saves one evaluation and factorisation per step.
//
// In projective mode the solve gives the velocity ż of the representative
// in the patch of that Jacobian; after normalise moved z to the patch
// a·z = 1 (a the new patch), the representative w = z/(a·z) has velocity
// (ż − w·(a·ż))/(a·z), with a·z the factor normalise divided by.
func (tr *Tracker) reuseVelocity(z []complex128, u, t complex128) {
	if !tr.luHasT {
		return
	}
	copy(tr.k1z, z)
	tr.k1t, tr.k1u = t, u
	k1 := tr.k1
	for i, v := range tr.ht {
		k1[i] = -v * u
	}
	if tr.proj {
		k1[tr.m] = 0
	}
	tr.lu.solve(k1)
	if tr.proj {
		// c = a·z_old = 1/scale of normalise; recover it from the
		// accepted point before normalising (tr.zp) and z.
		var ak, az complex128
		for i, v := range k1 {
			ak += tr.patch[i] * v
			az += tr.patch[i] * tr.zp[i]
		}
		inv := 1 / az
		for i, v := range k1 {
			k1[i] = (v - z[i]*ak) * inv
		}
	}
	tr.k1Valid = allFinite(k1)
}

// predictHermite writes into zp the cubic Hermite extrapolation over the
// step h from the previous point (zh, vh), hs before z, and the current
// point (z, k1). In projective mode the previous point is first moved to
// the current patch a (with a·z = 1): w = zh/(a·zh), ẇ = (vh − w·(a·vh))/(a·zh),
// the representative and velocity of the same path point in that patch.
func (tr *Tracker) predictHermite(z []complex128, h float64, zp []complex128) bool {
	w0, v0 := tr.zh, tr.vh
	if tr.proj {
		var az, av complex128
		for i, a := range tr.patch {
			az += a * w0[i]
			av += a * v0[i]
		}
		if az == 0 {
			return false
		}
		inv := 1 / az
		for i := range w0 {
			w0[i] *= inv
			v0[i] = (v0[i] - w0[i]*av) * inv
		}
	}
	// In τ = (s − s₀)/Δ, Δ = hs, the point z is at τ = 1 and the target at
	// τ = 1 + h/Δ; the Hermite basis there:
	d := tr.hs
	tau := 1 + h/d
	t2, t3 := tau*tau, tau*tau*tau
	h00 := complex(2*t3-3*t2+1, 0)
	h10 := complex((t3-2*t2+tau)*d, 0)
	h01 := complex(-2*t3+3*t2, 0)
	h11 := complex((t3-t2)*d, 0)
	for i, v := range z {
		zp[i] = h00*w0[i] + h10*v0[i] + h01*v + h11*tr.k1[i]
	}
	return allFinite(zp)
}

// correct runs the Newton corrector on z at t. It returns whether the step
// is accepted and, if so, the factor by which to change the step size,
// for a predictor of the given order (its error is O(h^{order+1})).
func (tr *Tracker) correct(z []complex128, t complex128, order float64) (bool, float64) {
	o := &tr.opts
	scale := max(1, norm2(z))
	tol := o.CorrectorTol * scale
	var prev, theta, d1 float64
	for k := 1; k <= o.MaxCorrectorIters; k++ {
		d, ok := tr.newton(z, t)
		if !ok {
			return false, 0
		}
		if k == 1 {
			d1 = d
			if d > o.MaxPredictorError*scale {
				return false, 0
			}
		}
		if k == 2 {
			theta = d / prev
		}
		if k >= 2 && d > tol && d > o.MaxContraction*prev {
			return false, 0
		}
		// Accept when the correction, or the error left after it, is
		// below tolerance. Under quadratic convergence the next
		// correction is (ω/2)·d², and d ≈ (ω/2)·prev² estimates ω/2 from
		// this step: the error left is about d³/prev².
		if d <= tol || (k >= 2 && d*d*d <= tol*prev*prev) {
			tr.corrPrev, tr.corrLast = math.Inf(1), d/scale
			if k >= 2 {
				tr.corrPrev = prev / scale
			}
			if k == 1 {
				// The prediction was already within tolerance.
				return true, 2
			}
			// min(a^e, b^e) = min(a, b)^e: one power, not two.
			r := min(o.TargetContraction/max(theta, 1e-300), o.TargetPredictorError*scale/max(d1, 1e-300))
			return true, stepFactor(r, order)
		}
		prev = d
		if k == o.MaxCorrectorIters && tr.atNoise(z, t, d) {
			tr.corrPrev, tr.corrLast = math.Inf(1), math.Inf(1) // no evidence of convergence
			return true, 1
		}
	}
	return false, 0
}

// stepFactor returns r^{1/(order+1)} limited to [0.5, 2]: the change of
// step size that brings an error of order h^{order+1} (order a whole
// number) to r times its value. The limits are decided by comparing r
// with 2^{±(order+1)}, and only a factor strictly between them costs a
// logarithm and an exponential.
func stepFactor(r, order float64) float64 {
	e := order + 1
	lim := math.Ldexp(1, int(e))
	switch {
	case !(r > 1/lim): // also NaN
		return 0.5
	case r >= lim:
		return 2
	}
	return min(max(math.Exp(math.Log(r)/e), 0.5), 2)
}

// atNoise reports whether a Newton correction d that fails the tolerance
// is already at the rounding-noise level of an ill-conditioned point: the
// error of evaluating H (ε times the term scales) propagated through J⁻¹.
// Near a root with condition number κ no correction can fall below about
// ε·κ·‖z‖, and waiting for CorrectorTol there would stall the tracker.
func (tr *Tracker) atNoise(z []complex128, t complex128, d float64) bool {
	if d > 1e-6*max(1, norm2(z)) {
		return false
	}
	f := tr.NoiseFloor(z, t)
	return f > 0 && d <= 16*f
}

// NoiseFloor estimates the size of the Newton corrections that rounding
// alone produces at (z, t): ‖J⁻¹·(ε·s)‖ with s the term scales of H (see
// HomotopyTermScaler), maximised over two sign patterns. It returns 0 when
// the homotopy has no term scales or J is singular.
func (tr *Tracker) NoiseFloor(z []complex128, t complex128) float64 {
	if !tr.termScales(z, t) || !tr.jacobian(z, t, false) {
		return 0
	}
	floor := 0.0
	for pass := 0; pass < 2; pass++ {
		b := tr.dz
		for i, s := range tr.scale {
			v := epsilon * s
			if pass == 1 && i%2 == 1 {
				v = -v
			}
			b[i] = complex(v, 0)
		}
		if tr.proj {
			b[tr.m] = complex(epsilon*norm2(z), 0)
		}
		tr.lu.solve(b)
		floor = max(floor, norm2(b))
	}
	if math.IsNaN(floor) {
		return 0
	}
	return floor
}

// termScales sets tr.scale to the term scales of H at (z, t) and reports
// whether the homotopy has them.
func (tr *Tracker) termScales(z []complex128, t complex128) bool {
	ts, ok := tr.h.(HomotopyTermScaler)
	if !ok {
		return false
	}
	if tr.scale == nil {
		tr.scale = make([]float64, tr.m)
	}
	return ts.TermScale(tr.scale, z, t)
}

// HomotopyTermScaler is implemented by homotopies that know the size of
// their terms: TermScale sets s_i to the sum of the moduli of the terms of
// H_i at (z, t) and reports whether it could.
type HomotopyTermScaler interface {
	TermScale(s []float64, z []complex128, t complex128) bool
}

// Track follows the path through z from t0 to t1 along the straight
// segment in the complex t-plane, overwriting z with the end point. In
// projective mode z is rescaled to satisfy the patch.
func (tr *Tracker) Track(z []complex128, t0, t1 complex128) TrackStatus {
	if len(z) != tr.n {
		return TrackSingular
	}
	dt := t1 - t0
	L := math.Hypot(real(dt), imag(dt))
	u := dt / complex(L, 0)
	tr.normalise(z)
	// A velocity left by the previous segment stays valid if this one
	// continues it: same t, same direction, and z the same point up to
	// the rounding of a renormalisation.
	if !tr.k1Valid || tr.k1t != t0 || tr.k1u != u || !(dist2(z, tr.k1z) <= 1e-14*norm2(z)) {
		tr.k1Valid, tr.hasHist = false, false
	}
	tr.at = t0
	if L == 0 {
		return TrackOK
	}
	o := &tr.opts
	s := 0.0
	for s < L {
		if tr.steps >= tr.stepCeil {
			return TrackBudget
		}
		h := min(tr.step, o.MaxStep)
		last := false
		if s+h >= L {
			h, last = L-s, true
		}
		tc := t0 + complex(s, 0)*u
		tn := t1
		if !last {
			tn = t0 + complex(s+h, 0)*u
		}
		tr.steps++
		var ok bool
		order := 4.0
		if o.Predictor == PredictorHermite && tr.hasHist && tr.k1Valid {
			ok, order = tr.predictHermite(z, h, tr.zp), 3
		} else {
			ok = tr.predict(z, tc, u, h, tr.zp)
		}
		factor := 0.0
		if ok {
			ok, factor = tr.correct(tr.zp, tn, order)
		}
		if !ok {
			tr.rejections++
			tr.step = h / 2
			if tr.step < o.MinStep*math.Hypot(real(tc), imag(tc)) || tr.step == 0 {
				return TrackMinStep
			}
			continue
		}
		if o.Predictor == PredictorHermite && tr.k1Valid {
			copy(tr.zh, z)
			copy(tr.vh, tr.k1)
			tr.hs, tr.hasHist = h, true
		} else {
			tr.hasHist = false
		}
		copy(z, tr.zp)
		tr.k1Valid = false
		tr.normalise(z)
		tr.reuseVelocity(z, u, tn)
		tr.at = tn
		if last {
			s = L
			if factor < 1 {
				tr.step *= factor
			}
		} else {
			s += h
			tr.step = min(h*factor, o.MaxStep)
		}
	}
	return TrackOK
}

// Refine applies up to iters Newton steps to z at t, keeping a step only
// if it does not increase the residual ‖H(z,t)‖ beyond a factor 2 (the
// slack of rounding noise) or is tiny (≤ tinyStep relative): near a
// singular point rounding errors can make Newton's method jump away, and
// such a jump is undone. It returns the last
// two accepted correction norms relative to max(1, ‖z‖) (prev = +Inf when
// only one was accepted) and reports false if no step was accepted or the
// Jacobian was singular at the start.
func (tr *Tracker) Refine(z []complex128, t complex128, iters int) (prev, last float64, ok bool) {
	return tr.refine(z, t, iters, nil)
}

// refine is Refine with an early exit: it stops as soon as stop(prev,
// last) holds for the accepted corrections (stop may be nil).
func (tr *Tracker) refine(z []complex128, t complex128, iters int, stop func(prev, last float64) bool) (prev, last float64, ok bool) {
	tr.normalise(z)
	prev, last = math.Inf(1), math.Inf(1)
	acc := tr.zt // last accepted iterate
	copy(acc, z)
	rAcc, dStep := math.Inf(1), 0.0
	for k := 0; k <= iters; k++ {
		good := tr.jacobian(z, t, false)
		r := norm2(tr.hv)
		if k > 0 {
			if !good || !(r <= 2*rAcc || dStep <= tinyStep || r <= tr.residualNoise(z, t)) {
				copy(z, acc) // undo the last step
				break
			}
			prev, last, ok = last, dStep, true
			copy(acc, z)
		} else if !good {
			return prev, last, false
		}
		rAcc = r
		if k == iters || (ok && stop != nil && stop(prev, last)) {
			break
		}
		dz := tr.newtonRHS(z)
		tr.lu.solve(dz)
		if !allFinite(dz) {
			break
		}
		for i, v := range dz {
			z[i] += v
		}
		dStep = norm2(dz) / max(1, norm2(z))
	}
	tr.normalise(z)
	return prev, last, ok
}

// residualNoise bounds the residual ‖H(z,t)‖ that rounding alone
// produces: 16·ε·‖s‖ with s the term scales of H (see HomotopyTermScaler),
// or 0 when the homotopy has none. A Newton step from a point already
// converged to that level can raise the residual by any factor without
// diverging.
func (tr *Tracker) residualNoise(z []complex128, t complex128) float64 {
	if !tr.termScales(z, t) {
		return 0
	}
	s := 0.0
	for _, v := range tr.scale {
		s += v * v
	}
	return 16 * epsilon * math.Sqrt(s)
}

// epsilon is the unit roundoff of float64.
const epsilon = 0x1p-52

// tinyStep is a relative Newton step too small to be a jump to another
// point: residual noise after such a step is rounding, not divergence.
const tinyStep = 1e-13

// Cond returns the row-scaled condition number of the (patch-augmented)
// Jacobian of H at (z, t); see condInf.
func (tr *Tracker) Cond(z []complex128, t complex128) float64 {
	m := make([]complex128, tr.n*tr.n)
	tr.h.Evaluate(tr.hv, m[:tr.m*tr.n], nil, z, t)
	if tr.proj {
		copy(m[tr.m*tr.n:], tr.patch)
	}
	return condInf(m, tr.n, newLU(tr.n), make([]complex128, tr.n))
}
