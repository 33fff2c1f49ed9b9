package bench

import "math"

// Summary is the mean and the sample standard deviation (divisor n − 1,
// as numpy's std(ddof=1); 0 for fewer than two values) of a sample.
type Summary struct {
	Mean, SD float64
}

// Summarize returns the Summary of xs, by two passes (the second on the
// deviations from the mean, so that no variance is lost to cancellation).
// The Summary of no values is NaN ± NaN.
func Summarize(xs []float64) Summary {
	if len(xs) == 0 {
		return Summary{math.NaN(), math.NaN()}
	}
	var s float64
	for _, x := range xs {
		s += x
	}
	mean := s / float64(len(xs))
	if len(xs) == 1 {
		return Summary{mean, 0}
	}
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	return Summary{mean, math.Sqrt(ss / float64(len(xs)-1))}
}
