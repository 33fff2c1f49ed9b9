package figure

import (
	"fmt"
	"io"

	"github.com/hypersteiner/hypersteiner/internal/svg"
)

// Figure is a grid of panels under a title.
type Figure struct {
	Title  string
	Panels []*Panel
	// Cols is the number of panels per row (default: all in one row).
	Cols int
	// PanelWidth and PanelHeight are the size of each panel's cell in
	// pixels, title, axes and legend included (default 420 × 320).
	PanelWidth, PanelHeight float64
	// ShareY gives every panel the y range of all of them (each panel still
	// labels its own axis), so that panels compare at a glance. An axis
	// with a fixed range keeps it.
	ShareY bool
}

// Panel is one plot: axes, series, and the legend of the series that
// have a label, drawn below the axes where it hides no data.
type Panel struct {
	Title  string
	X, Y   Axis
	Series []Series
}

// Axis describes one axis of a panel.
type Axis struct {
	Label string
	Log   bool
	// Min and Max fix the range when Min < Max; otherwise it is the data's
	// (error bars and bands included), padded by 4 % on each side.
	Min, Max float64
	// Ticks fixes the labelled tick positions (those inside the range
	// are drawn); nil chooses them (LinearTicks, LogTicks of
	// internal/svg). Format labels fixed ticks (default: %g).
	Ticks  []float64
	Format func(float64) string
}

// Series is a line through points, with optional error bars and a band.
// A NaN in Y leaves a gap; X, Err, Lo and Hi (when not nil) have Y's
// length.
type Series struct {
	Label  string // the legend's entry; "" for none
	X, Y   []float64
	Err    []float64 // ± half-widths of vertical error bars; nil for none
	Lo, Hi []float64 // a shaded band from Lo to Hi; nil for none
	Style  Style
	// Behind draws the series under those without it (a reference beside
	// the main results); the legend keeps the order of Panel.Series.
	Behind bool
}

// Style is how a series is drawn.
type Style struct {
	Colour string // "#rrggbb"
	Dashed bool
	NoLine bool // markers only
	Marker Marker
	Hollow bool // markers drawn as outlines
	// Shift moves the series' marks this many pixels to the right, so that
	// the error bars of series at the same x stay apart.
	Shift float64
}

// Marker is the glyph drawn at each point of a series.
type Marker int

// The markers.
const (
	NoMarker Marker = iota
	Circle
	Square
	TriangleUp
	Diamond
	TriangleDown
)

// Sizes of the layout, in pixels.
const (
	titleFont  = 15.0
	panelFont  = 13.0
	labelFont  = 12.0
	tickFont   = 11.0
	legendFont = 11.0
	pad        = 8.0
	tickLen    = 4.0
	markerSize = 3.5
	legendRow  = 16.0
	sampleLen  = 26.0
)

// WriteSVG draws the figure.
func (f *Figure) WriteSVG(w io.Writer) error {
	if len(f.Panels) == 0 {
		return fmt.Errorf("figure: no panels")
	}
	pw, ph := f.PanelWidth, f.PanelHeight
	if pw == 0 {
		pw = 420
	}
	if ph == 0 {
		ph = 320
	}
	if pw < 150 || ph < 120 {
		return fmt.Errorf("figure: panels of %g × %g px: want at least 150 × 120", pw, ph)
	}
	cols := f.Cols
	if cols <= 0 || cols > len(f.Panels) {
		cols = len(f.Panels)
	}
	rows := (len(f.Panels) + cols - 1) / cols
	top := 0.0
	if f.Title != "" {
		top = titleFont + 2*pad + 4
	}
	layouts := make([]*layout, len(f.Panels))
	for i, p := range f.Panels {
		l, err := newLayout(p)
		if err != nil {
			return err
		}
		layouts[i] = l
	}
	if f.ShareY {
		shareY(layouts)
	}
	width, height := float64(cols)*pw, top+float64(rows)*ph
	legendRows := make([]int, rows) // the most of any panel of each row
	for i, l := range layouts {
		l.flowLegend(pw)
		legendRows[i/cols] = max(legendRows[i/cols], len(l.legendRows))
	}
	for i, l := range layouts {
		l.place(float64(i%cols)*pw, top+float64(i/cols)*ph, pw, ph, legendRows[i/cols])
		if l.frame.w < 40 || l.frame.h < 30 {
			return fmt.Errorf("figure: panel %q: %g × %g px leave no room for the plot", f.Panels[i].Title, pw, ph)
		}
	}
	d := svg.Begin(w, width, height)
	if f.Title != "" {
		d.Text(width/2, pad+titleFont, titleFont, "middle", "#111111", f.Title, `font-weight="bold"`, `class="title"`)
	}
	for _, l := range layouts {
		l.draw(d)
	}
	return d.End()
}
