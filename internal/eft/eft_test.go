package eft

import (
	"math"
	"math/big"
	"testing"

	"pgregory.net/rapid"
)

// finite draws a float64 over the whole exponent range, signed, with
// exact powers of two and zeros among them.
func finite(t *rapid.T, label string, maxExp int) float64 {
	m := rapid.Float64Range(-1, 1).Draw(t, label+"_m")
	e := rapid.IntRange(-maxExp, maxExp).Draw(t, label+"_e")
	return math.Ldexp(m, e)
}

func exactEqual(x *big.Rat, hi, lo float64) bool {
	s := new(big.Rat).SetFloat64(hi)
	return x.Cmp(s.Add(s, new(big.Rat).SetFloat64(lo))) == 0
}

// Property: s + e equals a + b exactly (compared in big.Rat), s is the
// rounded sum, and |e| ≤ ulp(s)/2.
func TestTwoSumExact(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := finite(t, "a", 1000)
		b := finite(t, "b", 1000)
		if rapid.Bool().Draw(t, "near") { // cancellation: b close to −a
			b = -a * (1 + math.Ldexp(rapid.Float64Range(-1, 1).Draw(t, "d"), -rapid.IntRange(1, 60).Draw(t, "k")))
		}
		s, e := TwoSum(a, b)
		if s != a+b {
			t.Fatalf("s = %v, fl(a+b) = %v", s, a+b)
		}
		x := new(big.Rat).SetFloat64(a)
		x.Add(x, new(big.Rat).SetFloat64(b))
		if !exactEqual(x, s, e) {
			t.Fatalf("TwoSum(%v, %v) = %v + %v ≠ a + b", a, b, s, e)
		}
		if s != 0 && math.Abs(e) > (math.Nextafter(math.Abs(s), math.Inf(1))-math.Abs(s))/2 {
			t.Fatalf("|e| = %v exceeds half an ulp of s = %v", e, s)
		}
	})
}

// Property: p + e equals a·b exactly whenever the product neither
// overflows nor underflows.
func TestTwoProdExact(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := finite(t, "a", 480)
		b := finite(t, "b", 480)
		if a != 0 && b != 0 && math.Abs(a*b) < 0x1p-969 {
			t.Skip("the product's error is below the subnormal range")
		}
		p, e := TwoProd(a, b)
		if p != a*b {
			t.Fatalf("p = %v, fl(a·b) = %v", p, a*b)
		}
		x := new(big.Rat).SetFloat64(a)
		x.Mul(x, new(big.Rat).SetFloat64(b))
		if !exactEqual(x, p, e) {
			t.Fatalf("TwoProd(%v, %v) = %v + %v ≠ a·b", a, b, p, e)
		}
	})
}

func TestSpecialCases(t *testing.T) {
	tests := []struct {
		name       string
		f          func(a, b float64) (float64, float64)
		a, b       float64
		head, tail float64
	}{
		{"sum 1 + 2⁻⁶⁰", TwoSum, 1, 0x1p-60, 1, 0x1p-60},
		{"sum 2⁵³ + 1", TwoSum, 0x1p53, 1, 0x1p53, 1},
		{"sum of opposites", TwoSum, 0.1, -0.1, 0, 0},
		{"sum with a huge term", TwoSum, 0x1p1000, 3, 0x1p1000, 3},
		{"product (1+2⁻⁵²)²", TwoProd, 1 + 0x1p-52, 1 + 0x1p-52, 1 + 0x1p-51, 0x1p-104},
		{"product 0.1·10", TwoProd, 0.1, 10, 1, 0x1p-54},
		{"product by zero", TwoProd, 0, 3, 0, 0},
	}
	for _, tc := range tests {
		h, l := tc.f(tc.a, tc.b)
		if h != tc.head || l != tc.tail {
			t.Errorf("%s: got (%v, %v), want (%v, %v)", tc.name, h, l, tc.head, tc.tail)
		}
	}
}
