package main

import (
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/hypersteiner/hypersteiner/bench"
	"github.com/hypersteiner/hypersteiner/figure"
	"github.com/hypersteiner/hypersteiner/internal/cli"
	"github.com/hypersteiner/hypersteiner/internal/shareddata"
)

func init() {
	register("bench", "reproduce the paper's tables (RED, #3, #4, CPU) beside its figures", runBench)
}

const benchUsage = `usage: hypersteiner bench [flags]

Runs the paper's synthetic experiments (§5.1 and appendix) and prints our figures
with the paper's in parentheses. CPU s is the CPU time of sll.Build per run, one worker,
measured on the thread that runs it (Linux; elsewhere the wall time, honest while
--jobs ≤ idle cores). The TSV has the wall time too.

flags:
`

// benchFlags are the command line of bench.
type benchFlags struct {
	preset, sizes, configs, format, out, tsv, plot, paper, from string
	runs, jobs                                                  int
	seed                                                        uint64
	quiet                                                       bool
	timeLimit                                                   time.Duration
}

func runBench(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("bench", benchUsage, stderr)
	var f benchFlags
	fs.StringVar(&f.preset, "preset", "centered", "experiments, comma-separated, or all: "+strings.Join(bench.PresetNames(), ", ")+"; or gap (the heuristic against exact trees)")
	fs.IntVar(&f.runs, "runs", 100, "samplings per row (the paper: 100)")
	fs.Uint64Var(&f.seed, "seed", 1, "random seed; run r of a row always draws the same sample")
	fs.StringVar(&f.sizes, "n", "", "sizes, comma-separated (default: the paper's; for convergence the |P|/d values)")
	fs.StringVar(&f.configs, "config", "", "configurations, comma-separated: euclidean, 3+euclidean or K+NAME with K = 3 or 4\nand NAME a Fermat strategy (default: the paper's and ours that are available)")
	fs.IntVar(&f.jobs, "jobs", runtime.GOMAXPROCS(0), "runs at once, each on one core (CPU times are honest while jobs ≤ cores)")
	fs.StringVar(&f.format, "format", "md", "output format: md or tsv")
	fs.StringVar(&f.out, "out", "", "write the table here (default: stdout)")
	fs.StringVar(&f.tsv, "tsv", "", "also write the rows as TSV here (with --format md: both from one run)")
	fs.StringVar(&f.plot, "plot", "", "draw SVG figures: PREFIX.svg gives PREFIX_red.svg and PREFIX_cpu.svg (PREFIX_centered_red.svg, … for several presets)")
	fs.StringVar(&f.paper, "paper", "", "the paper's figures (default: "+bench.PaperFileName+" in the shared data folder, if found; none: leave them out)")
	fs.StringVar(&f.from, "from", "", "run nothing: read the rows of an earlier --format tsv output and write its table and plots")
	fs.BoolVar(&f.quiet, "quiet", false, "no progress or summary on stderr")
	fs.DurationVar(&f.timeLimit, "time-limit", 0, "gap preset: stop each exact solve after this long (0: none); instances not proved optimal are\nleft out of the gaps and counted in the proved column")
	rest, err := cli.ParseFlags(fs, args)
	if err == nil && len(rest) > 0 {
		err = cli.Usagef("no arguments expected, got %q", rest)
	}
	if err == nil && strings.TrimSpace(f.preset) == gapPreset && f.from == "" {
		if err = f.check(); err == nil {
			return runGap(fs, f, stdout, stderr)
		}
	}
	if err == nil {
		err = f.run(stdout, stderr)
	}
	return cli.Report(stderr, "hypersteiner bench", err)
}

func (f *benchFlags) check() error {
	switch {
	case f.runs < 1:
		return cli.Usagef("--runs must be at least 1, not %d", f.runs)
	case f.jobs < 1:
		return cli.Usagef("--jobs must be at least 1, not %d", f.jobs)
	case f.format != "md" && f.format != "tsv":
		return cli.Usagef("--format must be md or tsv, not %q", f.format)
	case f.plot != "" && !strings.EqualFold(filepath.Ext(f.plot), ".svg"):
		return cli.Usagef("--plot %q: want a name ending in .svg (convert to PNG or PDF with e.g. rsvg-convert)", f.plot)
	}
	return nil
}

func (f *benchFlags) run(stdout, stderr io.Writer) error {
	const prog = "hypersteiner bench"
	if err := f.check(); err != nil {
		return err
	}
	note := f.note(stderr)
	if f.from != "" {
		return f.rerun(stdout, note)
	}
	presets, err := bench.LookupPresets(f.preset)
	if err != nil {
		return cli.Usagef("--preset: %v", err)
	}
	var sizes []int
	if f.sizes != "" {
		if sizes, err = parseSizes(f.sizes); err != nil {
			return cli.Usagef("--n: %v", err)
		}
	}
	var configs []bench.Config
	if f.configs != "" {
		if configs, err = bench.ResolveConfigs(f.configs); err != nil {
			return cli.Usagef("--config: %v", err)
		}
	}
	paper, err := bench.LoadPaper(f.paper)
	if err != nil {
		return cli.Input(err)
	}
	if paper == nil && f.paper == "none" {
		fprintf(note, "%s: --paper none: the paper's figures are left out\n", prog)
	} else if paper == nil {
		fprintf(note, "%s: %s not found (set %s or --paper FILE); the paper's figures are left out\n", prog, bench.PaperFileName, shareddata.EnvVar)
	}
	plan, err := bench.NewPlan(presets, sizes, configs)
	if err != nil {
		return err
	}
	for _, c := range plan.Skipped {
		fprintf(note, "%s: skipping %s: no Fermat strategy %q in this build\n", prog, c.Name, c.Solver)
	}
	progress := cli.NewProgress(note, "bench runs", plan.Runs(f.runs))
	start := time.Now()
	opt := bench.Options{Seed: f.seed, Runs: f.runs, Jobs: f.jobs, Progress: func(int) { progress.Add(1) }}
	rows, err := plan.Run(opt)
	progress.Done()
	if err != nil {
		return err
	}
	elapsed := time.Since(start)
	bench.Attach(rows, paper)
	if err := f.write(rows, bench.RunPreamble(opt, elapsed, paper != nil), stdout, note); err != nil {
		return err
	}
	ran := 0
	for _, r := range rows {
		ran += r.Runs
	}
	fprintf(note, "%s: %d rows, %d runs in %s with %d jobs\n", prog, len(rows), ran, elapsed.Round(time.Millisecond), f.jobs)
	return nil
}

// rerun writes the table and plots of the rows of an earlier TSV output.
// The rows carry the paper's figures of the run that wrote them; --paper
// replaces them.
func (f *benchFlags) rerun(stdout, note io.Writer) error {
	if gap, err := isGapTSV(f.from); err != nil {
		return cli.Input(err)
	} else if gap {
		return f.rerunGap(stdout, note)
	}
	rows, err := bench.ReadTSVFile(f.from)
	if err != nil {
		return cli.Input(err)
	}
	if f.paper != "" {
		paper, err := bench.LoadPaper(f.paper)
		if err != nil {
			return cli.Input(err)
		}
		bench.Attach(rows, paper)
	}
	withPaper := slices.ContainsFunc(rows, func(r bench.Row) bool { return r.Paper != nil })
	if !withPaper {
		fprintf(note, "hypersteiner bench: the rows of %s have none of the paper's figures (--paper FILE adds them); they are left out\n", f.from)
	}
	return f.write(rows, bench.FilePreamble(f.from, withPaper), stdout, note)
}

// write writes the table (and the TSV and the plots, if asked for).
func (f *benchFlags) write(rows []bench.Row, preamble string, stdout, note io.Writer) error {
	table := func(w io.Writer) error { return bench.WriteTable(w, rows, f.format, preamble) }
	var err error
	if f.out == "" {
		err = table(stdout)
	} else {
		err = writeFile(f.out, table)
	}
	if err == nil && f.tsv != "" {
		err = writeFile(f.tsv, func(w io.Writer) error { return bench.WriteTSV(w, rows) })
	}
	if err != nil || f.plot == "" {
		return err
	}
	files, err := figure.WriteBench(rows, f.plot)
	if err == nil {
		fprintf(note, "hypersteiner bench: plots %s\n", strings.Join(files, ", "))
	}
	return err
}

// note returns where progress, notes and the summary go: stderr, or nil
// with --quiet.
func (f benchFlags) note(stderr io.Writer) io.Writer {
	if f.quiet {
		return nil
	}
	return stderr
}

// fprintf prints to w unless it is nil (--quiet).
func fprintf(w io.Writer, format string, args ...any) {
	if w != nil {
		fmt.Fprintf(w, format, args...)
	}
}

// parseSizes parses --n (and gap's): a comma-separated list of positive
// integers.
func parseSizes(s string) ([]int, error) { return bench.ParseSizes(s) }
