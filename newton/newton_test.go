package newton_test

import (
	"math"
	"testing"

	"github.com/hypersteiner/hypersteiner/newton"
)

// TestNewtonAccuracy: damped Newton on systems with known roots, with the
// analytic and the forward-difference Jacobian, against the exact (or
// 256-bit) roots. Newton stops after a full step of relative size ≤ XTol =
// 1.49e-8; being quadratically (with differences: superlinearly)
// convergent, the iterate it returns is at the rounding floor, which for
// these systems is κ(J)·ε ≲ 1e4·ε ≈ 2e-12 relative (κ ≈ 1e4 for Powell's
// badly scaled function). 1e-10 is checked.
func TestNewtonAccuracy(t *testing.T) {
	for _, kr := range knownRoots() {
		if kr.name == "Brown almost-linear" {
			continue // undamped Newton steps overflow the product term from x0 = 0.5 (see TestNewtonOverflow)
		}
		for _, analytic := range []bool{false, true} {
			sys := kr.sys
			if !analytic {
				sys.Jac = nil
			}
			res, err := newton.Newton(sys, kr.x0, nil)
			if err != nil {
				t.Fatalf("%s: %v", kr.name, err)
			}
			if res.Status != newton.Converged {
				t.Errorf("%s (analytic %v): %v ‖F‖ = %.3e", kr.name, analytic, res.Status, res.FNorm)
				continue
			}
			e := relErr(res.X, kr.root(res.X))
			t.Logf("%-22s analytic=%-5v rel. error %.2e  ‖F‖ %.2e  iterations %d nfev %d", kr.name, analytic, e, res.FNorm, res.Iterations, res.NFev)
			if e > 1e-10 {
				t.Errorf("%s (analytic %v): relative error %.3e", kr.name, analytic, e)
			}
			if analytic && res.NJev != res.Iterations {
				t.Errorf("%s: NJev %d, Iterations %d", kr.name, res.NJev, res.Iterations)
			}
		}
	}
}

func TestNewtonStatuses(t *testing.T) {
	jac1 := func(j, x []float64) { j[0] = 2 * x[0] }
	sqPlus1 := newton.System{M: 1, F: func(f, x []float64) { f[0] = x[0]*x[0] + 1 }, Jac: jac1}

	// An exactly singular, inconsistent linear system.
	res, err := newton.Newton(newton.System{M: 2, F: func(f, x []float64) {
		f[0] = x[0] + x[1] - 1
		f[1] = 2*x[0] + 2*x[1] - 3
	}}, []float64{0.3, 0.2}, nil)
	if err != nil || res.Status != newton.SingularJacobian || res.Iterations != 1 {
		t.Errorf("singular linear system: %v %+v", err, res)
	}

	// x² + 1 from 1: the full step lands on x = 0, where J = 0.
	res, err = newton.Newton(sqPlus1, []float64{1}, nil)
	if err != nil || res.Status != newton.SingularJacobian || res.X[0] != 0 || res.Iterations != 2 {
		t.Errorf("x²+1 from 1: %v %+v", err, res)
	}

	// Nearly singular but not exactly: J = [[1, 1], [1, 1+2⁻⁵⁰]] has no zero
	// pivot but κ₁ ≈ 4·2⁵⁰ > 1/ε: singular to working precision.
	res, err = newton.Newton(newton.System{M: 2, F: func(f, x []float64) {
		f[0] = x[0] + x[1] - 1
		f[1] = x[0] + (1+0x1p-50)*x[1] - 3
	}, Jac: func(j, x []float64) { j[0], j[1], j[2], j[3] = 1, 1, 1, 1+0x1p-50 }}, []float64{0, 0}, nil)
	if err != nil || res.Status != newton.SingularJacobian {
		t.Errorf("ill-conditioned: %v %+v", err, res)
	}

	// x² + 1 from 0.5: Newton drifts towards the minimiser 0 of (x²+1)²,
	// where no step can decrease ‖F‖ = 1 in float64.
	res, err = newton.Newton(sqPlus1, []float64{0.5}, nil)
	if err != nil || res.Status != newton.LineSearchFailed || res.FNorm != 1 {
		t.Errorf("x²+1 from 0.5: %v %+v", err, res)
	}

	// MaxIter: Powell's singular function converges only linearly.
	set := newton.DefaultNewtonSettings()
	set.MaxIter = 5
	res, err = newton.Newton(mghSystem(2, 4, true), mghStart(mghProblems[1], 4, 1), &set)
	if err != nil || res.Status != newton.MaxIterReached || res.Iterations != 5 {
		t.Errorf("MaxIter: %v %+v", err, res)
	}

	// FTol: stop as soon as ‖F‖ ≤ FTol.
	set = newton.DefaultNewtonSettings()
	set.FTol = 1e-3
	res, err = newton.Newton(mghSystem(1, 2, true), mghStart(mghProblems[0], 2, 1), &set)
	if err != nil || res.Status != newton.Converged || res.FNorm > 1e-3 {
		t.Errorf("FTol: %v %+v", err, res)
	}

	// An exact zero at x0.
	res, err = newton.Newton(mghSystem(1, 2, false), []float64{1, 1}, nil)
	if err != nil || res.Status != newton.Converged || res.NFev != 1 || res.Iterations != 0 {
		t.Errorf("exact zero: %v %+v", err, res)
	}
}

// TestNewtonOverflow: from x0 = 0.5 the first Newton step on Brown's
// almost-linear function (n = 40) is so long that the product term
// overflows; the run must end with ErrNonFinite, not with a NaN result.
func TestNewtonOverflow(t *testing.T) {
	res, err := newton.Newton(mghSystem(8, 40, true), mghStart(mghProblems[7], 40, 1), nil)
	var e *newton.Error
	if !asError(err, &e) || e.Kind != newton.ErrNonFinite || e.What != "F(x)" {
		t.Fatalf("err = %v", err)
	}
	for _, v := range res.X {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			t.Fatalf("returned X has a non-finite entry: %v", res.X)
		}
	}
}

// TestNewtonMINPACKStarts runs damped Newton on the suite's factor-1 runs
// that have a zero and checks every run ends with a documented status and
// every Converged run is a zero. (Newton is not expected to succeed from
// every start — that is what the hybrid method is for.)
func TestNewtonMINPACKStarts(t *testing.T) {
	converged := 0
	for _, r := range mghRuns {
		if r.factor != 1 {
			continue
		}
		p := mghProblems[r.nprob-1]
		res, err := newton.Newton(p.system(r.n, true), mghStart(p, r.n, 1), nil)
		if err != nil {
			t.Logf("case %d %s: %v", r.ncase, p.name, err)
			continue
		}
		switch res.Status {
		case newton.Converged:
			converged++
			if res.FNorm > zeroTol {
				t.Errorf("case %d %s: converged at ‖F‖ = %.3e", r.ncase, p.name, res.FNorm)
			}
		case newton.SingularJacobian, newton.LineSearchFailed, newton.MaxIterReached:
		default:
			t.Errorf("case %d %s: status %v", r.ncase, p.name, res.Status)
		}
	}
	t.Logf("damped Newton converged on %d of the 22 factor-1 runs", converged)
}
