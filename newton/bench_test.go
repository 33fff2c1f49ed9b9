package newton_test

import (
	"testing"

	"github.com/hypersteiner/hypersteiner/newton"
)

// The Fermat-point solver calls the hybrid method ~10⁵ times on 2×2
// systems; these benchmarks measure that regime with a reused Workspace and
// Result (allocations per solve should be zero), and the allocating
// package-level functions for comparison.

var rosenbrock = newton.System{M: 2, F: mghProblems[0].f, Jac: mghProblems[0].jac}

func benchHybrid(b *testing.B, sys newton.System, x0 []float64, analytic bool) {
	var ws newton.Workspace
	var res newton.Result
	b.ReportAllocs()
	for b.Loop() {
		var err error
		if analytic {
			err = ws.Hybrj(&res, sys, x0, nil)
		} else {
			err = ws.Hybrd(&res, sys, x0, nil)
		}
		if err != nil || res.FNorm > 1e-7 {
			b.Fatalf("%v %v", err, res.Status)
		}
	}
	b.ReportMetric(float64(res.NFev), "nfev/op")
}

func BenchmarkHybrdCircle(b *testing.B) { benchHybrid(b, circle, []float64{1, 0.5}, false) }
func BenchmarkHybrjCircle(b *testing.B) { benchHybrid(b, circle, []float64{1, 0.5}, true) }
func BenchmarkHybrdRosenbrock(b *testing.B) {
	benchHybrid(b, rosenbrock, []float64{-1.2, 1}, false)
}
func BenchmarkHybrjRosenbrock(b *testing.B) {
	benchHybrid(b, rosenbrock, []float64{-1.2, 1}, true)
}

func BenchmarkHybrdCircleAlloc(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := newton.Hybrd(circle, []float64{1, 0.5}, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkNewtonCircle(b *testing.B) {
	var ws newton.Workspace
	var res newton.Result
	b.ReportAllocs()
	for b.Loop() {
		if err := ws.Newton(&res, circle, []float64{1, 0.5}, nil); err != nil || res.Status != newton.Converged {
			b.Fatalf("%v %v", err, res.Status)
		}
	}
}

// BenchmarkMINPACKSuite runs all 55 hybrd1 runs once per iteration.
func BenchmarkMINPACKSuite(b *testing.B) {
	var ws newton.Workspace
	var res newton.Result
	starts := make([][]float64, len(mghRuns))
	for i, r := range mghRuns {
		starts[i] = mghStart(mghProblems[r.nprob-1], r.n, r.factor)
	}
	b.ReportAllocs()
	for b.Loop() {
		for i, r := range mghRuns {
			if err := ws.Hybrd(&res, mghProblems[r.nprob-1].system(r.n, false), starts[i], nil); err != nil {
				b.Fatal(err)
			}
		}
	}
}
