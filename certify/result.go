package certify

import "math/big"

// Result is a certificate. Its slices are reused by the next call that
// fills the same Result, which keeps repeated certification
// allocation-free.
type Result struct {
	Status Status
	// Prec is the working precision in bits of the deciding evaluation;
	// 53 means the float64 fast path.
	Prec uint
	// X is the box the statement is about: for Proved, the box in which
	// the root is unique; for NoRoot, the box without roots; for
	// Undecided, the last box tried (nil if none).
	X []Interval
	// Box encloses the root (Proved; Box ⊆ X) and equals X otherwise.
	Box []Interval
	// Mid and Rad describe Box as a ball in the max-norm: every point of
	// Box[i] lies within Rad[i] of Mid[i]. Rad is rounded up.
	Mid, Rad []big.Float
}

func (r *Result) resize(n int) {
	if cap(r.X) >= n && cap(r.Box) >= n && cap(r.Mid) >= n && cap(r.Rad) >= n {
		r.X, r.Box, r.Mid, r.Rad = r.X[:n], r.Box[:n], r.Mid[:n], r.Rad[:n]
	} else {
		r.X = make([]Interval, n)
		r.Box = make([]Interval, n)
		r.Mid = make([]big.Float, n)
		r.Rad = make([]big.Float, n)
	}
}

// finish fills Mid and Rad from Box.
func (r *Result) finish() {
	for i := range r.Box {
		b := &r.Box[i]
		r.Mid[i].SetPrec(0)
		b.Mid(&r.Mid[i])
		r.Rad[i].SetPrec(b.Prec())
		b.RadAbout(&r.Rad[i], &r.Mid[i])
	}
}

// MaxRad returns an upper bound of the largest Rad (a new big.Float).
func (r *Result) MaxRad() *big.Float {
	m := new(big.Float)
	for i := range r.Rad {
		if i == 0 || r.Rad[i].Cmp(m) > 0 {
			m.Set(&r.Rad[i])
		}
	}
	return m
}

// set64 stores a float64-path outcome.
func (r *Result) set64(st Status, x, box []Interval64) {
	r.resize(len(x))
	r.Status, r.Prec = st, 53
	for i := range x {
		r.X[i].SetPrec(53)
		r.X[i].SetInterval64(x[i]) // finite: checked by the caller
		r.Box[i].SetPrec(53)
		r.Box[i].SetInterval64(box[i])
	}
	r.finish()
}

// setBig stores a big-path outcome.
func (r *Result) setBig(st Status, prec uint, x, box []Interval) {
	r.resize(len(x))
	r.Status, r.Prec = st, prec
	for i := range x {
		r.X[i].SetPrec(x[i].Prec()).Set(&x[i])
		r.Box[i].SetPrec(box[i].Prec()).Set(&box[i])
	}
	r.finish()
}
