package certify

import (
	"fmt"
	"math"
	"math/big"
)

const (
	maxNewton  = 8 // Newton steps per precision level
	maxInflate = 6 // box adjustments per precision level
	// DefaultMaxPrec is the precision cap when Options.MaxPrec is 0.
	DefaultMaxPrec = 1024
)

var inf = math.Inf(1)

// Prover certifies roots of a square System with the Krawczyk operator,
// first in float64 interval arithmetic and, only when that cannot decide,
// in big.Float intervals of rising precision. Its workspaces are
// allocated once, so repeated proofs allocate almost nothing. A Prover
// is not safe for concurrent use (nor, usually, is its System).
type Prover struct {
	sys System
	n   int
	w64 work64
	wb  workBig
	x0  []big.Float // the candidate
	x64 []float64   // x0 rounded to nearest float64
	r0  float64     // Options.Radius
	// search state across precision levels
	userProved bool // the user's box x0 ± r0 is proved (res holds it)
	mFrom      int  // where the next level takes its centre from
}

const (
	fromX0 = iota
	from64
	fromBig
)

// NewProver returns a Prover for sys.
func NewProver(sys System) (*Prover, error) {
	if sys == nil {
		return nil, fmt.Errorf("certify: nil system: %w", ErrInvalid)
	}
	n := sys.Dim()
	if n <= 0 {
		return nil, fmt.Errorf("certify: system of dimension %d: %w", n, ErrInvalid)
	}
	return &Prover{sys: sys, n: n, w64: newWork64(n), wb: newWorkBig(n), x0: make([]big.Float, n),
		x64: make([]float64, n)}, nil
}

// Options tune Certify. The zero value is a good default.
type Options struct {
	// Radius, if > 0, makes Certify first test the box x0 ± Radius (each
	// coordinate, rounded outward): a proof there gives uniqueness in that
	// whole box; an exclusion ends the search with NoRoot.
	Radius float64
	// Prec is the first working precision; ≤ 53 (the default) starts with
	// the float64 fast path. Ask for more when a tighter enclosure than
	// float64 can give is wanted: the enclosure shrinks with precision.
	Prec uint
	// MaxPrec caps the precision (DefaultMaxPrec if 0); beyond it the
	// result is Undecided.
	MaxPrec uint
}

// Certify tries to prove that F has a root near the candidate x0: it
// refines x0 by Newton's method, builds a box around it, applies the
// Krawczyk test, grows or shrinks the box, and raises the precision
// (53 → 128 → 256 → …) up to the cap. res receives the certificate (see
// Result); the error is non-nil only for bad input.
func (p *Prover) Certify(res *Result, x0 []float64, opt Options) error {
	if len(x0) != p.n {
		return fmt.Errorf("certify: candidate has %d coordinates, system has %d unknowns: %w", len(x0), p.n, ErrInvalid)
	}
	for i, v := range x0 {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("certify: candidate coordinate %d is %g: %w", i, v, ErrInvalid)
		}
		p.x0[i].SetPrec(53).SetFloat64(v)
		p.x64[i] = v
	}
	return p.certify(res, opt)
}

// CertifyFloat is Certify for a candidate given in big.Float, which keeps
// its full precision.
func (p *Prover) CertifyFloat(res *Result, x0 []*big.Float, opt Options) error {
	if len(x0) != p.n {
		return fmt.Errorf("certify: candidate has %d coordinates, system has %d unknowns: %w", len(x0), p.n, ErrInvalid)
	}
	for i, v := range x0 {
		if v == nil || v.IsInf() {
			return fmt.Errorf("certify: candidate coordinate %d is %v: %w", i, v, ErrInvalid)
		}
		p.x0[i].SetPrec(max(v.Prec(), 53)).Set(v)
		p.x64[i], _ = v.Float64()
	}
	return p.certify(res, opt)
}

func (p *Prover) certify(res *Result, opt Options) error {
	if math.IsNaN(opt.Radius) || math.IsInf(opt.Radius, 0) || opt.Radius < 0 {
		return fmt.Errorf("certify: radius %g: %w", opt.Radius, ErrInvalid)
	}
	p.r0 = opt.Radius
	maxPrec := opt.MaxPrec
	if maxPrec == 0 {
		maxPrec = DefaultMaxPrec
	}
	prec := max(opt.Prec, 53)
	maxPrec = max(maxPrec, prec)
	res.Status = Undecided
	res.X, res.Box, res.Mid, res.Rad = res.X[:0], res.Box[:0], res.Mid[:0], res.Rad[:0]
	p.userProved, p.mFrom = false, fromX0
	for ; prec <= maxPrec; prec = nextPrec(prec) {
		var done bool
		if prec == 53 {
			done = p.level64(res)
		} else {
			done = p.levelBig(res, prec)
		}
		if done || p.userProved {
			return nil
		}
	}
	return nil
}

func nextPrec(prec uint) uint {
	if prec == 53 {
		return 128
	}
	return 2 * prec
}

// level64 runs one float64 level and reports whether the search is over.
func (p *Prover) level64(res *Result) bool {
	w := &p.w64
	if p.mFrom == fromX0 {
		copy(w.m, p.x64)
	}
	p.mFrom = from64
	if p.r0 > 0 {
		// The user's box, rounded outward; the nearest float64 to x0 lies
		// in it because its endpoints are float64 values around x0.
		for i := range w.x {
			w.x[i] = p.userBox64(i)
		}
		if finite64(w.x) {
			switch st, _ := p.krawczyk64(); st {
			case NoRoot:
				res.set64(NoRoot, w.x, w.x)
				return true
			case Proved:
				res.set64(Proved, w.x, w.k)
				p.userProved = true
			}
		}
	}
	if !p.newton64() {
		return false
	}
	scale := 0.0
	for _, v := range w.m {
		scale = max(scale, math.Abs(v))
	}
	floor := math.Ldexp(max(scale, 0x1p-53), 4-53)
	for i := range w.r {
		w.r[i] = addUp(2*math.Abs(w.step[i]), floor)
	}
	for it := 0; it < maxInflate; it++ {
		for i := range w.x {
			w.x[i] = Interval64{addDown(w.m[i], -w.r[i]), addUp(w.m[i], w.r[i])}
		}
		if !finite64(w.x) {
			return false
		}
		st, kappa := p.krawczyk64()
		switch {
		case st == Proved && !p.userProved:
			res.set64(Proved, w.x, w.k)
			return true
		case st == Proved:
			if subset64(w.k, res.X) { // a tighter enclosure of the same root
				for i := range w.k {
					res.Box[i].SetPrec(53)
					res.Box[i].SetInterval64(w.k[i])
				}
				res.finish()
			}
			return true
		case !p.userProved:
			res.set64(Undecided, w.x, w.x)
		}
		if st == NoRoot || !adjust64(w.r, w.k, w.m, kappa, floor) {
			return false
		}
	}
	return false
}

// userBox64 returns a float64 interval containing x0ᵢ ± r0.
func (p *Prover) userBox64(i int) Interval64 {
	x := &p.x0[i]
	r := getFloat(53, big.ToNearestEven).SetFloat64(p.r0)
	b := getInterval(x.Prec())
	subDir(&b.Lo, x, r)
	b.Hi.Add(x, r)
	out := b.Interval64()
	putFloat(r)
	putInterval(b)
	return out
}

// adjust64 picks the next radius after an undecided test: shrink if the
// box is too large for the Jacobian to contract (κ ≥ ½), else grow each
// radius to twice the distance from m to K(X) (ε-inflation). It reports
// false if there is nothing sensible left to try.
func adjust64(r []float64, k []Interval64, m []float64, kappa, floor float64) bool {
	if kappa >= 0.5 {
		for i := range r {
			if r[i] *= 0.25; r[i] < floor {
				return false
			}
		}
		return true
	}
	for i := range r {
		r[i] = max(r[i], mulUp(k[i].RadAbout(m[i]), 2))
	}
	return true
}

func finite64(x []Interval64) bool {
	for _, v := range x {
		if !v.IsFinite() {
			return false
		}
	}
	return true
}

// subset64 reports whether k ⊆ x componentwise.
func subset64(k []Interval64, x []Interval) bool {
	for i := range k {
		if !k[i].Subset(x[i].Interval64()) {
			return false
		}
	}
	return true
}
