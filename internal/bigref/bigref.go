// Package bigref computes reference values for tests in high-precision
// big.Float, independently of the packages under test (hyperbolic,
// certify): formulas other than theirs, evaluated from the exact rational
// values of the float64 inputs.
//
// Only test files import this package.
package bigref

import (
	"math/big"

	"github.com/ALTree/bigfloat"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// Dist returns the hyperbolic distance between the Klein points p and q at
// prec bits. sinh²d is computed exactly in big.Rat from the Lorentz form
//
//	sinh²d = [(1 − p·q)² − (1 − |p|²)(1 − |q|²)] / ((1 − |p|²)(1 − |q|²)),
//
// then d = asinh s = log(s + √(1 + s²)) with bigfloat.Log at prec bits.
// The logarithm of an argument near 1 loses the leading bits, so the
// relative error is about 2^−prec/d for d < 1 (and 2^−prec beyond): choose
// prec well above log₂(1/d) + 53 for the distances at hand.
func Dist(p, q hyperbolic.Point, prec uint) *big.Float {
	r := func(f float64) *big.Rat { return new(big.Rat).SetFloat64(f) }
	one := big.NewRat(1, 1)
	dot := new(big.Rat).Add(new(big.Rat).Mul(r(p.X), r(q.X)), new(big.Rat).Mul(r(p.Y), r(q.Y)))
	np := new(big.Rat).Sub(one, new(big.Rat).Add(new(big.Rat).Mul(r(p.X), r(p.X)), new(big.Rat).Mul(r(p.Y), r(p.Y))))
	nq := new(big.Rat).Sub(one, new(big.Rat).Add(new(big.Rat).Mul(r(q.X), r(q.X)), new(big.Rat).Mul(r(q.Y), r(q.Y))))
	a := new(big.Rat).Sub(one, dot)
	den := new(big.Rat).Mul(np, nq)
	s2 := new(big.Rat).Sub(new(big.Rat).Mul(a, a), den)
	s2.Quo(s2, den)
	f := new(big.Float).SetPrec(prec).SetRat(s2)
	s := new(big.Float).SetPrec(prec).Sqrt(f)
	t := new(big.Float).SetPrec(prec).Add(f, new(big.Float).SetPrec(prec).SetInt64(1))
	t.Sqrt(t)
	return bigfloat.Log(t.Add(t, s))
}
