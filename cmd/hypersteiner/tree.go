package main

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/hypersteiner/hypersteiner/draw"
	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/cli"
	"github.com/hypersteiner/hypersteiner/pointio"
	"github.com/hypersteiner/hypersteiner/sll"
	"github.com/hypersteiner/hypersteiner/treecert"
)

func init() {
	register("tree", "build a Steiner tree of a point set (the default command)", runTree)
}

// progressFrom is the input size from which a progress bar is drawn.
const progressFrom = 20000

// builtinSample is the design card's default input: 1000 points of the
// centred pseudo-hyperbolic Gaussian G(0, 0.5), seed 1.
func builtinSample() ([]hyperbolic.Point, error) {
	rng := rand.New(rand.NewPCG(1, 0))
	return hyperbolic.SampleWrappedGaussian(rng, 1000, hyperbolic.Point{}, 0.5)
}

func runTree(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	const prog = "hypersteiner tree"
	fs := flag.NewFlagSet("tree", flag.ContinueOnError)
	model := fs.String("model", "klein", "input model: klein, poincare, halfplane or hyperboloid (ignored for --space euclidean)")
	space := fs.String("space", "hyperbolic", "hyperbolic or euclidean")
	fst := fs.Int("fst", 4, "largest full Steiner tree: 3 or 4")
	solver := fs.String("solver", "auto", "Fermat strategy: "+strings.Join(fermat.Names(), ", "))
	out := fs.String("out", "", "write the tree here, as JSON or --out-format (default: stdout; tree.json for the built-in sample)")
	svg := fs.String("svg", "", "draw the tree as SVG here (default: none; tree.svg for the built-in sample)")
	drawModel := fs.String("draw", "klein", "disk model of the SVG picture: klein or poincare")
	delaunayEdges := fs.Bool("delaunay", false, "draw the Delaunay edges dashed in the SVG")
	workers := fs.Int("workers", 0, "goroutines for the local problems (0: all cores; the tree does not depend on it)")
	quiet := fs.Bool("quiet", false, "no progress bar or summary (warnings are still written)")
	noCheck := fs.Bool("no-check", false, "do not certify the tree before writing it (then nothing says what 'verify tree' will find)")
	strict := fs.Bool("strict", false, "exit with status 1 when a Steiner point could not be proved (it is listed in the tree's \"unproved\" either way)")
	reopt := fs.Bool("reopt", false, "re-optimise the finished tree: Steiner points to the Fermat points of their neighbours, local topology moves")
	output := addOutputFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: hypersteiner tree [flags] [INPUT]\n\nINPUT is CSV (x,y per line), .npy (n×2, or n×3 for the hyperboloid) or JSON ([[x,y],…]);\n'-' reads CSV from standard input; no INPUT runs the built-in sample (1000 points of G(0, 0.5), seed 1)\nand writes tree.json and tree.svg.\n\nflags:")
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
	sp, err := spaceFor(*space, *solver)
	if err != nil {
		return cli.Report(stderr, prog, err)
	}

	var pts []hyperbolic.Point
	var labels []string
	if len(rest) == 0 {
		if pts, err = builtinSample(); err != nil {
			return cli.Report(stderr, prog, err)
		}
		if *out == "" {
			*out = "tree" + output.ext()
		}
		if *svg == "" {
			*svg = "tree.svg"
		}
	} else if pts, labels, err = readTreeInput(rest[0], stdin, *space, *model); err != nil {
		return cli.Report(stderr, prog, cli.Input(err))
	}

	opt := sll.Options{Space: sp, FST: *fst, Workers: *workers, KeepMesh: *delaunayEdges, Reoptimize: *reopt}
	if !*quiet && len(pts) >= progressFrom {
		opt.Progress = stageProgress(stderr)
	}
	tree, err := sll.Build(pts, opt)
	if opt.Progress != nil {
		opt.Progress("", 0, 0) // close the last bar
	}
	if err != nil {
		return cli.Report(stderr, prog, cli.Input(err))
	}
	tree.Labels = labels
	if !*noCheck {
		rep, err := treecert.SelfCheck(tree, treecert.Options{Workers: *workers, SkipAngles: true})
		if err != nil {
			return cli.Report(stderr, prog, err)
		}
		if !rep.OK { // a defect of the pipeline: say so rather than write a false tree
			return cli.Report(stderr, prog, cli.Failedf("internal error: the tree fails its own check: %s", rep.Summary()))
		}
	}
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
		hint := ""
		if tree.Solver != fermat.DefaultName {
			hint = "; --solver " + fermat.DefaultName + " finds more"
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

// readTreeInput reads the points: Klein coordinates from any model for the
// hyperbolic plane, plain coordinates for the Euclidean one; and the
// labels of a CSV input's label column (nil without one).
func readTreeInput(path string, stdin io.Reader, space, model string) ([]hyperbolic.Point, []string, error) {
	o := pointio.Options{Cols: []int{2}, Labels: true}
	if space != "euclidean" {
		k, err := pointio.ModelCols(model)
		if err != nil {
			return nil, nil, err
		}
		o.Cols = []int{k}
	}
	var t pointio.Table
	var err error
	if path == "-" {
		o.Name = "stdin"
		t, err = o.Read(stdin, pointio.CSV)
	} else {
		t, err = o.ReadFile(path)
	}
	if err != nil {
		return nil, nil, err
	}
	var pts []hyperbolic.Point
	if space == "euclidean" {
		pts, err = pointio.PlanePoints(t)
	} else {
		pts, err = pointio.ToKlein(t, model)
	}
	return pts, t.Labels, err
}

// stageProgress draws one progress bar per pipeline stage; a call with an
// empty stage closes the current bar.
func stageProgress(w io.Writer) func(stage string, done, total int) {
	var cur string
	var bar *cli.Progress
	last := 0
	return func(stage string, done, total int) {
		if stage != cur {
			if bar != nil {
				bar.Done()
				bar = nil
			}
			cur, last = stage, 0
			if stage == "" {
				return
			}
			bar = cli.NewProgress(w, stage, total)
		}
		if bar != nil && done > last {
			bar.Add(done - last)
			last = done
		}
	}
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
