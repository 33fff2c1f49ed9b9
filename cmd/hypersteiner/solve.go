package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/homotopy"
	"github.com/hypersteiner/hypersteiner/internal/cli"
	"github.com/hypersteiner/hypersteiner/newton"
	"github.com/hypersteiner/hypersteiner/poly"
)

func init() {
	register("solve", "solve a square polynomial system (homotopy, Powell hybrid or Newton)", runSolve)
}

const solveUsage = `usage: hypersteiner solve [flags] [SYSTEM]

SYSTEM is a square polynomial system in the text form of package poly:
polynomials separated by ';', e.g. 'x^2 + y^2 - 1; x - 3/4*y', with exact
decimal or p/q coefficients, '*', '^', identifiers as variables and I as the
imaginary unit; an optional first line 'vars: x, y' fixes the variable order
(otherwise variables are numbered by first appearance). If SYSTEM names an
existing file, the file is read; '-' or no SYSTEM reads standard input.

Methods:
  homotopy  (default) every isolated solution, by total-degree homotopy
            continuation (homotopy.SolvePoly: variables scaled by powers of
            2 where the coefficients call for it, random gamma and start
            phases drawn from --seed).
  hybrid    Powell's hybrid method (MINPACK hybrj, the settings of hybrj1
            but xtol = 1e-10) with the analytic Jacobian, from --start;
            real systems only.
  newton    damped Newton (Armijo backtracking) with the analytic Jacobian,
            from --start; real systems only.
  hybrid and newton converge when the solver stops with its convergence
  status (hybrid: info 1, "xtol_reached"; newton: "converged") and every
  equation satisfies |f_i(x)| <= sqrt(eps)*sum_a |c_a*x^a| (sqrt(eps) =
  1.49e-8, MINPACK's default xtol; the sum runs over the terms of f_i).

Output: one JSON object
  {"paths","finite","real","singular","at_infinity","failed",["infinity",]
   "solutions":[{"values":{"x":[re,im],...},"residual","condition","real","singular"}]}
  paths        paths tracked (1 for hybrid and newton)
  finite       distinct finite solutions listed (singular ones included)
  real         listed solutions that are real; singular: listed ones that are singular
  at_infinity  paths that diverged; failed: paths that failed (or a run of
               hybrid/newton that did not converge: then no solution is listed)
  infinity     (when at_infinity > 0) how each such path was judged:
               {"path":k,"by":"valuation","valuation":v}: the endgame's
               estimates of v = d log|z0|/d log t were positive and stable;
               {"path":k,"by":"end_point"}: it reached t = 0 at a point
               with z0 = 0 within that point's error (a root beyond about
               1/eps times the scale of the scaled system looks like this);
               {"path":k,"by":"overflow"}: finite, but beyond float64.
  values       each variable's [real part, imaginary part]; a real solution
               of a real system is printed with imaginary part exactly 0
  residual     max_i |f_i(x)| of the equations as written, at the printed values
  condition    condition number of the root (the larger of the row-scaled
               inf-norm condition number of the Jacobian and the coefficient
               condition number); null when singular to working precision
  real         max |Im x_i| <= 1e-8*max(1, |x|) (a proof is --certify's)
  singular     condition above 1e10, a multiple root, or (homotopy) a path
               that ended like one
  hybrid and newton add "status" (the solver's stop reason: xtol_reached,
  maxfev_reached, xtol_too_small, no_progress_jacobian,
  no_progress_iterations, converged, singular_jacobian, line_search_failed,
  max_iter_reached, non_finite), "nfev" and "njev".
  Solutions are listed real first, then by coordinates (real, then
  imaginary parts, in variable order). Numbers round-trip float64.

With --certify every listed solution is proved or not, at its printed
values, by Krawczyk's method in interval arithmetic (package certify:
float64 with outward rounding, then big.Float from 128 bits up to
max(1024, 2*BITS) bits), and the object gets
  "certified","certified_real","certified_distinct"   (before "solutions")
  certified           solutions proved: a unique root within "radius" of
                      the printed values
  certified_distinct  solutions whose roots are proved pairwise distinct
  certified_real      of those, roots proved real (a box invariant under
                      conjugation holds a unique root)
and each solution
  "certified":true|false, "radius": an upper bound of max_i |root_i - x_i|
  (null when not certified), "realness": "real"|"nonreal"|"undecided",
  "prec": the bits of the deciding test (53: float64), and, when not
  certified, "reason": "singular" (singular Jacobian at the point),
  "undecided" (not proved up to the precision cap: too ill-conditioned, or
  a multiple root), "not_approximate" (Newton's method from the point leads
  to a root whose proved region misses the point) or "no_root".

With --prec BITS > 53 every nonsingular solution is refined by Newton's
method in complex big.Float (BITS+64 bits of working precision) until every
coordinate's last correction is below 2^-(BITS+2) of it, and its values are
printed as decimal STRINGS with floor(BITS*log10(2)) significant digits (60
for 200 bits; trailing zeros dropped, so a root 3/5 prints as "0.6");
residual is then evaluated in big.Float at the printed values. Singular
solutions, and any whose refinement does not converge, keep their float64
values (as strings) with a warning on stderr.

Exit status: 0 when the system was solved (even if paths failed, the
solution set is positive-dimensional or a solution could not be certified:
a warning goes to stderr), 2 for a bad command line or bad input (a parse
error is reported as LINE:COL:), 1 for anything else.

flags:`

// solveConfig holds the parsed command line.
type solveConfig struct {
	method  string
	start   string
	prec    uint
	seed    uint64
	certify bool
}

func runSolve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	const prog = "hypersteiner solve"
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	var cfg solveConfig
	fs.StringVar(&cfg.method, "method", "homotopy", "homotopy, hybrid or newton")
	fs.StringVar(&cfg.start, "start", "", `starting point of hybrid and newton, e.g. "x=0.5,y=-1" (every variable exactly once; values decimal or p/q); default: all zeros`)
	fs.UintVar(&cfg.prec, "prec", 53, "bits of the printed solutions; above 53, refine in big.Float and print decimal strings")
	fs.Uint64Var(&cfg.seed, "seed", 1, "seed of the homotopy's random gamma and start phases (results are deterministic for a given seed)")
	fs.BoolVar(&cfg.certify, "certify", false, "prove each solution (Krawczyk's method in interval arithmetic) and count the certified, certified real and certified distinct ones")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), solveUsage)
		fs.PrintDefaults()
	}
	fs.SetOutput(stderr)
	rest, err := cli.ParseFlags(fs, args)
	if err != nil {
		return cli.Report(stderr, prog, err)
	}
	if len(rest) > 1 {
		return cli.Report(stderr, prog, cli.Usagef("one SYSTEM at most, got %d arguments", len(rest)))
	}
	if err := cfg.check(); err != nil {
		return cli.Report(stderr, prog, err)
	}
	arg := ""
	if len(rest) == 1 {
		arg = rest[0]
	}
	text, fromFile, err := readSystemText(arg, stdin)
	if err != nil {
		return cli.Report(stderr, prog, err)
	}
	sys, err := parseSquareSystem(text)
	if err != nil {
		var pe *poly.ParseError
		if errors.As(err, &pe) && !fromFile && looksLikePath(arg) {
			err = cli.Input(fmt.Errorf("%w (and there is no file %q)", err, arg))
		}
		return cli.Report(stderr, prog, err)
	}
	rep, warnings, err := solveSystem(sys, cfg)
	if err != nil {
		return cli.Report(stderr, prog, err)
	}
	b, err := json.Marshal(rep)
	if err != nil {
		return cli.Report(stderr, prog, err)
	}
	if _, err := stdout.Write(append(b, '\n')); err != nil {
		return cli.Report(stderr, prog, err)
	}
	for _, w := range warnings {
		fmt.Fprintf(stderr, "%s: warning: %s\n", prog, cli.OneLine(w))
	}
	return cli.ExitOK
}

func (c solveConfig) check() error {
	switch c.method {
	case "homotopy":
		if c.start != "" {
			return cli.Usagef("--start is for --method hybrid or newton; homotopy needs no starting point")
		}
	case "hybrid", "newton":
	default:
		return cli.Usagef("--method must be homotopy, hybrid or newton, not %q", c.method)
	}
	return cli.CheckPrec(c.prec)
}

// solveSystem runs the chosen method, refines and certifies as asked,
// and returns the report and the warnings for stderr.
func solveSystem(sys poly.System[*poly.ComplexRat], cfg solveConfig) (*solveReport, []string, error) {
	var (
		rep      *solveReport
		sols     []homotopy.Solution
		realSys  bool
		warnings []string
		err      error
	)
	if cfg.method == "homotopy" {
		rep, sols, realSys, warnings, err = solveHomotopy(sys, cfg.seed)
	} else {
		rep, sols, warnings, err = solveLocal(sys, cfg)
		realSys = true
	}
	if err != nil {
		return nil, nil, err
	}
	out := make([]solutionJSON, len(sols))
	points := make([]certify.ComplexPoint, len(sols))
	for k := range sols {
		s := &sols[k]
		out[k], points[k] = printed(sys, s, realSys)
		if cfg.prec > 53 {
			if w := refine(sys, s, cfg.prec, &out[k], &points[k]); w != "" {
				warnings = append(warnings, fmt.Sprintf("solution %d%s", k+1, w))
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
	if cfg.certify {
		w, err := certifyReport(sys, points, cfg.prec, rep, out)
		if err != nil {
			return nil, nil, err
		}
		warnings = append(warnings, w...)
	}
	rep.Solutions = out
	return rep, warnings, nil
}

// printed returns the JSON of a solution at float64 precision and the
// point it prints: the real parts only for a real solution of a real
// system (homotopy.Solution.RealValues), with the residual of the
// equations as written at exactly those values.
func printed(sys poly.System[*poly.ComplexRat], s *homotopy.Solution, realSys bool) (solutionJSON, certify.ComplexPoint) {
	x := append([]complex128(nil), s.X...)
	if re, real := s.RealValues(); realSys && real && !s.Singular {
		for i, v := range re {
			x[i] = complex(v, 0)
		}
	}
	j := solutionJSON{Residual: finiteOrNull(homotopy.ResidualAt(sys, x)), Condition: finiteOrNull(s.Cond),
		Real: s.Real, Singular: s.Singular}
	j.Values = floatValues(sys.Vars(), x)
	return j, certify.PointOf(x)
}

// refine refines a nonsingular solution to bits bits in big.Float and, if
// that converges, replaces its values, residual and candidate point; it
// returns a warning otherwise. Values become decimal strings either way.
func refine(sys poly.System[*poly.ComplexRat], s *homotopy.Solution, bits uint, out *solutionJSON, pt *certify.ComplexPoint) string {
	digits := int(float64(bits) * math.Log10(2))
	out.Values = stringValues(out.Values)
	if s.Singular {
		return " is singular: not refined, its values are float64 ones"
	}
	r, err := homotopy.NewBigRefiner(sys, bits)
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
	text := p.Text(digits)
	back, err := homotopy.ParseBigPoint(text, r.Prec())
	if err != nil {
		return ": could not be refined: " + err.Error()
	}
	out.Values = textValues(sys.Vars(), text)
	out.Residual = finiteOrNull(r.Residual(back))
	*pt = certify.ComplexPoint{Re: back.Re, Im: back.Im}
	return ""
}

// solveHomotopy solves sys by the total-degree homotopy.
func solveHomotopy(sys poly.System[*poly.ComplexRat], seed uint64) (*solveReport, []homotopy.Solution, bool, []string, error) {
	res, err := homotopy.SolvePoly(sys, &homotopy.Options{Seed: seed})
	if err != nil {
		if errors.Is(err, homotopy.ErrBadSystem) {
			err = cli.Input(err)
		}
		return nil, nil, false, nil, err
	}
	res.SortSolutions(0)
	rep := &solveReport{Paths: len(res.Paths)}
	for k, p := range res.Paths {
		switch p.Status {
		case homotopy.PathAtInfinity:
			rep.AtInfinity++
			inf := infinityJSON{Path: k, By: p.Infinity.Name()}
			if p.Infinity == homotopy.InfinityByValuation {
				inf.Valuation = finiteOrNull(p.Valuation)
			}
			rep.Infinity = append(rep.Infinity, inf)
		case homotopy.PathFailed:
			rep.Failed++
		}
	}
	var warnings []string
	if len(res.Paths) == 0 {
		warnings = append(warnings, "an equation is a nonzero constant: the system has no solutions")
	}
	ns := res.Counts().Singular
	if rep.Failed > 0 || ns > 0 {
		warnings = append(warnings, fmt.Sprintf("%d singular solutions and %d failed paths of %d: singular end points are multiple roots or lie on a positive-dimensional solution set, which the homotopy does not resolve; their values and counts are not reliable", ns, rep.Failed, len(res.Paths)))
	}
	return rep, res.Solutions, res.RealCoefficients, warnings, nil
}

// solveLocal runs hybrid or newton from the --start point.
func solveLocal(sys poly.System[*poly.ComplexRat], cfg solveConfig) (*solveReport, []homotopy.Solution, []string, error) {
	if err := nonRealTerm(sys); err != nil {
		return nil, nil, nil, cli.Input(fmt.Errorf("--method %s needs a real system: %w (use --method homotopy)", cfg.method, err))
	}
	x0, err := parseStart(cfg.start, sys.Vars())
	if err != nil {
		return nil, nil, nil, err
	}
	m := newton.MethodHybrid
	if cfg.method == "newton" {
		m = newton.MethodNewton
	}
	res, err := newton.SolvePoly(sys, m, x0)
	if err != nil {
		return nil, nil, nil, cli.Input(err)
	}
	status := res.Status.Name()
	if res.NonFinite {
		status = "non_finite"
	}
	nfev, njev := res.NFev, res.NJev
	rep := &solveReport{Paths: 1, Status: status, NFev: &nfev, NJev: &njev}
	if !res.Converged {
		rep.Failed = 1
		return rep, nil, []string{fmt.Sprintf("%s did not converge (stopped with status %s); last iterate %s with ‖F‖ = %s and relative residual %s; no solution listed",
			cfg.method, status, formatPoint(sys.Vars(), res.X), cli.FormatFloat(res.FNorm), cli.FormatFloat(res.TermResidual))}, nil
	}
	x := make([]complex128, len(res.X))
	for i, v := range res.X {
		x[i] = complex(v, 0)
	}
	sol, err := homotopy.ClassifyPoint(sys, x, nil)
	if err != nil {
		return nil, nil, nil, cli.Input(err)
	}
	var warnings []string
	if sol.Singular {
		warnings = append(warnings, fmt.Sprintf("%s converged to a singular point (condition %s): a multiple root or a point of a positive-dimensional solution set", cfg.method, cli.FormatFloat(sol.Cond)))
	}
	return rep, []homotopy.Solution{sol}, warnings, nil
}

// certifyReport certifies the printed solutions and fills the counts and
// the per-solution fields; a solution that cannot be certified gets a
// warning.
func certifyReport(sys poly.System[*poly.ComplexRat], points []certify.ComplexPoint, bits uint, rep *solveReport, out []solutionJSON) ([]string, error) {
	cs, err := certify.NewComplexPolySystem(sys)
	if err != nil {
		return nil, cli.Input(err)
	}
	opt := certify.SetOptions{MaxPrec: max(certify.DefaultMaxPrec, 2*bits)}
	if bits > 53 {
		opt.Prec = bits
	}
	set, err := certify.CertifySolutions(cs, points, opt)
	if err != nil {
		return nil, err
	}
	rep.Certified, rep.CertifiedReal, rep.CertifiedDistinct = &set.Certified, &set.CertifiedReal, &set.CertifiedDistinct
	var warnings []string
	for k, c := range set.Solutions {
		out[k].addCertificate(c)
		if !c.Certified {
			warnings = append(warnings, fmt.Sprintf("solution %d not certified (up to %d bits): %s", k+1, c.Prec, c.Reason))
		}
	}
	return warnings, nil
}
