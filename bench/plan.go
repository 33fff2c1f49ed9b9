package bench

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/hypersteiner/hypersteiner/internal/shareddata"
)

// What 'hypersteiner bench' runs and writes: the plan of its presets and
// configurations, its input files and its tables.

// ParseSizes parses a comma-separated list of positive integers ("50,
// 100"), naming the first item that is none.
func ParseSizes(s string) ([]int, error) {
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

// ResolveConfigs parses a comma-separated list of configurations and
// resolves each one's strategy now (Config.Space), so that a name this
// build does not register is an error before anything runs.
func ResolveConfigs(list string) ([]Config, error) {
	cs, err := ParseConfigs(list)
	if err != nil {
		return nil, err
	}
	for _, c := range cs {
		if _, err := c.Space(); err != nil {
			return nil, err
		}
	}
	return cs, nil
}

// LookupPresets returns the presets of a comma-separated list of names,
// or every preset for "all".
func LookupPresets(list string) ([]Preset, error) {
	if list == "all" {
		return Presets(), nil
	}
	var ps []Preset
	for _, name := range strings.Split(list, ",") {
		p, err := LookupPreset(strings.TrimSpace(name))
		if err != nil {
			return nil, err
		}
		ps = append(ps, p)
	}
	return ps, nil
}

// Plan is a run of several presets: per preset its cases and
// configurations, for Run.
type Plan struct {
	Parts []PlanPart
	// Skipped lists the presets' own configurations that name a Fermat
	// strategy this build does not register (Config.Available).
	Skipped []Config
}

// PlanPart is a preset's share of a Plan.
type PlanPart struct {
	Cases   []Case
	Configs []Config
}

// NewPlan plans the presets at sizes (nil: each preset's own) with the
// configurations configs, or with each preset's own available ones when
// configs is nil.
func NewPlan(presets []Preset, sizes []int, configs []Config) (*Plan, error) {
	plan := &Plan{}
	for _, p := range presets {
		cfgs := configs
		if cfgs == nil {
			for _, name := range p.Configs {
				c, err := ParseConfig(name)
				if err != nil {
					return nil, fmt.Errorf("bench: preset %s: %w", p.Name, err)
				}
				if !c.Available() {
					plan.Skipped = append(plan.Skipped, c)
					continue
				}
				cfgs = append(cfgs, c)
			}
		}
		plan.Parts = append(plan.Parts, PlanPart{p.Cases(sizes), cfgs})
	}
	return plan, nil
}

// Runs counts the runs of the plan at runs runs per row.
func (p *Plan) Runs(runs int) int {
	n := 0
	for _, pt := range p.Parts {
		n += len(pt.Cases) * len(pt.Configs) * runs
	}
	return n
}

// Run runs every part (the package's Run) and returns all rows, in order.
func (p *Plan) Run(opt Options) ([]Row, error) {
	var rows []Row
	for _, pt := range p.Parts {
		rs, err := Run(pt.Cases, pt.Configs, opt)
		if err != nil {
			return nil, err
		}
		rows = append(rows, rs...)
	}
	return rows, nil
}

// RunPreamble is the line a Markdown table of a run opens with: the
// run's settings, the machine, the time it took, and what the columns
// measure.
func RunPreamble(opt Options, elapsed time.Duration, withPaper bool) string {
	return fmt.Sprintf("*%d runs per row, seed %d, %d jobs on %d CPUs (%s, %s/%s), %s in all. "+
		"CPU s: CPU time of sll.Build per run (one worker, its thread's clock on Linux, else wall time). %s; "+
		"failed / solves: Fermat solves per run that failed or stayed undecided / all.*\n\n",
		opt.Runs, opt.Seed, opt.Jobs, runtime.NumCPU(), runtime.Version(), runtime.GOOS, runtime.GOARCH, elapsed.Round(time.Millisecond), paperNote(withPaper))
}

// FilePreamble is the line a Markdown table of rows read from file (an
// earlier TSV output) opens with.
func FilePreamble(file string, withPaper bool) string {
	return fmt.Sprintf("*Rows read from %s. CPU s: CPU time of sll.Build per run. %s; "+
		"failed / solves: Fermat solves per run that failed or stayed undecided / all.*\n\n", filepath.Base(file), paperNote(withPaper))
}

// paperNote is a preamble's word on the paper's figures.
func paperNote(withPaper bool) string {
	if !withPaper {
		return "Without the paper's figures"
	}
	return "The paper's figures in parentheses"
}

// WriteTable writes rows as format "tsv" (WriteTSV) or "md" (preamble,
// then WriteMarkdown).
func WriteTable(w io.Writer, rows []Row, format, preamble string) error {
	if format == "tsv" {
		return WriteTSV(w, rows)
	}
	if _, err := io.WriteString(w, preamble); err != nil {
		return err
	}
	return WriteMarkdown(w, rows)
}

// ReadTSVFile reads the rows of a TSV file WriteTSV wrote; errors name
// the file and the place in it.
func ReadTSVFile(path string) ([]Row, error) { return readFile(path, ReadTSV) }

// LoadPaper reads the paper's figures (ReadPaper) from path: "" looks for
// PaperFileName in the shared data folder (internal/shareddata) and
// returns nil when there is none; "none" returns nil.
func LoadPaper(path string) ([]PaperRow, error) {
	switch path {
	case "none":
		return nil, nil
	case "":
		dir, ok := shareddata.Dir()
		if !ok {
			return nil, nil
		}
		path = filepath.Join(dir, PaperFileName)
		if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
			return nil, nil
		}
	}
	return readFile(path, ReadPaper)
}

// readFile reads the file path with read, whose errors ("LINE:COL: …")
// then name the file.
func readFile[T any](path string, read func(io.Reader) (T, error)) (T, error) {
	f, err := os.Open(path)
	if err != nil {
		var zero T
		return zero, err
	}
	defer f.Close()
	v, err := read(f)
	if err != nil {
		return v, fmt.Errorf("%s:%w", path, err)
	}
	return v, nil
}
