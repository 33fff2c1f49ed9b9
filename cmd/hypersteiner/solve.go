package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/hypersteiner/hypersteiner/homotopy"
	"github.com/hypersteiner/hypersteiner/internal/cli"
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

flags:
`

func runSolve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("solve", solveUsage, stderr)
	var opt homotopy.ReportOptions
	fs.StringVar(&opt.Method, "method", "homotopy", "homotopy, hybrid or newton")
	start := fs.String("start", "", `starting point of hybrid and newton, e.g. "x=0.5,y=-1" (every variable exactly once; values decimal or p/q); default: all zeros`)
	fs.UintVar(&opt.Prec, "prec", 53, "bits of the printed solutions; above 53, refine in big.Float and print decimal strings")
	fs.Uint64Var(&opt.Seed, "seed", 1, "seed of the homotopy's random gamma and start phases (results are deterministic for a given seed)")
	fs.BoolVar(&opt.Certify, "certify", false, "prove each solution (Krawczyk's method in interval arithmetic) and count the certified, certified real and certified distinct ones")
	rest, err := cli.ParseFlags(fs, args)
	if err == nil {
		err = solve(rest, *start, opt, stdin, stdout, stderr)
	}
	return cli.Report(stderr, "hypersteiner solve", err)
}

func solve(rest []string, start string, opt homotopy.ReportOptions, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(rest) > 1 {
		return cli.Usagef("one SYSTEM at most, got %d arguments", len(rest))
	}
	switch opt.Method {
	case "homotopy":
		if start != "" {
			return cli.Usagef("--start is for --method hybrid or newton; homotopy needs no starting point")
		}
	case "hybrid", "newton":
	default:
		return cli.Usagef("--method must be homotopy, hybrid or newton, not %q", opt.Method)
	}
	if err := cli.CheckPrec(opt.Prec); err != nil {
		return err
	}
	sys, err := readSystem(rest, stdin)
	if err != nil {
		return err
	}
	if opt.Method != "homotopy" {
		if err := poly.CheckReal(sys); err != nil {
			return cli.Input(fmt.Errorf("--method %s needs a real system: %w (use --method homotopy)", opt.Method, err))
		}
		if opt.Start, err = sys.ParsePoint(start); errors.Is(err, poly.ErrMissingValue) {
			return cli.Usagef("--start: %v (give every variable, or omit --start to start at zero)", err)
		} else if err != nil {
			return cli.Usagef("--start: %v", err)
		}
	}
	rep, err := homotopy.NewReport(sys, opt)
	if errors.Is(err, homotopy.ErrBadSystem) {
		return cli.Input(err)
	} else if err != nil {
		return err
	}
	if err := cli.WriteJSON(stdout, rep, false); err != nil {
		return err
	}
	for _, w := range rep.Warnings {
		fmt.Fprintf(stderr, "hypersteiner solve: warning: %s\n", cli.OneLine(w))
	}
	return nil
}

// readSystem reads SYSTEM (standard input for none or '-', else the file
// if one exists by that name, else the text itself) and checks that the
// solvers can take it; every error but one of standard input is an input
// error, a parse error printed as LINE:COL:.
func readSystem(rest []string, stdin io.Reader) (poly.System[*poly.ComplexRat], error) {
	arg, text, fromFile := "", "", false
	if len(rest) == 1 {
		arg = rest[0]
	}
	if arg == "" || arg == "-" {
		b, err := io.ReadAll(stdin)
		if err != nil {
			return poly.System[*poly.ComplexRat]{}, fmt.Errorf("reading standard input: %w", err)
		}
		text = string(b)
	} else {
		var err error
		if text, fromFile, err = cli.ArgText(arg); err != nil {
			return poly.System[*poly.ComplexRat]{}, err
		}
	}
	sys, err := poly.ParseComplex(text)
	var pe *poly.ParseError
	if errors.As(err, &pe) && !fromFile && cli.LooksLikePath(arg) {
		err = fmt.Errorf("%w (and there is no file %q)", err, arg)
	}
	if err == nil {
		err = sys.CheckSolvable()
	}
	if err == nil {
		err = poly.CheckFloat64(sys)
	}
	return sys, cli.Input(err)
}
