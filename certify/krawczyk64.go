package certify

import "math"

// The float64 Krawczyk operator. With m ∈ X, Y any matrix, and
// C = I − Y·F′(X), Krawczyk's theorem says: every root of F in X lies in
// K(X) = m − Y·F(m) + C·(X − m); if K(X) ⊂ int X there is exactly one;
// if K(X) ∩ X = ∅ there is none. Only F(m) and F′(X) need enclosing.
//
// X − m ⊆ [−ρ, ρ] componentwise, and an interval c times [−ρ, ρ] is
// exactly [−|c|ρ, |c|ρ] with |c| = Mag(c), so the product C·(X − m) costs
// one rounded-up multiply-add per entry instead of an interval product.

// work64 is the float64 workspace of a Prover.
type work64 struct {
	x, mbox, f, k []Interval64 // n
	jac, c        []Interval64 // n·n
	jmid, y, w    []float64    // n·n
	m, rho, step  []float64    // n
	r, fpt        []float64    // n: the radius being tried, F(m)
}

func newWork64(n int) work64 {
	return work64{
		x: make([]Interval64, n), mbox: make([]Interval64, n), f: make([]Interval64, n), k: make([]Interval64, n),
		jac: make([]Interval64, n*n), c: make([]Interval64, n*n),
		jmid: make([]float64, n*n), y: make([]float64, n*n), w: make([]float64, n*n),
		m: make([]float64, n), rho: make([]float64, n), step: make([]float64, n), r: make([]float64, n),
		fpt: make([]float64, n),
	}
}

// krawczyk64 computes K(X) into w.k for the box w.x and the point w.m ∈ X
// and decides. It also returns the contraction κ = maxᵢ Σⱼ|Cᵢⱼ|ρⱼ/ρᵢ,
// which tells the caller whether to shrink (κ large) or grow the box.
func (p *Prover) krawczyk64() (Status, float64) {
	w, n := &p.w64, p.n
	for i := range w.mbox {
		w.mbox[i] = Point64(w.m[i])
	}
	p.sys.Enclose64(w.f, nil, w.mbox)
	p.sys.Enclose64(nil, w.jac, w.x)
	for i := range w.jac {
		w.jmid[i] = w.jac[i].Mid()
	}
	if !invert64(w.y, w.jmid, w.w, n) {
		return Undecided, math.Inf(1)
	}
	for i := 0; i < n; i++ {
		w.rho[i] = w.x[i].RadAbout(w.m[i]) // X − m ⊆ [−ρ, ρ]
	}
	kappa := 0.0
	for i := 0; i < n; i++ {
		yi := w.y[i*n : i*n+n]
		d := Point64(0) // (Y·F(m))ᵢ
		for k := 0; k < n; k++ {
			d = d.Add(w.f[k].Scale(yi[k]))
		}
		s := 0.0 // Σⱼ |Cᵢⱼ|·ρⱼ, rounded up
		for j := 0; j < n; j++ {
			c := Point64(0)
			if i == j {
				c = Point64(1)
			}
			for k := 0; k < n; k++ {
				c = c.Sub(w.jac[k*n+j].Scale(yi[k]))
			}
			s = addUp(s, mulUp(c.Mag(), w.rho[j]))
		}
		w.k[i] = Interval64{addDown(addDown(w.m[i], -d.Hi), -s), addUp(addUp(w.m[i], -d.Lo), s)}
		if w.rho[i] > 0 {
			kappa = max(kappa, s/w.rho[i])
		} else if s > 0 {
			kappa = math.Inf(1)
		}
	}
	return decide64(w.k, w.x), kappa
}

// decide64 compares K with X: Proved if K ⊂ int X, NoRoot if some
// component misses X, else Undecided. NaN endpoints compare false and
// so never prove anything.
func decide64(k, x []Interval64) Status {
	inside := true
	for i := range k {
		if k[i].Hi < x[i].Lo || k[i].Lo > x[i].Hi {
			return NoRoot
		}
		if !k[i].Interior(x[i]) {
			inside = false
		}
	}
	if inside {
		return Proved
	}
	return Undecided
}

// newton64 refines w.m by at most maxNewton Newton steps in float64 and
// leaves the last (possibly unapplied) step in w.step. It stops when the
// step is below the rounding noise of m or stops shrinking. It reports
// false if the Jacobian is singular at m.
func (p *Prover) newton64() bool {
	w, n := &p.w64, p.n
	ps, plain := p.sys.(PointSystem)
	prev := math.Inf(1)
	for it := 0; it < maxNewton; it++ {
		if plain {
			ps.Eval64(w.fpt, w.jmid, w.m)
		} else {
			for i := range w.mbox {
				w.mbox[i] = Point64(w.m[i])
			}
			p.sys.Enclose64(w.f, w.jac, w.mbox)
			for i := range w.jac {
				w.jmid[i] = w.jac[i].Mid()
			}
			for i := range w.f {
				w.fpt[i] = w.f[i].Mid()
			}
		}
		if !invert64(w.y, w.jmid, w.w, n) {
			return false
		}
		size, applied, converged := newtonStep(w.m, w.step, w.y, w.fpt, prev, it, math.Abs)
		if !applied || converged {
			return true
		}
		prev = size
	}
	return true
}

// newtonStep is one step of the provers' Newton refinements: it sets
// step = Y·f (Y ≈ F′(m)⁻¹, n×n row-major, f = F(m)) and applies it,
// m −= step, if it contracts: its size max_i |step_i| is finite and below
// prev, the size of the step before. It returns the size, whether the step
// was applied, and whether the refinement has converged: the step was
// below the rounding noise of m (2⁻⁵²·max_i |m_i|), or, after the first
// step (it > 0), quadratic convergence predicts the next one (≈
// size²/prev) below it.
func newtonStep[T float64 | complex128](m, step, y, f []T, prev float64, it int, abs func(T) float64) (size float64, applied, converged bool) {
	n := len(m)
	scale := 0.0
	for i := range n {
		var d T
		for k := range n {
			d += y[i*n+k] * f[k]
		}
		step[i] = d
		size = max(size, abs(d))
		scale = max(scale, abs(m[i]))
	}
	if math.IsNaN(size) || math.IsInf(size, 0) || size >= prev {
		return size, false, false // not contracting: keep the better point
	}
	for i := range m {
		m[i] -= step[i]
	}
	noise := 0x1p-52 * scale
	return size, true, size <= noise || (it > 0 && size*(size/prev) <= noise)
}
