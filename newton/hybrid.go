package newton

import (
	"fmt"
	"math"
)

// Hybrd finds a zero of the square system sys near x0 with Powell's hybrid
// method, MINPACK's hybrd: a dogleg step in a trust region, a
// forward-difference Jacobian, and Broyden rank-one updates of its QR factors
// between Jacobian evaluations. set nil means Hybrd1Settings(len(x0)).
// sys.Jac is ignored.
//
// Bad input (n = 0, M ≠ len(x0), NaN/Inf in x0, invalid settings) returns a
// nil Result and an *Error. A NaN or Inf computed by F during the run ends
// it with an *Error wrapping ErrNonFinite and the Result so far (X, F the last
// accepted iterate). Otherwise the Result's Status says why the solver
// stopped; only FNorm tells whether X is a zero.
func Hybrd(sys System, x0 []float64, set *HybridSettings) (*Result, error) {
	return solveAlloc(sys, x0, func(w *Workspace, res *Result) error { return w.Hybrd(res, sys, x0, set) })
}

// Hybrj is Hybrd with the analytic Jacobian sys.Jac (MINPACK's hybrj).
// set nil means Hybrj1Settings(len(x0)); EpsFcn is not used.
func Hybrj(sys System, x0 []float64, set *HybridSettings) (*Result, error) {
	return solveAlloc(sys, x0, func(w *Workspace, res *Result) error { return w.Hybrj(res, sys, x0, set) })
}

func solveAlloc(sys System, x0 []float64, run func(*Workspace, *Result) error) (*Result, error) {
	var w Workspace
	res := new(Result)
	err := run(&w, res)
	if err != nil && res.NFev == 0 {
		return nil, err // bad input: nothing was computed
	}
	return res, err
}

// Hybrd is the allocation-free form of the package function Hybrd: it
// writes into res, reusing res.X and res.F when they are large enough.
func (w *Workspace) Hybrd(res *Result, sys System, x0 []float64, set *HybridSettings) error {
	return w.hybrid(res, "Hybrd", sys, x0, set, false)
}

// Hybrj is the allocation-free form of the package function Hybrj.
func (w *Workspace) Hybrj(res *Result, sys System, x0 []float64, set *HybridSettings) error {
	return w.hybrid(res, "Hybrj", sys, x0, set, true)
}

func checkSystem(op string, sys System, x0 []float64) error {
	n := len(x0)
	switch {
	case sys.F == nil:
		return &Error{Op: op, Kind: ErrNilFunc, What: "System.F", Index: -1}
	case n == 0:
		return &Error{Op: op, Kind: ErrDimension, What: "x0", Index: -1, Msg: "n = 0: no unknowns"}
	case sys.M != n:
		return &Error{Op: op, Kind: ErrDimension, What: "System.M", Index: -1,
			Msg: fmt.Sprintf("non-square system: M = %d equations, len(x0) = %d unknowns", sys.M, n)}
	}
	if i := firstNonFinite(x0); i >= 0 {
		return &Error{Op: op, Kind: ErrNonFinite, What: "x0", Index: i, Value: x0[i]}
	}
	return nil
}

func badSetting(op, field string, v float64, msg string) error {
	return &Error{Op: op, Kind: ErrSettings, What: "Settings." + field, Index: -1, Value: v, Msg: msg}
}

func checkHybridSettings(op string, s *HybridSettings, n int) error {
	switch {
	case !(s.XTol >= 0) || math.IsInf(s.XTol, 1):
		return badSetting(op, "XTol", s.XTol, "must be finite and ≥ 0")
	case s.MaxFev <= 0:
		return badSetting(op, "MaxFev", float64(s.MaxFev), "must be > 0")
	case math.IsNaN(s.EpsFcn) || math.IsInf(s.EpsFcn, 0):
		return badSetting(op, "EpsFcn", s.EpsFcn, "must be finite")
	case !(s.Factor > 0) || math.IsInf(s.Factor, 1):
		return badSetting(op, "Factor", s.Factor, "must be finite and > 0")
	case s.Scale != ScaleJacobian && s.Scale != ScaleUser:
		return badSetting(op, "Scale", float64(s.Scale), "must be ScaleJacobian (1) or ScaleUser (2)")
	}
	if s.Scale == ScaleUser && s.Diag != nil {
		if len(s.Diag) != n {
			return &Error{Op: op, Kind: ErrDimension, What: "Settings.Diag", Index: -1,
				Msg: fmt.Sprintf("len(Diag) = %d, want n = %d", len(s.Diag), n)}
		}
		for i, d := range s.Diag {
			if !(d > 0) || math.IsInf(d, 1) {
				return &Error{Op: op, Kind: ErrSettings, What: "Settings.Diag", Index: i, Value: d, Msg: "must be finite and > 0"}
			}
		}
	}
	return nil
}

// begin sizes the workspace and res for n = len(x0), starts the iterate
// x = res.X at x0 and evaluates f = res.F = F(x0): the start of both
// solvers. It returns x, f and ‖f‖, also stored in res.FNorm.
func (w *Workspace) begin(op string, sys System, x0 []float64, res *Result) (x, f []float64, fnorm float64, err error) {
	n := len(x0)
	w.resize(n)
	res.resize(n)
	x, f = res.X, res.F
	copy(x, x0)
	if err := evalF(op, sys.F, f, x, res); err != nil {
		return nil, nil, 0, err
	}
	res.FNorm = enorm(f)
	return x, f, res.FNorm, nil
}

// evalF calls F at x into f, counts it and checks the values.
func evalF(op string, f Func, fx, x []float64, res *Result) error {
	f(fx, x)
	res.NFev++
	if i := firstNonFinite(fx); i >= 0 {
		return &Error{Op: op, Kind: ErrNonFinite, What: "F(x)", Index: i, Value: fx[i], Eval: res.NFev}
	}
	return nil
}

// jacobian evaluates the Jacobian at x into w.fjac (column-major): the
// analytic one, or forward differences from fx = F(x) (MINPACK fdjac1,
// dense case) using w.wa5 as scratch.
func (w *Workspace) jacobian(op string, sys System, analytic bool, x, fx []float64, epsfcn float64, res *Result) error {
	n := w.n
	res.NJev++
	if analytic {
		sys.Jac(w.jrow, x)
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				v := w.jrow[i*n+j]
				if math.IsNaN(v) || math.IsInf(v, 0) {
					return &Error{Op: op, Kind: ErrNonFinite, What: "Jacobian", Index: i*n + j, Value: v,
						Msg: fmt.Sprintf("entry (%d,%d) of Jacobian evaluation %d", i, j, res.NJev)}
				}
				w.fjac[i+j*n] = v
			}
		}
		return nil
	}
	eps := math.Sqrt(math.Max(epsfcn, epsmch))
	for j := 0; j < n; j++ {
		xj := x[j]
		h := eps * math.Abs(xj)
		if h == 0 {
			h = eps
		}
		x[j] = xj + h
		err := evalF(op, sys.F, w.wa5, x, res)
		x[j] = xj
		if err != nil {
			return err
		}
		col := w.fjac[j*n : j*n+n]
		for i := 0; i < n; i++ {
			col[i] = (w.wa5[i] - fx[i]) / h
			if math.IsInf(col[i], 0) {
				return &Error{Op: op, Kind: ErrNonFinite, What: "Jacobian", Index: i*n + j, Value: col[i], Eval: res.NFev,
					Msg: fmt.Sprintf("forward difference (%d,%d) overflowed", i, j)}
			}
		}
	}
	return nil
}

// The constants of MINPACK's trust-region and progress logic.
const (
	p1    = 0.1    // ratio ≥ p1: the model is good enough not to shrink δ; actred ≥ p1 resets nslow2
	p5    = 0.5    // ratio ≥ p5 (or two successes): δ may grow to 2‖D·p‖
	p001  = 0.001  // actred ≥ p001 resets nslow1
	p0001 = 0.0001 // ratio ≥ p0001: the step is accepted
)

func (w *Workspace) hybrid(res *Result, op string, sys System, x0 []float64, set *HybridSettings, analytic bool) error {
	n := len(x0)
	if err := checkSystem(op, sys, x0); err != nil {
		return err
	}
	if analytic && sys.Jac == nil {
		return &Error{Op: op, Kind: ErrNilFunc, What: "System.Jac", Index: -1, Msg: "Hybrj needs an analytic Jacobian"}
	}
	var def HybridSettings
	if set == nil {
		if analytic {
			def = Hybrj1Settings(n)
		} else {
			def = Hybrd1Settings(n)
		}
		set = &def
	}
	if err := checkHybridSettings(op, set, n); err != nil {
		return err
	}
	x, fvec, fnorm, err := w.begin(op, sys, x0, res)
	if err != nil {
		return err
	}
	diag := w.diag
	if set.Scale == ScaleUser {
		for j := range diag {
			diag[j] = 1
			if set.Diag != nil {
				diag[j] = set.Diag[j]
			}
		}
	}
	r, q, qtf := w.r, w.fjac, w.qtf
	wa1, wa2, wa3, wa4 := w.wa1, w.wa2, w.wa3, w.wa4
	if fnorm == 0 {
		// x0 is an exact zero: stop before spending a Jacobian on it
		// (MINPACK would evaluate one and take a null step first).
		res.Status = XTolReached
		return nil
	}

	iter := 1 // MINPACK's iter: 1 + the number of accepted steps
	var ncsuc, ncfail, nslow1, nslow2 int
	var delta, xnorm float64
	for { // outer loop: a fresh Jacobian
		jeval := true
		if err := w.jacobian(op, sys, analytic, x, fvec, set.EpsFcn, res); err != nil {
			return err
		}
		qrFactor(n, q, wa1, wa2) // wa1 = diag(R), wa2 = column norms of J
		if iter == 1 {
			if set.Scale == ScaleJacobian {
				for j := range diag {
					diag[j] = wa2[j]
					if wa2[j] == 0 {
						diag[j] = 1
					}
				}
			}
			for j := range wa3 {
				wa3[j] = diag[j] * x[j]
			}
			xnorm = enorm(wa3)
			delta = set.Factor * xnorm
			if delta == 0 {
				delta = set.Factor
			}
		}
		copy(qtf, fvec)
		applyQt(n, q, qtf)
		extractR(n, q, wa1, r)
		formQ(n, q, wa1)
		if set.Scale == ScaleJacobian {
			for j := range diag {
				diag[j] = math.Max(diag[j], wa2[j])
			}
		}

		for { // inner loop: Broyden updates
			res.Iterations++
			dogleg(n, r, diag, qtf, delta, wa1, wa2, wa3)
			for j := 0; j < n; j++ {
				wa1[j] = -wa1[j] // the step p
				wa2[j] = x[j] + wa1[j]
				wa3[j] = diag[j] * wa1[j]
			}
			pnorm := enorm(wa3)
			if iter == 1 {
				delta = math.Min(delta, pnorm)
			}
			if err := evalF(op, sys.F, wa4, wa2, res); err != nil {
				return err
			}
			fnorm1 := enorm(wa4)

			// Actual and predicted relative reductions of ‖F‖².
			actred := -1.0
			if fnorm1 < fnorm {
				actred = 1 - (fnorm1/fnorm)*(fnorm1/fnorm)
			}
			for i := 0; i < n; i++ { // wa3 = qtf + R·p, the model's Qᵀ·F(x+p)
				row := r[i*n : i*n+n]
				var sum float64
				for j := i; j < n; j++ {
					sum += row[j] * wa1[j]
				}
				wa3[i] = qtf[i] + sum
			}
			prered := 0.0
			if t := enorm(wa3); t < fnorm {
				prered = 1 - (t/fnorm)*(t/fnorm)
			}
			ratio := 0.0
			if prered > 0 {
				ratio = actred / prered
			}

			// Update the trust-region radius.
			if ratio >= p1 {
				ncfail = 0
				ncsuc++
				if ratio >= p5 || ncsuc > 1 {
					delta = math.Max(delta, pnorm/p5)
				}
				if math.Abs(ratio-1) <= p1 {
					delta = pnorm / p5
				}
			} else {
				ncsuc = 0
				ncfail++
				delta *= p5
			}

			if ratio >= p0001 { // accept the step
				for j := 0; j < n; j++ {
					x[j] = wa2[j]
					wa2[j] = diag[j] * x[j]
					fvec[j] = wa4[j]
				}
				xnorm = enorm(wa2)
				fnorm = fnorm1
				res.FNorm = fnorm
				iter++
			}

			// Progress monitors.
			nslow1++
			if actred >= p001 {
				nslow1 = 0
			}
			if jeval {
				nslow2++
			}
			if actred >= p1 {
				nslow2 = 0
			}

			// Termination tests, later ones taking precedence as in MINPACK.
			var st Status
			if delta <= set.XTol*xnorm || fnorm == 0 {
				st = XTolReached
			} else {
				if res.NFev >= set.MaxFev {
					st = MaxFevReached
				}
				// (A zero step cannot change x either; MINPACK would go on
				// to divide by ‖D·p‖ = 0 in the Broyden update.)
				if p1*math.Max(p1*delta, pnorm) <= epsmch*xnorm || pnorm == 0 {
					st = XTolTooSmall
				}
				if nslow2 == 5 {
					st = NoProgressJacobian
				}
				if nslow1 == 10 {
					st = NoProgressIterations
				}
			}
			if st != 0 {
				res.Status = st
				return nil
			}
			if ncfail == 2 {
				break // two failures in a row: recompute the Jacobian
			}

			// Broyden's rank-one update of J = Q·R:
			// J ← J + (F(x+p) − F(x) − J·p)·(D²p)ᵀ/‖D·p‖², done on R, Q and qtf.
			for j := 0; j < n; j++ {
				col := q[j*n : j*n+n]
				var sum float64 // (Qᵀ·F(x+p))_j
				for i := 0; i < n; i++ {
					sum += col[i] * wa4[i]
				}
				wa2[j] = (sum - wa3[j]) / pnorm
				wa1[j] = diag[j] * ((diag[j] * wa1[j]) / pnorm)
				if ratio >= p0001 {
					qtf[j] = sum
				}
			}
			rankOneUpdate(n, r, wa1, wa2, q, qtf, wa3)
			jeval = false
		}
	}
}
