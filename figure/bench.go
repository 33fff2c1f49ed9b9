package figure

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/hypersteiner/hypersteiner/bench"
)

// Named is one of Bench's figures: its preset and kind ("red" or "cpu").
type Named struct {
	Preset, Kind string
	Figure       *Figure
}

// Bench returns the figures of benchmark rows, per preset in the order
// the rows first name them:
//
//   - a scaling preset (one row per n and configuration) gets "red":
//     small multiples of RED against n (log scale), one panel per
//     configuration with ours and the paper's, mean ± sd, on one y scale;
//     and "cpu": the CPU seconds per run against n, log–log, ours and the
//     paper's in two panels on one y scale;
//   - the convergence preset gets "red": RED against t, one panel per
//     (d, |P|/d), every configuration and the paper's, mean ± sd.
//
// The paper's series are dashed, paler and hollow, beside ours.
func Bench(rows []bench.Row) ([]Named, error) {
	if len(rows) == 0 {
		return nil, fmt.Errorf("figure: no benchmark rows to draw")
	}
	var order []string
	byPreset := map[string][]bench.Row{}
	for _, r := range rows {
		if _, seen := byPreset[r.Case.Preset]; !seen {
			order = append(order, r.Case.Preset)
		}
		byPreset[r.Case.Preset] = append(byPreset[r.Case.Preset], r)
	}
	var out []Named
	for _, name := range order {
		rs := byPreset[name]
		if rs[0].Case.PerGroup > 0 {
			out = append(out, Named{name, "red", convergenceRED(name, rs)})
			continue
		}
		out = append(out, Named{name, "red", scalingRED(name, rs)})
		if cpu := scalingCPU(name, rs); cpu != nil {
			out = append(out, Named{name, "cpu", cpu})
		}
	}
	return out, nil
}

// WriteBench writes Bench's figures as SVG files named after prefix,
// which must end in .svg: "out/c.svg" gives out/c_red.svg and
// out/c_cpu.svg, and with several presets out/c_centered_red.svg and so
// on. It returns the files written.
func WriteBench(rows []bench.Row, prefix string) ([]string, error) {
	if !strings.EqualFold(filepath.Ext(prefix), ".svg") {
		return nil, fmt.Errorf("figure: plot file %q: want a name ending in .svg", prefix)
	}
	figs, err := Bench(rows)
	if err != nil {
		return nil, err
	}
	presets := map[string]bool{}
	for _, f := range figs {
		presets[f.Preset] = true
	}
	base := strings.TrimSuffix(prefix, filepath.Ext(prefix))
	var files []string
	for _, f := range figs {
		stem := base
		if len(presets) > 1 {
			stem += "_" + f.Preset
		}
		file := stem + "_" + f.Kind + ".svg"
		if err := writeFile(file, f.Figure); err != nil {
			return files, err
		}
		files = append(files, file)
	}
	return files, nil
}

func writeFile(path string, f *Figure) error {
	w, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := f.WriteSVG(w); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

// configOrder lists the configurations in the order the rows name them.
func configOrder(rs []bench.Row) []string {
	var names []string
	for _, r := range rs {
		if !slices.Contains(names, r.Config.Name) {
			names = append(names, r.Config.Name)
		}
	}
	return names
}

// configStyle gives a configuration the same colour and marker in every
// figure: its place among the presets' default configurations, then
// after them for others.
func configStyle(name string) Style {
	var known []string
	for _, p := range bench.PresetNames() {
		pr, err := bench.LookupPreset(p)
		if err != nil {
			continue
		}
		for _, c := range pr.Configs {
			if !slices.Contains(known, c) {
				known = append(known, c)
			}
		}
	}
	i := slices.Index(known, name)
	if i < 0 {
		h := 0
		for _, r := range name {
			h = 31*h + int(r)
		}
		i = len(known) + h%7
	}
	return Style{Colour: Colour(i), Marker: MarkerFor(i)}
}

// runsNote says how many runs each mean is over, when all rows agree.
func runsNote(rs []bench.Row) string {
	for _, r := range rs {
		if r.Runs != rs[0].Runs {
			return ""
		}
	}
	if rs[0].Runs == 1 {
		return ", 1 run"
	}
	return fmt.Sprintf(", mean ± sd over %d runs", rs[0].Runs)
}

// sizeLabel prints n compactly for a log axis: 50, 500, 1k, 10k.
func sizeLabel(n float64) string {
	if n >= 1000 && math.Mod(n, 1000) == 0 {
		return strconv.FormatFloat(n/1000, 'f', -1, 64) + "k"
	}
	return strconv.FormatFloat(n, 'f', -1, 64)
}

// sizeAxis is the log n axis with a tick at each n of the rows.
func sizeAxis(rs []bench.Row) Axis {
	var ns []float64
	for _, r := range rs {
		if n := float64(r.Case.N); n > 0 && !slices.Contains(ns, n) {
			ns = append(ns, n)
		}
	}
	slices.Sort(ns)
	a := Axis{Label: "n (points)", Log: true, Ticks: ns, Format: sizeLabel}
	if len(ns) > 0 {
		a.Min, a.Max = ns[0]/1.5, ns[len(ns)-1]*1.5
	}
	return a
}

func scalingRED(name string, rs []bench.Row) *Figure {
	cfgs := configOrder(rs)
	fig := &Figure{Title: name + ": reduction over the MST" + runsNote(rs), ShareY: true,
		Cols: min(3, len(cfgs)), PanelWidth: 300, PanelHeight: 250}
	for _, cf := range cfgs {
		st := configStyle(cf)
		ours := Series{Label: "ours", Style: Style{Colour: st.Colour, Marker: st.Marker, Shift: -2.5}}
		paper := Series{Label: "paper", Behind: true, Style: Style{Colour: Fade(st.Colour), Marker: st.Marker, Hollow: true, Dashed: true, Shift: 2.5}}
		for _, r := range rs {
			if r.Config.Name != cf || r.Case.N <= 0 {
				continue
			}
			x := float64(r.Case.N)
			ours.X, ours.Y, ours.Err = append(ours.X, x), append(ours.Y, r.RED.Mean), append(ours.Err, r.RED.SD)
			if p := r.Paper; p != nil && !math.IsNaN(p.RED) {
				paper.X, paper.Y, paper.Err = append(paper.X, x), append(paper.Y, p.RED), append(paper.Err, p.REDSD)
			}
		}
		series := []Series{ours}
		if len(paper.X) > 0 {
			series = append(series, paper)
		}
		fig.Panels = append(fig.Panels, &Panel{Title: cf, X: sizeAxis(rs), Y: Axis{Label: "RED (%)"}, Series: series})
	}
	return fig
}

// scalingCPU returns nil when no row has a positive CPU time.
func scalingCPU(name string, rs []bench.Row) *Figure {
	cfgs := configOrder(rs)
	ours := &Panel{Title: "this implementation (Go, one core)", X: sizeAxis(rs), Y: Axis{Label: "CPU seconds per run", Log: true}}
	paper := &Panel{Title: "paper (Python, one core)", X: sizeAxis(rs), Y: Axis{Label: "CPU seconds per run", Log: true}}
	for _, cf := range cfgs {
		st := configStyle(cf)
		o, p := Series{Label: cf, Style: st}, Series{Label: cf, Style: st}
		for _, r := range rs {
			if r.Config.Name != cf || r.Case.N <= 0 {
				continue
			}
			x := float64(r.Case.N)
			if r.CPU.Mean > 0 {
				o.X, o.Y = append(o.X, x), append(o.Y, r.CPU.Mean)
			}
			if r.Paper != nil && r.Paper.CPU > 0 {
				p.X, p.Y = append(p.X, x), append(p.Y, r.Paper.CPU)
			}
		}
		if len(o.X) > 0 {
			ours.Series = append(ours.Series, o)
		}
		if len(p.X) > 0 {
			paper.Series = append(paper.Series, p)
		}
	}
	fig := &Figure{Title: name + ": CPU time per run", ShareY: true, PanelWidth: 420, PanelHeight: 360}
	for _, p := range []*Panel{ours, paper} {
		if len(p.Series) > 0 {
			fig.Panels = append(fig.Panels, p)
		}
	}
	if len(fig.Panels) == 0 {
		return nil
	}
	return fig
}

func convergenceRED(name string, rs []bench.Row) *Figure {
	type group struct {
		d, per int
		sigma  float64
	}
	var groups []group
	for _, r := range rs {
		g := group{r.Case.D, r.Case.PerGroup, r.Case.Sigma}
		if !slices.Contains(groups, g) {
			groups = append(groups, g)
		}
	}
	cfgs := configOrder(rs)
	fig := &Figure{Title: name + ": reduction over the MST against t" + runsNote(rs),
		Cols: min(2, len(groups)), PanelWidth: 420, PanelHeight: 300}
	for _, g := range groups {
		panel := &Panel{Title: fmt.Sprintf("d = %d, |P|/d = %d, σ = %g", g.d, g.per, g.sigma),
			X: Axis{Label: "t (Klein radius of the means)"}, Y: Axis{Label: "RED (%)"}}
		var papers []Series
		for i, cf := range cfgs {
			shift := 3.5 * (float64(i) - float64(len(cfgs)-1)/2)
			st := configStyle(cf)
			ours := Series{Label: cf, Style: Style{Colour: st.Colour, Marker: st.Marker, Shift: shift}}
			paper := Series{Label: "paper (" + cf + ")", Behind: true, Style: Style{Colour: Fade(st.Colour), Marker: st.Marker, Hollow: true, Dashed: true, Shift: shift + 1.75}}
			for _, r := range rs {
				if r.Config.Name != cf || (group{r.Case.D, r.Case.PerGroup, r.Case.Sigma}) != g {
					continue
				}
				ours.X, ours.Y, ours.Err = append(ours.X, r.Case.T), append(ours.Y, r.RED.Mean), append(ours.Err, r.RED.SD)
				if p := r.Paper; p != nil && !math.IsNaN(p.RED) {
					paper.X, paper.Y, paper.Err = append(paper.X, r.Case.T), append(paper.Y, p.RED), append(paper.Err, p.REDSD)
				}
			}
			if len(ours.X) > 0 {
				panel.Series = append(panel.Series, ours)
			}
			if len(paper.X) > 0 {
				papers = append(papers, paper)
			}
		}
		panel.Series = append(panel.Series, papers...)
		fig.Panels = append(fig.Panels, panel)
	}
	return fig
}
