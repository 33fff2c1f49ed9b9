package figure

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/hypersteiner/hypersteiner/internal/svg"
)

type rect struct{ x, y, w, h float64 }

// scale maps an axis's data range [lo, hi] onto pixels [a, b].
type scale struct {
	axis         Axis
	lo, hi       float64
	a, b         float64
	ticks, minor []float64
	labels       []string
	hasAny       bool
}

func (s *scale) px(v float64) float64 {
	if s.axis.Log {
		return s.a + (math.Log(v)-math.Log(s.lo))/(math.Log(s.hi)-math.Log(s.lo))*(s.b-s.a)
	}
	return s.a + (v-s.lo)/(s.hi-s.lo)*(s.b-s.a)
}

// extend widens the data range to hold v (positive values only on a log
// axis).
func (s *scale) extend(v float64) {
	if math.IsNaN(v) || math.IsInf(v, 0) || (s.axis.Log && v <= 0) {
		return
	}
	if !s.hasAny {
		s.lo, s.hi, s.hasAny = v, v, true
		return
	}
	s.lo, s.hi = math.Min(s.lo, v), math.Max(s.hi, v)
}

// finish pads the data range by 4 % on each side (on the log scale for a
// log axis), or takes the axis's fixed range.
func (s *scale) finish() {
	if s.axis.Min < s.axis.Max {
		s.lo, s.hi = s.axis.Min, s.axis.Max
		return
	}
	if !s.hasAny {
		s.lo, s.hi = 0, 1
		if s.axis.Log {
			s.lo, s.hi = 1, 10
		}
		return
	}
	if s.axis.Log {
		l, h := math.Log10(s.lo), math.Log10(s.hi)
		if h-l < 1e-9 {
			l, h = l-0.2, h+0.2
		}
		m := 0.04 * (h - l)
		s.lo, s.hi = math.Pow(10, l-m), math.Pow(10, h+m)
		return
	}
	span := s.hi - s.lo
	if span <= 1e-12*math.Max(math.Abs(s.lo), math.Abs(s.hi)) {
		span = math.Max(0.1*math.Abs(s.lo), 1)
		s.lo, s.hi = s.lo-span/2, s.hi+span/2
		return
	}
	s.lo, s.hi = s.lo-0.04*span, s.hi+0.04*span
}

// chooseTicks picks at most n labelled ticks inside the range.
func (s *scale) chooseTicks(n int) {
	s.ticks, s.labels, s.minor = nil, nil, nil
	if s.axis.Ticks != nil {
		format := s.axis.Format
		if format == nil {
			format = func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
		}
		for _, v := range s.axis.Ticks {
			if v >= s.lo && v <= s.hi {
				s.ticks = append(s.ticks, v)
				s.labels = append(s.labels, format(v))
			}
		}
		return
	}
	if s.axis.Log {
		s.ticks, s.labels, s.minor = svg.LogTicks(s.lo, s.hi)
		return
	}
	s.ticks, s.labels = svg.LinearTicks(s.lo, s.hi, max(n, 2))
	for i, l := range s.labels { // a true minus sign
		if strings.HasPrefix(l, "-") {
			s.labels[i] = "−" + l[1:]
		}
	}
}

type legendEntry struct {
	series *Series
	width  float64
}

// layout is a panel placed in its cell.
type layout struct {
	p           *Panel
	xs, ys      scale
	cell, frame rect
	legend      []legendEntry
	legendRows  [][]legendEntry
}

func newLayout(p *Panel) (*layout, error) {
	l := &layout{p: p, xs: scale{axis: p.X}, ys: scale{axis: p.Y}}
	for i := range p.Series {
		s := &p.Series[i]
		n := len(s.Y)
		if len(s.X) != n {
			return nil, fmt.Errorf("figure: panel %q, series %q: %d x and %d y", p.Title, s.Label, len(s.X), n)
		}
		for _, c := range []struct {
			name string
			v    []float64
		}{{"error bars", s.Err}, {"band lows", s.Lo}, {"band highs", s.Hi}} {
			if c.v != nil && len(c.v) != n {
				return nil, fmt.Errorf("figure: panel %q, series %q: %d %s for %d points", p.Title, s.Label, len(c.v), c.name, n)
			}
		}
		if (s.Lo == nil) != (s.Hi == nil) {
			return nil, fmt.Errorf("figure: panel %q, series %q: a band needs both Lo and Hi", p.Title, s.Label)
		}
		for j := range n {
			x, y := s.X[j], s.Y[j]
			if math.IsNaN(y) {
				continue
			}
			if math.IsNaN(x) || math.IsInf(x, 0) || math.IsInf(y, 0) {
				return nil, fmt.Errorf("figure: panel %q, series %q: point %d is (%g, %g)", p.Title, s.Label, j, x, y)
			}
			if (p.X.Log && x <= 0) || (p.Y.Log && y <= 0) {
				return nil, fmt.Errorf("figure: panel %q, series %q: point %d, (%g, %g), is not positive on a log axis", p.Title, s.Label, j, x, y)
			}
			l.xs.extend(x)
			l.ys.extend(y)
			if s.Err != nil && !math.IsNaN(s.Err[j]) {
				l.ys.extend(y - math.Abs(s.Err[j]))
				l.ys.extend(y + math.Abs(s.Err[j]))
			}
			if s.Lo != nil {
				l.ys.extend(s.Lo[j])
				l.ys.extend(s.Hi[j])
			}
		}
		if s.Label != "" {
			l.legend = append(l.legend, legendEntry{s, sampleLen + 5 + svg.TextWidth(s.Label, legendFont) + 14})
		}
	}
	return l, nil
}

// shareY gives the panels whose y range is not fixed the union of their
// data ranges.
func shareY(ls []*layout) {
	var all scale
	all.axis.Log = ls[0].ys.axis.Log
	for _, l := range ls {
		if l.ys.axis.Min < l.ys.axis.Max || !l.ys.hasAny {
			continue
		}
		all.extend(l.ys.lo)
		all.extend(l.ys.hi)
	}
	for _, l := range ls {
		if l.ys.axis.Min < l.ys.axis.Max || !all.hasAny || l.ys.axis.Log != all.axis.Log {
			continue
		}
		l.ys.lo, l.ys.hi, l.ys.hasAny = all.lo, all.hi, true
	}
}

// flowLegend fills the legend's rows, left to right, within a cell of
// width w.
func (l *layout) flowLegend(w float64) {
	l.legendRows = nil
	var row []legendEntry
	used := 0.0
	for _, e := range l.legend {
		if len(row) > 0 && used+e.width > w-2*pad {
			l.legendRows = append(l.legendRows, row)
			row, used = nil, 0
		}
		row = append(row, e)
		used += e.width
	}
	if len(row) > 0 {
		l.legendRows = append(l.legendRows, row)
	}
}

// place lays the panel out in the cell at (x, y) of size w × h: title on
// top, legendRows rows of legend at the bottom (at least its own, so that
// panels of one row of the grid align), tick labels and axis labels around
// the frame, which takes the rest.
func (l *layout) place(x, y, w, h float64, legendRows int) {
	l.cell = rect{x, y, w, h}
	l.xs.finish()
	l.ys.finish()
	legendH := float64(max(legendRows, len(l.legendRows))) * legendRow
	if legendH > 0 {
		legendH += pad / 2
	}
	titleH := 0.0
	if l.p.Title != "" {
		titleH = panelFont + pad/2
	}
	xLabelH := 0.0
	if l.p.X.Label != "" {
		xLabelH = labelFont + 6
	}
	yLabelW := 0.0
	if l.p.Y.Label != "" {
		yLabelW = labelFont + 6
	}
	top := y + pad + titleH + tickFont/2 + 2
	bottom := y + h - pad - legendH - xLabelH - (tickFont + tickLen + 5)
	l.ys.chooseTicks(int((bottom - top) / 32))
	tickW := 0.0
	for _, s := range l.ys.labels {
		tickW = math.Max(tickW, svg.TextWidth(s, tickFont))
	}
	left := x + pad + yLabelW + tickW + tickLen + 3
	right := x + w - pad
	for range 2 { // the x labels' half widths at the right edge
		l.xs.chooseTicks(int((right - left) / 65))
		half := 0.0
		if n := len(l.xs.labels); n > 0 {
			half = svg.TextWidth(l.xs.labels[n-1], tickFont) / 2
		}
		right = x + w - math.Max(pad, half+2)
	}
	l.frame = rect{left, top, right - left, bottom - top}
	l.xs.a, l.xs.b = left, right
	l.ys.a, l.ys.b = bottom, top
}

// yPx maps a value to the frame's height; a value a log axis cannot show
// (≤ 0: the low end of a band or an error bar) goes to the bottom edge.
func (l *layout) yPx(v float64) float64 {
	if l.ys.axis.Log && v <= 0 {
		return l.frame.y + l.frame.h
	}
	return l.ys.px(v)
}

func (l *layout) draw(d *svg.Doc) {
	f := l.frame
	const grid, axisColour, text = "#e6e6e6", "#444444", "#222222"
	bottom := f.y + f.h
	// Grid lines at the labelled ticks.
	for _, v := range l.ys.ticks {
		y := l.ys.px(v)
		d.Line(f.x, y, f.x+f.w, y, grid, 1)
	}
	for _, v := range l.xs.ticks {
		x := l.xs.px(v)
		d.Line(x, f.y, x, bottom, grid, 1)
	}
	clip := d.Clip(f.x, f.y, f.w, f.h)
	d.Printf("<g %s class=\"data\">\n", clip)
	for _, behind := range []bool{true, false} {
		for i := range l.p.Series {
			if l.p.Series[i].Behind == behind {
				l.drawSeries(d, &l.p.Series[i])
			}
		}
	}
	d.WriteString("</g>\n")
	d.Rect(f.x, f.y, f.w, f.h, `fill="none"`, `stroke="`+axisColour+`"`, `stroke-width="1"`, `class="frame"`)
	// Ticks and their labels: x labels that would overlap their neighbour
	// are left out (the tick stays).
	lastRight := math.Inf(-1)
	for i, v := range l.xs.ticks {
		x := l.xs.px(v)
		d.Line(x, bottom, x, bottom+tickLen, axisColour, 1)
		half := svg.TextWidth(l.xs.labels[i], tickFont) / 2
		if x-half < lastRight+4 {
			continue
		}
		lastRight = x + half
		d.Text(x, bottom+tickLen+tickFont+1, tickFont, "middle", text, l.xs.labels[i], `class="tick"`)
	}
	for _, v := range l.xs.minor {
		x := l.xs.px(v)
		d.Line(x, bottom, x, bottom+tickLen/2, axisColour, 1)
	}
	for i, v := range l.ys.ticks {
		y := l.ys.px(v)
		d.Line(f.x-tickLen, y, f.x, y, axisColour, 1)
		d.Text(f.x-tickLen-3, y+tickFont*0.35, tickFont, "end", text, l.ys.labels[i], `class="tick"`)
	}
	for _, v := range l.ys.minor {
		y := l.ys.px(v)
		d.Line(f.x-tickLen/2, y, f.x, y, axisColour, 1)
	}
	if l.p.X.Label != "" {
		d.Text(f.x+f.w/2, bottom+tickLen+tickFont+5+labelFont, labelFont, "middle", text, l.p.X.Label, `class="label"`)
	}
	if l.p.Y.Label != "" {
		x, y := l.cell.x+pad+labelFont, f.y+f.h/2
		d.Text(x, y, labelFont, "middle", text, l.p.Y.Label, `class="label"`,
			fmt.Sprintf(`transform="rotate(-90 %s %s)"`, svg.Num(x), svg.Num(y)))
	}
	if l.p.Title != "" {
		d.Text(f.x+f.w/2, l.cell.y+pad+panelFont, panelFont, "middle", "#111111", l.p.Title, `font-weight="bold"`, `class="panel-title"`)
	}
	l.drawLegend(d)
}

func (l *layout) drawSeries(d *svg.Doc, s *Series) {
	st := s.Style
	colour := st.Colour
	if colour == "" {
		colour = "#333333"
	}
	pt := func(j int) (float64, float64) { return l.xs.px(s.X[j]) + st.Shift, l.ys.px(s.Y[j]) }
	if s.Lo != nil {
		var up, down []string
		for j := range s.X {
			if math.IsNaN(s.Lo[j]) || math.IsNaN(s.Hi[j]) {
				continue
			}
			x := l.xs.px(s.X[j]) + st.Shift
			up = append(up, svg.Num(x)+","+svg.Num(l.yPx(s.Hi[j])))
			down = append([]string{svg.Num(x) + "," + svg.Num(l.yPx(s.Lo[j]))}, down...)
		}
		if len(up) > 0 {
			d.Printf(`<polygon class="band" fill="%s" fill-opacity="0.18" stroke="none" points="%s"/>`+"\n", colour, strings.Join(append(up, down...), " "))
		}
	}
	if s.Err != nil {
		for j := range s.X {
			if math.IsNaN(s.Y[j]) || math.IsNaN(s.Err[j]) {
				continue
			}
			x, _ := pt(j)
			e := math.Abs(s.Err[j])
			y1, y2 := l.yPx(s.Y[j]-e), l.ys.px(s.Y[j]+e)
			d.Printf(`<path class="errorbar" fill="none" stroke="%s" stroke-width="1.2" d="M%s %sV%sM%s %sH%sM%s %sH%s"/>`+"\n", colour,
				svg.Num(x), svg.Num(y1), svg.Num(y2), svg.Num(x-3), svg.Num(y1), svg.Num(x+3), svg.Num(x-3), svg.Num(y2), svg.Num(x+3))
		}
	}
	if !st.NoLine {
		var b strings.Builder
		cmd := "M"
		for j := range s.X {
			if math.IsNaN(s.Y[j]) {
				cmd = "M"
				continue
			}
			x, y := pt(j)
			b.WriteString(cmd + svg.Num(x) + " " + svg.Num(y))
			cmd = "L"
		}
		if b.Len() > 0 {
			dash := ""
			if st.Dashed {
				dash = ` stroke-dasharray="5 3"`
			}
			d.Printf(`<path class="line" fill="none" stroke="%s" stroke-width="1.6"%s d="%s"/>`+"\n", colour, dash, b.String())
		}
	}
	for j := range s.X {
		if math.IsNaN(s.Y[j]) {
			continue
		}
		x, y := pt(j)
		marker(d, st, colour, x, y, "marker")
	}
}

// marker draws a series' glyph centred at (x, y).
func marker(d *svg.Doc, st Style, colour string, x, y float64, class string) {
	if st.Marker == NoMarker {
		return
	}
	paint := `fill="` + colour + `" stroke="none"`
	if st.Hollow {
		paint = `fill="white" stroke="` + colour + `" stroke-width="1.2"`
	}
	r := markerSize
	var pts [][2]float64
	switch st.Marker {
	case Circle:
		d.Circle(x, y, r, paint, `class="`+class+`"`)
		return
	case Square:
		r *= 0.9
		pts = [][2]float64{{-r, -r}, {r, -r}, {r, r}, {-r, r}}
	case TriangleUp:
		pts = [][2]float64{{0, -1.2 * r}, {1.1 * r, 0.8 * r}, {-1.1 * r, 0.8 * r}}
	case TriangleDown:
		pts = [][2]float64{{0, 1.2 * r}, {1.1 * r, -0.8 * r}, {-1.1 * r, -0.8 * r}}
	case Diamond:
		pts = [][2]float64{{0, -1.3 * r}, {1.1 * r, 0}, {0, 1.3 * r}, {-1.1 * r, 0}}
	}
	var b strings.Builder
	for i, p := range pts {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(svg.Num(x+p[0]) + "," + svg.Num(y+p[1]))
	}
	d.Printf(`<polygon class="%s" %s points="%s"/>`+"\n", class, paint, b.String())
}

func (l *layout) drawLegend(d *svg.Doc) {
	y := l.cell.y + l.cell.h - pad - float64(len(l.legendRows))*legendRow + legendRow*0.7
	for _, row := range l.legendRows {
		x := l.cell.x + pad
		for _, e := range row {
			st := e.series.Style
			colour := st.Colour
			if colour == "" {
				colour = "#333333"
			}
			mid := y - legendFont*0.35
			if e.series.Lo != nil {
				d.Rect(x, mid-5, sampleLen, 10, `fill="`+colour+`"`, `fill-opacity="0.18"`)
			}
			if !st.NoLine {
				attrs := []string{}
				if st.Dashed {
					attrs = append(attrs, `stroke-dasharray="5 3"`)
				}
				d.Line(x, mid, x+sampleLen, mid, colour, 1.6, attrs...)
			}
			marker(d, Style{Marker: st.Marker, Hollow: st.Hollow}, colour, x+sampleLen/2, mid, "legend-marker")
			d.Text(x+sampleLen+5, y, legendFont, "start", "#222222", e.series.Label, `class="legend"`)
			x += e.width
		}
		y += legendRow
	}
}
