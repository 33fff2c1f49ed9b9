package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/figure"
	"github.com/hypersteiner/hypersteiner/hierarchy"
	"github.com/hypersteiner/hypersteiner/internal/cli"
	"github.com/hypersteiner/hypersteiner/internal/shareddata"
	"github.com/hypersteiner/hypersteiner/treecert"
)

func init() {
	register("planaria", "the cell-age experiment of the paper (§5.2): HyperSteiner vs MST vs NJ", runPlanaria)
}

const planariaUsage = `usage: hypersteiner planaria [flags]

Infers the age of the Planaria cells from a tree over their 2-D hyperbolic
embedding (HyperSteiner, the hyperbolic MST, Neighbor Joining on hyperbolic
distances) and scores it against the PAGA pseudotime, as in §5.2 of the
HyperSteiner paper: ages = tree distance to cell 0, divided by their maximum;
error = ‖ages − pseudotime/max‖₂ / √n. CPU seconds are the thread CPU time of
each method's tree and tree distances (single-threaded).

The data are public: ` + hierarchy.PlanariaSource + `.

flags:
`

// planariaFlags are the command line of planaria.
type planariaFlags struct {
	data, missing, methods, format, plot, solver, tree string
	runs, jobs, njMax                                  int
	seed                                               uint64
	njFloat32, quiet                                   bool
	output                                             *outputFlags
}

func runPlanaria(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fl := cli.NewFlagSet("planaria", planariaUsage, stderr)
	var f planariaFlags
	fl.StringVar(&f.data, "data", "", "folder holding "+hierarchy.PlanariaPoints+" and "+hierarchy.PlanariaTruth+" (default: the shared data folder)")
	fl.StringVar(&f.missing, "missing", "", "comma-separated percentages of cells removed at random, or 'paper' for "+formatList(hierarchy.PaperMissing)+" (default: none, the whole data set)")
	fl.IntVar(&f.runs, "runs", 100, "random removals per percentage")
	fl.StringVar(&f.methods, "methods", "", "comma-separated methods among "+strings.Join(hierarchy.MethodNames, ", ")+" (default: all three with --missing, hypersteiner,mst without)")
	fl.Uint64Var(&f.seed, "seed", 0, "seed of the random removals")
	fl.StringVar(&f.format, "format", "md", "output table: md (Markdown) or tsv")
	fl.StringVar(&f.plot, "plot", "", "draw the error and CPU time against the removed percentage here (SVG; needs --missing)")
	fl.StringVar(&f.solver, "solver", "auto", "Fermat strategy of HyperSteiner: "+strings.Join(fermat.Names(), ", "))
	fl.IntVar(&f.jobs, "jobs", 0, "runs computed at the same time (0: GOMAXPROCS); results do not depend on it, timings do")
	fl.IntVar(&f.njMax, "nj-max", 6000, "refuse Neighbor Joining above this many points (O(n³) time, ~16·n² bytes; 0: no limit)")
	fl.BoolVar(&f.njFloat32, "nj-float32", false, "keep NJ's working matrix in float32 (~8·n² bytes)")
	fl.BoolVar(&f.quiet, "quiet", false, "no progress bar")
	fl.StringVar(&f.tree, "tree", "", "also write the HyperSteiner tree of the whole data set here, the tree the 0 % row scores (format: --out-format, or the one the extension names; Newick hangs from --root, cell 0 by default)")
	f.output = addOutputFlags(fl)
	rest, err := cli.ParseFlags(fl, args)
	if err == nil && len(rest) > 0 {
		err = cli.Usagef("no positional arguments expected, got %q", rest)
	}
	if err == nil {
		err = f.run(stdout, stderr)
	}
	return cli.Report(stderr, "hypersteiner planaria", err)
}

func (f *planariaFlags) run(stdout, stderr io.Writer) error {
	switch {
	case f.format != "md" && f.format != "tsv":
		return cli.Usagef("--format must be md or tsv, not %q", f.format)
	case f.runs < 1:
		return cli.Usagef("--runs must be at least 1, not %d", f.runs)
	case f.njMax < 0 || f.jobs < 0:
		return cli.Usagef("--nj-max and --jobs must be ≥ 0")
	}
	cfg := hierarchy.SweepConfig{Missing: []float64{0}, Runs: f.runs, Seed: f.seed, Workers: f.jobs}
	if f.missing != "" {
		var err error
		if cfg.Missing, err = hierarchy.ParseMissing(f.missing); err != nil {
			return cli.Usagef("--missing: %v", err)
		}
	}
	switch {
	case f.plot != "" && !strings.EqualFold(filepath.Ext(f.plot), ".svg"):
		return cli.Usagef("--plot %q: the file must end in .svg (convert to PNG with e.g. rsvg-convert)", f.plot)
	case f.plot != "" && f.missing == "":
		return cli.Usagef("--plot needs --missing (the figure is against the removed percentage)")
	case f.tree == "-":
		return cli.Usagef("--tree needs a file name: the table goes to standard output")
	}
	names, err := f.methodNames()
	if err != nil {
		return err
	}
	solver, solverErr := fermat.ByName(f.solver)
	if slices.Contains(names, "hypersteiner") && (solverErr != nil || f.solver == "") {
		return cli.Usagef("--solver %q: want one of %s", f.solver, strings.Join(fermat.Names(), ", "))
	}
	cfg.Methods = hierarchy.Methods(names, hierarchy.MethodOptions{Solver: solver, NJ: hierarchy.NJOptions{Float32: f.njFloat32}, NJMax: f.njMax})
	ds, err := f.load()
	if err != nil {
		return err
	}
	for _, p := range cfg.Missing {
		if _, err := hierarchy.KeepCount(len(ds.Points), p); err != nil {
			return cli.Usagef("--missing: %v", err)
		}
	}
	if k, _ := hierarchy.KeepCount(len(ds.Points), slices.Min(cfg.Missing)); f.njMax > 0 && k > f.njMax && slices.Contains(names, "nj") {
		return cli.Usagef("Neighbor Joining of %d points is O(n³) and needs ~%.1f GB (~%.1f GB with --nj-float32); the limit is --nj-max %d: raise it, or leave nj out of --methods",
			k, hierarchy.NJBytes(k, false)/1e9, hierarchy.NJBytes(k, true)/1e9, f.njMax)
	}
	if f.tree != "" && solverErr != nil {
		return solverErr
	} else if f.tree != "" {
		if err := f.writeTree(ds, solver, stdout, stderr); err != nil {
			return err
		}
	}
	var bar *cli.Progress
	if !f.quiet {
		bar = cli.NewProgress(stderr, "planaria", cfg.Steps())
	}
	cfg.Progress = func() { bar.Add(1) } // cfg.Workers 0 is GOMAXPROCS
	sums, err := hierarchy.Sweep(ds, cfg)
	bar.Done()
	if err == nil && f.format == "tsv" {
		err = hierarchy.WriteTSV(stdout, sums)
	} else if err == nil {
		err = hierarchy.WriteMarkdown(stdout, sums)
	}
	if err != nil || f.plot == "" {
		return err
	}
	fig, err := figure.Sweep(sums)
	if err != nil {
		return err
	}
	return writeFile(f.plot, fig.WriteSVG)
}

// methodNames are --methods, or the default ones.
func (f *planariaFlags) methodNames() ([]string, error) {
	switch {
	case f.methods != "":
		names, err := hierarchy.ParseMethods(f.methods)
		if err != nil {
			return nil, cli.Usagef("--methods: %v", err)
		}
		return names, nil
	case f.missing != "":
		return hierarchy.MethodNames, nil
	}
	return []string{"hypersteiner", "mst"}, nil
}

// load reads the Planaria files from --data, or from the shared data
// folder.
func (f *planariaFlags) load() (*hierarchy.Dataset, error) {
	dir := f.data
	if dir == "" {
		d, ok := shareddata.Dir()
		if !ok {
			return nil, cli.Usagef("no --data folder given and no shared data folder found; download %s and %s from %s and pass --data DIR",
				hierarchy.PlanariaPoints, hierarchy.PlanariaTruth, hierarchy.PlanariaSource)
		}
		dir = d
	}
	ds, err := hierarchy.LoadPlanaria(dir)
	if errors.Is(err, fs.ErrNotExist) {
		err = fmt.Errorf("%w (the Planaria files are in %s)", err, hierarchy.PlanariaSource)
	}
	return ds, cli.Input(err)
}

// writeTree writes the HyperSteiner tree of the whole data set, certified
// first as tree does: what cannot be proved is declared in the tree's
// "unproved" list, and a tree that fails its own check is an internal
// error, never a written false tree.
func (f *planariaFlags) writeTree(ds *hierarchy.Dataset, solver fermat.Solver, stdout, stderr io.Writer) error {
	t, err := hierarchy.BuildHyperSteiner(ds.Points, solver, f.jobs)
	if err != nil {
		return err
	}
	rep, err := treecert.SelfCheck(t, treecert.Options{Workers: f.jobs, SkipAngles: true})
	if err != nil {
		return err
	}
	if !rep.OK {
		return cli.Failedf("internal error: the tree fails its own check: %s", rep.Summary())
	}
	if err := f.output.write(t, f.tree, stdout, internalError); err != nil {
		return err
	}
	finishCheck(stderr, "hypersteiner planaria", t, false) // warnings only: never strict
	return nil
}

func formatList(v []float64) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.FormatFloat(x, 'g', -1, 64)
	}
	return strings.Join(s, ",")
}
