package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/hypersteiner/hypersteiner/exact"
	"github.com/hypersteiner/hypersteiner/internal/cli"
)

// gapPreset is the preset name of the heuristic-versus-optimum experiment.
const gapPreset = "gap"

// runGap is `bench --preset gap`: the SLL heuristic's gap to the exact
// Steiner minimal tree (package exact) over random instances, per
// distribution and size (up to exact.MaxTerminalsIn the plane). --runs
// counts instances per cell (default 20 here: each instance is solved
// exactly), --n the sizes (default 5, 7, 9), --config euclidean switches
// to the plane, --jobs instances are solved at once and --time-limit
// bounds each exact solve.
func runGap(fs *flag.FlagSet, bf benchFlags, stdout, stderr io.Writer) int {
	const prog = "hypersteiner bench --preset gap"
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if bf.timeLimit < 0 {
		return cli.Report(stderr, prog, cli.Usagef("--time-limit must not be negative, not %v", bf.timeLimit))
	}
	opt := exact.GapOptions{Seed: bf.seed, Instances: 20, TimeLimit: bf.timeLimit, Jobs: bf.jobs}
	if set["runs"] {
		opt.Instances = bf.runs
	}
	space := strings.TrimSpace(bf.configs)
	if space == "" || space == "4+auto" {
		space = "hyperbolic"
	}
	sp, err := spaceFor(space, "auto")
	if err != nil {
		return cli.Report(stderr, prog, cli.Usagef("--config for the gap preset: hyperbolic (4+auto) or euclidean, not %q", bf.configs))
	}
	opt.Space = sp
	if bf.sizes != "" {
		ns, err := parseSizes(bf.sizes)
		if err != nil {
			return cli.Report(stderr, prog, cli.Usagef("--n: %v", err))
		}
		m := exact.MaxTerminalsIn(sp)
		for _, n := range ns {
			if n < 3 || n > m {
				return cli.Report(stderr, prog, cli.Usagef("--n: the %s exact solver takes 3 to %d terminals, not %d", sp.Name(), m, n))
			}
		}
		opt.Sizes = ns
	}
	total, err := opt.Total()
	if err != nil {
		return cli.Report(stderr, prog, err)
	}
	progress := cli.NewProgress(bf.note(stderr), "gap instances", total)
	opt.Progress = func() { progress.Add(1) }
	rows, err := exact.Gap(opt)
	progress.Done()
	if err != nil {
		return cli.Report(stderr, prog, err)
	}
	w := stdout
	if bf.out != "" {
		f, err := os.Create(bf.out)
		if err != nil {
			return cli.Report(stderr, prog, err)
		}
		defer f.Close()
		w = f
	}
	if bf.format == "md" {
		limit := ""
		if opt.TimeLimit > 0 {
			limit = fmt.Sprintf(", each exact solve stopped after %v (the gaps are over the instances proved optimal)", opt.TimeLimit)
		}
		fmt.Fprintf(w, "Gap of the SLL heuristic (fst 4, auto) to the exact Steiner minimal tree, %s plane, %d instances per row, seed %d%s.\n\n",
			opt.Space.Name(), opt.Instances, bf.seed, limit)
	}
	if err := exact.WriteGapTable(w, rows, bf.format); err != nil {
		return cli.Report(stderr, prog, err)
	}
	if bf.tsv != "" {
		if err := writeFile(bf.tsv, func(w io.Writer) error { return exact.WriteGapTable(w, rows, "tsv") }); err != nil {
			return cli.Report(stderr, prog, err)
		}
	}
	if bf.plot != "" {
		fprintf(bf.note(stderr), "%s: the gap table has no plots; --plot is ignored\n", prog)
	}
	return cli.ExitOK
}

// isGapTSV reports whether the file's first line is the header of a gap
// table (bench --preset gap --format tsv).
func isGapTSV(path string) (bool, error) {
	fh, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer fh.Close()
	line, err := bufio.NewReader(fh).ReadString('\n')
	if err != nil && err != io.EOF {
		return false, err
	}
	return exact.IsGapTSVHeader(strings.TrimSuffix(line, "\n")), nil
}

// rerunGap writes the table of a saved gap TSV (--from) in --format, to
// --out or standard output; the gap table has no plots.
func (f *benchFlags) rerunGap(stdout, note io.Writer) error {
	fh, err := os.Open(f.from)
	if err != nil {
		return cli.Input(err)
	}
	defer fh.Close()
	rows, err := exact.ReadGapTSV(fh)
	if err != nil {
		return cli.Input(fmt.Errorf("%s: %w", f.from, err))
	}
	if f.plot != "" {
		fprintf(note, "hypersteiner bench: the gap table has no plots; --plot is ignored\n")
	}
	table := func(w io.Writer) error {
		if f.format == "md" {
			fmt.Fprintf(w, "*Rows read from %s.*\n\n", filepath.Base(f.from))
		}
		return exact.WriteGapTable(w, rows, f.format)
	}
	if f.out == "" {
		return table(stdout)
	}
	return writeFile(f.out, table)
}
