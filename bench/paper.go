package bench

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// PaperRow is one line of the paper's figures (paper_tables.tsv): a table
// ("centered", "mixture", "uniform", "convergence", …), the distribution
// as the paper writes it, a configuration, and the size. Absent figures
// are NaN.
type PaperRow struct {
	Table, Distribution, Config string
	// N is the number of points; for the convergence table 0, with D,
	// PerGroup (|P|/d) and T read from the distribution and size fields.
	N           int
	D, PerGroup int
	T           float64
	N3, N4      float64
	RED, REDSD  float64
	CPU         float64 // CPU seconds per run, in the paper's Python on one core
	Line        int     // line in the file
}

// PaperFileName is the name of the paper's figures in the shared data
// folder (see internal/shareddata); the file is not part of this module.
const PaperFileName = "paper_tables.tsv"

// ParseError reports a malformed line of the paper's figures.
type ParseError struct {
	Line, Column int // 1-based; Column counts bytes
	Msg          string
}

func (e *ParseError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Column, e.Msg) }

// paperColumns are the header's required names.
var paperColumns = []string{"table", "distribution", "config", "n", "n3", "n4", "red_mean", "red_sd", "cpu_s"}

// ReadPaper parses the paper's figures: tab-separated, '#' comment lines,
// a header naming at least the columns table, distribution, config, n, n3,
// n4, red_mean, red_sd, cpu_s (in any order), then one row per line. A
// size is an integer n, or "t=T" in the convergence table, whose
// distribution reads "d=D |P|/d=M". Empty figures are NaN.
func ReadPaper(r io.Reader) ([]PaperRow, error) {
	var rows []PaperRow
	err := scanTSV(r, paperColumns, func(rec *tsvRecord) error {
		p := PaperRow{Line: rec.line}
		var c int
		p.Table, c = rec.get("table")
		if p.Table == "" {
			return &ParseError{rec.line, c, "empty table name"}
		}
		p.Distribution, _ = rec.get("distribution")
		p.Config, c = rec.get("config")
		if p.Config == "" {
			return &ParseError{rec.line, c, "empty config"}
		}
		size, c := rec.get("n")
		if t, ok := strings.CutPrefix(size, "t="); ok {
			v, err := strconv.ParseFloat(t, 64)
			if err != nil || !(v > 0 && v < 1) {
				return &ParseError{rec.line, c, fmt.Sprintf("size %q: want t=T with 0 < T < 1", size)}
			}
			p.T = v
			var d, per int
			dist, dc := rec.get("distribution")
			if _, err := fmt.Sscanf(dist, "d=%d |P|/d=%d", &d, &per); err != nil || d < 1 || per < 1 {
				return &ParseError{rec.line, dc, fmt.Sprintf("distribution %q: want \"d=D |P|/d=M\" for a size t=T", dist)}
			}
			p.D, p.PerGroup, p.N = d, per, d*per
		} else {
			v, err := strconv.Atoi(size)
			if err != nil || v < 0 {
				return &ParseError{rec.line, c, fmt.Sprintf("size %q is neither a count n ≥ 0 nor t=T", size)}
			}
			p.N = v
		}
		var err error
		for _, f := range []struct {
			name string
			dst  *float64
		}{{"n3", &p.N3}, {"n4", &p.N4}, {"red_mean", &p.RED}, {"red_sd", &p.REDSD}, {"cpu_s", &p.CPU}} {
			if *f.dst, err = rec.num(f.name); err != nil {
				return err
			}
		}
		rows = append(rows, p)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return rows, nil
}

// matches reports whether the paper's row p is the figure of row r.
func (p PaperRow) matches(c Case, cf Config) bool {
	if p.Table != c.Preset || p.Config != cf.Name {
		return false
	}
	if c.PerGroup > 0 || p.PerGroup > 0 {
		return p.D == c.D && p.PerGroup == c.PerGroup && math.Abs(p.T-c.T) < 0.005
	}
	return p.N == c.N
}

// Attach sets Paper on every row the paper has a figure for.
func Attach(rows []Row, paper []PaperRow) {
	for i := range rows {
		rows[i].Paper = nil
		for j := range paper {
			if paper[j].matches(rows[i].Case, rows[i].Config) {
				rows[i].Paper = &paper[j]
				break
			}
		}
	}
}
