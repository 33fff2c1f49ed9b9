package bench

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// ReadTSV reads rows written by WriteTSV, so that tables and plots can be
// drawn again from a saved run (the runs' Measurements are not kept). The
// header must name every column of TSVColumns; an error names the line
// and column.
func ReadTSV(r io.Reader) ([]Row, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	var (
		col  map[string]int
		rows []Row
		line int
	)
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), "\r")
		if text == "" {
			continue
		}
		fields := strings.Split(text, "\t")
		if col == nil {
			col = map[string]int{}
			for i, f := range fields {
				col[f] = i
			}
			for _, name := range TSVColumns {
				if _, ok := col[name]; !ok {
					return nil, &ParseError{line, 1, fmt.Sprintf("header lacks the column %q", name)}
				}
			}
			continue
		}
		var err error
		column := func(name string) int { // 1-based byte column of a field
			c := 1
			for i := 0; i < col[name] && i < len(fields); i++ {
				c += len(fields[i]) + 1
			}
			return c
		}
		str := func(name string) string {
			if i := col[name]; i < len(fields) {
				return fields[i]
			}
			return ""
		}
		num := func(name string) float64 {
			s := str(name)
			if s == "" || err != nil {
				return math.NaN()
			}
			v, e := strconv.ParseFloat(s, 64)
			if e != nil || math.IsInf(v, 0) || math.IsNaN(v) {
				err = &ParseError{line, column(name), fmt.Sprintf("%s = %q is not a finite number", name, s)}
			}
			return v
		}
		integer := func(name string) int {
			s := str(name)
			if s == "" || err != nil {
				return 0
			}
			v, e := strconv.Atoi(s)
			if e != nil || v < 0 {
				err = &ParseError{line, column(name), fmt.Sprintf("%s = %q is not a count", name, s)}
			}
			return v
		}
		row := Row{Runs: integer("runs"), Points: integer("points")}
		c := Case{Preset: str("preset"), N: integer("n"), D: integer("d"), PerGroup: integer("per_group")}
		if t := num("t"); !math.IsNaN(t) {
			c.T = t
		}
		sigma := num("sigma")
		cfg, cerr := ParseConfig(str("config"))
		if err == nil && cerr != nil {
			err = &ParseError{line, column("config"), cerr.Error()}
		}
		if err == nil && c.Preset == "" {
			err = &ParseError{line, 1, "empty preset"}
		}
		switch {
		case c.D > 0:
			c.Dist, c.Sigma = Mixture, sigma
		case c.Preset == "uniform":
			c.Dist = Uniform
		default:
			c.Dist, c.Sigma, c.EuclideanSigma = Gaussian, sigma, sigma
			if p, e := LookupPreset(c.Preset); e == nil && p.Name == "centered" {
				c.Sigma, c.EuclideanSigma = CenteredSigma, EuclideanSigma
			}
		}
		row.Case, row.Config = c, cfg
		row.N3 = Summary{num("n3"), num("n3_sd")}
		row.N4 = Summary{num("n4"), num("n4_sd")}
		row.RED = Summary{num("red_mean"), num("red_sd")}
		row.CPU = Summary{num("cpu_s"), num("cpu_sd")}
		row.Wall = Summary{num("wall_s"), math.NaN()}
		row.FermatSolves, row.FermatFailed = num("fermat_solves"), num("fermat_failed")
		row.FermatUndecided, row.FST4Unconverged = num("fermat_undecided"), num("fst4_unconverged")
		row.SteinerPoints, row.CertifiedRate = num("steiner_points"), num("certified_rate")
		row.Wide120, row.MaxDeviation = num("wide120_share"), num("steiner_angle_dev_deg")
		p := PaperRow{Table: c.Preset, Config: cfg.Name, N: c.N, D: c.D, PerGroup: c.PerGroup, T: c.T,
			N3: num("paper_n3"), N4: num("paper_n4"), RED: num("paper_red_mean"), REDSD: num("paper_red_sd"), CPU: num("paper_cpu_s")}
		if err != nil {
			return nil, err
		}
		if !math.IsNaN(p.N3) || !math.IsNaN(p.N4) || !math.IsNaN(p.RED) || !math.IsNaN(p.CPU) {
			row.Paper = &p
		}
		rows = append(rows, row)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %w", line+1, err)
	}
	if col == nil {
		return nil, &ParseError{line + 1, 1, "no header line"}
	}
	return rows, nil
}
