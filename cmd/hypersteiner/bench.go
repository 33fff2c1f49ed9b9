package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
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

func runBench(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	const prog = "hypersteiner bench"
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	preset := fs.String("preset", "centered", "experiments, comma-separated, or all: "+strings.Join(bench.PresetNames(), ", ")+"; or gap (the heuristic against exact trees)")
	runs := fs.Int("runs", 100, "samplings per row (the paper: 100)")
	seed := fs.Uint64("seed", 1, "random seed; run r of a row always draws the same sample")
	sizes := fs.String("n", "", "sizes, comma-separated (default: the paper's; for convergence the |P|/d values)")
	configs := fs.String("config", "", "configurations, comma-separated: euclidean, 3+euclidean or K+NAME with K = 3 or 4\nand NAME a Fermat strategy (default: the paper's and ours that are available)")
	jobs := fs.Int("jobs", runtime.GOMAXPROCS(0), "runs at once, each on one core (CPU times are honest while jobs ≤ cores)")
	format := fs.String("format", "md", "output format: md or tsv")
	out := fs.String("out", "", "write the table here (default: stdout)")
	tsvOut := fs.String("tsv", "", "also write the rows as TSV here (with --format md: both from one run)")
	plotPrefix := fs.String("plot", "", "draw SVG figures: PREFIX.svg gives PREFIX_red.svg and PREFIX_cpu.svg (PREFIX_centered_red.svg, … for several presets)")
	paperFile := fs.String("paper", "", "the paper's figures (default: "+bench.PaperFileName+" in the shared data folder, if found; none: leave them out)")
	from := fs.String("from", "", "run nothing: read the rows of an earlier --format tsv output and write its table and plots")
	quiet := fs.Bool("quiet", false, "no progress or summary on stderr")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: hypersteiner bench [flags]\n\nRuns the paper's synthetic experiments (§5.1 and appendix) and prints our figures\nwith the paper's in parentheses. CPU s is the CPU time of sll.Build per run, one worker,\nmeasured on the thread that runs it (Linux; elsewhere the wall time, honest while\n--jobs ≤ idle cores). The TSV has the wall time too.\n\nflags:")
		fs.PrintDefaults()
	}
	fs.SetOutput(stderr)
	rest, err := cli.ParseFlags(fs, args)
	if err != nil {
		return cli.Report(stderr, prog, err)
	}
	if len(rest) > 0 {
		return cli.Report(stderr, prog, cli.Usagef("no arguments expected, got %q", rest))
	}
	if *runs < 1 {
		return cli.Report(stderr, prog, cli.Usagef("--runs must be at least 1, not %d", *runs))
	}
	if *jobs < 1 {
		return cli.Report(stderr, prog, cli.Usagef("--jobs must be at least 1, not %d", *jobs))
	}
	if *format != "md" && *format != "tsv" {
		return cli.Report(stderr, prog, cli.Usagef("--format must be md or tsv, not %q", *format))
	}
	if *plotPrefix != "" && !strings.EqualFold(filepath.Ext(*plotPrefix), ".svg") {
		return cli.Report(stderr, prog, cli.Usagef("--plot %q: want a name ending in .svg (convert to PNG or PDF with e.g. rsvg-convert)", *plotPrefix))
	}
	if *from != "" {
		rows, err := readRows(*from)
		if err != nil {
			return cli.Report(stderr, prog, cli.Input(err))
		}
		// The rows carry the paper's figures of the run that wrote them;
		// --paper replaces them.
		if *paperFile != "" {
			paper, err := loadPaper(*paperFile)
			if err != nil {
				return cli.Report(stderr, prog, cli.Input(err))
			}
			bench.Attach(rows, paper)
		}
		withPaper := slices.ContainsFunc(rows, func(r bench.Row) bool { return r.Paper != nil })
		if !withPaper && !*quiet {
			fmt.Fprintf(stderr, "%s: the rows of %s have none of the paper's figures (--paper FILE adds them); they are left out\n", prog, *from)
		}
		return benchOutput(prog, rows, benchOutputs{format: *format, out: *out, tsv: *tsvOut, plot: *plotPrefix, quiet: *quiet,
			preamble: fmt.Sprintf("*Rows read from %s. CPU s: CPU time of sll.Build per run. %s; "+
				"failed / solves: Fermat solves per run that failed or stayed undecided / all.*\n\n", filepath.Base(*from), paperNote(withPaper))}, stdout, stderr)
	}
	if strings.TrimSpace(*preset) == gapPreset {
		return runGap(fs, *runs, *seed, *sizes, *configs, *format, *out, stdout, stderr)
	}
	var presets []bench.Preset
	names := strings.Split(*preset, ",")
	if *preset == "all" {
		names = bench.PresetNames()
	}
	for _, name := range names {
		p, err := bench.LookupPreset(strings.TrimSpace(name))
		if err != nil {
			return cli.Report(stderr, prog, cli.Usagef("--preset: %v", err))
		}
		presets = append(presets, p)
	}
	var ns []int
	if *sizes != "" {
		if ns, err = parseSizes(*sizes); err != nil {
			return cli.Report(stderr, prog, cli.Usagef("--n: %v", err))
		}
	}
	var explicit []bench.Config
	if *configs != "" {
		if explicit, err = bench.ParseConfigs(*configs); err != nil {
			return cli.Report(stderr, prog, cli.Usagef("--config: %v", err))
		}
		for _, c := range explicit {
			if _, err := c.Space(); err != nil {
				return cli.Report(stderr, prog, cli.Usagef("--config: %v", err))
			}
		}
	}
	var paper []bench.PaperRow
	if paper, err = loadPaper(*paperFile); err != nil {
		return cli.Report(stderr, prog, cli.Input(err))
	}
	if paper == nil && !*quiet {
		notePaperMissing(stderr, prog, *paperFile)
	}

	// The plan: for each preset its cases and configurations.
	type part struct {
		cases   []bench.Case
		configs []bench.Config
	}
	var parts []part
	nruns := 0
	for _, p := range presets {
		cfgs := explicit
		if cfgs == nil {
			for _, name := range p.Configs {
				c, err := bench.ParseConfig(name)
				if err != nil {
					return cli.Report(stderr, prog, err) // a preset's own list: a bug
				}
				if !c.Available() {
					if !*quiet {
						fmt.Fprintf(stderr, "%s: skipping %s: no Fermat strategy %q in this build\n", prog, name, c.Solver)
					}
					continue
				}
				cfgs = append(cfgs, c)
			}
		}
		pt := part{p.Cases(ns), cfgs}
		nruns += len(pt.cases) * len(cfgs) * *runs
		parts = append(parts, pt)
	}

	var progress *cli.Progress
	if !*quiet {
		progress = cli.NewProgress(stderr, "bench runs", nruns)
	}
	start := time.Now()
	var rows []bench.Row
	for _, pt := range parts {
		rs, err := bench.Run(pt.cases, pt.configs, bench.Options{Seed: *seed, Runs: *runs, Jobs: *jobs,
			Progress: func(int) { progress.Add(1) }})
		if err != nil {
			progress.Done()
			return cli.Report(stderr, prog, err)
		}
		rows = append(rows, rs...)
	}
	progress.Done()
	elapsed := time.Since(start)
	bench.Attach(rows, paper)

	preamble := fmt.Sprintf("*%d runs per row, seed %d, %d jobs on %d CPUs (%s, %s/%s), %s in all. "+
		"CPU s: CPU time of sll.Build per run (one worker, its thread's clock on Linux, else wall time). %s; "+
		"failed / solves: Fermat solves per run that failed or stayed undecided / all.*\n\n",
		*runs, *seed, *jobs, runtime.NumCPU(), runtime.Version(), runtime.GOOS, runtime.GOARCH, elapsed.Round(time.Millisecond), paperNote(paper != nil))
	if code := benchOutput(prog, rows, benchOutputs{format: *format, out: *out, tsv: *tsvOut, plot: *plotPrefix, quiet: *quiet, preamble: preamble}, stdout, stderr); code != cli.ExitOK {
		return code
	}
	if !*quiet {
		ran := 0
		for _, r := range rows {
			ran += r.Runs
		}
		fmt.Fprintf(stderr, "%s: %d rows, %d runs in %s with %d jobs\n", prog, len(rows), ran, elapsed.Round(time.Millisecond), *jobs)
	}
	return cli.ExitOK
}

type benchOutputs struct {
	format, out, tsv, plot string
	quiet                  bool
	preamble               string // before a markdown table
}

// benchOutput writes the table (and the TSV and the plots, if asked for).
func benchOutput(prog string, rows []bench.Row, o benchOutputs, stdout, stderr io.Writer) int {
	write := func(w io.Writer) error {
		if o.format == "tsv" {
			return bench.WriteTSV(w, rows)
		}
		if _, err := io.WriteString(w, o.preamble); err != nil {
			return err
		}
		return bench.WriteMarkdown(w, rows)
	}
	var err error
	if o.out == "" {
		err = write(stdout)
	} else {
		err = benchWriteFile(o.out, write)
	}
	if err != nil {
		return cli.Report(stderr, prog, err)
	}
	if o.tsv != "" {
		if err := benchWriteFile(o.tsv, func(w io.Writer) error { return bench.WriteTSV(w, rows) }); err != nil {
			return cli.Report(stderr, prog, err)
		}
	}
	if o.plot != "" {
		files, err := figure.WriteBench(rows, o.plot)
		if err != nil {
			return cli.Report(stderr, prog, err)
		}
		if !o.quiet {
			fmt.Fprintf(stderr, "%s: plots %s\n", prog, strings.Join(files, ", "))
		}
	}
	return cli.ExitOK
}

// readRows reads a TSV written by --format tsv.
func readRows(path string) ([]bench.Row, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rows, err := bench.ReadTSV(f)
	if err != nil {
		return nil, fmt.Errorf("%s:%w", path, err)
	}
	return rows, nil
}

// parseSizes parses a comma-separated list of positive integers.
func parseSizes(s string) ([]int, error) {
	var ns []int
	for i, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("item %d, %q, is not a positive integer", i+1, f)
		}
		ns = append(ns, n)
	}
	return ns, nil
}

// notePaperMissing says on stderr that the table goes without the
// paper's figures, and why.
func notePaperMissing(stderr io.Writer, prog, paperFile string) {
	if paperFile == "none" {
		fmt.Fprintf(stderr, "%s: --paper none: the paper's figures are left out\n", prog)
		return
	}
	fmt.Fprintf(stderr, "%s: %s not found (set %s or --paper FILE); the paper's figures are left out\n",
		prog, bench.PaperFileName, shareddata.EnvVar)
}

// paperNote is the table preamble's word on the paper's figures.
func paperNote(withPaper bool) string {
	if !withPaper {
		return "Without the paper's figures"
	}
	return "The paper's figures in parentheses"
}

// loadPaper reads the paper's figures from path; "" looks in the shared
// data folder and returns nil if absent; "none" returns nil.
func loadPaper(path string) ([]bench.PaperRow, error) {
	switch path {
	case "none":
		return nil, nil
	case "":
		dir, ok := shareddata.Dir()
		if !ok {
			return nil, nil
		}
		path = filepath.Join(dir, bench.PaperFileName)
		if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
			return nil, nil
		}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rows, err := bench.ReadPaper(f)
	if err != nil {
		return nil, fmt.Errorf("%s:%w", path, err)
	}
	return rows, nil
}

func benchWriteFile(path string, write func(io.Writer) error) error {
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
