package main

import (
	"io"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/internal/cli"
	"github.com/hypersteiner/hypersteiner/poly"
)

func init() {
	register("solve", "certify solutions of a polynomial system written by any program", runVerifySolve)
}

const verifySolveUsage = `usage: verify solve [--alpha] [--max-prec BITS] SYSTEM SOLUTIONS

SYSTEM is a square polynomial system in the text form of 'hypersteiner
solve' (an existing file, or the text itself); SOLUTIONS is a file ('-' for
standard input) holding candidate solutions, either the JSON object
'hypersteiner solve' prints, or one JSON value per line, each one of
  {"values":{"x":[re,im],"y":[re,im]}}   {"x":[re,im],"y":[re,im]}
  {"x":re,"y":re}                       [[re,im],[re,im]]   [re,re]
(arrays in the system's variable order). Numbers are JSON numbers or
decimal strings ("0.6", "1.4142135623730950488016887242"), taken as the
exact decimals they are (a JSON number as the nearest float64); blank lines
and lines starting with '#' are skipped.

` + certify.SetReportHelp + `Exit status: 0 when every candidate is certified, 1 when one is not, 2 for
unusable input (a bad line is reported as FILE:LINE:).

flags:
`

func runVerifySolve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("solve", verifySolveUsage, stderr)
	maxPrec := fs.Uint("max-prec", certify.DefaultMaxPrec, "precision cap in bits")
	alpha := fs.Bool("alpha", false, "add Smale's alpha-test at each candidate, in exact rational arithmetic")
	rest, err := cli.ParseFlags(fs, args)
	if err == nil {
		err = verifySolve(rest, *maxPrec, *alpha, stdin, stdout)
	}
	return cli.Report(stderr, "verify solve", err)
}

func verifySolve(rest []string, maxPrec uint, alpha bool, stdin io.Reader, stdout io.Writer) error {
	if len(rest) != 2 {
		return cli.Usagef("want SYSTEM and SOLUTIONS, got %d arguments", len(rest))
	}
	if err := cli.CheckPrec(maxPrec); err != nil {
		return cli.Usagef("--max-prec: %v", err)
	}
	sys, err := readSystem(rest[0])
	if err != nil {
		return err
	}
	data, name, err := cli.ReadInput(rest[1], stdin)
	if err != nil {
		return cli.Input(err)
	}
	pts, digits, err := certify.ReadCandidates(data, name, sys.Vars())
	if err != nil {
		return cli.Input(err)
	}
	opt := certify.SetOptions{MaxPrec: maxPrec, Alpha: alpha, Prec: certify.CandidatePrec(digits, maxPrec)}
	rep, err := certify.CertifyCandidates(sys, pts, opt)
	if err != nil {
		return cli.Input(err)
	}
	if err := cli.WriteJSON(stdout, rep, false); err != nil {
		return err
	}
	if rep.Certified < len(pts) {
		return cli.Failedf("%d of %d candidates not certified", len(pts)-rep.Certified, len(pts))
	}
	return nil
}

// readSystem parses SYSTEM, the file if one exists by that name, else the
// text itself, and checks that a solver can take it; every error is an
// input error.
func readSystem(arg string) (poly.System[*poly.ComplexRat], error) {
	text, _, err := cli.ArgText(arg)
	if err != nil {
		return poly.System[*poly.ComplexRat]{}, err
	}
	sys, err := poly.ParseComplex(text)
	if err == nil {
		err = sys.CheckSolvable()
	}
	return sys, cli.Input(err)
}
