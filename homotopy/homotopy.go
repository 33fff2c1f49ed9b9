package homotopy

import "math"

// Homotopy is a family of systems H(·, t): C^N → C^m joining a start system
// at t = 1 to a target system at t = 0. (The target sits at t = 0, as in
// HomotopyContinuation.jl, so that t near the target is represented with
// full relative precision: the endgame works at |t| down to 1e-14.) Either N = m (affine tracking) or
// N = m+1 and every equation is homogeneous in z (projective tracking: the
// tracker adds an affine patch equation a·z = 1).
//
// Evaluate sets h = H(z, t) (length m), hz = ∂H/∂z (m×N, row-major) and,
// unless ht is nil, ht = ∂H/∂t. t may be complex: the endgame tracks around
// circles in the complex t-plane. A Homotopy may keep scratch space and is
// used by one goroutine at a time.
type Homotopy interface {
	NumEquations() int
	NumUnknowns() int
	Evaluate(h, hz, ht, z []complex128, t complex128)
}

// StraightLine is the homotopy H(z, t) = t·γ·G(z) + (1−t)·F(z) between two
// homogeneous systems with the same degrees; G at t = 1, F at t = 0. (In
// the variable u = 1−t this is the textbook (1−u)·γ·G + u·F.) For all but finitely many γ on
// the unit circle (the "gamma trick") no path meets a singular point for
// t ∈ (0, 1], so a random γ gives smooth paths with probability one.
type StraightLine struct {
	Start, Target System
	Gamma         complex128

	n              int
	gf, ff, gj, fj []complex128
	td             *TotalDegreeStart // Start, when it is one
}

// NewStraightLine returns the homotopy tγG + (1−t)F.
func NewStraightLine(start, target System, gamma complex128) *StraightLine {
	n := target.NumVars()
	td, _ := start.(*TotalDegreeStart)
	return &StraightLine{
		Start: start, Target: target, Gamma: gamma, n: n, td: td,
		gf: make([]complex128, n), ff: make([]complex128, n),
		gj: make([]complex128, n*(n+1)), fj: make([]complex128, n*(n+1)),
	}
}

// NumEquations returns n.
func (s *StraightLine) NumEquations() int { return s.n }

// NumUnknowns returns n+1 (homogeneous coordinates).
func (s *StraightLine) NumUnknowns() int { return s.n + 1 }

// Evaluate implements Homotopy.
func (s *StraightLine) Evaluate(h, hz, ht, z []complex128, t complex128) {
	if s.td != nil && len(s.td.degrees) == s.n {
		s.evaluateTD(h, hz, ht, z, t)
		return
	}
	s.Start.EvalHomogeneous(s.gf, s.gj, z)
	s.Target.EvalHomogeneous(s.ff, s.fj, z)
	a, b := t*s.Gamma, 1-t
	for i := range s.n {
		h[i] = a*s.gf[i] + b*s.ff[i]
		if ht != nil {
			ht[i] = s.Gamma*s.gf[i] - s.ff[i]
		}
	}
	for k := range hz[:s.n*(s.n+1)] {
		hz[k] = a*s.gj[k] + b*s.fj[k]
	}
}

// evaluateTD is Evaluate for the total-degree start system, whose
// Jacobian has two nonzero entries per row (∂/∂z₀ and ∂/∂z_i): only those
// are combined with the target's.
func (s *StraightLine) evaluateTD(h, hz, ht, z []complex128, t complex128) {
	n := s.n
	hz = hz[:n*(n+1)]
	s.Target.EvalHomogeneous(s.ff, hz, z)
	a, b := t*s.Gamma, 1-t
	if imag(b) == 0 {
		// Real t (all of the tracking but the endgame's loops): a real
		// scaling, two multiplications instead of six operations.
		rb := real(b)
		for k, v := range hz {
			hz[k] = complex(rb*real(v), rb*imag(v))
		}
	} else {
		for k, v := range hz {
			hz[k] = b * v
		}
	}
	var z0p complex128 // z₀^{d−1}, for the last degree d seen
	dPrev := 0
	for i, d := range s.td.degrees {
		if d != dPrev {
			z0p, dPrev = powm1(z[0], d), d
		}
		zip := powm1(z[i+1], d) // z_i^{d−1}
		ph := s.td.phase[i]
		g := zip*z[i+1] - ph*z0p*z[0]
		h[i] = a*g + b*s.ff[i]
		if ht != nil {
			ht[i] = s.Gamma*g - s.ff[i]
		}
		ad := a * complex(float64(d), 0)
		hz[i*(n+1)] -= ad * ph * z0p
		hz[i*(n+1)+i+1] += ad * zip
	}
}

// TermScale implements HomotopyTermScaler when the target system
// implements TermScaler: |tγ|·s_G + |1−t|·s_F, with s_G,i = |z_i|^{d_i} +
// |z₀|^{d_i} for the total-degree start system (and 0 otherwise).
func (s *StraightLine) TermScale(out []float64, z []complex128, t complex128) bool {
	ts, ok := s.Target.(TermScaler)
	if !ok {
		return false
	}
	ts.TermScale(out, z)
	a := cmplxAbs(t * s.Gamma)
	b := cmplxAbs(1 - t)
	g, isTD := s.Start.(*TotalDegreeStart)
	for i := range out {
		sg := 0.0
		if isTD && a != 0 {
			d := float64(g.degrees[i])
			sg = math.Pow(cmplxAbs(z[i+1]), d) + math.Pow(cmplxAbs(z[0]), d)
		}
		out[i] = a*sg + b*out[i]
	}
	return true
}

func cmplxAbs(z complex128) float64 { return math.Sqrt(real(z)*real(z) + imag(z)*imag(z)) }
