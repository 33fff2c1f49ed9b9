package poly

import (
	"fmt"
	"math/big"
)

// BigEvaluator is the *big.Float counterpart of Evaluator: values and
// Jacobian of a system at a fixed precision, rounding every operation to
// nearest even at Prec bits, with no allocation per call once the
// mantissas have grown to Prec (after the first call). Coefficients and
// the products c·e are rounded once, from their exact values, to Prec.
//
// Each result carries the usual floating-point error of its evaluation
// order (no directed rounding); certified enclosures need interval
// arithmetic on top. Not safe for concurrent use; see Clone.
type BigEvaluator struct {
	*plan[*big.Float]
	prec uint
	pw   []*big.Float
	pre  []*big.Float
	// Scratch values come in pairs because math/big allocates when a
	// result aliases an operand; the evaluator alternates between them.
	val, val2 *big.Float
	t1, t2    *big.Float
	suf, suf2 *big.Float
	row, row2 []*big.Float
}

// CompileBigFloat compiles s for *big.Float evaluation at prec bits
// (prec > 0). A non-real coefficient is a *ConvertError.
func (s System[K]) CompileBigFloat(prec uint) (*BigEvaluator, error) {
	if prec == 0 || prec > big.MaxPrec {
		return nil, fmt.Errorf("poly: CompileBigFloat: precision %d out of range [1, %d]", prec, uint(big.MaxPrec))
	}
	pl, err := compilePlan(s, func(c *ComplexRat) (*big.Float, error) { return convertCoef[*big.Float](c, prec) })
	if err != nil {
		return nil, err
	}
	return newBigEvaluator(pl, prec), nil
}

func newBigEvaluator(pl *plan[*big.Float], prec uint) *BigEvaluator {
	mk := func(n int) []*big.Float {
		v := make([]*big.Float, n)
		for i := range v {
			v[i] = new(big.Float).SetPrec(prec)
		}
		return v
	}
	s := mk(6)
	return &BigEvaluator{plan: pl, prec: prec, pw: mk(pl.pwLen), pre: mk(pl.maxFactors + 1),
		val: s[0], val2: s[1], t1: s[2], t2: s[3], suf: s[4], suf2: s[5],
		row: mk(pl.nvars), row2: mk(pl.nvars)}
}

// Prec returns the working precision in bits.
func (ev *BigEvaluator) Prec() uint { return ev.prec }

// NumVars returns the number of unknowns.
func (ev *BigEvaluator) NumVars() int { return ev.nvars }

// NumEqs returns the number of equations.
func (ev *BigEvaluator) NumEqs() int { return ev.neqs }

// Clone returns an evaluator sharing the compiled plan with its own
// scratch space.
func (ev *BigEvaluator) Clone() *BigEvaluator { return newBigEvaluator(ev.plan, ev.prec) }

// Eval is Evaluator.Eval in *big.Float: it sets f[i] and (if jac is not
// nil) jac[i*NumVars+j] with Set, so an entry of precision 0 (such as
// new(big.Float)) receives the result at Prec, and an entry with its own
// precision is rounded to it. Entries of f and jac must not be nil; x may
// have any precision.
func (ev *BigEvaluator) Eval(f, jac, x []*big.Float) error {
	if err := ev.check(x, len(f), f == nil, len(jac), jac == nil); err != nil {
		return err
	}
	for _, out := range [][]*big.Float{f, jac} {
		for i, z := range out {
			if z == nil {
				return fmt.Errorf("poly: Eval: output entry %d is nil", i)
			}
		}
	}
	pw := ev.pw
	for i, xi := range x {
		off, end := ev.powers(i)
		pw[off].SetInt64(1)
		for k := off + 1; k < end; k++ {
			pw[k].Mul(pw[k-1], xi)
		}
	}
	n := ev.nvars
	pre, row, row2 := ev.pre, ev.row, ev.row2
	val, val2, t1, t2 := ev.val, ev.val2, ev.t1, ev.t2
	for eq := range ev.neqs {
		for _, r := range row {
			r.SetInt64(0)
		}
		val.SetInt64(0)
		for t := ev.eqStart[eq]; t < ev.eqStart[eq+1]; t++ {
			lo, hi := ev.fStart[t], ev.fStart[t+1]
			pre[0].SetInt64(1)
			for k := lo; k < hi; k++ {
				pre[k-lo+1].Mul(pre[k-lo], pw[ev.fPow[k]])
			}
			t1.Mul(ev.coef[t], pre[hi-lo])
			val2.Add(val, t1)
			val, val2 = val2, val
			if jac == nil {
				continue
			}
			suf, suf2 := ev.suf, ev.suf2
			suf.SetInt64(1)
			for k := hi - 1; k >= lo; k-- {
				idx := ev.fPow[k]
				t1.Mul(ev.fDeriv[k], pre[k-lo])
				t2.Mul(t1, pw[idx-1])
				t1.Mul(t2, suf)
				v := ev.fVar[k]
				row2[v].Add(row[v], t1)
				row[v], row2[v] = row2[v], row[v]
				suf2.Mul(suf, pw[idx])
				suf, suf2 = suf2, suf
			}
		}
		if f != nil {
			f[eq].Set(val)
		}
		if jac != nil {
			for j, r := range row {
				jac[eq*n+j].Set(r)
			}
		}
	}
	return nil
}
