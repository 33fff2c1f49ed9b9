package certify

import "math/big"

// PointSystem is implemented by Systems that can also evaluate F and F′
// at a point in plain (non-interval) arithmetic. The Prover then uses it
// for its Newton refinement, which needs no rigour and runs about twice
// as fast that way; the proof itself always uses the enclosures.
type PointSystem interface {
	System
	// Eval64 sets f = F(x) and jac = F′(x) (row-major) approximately;
	// either output may be nil.
	Eval64(f, jac, x []float64)
	// EvalBig does the same in big.Float at precision prec.
	EvalBig(f, jac, x []big.Float, prec uint)
}

// Eval64 implements PointSystem with coefficients rounded to nearest.
func (s *PolySystem) Eval64(f, jac, x []float64) {
	pl := s.plan
	for j := 0; j < pl.n; j++ {
		row := s.pt64[pl.off[j] : pl.off[j]+pl.deg[j]+1]
		row[0] = 1
		for k := 1; k < len(row); k++ {
			row[k] = row[k-1] * x[j]
		}
	}
	sum := func(ts []term) float64 {
		acc := 0.0
		for k := range ts {
			t := &ts[k]
			v := t.f64
			for q, j := range t.vars {
				v *= s.pt64[pl.off[j]+t.exps[q]]
			}
			acc += v
		}
		return acc
	}
	if f != nil {
		for i := range pl.f {
			f[i] = sum(pl.f[i])
		}
	}
	if jac != nil {
		for i := range pl.jac {
			jac[i] = sum(pl.jac[i])
		}
	}
}

// EvalBig implements PointSystem, rounding to nearest at prec.
func (s *PolySystem) EvalBig(f, jac, x []big.Float, prec uint) {
	pl := s.plan
	coef := s.coefficients(prec)
	if len(s.ptBig) == 0 {
		s.ptBig = make([]big.Float, pl.nPow)
	}
	for j := 0; j < pl.n; j++ {
		row := s.ptBig[pl.off[j] : pl.off[j]+pl.deg[j]+1]
		row[0].SetPrec(prec).SetInt64(1)
		for k := 1; k < len(row); k++ {
			row[k].SetPrec(prec).Mul(&row[k-1], &x[j])
		}
	}
	s.b1.SetPrec(prec)
	s.b2.SetPrec(prec)
	s.b3.SetPrec(prec)
	sum := func(z *big.Float, ts []term) {
		z.SetPrec(prec).SetInt64(0)
		acc, other := z, &s.b3 // ping-pong: big.Float.Add allocates when aliased
		for k := range ts {
			t := &ts[k]
			v, next := &coef[t.idx].Lo, 0 // a lower bound is as good as any point here
			for q, j := range t.vars {
				w := &s.b1
				if next == 1 {
					w = &s.b2
				}
				w.Mul(v, &s.ptBig[pl.off[j]+t.exps[q]])
				v, next = w, 1-next
			}
			other.Add(acc, v)
			acc, other = other, acc
		}
		if acc != z {
			z.Set(acc)
		}
	}
	if f != nil {
		for i := range pl.f {
			sum(&f[i], pl.f[i])
		}
	}
	if jac != nil {
		for i := range pl.jac {
			sum(&jac[i], pl.jac[i])
		}
	}
}

// pointEval is EvalBig for Systems without a big.Float point evaluator of
// their own: it encloses F and F′ over the point box x and takes the
// midpoints (Newton's method needs no rigour), at precision prec, keeping
// the scratch intervals.
type pointEval struct{ pb, pf, pj []Interval }

func (pe *pointEval) eval(sys System, f, jac, x []big.Float, prec uint) {
	if n := len(x); len(pe.pb) != n {
		pe.pb, pe.pf, pe.pj = make([]Interval, n), make([]Interval, n), make([]Interval, n*n)
	}
	for i := range pe.pb {
		pe.pb[i].SetPrec(prec)
		pe.pb[i].SetFloat(&x[i]) // finite: the Prover's iterates are
	}
	var fo, jo []Interval
	if f != nil {
		fo = pe.pf
	}
	if jac != nil {
		jo = pe.pj
	}
	sys.Enclose(fo, jo, pe.pb, prec)
	for i := range fo {
		f[i].SetPrec(prec)
		fo[i].Mid(&f[i])
	}
	for i := range jo {
		jac[i].SetPrec(prec)
		jo[i].Mid(&jac[i])
	}
}
