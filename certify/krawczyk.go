package certify

import (
	"math"
	"math/big"
)

// The big.Float Krawczyk operator: the same computation as krawczyk64
// (see there for the method) at a chosen precision, on preallocated
// workspaces. big.Float arithmetic allocates when the result aliases an
// operand, so sums below ping-pong between two accumulators.

type workBig struct {
	prec          uint
	x, mbox, f, k []Interval // n
	jac           []Interval // n·n
	jmid, y, w    []big.Float
	m, rho, step  []big.Float
	r, fpt        []big.Float // the radius being tried, F(m)
	d, c          [2]Interval
	t             Interval
	s             [2]big.Float
	u, v, e, prev big.Float
	inv           [2]big.Float // invertBig scratch
}

func newWorkBig(n int) workBig {
	return workBig{
		x: make([]Interval, n), mbox: make([]Interval, n), f: make([]Interval, n), k: make([]Interval, n),
		jac:  make([]Interval, n*n),
		jmid: make([]big.Float, n*n), y: make([]big.Float, n*n), w: make([]big.Float, n*n),
		m: make([]big.Float, n), rho: make([]big.Float, n), step: make([]big.Float, n),
		r: make([]big.Float, n), fpt: make([]big.Float, n),
	}
}

// setPrec sets the working precision of every scratch value, keeping
// values (rounded to nearest). Points and matrices need no direction.
func (w *workBig) setPrec(prec uint) {
	w.prec = prec
	for _, s := range [][]Interval{w.x, w.mbox, w.f, w.k, w.jac, w.d[:], w.c[:]} {
		for i := range s {
			s[i].SetPrec(prec)
		}
	}
	w.t.SetPrec(prec)
	for _, s := range [][]big.Float{w.jmid, w.y, w.w, w.m, w.rho, w.step, w.r, w.fpt, w.s[:], w.inv[:]} {
		for i := range s {
			s[i].SetMode(big.ToNearestEven).SetPrec(prec)
		}
	}
	for _, f := range []*big.Float{&w.u, &w.v, &w.e, &w.prev} {
		f.SetMode(big.ToNearestEven).SetPrec(prec)
	}
}

// krawczykBig computes K(X) into w.k for the box w.x and the point
// w.m ∈ X at the workspace precision, decides, and returns κ as float64.
func (p *Prover) krawczykBig() (Status, float64) {
	w, n, prec := &p.wb, p.n, p.wb.prec
	for i := range w.mbox {
		w.mbox[i].SetPrec(prec)
		w.mbox[i].SetFloat(&w.m[i]) // finite by construction
	}
	p.sys.Enclose(w.f, nil, w.mbox, prec)
	p.sys.Enclose(nil, w.jac, w.x, prec)
	for i := range w.jac {
		w.jac[i].Mid(&w.jmid[i])
	}
	if !invertBig(w.y, w.jmid, w.w, n, &w.inv) {
		return Undecided, inf
	}
	for i := 0; i < n; i++ {
		w.x[i].RadAbout(&w.rho[i], &w.m[i]) // X − m ⊆ [−ρ, ρ]
	}
	kappa := 0.0
	w.s[0].SetMode(big.ToPositiveInf)
	w.s[1].SetMode(big.ToPositiveInf)
	for i := 0; i < n; i++ {
		yi := w.y[i*n : i*n+n]
		d := &w.d[0] // (Y·F(m))ᵢ
		d.SetInt64(0)
		for k := 0; k < n; k++ {
			w.d[1-k%2].Add(d, w.t.Scale(&w.f[k], &yi[k]))
			d = &w.d[1-k%2]
		}
		s := &w.s[0] // Σⱼ |Cᵢⱼ|·ρⱼ, rounded up
		s.SetInt64(0)
		for j := 0; j < n; j++ {
			c := &w.c[0]
			if i == j {
				c.SetInt64(1)
			} else {
				c.SetInt64(0)
			}
			for k := 0; k < n; k++ {
				w.c[1-k%2].Sub(c, w.t.Scale(&w.jac[k*n+j], &yi[k]))
				c = &w.c[1-k%2]
			}
			c.Mag(&w.u)
			w.v.SetMode(big.ToPositiveInf).Mul(&w.u, &w.rho[j])
			w.s[1-j%2].Add(s, &w.v)
			s = &w.s[1-j%2]
		}
		ki := &w.k[i]
		ki.modes()
		subDir(w.e.SetMode(big.ToNegativeInf), &w.m[i], &d.Hi)
		subDir(&ki.Lo, &w.e, s)
		subDir(w.e.SetMode(big.ToPositiveInf), &w.m[i], &d.Lo)
		ki.Hi.Add(&w.e, s)
		if w.rho[i].Sign() > 0 {
			kappa = max(kappa, ratio(s, &w.rho[i]))
		} else if s.Sign() > 0 {
			kappa = inf
		}
	}
	w.e.SetMode(big.ToNearestEven)
	w.v.SetMode(big.ToNearestEven)
	w.s[0].SetMode(big.ToNearestEven)
	w.s[1].SetMode(big.ToNearestEven)
	return decideBig(w.k, w.x), kappa
}

// ratio returns a/b for a ≥ 0, b > 0 within a factor 2, from the binary
// exponents alone (a heuristic, not a bound; no allocation).
func ratio(a, b *big.Float) float64 {
	if a.Sign() == 0 {
		return 0
	}
	return math.Ldexp(1, a.MantExp(nil)-b.MantExp(nil))
}

func decideBig(k, x []Interval) Status {
	inside := true
	for i := range k {
		if k[i].Hi.Cmp(&x[i].Lo) < 0 || k[i].Lo.Cmp(&x[i].Hi) > 0 {
			return NoRoot
		}
		if !k[i].Interior(&x[i]) {
			inside = false
		}
	}
	if inside {
		return Proved
	}
	return Undecided
}

// newtonBig is newton64 in big.Float at the workspace precision.
func (p *Prover) newtonBig() bool {
	w, n, prec := &p.wb, p.n, p.wb.prec
	ps, plain := p.sys.(PointSystem)
	size, scale, t, prev := &w.u, &w.v, &w.e, &w.prev
	size.SetMode(big.ToNearestEven)
	for it := 0; it < maxNewton; it++ {
		if plain {
			ps.EvalBig(w.fpt, w.jmid, w.m, prec)
		} else {
			for i := range w.mbox {
				w.mbox[i].SetPrec(prec)
				w.mbox[i].SetFloat(&w.m[i])
			}
			p.sys.Enclose(w.f, w.jac, w.mbox, prec)
			for i := range w.jac {
				w.jac[i].Mid(&w.jmid[i])
			}
			for i := range w.f {
				w.f[i].Mid(&w.fpt[i])
			}
		}
		if !invertBig(w.y, w.jmid, w.w, n, &w.inv) {
			return false
		}
		size.SetInt64(0)
		scale.SetInt64(0)
		for i := 0; i < n; i++ {
			acc := &w.s[0]
			acc.SetInt64(0)
			for k := 0; k < n; k++ {
				t.Mul(&w.y[i*n+k], &w.fpt[k])
				w.s[1-k%2].Add(acc, t)
				acc = &w.s[1-k%2]
			}
			w.step[i].Set(acc)
			if t.Abs(acc).Cmp(size) > 0 {
				size.Set(t)
			}
			if t.Abs(&w.m[i]).Cmp(scale) > 0 {
				scale.Set(t)
			}
		}
		if it > 0 && size.Cmp(prev) >= 0 {
			return true // not contracting: keep the better point
		}
		for i := range w.m {
			t.Sub(&w.m[i], &w.step[i])
			w.m[i].Set(t)
		}
		// Stop at the noise level, or when quadratic convergence predicts
		// the next step (≈ size²/prev) below it.
		noise := scale.SetMantExp(scale, 1-int(prec))
		if size.Cmp(noise) <= 0 {
			return true
		}
		if it > 0 {
			t.Quo(size, prev)
			if t.Mul(t, size).Cmp(noise) <= 0 {
				return true
			}
		}
		prev.Set(size)
	}
	return true
}
