package newton_test

import (
	"errors"
	"math"
	"math/big"
	"reflect"
	"testing"

	"pgregory.net/rapid"

	"github.com/hypersteiner/hypersteiner/newton"
)

func mghSystem(nprob, n int, analytic bool) newton.System {
	return mghProblems[nprob-1].system(n, analytic)
}

type knownRoot struct {
	name string
	sys  newton.System
	x0   []float64
	root func(x []float64) []*big.Float // exact root near the solver's answer
}

func knownRoots() []knownRoot {
	return []knownRoot{
		{"circle", circle, []float64{1, 0.5}, func([]float64) []*big.Float { return circleRoot() }},
		{"Rosenbrock", mghSystem(1, 2, true), mghStart(mghProblems[0], 2, 1), func([]float64) []*big.Float { return ones(2) }},
		{"Powell badly scaled", mghSystem(3, 2, true), mghStart(mghProblems[2], 2, 1), powellBadlyScaledRoot},
		{"Helical valley", mghSystem(5, 3, true), mghStart(mghProblems[4], 3, 1),
			func([]float64) []*big.Float { return []*big.Float{bf(1), bf(0), bf(0)} }},
		{"Variably dimensioned", mghSystem(12, 10, true), mghStart(mghProblems[11], 10, 1), func([]float64) []*big.Float { return ones(10) }},
		{"Brown almost-linear", mghSystem(8, 10, true), mghStart(mghProblems[7], 10, 1), func([]float64) []*big.Float { return ones(10) }},
	}
}

// TestHybridAccuracy compares Hybrd's and Hybrj's answers on systems with
// known roots against those roots, exact or computed to 256 bits. MINPACK's
// info 1 promises an estimated relative error of at most XTol = 1.49e-8;
// the test holds the solvers to that promise, measured exactly.
func TestHybridAccuracy(t *testing.T) {
	for _, kr := range knownRoots() {
		for _, analytic := range []bool{false, true} {
			var res *newton.Result
			var err error
			var set newton.HybridSettings
			if analytic {
				set = newton.Hybrj1Settings(len(kr.x0))
				res, err = newton.Hybrj(kr.sys, kr.x0, &set)
			} else {
				set = newton.Hybrd1Settings(len(kr.x0))
				res, err = newton.Hybrd(kr.sys, kr.x0, &set)
			}
			if err != nil {
				t.Fatalf("%s (analytic %v): %v", kr.name, analytic, err)
			}
			if res.Status != newton.XTolReached {
				t.Errorf("%s (analytic %v): %v", kr.name, analytic, res.Status)
				continue
			}
			e := relErr(res.X, kr.root(res.X))
			t.Logf("%-22s analytic=%-5v rel. error %.2e  ‖F‖ %.2e  nfev %d njev %d", kr.name, analytic, e, res.FNorm, res.NFev, res.NJev)
			if e > set.XTol {
				t.Errorf("%s (analytic %v): relative error %.3e > XTol %.3e", kr.name, analytic, e, set.XTol)
			}
		}
	}
}

// recorder wraps F and records every point it is called at.
type recorder struct {
	f      newton.Func
	points [][]float64
}

func (r *recorder) F(f, x []float64) {
	r.points = append(r.points, append([]float64(nil), x...))
	r.f(f, x)
}

// TestFiniteDifferenceStep checks the forward-difference steps of Hybrd:
// h_j = sqrt(max(EpsFcn, ε))·|x_j|, or sqrt(max(EpsFcn, ε)) when x_j = 0,
// one coordinate at a time, right after the first call at x0.
func TestFiniteDifferenceStep(t *testing.T) {
	f := func(f, x []float64) {
		f[0] = x[0] + x[1]*x[1] - 3
		f[1] = x[1]*x[2] - 1
		f[2] = x[0]*x[2] + 2
	}
	x0 := []float64{0, 3, -2}
	for _, epsfcn := range []float64{0, 1e-20, 1e-6} {
		rec := &recorder{f: f}
		set := newton.Hybrd1Settings(3)
		set.EpsFcn = epsfcn
		set.MaxFev = 4 // just x0 and one Jacobian
		if _, err := newton.Hybrd(newton.System{M: 3, F: rec.F}, x0, &set); err != nil {
			t.Fatal(err)
		}
		if len(rec.points) < 4 {
			t.Fatalf("only %d calls", len(rec.points))
		}
		eps := math.Sqrt(math.Max(epsfcn, 0x1p-52))
		for j := 0; j < 3; j++ {
			h := eps * math.Abs(x0[j])
			if x0[j] == 0 {
				h = eps
			}
			want := append([]float64(nil), x0...)
			want[j] += h
			if !reflect.DeepEqual(rec.points[1+j], want) {
				t.Errorf("epsfcn %g: call %d at %v, want %v", epsfcn, 2+j, rec.points[1+j], want)
			}
		}
	}
}

// TestInitialStepBound checks δ = Factor·‖D·x0‖ (or Factor when that is 0):
// the first trial step, the call after the Jacobian, satisfies ‖D·p‖ ≤ δ.
func TestInitialStepBound(t *testing.T) {
	cases := []struct {
		x0     []float64
		factor float64
		diag   []float64
	}{
		{[]float64{-1.2, 1}, 0.01, nil},
		{[]float64{-1.2, 1}, 0.1, []float64{3, 0.5}},
		{[]float64{0, 0}, 0.05, nil}, // ‖D·x0‖ = 0: δ = Factor
	}
	for _, c := range cases {
		rec := &recorder{f: mghProblems[0].f}
		set := newton.Hybrd1Settings(2)
		set.Factor, set.Diag, set.MaxFev = c.factor, c.diag, 4
		if _, err := newton.Hybrd(newton.System{M: 2, F: rec.F}, c.x0, &set); err != nil {
			t.Fatal(err)
		}
		d := c.diag
		if d == nil {
			d = []float64{1, 1}
		}
		delta := c.factor * math.Hypot(d[0]*c.x0[0], d[1]*c.x0[1])
		if delta == 0 {
			delta = c.factor
		}
		p := rec.points[3] // x0, two difference points, then x0 + p
		dp := math.Hypot(d[0]*(p[0]-c.x0[0]), d[1]*(p[1]-c.x0[1]))
		// The dogleg lands on the boundary up to rounding in x0 + p.
		if dp > delta*(1+1e-12) {
			t.Errorf("x0 %v factor %g: ‖D·p‖ = %.17g > δ = %.17g", c.x0, c.factor, dp, delta)
		}
		if dp < delta*(1-1e-12) {
			t.Errorf("x0 %v factor %g: ‖D·p‖ = %.17g should reach δ = %.17g (the Gauss–Newton step is longer)", c.x0, c.factor, dp, delta)
		}
	}
}

// TestScaling runs both scaling modes on badly scaled problems.
func TestScaling(t *testing.T) {
	for _, c := range []struct {
		nprob, n int
		set      func(*newton.HybridSettings)
	}{
		{3, 2, func(s *newton.HybridSettings) { s.Scale = newton.ScaleJacobian }},
		{4, 4, func(s *newton.HybridSettings) { s.Scale = newton.ScaleJacobian }},
		{12, 10, func(s *newton.HybridSettings) { s.Scale = newton.ScaleJacobian }},
		{3, 2, func(s *newton.HybridSettings) { s.Diag = []float64{1e4, 1} }},
		{1, 2, func(s *newton.HybridSettings) { s.Diag = []float64{2, 0.5}; s.Factor = 1 }},
	} {
		for _, analytic := range []bool{false, true} {
			set := newton.Hybrd1Settings(c.n)
			c.set(&set)
			var diagCopy []float64
			if set.Diag != nil {
				diagCopy = append([]float64(nil), set.Diag...)
			}
			sys := mghSystem(c.nprob, c.n, analytic)
			x0 := mghStart(mghProblems[c.nprob-1], c.n, 1)
			var res *newton.Result
			var err error
			if analytic {
				res, err = newton.Hybrj(sys, x0, &set)
			} else {
				res, err = newton.Hybrd(sys, x0, &set)
			}
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != newton.XTolReached || res.FNorm > 1e-7 {
				t.Errorf("problem %d scale %d diag %v analytic %v: %v ‖F‖ = %.3e", c.nprob, set.Scale, set.Diag, analytic, res.Status, res.FNorm)
			}
			if !reflect.DeepEqual(diagCopy, set.Diag) {
				t.Errorf("Settings.Diag was modified: %v", set.Diag)
			}
		}
	}
}

func TestStatuses(t *testing.T) {
	// MaxFev: the count is checked once per trial step, after which at most
	// a Jacobian (n calls) and one trial step can follow.
	set := newton.Hybrd1Settings(6)
	set.MaxFev = 20
	res, err := newton.Hybrd(mghSystem(6, 6, false), mghStart(mghProblems[5], 6, 1), &set)
	if err != nil || res.Status != newton.MaxFevReached || res.NFev < 20 || res.NFev > 20+6 {
		t.Errorf("MaxFev: %v %v nfev %d", err, res.Status, res.NFev)
	}

	// XTol = 0: the iteration ends when the steps fall below the rounding
	// level of x, at the float64 root of the circle system.
	set = newton.Hybrd1Settings(2)
	set.XTol = 0
	res, err = newton.Hybrd(circle, []float64{1, 0.5}, &set)
	if err != nil || res.Status != newton.XTolTooSmall {
		t.Errorf("XTol = 0: %v %v", err, res.Status)
	} else if e := relErr(res.X, circleRoot()); e > 2*0x1p-52 {
		t.Errorf("XTol = 0: relative error %.3e, want rounding level", e)
	}

	// A start at an exact zero returns at once.
	res, err = newton.Hybrd(mghSystem(1, 2, false), []float64{1, 1}, nil)
	if err != nil || res.Status != newton.XTolReached || res.NFev != 1 || res.NJev != 0 || res.FNorm != 0 {
		t.Errorf("exact zero: %v %+v", err, res)
	}

	// F constant and non-zero: no step can help; MINPACK's progress
	// monitors end the run.
	constant := newton.System{M: 2, F: func(f, x []float64) { f[0], f[1] = 1, -1 },
		Jac: func(j, x []float64) { j[0], j[1], j[2], j[3] = 0, 0, 0, 0 }}
	for _, analytic := range []bool{false, true} {
		if analytic {
			res, err = newton.Hybrj(constant, []float64{1, 2}, nil)
		} else {
			res, err = newton.Hybrd(constant, []float64{1, 2}, nil)
		}
		if err != nil || !res.Status.NoProgress() {
			t.Errorf("constant F (analytic %v): %v %v", analytic, err, res.Status)
		}
	}

	// Chebyquad n = 8 has no zero (MINPACK: info 4 at ‖F‖ = 6.44e-2).
	res, err = newton.Hybrd(mghSystem(7, 8, false), mghStart(mghProblems[6], 8, 1), nil)
	if err != nil || !res.Status.NoProgress() || math.Abs(res.FNorm-6.4405e-2) > 1e-5 {
		t.Errorf("Chebyquad 8: %v %v ‖F‖ = %.6e", err, res.Status, res.FNorm)
	}
}

func TestStatusString(t *testing.T) {
	want := map[newton.Status]string{
		newton.XTolReached:          "info 1: relative error between two consecutive iterates is at most xtol",
		newton.MaxFevReached:        "info 2: number of calls to F has reached maxfev",
		newton.XTolTooSmall:         "info 3: xtol is too small: no further improvement in x is possible",
		newton.NoProgressJacobian:   "info 4: iteration is not making good progress (last five Jacobian evaluations)",
		newton.NoProgressIterations: "info 5: iteration is not making good progress (last ten iterations)",
		newton.Converged:            "converged",
		newton.SingularJacobian:     "Jacobian is singular to working precision",
		newton.LineSearchFailed:     "line search failed to decrease ||F||",
		newton.MaxIterReached:       "maximum number of iterations reached",
		newton.Status(0):            "Status(0)",
		newton.Status(42):           "Status(42)",
	}
	for s, w := range want {
		if s.String() != w {
			t.Errorf("Status(%d).String() = %q, want %q", int(s), s.String(), w)
		}
	}
	for s := newton.Status(1); s <= 5; s++ {
		if int(s) < 1 || int(s) > 5 {
			t.Fatal("MINPACK numbering")
		}
	}
	if !newton.NoProgressJacobian.NoProgress() || !newton.NoProgressIterations.NoProgress() || newton.XTolReached.NoProgress() {
		t.Error("NoProgress")
	}
}

// TestWorkspaceReuse solves systems of different sizes with one Workspace
// and one Result and compares with fresh solves: reuse must not change a
// single bit.
func TestWorkspaceReuse(t *testing.T) {
	var w newton.Workspace
	var res newton.Result
	runs := []mghRun{mghRuns[0], mghRuns[29], mghRuns[11], mghRuns[33], mghRuns[0], mghRuns[6]}
	for _, r := range runs {
		for _, analytic := range []bool{false, true} {
			p := mghProblems[r.nprob-1]
			x0 := mghStart(p, r.n, r.factor)
			sys := p.system(r.n, analytic)
			var err error
			if analytic {
				err = w.Hybrj(&res, sys, x0, nil)
			} else {
				err = w.Hybrd(&res, sys, x0, nil)
			}
			if err != nil {
				t.Fatal(err)
			}
			fresh, err := runMGH(r, analytic)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(*fresh, res) {
				t.Errorf("case %d analytic %v: reused %+v, fresh %+v", r.ncase, analytic, res, *fresh)
			}
		}
	}
}

// TestHybrjLinear: on a linear system A·x = b with A diagonally dominant,
// the hybrid method takes Newton steps and ends at the solution to within
// the backward error of the QR solve, a few n·ε·(‖A‖·‖x‖ + ‖b‖);
// 100·n·ε is the bound checked.
func TestHybrjLinear(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 8).Draw(t, "n")
		a := make([]float64, n*n)
		b := make([]float64, n)
		for i := 0; i < n; i++ {
			var off float64
			for j := 0; j < n; j++ {
				if i != j {
					a[i*n+j] = rapid.Float64Range(-1, 1).Draw(t, "a")
					off += math.Abs(a[i*n+j])
				}
			}
			a[i*n+i] = (off + 1) * float64(1-2*rapid.IntRange(0, 1).Draw(t, "sign"))
			b[i] = rapid.Float64Range(-10, 10).Draw(t, "b")
		}
		sys := newton.System{M: n,
			F: func(f, x []float64) {
				for i := 0; i < n; i++ {
					f[i] = -b[i]
					for j := 0; j < n; j++ {
						f[i] += a[i*n+j] * x[j]
					}
				}
			},
			Jac: func(jac, x []float64) { copy(jac, a) },
		}
		res, err := newton.Hybrj(sys, make([]float64, n), nil)
		if err != nil {
			t.Fatal(err)
		}
		bound := 100 * float64(n) * 0x1p-52 * (norm(a)*norm(res.X) + norm(b))
		// At the rounding floor the XTol test may not fire first; MINPACK's
		// progress monitors then end the run (info 4/5), which is fine here.
		if res.Status == newton.MaxFevReached || res.FNorm > bound {
			t.Fatalf("%v: ‖F‖ = %.3e > %.3e", res.Status, res.FNorm, bound)
		}
	})
}

// TestNonFiniteDuringRun: F turns NaN at a trial point; the run stops with
// ErrNonFinite and returns the last accepted iterate.
func TestNonFiniteDuringRun(t *testing.T) {
	sys := newton.System{M: 1, F: func(f, x []float64) { f[0] = math.Sqrt(x[0]) - 0.1 },
		Jac: func(j, x []float64) { j[0] = 0.5 / math.Sqrt(x[0]) }}
	for _, analytic := range []bool{false, true} {
		var res *newton.Result
		var err error
		if analytic {
			res, err = newton.Hybrj(sys, []float64{4}, nil)
		} else {
			res, err = newton.Hybrd(sys, []float64{4}, nil)
		}
		var e *newton.Error
		if !errors.Is(err, newton.ErrNonFinite) || !errors.As(err, &e) || e.What != "F(x)" || e.Index != 0 || !math.IsNaN(e.Value) {
			t.Fatalf("analytic %v: err = %v", analytic, err)
		}
		if res == nil || res.X[0] != 4 || e.Eval != res.NFev {
			t.Errorf("analytic %v: result %+v, error eval %d", analytic, res, e.Eval)
		}
	}
}

// norm is the Euclidean norm by repeated math.Hypot (no underflow of squares).
func norm(v []float64) float64 {
	var s float64
	for _, x := range v {
		s = math.Hypot(s, x)
	}
	return s
}

// TestDegenerateBroydenStep is a regression test found by TestHybrjLinear:
// after one Newton step ‖F‖ ≈ 1e-17, the next step is below the resolution
// of x, so F(x+p) = F(x) and Broyden's update makes R numerically singular
// (an R_00 of 5.6e-163). The next Gauss–Newton direction overflows; the
// dogleg must then fall back to the gradient direction instead of
// producing 0·∞ = NaN and calling F at NaN.
func TestDegenerateBroydenStep(t *testing.T) {
	a := []float64{1, 2.7755575615628914e-17, 2.775557561562891e-17,
		2.0679515313825692e-25, 2, 1,
		1.1113793747425387e-162, 5.374300886053671e-138, 1}
	b := []float64{1, 2.7755575615628914e-17, 1}
	sys := newton.System{M: 3,
		F: func(f, x []float64) {
			for i := 0; i < 3; i++ { // summed in this order to reproduce the rounding
				f[i] = -b[i]
				for j := 0; j < 3; j++ {
					f[i] += a[i*3+j] * x[j]
				}
			}
		},
		Jac: func(jac, x []float64) { copy(jac, a) },
	}
	res, err := newton.Hybrj(sys, []float64{0, 0, 0}, nil)
	if err != nil || res.FNorm > 1e-16 {
		t.Fatalf("%v %+v", err, res)
	}
}
