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

` + homotopy.ReportHelp + `Exit status: 0 when the system was solved (even if paths failed, the
solution set is positive-dimensional or a solution could not be certified:
a warning goes to stderr); 1 when --method hybrid or newton did not converge
from the start (the JSON, with its status and no solution, is still written;
--allow-fail makes this 0) and for anything else that fails; 2 for a bad
command line or bad input (a parse error is reported as LINE:COL:).

flags:
`

func runSolve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("solve", solveUsage, stderr)
	var opt homotopy.ReportOptions
	fs.StringVar(&opt.Method, "method", "homotopy", "homotopy, hybrid or newton")
	start := fs.String("start", "", `starting point of hybrid and newton, e.g. "x=0.5,y=-1" (every variable exactly once; values decimal or p/q); default: all zeros`)
	fs.UintVar(&opt.Prec, "prec", 53, "bits of the printed solutions; above 53, refine in big.Float and print decimal strings")
	fs.Uint64Var(&opt.Seed, "seed", 1, "seed of the homotopy's random gamma and start phases (results are deterministic for a given seed)")
	allowFail := fs.Bool("allow-fail", false, "exit 0 when hybrid or newton does not converge from the start (the JSON then lists no solution)")
	fs.BoolVar(&opt.Certify, "certify", false, "prove each solution (Krawczyk's method in interval arithmetic) and count the certified, certified real and certified distinct ones")
	rest, err := cli.ParseFlags(fs, args)
	if err == nil {
		err = solve(rest, *start, *allowFail, opt, stdin, stdout, stderr)
	}
	return cli.Report(stderr, "hypersteiner solve", err)
}

func solve(rest []string, start string, allowFail bool, opt homotopy.ReportOptions, stdin io.Reader, stdout, stderr io.Writer) error {
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
	if opt.Method != "homotopy" && len(rep.Solutions) == 0 && !allowFail {
		// A local method that found nothing has not solved the system:
		// a script must not read the empty list as "no solution exists".
		return cli.Failedf("--method %s found no solution from the start (status %s); --allow-fail exits 0", opt.Method, rep.Status)
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
