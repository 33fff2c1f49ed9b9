package stattest

import (
	"math"
	"testing"
)

// The midpoints (i + ½)/n are the sample closest to the uniform law: its KS
// statistic is exactly 1/(2n), and the law of their squares is rejected.
func TestKS(t *testing.T) {
	const n = 1000
	xs := make([]float64, n)
	for i := range xs {
		xs[n-1-i] = (float64(i) + 0.5) / n // unsorted on purpose
	}
	if d := KS(xs, UniformCDF(0, 1)); math.Abs(d-0.5/n) > 1e-12 {
		t.Errorf("KS of the midpoints = %v, want %v", d, 0.5/n)
	}
	CheckKS(t, "midpoints", xs, UniformCDF(0, 1))
	if d := KS(xs, func(x float64) float64 { return x * x }); d <= KSCritical(n) {
		t.Errorf("the law x² is not rejected: KS %v ≤ %v", d, KSCritical(n))
	}
	CheckChi2(t, "exact counts", []int{250, 250, 500}, []float64{0.25, 0.25, 0.5})
	CheckFraction(t, "exact fraction", 300, 1000, 0.3)
}
