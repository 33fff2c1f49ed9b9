package bench

import (
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// PlotFormats are the file extensions Plot writes.
var PlotFormats = []string{".svg", ".png", ".pdf"}

// Plot draws, for each preset of the rows, RED against n with ±sd error
// bars (log n) and the CPU seconds per run against n (log–log), ours as
// solid lines and the paper's dashed in the same colour; for the
// convergence preset, RED against t, one line per (d, |P|/d). The format
// follows prefix's extension (PlotFormats): "out/centered.svg" gives
// out/centered_red.svg and out/centered_cpu.svg, and with several presets
// out/centered_mixture_red.svg and so on. It returns the files written.
func Plot(rows []Row, prefix string) ([]string, error) {
	ext := strings.ToLower(filepath.Ext(prefix))
	ok := false
	for _, f := range PlotFormats {
		ok = ok || ext == f
	}
	if !ok {
		return nil, fmt.Errorf("bench: plot file %q: want an extension among %s", prefix, strings.Join(PlotFormats, ", "))
	}
	base := strings.TrimSuffix(prefix, filepath.Ext(prefix))
	var order []string
	byPreset := map[string][]Row{}
	for _, r := range rows {
		if _, seen := byPreset[r.Case.Preset]; !seen {
			order = append(order, r.Case.Preset)
		}
		byPreset[r.Case.Preset] = append(byPreset[r.Case.Preset], r)
	}
	var files []string
	for _, name := range order {
		stem := base
		if len(order) > 1 {
			stem += "_" + name
		}
		rs := byPreset[name]
		var plots map[string]*figure
		var err error
		if rs[0].Case.PerGroup > 0 {
			plots, err = convergencePlots(name, rs)
		} else {
			plots, err = scalingPlots(name, rs)
		}
		if err != nil {
			return files, err
		}
		for _, kind := range []string{"red", "cpu"} {
			p, ok := plots[kind]
			if !ok {
				continue
			}
			file := stem + "_" + kind + ext
			if err := p.save(file, ext[1:]); err != nil {
				return files, fmt.Errorf("bench: %w", err)
			}
			files = append(files, file)
		}
	}
	return files, nil
}

// figure is a plot with its legend drawn to its right, where it hides no
// data.
type figure struct {
	p      *plot.Plot
	legend plot.Legend
}

func newFigure(title, x, y string) *figure {
	f := &figure{p: plot.New(), legend: plot.NewLegend()}
	f.p.Title.Text, f.p.X.Label.Text, f.p.Y.Label.Text = title, x, y
	f.p.Add(plotter.NewGrid())
	f.legend.Top, f.legend.Left = true, true
	f.legend.TextStyle.Font.Size = vg.Points(8)
	return f
}

// Figure size: the plot, and the legend's column beside it.
const (
	plotWidth   = 15 * vg.Centimeter
	legendWidth = 6 * vg.Centimeter
	plotHeight  = 11 * vg.Centimeter
)

func (f *figure) save(file, format string) error {
	c, err := draw.NewFormattedCanvas(plotWidth+legendWidth, plotHeight, format)
	if err != nil {
		return err
	}
	dc := draw.New(c)
	f.p.Draw(draw.Crop(dc, 0, -legendWidth, 0, 0))
	f.legend.YOffs = -vg.Centimeter
	f.legend.Draw(draw.Crop(dc, plotWidth+vg.Millimeter*3, 0, 0, 0))
	w, err := os.Create(file)
	if err != nil {
		return err
	}
	if _, err := c.WriteTo(w); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

// series is one line of a plot.
type series struct {
	label  string
	xy     plotter.XYs
	errs   plotter.YErrors // nil: no error bars
	paper  bool
	colour int
	shape  int
}

func addSeries(f *figure, s series) error {
	p := f.p
	if len(s.xy) == 0 {
		return nil
	}
	line, points, err := plotter.NewLinePoints(s.xy)
	if err != nil {
		return err
	}
	c := plotutil.Color(s.colour)
	line.Color, points.Color = c, c
	points.Shape = plotutil.Shape(s.shape)
	if s.paper {
		line.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
		line.Color = fade(c)
		points.Color = fade(c)
	}
	p.Add(line, points)
	f.legend.Add(s.label, line, points)
	if s.errs != nil {
		eb, err := plotter.NewYErrorBars(struct {
			plotter.XYs
			plotter.YErrors
		}{s.xy, s.errs})
		if err != nil {
			return err
		}
		eb.Color = line.Color
		p.Add(eb)
	}
	return nil
}

// fade lightens a colour for the paper's series.
func fade(c color.Color) color.Color {
	r, g, b, _ := c.RGBA()
	mix := func(v uint32) uint8 { return uint8((v>>8)/2 + 127) }
	return color.RGBA{mix(r), mix(g), mix(b), 255}
}

func configOrder(rs []Row) []string {
	var names []string
	seen := map[string]bool{}
	for _, r := range rs {
		if !seen[r.Config.Name] {
			seen[r.Config.Name] = true
			names = append(names, r.Config.Name)
		}
	}
	return names
}

// dodge returns the factor that shifts series j of k sideways on a log
// axis, so that error bars at the same n do not hide one another.
func dodge(j, k int) float64 { return math.Pow(10, 0.01*(float64(j)-float64(k-1)/2)) }

func scalingPlots(name string, rs []Row) (map[string]*figure, error) {
	red := newFigure(name+": reduction over the MST", "n (points)", "RED (%), mean ± sd")
	cpu := newFigure(name+": CPU time per run", "n (points)", "seconds per run")
	for _, f := range []*figure{red, cpu} {
		f.p.X.Scale, f.p.X.Tick.Marker = plot.LogScale{}, plot.LogTicks{Prec: -1}
	}
	cpu.p.Y.Scale, cpu.p.Y.Tick.Marker = plot.LogScale{}, plot.LogTicks{Prec: -1}
	cpuPoints := 0
	cfgs := configOrder(rs)
	minN, maxN := math.Inf(1), 0.0
	for i, cf := range cfgs {
		var ours, paper, oursCPU, paperCPU plotter.XYs
		var errs, paperErrs plotter.YErrors
		for _, r := range rs {
			if r.Config.Name != cf || r.Case.N <= 0 {
				continue
			}
			x := float64(r.Case.N)
			minN, maxN = min(minN, x), max(maxN, x)
			ours = append(ours, plotter.XY{X: x * dodge(2*i, 2*len(cfgs)), Y: r.RED.Mean})
			errs = append(errs, struct{ Low, High float64 }{r.RED.SD, r.RED.SD})
			if r.CPU.Mean > 0 {
				oursCPU = append(oursCPU, plotter.XY{X: x, Y: r.CPU.Mean})
			}
			if p := r.Paper; p != nil {
				if !math.IsNaN(p.RED) {
					paper = append(paper, plotter.XY{X: x * dodge(2*i+1, 2*len(cfgs)), Y: p.RED})
					paperErrs = append(paperErrs, struct{ Low, High float64 }{p.REDSD, p.REDSD})
				}
				if p.CPU > 0 {
					paperCPU = append(paperCPU, plotter.XY{X: x, Y: p.CPU})
				}
			}
		}
		cpuPoints += len(oursCPU) + len(paperCPU)
		for _, s := range []struct {
			p *figure
			s series
		}{
			{red, series{cf, ours, errs, false, i, i}},
			{red, series{cf + " (paper)", paper, paperErrs, true, i, i}},
			{cpu, series{cf, oursCPU, nil, false, i, i}},
			{cpu, series{cf + " (paper)", paperCPU, nil, true, i, i}},
		} {
			if err := addSeries(s.p, s.s); err != nil {
				return nil, fmt.Errorf("bench: plot %s: %w", name, err)
			}
		}
	}
	if maxN > 0 { // room for the end ticks' labels and the dodged bars
		for _, f := range []*figure{red, cpu} {
			f.p.X.Min, f.p.X.Max = minN/1.5, maxN*1.5
		}
	}
	out := map[string]*figure{"red": red}
	if cpuPoints > 0 { // a log axis needs positive values
		out["cpu"] = cpu
	}
	return out, nil
}

func convergencePlots(name string, rs []Row) (map[string]*figure, error) {
	red := newFigure(name+": reduction over the MST", "t (Klein radius of the means)", "RED (%), mean ± sd")
	type key struct {
		cf     string
		d, per int
	}
	var keys []key
	seen := map[key]bool{}
	for _, r := range rs {
		k := key{r.Config.Name, r.Case.D, r.Case.PerGroup}
		if !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	// Colour by (d, |P|/d), glyph by configuration; the paper's series
	// (one configuration) dashed in its group's colour.
	type group struct{ d, per int }
	groupIdx, cfgIdx := map[group]int{}, map[string]int{}
	for _, k := range keys {
		if _, ok := groupIdx[group{k.d, k.per}]; !ok {
			groupIdx[group{k.d, k.per}] = len(groupIdx)
		}
		if _, ok := cfgIdx[k.cf]; !ok {
			cfgIdx[k.cf] = len(cfgIdx)
		}
	}
	for _, k := range keys {
		colour, shape := groupIdx[group{k.d, k.per}], cfgIdx[k.cf]
		var ours, paper plotter.XYs
		var errs, paperErrs plotter.YErrors
		for _, r := range rs {
			if (key{r.Config.Name, r.Case.D, r.Case.PerGroup}) != k {
				continue
			}
			ours = append(ours, plotter.XY{X: r.Case.T + 0.002*float64(shape), Y: r.RED.Mean})
			errs = append(errs, struct{ Low, High float64 }{r.RED.SD, r.RED.SD})
			if p := r.Paper; p != nil && !math.IsNaN(p.RED) {
				paper = append(paper, plotter.XY{X: r.Case.T - 0.002, Y: p.RED})
				paperErrs = append(paperErrs, struct{ Low, High float64 }{p.REDSD, p.REDSD})
			}
		}
		label := fmt.Sprintf("%s d=%d |P|/d=%d", k.cf, k.d, k.per)
		if err := addSeries(red, series{label, ours, errs, false, colour, shape}); err != nil {
			return nil, err
		}
		if err := addSeries(red, series{label + " (paper)", paper, paperErrs, true, colour, shape}); err != nil {
			return nil, err
		}
	}
	red.p.X.Min, red.p.X.Max = min(red.p.X.Min, 0.38), max(red.p.X.Max, 1)
	return map[string]*figure{"red": red}, nil
}
