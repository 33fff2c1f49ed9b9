package exact

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// gapTSVHeader is the header line of WriteGapTable's "tsv" format, which
// ReadGapTSV reads back.
const gapTSVHeader = "distribution\tn\tinstances\tproved\tgap_mean_pct\tgap_sd_pct\tgap_max_pct\toptimal_pct\treopt_gap_mean_pct\treopt_gap_sd_pct\treopt_gap_max_pct\treopt_optimal_pct\tcert_gap_max_pct\texact_seconds\texact_min_seconds\texact_median_seconds"

// IsGapTSVHeader reports whether line is the header of a gap TSV (a line
// of WriteGapTable's "tsv" format, without its newline).
func IsGapTSVHeader(line string) bool {
	return strings.TrimRight(line, "\r") == gapTSVHeader
}

// GapTSVError locates a bad field of a gap TSV: line and column count
// from 1.
type GapTSVError struct {
	Line, Column int
	Msg          string
}

func (e *GapTSVError) Error() string {
	return fmt.Sprintf("exact: gap TSV line %d, column %d: %s", e.Line, e.Column, e.Msg)
}

// ReadGapTSV reads the rows WriteGapTable wrote in its "tsv" format. The
// counts must be whole and not negative (proved at most instances, n at
// least 3); the gaps may be NaN (a row where no instance was proved) but
// not infinite or negative beyond rounding; the times must be finite and
// not negative.
func ReadGapTSV(r io.Reader) ([]GapRow, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	if !sc.Scan() {
		if err := sc.Err(); err != nil {
			return nil, err
		}
		return nil, &GapTSVError{1, 1, "empty input, want the header line"}
	}
	if !IsGapTSVHeader(sc.Text()) {
		return nil, &GapTSVError{1, 1, "not the header of a gap table (bench --preset gap --format tsv)"}
	}
	var rows []GapRow
	for line := 2; sc.Scan(); line++ {
		text := strings.TrimRight(sc.Text(), "\r")
		if text == "" {
			continue
		}
		f := strings.Split(text, "\t")
		if len(f) != 16 {
			return nil, &GapTSVError{line, min(len(f), 16) + 1, fmt.Sprintf("%d fields, want 16", len(f))}
		}
		row, err := parseGapRow(f, line)
		if err != nil {
			return nil, err
		}
		rows = append(rows, row)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return rows, nil
}

func parseGapRow(f []string, line int) (GapRow, error) {
	var err error
	count := func(col int, lo int) int {
		if err != nil {
			return 0
		}
		v, e := strconv.Atoi(f[col])
		if e != nil || v < lo {
			err = &GapTSVError{line, col + 1, fmt.Sprintf("%q is not a whole number ≥ %d", f[col], lo)}
		}
		return v
	}
	// num parses a float; NaN is allowed when nan is set, negative values
	// only down to −slack (a gap of −0.0000 from rounding).
	num := func(col int, nan bool, slack float64) float64 {
		if err != nil {
			return 0
		}
		v, e := strconv.ParseFloat(f[col], 64)
		switch {
		case e != nil:
			err = &GapTSVError{line, col + 1, fmt.Sprintf("%q is not a number", f[col])}
		case math.IsNaN(v) && !nan:
			err = &GapTSVError{line, col + 1, "NaN where a number is needed"}
		case math.IsInf(v, 0) || v < -slack:
			err = &GapTSVError{line, col + 1, fmt.Sprintf("%q is out of range", f[col])}
		}
		return v
	}
	const gapSlack = 1e-6 // percent: a heuristic tree equal to the optimum up to rounding
	r := GapRow{Distribution: f[0]}
	if strings.TrimSpace(r.Distribution) == "" {
		return r, &GapTSVError{line, 1, "empty distribution"}
	}
	r.N, r.Instances, r.Proved = count(1, 3), count(2, 1), count(3, 0)
	r.Mean, r.SD, r.Max, r.Optimal = num(4, true, gapSlack), num(5, true, 0), num(6, true, gapSlack), num(7, true, 0)
	r.MeanReopt, r.SDReopt, r.MaxReopt, r.OptimalReopt = num(8, true, gapSlack), num(9, true, 0), num(10, true, gapSlack), num(11, true, 0)
	r.MaxCertGap = num(12, true, 0)
	r.ExactSeconds, r.ExactMin, r.ExactMedian = num(13, false, 0), num(14, false, 0), num(15, false, 0)
	if err == nil && r.Proved > r.Instances {
		err = &GapTSVError{line, 4, fmt.Sprintf("%d proved of %d instances", r.Proved, r.Instances)}
	}
	return r, err
}
