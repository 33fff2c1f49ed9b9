package hierarchy

import (
	"bufio"
	"fmt"
	"image/color"
	"io"
	"math"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	_ "gonum.org/v1/plot/vg/vgimg" // registers png
	_ "gonum.org/v1/plot/vg/vgsvg" // registers svg
)

// TSVHeader lists the columns WriteTSV writes.
var TSVHeader = []string{"method", "missing", "points", "runs", "error_mean", "error_sd", "cpu_s", "cpu_sd", "wall_s"}

// WriteTSV writes the summaries as tab-separated values: a header row
// (TSVHeader) and one row per summary. Numbers are printed to round-trip
// float64; a standard deviation of a single run is NaN.
func WriteTSV(w io.Writer, sums []Summary) error {
	bw := bufio.NewWriter(w)
	for i, h := range TSVHeader {
		if i > 0 {
			bw.WriteByte('\t')
		}
		bw.WriteString(h)
	}
	bw.WriteByte('\n')
	g := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	for _, s := range sums {
		fmt.Fprintf(bw, "%s\t%s\t%d\t%d\t%s\t%s\t%s\t%s\t%s\n", s.Method, g(s.Missing), s.Points, s.Runs,
			g(s.ErrorMean), g(s.ErrorSD), g(s.CPUMean), g(s.CPUSD), g(s.WallMean))
	}
	return bw.Flush()
}

// WriteMarkdown writes the summaries as a Markdown table: error and CPU
// seconds as mean ± sd (the mean alone for a single run).
func WriteMarkdown(w io.Writer, sums []Summary) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("| method | missing % | points | runs | error | CPU s | wall s |\n")
	bw.WriteString("| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	pm := func(m, sd float64, prec int) string {
		if math.IsNaN(sd) {
			return strconv.FormatFloat(m, 'f', prec, 64)
		}
		return strconv.FormatFloat(m, 'f', prec, 64) + " ± " + strconv.FormatFloat(sd, 'f', prec, 64)
	}
	for _, s := range sums {
		fmt.Fprintf(bw, "| %s | %s | %d | %d | %s | %s | %s |\n", s.Method,
			strconv.FormatFloat(s.Missing, 'g', -1, 64), s.Points, s.Runs,
			pm(s.ErrorMean, s.ErrorSD, 4), pm(s.CPUMean, s.CPUSD, 4), strconv.FormatFloat(s.WallMean, 'f', 4, 64))
	}
	return bw.Flush()
}

// methodColors follows the paper's figure: NJ green, HyperSteiner red, MST
// blue (matplotlib's tab: colours); other methods get gonum's palette.
var methodColors = map[string]color.NRGBA{
	"nj":           {0x2c, 0xa0, 0x2c, 0xff},
	"hypersteiner": {0xd6, 0x27, 0x28, 0xff},
	"mst":          {0x1f, 0x77, 0xb4, 0xff},
}

// methodLabels are the legend names of the paper's figure.
var methodLabels = map[string]string{"nj": "NJ", "hypersteiner": "HyperSteiner", "mst": "MST"}

// PlotSweep draws the figure of the paper's §5.2 from the summaries of a
// sweep: left, the error against the percentage of removed points, right,
// the CPU seconds, each a line through the means with a band of ± one
// sample standard deviation (the paper's bands are the population standard
// deviation divided by 5). The legend is drawn in the right panel, whose
// top right corner the slow method's falling curve leaves free. format is "svg" or "png"; width and height are
// the figure's size.
func PlotSweep(w io.Writer, format string, sums []Summary, width, height vg.Length) error {
	if format != "svg" && format != "png" {
		return fmt.Errorf("hierarchy: plot format %q: expected svg or png", format)
	}
	var methods []string
	for _, s := range sums {
		if !slices.Contains(methods, s.Method) {
			methods = append(methods, s.Method)
		}
	}
	if len(sums) == 0 {
		return fmt.Errorf("hierarchy: nothing to plot")
	}
	panel := func(title, ylabel string, legend bool, val func(Summary) (float64, float64)) (*plot.Plot, error) {
		p := plot.New()
		p.Title.Text = title
		p.X.Label.Text = "Percentage of removed data"
		p.Y.Label.Text = ylabel
		p.Legend.Top = true
		for k, m := range methods {
			var pts, lo, hi plotter.XYs
			for _, s := range sums {
				if s.Method != m {
					continue
				}
				mean, sd := val(s)
				if math.IsNaN(sd) {
					sd = 0
				}
				pts = append(pts, plotter.XY{X: s.Missing, Y: mean})
				lo = append(lo, plotter.XY{X: s.Missing, Y: mean - sd})
				hi = append(hi, plotter.XY{X: s.Missing, Y: mean + sd})
			}
			order := func(v plotter.XYs) {
				slices.SortFunc(v, func(a, b plotter.XY) int {
					if a.X < b.X {
						return -1
					}
					if a.X > b.X {
						return 1
					}
					return 0
				})
			}
			order(pts)
			order(lo)
			order(hi)
			c, ok := methodColors[m]
			if !ok {
				r, g, b, _ := plotPalette[k%len(plotPalette)].RGBA()
				c = color.NRGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 0xff}
			}
			band := slices.Clone(lo)
			for i := len(hi) - 1; i >= 0; i-- {
				band = append(band, hi[i])
			}
			poly, err := plotter.NewPolygon(band)
			if err != nil {
				return nil, err
			}
			poly.Color = color.NRGBA{c.R, c.G, c.B, 0x30}
			poly.LineStyle.Width = 0
			line, scatter, err := plotter.NewLinePoints(pts)
			if err != nil {
				return nil, err
			}
			line.Color = c
			line.Width = vg.Points(1.5)
			scatter.Color = c
			scatter.Radius = vg.Points(2)
			p.Add(poly, line, scatter)
			label := methodLabels[m]
			if label == "" {
				label = m
			}
			if legend {
				p.Legend.Add(label, line)
			}
		}
		return p, nil
	}
	left, err := panel("Cell-age error", "Distance error", false, func(s Summary) (float64, float64) { return s.ErrorMean, s.ErrorSD })
	if err != nil {
		return err
	}
	right, err := panel("CPU time", "CPU seconds", true, func(s Summary) (float64, float64) { return s.CPUMean, s.CPUSD })
	if err != nil {
		return err
	}
	c, err := draw.NewFormattedCanvas(width, height, format)
	if err != nil {
		return err
	}
	dc := draw.New(c)
	tiles := draw.Tiles{Rows: 1, Cols: 2, PadX: vg.Millimeter * 4, PadY: vg.Millimeter * 2,
		PadTop: vg.Millimeter * 2, PadBottom: vg.Millimeter * 2, PadLeft: vg.Millimeter * 2, PadRight: vg.Millimeter * 2}
	cv := plot.Align([][]*plot.Plot{{left, right}}, tiles, dc)
	left.Draw(cv[0][0])
	right.Draw(cv[0][1])
	_, err = c.WriteTo(w)
	return err
}

var plotPalette = []color.Color{
	color.NRGBA{0xff, 0x7f, 0x0e, 0xff},
	color.NRGBA{0x94, 0x67, 0xbd, 0xff},
	color.NRGBA{0x8c, 0x56, 0x4b, 0xff},
}
