package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/figure"
	"github.com/hypersteiner/hypersteiner/hierarchy"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/cli"
	"github.com/hypersteiner/hypersteiner/internal/shareddata"
	"github.com/hypersteiner/hypersteiner/sll"
	"github.com/hypersteiner/hypersteiner/treecert"
)

func init() {
	register("planaria", "the cell-age experiment of the paper (§5.2): HyperSteiner vs MST vs NJ", runPlanaria)
}

// paperMissing is the paper's sweep of removed percentages.
var paperMissing = []float64{95, 92.5, 90, 87.5, 85, 82.5, 80, 77.5, 75}

// planariaMethods are the method names the command knows.
var planariaMethods = []string{"hypersteiner", "mst", "nj"}

func runPlanaria(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	const prog = "hypersteiner planaria"
	fl := flag.NewFlagSet("planaria", flag.ContinueOnError)
	data := fl.String("data", "", "folder holding "+hierarchy.PlanariaPoints+" and "+hierarchy.PlanariaTruth+" (default: the shared data folder)")
	missing := fl.String("missing", "", "comma-separated percentages of cells removed at random, or 'paper' for "+formatList(paperMissing)+" (default: none, the whole data set)")
	runs := fl.Int("runs", 100, "random removals per percentage")
	methods := fl.String("methods", "", "comma-separated methods among "+strings.Join(planariaMethods, ", ")+" (default: all three with --missing, hypersteiner,mst without)")
	seed := fl.Uint64("seed", 0, "seed of the random removals")
	format := fl.String("format", "md", "output table: md (Markdown) or tsv")
	plotFile := fl.String("plot", "", "draw the error and CPU time against the removed percentage here (SVG; needs --missing)")
	solver := fl.String("solver", "auto", "Fermat strategy of HyperSteiner: "+strings.Join(fermat.Names(), ", "))
	jobs := fl.Int("jobs", 0, "runs computed at the same time (0: GOMAXPROCS); results do not depend on it, timings do")
	njMax := fl.Int("nj-max", 6000, "refuse Neighbor Joining above this many points (O(n³) time, ~16·n² bytes; 0: no limit)")
	njFloat32 := fl.Bool("nj-float32", false, "keep NJ's working matrix in float32 (~8·n² bytes)")
	quiet := fl.Bool("quiet", false, "no progress bar")
	treeOut := fl.String("tree", "", "also write the HyperSteiner tree of the whole data set here, the tree the 0 % row scores (format: --out-format, or the one the extension names; Newick hangs from --root, cell 0 by default)")
	output := addOutputFlags(fl)
	fl.Usage = func() {
		fmt.Fprintln(fl.Output(), `usage: hypersteiner planaria [flags]

Infers the age of the Planaria cells from a tree over their 2-D hyperbolic
embedding (HyperSteiner, the hyperbolic MST, Neighbor Joining on hyperbolic
distances) and scores it against the PAGA pseudotime, as in §5.2 of the
HyperSteiner paper: ages = tree distance to cell 0, divided by their maximum;
error = ‖ages − pseudotime/max‖₂ / √n. CPU seconds are the thread CPU time of
each method's tree and tree distances (single-threaded).

The data are public: the folder Data/ of github.com/AGarciaCast/HyperSteiner.

flags:`)
		fl.PrintDefaults()
	}
	fl.SetOutput(stderr)
	rest, err := cli.ParseFlags(fl, args)
	if err != nil {
		return cli.Report(stderr, prog, err)
	}
	if len(rest) > 0 {
		return cli.Report(stderr, prog, cli.Usagef("no positional arguments expected, got %q", rest))
	}
	if *format != "md" && *format != "tsv" {
		return cli.Report(stderr, prog, cli.Usagef("--format must be md or tsv, not %q", *format))
	}
	if *runs < 1 {
		return cli.Report(stderr, prog, cli.Usagef("--runs must be at least 1, not %d", *runs))
	}
	if *njMax < 0 || *jobs < 0 {
		return cli.Report(stderr, prog, cli.Usagef("--nj-max and --jobs must be ≥ 0"))
	}
	levels := []float64{0}
	if *missing != "" {
		if levels, err = parseMissing(*missing); err != nil {
			return cli.Report(stderr, prog, err)
		}
	}
	if *plotFile != "" {
		if !strings.EqualFold(filepath.Ext(*plotFile), ".svg") {
			return cli.Report(stderr, prog, cli.Usagef("--plot %q: the file must end in .svg (convert to PNG with e.g. rsvg-convert)", *plotFile))
		}
		if *missing == "" {
			return cli.Report(stderr, prog, cli.Usagef("--plot needs --missing (the figure is against the removed percentage)"))
		}
	}
	if *treeOut == "-" {
		return cli.Report(stderr, prog, cli.Usagef("--tree needs a file name: the table goes to standard output"))
	}
	names := []string{"hypersteiner", "mst"}
	if *missing != "" {
		names = planariaMethods
	}
	if *methods != "" {
		if names, err = parseMethods(*methods); err != nil {
			return cli.Report(stderr, prog, err)
		}
	}
	var ms []hierarchy.Method
	for _, name := range names {
		switch name {
		case "hypersteiner":
			if _, err := fermat.ByName(*solver); err != nil || *solver == "" {
				return cli.Report(stderr, prog, cli.Usagef("--solver %q: want one of %s", *solver, strings.Join(fermat.Names(), ", ")))
			}
			ms = append(ms, hyperSteinerMethod(*solver))
		case "mst":
			ms = append(ms, hierarchy.MSTMethod())
		case "nj":
			ms = append(ms, hierarchy.NJMethod(hierarchy.NJOptions{Float32: *njFloat32}, *njMax))
		}
	}

	dir := *data
	if dir == "" {
		d, ok := shareddata.Dir()
		if !ok {
			return cli.Report(stderr, prog, cli.Usagef("no --data folder given and no shared data folder found; "+
				"download %s and %s from the folder Data/ of github.com/AGarciaCast/HyperSteiner and pass --data DIR",
				hierarchy.PlanariaPoints, hierarchy.PlanariaTruth))
		}
		dir = d
	}
	ds, err := hierarchy.LoadPlanaria(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return cli.Report(stderr, prog, cli.Input(fmt.Errorf("%w (the Planaria files are in the folder Data/ of github.com/AGarciaCast/HyperSteiner)", err)))
		}
		return cli.Report(stderr, prog, cli.Input(err))
	}
	for _, p := range levels {
		if _, err := hierarchy.KeepCount(len(ds.Points), p); err != nil {
			return cli.Report(stderr, prog, cli.Usagef("--missing: %v", err))
		}
	}
	if k, _ := hierarchy.KeepCount(len(ds.Points), slices.Min(levels)); *njMax > 0 && k > *njMax && slices.Contains(names, "nj") {
		return cli.Report(stderr, prog, cli.Usagef("Neighbor Joining of %d points is O(n³) and needs ~%.1f GB (~%.1f GB with --nj-float32); the limit is --nj-max %d: raise it, or leave nj out of --methods",
			k, 16*float64(k)*float64(k)/1e9, 8*float64(k)*float64(k)/1e9, *njMax))
	}

	if *treeOut != "" {
		t, err := buildHyperSteiner(ds.Points, *solver, *jobs)
		if err == nil {
			err = selfCheck(t, *jobs)
		}
		if err == nil {
			err = output.write(t, *treeOut, stdout, internalError)
		}
		if err != nil {
			return cli.Report(stderr, prog, err)
		}
		if code := finishCheck(stderr, prog, t, false); code != cli.ExitOK {
			return code
		}
	}

	total := 0
	for _, p := range levels {
		if p == 0 {
			total++
		} else {
			total += *runs
		}
	}
	var bar *cli.Progress
	if !*quiet {
		bar = cli.NewProgress(stderr, "planaria", total)
	}
	cfg := hierarchy.SweepConfig{Missing: levels, Runs: *runs, Seed: *seed, Methods: ms, Workers: *jobs,
		Progress: func() { bar.Add(1) }}
	if cfg.Workers == 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	sums, err := hierarchy.Sweep(ds, cfg)
	bar.Done()
	if err != nil {
		return cli.Report(stderr, prog, err)
	}
	if *format == "tsv" {
		err = hierarchy.WriteTSV(stdout, sums)
	} else {
		err = hierarchy.WriteMarkdown(stdout, sums)
	}
	if err != nil {
		return cli.Report(stderr, prog, err)
	}
	if *plotFile != "" {
		fig, err := figure.Sweep(sums)
		if err == nil {
			err = writeFile(*plotFile, fig.WriteSVG)
		}
		if err != nil {
			return cli.Report(stderr, prog, err)
		}
	}
	return cli.ExitOK
}

// hyperSteinerMethod builds the HyperSteiner tree of package sll with the
// named Fermat strategy, single-threaded (Workers 1) so that the thread CPU
// time measures all of its work.
func hyperSteinerMethod(solver string) hierarchy.Method {
	return hierarchy.Method{Name: "hypersteiner", Build: func(pts []hyperbolic.Point) (*hierarchy.Tree, error) {
		t, err := buildHyperSteiner(pts, solver, 1)
		if err != nil {
			return nil, err
		}
		return &hierarchy.Tree{Vertices: len(t.Vertices), Terminals: t.Terminals, Edges: t.Edges, Lengths: t.EdgeLengths}, nil
	}}
}

// buildHyperSteiner is the experiment's HyperSteiner tree: package sll
// with 4-terminal trees and the named Fermat strategy, on workers
// goroutines (0: all cores; the tree does not depend on it).
func buildHyperSteiner(pts []hyperbolic.Point, solver string, workers int) (*sll.Tree, error) {
	s, err := fermat.ByName(solver)
	if err != nil {
		return nil, err
	}
	return sll.Build(pts, sll.Options{Space: sll.Hyperbolic(s), FST: 4, Workers: workers})
}

// selfCheck certifies a tree before it is written, as tree does: what
// cannot be proved is declared in the tree's "unproved" list, and a tree
// that fails its own check is an internal error, never a written false
// tree.
func selfCheck(t *sll.Tree, workers int) error {
	rep, err := treecert.SelfCheck(t, treecert.Options{Workers: workers, SkipAngles: true})
	if err != nil {
		return err
	}
	if !rep.OK {
		return cli.Failedf("internal error: the tree fails its own check: %s", rep.Summary())
	}
	return nil
}

// parseMissing reads "95,92.5" or "paper".
func parseMissing(s string) ([]float64, error) {
	if strings.EqualFold(strings.TrimSpace(s), "paper") {
		return slices.Clone(paperMissing), nil
	}
	var out []float64
	for i, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(f), "%"))
		v, err := strconv.ParseFloat(f, 64)
		if err != nil || !(v >= 0 && v < 100) {
			return nil, cli.Usagef("--missing: item %d, %q, is not a percentage in [0, 100)", i+1, f)
		}
		if slices.Contains(out, v) {
			return nil, cli.Usagef("--missing: %v is listed twice", v)
		}
		out = append(out, v)
	}
	return out, nil
}

// parseMethods reads "hypersteiner,mst,nj".
func parseMethods(s string) ([]string, error) {
	var out []string
	for _, f := range strings.Split(s, ",") {
		f = strings.ToLower(strings.TrimSpace(f))
		if !slices.Contains(planariaMethods, f) {
			return nil, cli.Usagef("--methods: unknown method %q (known: %s)", f, strings.Join(planariaMethods, ", "))
		}
		if slices.Contains(out, f) {
			return nil, cli.Usagef("--methods: %q is listed twice", f)
		}
		out = append(out, f)
	}
	return out, nil
}

func formatList(v []float64) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.FormatFloat(x, 'g', -1, 64)
	}
	return strings.Join(s, ",")
}
