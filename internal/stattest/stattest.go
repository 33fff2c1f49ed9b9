// Package stattest holds the goodness-of-fit checks that the tests of the
// samplers and random generators share: a Kolmogorov–Smirnov test against
// a continuous law, Pearson's χ² test on cell counts and a binomial test
// of a fraction, each at level 0.001. The tests draw from fixed seeds, so
// a pass or a failure is reproducible; a correct sampler fails a check
// with probability 0.001.
//
// Only test files import this package.
package stattest

import (
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

// KS returns the Kolmogorov–Smirnov statistic of xs against the
// continuous CDF F.
func KS(xs []float64, F func(float64) float64) float64 {
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

// KSCritical is the asymptotic KS critical value at level 0.001 for n
// samples, √(−ln(0.0005)/2)/√n.
func KSCritical(n int) float64 { return math.Sqrt(-math.Log(0.0005)/2) / math.Sqrt(float64(n)) }

// CheckKS fails t if xs is rejected as a sample of F at level 0.001; fewer
// than 100 samples are too few for the asymptotic critical value.
func CheckKS(t testing.TB, what string, xs []float64, F func(float64) float64) {
	t.Helper()
	if len(xs) < 100 {
		t.Fatalf("%s: only %d samples", what, len(xs))
	}
	d, crit := KS(xs, F), KSCritical(len(xs))
	if d > crit {
		t.Errorf("%s: KS statistic %.4f > %.4f (n = %d)", what, d, crit, len(xs))
	}
}

// UniformCDF is the CDF of the uniform law on [lo, hi].
func UniformCDF(lo, hi float64) func(float64) float64 {
	return func(x float64) float64 { return math.Min(1, math.Max(0, (x-lo)/(hi-lo))) }
}

// CheckChi2 fails t if the counts are rejected as a sample of the
// probabilities p (summing to 1) by Pearson's χ² test at level 0.001. An
// expected count below 5 is too few samples for the test.
func CheckChi2(t testing.TB, what string, counts []int, p []float64) {
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

// CheckFraction fails t if k successes in n trials are rejected as a
// binomial sample of probability p at level 0.001 (normal approximation,
// |z| > 3.29).
func CheckFraction(t testing.TB, what string, k, n int, p float64) {
	t.Helper()
	sd := math.Sqrt(float64(n) * p * (1 - p))
	if z := (float64(k) - float64(n)*p) / sd; math.Abs(z) > 3.29 {
		t.Errorf("%s: %d of %d, expected %.1f (z = %.2f)", what, k, n, float64(n)*p, z)
	}
}
