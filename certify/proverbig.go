package certify

import "math/big"

// levelBig runs one big.Float level at precision prec and reports whether
// the search is over. It mirrors level64.
func (p *Prover) levelBig(res *Result, prec uint) bool {
	w := &p.wb
	w.setPrec(prec) // keeps the values of w.m (rounded to nearest)
	if p.mFrom == fromX0 {
		for i := range w.m {
			w.m[i].Set(&p.x0[i])
		}
	} else if p.mFrom == from64 {
		for i := range w.m {
			w.m[i].SetFloat64(p.w64.m[i])
		}
	}
	p.mFrom = fromBig
	if p.r0 > 0 {
		// The user's box at this precision, rounded outward, and x0 rounded
		// to nearest at this precision as its (interior) centre.
		r := &w.v
		r.SetFloat64(p.r0)
		for i := range w.x {
			xi := &w.x[i]
			xi.modes()
			subDir(&xi.Lo, &p.x0[i], r)
			xi.Hi.Add(&p.x0[i], r)
		}
		for i := range w.step { // keep the refined centre in w.m
			w.step[i].Set(&w.m[i])
			w.m[i].Set(&p.x0[i])
		}
		st, _ := p.krawczykBig()
		for i := range w.step {
			w.m[i].Set(&w.step[i])
		}
		switch st {
		case NoRoot:
			res.setBig(NoRoot, prec, w.x, w.x)
			return true
		case Proved:
			res.setBig(Proved, prec, w.x, w.k)
			p.userProved = true
		}
	}
	if !p.newtonBig() {
		return false
	}
	floor := &w.u
	floor.SetInt64(0)
	for i := range w.m {
		if w.v.Abs(&w.m[i]).Cmp(floor) > 0 {
			floor.Set(&w.v)
		}
	}
	if floor.Sign() == 0 || floor.MantExp(nil) < -int(prec) {
		floor.SetMantExp(one, -int(prec))
	}
	floor.SetMantExp(floor, 4-int(prec))
	floor.SetMode(big.ToPositiveInf)
	for i := range w.r {
		w.r[i].SetMode(big.ToPositiveInf)
		w.r[i].Abs(&w.step[i])
		w.r[i].SetMantExp(&w.r[i], 1)
		w.r[i].Add(&w.r[i], floor)
	}
	// floor lives in w.u, which krawczykBig uses; keep a copy in w.prev.
	w.prev.Set(floor)
	floor = &w.prev
	for it := 0; it < maxInflate; it++ {
		for i := range w.x {
			xi := &w.x[i]
			xi.modes()
			subDir(&xi.Lo, &w.m[i], &w.r[i])
			xi.Hi.Add(&w.m[i], &w.r[i])
		}
		st, kappa := p.krawczykBig()
		switch {
		case st == Proved && !p.userProved:
			res.setBig(Proved, prec, w.x, w.k)
			return true
		case st == Proved:
			if subsetBig(w.k, res.X) {
				res.setBig(Proved, res.Prec, res.X, w.k)
			}
			return true
		case !p.userProved:
			res.setBig(Undecided, prec, w.x, w.x)
		}
		if st == NoRoot || !p.adjustBig(kappa, floor) {
			return false
		}
	}
	return false
}

// adjustBig is adjust64 for the big workspace.
func (p *Prover) adjustBig(kappa float64, floor *big.Float) bool {
	w := &p.wb
	if kappa >= 0.5 {
		for i := range w.r {
			w.r[i].SetMantExp(&w.r[i], -2)
			if w.r[i].Cmp(floor) < 0 {
				return false
			}
		}
		return true
	}
	for i := range w.r {
		w.k[i].RadAbout(&w.v, &w.m[i])
		w.v.SetMantExp(&w.v, 1)
		if w.v.Cmp(&w.r[i]) > 0 {
			w.r[i].Set(&w.v)
		}
	}
	return true
}

// subsetBig reports whether k ⊆ x componentwise.
func subsetBig(k, x []Interval) bool {
	for i := range k {
		if !k[i].Subset(&x[i]) {
			return false
		}
	}
	return true
}
