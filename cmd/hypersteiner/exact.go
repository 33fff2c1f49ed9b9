package main

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/hypersteiner/hypersteiner/draw"
	"github.com/hypersteiner/hypersteiner/exact"
	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/internal/cli"
)

func init() {
	register("exact", "compute a Steiner minimal tree exactly (at most "+strconv.Itoa(exact.MaxHyperbolicTerminals)+
		" points, "+strconv.Itoa(exact.MaxEuclideanTerminals)+" in the Euclidean plane)", runExact)
}

func runExact(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	const prog = "hypersteiner exact"
	fs := flag.NewFlagSet("exact", flag.ContinueOnError)
	model := fs.String("model", "klein", "input model: klein, poincare, halfplane or hyperboloid (ignored for --space euclidean)")
	space := fs.String("space", "hyperbolic", "hyperbolic or euclidean")
	solver := fs.String("solver", "auto", "Fermat strategy: "+strings.Join(fermat.Names(), ", "))
	out := fs.String("out", "", "write the tree here, as JSON or --out-format (default: stdout)")
	svg := fs.String("svg", "", "draw the tree as SVG here (default: none)")
	drawModel := fs.String("draw", "klein", "disk model of the SVG picture: klein or poincare")
	method := fs.String("method", "bnb", fmt.Sprintf("exact method: bnb (Smith's branch and bound over full topologies), fst (full Steiner trees of every subset, then concatenation) or efst (Euclidean: GeoSteiner's full Steiner trees from equilateral points, concatenated by linear programming); Euclidean inputs of more than %d points always use efst", exact.MaxTerminals))
	timeLimit := fs.Duration("time-limit", 0, "stop the search after this long (e.g. 30s; 0: no limit) and write the best tree found with its proved gap (bnb: its last quarter raises the proved bound, best first; efst: the limit bounds the concatenation; the generation of the full Steiner trees always completes)")
	staticOrder := fs.Bool("static-order", false, "branch and bound: insert the terminals in one fixed order (farthest first, as Smith's algorithm) instead of choosing one per topology by strong branching; the same tree, for comparisons")
	noCertify := fs.Bool("no-certify", false, "skip the certification of the Steiner points (then nothing says what 'verify tree' will find)")
	strict := fs.Bool("strict", false, "exit with status 1 when a Steiner point could not be proved (it is listed in the tree's \"unproved\" either way)")
	quiet := fs.Bool("quiet", false, "no progress or summary (warnings are still written)")
	format := fs.String("format", "auto", formatFlagUsage)
	dedupe := fs.Bool("dedupe", false, "drop exact repeats of an input point (the first stays) and say how many, instead of refusing the input")
	outModelFlag := fs.String("out-model", "", outModelUsage)
	output := addOutputFlags(fs)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: hypersteiner exact [flags] INPUT\n\nComputes a Steiner minimal tree of at most %d points (hyperbolic plane; beyond about 20\nuse --time-limit) or %d points (Euclidean plane), by branch and bound over full Steiner\ntopologies (--method bnb), by generating the full Steiner trees of every subset and\nconcatenating them (--method fst, at most %d points),\nor, in the Euclidean plane, by GeoSteiner's method (--method efst: full Steiner trees from\nequilateral points, concatenated by linear programming; always used above %d points),\nwith a certified bound on its optimality gap; writes the tree JSON (and with --svg its\npicture). When --time-limit stops the search, the best tree found is written, stderr says\nhow close to optimal it is proved to be, and the exit status is 0 as for a finished search.\nINPUT is CSV (x,y per line), .npy or JSON ([[x,y],…]); '-', or no INPUT when standard input is not\na terminal, reads standard input (format by --format, else by its content).\n\nflags:\n", exact.MaxHyperbolicTerminals, exact.MaxEuclideanTerminals, exact.MaxTerminals, exact.MaxTerminals)
		fs.PrintDefaults()
	}
	fs.SetOutput(stderr)
	rest, err := cli.ParseFlags(fs, args)
	if err != nil {
		return cli.Report(stderr, prog, err)
	}
	rest, implicit := implicitStdin(rest, stdin)
	if len(rest) != 1 {
		return cli.Report(stderr, prog, cli.Usagef("one INPUT expected, got %d", len(rest)))
	}
	if *drawModel != "klein" && *drawModel != "poincare" {
		return cli.Report(stderr, prog, cli.Usagef("--draw must be klein or poincare, not %q", *drawModel))
	}
	m, err := exact.ParseMethod(*method)
	if err != nil {
		return cli.Report(stderr, prog, cli.Usagef("%v", err))
	}
	if m == exact.EFST && *space != "euclidean" {
		return cli.Report(stderr, prog, cli.Usagef("--method efst needs --space euclidean"))
	}
	if *timeLimit < 0 {
		return cli.Report(stderr, prog, cli.Usagef("--time-limit must not be negative, not %v", *timeLimit))
	}
	tf, err := parseTreeFlags(*format, *space, *solver, *outModelFlag, *model)
	if err != nil {
		return cli.Report(stderr, prog, err)
	}
	inFormat, sp, resultModel := tf.format, tf.space, tf.model
	in, err := readPoints(rest[0], stdin, inFormat, *space, *model, *dedupe, 1)
	if err != nil {
		return cli.Report(stderr, prog, emptyStdin(err, implicit))
	}
	if in.dropped > 0 {
		fmt.Fprintf(stderr, "%s: --dedupe dropped %s of input points; %d points remain\n", prog, plural(in.dropped, "exact repeat", "exact repeats"), len(in.pts))
	}
	resultModel.keepInput(*model, in)
	opt := exact.Options{Space: sp, NoCertify: *noCertify, Method: m, TimeLimit: *timeLimit, StaticOrder: *staticOrder}
	var stages *cli.Stages
	if !*quiet {
		stages = &cli.Stages{W: stderr, Config: cli.ProgressConfig{Delay: progressDelay}}
		opt.Progress = stages.Report
	}
	r, err := exact.Solve(in.pts, opt)
	stages.End()
	if err != nil {
		// Too many points, a repeated or invalid point: bad input.
		return cli.Report(stderr, prog, cli.Input(in.placeError(err)))
	}
	r.Tree.Labels = in.tab.Labels
	output.json, output.model = resultModel, resultModel.model
	if err := output.write(r.Tree, *out, stdout, internalError); err != nil {
		return cli.Report(stderr, prog, err)
	}
	if *svg != "" {
		if err := writeFile(*svg, func(w io.Writer) error {
			return draw.Tree(w, r.Tree, draw.Options{Model: *drawModel})
		}); err != nil {
			return cli.Report(stderr, prog, err)
		}
	}
	if !*quiet {
		fmt.Fprint(stderr, r.Summary())
	}
	switch {
	case !r.Complete:
		// Said even with --quiet: the tree is not claimed optimal.
		fmt.Fprintf(stderr, "%s: stopped by --time-limit: within %.3g%% of optimal (proved)\n", prog, 100*r.Gap())
	case !r.Proved():
		fmt.Fprintf(stderr, "%s: the search finished with a loose lower bound: within %.3g%% of optimal (proved), not proved optimal\n", prog, 100*r.Gap())
	}
	if *noCertify {
		return cli.ExitOK
	}
	return finishCheck(stderr, prog, r.Tree, *strict)
}
