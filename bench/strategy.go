package bench

import (
	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/plane"
)

// lookupStrategy resolves a strategy name in package fermat's registry,
// at run time, so that strategies registered later are found.
func lookupStrategy(name string) (fermat.Solver, error) { return fermat.ByName(name) }

// StrategyNames returns the names of the strategies package fermat knows.
func StrategyNames() []string { return fermat.Names() }

// certifying reports whether s proves its points: the strategies whose
// working precision can be chosen (fermat.Precision) and that report how
// they solved (fermat.Strategy, whose Result carries the Certificate).
func certifying(s fermat.Solver) bool {
	_, prec := s.(fermat.Precision)
	_, strat := s.(fermat.Strategy)
	return prec && strat
}

// certRecorder wraps a certifying strategy for one Build (one goroutine:
// Build runs with one worker) and remembers the points it returned with a
// certificate, so that the Steiner points of the final tree can be
// counted as certified or not.
type certRecorder struct {
	s         fermat.Strategy
	certified map[hyperbolic.Point]bool
}

func newCertRecorder(s fermat.Solver) *certRecorder {
	return &certRecorder{s: s.(fermat.Strategy), certified: map[hyperbolic.Point]bool{}}
}

func (r *certRecorder) Name() string { return r.s.Name() }

func (r *certRecorder) Fermat(a, b, c hyperbolic.Point) (hyperbolic.Point, fermat.Status) {
	res, err := r.s.Solve(a, b, c)
	if err != nil {
		// Solve errs only on invalid vertices, which have no Steiner point
		// (the Solver contract).
		return hyperbolic.Point{}, fermat.None
	}
	if res.Status == fermat.Found && res.Cert != nil {
		r.certified[res.Point] = true
	}
	return res.Point, res.Status
}

// Fermat4 keeps the wrapped strategy's own 4-terminal method (without it
// the wrapper would fall back to the alternation and time another
// method); a strategy without one gets the alternation over the
// recorder, as sll would build.
func (r *certRecorder) Fermat4(p, q, u, v hyperbolic.Point, local float64) fermat.Four {
	if f, ok := r.s.(fermat.FourSolver); ok {
		return f.Fermat4(p, q, u, v, local)
	}
	return fermat.Alternation{Plane: plane.Hyperbolic, Solver: r}.Fermat4(p, q, u, v, local)
}
