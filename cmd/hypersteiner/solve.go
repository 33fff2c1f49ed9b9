package main

import (
	"cmp"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/big"
	"math/cmplx"
	"os"
	"slices"
	"strconv"
	"strings"

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
            continuation with a random gamma drawn from --seed.
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
  {"paths","finite","real","singular","at_infinity","failed",
   "solutions":[{"values":{"x":[re,im],...},"residual","condition","real","singular"}]}
  paths        paths tracked (1 for hybrid and newton)
  finite       distinct finite solutions listed (singular ones included)
  real         listed solutions that are real; singular: listed ones that are singular
  at_infinity  paths that diverged; failed: paths that failed (or a run of
               hybrid/newton that did not converge: then no solution is listed)
  values       each variable's [real part, imaginary part]; a real solution
               of a real system is printed with imaginary part exactly 0
  residual     max_i |f_i(x)| of the equations as written, at the printed values
  condition    condition number of the Jacobian (rows scaled to unit
               inf-norm, inf-norm); null when singular to working precision
  singular     condition above 1e10, a multiple root, or (homotopy) a path
               that ended like one
  hybrid and newton add "status" (the solver's stop reason: xtol_reached,
  maxfev_reached, xtol_too_small, no_progress_jacobian,
  no_progress_iterations, converged, singular_jacobian, line_search_failed,
  max_iter_reached, non_finite), "nfev" and "njev".
  Solutions are listed real first, then by coordinates (real, then
  imaginary parts, in variable order). Numbers round-trip float64.

With --prec BITS > 53 every nonsingular solution is refined by Newton's
method in big.Float (BITS+64 bits of working precision) until the last
correction is below 2^-(BITS+2) relative, and its values are printed as
decimal STRINGS with floor(BITS*log10(2)) significant digits (60 for 200
bits; trailing zeros dropped, so a root 3/5 prints as "0.6"); residual is
then evaluated in big.Float at the printed values. Singular solutions, and any
whose refinement does not converge, keep their float64 values (as strings)
with a warning on stderr.

Exit status: 0 when the system was solved (even if paths failed or the
solution set is positive-dimensional: a warning goes to stderr), 2 for a
bad command line or bad input (a parse error is reported as LINE:COL:), 1
for anything else.

flags:`

// solveMaxPrec bounds --prec: 65536 bits are about 19700 digits.
const solveMaxPrec = 1 << 16

// singularCond is the condition number above which hybrid and newton
// report a solution as singular: homotopy's default Options.SingularCond,
// so that the flag means the same for every method.
const singularCond = 1e10

// hybridXTol replaces hybrj1's XTol = √ε ≈ 1.5e-8. That stops once the
// trust region is below 1.5e-8 relative, which on the circle–line system
// left errors up to 3.5e-14 (start (5, −3)); with 1e-10 the runs from eight
// starts still end in info 1 and reach the roots to 1.1e-16, while XTol ≤
// 1e-14 ends some runs in info 3 or 5 at the rounding level.
const hybridXTol = 1e-10

// guardBits is the extra working precision of the big.Float refinement:
// enough for condition numbers up to 2^64 to leave BITS correct bits.
const guardBits = 64

// maxRealifyTerms bounds the size of the real and imaginary split of a
// system (see realify), about a second of expansion.
const maxRealifyTerms = 200000

// solveConfig holds the parsed command line.
type solveConfig struct {
	method string
	start  string
	prec   uint
	seed   uint64
}

func runSolve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	const prog = "hypersteiner solve"
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	var cfg solveConfig
	fs.StringVar(&cfg.method, "method", "homotopy", "homotopy, hybrid or newton")
	fs.StringVar(&cfg.start, "start", "", `starting point of hybrid and newton, e.g. "x=0.5,y=-1" (every variable exactly once; values decimal or p/q); default: all zeros`)
	fs.UintVar(&cfg.prec, "prec", 53, "bits of the printed solutions; above 53, refine in big.Float and print decimal strings")
	fs.Uint64Var(&cfg.seed, "seed", 1, "seed of the homotopy's random gamma (results are deterministic for a given seed)")
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

// looksLikePath reports whether arg, which failed to parse as a system,
// was probably meant as a file name: one word of name characters with a
// '.' or a '/'.
func looksLikePath(arg string) bool {
	if arg == "" || !strings.ContainsAny(arg, "./") {
		return false
	}
	for _, r := range arg {
		if !(r == '.' || r == '/' || r == '-' || r == '_' || r == '~' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z') {
			return false
		}
	}
	return true
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
	if c.prec < 53 || c.prec > solveMaxPrec {
		return cli.Usagef("--prec must be between 53 (plain float64) and %d bits, not %d", solveMaxPrec, c.prec)
	}
	return nil
}

// readSystemText returns the system text: standard input for "" or "-",
// the file arg if it exists, else arg itself.
func readSystemText(arg string, stdin io.Reader) (text string, fromFile bool, err error) {
	if arg == "" || arg == "-" {
		b, err := io.ReadAll(stdin)
		if err != nil {
			return "", false, fmt.Errorf("reading standard input: %w", err)
		}
		return string(b), false, nil
	}
	if st, err := os.Stat(arg); err == nil && !st.IsDir() {
		b, err := os.ReadFile(arg)
		if err != nil {
			return "", false, cli.Input(err)
		}
		return string(b), true, nil
	}
	return arg, false, nil
}

// parseSquareSystem parses text (allowing the imaginary unit I) and checks
// that the system is square with no identically zero equation. Every error
// is an input error (exit status 2); a parse error prints as LINE:COL: msg.
func parseSquareSystem(text string) (poly.System[*poly.ComplexRat], error) {
	sys, err := poly.ParseComplex(text)
	if err != nil {
		return sys, cli.Input(err)
	}
	if sys.NumEqs() == 0 {
		return sys, cli.Input(errors.New("the system has no equations"))
	}
	if !sys.IsSquare() {
		vars := "no unknowns"
		if sys.NumVars() > 0 {
			vars = "unknowns " + strings.Join(sys.Vars(), ", ")
		}
		return sys, cli.Input(fmt.Errorf("the system is not square: %d equations in %d unknowns (%s)", sys.NumEqs(), sys.NumVars(), vars))
	}
	for i, p := range sys.Polys() {
		if p.IsZero() {
			return sys, cli.Input(fmt.Errorf("equation %d is identically zero after expansion: every point solves it", i+1))
		}
	}
	return sys, checkFloat64Range(sys)
}

// checkFloat64Range returns an input error naming the first coefficient
// that overflows float64, or is nonzero and rounds to zero: the float64 and
// complex128 solvers (homotopy included) would see another system.
func checkFloat64Range(sys poly.System[*poly.ComplexRat]) error {
	for i, p := range sys.Polys() {
		for k := range p.NumTerms() {
			t := p.Term(k)
			z, err := poly.ConvertValue[complex128](t.Coef, 0)
			what := ""
			switch {
			case errors.Is(err, poly.ErrOverflow):
				what = "overflows float64"
			case err != nil:
				what = err.Error()
			case z == 0:
				// Both parts are below 2^-1074: the term would vanish. (One
				// part rounding to 0 next to a nonzero other part is an
				// absolute change below 2^-1074, like any rounding there.)
				what = "underflows float64 (rounds to 0, the term would vanish)"
			default:
				continue
			}
			return cli.Input(fmt.Errorf("equation %d, %s: coefficient %s %s", i+1, termName(t.Exp, sys.Vars()), shortCoef(t.Coef), what))
		}
	}
	return nil
}

// termName names a term by its monomial: "term x^2*y" or "the constant term".
func termName(m poly.Monomial, vars []string) string {
	if m.IsConstant() {
		return "the constant term"
	}
	return "term " + m.Format(vars)
}

// shortCoef prints a coefficient with 6 significant digits per part (the
// exact form of a huge or tiny one can run to hundreds of digits).
func shortCoef(c *poly.ComplexRat) string {
	part := func(r *big.Rat) string { return new(big.Float).SetPrec(64).SetRat(r).Text('g', 6) }
	if c.Im.Sign() == 0 {
		return part(&c.Re)
	}
	im := part(new(big.Rat).Abs(&c.Im))
	if im == "1" {
		im = "I"
	} else {
		im += "*I"
	}
	sign := "+"
	if c.Im.Sign() < 0 {
		sign = "-"
	}
	if c.Re.Sign() == 0 {
		return strings.TrimPrefix(sign, "+") + im
	}
	return "(" + part(&c.Re) + sign + im + ")"
}

// solveSolution is one listed solution.
type solveSolution struct {
	x        []complex128
	text     [][2]string // decimal strings of the values when --prec > 53
	residual float64
	cond     float64
	real     bool
	singular bool
}

// solveSystem runs the chosen method and returns the report and the
// warnings for stderr.
func solveSystem(sys poly.System[*poly.ComplexRat], cfg solveConfig) (*solveReport, []string, error) {
	var (
		rep      *solveReport
		sols     []solveSolution
		warnings []string
		err      error
	)
	if cfg.method == "homotopy" {
		rep, sols, warnings, err = solveHomotopy(sys, cfg.seed)
	} else {
		rep, sols, warnings, err = solveLocal(sys, cfg)
	}
	if err != nil {
		return nil, nil, err
	}
	slices.SortStableFunc(sols, compareSolutions)
	if cfg.prec > 53 {
		w, err := refineAll(sys, sols, cfg.prec)
		if err != nil {
			return nil, nil, err
		}
		warnings = append(warnings, w...)
	}
	for _, s := range sols {
		rep.Finite++
		if s.real {
			rep.Real++
		}
		if s.singular {
			rep.Singular++
		}
	}
	rep.Solutions = make([]solutionJSON, len(sols))
	for i, s := range sols {
		rep.Solutions[i] = s.json(sys.Vars())
	}
	return rep, warnings, nil
}

// isRealSystem reports whether every coefficient is real.
func isRealSystem(sys poly.System[*poly.ComplexRat]) bool {
	return nonRealTerm(sys) == nil
}

// nonRealTerm returns an error naming the first coefficient with a nonzero
// imaginary part, or nil.
func nonRealTerm(sys poly.System[*poly.ComplexRat]) error {
	for i, p := range sys.Polys() {
		for k := range p.NumTerms() {
			t := p.Term(k)
			if !t.Coef.IsReal() {
				return fmt.Errorf("equation %d, %s has the non-real coefficient %s", i+1, termName(t.Exp, sys.Vars()), shortCoef(t.Coef))
			}
		}
	}
	return nil
}

// solveHomotopy solves sys by the total-degree homotopy.
func solveHomotopy(sys poly.System[*poly.ComplexRat], seed uint64) (*solveReport, []solveSolution, []string, error) {
	res, err := homotopy.SolvePoly(sys, &homotopy.Options{Seed: seed})
	if err != nil {
		if errors.Is(err, homotopy.ErrBadSystem) {
			err = cli.Input(err)
		}
		return nil, nil, nil, err
	}
	rep := &solveReport{Paths: len(res.Paths)}
	for _, p := range res.Paths {
		switch p.Status {
		case homotopy.PathAtInfinity:
			rep.AtInfinity++
		case homotopy.PathFailed:
			rep.Failed++
		}
	}
	ev, err := sys.CompileComplex()
	if err != nil {
		return nil, nil, nil, cli.Input(err)
	}
	realSys := isRealSystem(sys)
	sols := make([]solveSolution, 0, len(res.Solutions))
	for _, so := range res.Solutions {
		x := slices.Clone(so.X)
		if realSys && so.Real && !so.Singular {
			// Real to homotopy's RealTol (1e-8): the imaginary parts are
			// rounding noise, since the conjugate of a root of a real
			// system is a root too, and two distinct roots that close
			// would have a condition number near 1e8 or more. The
			// residual below is that of the projected point.
			for i := range x {
				x[i] = complex(real(x[i]), 0)
			}
		}
		sols = append(sols, solveSolution{x: x, residual: complexResidual(ev, x),
			cond: so.Cond, real: so.Real, singular: so.Singular})
	}
	var warnings []string
	if len(res.Paths) == 0 {
		warnings = append(warnings, "an equation is a nonzero constant: the system has no solutions")
	}
	if rep.Failed > 0 || slices.ContainsFunc(sols, func(s solveSolution) bool { return s.singular }) {
		ns := 0
		for _, s := range sols {
			if s.singular {
				ns++
			}
		}
		warnings = append(warnings, fmt.Sprintf("%d singular solutions and %d failed paths of %d: singular end points are multiple roots or lie on a positive-dimensional solution set, which the homotopy does not resolve; their values and counts are not reliable", ns, rep.Failed, len(res.Paths)))
	}
	return rep, sols, warnings, nil
}

// complexResidual returns max_i |f_i(x)| in complex128 (+Inf if the
// evaluation fails or overflows).
func complexResidual(ev *poly.Evaluator[complex128], x []complex128) float64 {
	f := make([]complex128, ev.NumEqs())
	if err := ev.Eval(f, nil, x); err != nil {
		return math.Inf(1)
	}
	r := 0.0
	for _, v := range f {
		r = max(r, cmplx.Abs(v))
	}
	return r
}

// solveLocal runs hybrid or newton from the --start point.
func solveLocal(sys poly.System[*poly.ComplexRat], cfg solveConfig) (*solveReport, []solveSolution, []string, error) {
	if err := nonRealTerm(sys); err != nil {
		return nil, nil, nil, cli.Input(fmt.Errorf("--method %s needs a real system: %w (use --method homotopy)", cfg.method, err))
	}
	x0, err := parseStart(cfg.start, sys.Vars())
	if err != nil {
		return nil, nil, nil, err
	}
	ev, err := sys.CompileFloat64()
	if err != nil {
		return nil, nil, nil, cli.Input(err)
	}
	n := sys.NumVars()
	nsys := newton.System{
		M: n,
		F: func(f, x []float64) {
			if ev.Eval(f, nil, x) != nil {
				// Non-finite x: let the solver see non-finite values.
				for i := range f {
					f[i] = math.NaN()
				}
			}
		},
		Jac: func(jac, x []float64) {
			if ev.Eval(nil, jac, x) != nil {
				for i := range jac {
					jac[i] = math.NaN()
				}
			}
		},
	}
	var res *newton.Result
	var goal newton.Status
	if cfg.method == "hybrid" {
		set := newton.Hybrj1Settings(n)
		set.XTol = hybridXTol
		res, err = newton.Hybrj(nsys, x0, &set)
		goal = newton.XTolReached
	} else {
		res, err = newton.Newton(nsys, x0, nil)
		goal = newton.Converged
	}
	var status string
	if err != nil {
		if !errors.Is(err, newton.ErrNonFinite) || res == nil {
			return nil, nil, nil, err
		}
		status = "non_finite"
	} else {
		status = res.Status.Name()
	}
	nfev, njev := res.NFev, res.NJev
	rep := &solveReport{Paths: 1, Status: status, NFev: &nfev, NJev: &njev}
	termOK, rel := withinTermScale(sys, res.X)
	if err != nil || res.Status != goal || !termOK {
		rep.Failed = 1
		why := "stopped with status " + status
		if err != nil {
			why = err.Error()
		}
		return rep, nil, []string{fmt.Sprintf("%s did not converge (%s); last iterate %s with ‖F‖ = %s and relative residual %s; no solution listed",
			cfg.method, why, formatPoint(sys.Vars(), res.X), cli.FormatFloat(res.FNorm), cli.FormatFloat(rel))}, nil
	}
	x := make([]complex128, n)
	for i, v := range res.X {
		x[i] = complex(v, 0)
	}
	jac := make([]float64, n*n)
	cond := math.Inf(1)
	if ev.Eval(nil, jac, res.X) == nil {
		cond = condInf(jac, n)
	}
	cev, err := sys.CompileComplex()
	if err != nil {
		return nil, nil, nil, cli.Input(err)
	}
	sol := solveSolution{x: x, residual: complexResidual(cev, x), cond: cond, real: true, singular: !(cond <= singularCond)}
	var warnings []string
	if sol.singular {
		warnings = append(warnings, fmt.Sprintf("%s converged to a singular point (condition %s): a multiple root or a point of a positive-dimensional solution set", cfg.method, cli.FormatFloat(cond)))
	}
	return rep, []solveSolution{sol}, warnings, nil
}

// withinTermScale applies the convergence rule of hybrid and newton: every
// equation has |f_i(x)| ≤ √ε·Σ_α |c_α·x^α|. It also returns the largest
// ratio |f_i(x)| / Σ_α |c_α·x^α| (0/0 counts as 0).
func withinTermScale(sys poly.System[*poly.ComplexRat], x []float64) (bool, float64) {
	ev, err1 := sys.CompileFloat64()
	abs, err2 := absSystem(sys)
	if err1 != nil || err2 != nil {
		return false, math.NaN()
	}
	aev, err := abs.CompileFloat64()
	if err != nil {
		return false, math.NaN()
	}
	n := len(x)
	ax := make([]float64, n)
	for i, v := range x {
		ax[i] = math.Abs(v)
	}
	f, s := make([]float64, n), make([]float64, n)
	if ev.Eval(f, nil, x) != nil || aev.Eval(s, nil, ax) != nil {
		return false, math.NaN()
	}
	tol := math.Sqrt(0x1p-52)
	ok, worst := true, 0.0
	for i := range f {
		r := 0.0
		if f[i] != 0 {
			r = math.Abs(f[i]) / s[i] // s[i] ≥ |f[i]| > 0 up to rounding
		}
		if !(r <= tol) {
			ok = false
		}
		worst = max(worst, r)
		if math.IsNaN(r) {
			worst = r
		}
	}
	return ok, worst
}

// absSystem returns the system whose coefficients are the moduli of sys's
// (real) coefficients: its value at |x| is the term scale Σ_α |c_α·x^α|.
func absSystem(sys poly.System[*poly.ComplexRat]) (poly.System[*big.Rat], error) {
	n := sys.NumVars()
	polys := make([]poly.Poly[*big.Rat], sys.NumEqs())
	for i, p := range sys.Polys() {
		terms := make([]poly.Term[*big.Rat], p.NumTerms())
		for k := range terms {
			t := p.Term(k)
			terms[k] = poly.Term[*big.Rat]{Coef: new(big.Rat).Abs(&t.Coef.Re), Exp: t.Exp}
		}
		q, err := poly.New(n, terms...)
		if err != nil {
			return poly.System[*big.Rat]{}, err
		}
		polys[i] = q
	}
	return poly.NewSystem(sys.Vars(), polys...)
}

// parseStart reads --start "x=0.5,y=-1/3": every variable exactly once.
// An empty spec is the origin.
func parseStart(spec string, vars []string) ([]float64, error) {
	x := make([]float64, len(vars))
	if strings.TrimSpace(spec) == "" {
		return x, nil
	}
	index := make(map[string]int, len(vars))
	for i, v := range vars {
		index[v] = i
	}
	seen := make([]bool, len(vars))
	for _, item := range strings.Split(spec, ",") {
		name, val, ok := strings.Cut(item, "=")
		name, val = strings.TrimSpace(name), strings.TrimSpace(val)
		if !ok || name == "" || val == "" {
			return nil, cli.Usagef("--start: %q is not of the form name=value", strings.TrimSpace(item))
		}
		i, known := index[name]
		if !known {
			return nil, cli.Usagef("--start: %s is not a variable of the system (its variables are %s)", name, strings.Join(vars, ", "))
		}
		if seen[i] {
			return nil, cli.Usagef("--start: %s is given twice", name)
		}
		seen[i] = true
		v, err := parseStartValue(val)
		if err != nil {
			return nil, cli.Usagef("--start: %s=%s: %v", name, val, err)
		}
		x[i] = v
	}
	var missing []string
	for i, ok := range seen {
		if !ok {
			missing = append(missing, vars[i])
		}
	}
	if len(missing) > 0 {
		return nil, cli.Usagef("--start: no value for %s (give every variable, or omit --start to start at zero)", strings.Join(missing, ", "))
	}
	return x, nil
}

// parseStartValue reads a decimal or p/q, finite in float64.
func parseStartValue(s string) (float64, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		r, ok := new(big.Rat).SetString(s)
		if !ok {
			return 0, errors.New("not a number")
		}
		v, _ = r.Float64()
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, errors.New("not a finite float64")
	}
	return v, nil
}

func formatPoint(vars []string, x []float64) string {
	parts := make([]string, len(x))
	for i, v := range x {
		parts[i] = vars[i] + "=" + cli.FormatFloat(v)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// condInf returns the ∞-norm condition number of the n×n row-major matrix
// a after scaling each row to unit ∞-norm (homotopy's definition), or +Inf
// when it is singular to working precision. a is not modified.
func condInf(a []float64, n int) float64 {
	m := slices.Clone(a)
	for i := range n {
		row := m[i*n : i*n+n]
		s := 0.0
		for _, v := range row {
			s = max(s, math.Abs(v))
		}
		if s == 0 || math.IsInf(s, 0) || math.IsNaN(s) {
			return math.Inf(1)
		}
		for j := range row {
			row[j] /= s
		}
	}
	norm := func(m []float64) float64 {
		r := 0.0
		for i := range n {
			s := 0.0
			for _, v := range m[i*n : i*n+n] {
				s += math.Abs(v)
			}
			r = max(r, s)
		}
		return r
	}
	normA := norm(m)
	// Gauss–Jordan inverse with partial pivoting.
	inv := make([]float64, n*n)
	for i := range n {
		inv[i*n+i] = 1
	}
	for k := range n {
		p := k
		for i := k + 1; i < n; i++ {
			if math.Abs(m[i*n+k]) > math.Abs(m[p*n+k]) {
				p = i
			}
		}
		piv := m[p*n+k]
		if piv == 0 || math.IsNaN(piv) {
			return math.Inf(1)
		}
		if p != k {
			for j := range n {
				m[k*n+j], m[p*n+j] = m[p*n+j], m[k*n+j]
				inv[k*n+j], inv[p*n+j] = inv[p*n+j], inv[k*n+j]
			}
		}
		for j := range n {
			m[k*n+j] /= piv
			inv[k*n+j] /= piv
		}
		for i := range n {
			if i == k || m[i*n+k] == 0 {
				continue
			}
			l := m[i*n+k]
			for j := range n {
				m[i*n+j] -= l * m[k*n+j]
				inv[i*n+j] -= l * inv[k*n+j]
			}
		}
	}
	if c := normA * norm(inv); !math.IsNaN(c) {
		return c
	}
	return math.Inf(1)
}

// compareSolutions orders real solutions first, then by coordinates (real
// part, then imaginary part, variable by variable). Coordinates that agree
// to 1e-8 relative (homotopy's default merge tolerance) count as equal
// here, so that the order does not depend on rounding noise or the seed.
func compareSolutions(a, b solveSolution) int {
	if a.real != b.real {
		if a.real {
			return -1
		}
		return 1
	}
	key := func(u, v float64) int {
		if math.Abs(u-v) <= 1e-8*max(1, math.Abs(u), math.Abs(v)) {
			return 0
		}
		return cmp.Compare(u, v)
	}
	for i := range a.x {
		if c := key(real(a.x[i]), real(b.x[i])); c != 0 {
			return c
		}
		if c := key(imag(a.x[i]), imag(b.x[i])); c != 0 {
			return c
		}
	}
	return 0
}

// solveReport is the JSON output.
type solveReport struct {
	Paths      int            `json:"paths"`
	Finite     int            `json:"finite"`
	Real       int            `json:"real"`
	Singular   int            `json:"singular"`
	AtInfinity int            `json:"at_infinity"`
	Failed     int            `json:"failed"`
	Status     string         `json:"status,omitempty"`
	NFev       *int           `json:"nfev,omitempty"`
	NJev       *int           `json:"njev,omitempty"`
	Solutions  []solutionJSON `json:"solutions"`
}

type solutionJSON struct {
	Values    valuesJSON `json:"values"`
	Residual  *cli.Float `json:"residual"`
	Condition *cli.Float `json:"condition"`
	Real      bool       `json:"real"`
	Singular  bool       `json:"singular"`
}

// valuesJSON encodes {"x":[re,im],...} with the variables in system order.
type valuesJSON struct {
	names  []string
	re, im []json.RawMessage
}

func (v valuesJSON) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, name := range v.names {
		if i > 0 {
			b = append(b, ',')
		}
		k, err := json.Marshal(name)
		if err != nil {
			return nil, err
		}
		b = append(b, k...)
		b = append(b, ':', '[')
		b = append(b, v.re[i]...)
		b = append(b, ',')
		b = append(b, v.im[i]...)
		b = append(b, ']')
	}
	return append(b, '}'), nil
}

// finiteOrNull returns x for JSON, or nil (null) when it is not finite.
func finiteOrNull(x float64) *cli.Float {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	f := cli.Float(x)
	return &f
}

func (s solveSolution) json(vars []string) solutionJSON {
	v := valuesJSON{names: vars, re: make([]json.RawMessage, len(vars)), im: make([]json.RawMessage, len(vars))}
	for i, z := range s.x {
		if s.text != nil {
			v.re[i], _ = json.Marshal(s.text[i][0])
			v.im[i], _ = json.Marshal(s.text[i][1])
		} else {
			v.re[i] = cli.AppendFloat(nil, real(z)+0) // +0 turns −0 into 0
			v.im[i] = cli.AppendFloat(nil, imag(z)+0)
		}
	}
	return solutionJSON{Values: v, Residual: finiteOrNull(s.residual), Condition: finiteOrNull(s.cond),
		Real: s.real, Singular: s.singular}
}

// refineAll refines every nonsingular solution in big.Float at bits bits
// (see solveUsage) and fills in the decimal strings of every solution.
func refineAll(sys poly.System[*poly.ComplexRat], sols []solveSolution, bits uint) ([]string, error) {
	var warnings []string
	realSys := isRealSystem(sys)
	var realEv, splitEv *poly.BigEvaluator
	n := sys.NumVars()
	digits := int(float64(bits) * math.Log10(2))
	for k := range sols {
		s := &sols[k]
		s.text = make([][2]string, n)
		for i, z := range s.x {
			s.text[i] = [2]string{cli.FormatFloat(real(z) + 0), cli.FormatFloat(imag(z) + 0)}
		}
		if s.singular {
			warnings = append(warnings, fmt.Sprintf("solution %d is singular: not refined, its values are float64 ones", k+1))
			continue
		}
		var x []*big.Float
		var ok bool
		var resid float64
		if realSys && s.real && allReal(s.x) {
			if realEv == nil {
				ev, err := sys.CompileBigFloat(bits + guardBits)
				if err != nil {
					return nil, err
				}
				realEv = ev
			}
			x0 := make([]float64, n)
			for i, z := range s.x {
				x0[i] = real(z)
			}
			x, ok = newtonBig(realEv, x0, bits)
			if ok {
				for i := range n {
					s.text[i] = [2]string{bigText(x[i], digits), "0"}
				}
				resid = bigResidual(realEv, printedValues(s.text, realEv.Prec(), false), false)
			}
		} else {
			if splitEv == nil {
				split, err := realify(sys)
				if err != nil {
					return nil, err
				}
				ev, err := split.CompileBigFloat(bits + guardBits)
				if err != nil {
					return nil, err
				}
				splitEv = ev
			}
			x0 := make([]float64, 2*n)
			for i, z := range s.x {
				x0[i], x0[n+i] = real(z), imag(z)
			}
			x, ok = newtonBig(splitEv, x0, bits)
			if ok {
				for i := range n {
					s.text[i] = [2]string{bigText(x[i], digits), bigText(x[n+i], digits)}
				}
				resid = bigResidual(splitEv, printedValues(s.text, splitEv.Prec(), true), true)
			}
		}
		if !ok {
			warnings = append(warnings, fmt.Sprintf("solution %d: Newton's method in big.Float did not converge to %d bits; its values are float64 ones", k+1, bits))
			continue
		}
		s.residual = resid
	}
	return warnings, nil
}

// printedValues reads the printed decimal values back at prec bits (the
// real parts, followed by the imaginary parts when split), so that the
// residual is that of the numbers the user sees.
func printedValues(text [][2]string, prec uint, split bool) []*big.Float {
	n := len(text)
	m := n
	if split {
		m = 2 * n
	}
	x := make([]*big.Float, m)
	for i := range x {
		s := text[i%n][i/n]
		x[i], _, _ = new(big.Float).SetPrec(prec).Parse(s, 10)
	}
	return x
}

func allReal(x []complex128) bool {
	for _, z := range x {
		if imag(z) != 0 {
			return false
		}
	}
	return true
}

// bigText prints x with the given significant digits ("0" for zero).
func bigText(x *big.Float, digits int) string {
	if x.Sign() == 0 {
		return "0"
	}
	return x.Text('g', digits)
}

// realify splits the complex system F(x), x = a + i·b, into the real system
// (Re F(a+ib), Im F(a+ib)) = 0 in the 2n real unknowns (a, b), named re_x…
// and im_x…, so that poly's real big.Float evaluator can run complex Newton
// steps: the Jacobian of the split system is the real form [[A, −B], [B, A]]
// of the complex Jacobian A + iB.
func realify(sys poly.System[*poly.ComplexRat]) (poly.System[*big.Rat], error) {
	n := sys.NumVars()
	size := 0
	for _, p := range sys.Polys() {
		for k := range p.NumTerms() {
			c := 1
			for _, e := range p.Term(k).Exp {
				c *= e + 1
				if c > maxRealifyTerms {
					break
				}
			}
			size += c
			if size > maxRealifyTerms {
				return poly.System[*big.Rat]{}, fmt.Errorf("--prec: the system is too large to refine complex solutions (more than %d terms once split into real and imaginary parts)", maxRealifyTerms)
			}
		}
	}
	i := poly.NewComplexRat(nil, big.NewRat(1, 1))
	sub := make([]poly.Poly[*poly.ComplexRat], n)
	for j := range n {
		sub[j] = poly.Var[*poly.ComplexRat](2*n, j).Add(poly.Var[*poly.ComplexRat](2*n, n+j).Scale(i))
	}
	re, im := make([]poly.Poly[*big.Rat], n), make([]poly.Poly[*big.Rat], n)
	for k, p := range sys.Polys() {
		q := p.Widen(2 * n)
		for j := range n {
			q = q.Subst(j, sub[j])
		}
		var rt, it []poly.Term[*big.Rat]
		for _, t := range q.Terms() {
			rt = append(rt, poly.Term[*big.Rat]{Coef: new(big.Rat).Set(&t.Coef.Re), Exp: t.Exp})
			it = append(it, poly.Term[*big.Rat]{Coef: new(big.Rat).Set(&t.Coef.Im), Exp: t.Exp})
		}
		var err error
		if re[k], err = poly.New(2*n, rt...); err != nil {
			return poly.System[*big.Rat]{}, err
		}
		if im[k], err = poly.New(2*n, it...); err != nil {
			return poly.System[*big.Rat]{}, err
		}
	}
	names := make([]string, 2*n)
	for j, v := range sys.Vars() {
		names[j], names[n+j] = "re_"+v, "im_"+v
	}
	return poly.NewSystem(names, append(re, im...)...)
}

// newtonBig runs Newton's method on the square system of ev from x0 at
// ev.Prec() bits and reports convergence: a correction of at most
// 2^-(bits+2)·max(1, ‖x‖∞) (after which the error is of the order of its
// square), within ⌈log₂(prec/32)⌉ + 8 steps (quadratic convergence doubles
// the correct bits at every step from float64's ~50).
func newtonBig(ev *poly.BigEvaluator, x0 []float64, bits uint) ([]*big.Float, bool) {
	prec := ev.Prec()
	m := ev.NumVars()
	mk := func(k int) []*big.Float {
		v := make([]*big.Float, k)
		for i := range v {
			v[i] = new(big.Float).SetPrec(prec)
		}
		return v
	}
	x, f, jac := mk(m), mk(m), mk(m*m)
	for i, v := range x0 {
		x[i].SetFloat64(v)
	}
	maxIter := int(math.Ceil(math.Log2(float64(prec)/32))) + 8
	dn, xn, t := new(big.Float).SetPrec(prec), new(big.Float).SetPrec(prec), new(big.Float).SetPrec(prec)
	for range maxIter {
		if ev.Eval(f, jac, x) != nil {
			return x, false
		}
		if !solveBigLinear(jac, f, m, prec) {
			return x, false
		}
		dn.SetInt64(0)
		xn.SetInt64(1)
		for i := range m {
			x[i].Sub(x[i], f[i])
			if t.Abs(f[i]); t.Cmp(dn) > 0 {
				dn.Set(t)
			}
			if t.Abs(x[i]); t.Cmp(xn) > 0 {
				xn.Set(t)
			}
		}
		// converged when dn ≤ 2^-(bits+2)·xn
		xn.SetMantExp(xn, -int(bits+2))
		if dn.Cmp(xn) <= 0 {
			return x, true
		}
	}
	return x, false
}

// solveBigLinear solves a·d = b by Gaussian elimination with partial
// pivoting at prec bits; a (m×m, row-major) is destroyed and d overwrites
// b. It reports false when a pivot is zero (singular to working precision).
func solveBigLinear(a, b []*big.Float, m int, prec uint) bool {
	t := new(big.Float).SetPrec(prec)
	l := new(big.Float).SetPrec(prec)
	u, v := new(big.Float).SetPrec(prec), new(big.Float).SetPrec(prec)
	for k := range m {
		p := k
		for i := k + 1; i < m; i++ {
			if u.Abs(a[i*m+k]).Cmp(v.Abs(a[p*m+k])) > 0 {
				p = i
			}
		}
		if a[p*m+k].Sign() == 0 {
			return false
		}
		if p != k {
			for j := range m {
				a[k*m+j], a[p*m+j] = a[p*m+j], a[k*m+j]
			}
			b[k], b[p] = b[p], b[k]
		}
		for i := k + 1; i < m; i++ {
			if a[i*m+k].Sign() == 0 {
				continue
			}
			l.Quo(a[i*m+k], a[k*m+k])
			for j := k + 1; j < m; j++ {
				a[i*m+j].Sub(a[i*m+j], t.Mul(l, a[k*m+j]))
			}
			b[i].Sub(b[i], t.Mul(l, b[k]))
		}
	}
	for k := m - 1; k >= 0; k-- {
		for j := k + 1; j < m; j++ {
			b[k].Sub(b[k], t.Mul(a[k*m+j], b[j]))
		}
		b[k].Quo(b[k], a[k*m+k])
	}
	return true
}

// bigResidual returns max_i |f_i(x)| rounded to float64; for a split
// system (split = true) equation i is the complex Re + i·Im pair (i, n+i).
func bigResidual(ev *poly.BigEvaluator, x []*big.Float, split bool) float64 {
	m := ev.NumEqs()
	f := make([]*big.Float, m)
	for i := range f {
		f[i] = new(big.Float)
	}
	if ev.Eval(f, nil, x) != nil {
		return math.Inf(1)
	}
	r := 0.0
	if !split {
		for _, v := range f {
			a, _ := v.Float64()
			r = max(r, math.Abs(a))
		}
		return r
	}
	n := m / 2
	prec := ev.Prec()
	s, t := new(big.Float).SetPrec(prec), new(big.Float).SetPrec(prec)
	for i := range n {
		s.Mul(f[i], f[i])
		s.Add(s, t.Mul(f[n+i], f[n+i]))
		s.Sqrt(s)
		a, _ := s.Float64()
		r = max(r, a)
	}
	return r
}
