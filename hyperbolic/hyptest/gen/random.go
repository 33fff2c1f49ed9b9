package gen

import (
	"fmt"
	"math"
	"math/bits"

	"pgregory.net/rapid"
)

// The scalar laws every generator is built from. rapid's own number
// generators are deliberately biased (towards small values, the ends of a
// range and few significant bits), which finds bugs but has no law one
// can state; these draw unbiased random bits instead (rapid.Bool draws
// one bit of the random stream), so each generator's law is exact, and
// they still shrink: every bit shrinks towards 0 on its own, so a uniform
// variate shrinks towards the bottom of its range through values with few
// significant bits, and an integer towards 0.

// drawBits draws an integer uniform on [0, 2ⁿ), n ≤ 64, most significant
// bit first (so that shrinking lowers the value).
func drawBits(t *rapid.T, n int) uint64 {
	var k uint64
	for range n {
		k <<= 1
		if bit.Draw(t, "") {
			k |= 1
		}
	}
	return k
}

var bit = rapid.Bool()

// unit draws U uniform on {k·2⁻⁵³ : 0 ≤ k < 2⁵³} ⊂ [0, 1).
func unit(t *rapid.T) float64 { return float64(drawBits(t, 53)) * 0x1p-53 }

// uniform draws lo + (hi − lo)·U, rounded; shrinks towards lo.
func uniform(t *rapid.T, lo, hi float64) float64 { return lo + (hi-lo)*unit(t) }

// intN draws an integer uniform on [0, n), n ≥ 1, by rejection on
// ⌈log₂ n⌉ random bits (exactly uniform); shrinks towards 0.
func intN(t *rapid.T, n int) int {
	if n <= 1 {
		return 0
	}
	w := bits.Len64(uint64(n - 1))
	for {
		if k := drawBits(t, w); k < uint64(n) {
			return int(k)
		}
	}
}

// intRange draws an integer uniform on [lo, hi].
func intRange(t *rapid.T, lo, hi int) int { return lo + intN(t, hi-lo+1) }

// zigzag maps 0, 1, 2, 3, 4, … to 0, 1, −1, 2, −2, …, so that a value
// shrinking towards 0 shrinks towards 0 in magnitude.
func zigzag(k int) int {
	if k%2 == 1 {
		return (k + 1) / 2
	}
	return -k / 2
}

// Unit returns a generator of U uniform on the 2⁵³ equally spaced numbers
// k·2⁻⁵³ of [0, 1), from 53 unbiased random bits. It shrinks towards 0.
func Unit() *rapid.Generator[float64] {
	return rapid.Custom(unit)
}

// Uniform returns a generator of lo + (hi − lo)·U, U as in Unit, rounded
// to float64: uniform on [lo, hi) up to rounding. It shrinks towards lo.
// It panics unless lo ≤ hi are finite (as rapid's constructors do).
func Uniform(lo, hi float64) *rapid.Generator[float64] {
	mustf(finite(lo) && finite(hi) && lo <= hi && finite(hi-lo), "Uniform(%v, %v): want finite lo ≤ hi", lo, hi)
	return rapid.Custom(func(t *rapid.T) float64 { return uniform(t, lo, hi) })
}

// LogUniform returns a generator of lo·(hi/lo)^U: log-uniform on
// [lo, hi), so that each decade is equally likely. It shrinks towards
// lo. It panics unless 0 < lo ≤ hi are finite.
func LogUniform(lo, hi float64) *rapid.Generator[float64] {
	mustf(finite(lo) && finite(hi) && 0 < lo && lo <= hi, "LogUniform(%v, %v): want finite 0 < lo ≤ hi", lo, hi)
	return rapid.Custom(func(t *rapid.T) float64 { return logUniform(t, lo, hi) })
}

func logUniform(t *rapid.T, lo, hi float64) float64 {
	return lo * math.Exp(unit(t)*math.Log(hi/lo))
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// mustf panics with a message naming the generator when a constructor's
// parameters are invalid: generators are built in test code, where an
// invalid parameter is a programming error, as in rapid itself.
func mustf(ok bool, format string, args ...any) {
	if !ok {
		panic("hyptest: " + fmt.Sprintf(format, args...))
	}
}
