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

Each candidate is proved or not by Krawczyk's method in interval arithmetic
(package certify: float64 with outward rounding, then big.Float at rising
precision up to --max-prec bits; candidates given to more digits than
float64 holds start at about their own precision). Output: one JSON object

  {"candidates":n,"certified":n,"certified_real":n,"certified_distinct":n,
   "solutions":[{"certified":true,"radius":r,"realness":"real|nonreal|undecided",
                 "prec":bits,"duplicate_of":k,"reason":"…"},…]}

  certified           a unique root lies within radius of the candidate
                      (radius: an upper bound of max_i |root_i − x_i|, null
                      when not certified)
  certified_distinct  candidates whose roots are proved pairwise distinct;
                      a candidate proved to be the same root as an earlier
                      one names it in duplicate_of (0-based)
  certified_real      of the distinct ones, roots proved real (a box
                      invariant under complex conjugation holds a unique
                      root; for systems with real coefficients)
  reason              when not certified: singular (singular Jacobian at the
                      candidate), undecided (not proved up to --max-prec
                      bits: too ill-conditioned or a multiple root),
                      not_approximate (Newton from the candidate leads to a
                      root whose proved region misses the candidate), no_root
  alpha               with --alpha: Smale's alpha-test at the candidate in
                      exact rational arithmetic (alphaCertified's test), a
                      second certificate independent of interval arithmetic:
                      true when Newton's method from the candidate provably
                      converges quadratically to a root within 2*beta

Exit status: 0 when every candidate is certified, 1 when one is not, 2 for
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
	data, name, err := readAll(rest[1], stdin)
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
