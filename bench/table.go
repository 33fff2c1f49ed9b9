package bench

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// TSVColumns are the columns WriteTSV writes, in order.
var TSVColumns = []string{
	"preset", "n", "points", "d", "t", "per_group", "sigma", "config", "runs",
	"n3", "n3_sd", "n4", "n4_sd", "red_mean", "red_sd", "cpu_s", "cpu_sd", "wall_s",
	"fermat_solves", "fermat_failed", "fermat_undecided", "fst4_unconverged",
	"steiner_points", "certified_rate", "wide120_share", "steiner_angle_dev_deg",
	"paper_n3", "paper_n4", "paper_red_mean", "paper_red_sd", "paper_cpu_s",
}

// num formats a figure with 6 significant digits; NaN is an empty field.
func num(x float64) string {
	if math.IsNaN(x) {
		return ""
	}
	return strconv.FormatFloat(x, 'g', 6, 64)
}

// WriteTSV writes a header and one tab-separated line per row (columns
// TSVColumns; counters are means per run; an absent value is empty).
func WriteTSV(w io.Writer, rows []Row) error {
	if _, err := fmt.Fprintln(w, strings.Join(TSVColumns, "\t")); err != nil {
		return err
	}
	for _, r := range rows {
		c := r.Case
		p := PaperRow{N3: math.NaN(), N4: math.NaN(), RED: math.NaN(), REDSD: math.NaN(), CPU: math.NaN()}
		if r.Paper != nil {
			p = *r.Paper
		}
		d, t, per, sigma := "", "", "", ""
		if c.Dist == Mixture {
			d, t = strconv.Itoa(c.D), num(c.T)
		}
		if c.PerGroup > 0 {
			per = strconv.Itoa(c.PerGroup)
		}
		if c.Dist != Uniform {
			sigma = num(c.Sigma)
			if r.Config.Euclidean && c.Dist == Gaussian {
				sigma = num(c.EuclideanSigma)
			}
		}
		f := []string{
			c.Preset, strconv.Itoa(c.N), strconv.Itoa(r.Points), d, t, per, sigma, r.Config.Name, strconv.Itoa(r.Runs),
			num(r.N3.Mean), num(r.N3.SD), num(r.N4.Mean), num(r.N4.SD), num(r.RED.Mean), num(r.RED.SD),
			num(r.CPU.Mean), num(r.CPU.SD), num(r.Wall.Mean),
			num(r.FermatSolves), num(r.FermatFailed), num(r.FermatUndecided), num(r.FST4Unconverged),
			num(r.SteinerPoints), num(r.CertifiedRate), num(r.Wide120), num(r.MaxDeviation),
			num(p.N3), num(p.N4), num(p.RED), num(p.REDSD), num(p.CPU),
		}
		if _, err := fmt.Fprintln(w, strings.Join(f, "\t")); err != nil {
			return err
		}
	}
	return nil
}

// WriteMarkdown writes one table per preset, rows grouped by
// configuration as in the paper's appendix. A figure of ours is followed
// by the paper's in parentheses where the paper has one.
func WriteMarkdown(w io.Writer, rows []Row) error {
	var order []string
	byPreset := map[string][]Row{}
	for _, r := range rows {
		if _, ok := byPreset[r.Case.Preset]; !ok {
			order = append(order, r.Case.Preset)
		}
		byPreset[r.Case.Preset] = append(byPreset[r.Case.Preset], r)
	}
	var b strings.Builder
	for i, name := range order {
		if i > 0 {
			b.WriteString("\n")
		}
		rs := byPreset[name]
		desc := name
		if p, err := LookupPreset(name); err == nil {
			desc = p.Description
		}
		fmt.Fprintf(&b, "### %s — %s\n\n", name, desc)
		conv := rs[0].Case.PerGroup > 0
		if conv {
			b.WriteString("| config | d | \\|P\\|/d | σ | t | #3 | #4 | RED % | CPU s | failed / solves | terminals ∠ ≥ 120° | max \\|θ − 120°\\| at Steiner pts | certified |\n")
			b.WriteString("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
		} else {
			b.WriteString("| config | n | #3 | #4 | RED % | CPU s | failed / solves | terminals ∠ ≥ 120° | max \\|θ − 120°\\| at Steiner pts | certified |\n")
			b.WriteString("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
		}
		// Group by configuration, keeping the order of first appearance.
		var cfgs []string
		seen := map[string]bool{}
		for _, r := range rs {
			if !seen[r.Config.Name] {
				seen[r.Config.Name] = true
				cfgs = append(cfgs, r.Config.Name)
			}
		}
		for _, cf := range cfgs {
			for _, r := range rs {
				if r.Config.Name != cf {
					continue
				}
				var p *PaperRow = r.Paper
				paper := func(f func(PaperRow) float64, prec int) string {
					if p == nil || math.IsNaN(f(*p)) {
						return ""
					}
					return fmt.Sprintf(" *(%.*f)*", prec, f(*p))
				}
				redPaper := ""
				if p != nil && !math.IsNaN(p.RED) {
					redPaper = fmt.Sprintf(" *(%.2f ± %.2f)*", p.RED, p.REDSD)
				}
				cells := []string{"`" + cf + "`"}
				if conv {
					cells = append(cells, strconv.Itoa(r.Case.D), strconv.Itoa(r.Case.PerGroup),
						strconv.FormatFloat(r.Case.Sigma, 'g', -1, 64), fmt.Sprintf("%.2f", r.Case.T))
				} else {
					n := strconv.Itoa(r.Case.N)
					if r.Points != r.Case.N {
						n += fmt.Sprintf(" (%d pts)", r.Points)
					}
					cells = append(cells, n)
				}
				cells = append(cells,
					fmt.Sprintf("%.2f", r.N3.Mean)+paper(func(p PaperRow) float64 { return p.N3 }, 2),
					fmt.Sprintf("%.2f", r.N4.Mean)+paper(func(p PaperRow) float64 { return p.N4 }, 2),
					fmt.Sprintf("%.2f ± %.2f", r.RED.Mean, r.RED.SD)+redPaper,
					fmtSeconds(r.CPU.Mean)+paper(func(p PaperRow) float64 { return p.CPU }, 2),
					fmt.Sprintf("%.2f / %.0f", r.FermatFailed+r.FermatUndecided, r.FermatSolves),
					pct(r.Wide120),
					fmt.Sprintf("%.1e°", r.MaxDeviation),
					pct(r.CertifiedRate),
				)
				b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// fmtSeconds prints seconds with three significant digits, plainly.
func fmtSeconds(s float64) string {
	switch {
	case math.IsNaN(s):
		return ""
	case s >= 100:
		return fmt.Sprintf("%.0f", s)
	case s >= 0.001:
		return strconv.FormatFloat(s, 'f', max(0, 2-int(math.Floor(math.Log10(s)))), 64)
	}
	return fmt.Sprintf("%.2g", s)
}

func pct(x float64) string {
	if math.IsNaN(x) {
		return "—"
	}
	return fmt.Sprintf("%.1f %%", 100*x)
}
