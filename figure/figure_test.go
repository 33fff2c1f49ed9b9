package figure

import (
	"bytes"
	"flag"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/bench"
	"github.com/hypersteiner/hypersteiner/hierarchy"
	"github.com/hypersteiner/hypersteiner/internal/svg/svgtest"
)

var gallery = flag.String("gallery", "", "write the test figures to this folder, to look at (e.g. after rsvg-convert to PNG)")

// panelView is what a test reads back of one drawn panel.
type panelView struct {
	frame  [4]float64 // x0, y0, x1, y1
	data   []svgtest.Element
	yTicks []string
}

// readFigure parses a written figure and checks what every figure must
// satisfy: it is XML; every mark of the data (line vertices, markers,
// error bars, bands) lies inside its panel's frame; every text lies
// inside the picture and outside every frame.
func readFigure(t *testing.T, b []byte) ([]svgtest.Element, []panelView) {
	t.Helper()
	els, err := svgtest.Parse(b)
	require.NoError(t, err, "the figure parses as XML")
	width, err := els[0].Float("width")
	require.NoError(t, err)
	height, err := els[0].Float("height")
	require.NoError(t, err)
	var panels []panelView
	var data []svgtest.Element
	for _, e := range els {
		switch {
		case e.Parent == "data":
			data = append(data, e)
		case e.Attrs["class"] == "frame":
			var f [4]float64
			for i, a := range []string{"x", "y", "width", "height"} {
				f[i], err = e.Float(a)
				require.NoError(t, err)
			}
			f[2] += f[0]
			f[3] += f[1]
			panels = append(panels, panelView{frame: f, data: data})
			data = nil
		case e.Attrs["class"] == "tick" && e.Attrs["text-anchor"] == "end":
			panels[len(panels)-1].yTicks = append(panels[len(panels)-1].yTicks, e.Text)
		}
	}
	require.NotEmpty(t, panels)
	const eps = 0.011 // coordinates are printed to 0.01
	for i, p := range panels {
		inside := func(what string, pts [][2]float64) {
			for _, q := range pts {
				assert.True(t, q[0] >= p.frame[0]-eps && q[0] <= p.frame[2]+eps && q[1] >= p.frame[1]-eps && q[1] <= p.frame[3]+eps,
					"panel %d: %s point %v outside the frame %v", i, what, q, p.frame)
			}
		}
		for _, e := range p.data {
			switch e.Name {
			case "path":
				pts, _, err := svgtest.PathPoints(e.Attrs["d"])
				require.NoError(t, err)
				inside(e.Attrs["class"], pts)
			case "polygon":
				pts, err := svgtest.Points(e.Attrs["points"])
				require.NoError(t, err)
				if e.Attrs["class"] == "marker" { // its centre
					var c [2]float64
					for _, q := range pts {
						c[0] += q[0] / float64(len(pts))
						c[1] += q[1] / float64(len(pts))
					}
					pts = [][2]float64{c}
				}
				inside(e.Attrs["class"], pts)
			case "circle":
				x, err := e.Float("cx")
				require.NoError(t, err)
				y, err := e.Float("cy")
				require.NoError(t, err)
				inside("marker", [][2]float64{{x, y}})
			}
		}
	}
	for _, e := range els {
		if e.Name != "text" {
			continue
		}
		x0, y0, x1, y1, err := svgtest.TextBox(e)
		require.NoError(t, err)
		assert.True(t, x0 >= 0 && x1 <= width && y0 >= 0 && y1 <= height, "%q %v inside the %g × %g picture", e.Text, [4]float64{x0, y0, x1, y1}, width, height)
		for i, p := range panels {
			overlap := x0 < p.frame[2]-1 && x1 > p.frame[0]+1 && y0 < p.frame[3]-1 && y1 > p.frame[1]+1
			assert.False(t, overlap, "%q %v over the frame of panel %d %v", e.Text, [4]float64{x0, y0, x1, y1}, i, p.frame)
		}
	}
	return els, panels
}

func texts(els []svgtest.Element, class string) []string {
	var out []string
	for _, e := range svgtest.ByClass(els, class) {
		out = append(out, e.Text)
	}
	return out
}

func render(t *testing.T, f *Figure, name string) []byte {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, f.WriteSVG(&b))
	if *gallery != "" {
		require.NoError(t, os.WriteFile(filepath.Join(*gallery, name+".svg"), b.Bytes(), 0o644))
	}
	return b.Bytes()
}

// scalingRows are rows of a scaling preset: three configurations, the
// paper's figures for two, sizes 50 to 10⁴.
func scalingRows() []bench.Row {
	var rows []bench.Row
	for c, cf := range []string{"euclidean", "4+simple", "4+auto"} {
		for k, n := range []int{50, 100, 500, 1000, 5000, 10000} {
			red := 2.4 + 0.05*float64(k) + 0.1*float64(c)
			r := bench.Row{Case: bench.Case{Preset: "centered", N: n}, Config: bench.Config{Name: cf}, Runs: 100,
				RED: bench.Summary{Mean: red, SD: 0.6 / math.Sqrt(float64(k+1))},
				CPU: bench.Summary{Mean: 3e-6 * float64(n) * float64(c+1)}}
			if cf != "4+auto" {
				r.Paper = &bench.PaperRow{RED: red - 0.04, REDSD: 0.5 / math.Sqrt(float64(k+1)), CPU: 0.003 * float64(n)}
			}
			rows = append(rows, r)
		}
	}
	return rows
}

// convergenceRows are rows of the convergence preset: two groups, two
// configurations, the paper's for one.
func convergenceRows() []bench.Row {
	var rows []bench.Row
	for _, g := range [][2]int{{3, 1}, {4, 30}} {
		for _, cf := range []string{"4+precise", "4+auto"} {
			for k, tt := range []float64{0.4, 0.6, 0.8, 0.9, 0.95, 0.98} {
				r := bench.Row{Case: bench.Case{Preset: "convergence", N: g[0] * g[1], D: g[0], PerGroup: g[1], T: tt, Sigma: 0.15},
					Config: bench.Config{Name: cf}, Runs: 100, RED: bench.Summary{Mean: 10 + float64(k), SD: 0.3 * float64(k)}}
				if cf == "4+precise" {
					r.Paper = &bench.PaperRow{RED: 10.1 + float64(k), REDSD: 0.25 * float64(k)}
				}
				rows = append(rows, r)
			}
		}
	}
	return rows
}

func sweepSummaries() []hierarchy.Summary {
	var sums []hierarchy.Summary
	for _, m := range []string{"hypersteiner", "mst", "nj"} {
		for k, p := range []float64{95, 90, 85, 80, 75} {
			cpu := map[string]float64{"hypersteiner": 0.02, "mst": 0.001, "nj": 0.2}[m] * float64(k+1)
			sums = append(sums, hierarchy.Summary{Method: m, Missing: p, Points: 1000 * (k + 1), Runs: 10,
				ErrorMean: 0.18 - 0.002*float64(k), ErrorSD: 0.015, CPUMean: cpu, CPUSD: 1.5 * cpu})
		}
	}
	return sums
}

func TestBenchFigures(t *testing.T) {
	figs, err := Bench(append(scalingRows(), convergenceRows()...))
	require.NoError(t, err)
	var kinds []string
	for _, f := range figs {
		kinds = append(kinds, f.Preset+"/"+f.Kind)
	}
	assert.Equal(t, []string{"centered/red", "centered/cpu", "convergence/red"}, kinds)

	// RED: one panel per configuration, ours with the paper's where it
	// has figures, six points each, on one y scale.
	els, panels := readFigure(t, render(t, figs[0].Figure, "bench_red"))
	require.Len(t, panels, 3)
	assert.Equal(t, []string{"euclidean", "4+simple", "4+auto"}, texts(els, "panel-title"))
	assert.Equal(t, []string{"ours", "paper", "ours", "paper", "ours"}, texts(els, "legend"))
	for i, p := range panels {
		markers := 0
		for _, e := range p.data {
			if e.Attrs["class"] == "marker" {
				markers++
			}
		}
		assert.Equal(t, map[int]int{0: 12, 1: 12, 2: 6}[i], markers, "panel %d", i)
		assert.Equal(t, panels[0].yTicks, p.yTicks, "one y scale")
		assert.Equal(t, panels[0].frame[3]-panels[0].frame[1], p.frame[3]-p.frame[1], "frames of one height")
	}
	assert.Contains(t, texts(els, "title"), "centered: reduction over the MST, mean ± sd over 100 runs")
	assert.Subset(t, texts(els, "tick"), []string{"50", "100", "500", "1k", "5k", "10k"})

	// CPU: ours and the paper's, log–log, one y scale.
	els, panels = readFigure(t, render(t, figs[1].Figure, "bench_cpu"))
	require.Len(t, panels, 2)
	assert.Equal(t, panels[0].yTicks, panels[1].yTicks)
	assert.Equal(t, []string{"euclidean", "4+simple", "4+auto", "euclidean", "4+simple"}, texts(els, "legend"))
	assert.Subset(t, panels[0].yTicks, []string{"10⁻³", "10⁻²", "10⁻¹", "10⁰", "10¹"})

	// Convergence: a panel per (d, |P|/d), each with its own y range.
	els, panels = readFigure(t, render(t, figs[2].Figure, "bench_convergence"))
	require.Len(t, panels, 2)
	assert.Equal(t, []string{"d = 3, |P|/d = 1, σ = 0.15", "d = 4, |P|/d = 30, σ = 0.15"}, texts(els, "panel-title"))
	assert.Equal(t, 2*3, strings.Count(strings.Join(texts(els, "legend"), "|"), "4+"), "two configurations and the paper's, twice")
}

// The same configuration has the same colour in every figure, whatever
// the others.
func TestConfigStyle(t *testing.T) {
	assert.Equal(t, configStyle("4+auto"), configStyle("4+auto"))
	assert.NotEqual(t, configStyle("4+auto").Colour, configStyle("4+simple").Colour)
	names := map[string]bool{}
	for _, p := range bench.PresetNames() {
		pr, err := bench.LookupPreset(p)
		require.NoError(t, err)
		for _, c := range pr.Configs {
			names[c] = true
		}
	}
	colours := map[string]string{}
	for n := range names {
		c := configStyle(n).Colour
		assert.NotContains(t, colours, c, "%s and %s share a colour", n, colours[c])
		colours[c] = n
	}
}

func TestWriteBench(t *testing.T) {
	dir := t.TempDir()
	files, err := WriteBench(scalingRows(), filepath.Join(dir, "c.svg"))
	require.NoError(t, err)
	assert.Equal(t, []string{filepath.Join(dir, "c_red.svg"), filepath.Join(dir, "c_cpu.svg")}, files)
	files, err = WriteBench(append(scalingRows(), convergenceRows()...), filepath.Join(dir, "all.svg"))
	require.NoError(t, err)
	assert.Equal(t, []string{filepath.Join(dir, "all_centered_red.svg"), filepath.Join(dir, "all_centered_cpu.svg"),
		filepath.Join(dir, "all_convergence_red.svg")}, files)
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		readFigure(t, b)
	}
	_, err = WriteBench(scalingRows(), filepath.Join(dir, "c.png"))
	require.ErrorContains(t, err, ".svg")
	_, err = os.Stat(filepath.Join(dir, "c_red.png"))
	assert.True(t, os.IsNotExist(err), "nothing written for a bad extension")
	_, err = WriteBench(nil, filepath.Join(dir, "c.svg"))
	require.Error(t, err)
	// Without CPU times there is no CPU figure.
	rows := scalingRows()
	for i := range rows {
		rows[i].CPU.Mean, rows[i].Paper = 0, nil
	}
	files, err = WriteBench(rows, filepath.Join(dir, "nocpu.svg"))
	require.NoError(t, err)
	assert.Equal(t, []string{filepath.Join(dir, "nocpu_red.svg")}, files)
}

func TestSweepFigure(t *testing.T) {
	fig, err := Sweep(sweepSummaries())
	require.NoError(t, err)
	els, panels := readFigure(t, render(t, fig, "sweep"))
	require.Len(t, panels, 2)
	assert.Equal(t, []string{"HyperSteiner", "MST", "NJ", "HyperSteiner", "MST", "NJ"}, texts(els, "legend"), "a legend on each panel")
	assert.Equal(t, []string{"0.001", "0.01", "0.1", "1"}, panels[1].yTicks, "CPU on a log scale")
	bands := 0
	for _, p := range panels {
		for _, e := range p.data {
			if e.Attrs["class"] == "band" {
				bands++
			}
		}
	}
	assert.Equal(t, 6, bands)
	_, err = Sweep(nil)
	require.Error(t, err)
}

// A figure's own checks: series of unequal lengths, values a log axis
// cannot show, no panels, panels too small.
func TestFigureErrors(t *testing.T) {
	one := func(s Series, y Axis) *Figure {
		return &Figure{Panels: []*Panel{{Title: "p", Y: y, Series: []Series{s}}}}
	}
	for _, tc := range []struct {
		name string
		fig  *Figure
		msg  string
	}{
		{"lengths", one(Series{X: []float64{1, 2}, Y: []float64{1}}, Axis{}), "2 x and 1 y"},
		{"error bars", one(Series{X: []float64{1}, Y: []float64{1}, Err: []float64{1, 2}}, Axis{}), "2 error bars for 1 points"},
		{"band", one(Series{X: []float64{1}, Y: []float64{1}, Lo: []float64{0}}, Axis{}), "needs both Lo and Hi"},
		{"log", one(Series{X: []float64{1}, Y: []float64{0}}, Axis{Log: true}), "not positive on a log axis"},
		{"inf", one(Series{X: []float64{1}, Y: []float64{math.Inf(1)}}, Axis{}), "point 0 is"},
		{"nan x", one(Series{X: []float64{math.NaN()}, Y: []float64{1}}, Axis{}), "point 0 is"},
		{"empty", &Figure{}, "no panels"},
		{"small", &Figure{Panels: []*Panel{{}}, PanelWidth: 100, PanelHeight: 100}, "at least 150 × 120"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			require.ErrorContains(t, tc.fig.WriteSVG(&b), tc.msg)
			assert.Zero(t, b.Len(), "nothing written")
		})
	}
}

// Gaps, fixed ranges, bands below zero on a log axis, a single point, an
// empty panel: all drawn inside their frames.
func TestFigureEdgeCases(t *testing.T) {
	fig := &Figure{Title: "edge cases", Cols: 2, Panels: []*Panel{
		{Title: "gap", Series: []Series{{Label: "a", X: []float64{1, 2, 3, 4}, Y: []float64{1, math.NaN(), 3, 2}, Style: Style{Marker: Circle}}}},
		{Title: "fixed range", X: Axis{Min: 0, Max: 10}, Y: Axis{Min: -1, Max: 1}, Series: []Series{{X: []float64{1, 5}, Y: []float64{0, 0.5}}}},
		{Title: "log band", Y: Axis{Log: true}, Series: []Series{{Label: "b", X: []float64{1, 2}, Y: []float64{0.1, 1}, Lo: []float64{-1, 0.5}, Hi: []float64{0.3, 2}, Err: []float64{0.5, 0.1}}}},
		{Title: "one point", Series: []Series{{Label: "c", X: []float64{3}, Y: []float64{7}, Style: Style{Marker: Diamond, NoLine: true}}}},
		{Title: "empty"},
		{Title: "fixed ticks", X: Axis{Ticks: []float64{1, 2, 3}, Format: func(v float64) string { return "#" + string(rune('0'+int(v))) }},
			Series: []Series{{X: []float64{1, 3}, Y: []float64{-5, 5}, Style: Style{Marker: TriangleDown, Hollow: true, Dashed: true}}}},
	}}
	els, panels := readFigure(t, render(t, fig, "edge_cases"))
	require.Len(t, panels, 6)
	lines := svgtest.ByClass(els, "line")
	require.NotEmpty(t, lines)
	_, sub, err := svgtest.PathPoints(lines[0].Attrs["d"])
	require.NoError(t, err)
	assert.Equal(t, 2, sub, "the NaN breaks the line")
	assert.Subset(t, texts(els, "tick"), []string{"#1", "#2", "#3", "−1.0", "1.0"})
}

func TestFade(t *testing.T) {
	assert.Equal(t, "#ffffff", Fade("#ffffff"))
	assert.Equal(t, "#666666", Fade("#000000"))
	assert.Equal(t, "#78add2", Fade("#1f77b4"))
	assert.Equal(t, "red", Fade("red"), "not #rrggbb: unchanged")
	assert.Equal(t, Colour(0), Colour(len(palette)))
	assert.Equal(t, MarkerFor(0), MarkerFor(5))
	assert.False(t, slices.Contains([]Marker{MarkerFor(0), MarkerFor(1), MarkerFor(2), MarkerFor(3)}, NoMarker))
}

func TestMain(m *testing.M) {
	flag.Parse()
	if *gallery != "" {
		if err := os.MkdirAll(*gallery, 0o755); err != nil {
			panic(err)
		}
	}
	os.Exit(m.Run())
}
