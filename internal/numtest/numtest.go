// Package numtest holds reference computations that the tests of several
// numerics packages share: evaluations in big.Float that are independent
// of the code under test (plain Taylor series, no range reduction), to
// check float64 and interval results against. It is imported only by
// _test.go files.
package numtest

import "math/big"

// CosSin returns cos x and sin x rounded to prec bits, from the Taylor
// series of e^{ix} summed at prec + 64 bits until the terms, past the
// largest, fall below 2^−(prec+64) of 1. With no range reduction it is
// meant for moderate |x| (≲ 10): the terms grow to about e^{|x|} before
// they fall, and the guard bits cover that growth up to |x| ≈ 40.
func CosSin(x *big.Float, prec uint) (cos, sin *big.Float) {
	wp := prec + 64
	xw := new(big.Float).SetPrec(wp).Set(x)
	c, s := new(big.Float).SetPrec(wp), new(big.Float).SetPrec(wp)
	term := new(big.Float).SetPrec(wp).SetInt64(1) // xⁿ/n!
	n := new(big.Float).SetPrec(64)
	peak := int64(1) << max(xw.MantExp(nil), 0) // > |x|: the terms fall from there on
	for k := int64(0); ; k++ {
		switch k % 4 {
		case 0:
			c.Add(c, term)
		case 1:
			s.Add(s, term)
		case 2:
			c.Sub(c, term)
		case 3:
			s.Sub(s, term)
		}
		term.Mul(term, xw)
		term.Quo(term, n.SetInt64(k+1))
		if term.Sign() == 0 || (k+1 > peak && term.MantExp(nil) < -int(wp)) {
			break
		}
	}
	return c.SetPrec(prec), s.SetPrec(prec)
}
