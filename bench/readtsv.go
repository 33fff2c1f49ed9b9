package bench

import (
	"fmt"
	"io"
	"math"
	"strconv"
)

// ReadTSV reads rows written by WriteTSV, so that tables and plots can be
// drawn again from a saved run (the runs' Measurements are not kept). The
// header must name every column of TSVColumns; an error names the line
// and column.
func ReadTSV(r io.Reader) ([]Row, error) {
	var rows []Row
	err := scanTSV(r, TSVColumns, func(rec *tsvRecord) error {
		var err error
		column := func(name string) int { _, c := rec.get(name); return c }
		str := func(name string) string { s, _ := rec.get(name); return s }
		num := func(name string) float64 {
			if err != nil {
				return math.NaN()
			}
			v, e := rec.num(name)
			if e != nil {
				err = e
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
				err = &ParseError{rec.line, column(name), fmt.Sprintf("%s = %q is not a count", name, s)}
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
			err = &ParseError{rec.line, column("config"), cerr.Error()}
		}
		if err == nil && c.Preset == "" {
			err = &ParseError{rec.line, 1, "empty preset"}
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
			return err
		}
		if !math.IsNaN(p.N3) || !math.IsNaN(p.N4) || !math.IsNaN(p.RED) || !math.IsNaN(p.CPU) {
			row.Paper = &p
		}
		rows = append(rows, row)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return rows, nil
}
