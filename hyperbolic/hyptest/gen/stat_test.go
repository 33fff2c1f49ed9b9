package gen_test

import (
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
	"pgregory.net/rapid"
)

// Statistical helpers for the law tests. Every test draws its samples
// from one seeded random stream (rapid's Example with a fixed seed), so
// the outcome is reproducible; the tests are at level 0.001.

// sample draws n values of gen from one random stream.
func sample[V any](g *rapid.Generator[V], n, seed int) []V {
	return rapid.SliceOfN(g, n, n).Example(seed)
}

// ksStat returns the Kolmogorov–Smirnov statistic of xs against the
// continuous CDF F.
func ksStat(xs []float64, F func(float64) float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := float64(len(s))
	d := 0.0
	for i, x := range s {
		f := F(x)
		d = max(d, float64(i+1)/n-f, f-float64(i)/n)
	}
	return d
}

// ksCritical is the asymptotic KS critical value at level 0.001,
// √(−ln(0.0005)/2)/√n.
func ksCritical(n int) float64 { return math.Sqrt(-math.Log(0.0005)/2) / math.Sqrt(float64(n)) }

// checkKS fails t if xs is rejected as a sample of F at level 0.001.
func checkKS(t *testing.T, what string, xs []float64, F func(float64) float64) {
	t.Helper()
	if len(xs) < 100 {
		t.Fatalf("%s: only %d samples", what, len(xs))
	}
	d, crit := ksStat(xs, F), ksCritical(len(xs))
	if d > crit {
		t.Errorf("%s: KS statistic %.4f > %.4f (n = %d)", what, d, crit, len(xs))
	}
}

// uniformCDF is the CDF of the uniform law on [lo, hi].
func uniformCDF(lo, hi float64) func(float64) float64 {
	return func(x float64) float64 { return math.Min(1, math.Max(0, (x-lo)/(hi-lo))) }
}

// checkChi2 fails t if the counts are rejected as a sample of the
// probabilities p (summing to 1) by Pearson's χ² test at level 0.001.
func checkChi2(t *testing.T, what string, counts []int, p []float64) {
	t.Helper()
	n := 0
	for _, c := range counts {
		n += c
	}
	chi := 0.0
	for i, c := range counts {
		e := p[i] * float64(n)
		if e < 5 {
			t.Fatalf("%s: expected count %.1f of cell %d is below 5: too few samples", what, e, i)
		}
		chi += (float64(c) - e) * (float64(c) - e) / e
	}
	crit := distuv.ChiSquared{K: float64(len(counts) - 1)}.Quantile(0.999)
	if chi > crit {
		t.Errorf("%s: χ² = %.1f > %.1f (%d cells, n = %d)", what, chi, crit, len(counts), n)
	}
}

// checkFraction fails t if k successes in n trials are rejected as a
// binomial sample of probability p at level 0.001 (normal approximation,
// |z| > 3.29).
func checkFraction(t *testing.T, what string, k, n int, p float64) {
	t.Helper()
	sd := math.Sqrt(float64(n) * p * (1 - p))
	if z := (float64(k) - float64(n)*p) / sd; math.Abs(z) > 3.29 {
		t.Errorf("%s: %d of %d, expected %.1f (z = %.2f)", what, k, n, float64(n)*p, z)
	}
}
