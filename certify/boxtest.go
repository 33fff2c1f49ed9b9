package certify

import (
	"fmt"
	"math/big"
)

// Test applies the Krawczyk test to exactly the given box, with its
// midpoint as centre: first in float64 if every endpoint is a float64
// value, then at 128, 256, … bits (never below the box's own precision)
// up to maxPrec (DefaultMaxPrec if 0), stopping at the first decision.
// res.Status is Proved (exactly one root in box, enclosed by res.Box),
// NoRoot (no root in box) or Undecided.
func (p *Prover) Test(res *Result, box []Interval, maxPrec uint) error {
	if len(box) != p.n {
		return fmt.Errorf("certify: box has %d coordinates, system has %d unknowns: %w", len(box), p.n, ErrInvalid)
	}
	for i := range box {
		b := &box[i]
		if b.Lo.IsInf() || b.Hi.IsInf() || b.Lo.Cmp(&b.Hi) > 0 {
			return fmt.Errorf("certify: box coordinate %d is [%v, %v]: %w", i, &b.Lo, &b.Hi, ErrInvalid)
		}
	}
	if maxPrec == 0 {
		maxPrec = DefaultMaxPrec
	}
	res.Status = Undecided
	if p.exact64(box) {
		w := &p.w64
		for i := range box {
			w.x[i] = box[i].Interval64()
			w.m[i] = w.x[i].Mid()
		}
		st, _ := p.krawczyk64()
		if st == Proved {
			res.set64(st, w.x, w.k)
		} else {
			res.set64(st, w.x, w.x)
		}
		if st != Undecided {
			return nil
		}
	}
	bp := uint(0)
	for i := range box {
		bp = max(bp, box[i].Prec())
	}
	w := &p.wb
	for prec := max(uint(128), bp); prec <= max(maxPrec, bp); prec *= 2 {
		w.setPrec(prec)
		for i := range box {
			w.x[i].Set(&box[i]) // exact: prec ≥ the box's precision
			box[i].Mid(&w.m[i]) // in the box, see Interval.Mid
			w.m[i].SetMode(big.ToNearestEven)
		}
		st, _ := p.krawczykBig()
		if st == Proved {
			res.setBig(st, prec, w.x, w.k)
		} else {
			res.setBig(st, prec, w.x, w.x)
		}
		if st != Undecided {
			return nil
		}
	}
	return nil
}

// exact64 reports whether every endpoint of box is a float64 value.
func (p *Prover) exact64(box []Interval) bool {
	for i := range box {
		for _, e := range []*big.Float{&box[i].Lo, &box[i].Hi} {
			if _, acc := e.Float64(); acc != big.Exact {
				return false
			}
		}
	}
	return true
}
