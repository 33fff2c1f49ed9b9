package main

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/hypersteiner/hypersteiner/draw"
	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/cli"
	"github.com/hypersteiner/hypersteiner/sll"
	"github.com/hypersteiner/hypersteiner/treecert"
)

func init() {
	register("tree", "build a Steiner tree of a point set", runTree)
}

// progressDelay is how long a stage runs before its progress is shown:
// short runs print only their summary.
var progressDelay = time.Second

// builtinSample is the design card's default input: 1000 points of the
// centred pseudo-hyperbolic Gaussian G(0, 0.5), seed 1.
func builtinSample() ([]hyperbolic.Point, error) {
	rng := rand.New(rand.NewPCG(1, 0))
	return hyperbolic.SampleWrappedGaussian(rng, 1000, hyperbolic.Point{}, 0.5)
}

// gcPercent is the garbage collector's target of the commands that build
// trees on at least largeInput points: the heap of the pipeline is almost
// all pointer-free arrays, cheap to mark, so collecting when it has grown
// by 40% (not Go's default 100%) costs little CPU there and keeps the peak
// memory near 1.4 times what is live. Below, where the heap is small and
// each collection's fixed cost weighs more, Go's default is cheaper.
const (
	gcPercent  = 40
	largeInput = 1 << 19
)

// memPerPoint is the soft memory limit of tree per input point (at least
// 256 MiB): at its peak the pipeline holds about 260 bytes a point, so
// the limit leaves room for the garbage of one stage while keeping a
// concurrent collection that falls behind (both cores busy) from letting
// the heap run far past its goal.
const memPerPoint = 384

func runTree(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	const prog = "hypersteiner tree"
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	fs := flag.NewFlagSet("tree", flag.ContinueOnError)
	model := fs.String("model", "klein", "input model: klein, poincare, halfplane or hyperboloid (ignored for --space euclidean)")
	space := fs.String("space", "hyperbolic", "hyperbolic or euclidean")
	fst := fs.Int("fst", 4, "largest full Steiner tree: 3 or 4")
	solver := fs.String("solver", "auto", "Fermat strategy: "+strings.Join(fermat.Names(), ", "))
	out := fs.String("out", "", "write the tree here, as JSON or --out-format (default: stdout; tree.json for the built-in sample)")
	svg := fs.String("svg", "", "draw the tree as SVG here (default: none; tree.svg for the built-in sample)")
	drawModel := fs.String("draw", "klein", "disk model of the SVG picture: klein or poincare")
	delaunayEdges := fs.Bool("delaunay", false, "draw the Delaunay edges dashed in the SVG")
	workers := fs.Int("workers", 0, "cores to use (0: all; the tree does not depend on it)")
	quiet := fs.Bool("quiet", false, "no progress bar or summary (warnings are still written)")
	noCheck := fs.Bool("no-check", false, "do not certify the tree before writing it (then nothing says what 'verify tree' will find)")
	strict := fs.Bool("strict", false, "exit with status 1 when a Steiner point could not be proved (it is listed in the tree's \"unproved\" either way)")
	reopt := fs.Bool("reopt", false, "re-optimise the finished tree: Steiner points to the Fermat points of their neighbours, local topology moves")
	output := addOutputFlags(fs)
	format := fs.String("format", "auto", formatFlagUsage)
	dedupe := fs.Bool("dedupe", false, "drop exact repeats of an input point (the first stays) and say how many, instead of refusing the input")
	outModelFlag := fs.String("out-model", "", outModelUsage)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: hypersteiner tree [flags] [INPUT]\n       hypersteiner [flags] INPUT\n\nINPUT is CSV (x,y per line), .npy (n×2, or n×3 for the hyperboloid) or JSON ([[x,y],…]);\n'-', or no INPUT when standard input is not a terminal, reads standard input (format by --format,\nelse by its content); no INPUT on a terminal (or with </dev/null) runs the built-in sample\n(1000 points of G(0, 0.5), seed 1) and writes tree.json and tree.svg.\n\nflags:")
		fs.PrintDefaults()
	}
	fs.SetOutput(stderr)
	rest, err := cli.ParseFlags(fs, args)
	if err != nil {
		return cli.Report(stderr, prog, err)
	}
	if len(rest) > 1 {
		return cli.Report(stderr, prog, cli.Usagef("one INPUT at most, got %d", len(rest)))
	}
	if *fst != 3 && *fst != 4 {
		return cli.Report(stderr, prog, cli.Usagef("--fst must be 3 or 4, not %d", *fst))
	}
	if *drawModel != "klein" && *drawModel != "poincare" {
		return cli.Report(stderr, prog, cli.Usagef("--draw must be klein or poincare, not %q", *drawModel))
	}
	if *workers < 0 {
		return cli.Report(stderr, prog, cli.Usagef("--workers must be 0 (all cores) or more, not %d", *workers))
	}
	// Fewer workers than cores bound the whole run to that many cores: the
	// garbage collector then marks on them too, instead of on an idle core
	// where it spends its time waiting to stop the busy goroutine (at 10⁶
	// points with one worker, 0.3–0.5 s of CPU for nothing).
	if w := *workers; w > 0 && w < runtime.GOMAXPROCS(0) {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(w))
	}
	tf, err := parseTreeFlags(*format, *space, *solver, *outModelFlag, *model)
	if err != nil {
		return cli.Report(stderr, prog, err)
	}
	inFormat, sp, resultModel := tf.format, tf.space, tf.model

	rest, implicit := implicitStdin(rest, stdin)
	in := points{}
	if len(rest) == 0 {
		if in.pts, err = builtinSample(); err != nil {
			return cli.Report(stderr, prog, err)
		}
		if *out == "" {
			*out = "tree" + output.ext()
		}
		if *svg == "" {
			*svg = "tree.svg"
		}
	} else if in, err = readPoints(rest[0], stdin, inFormat, *space, *model, *dedupe, *workers); err != nil {
		return cli.Report(stderr, prog, emptyStdin(err, implicit))
	}
	if in.dropped > 0 {
		fmt.Fprintf(stderr, "%s: --dedupe dropped %s of input points; %d points remain\n", prog, plural(in.dropped, "exact repeat", "exact repeats"), len(in.pts))
	}
	resultModel.keepInput(*model, in)
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(max(256<<20, memPerPoint*int64(len(in.pts)))))
	if len(in.pts) >= largeInput {
		debug.SetGCPercent(gcPercent)
	}

	opt := sll.Options{Space: sp, FST: *fst, Workers: *workers, KeepMesh: *delaunayEdges, Reoptimize: *reopt}
	var stages *cli.Stages
	if !*quiet {
		stages = &cli.Stages{W: stderr, Config: cli.ProgressConfig{Delay: progressDelay}}
		opt.Progress = stages.Report
	}
	tree, err := sll.Build(in.pts, opt)
	if err != nil {
		stages.End()
		return cli.Report(stderr, prog, cli.Input(in.placeError(err)))
	}
	tree.Labels = in.tab.Labels
	if !*noCheck {
		copt := treecert.Options{Workers: *workers, SkipAngles: true}
		if stages != nil {
			copt.Progress = stages.Report
		}
		rep, err := treecert.SelfCheck(tree, copt)
		if err != nil {
			stages.End()
			return cli.Report(stderr, prog, err)
		}
		if !rep.OK { // a defect of the pipeline: say so rather than write a false tree
			stages.End()
			return cli.Report(stderr, prog, cli.Failedf("internal error: the tree fails its own check: %s", rep.Summary()))
		}
	}
	stages.End()
	output.json, output.model, output.workers = resultModel, resultModel.model, *workers
	if err := output.write(tree, *out, stdout, internalError); err != nil {
		return cli.Report(stderr, prog, err)
	}
	if *svg != "" {
		if err := writeFile(*svg, func(w io.Writer) error {
			return draw.Tree(w, tree, draw.Options{Model: *drawModel, Delaunay: *delaunayEdges})
		}); err != nil {
			return cli.Report(stderr, prog, err)
		}
	}
	if !*quiet {
		fmt.Fprintf(stderr, "%s: %d terminals, %d Steiner points (%d fst3, %d fst4), length %.6g, MST %.6g, RED %.3f%%, solver %s, %.3g s\n",
			tree.Space, tree.Terminals, tree.SteinerPoints(), tree.FST3, tree.FST4, tree.Length, tree.MSTLength, tree.RED(), tree.Solver, tree.Seconds)
		if r := tree.Reopt; r != nil {
			fmt.Fprintf(stderr, "re-optimised: RED %.3f%% → %.3f%%, Steiner points %d → %d, %.3g s\n",
				r.REDBefore, r.REDAfter, r.SteinerBefore, r.SteinerAfter, r.Seconds)
		}
	}
	if f := tree.Stats.FermatFailed + tree.Stats.FermatUndecided; f > 0 {
		hint := "" // the Euclidean plane has one strategy: no other to try
		if tree.Solver != fermat.DefaultName && tree.Space == "hyperbolic" {
			hint = "; --solver " + fermat.DefaultName + " may find more"
		}
		fmt.Fprintf(stderr, "warning: the %s strategy missed %d Steiner points (%d failed, %d undecided)%s\n",
			tree.Solver, f, tree.Stats.FermatFailed, tree.Stats.FermatUndecided, hint)
	}
	return finishCheck(stderr, prog, tree, *strict)
}

// finishCheck reports what the self-check of a written tree could not
// prove (a warning per point: the claims the file states instead) and
// returns the exit status: under --strict 1 when a Steiner point is
// declared unproved.
func finishCheck(stderr io.Writer, prog string, t *sll.Tree, strict bool) int {
	if len(t.Unproved) > 0 {
		relaxed := 0
		for _, u := range t.Unproved {
			if u.Radius > 0 {
				relaxed++
			}
		}
		fmt.Fprintf(stderr, "warning: %d of %d Steiner points are not proved at the default tolerance; the tree's \"unproved\" list states what is (%d within a stated radius, %d with no claim):\n",
			len(t.Unproved), t.SteinerPoints(), relaxed, len(t.Unproved)-relaxed)
		for i, u := range t.Unproved {
			if i == 10 {
				fmt.Fprintf(stderr, "  … and %d more\n", len(t.Unproved)-10)
				break
			}
			fmt.Fprintf(stderr, "  vertex %d: %s\n", u.Vertex, u.Reason)
		}
	}
	if strict && len(t.Unproved) > 0 {
		return cli.Report(stderr, prog, cli.Failedf("--strict: %d Steiner points not proved", len(t.Unproved)))
	}
	return cli.ExitOK
}

// spaceFor is the plane named by --space, with the Fermat strategy named
// by --solver for the hyperbolic one; a usage error otherwise.
func spaceFor(space, solver string) (sll.Space, error) {
	switch space {
	case "hyperbolic":
		if solver == "" {
			return nil, cli.Usagef("--solver needs a name: one of %s", strings.Join(fermat.Names(), ", "))
		}
		s, err := fermat.ByName(solver)
		if err != nil {
			return nil, cli.Usagef("%v", err)
		}
		return sll.Hyperbolic(s), nil
	case "euclidean":
		return sll.Euclidean(), nil
	}
	return nil, cli.Usagef("--space must be hyperbolic or euclidean, not %q", space)
}

func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
