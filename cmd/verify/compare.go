package main

import (
	"io"

	"github.com/hypersteiner/hypersteiner/bench"
	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/cli"
)

func init() {
	register("compare", "run every Fermat strategy on the same triangles against certified points", runCompare)
}

const compareUsage = `usage: verify compare [flags] [INPUT]

` + bench.ComparisonHelp + `INPUT is CSV with rows ax,ay,bx,by,cx,cy (extra columns sx,sy are
ignored); without INPUT a built-in seeded mix of --n triangles is used:
generic, near the boundary, tiny (sides ~1e-7) and with an angle of
120° ± 1e-3…1e-12 rad, a quarter each.

flags:
`

func runCompare(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("compare", compareUsage, stderr)
	asJSON := fs.Bool("json", false, "print JSON instead of a Markdown table")
	n := fs.Int("n", 1000, "number of built-in triangles (without INPUT)")
	seed := fs.Uint64("seed", 1, "seed of the built-in triangles")
	tol := fs.Float64("tol", certify.DefaultFermatTol, "an answer farther than tol·size from the certified point is wrong")
	prec := fs.Uint("prec", 128, "precision in bits of the reference certificates")
	rest, err := cli.ParseFlags(fs, args)
	if err == nil {
		err = compare(rest, *n, *seed, *prec, *tol, *asJSON, stdin, stdout)
	}
	return cli.Report(stderr, "verify compare", err)
}

func compare(rest []string, n int, seed uint64, prec uint, tol float64, asJSON bool, stdin io.Reader, stdout io.Writer) error {
	path, err := cli.OneArg(rest, "INPUT", "")
	if err := cli.First(err, cli.CheckPrec(prec), checkTol(tol)); err != nil {
		return err
	}
	var tris [][3]hyperbolic.Point
	var kinds map[string]int
	if len(rest) == 1 {
		if _, tris, err = readTriangles(path, stdin); err != nil {
			return err
		}
		kinds = map[string]int{"input": len(tris)}
	} else {
		if n < 1 || n > 10_000_000 {
			return cli.Usagef("--n must be between 1 and 10000000, not %d", n)
		}
		tris, kinds = bench.CompareTriangles(n, seed)
	}
	rep := bench.Compare(tris, fermat.FloatStrategies(), prec, tol)
	rep.Kinds = kinds
	if len(rest) == 0 {
		rep.Seed = &seed
	}
	if asJSON {
		return cli.WriteJSON(stdout, rep, true)
	}
	rep.WriteMarkdown(stdout)
	return nil
}
