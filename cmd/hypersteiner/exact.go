package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/hypersteiner/hypersteiner/exact"
	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/internal/cli"
)

func init() {
	register("exact", fmt.Sprintf("compute a Steiner minimal tree exactly (at most %d points)", exact.MaxTerminals), runExact)
}

func runExact(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	const prog = "hypersteiner exact"
	fs := flag.NewFlagSet("exact", flag.ContinueOnError)
	model := fs.String("model", "klein", "input model: klein, poincare, halfplane or hyperboloid (ignored for --space euclidean)")
	space := fs.String("space", "hyperbolic", "hyperbolic or euclidean")
	solver := fs.String("solver", "auto", "Fermat strategy: "+strings.Join(fermat.Names(), ", "))
	out := fs.String("out", "", "write the tree JSON here (default: stdout)")
	noCertify := fs.Bool("no-certify", false, "skip the certification of the Steiner points")
	quiet := fs.Bool("quiet", false, "no summary")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: hypersteiner exact [flags] INPUT\n\nComputes a Steiner minimal tree of at most %d points by branch and bound over full\nSteiner topologies, with a certified bound on its optimality gap; writes the tree JSON.\nINPUT is CSV (x,y per line), .npy or JSON ([[x,y],…]); '-' reads CSV from standard input.\n\nflags:\n", exact.MaxTerminals)
		fs.PrintDefaults()
	}
	fs.SetOutput(stderr)
	rest, err := cli.ParseFlags(fs, args)
	if err != nil {
		return cli.Report(stderr, prog, err)
	}
	if len(rest) != 1 {
		return cli.Report(stderr, prog, cli.Usagef("one INPUT expected, got %d", len(rest)))
	}
	sp, err := spaceFor(*space, *solver)
	if err != nil {
		return cli.Report(stderr, prog, err)
	}
	pts, err := readTreeInput(rest[0], stdin, *space, *model)
	if err != nil {
		return cli.Report(stderr, prog, cli.Input(err))
	}
	r, err := exact.Solve(pts, exact.Options{Space: sp, NoCertify: *noCertify})
	if err != nil {
		// Too many points, a repeated or invalid point: bad input.
		return cli.Report(stderr, prog, cli.Input(err))
	}
	if err := writeTree(r.Tree, *out, stdout); err != nil {
		return cli.Report(stderr, prog, err)
	}
	if !*quiet {
		t := r.Tree
		fmt.Fprintf(stderr, "%s: %d terminals, %d Steiner points (%d certified), length %.15g, MST %.15g, RED %.4f%%, optimal within %.1e (relative), %d topologies (%d pruned), %.3g s\n",
			t.Space, t.Terminals, t.SteinerPoints(), r.Certified, t.Length, t.MSTLength, t.RED(), r.Gap(), r.Nodes, r.Pruned, r.Seconds)
		if r.Uncertified > 0 && !*noCertify {
			fmt.Fprintf(stderr, "warning: %d Steiner points could not be certified\n", r.Uncertified)
		}
	}
	return cli.ExitOK
}
