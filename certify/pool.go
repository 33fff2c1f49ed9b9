package certify

import (
	"math/big"
	"sync"
)

// Scratch big.Floats for the few operations that need a temporary (the
// product of two intervals that both straddle zero, aliased operands,
// powers, square roots). Pooling keeps those operations allocation-free
// once warm, so callers need not thread workspaces through every call.
var floatPool = sync.Pool{New: func() any { return new(big.Float) }}

func getFloat(prec uint, mode big.RoundingMode) *big.Float {
	f := floatPool.Get().(*big.Float)
	f.SetMode(mode)
	f.SetPrec(prec)
	return f
}

func putFloat(f *big.Float) { floatPool.Put(f) }

var intervalPool = sync.Pool{New: func() any { return new(Interval) }}

func getInterval(prec uint) *Interval {
	z := intervalPool.Get().(*Interval)
	z.SetPrec(prec)
	return z
}

func putInterval(z *Interval) { intervalPool.Put(z) }
