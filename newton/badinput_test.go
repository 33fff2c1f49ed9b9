package newton_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/hypersteiner/hypersteiner/newton"
)

// TestBadInput: every kind of bad input gives an *newton.Error of the right
// kind naming the culprit, from each solver — never a panic, never a
// silent NaN, never an endless loop.
func TestBadInput(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	good := circle
	nanF := newton.System{M: 2, F: func(f, x []float64) { f[0], f[1] = nan, 0 }, Jac: circle.Jac}
	infJac := newton.System{M: 2, F: circle.F, Jac: func(j, x []float64) { j[0], j[1], j[2], j[3] = 1, 0, 0, -inf }}
	overflowFD := newton.System{M: 1, F: func(f, x []float64) {
		f[0] = 1
		if x[0] != 1 {
			f[0] = math.MaxFloat64 // the difference quotient overflows
		}
	}}
	hyb := func(mod func(*newton.HybridSettings)) *newton.HybridSettings {
		s := newton.Hybrd1Settings(2)
		mod(&s)
		return &s
	}
	nwt := func(mod func(*newton.NewtonSettings)) *newton.NewtonSettings {
		s := newton.DefaultNewtonSettings()
		mod(&s)
		return &s
	}
	type solver int
	const (
		hybrd solver = 1 << iota
		hybrj
		nwton
		all = hybrd | hybrj | nwton
	)
	cases := []struct {
		name    string
		solvers solver
		sys     newton.System
		x0      []float64
		hs      *newton.HybridSettings
		ns      *newton.NewtonSettings
		kind    error
		what    string
		index   int
		msg     string // substring of the message
	}{
		{"n = 0", all, newton.System{M: 0, F: circle.F, Jac: circle.Jac}, []float64{}, nil, nil, newton.ErrDimension, "x0", -1, "n = 0"},
		{"nil x0", all, newton.System{M: 0, F: circle.F, Jac: circle.Jac}, nil, nil, nil, newton.ErrDimension, "x0", -1, "n = 0"},
		{"M > n", all, newton.System{M: 3, F: circle.F, Jac: circle.Jac}, []float64{1, 2}, nil, nil, newton.ErrDimension, "System.M", -1, "non-square system: M = 3 equations, len(x0) = 2"},
		{"M < n", all, newton.System{M: 1, F: circle.F, Jac: circle.Jac}, []float64{1, 2}, nil, nil, newton.ErrDimension, "System.M", -1, "non-square"},
		{"nil F", all, newton.System{M: 2}, []float64{1, 2}, nil, nil, newton.ErrNilFunc, "System.F", -1, ""},
		{"Hybrj without Jac", hybrj, newton.System{M: 2, F: circle.F}, []float64{1, 2}, nil, nil, newton.ErrNilFunc, "System.Jac", -1, ""},
		{"NaN in x0", all, good, []float64{1, nan}, nil, nil, newton.ErrNonFinite, "x0", 1, ""},
		{"Inf in x0", all, good, []float64{-inf, 0}, nil, nil, newton.ErrNonFinite, "x0", 0, ""},
		{"F NaN at x0", all, nanF, []float64{1, 2}, nil, nil, newton.ErrNonFinite, "F(x)", 0, "(at call 1 of F)"},
		{"Jacobian Inf", hybrj | nwton, infJac, []float64{1, 2}, nil, nil, newton.ErrNonFinite, "Jacobian", 3, "entry (1,1)"},
		{"FD overflow", hybrd | nwton, overflowFD, []float64{1}, nil, nil, newton.ErrNonFinite, "Jacobian", 0, "overflowed"},
		{"XTol < 0", hybrd | hybrj, good, []float64{1, 2}, hyb(func(s *newton.HybridSettings) { s.XTol = -1 }), nil, newton.ErrSettings, "Settings.XTol", -1, ""},
		{"XTol NaN", hybrd | hybrj, good, []float64{1, 2}, hyb(func(s *newton.HybridSettings) { s.XTol = nan }), nil, newton.ErrSettings, "Settings.XTol", -1, ""},
		{"MaxFev 0", hybrd | hybrj, good, []float64{1, 2}, hyb(func(s *newton.HybridSettings) { s.MaxFev = 0 }), nil, newton.ErrSettings, "Settings.MaxFev", -1, ""},
		{"Factor 0", hybrd | hybrj, good, []float64{1, 2}, hyb(func(s *newton.HybridSettings) { s.Factor = 0 }), nil, newton.ErrSettings, "Settings.Factor", -1, ""},
		{"Factor Inf", hybrd | hybrj, good, []float64{1, 2}, hyb(func(s *newton.HybridSettings) { s.Factor = inf }), nil, newton.ErrSettings, "Settings.Factor", -1, ""},
		{"EpsFcn NaN", hybrd | hybrj, good, []float64{1, 2}, hyb(func(s *newton.HybridSettings) { s.EpsFcn = nan }), nil, newton.ErrSettings, "Settings.EpsFcn", -1, ""},
		{"Scale 0", hybrd | hybrj, good, []float64{1, 2}, hyb(func(s *newton.HybridSettings) { s.Scale = 0 }), nil, newton.ErrSettings, "Settings.Scale", -1, ""},
		{"Diag length", hybrd | hybrj, good, []float64{1, 2}, hyb(func(s *newton.HybridSettings) { s.Diag = []float64{1} }), nil, newton.ErrDimension, "Settings.Diag", -1, "len(Diag) = 1, want n = 2"},
		{"Diag zero", hybrd | hybrj, good, []float64{1, 2}, hyb(func(s *newton.HybridSettings) { s.Diag = []float64{1, 0} }), nil, newton.ErrSettings, "Settings.Diag", 1, ""},
		{"Diag NaN", hybrd | hybrj, good, []float64{1, 2}, hyb(func(s *newton.HybridSettings) { s.Diag = []float64{nan, 1} }), nil, newton.ErrSettings, "Settings.Diag", 0, ""},
		{"MaxIter 0", nwton, good, []float64{1, 2}, nil, nwt(func(s *newton.NewtonSettings) { s.MaxIter = 0 }), newton.ErrSettings, "Settings.MaxIter", -1, ""},
		{"FTol < 0", nwton, good, []float64{1, 2}, nil, nwt(func(s *newton.NewtonSettings) { s.FTol = -1 }), newton.ErrSettings, "Settings.FTol", -1, ""},
		{"XTol Inf", nwton, good, []float64{1, 2}, nil, nwt(func(s *newton.NewtonSettings) { s.XTol = inf }), newton.ErrSettings, "Settings.XTol", -1, ""},
		{"Armijo 1", nwton, good, []float64{1, 2}, nil, nwt(func(s *newton.NewtonSettings) { s.Armijo = 1 }), newton.ErrSettings, "Settings.Armijo", -1, ""},
		{"MaxBacktrack 0", nwton, good, []float64{1, 2}, nil, nwt(func(s *newton.NewtonSettings) { s.MaxBacktrack = 0 }), newton.ErrSettings, "Settings.MaxBacktrack", -1, ""},
	}
	for _, c := range cases {
		for _, s := range []solver{hybrd, hybrj, nwton} {
			if c.solvers&s == 0 {
				continue
			}
			var res *newton.Result
			var err error
			var op string
			switch s {
			case hybrd:
				op = "Hybrd"
				res, err = newton.Hybrd(c.sys, c.x0, c.hs)
			case hybrj:
				op = "Hybrj"
				res, err = newton.Hybrj(c.sys, c.x0, c.hs)
			case nwton:
				op = "Newton"
				res, err = newton.Newton(c.sys, c.x0, c.ns)
			}
			var e *newton.Error
			if !errors.As(err, &e) {
				t.Errorf("%s/%s: err = %v, want *newton.Error", c.name, op, err)
				continue
			}
			if !errors.Is(err, c.kind) || e.Op != op || e.What != c.what || e.Index != c.index || !strings.Contains(e.Error(), c.msg) {
				t.Errorf("%s/%s: %q (%+v), want kind %v what %s index %d message containing %q", c.name, op, err, *e, c.kind, c.what, c.index, c.msg)
			}
			// Bad input computes nothing and returns no Result; a bad value
			// met during the run returns the Result so far.
			if during := c.kind == newton.ErrNonFinite && c.what != "x0"; during != (res != nil) {
				t.Errorf("%s/%s: result %v", c.name, op, res)
			}
		}
	}
}

// TestErrorMessage pins the format of one error message.
func TestErrorMessage(t *testing.T) {
	_, err := newton.Hybrd(circle, []float64{0, math.Inf(-1)}, nil)
	if got, want := err.Error(), "newton.Hybrd: non-finite value: x0[1] = -Inf"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	_, err = newton.Newton(newton.System{M: 3, F: circle.F}, []float64{0, 1}, nil)
	if got, want := err.Error(), "newton.Newton: dimension mismatch: System.M: non-square system: M = 3 equations, len(x0) = 2 unknowns"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
