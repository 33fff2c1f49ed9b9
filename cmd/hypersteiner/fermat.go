package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/internal/cli"
	"github.com/hypersteiner/hypersteiner/pointio"
)

func init() {
	register("fermat", "compute the Fermat (Steiner) point of each triangle", runFermat)
}

const fermatUsage = `usage: hypersteiner fermat [--solver NAME] [--prec BITS] [--format F] [--quiet] [INPUT]

Computes the Fermat (Steiner) point of hyperbolic triangles: the point that
sees all three sides under 120 degrees. INPUT (a file, or standard input
when absent or '-') holds one triangle a line, ax,ay,bx,by,cx,cy in Klein
coordinates (CSV: '#' comments, an optional header line; .npy and .json
files with 6 columns are read too).

` + fermat.LineHelp + `Exit status: 0 when every line was processed, 2 for a bad command line or
bad input (a malformed line, a wrong column count, a point outside the
unit disk; the message names file:line:column). A run longer than a
second shows its progress on stderr (not with --quiet).

Flags:
`

func runFermat(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("fermat", fermatUsage, stdout)
	solverName := fs.String("solver", fermat.DefaultName, fmt.Sprintf("Fermat-point strategy: one of %v", fermat.Names()))
	prec := fs.Uint("prec", 0, fmt.Sprintf("working precision in bits of a certifying solver, %d to %d (0: its default)", cli.MinPrec, cli.MaxPrec))
	format := fs.String("format", "auto", formatFlagUsage)
	quiet := fs.Bool("quiet", false, "no progress on stderr")
	pos, err := cli.ParseFlags(fs, args)
	if err == nil {
		progress := stderr
		if *quiet {
			progress = nil
		}
		err = fermatMain(pos, *solverName, *prec, *format, stdin, stdout, progress)
	}
	return cli.Report(stderr, "hypersteiner fermat", err)
}

// fermatMain runs the command; progress, if not nil, receives the
// progress report.
func fermatMain(pos []string, solverName string, prec uint, format string, stdin io.Reader, stdout, progress io.Writer) error {
	if len(pos) > 1 {
		return cli.Usagef("at most one INPUT, got %d", len(pos))
	}
	if solverName == "" {
		return cli.Usagef("--solver needs a name: one of %s", strings.Join(fermat.Names(), ", "))
	}
	solver, err := fermat.ByName(solverName)
	if err != nil {
		return cli.Usagef("%v", err)
	}
	inFormat, err := parseFormatFlag(format)
	if err != nil {
		return err
	}
	if prec > 0 {
		if err := cli.CheckPrec(prec); err != nil {
			return err
		}
		p, ok := solver.(fermat.Precision)
		if !ok {
			return cli.Usagef("--prec needs a solver with a working precision (a certifying one); %q has none", solver.Name())
		}
		if solver, err = p.WithPrec(prec); err != nil {
			return cli.Usagef("--prec %d: %v", prec, err)
		}
	}
	path, _ := cli.OneArg(pos, "INPUT", "-")
	t, err := pointio.Options{Cols: []int{6}, Format: inFormat}.ReadPath(path, stdin)
	if errors.Is(err, pointio.ErrNoData) {
		return nil // no triangles, no output
	}
	if err != nil {
		return cli.Input(err)
	}
	// Validate every vertex first: bad input gives an error and no output.
	tris, err := pointio.Triangles(t)
	if err != nil {
		return cli.Input(err)
	}
	bar := cli.ProgressConfig{Delay: progressDelay}.New(progress, "triangles", len(tris))
	defer bar.Done()
	w := bufio.NewWriter(stdout)
	enc := json.NewEncoder(w)
	for i, v := range tris {
		line, err := fermat.LineOf(solver, v)
		if err != nil {
			return cli.Input(fmt.Errorf("%s: %w", t.Where(i), err))
		}
		if err := enc.Encode(line); err != nil {
			return err
		}
		bar.Add(1)
	}
	return w.Flush()
}
