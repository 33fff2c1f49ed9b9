package homotopy

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/newton"
	"github.com/hypersteiner/hypersteiner/poly"
)

// ReportOptions choose how NewReport solves and what it adds.
type ReportOptions struct {
	// Method is "homotopy" (or ""): every isolated solution, by SolvePoly;
	// "hybrid" or "newton": package newton's Powell hybrid or damped
	// Newton method from Start (nil: the origin), for real systems.
	Method string
	// Start is the starting point of hybrid and newton.
	Start []float64
	// Seed seeds the homotopy's random gamma and start phases.
	Seed uint64
	// Prec is the precision in bits of the printed values: above 53 every
	// nonsingular solution is refined in big.Float (BigRefiner) and
	// printed as decimal strings of floor(Prec·log10 2) digits.
	Prec uint
	// Certify proves each printed solution, at its printed values, with
	// certify.CertifySolutions.
	Certify bool
}

// badInput marks an error of NewReport that is about its input: it
// matches ErrBadSystem and prints as its cause.
type badInput struct{ error }

func (e badInput) Is(target error) bool { return target == ErrBadSystem }
func (e badInput) Unwrap() error        { return e.error }

// NewReport solves sys as opt says and reports the outcome: the counts,
// the solutions with their residuals at the printed values, their
// condition and, with opt.Certify, their certificates. Errors about the
// system or the starting point match ErrBadSystem. A solve that runs but
// leaves something unsure (failed paths, singular solutions, a local
// method that does not converge, a solution not certified) is no error:
// Report.Warnings says so.
func NewReport(sys poly.System[*poly.ComplexRat], opt ReportOptions) (*Report, error) {
	var (
		rep     *Report
		sols    []Solution
		realSys bool
		err     error
	)
	switch opt.Method {
	case "", "homotopy":
		rep, sols, realSys, err = reportHomotopy(sys, opt.Seed)
	case "hybrid", "newton":
		rep, sols, err = reportLocal(sys, opt)
		realSys = true
	default:
		return nil, fmt.Errorf("homotopy: unknown method %q (want homotopy, hybrid or newton)", opt.Method)
	}
	if err != nil {
		return nil, err
	}
	rep.Solutions = make([]SolutionReport, len(sols))
	points := make([]certify.ComplexPoint, len(sols))
	for k := range sols {
		s := &sols[k]
		rep.Solutions[k], points[k] = printed(sys, s, realSys)
		if opt.Prec > 53 {
			if w := refine(sys, s, opt.Prec, &rep.Solutions[k], &points[k]); w != "" {
				rep.Warnings = append(rep.Warnings, fmt.Sprintf("solution %d%s", k+1, w))
			}
		}
		rep.Finite++
		if s.Real {
			rep.Real++
		}
		if s.Singular {
			rep.Singular++
		}
	}
	if opt.Certify {
		return rep, rep.certify(sys, points, opt.Prec)
	}
	return rep, nil
}

// printed returns the report of a solution at float64 precision and the
// point it prints: the real parts only for a real solution of a real
// system (Solution.RealValues), with the residual of the equations as
// written at exactly those values.
func printed(sys poly.System[*poly.ComplexRat], s *Solution, realSys bool) (SolutionReport, certify.ComplexPoint) {
	x := append([]complex128(nil), s.X...)
	if re, real := s.RealValues(); realSys && real && !s.Singular {
		for i, v := range re {
			x[i] = complex(v, 0)
		}
	}
	r := SolutionReport{Values: floatValues(sys.Vars(), x), Residual: finiteOrNull(ResidualAt(sys, x)),
		Condition: finiteOrNull(s.Cond), Real: s.Real, Singular: s.Singular}
	return r, certify.PointOf(x)
}

// refine refines a nonsingular solution to bits bits in big.Float and, if
// that converges, replaces its values, residual and candidate point; it
// returns a warning otherwise. Values become decimal strings either way.
func refine(sys poly.System[*poly.ComplexRat], s *Solution, bits uint, out *SolutionReport, pt *certify.ComplexPoint) string {
	out.Values = out.Values.strings()
	if s.Singular {
		return " is singular: not refined, its values are float64 ones"
	}
	r, err := NewBigRefiner(sys, bits)
	if err != nil {
		return ": could not be refined: " + err.Error()
	}
	x := make([]complex128, len(pt.Re))
	for i := range x {
		re, _ := pt.Re[i].Float64()
		im, _ := pt.Im[i].Float64()
		x[i] = complex(re, im)
	}
	p, ok := r.Refine(x)
	if !ok {
		return fmt.Sprintf(": Newton's method in big.Float did not converge to %d bits; its values are float64 ones", bits)
	}
	text := p.Text(int(float64(bits) * math.Log10(2)))
	back, err := ParseBigPoint(text, r.Prec())
	if err != nil {
		return ": could not be refined: " + err.Error()
	}
	out.Values = textValues(sys.Vars(), text)
	out.Residual = finiteOrNull(r.Residual(back))
	*pt = certify.ComplexPoint{Re: back.Re, Im: back.Im}
	return ""
}

// reportHomotopy solves sys by the total-degree homotopy.
func reportHomotopy(sys poly.System[*poly.ComplexRat], seed uint64) (*Report, []Solution, bool, error) {
	res, err := SolvePoly(sys, &Options{Seed: seed})
	if err != nil {
		return nil, nil, false, err
	}
	res.SortSolutions(0)
	rep := &Report{Paths: len(res.Paths)}
	for k, p := range res.Paths {
		switch p.Status {
		case PathAtInfinity:
			rep.AtInfinity++
			inf := InfinityReport{Path: k, By: p.Infinity.Name()}
			if p.Infinity == InfinityByValuation {
				inf.Valuation = finiteOrNull(p.Valuation)
			}
			rep.Infinity = append(rep.Infinity, inf)
		case PathFailed:
			rep.Failed++
		}
	}
	if len(res.Paths) == 0 {
		rep.Warnings = append(rep.Warnings, "an equation is a nonzero constant: the system has no solutions")
	}
	if n := countBy(rep.Infinity, InfinityByEndPoint); n > 0 {
		// Not decided: the end point's homogenising coordinate is zero
		// within its error, which a root far beyond the others' scale
		// also gives.
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("%d of %d paths ended at infinity by their end point (\"by\":\"end_point\"): each is a solution at infinity or a finite root too large, next to the others, for float64 to tell from one (beyond about 1/ε times their scale); no other method here decides which", n, len(res.Paths)))
	}
	if ns := res.Counts().Singular; rep.Failed > 0 || ns > 0 {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("%d singular solutions and %d failed paths of %d: singular end points are multiple roots or lie on a positive-dimensional solution set, which the homotopy does not resolve; their values and counts are not reliable", ns, rep.Failed, len(res.Paths)))
	}
	return rep, res.Solutions, res.RealCoefficients, nil
}

// reportLocal runs hybrid or newton from opt.Start.
func reportLocal(sys poly.System[*poly.ComplexRat], opt ReportOptions) (*Report, []Solution, error) {
	if err := poly.CheckReal(sys); err != nil {
		return nil, nil, badInput{fmt.Errorf("%s needs a real system: %w", opt.Method, err)}
	}
	x0 := opt.Start
	if x0 == nil {
		x0 = make([]float64, sys.NumVars())
	}
	m := newton.MethodHybrid
	if opt.Method == "newton" {
		m = newton.MethodNewton
	}
	res, err := newton.SolvePoly(sys, m, x0)
	if err != nil {
		return nil, nil, badInput{err}
	}
	status := res.Status.Name()
	if res.NonFinite {
		status = "non_finite"
	}
	nfev, njev := res.NFev, res.NJev
	rep := &Report{Paths: 1, Status: status, NFev: &nfev, NJev: &njev}
	if !res.Converged {
		rep.Failed = 1
		rep.Warnings = []string{fmt.Sprintf("%s did not converge (stopped with status %s); last iterate %s with ‖F‖ = %s and relative residual %s; no solution listed",
			opt.Method, status, formatPoint(sys.Vars(), res.X), formatFloat(res.FNorm), formatFloat(res.TermResidual))}
		return rep, nil, nil
	}
	x := make([]complex128, len(res.X))
	for i, v := range res.X {
		x[i] = complex(v, 0)
	}
	sol, err := ClassifyPoint(sys, x, nil)
	if err != nil {
		return nil, nil, badInput{err}
	}
	if sol.Singular {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("%s converged to a singular point (condition %s): a multiple root or a point of a positive-dimensional solution set", opt.Method, formatFloat(sol.Cond)))
	}
	return rep, []Solution{sol}, nil
}

// certify certifies the printed solutions and fills the counts and the
// solutions' certificates; a solution that cannot be certified gets a
// warning.
func (rep *Report) certify(sys poly.System[*poly.ComplexRat], points []certify.ComplexPoint, bits uint) error {
	cs, err := certify.NewComplexPolySystem(sys)
	if err != nil {
		return badInput{err}
	}
	opt := certify.SetOptions{MaxPrec: max(certify.DefaultMaxPrec, 2*bits)}
	if bits > 53 {
		opt.Prec = bits
	}
	set, err := certify.CertifySolutions(cs, points, opt)
	if err != nil {
		return err
	}
	rep.Certified, rep.CertifiedReal, rep.CertifiedDistinct = &set.Certified, &set.CertifiedReal, &set.CertifiedDistinct
	for k := range set.Solutions {
		c := &set.Solutions[k]
		line := c.Line()
		rep.Solutions[k].CertLine = &line
		if !c.Certified {
			rep.Warnings = append(rep.Warnings, fmt.Sprintf("solution %d not certified (up to %d bits): %s", k+1, c.Prec, c.Reason))
		}
	}
	return nil
}

// formatPoint prints x as "(x=…, y=…)".
func formatPoint(vars []string, x []float64) string {
	parts := make([]string, len(x))
	for i, v := range x {
		parts[i] = vars[i] + "=" + formatFloat(v)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// formatFloat prints the shortest decimal that reads back as x.
func formatFloat(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// countBy counts the paths at infinity classified by the given rule.
func countBy(inf []InfinityReport, by InfinityReason) int {
	n := 0
	for _, r := range inf {
		if r.By == by.Name() {
			n++
		}
	}
	return n
}
