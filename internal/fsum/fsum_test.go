package fsum

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// Against the exact rational sum: cancellation-heavy inputs where plain
// summation loses every digit stay within a few ulps of the exact value.
func TestSumMatchesExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 200; trial++ {
		xs := make([]float64, 1+rng.IntN(2000))
		exact := new(big.Rat)
		for i := range xs {
			xs[i] = rng.NormFloat64() * float64(int64(1)<<rng.IntN(60))
			if i%2 == 1 {
				xs[i] = -xs[i-1] + rng.Float64()
			}
			exact.Add(exact, new(big.Rat).SetFloat64(xs[i]))
		}
		want, _ := exact.Float64()
		got := Sum(xs)
		// Neumaier's bound: |error| ≤ 2·eps·|sum| + O(n·eps²)·Σ|x|.
		var abs float64
		for _, x := range xs {
			abs += max(x, -x)
		}
		if d := got - want; max(d, -d) > 0x1p-52*max(want, -want)+float64(len(xs))*0x1p-104*abs {
			t.Fatalf("trial %d: Sum %v, exact %v", trial, got, want)
		}
	}
}
