package draw

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/svg"
	"github.com/hypersteiner/hypersteiner/sll"
)

// Options configure Tree.
type Options struct {
	// Model draws a hyperbolic tree in the "klein" disk (geodesics are
	// chords; the default) or the "poincare" disk (geodesics are arcs
	// orthogonal to the boundary). Euclidean trees ignore it.
	Model string
	// Delaunay draws the triangulation's edges between terminals, dashed
	// (Tree.DelaunayEdges, kept by sll.Options.KeepMesh).
	Delaunay bool
	// Width is the picture's width in pixels (default RefWidth); the
	// plane is a square of that side, the legend below it.
	Width float64
}

// Colours of the marks.
const (
	terminalColour = "#d62728"
	steinerColour  = "#1f77b4"
	edgeColour     = "#222222"
	delaunayColour = "#aaaaaa"
	textColour     = "#333333"
)

// Tree writes an SVG picture of t: the disk (hyperbolic) or axes
// (Euclidean), the edges, the dots, and the legend and summary below.
func Tree(w io.Writer, t *sll.Tree, opt Options) error {
	p, err := newPicture(t, opt)
	if err != nil {
		return err
	}
	d := svg.Begin(w, p.width, p.height)
	p.plane(d)
	p.marks(d, t, opt.Delaunay)
	p.caption(d, t, opt.Delaunay)
	return d.End()
}

// picture is the layout of one tree picture.
type picture struct {
	width, height float64
	font          float64 // caption font size
	style         Style
	disk          bool // Klein coordinates, drawn in a disk model
	model         string
	pts           []hyperbolic.Point // drawing coordinates (Poincaré when drawn so)
	// World → screen: screen = (ox + s·(x − cx), oy − s·(y − cy)).
	cx, cy, s, ox, oy float64
	// Euclidean axes: the plotted square [x0, x1] × [y0, y1] and its ticks.
	x0, x1, y0, y1 float64
	captionLines   [][]string
}

func newPicture(t *sll.Tree, opt Options) (*picture, error) {
	if t == nil {
		return nil, fmt.Errorf("draw: no tree")
	}
	pl, err := t.Plane()
	if err != nil {
		return nil, fmt.Errorf("draw: %w", err)
	}
	// The picture depends on the plane's coordinates: the Klein disk, or
	// Cartesian ones.
	p := &picture{width: opt.Width, disk: pl.Model() == "klein", model: opt.Model}
	if p.width == 0 {
		p.width = RefWidth
	}
	if !(p.width >= 100 && p.width <= 1e5) {
		return nil, fmt.Errorf("draw: width %g px: want 100 to 100000", opt.Width)
	}
	switch pl.Model() {
	case "klein":
		switch opt.Model {
		case "":
			p.model = "klein"
		case "klein", "poincare":
		default:
			return nil, fmt.Errorf("draw: unknown model %q (klein or poincare)", opt.Model)
		}
	case "euclidean":
		p.model = ""
	default:
		return nil, fmt.Errorf("draw: the %s plane's %q coordinates cannot be drawn (klein or euclidean)", t.Space, pl.Model())
	}
	if t.Terminals < 0 || t.Terminals > len(t.Vertices) {
		return nil, fmt.Errorf("draw: %d terminals of %d vertices", t.Terminals, len(t.Vertices))
	}
	n := len(t.Vertices)
	for i, e := range t.Edges {
		if e[0] < 0 || e[0] >= n || e[1] < 0 || e[1] >= n {
			return nil, fmt.Errorf("draw: edge %d joins %d and %d: %d vertices", i, e[0], e[1], n)
		}
	}
	p.pts = make([]hyperbolic.Point, n)
	for i, v := range t.Vertices {
		if math.IsNaN(v.X) || math.IsNaN(v.Y) || math.IsInf(v.X, 0) || math.IsInf(v.Y, 0) {
			return nil, fmt.Errorf("draw: vertex %d is (%g, %g)", i, v.X, v.Y)
		}
		p.pts[i] = v
		if p.model == "poincare" {
			q, err := hyperbolic.KleinToPoincare(v)
			if err != nil {
				return nil, fmt.Errorf("draw: vertex %d: %w", i, err)
			}
			p.pts[i] = hyperbolic.Point(q)
		}
	}
	p.style = StyleFor(n).scaled(p.width)
	p.font = math.Max(11, p.width/60)
	W := p.width
	if p.disk {
		margin := 0.03 * W
		p.cx, p.cy, p.s, p.ox, p.oy = 0, 0, W/2-margin, W/2, W/2
	} else {
		p.euclideanFrame()
	}
	p.captionLines = captionLines(t, p, opt.Delaunay)
	p.height = W + p.font*(0.6+1.6*float64(len(p.captionLines)))
	return p, nil
}

// euclideanFrame fits the points' bounding box, centred and padded by 5 %,
// into the square left of the tick labels and above them.
func (p *picture) euclideanFrame() {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, q := range p.pts {
		minX, maxX = math.Min(minX, q.X), math.Max(maxX, q.X)
		minY, maxY = math.Min(minY, q.Y), math.Max(maxY, q.Y)
	}
	if len(p.pts) == 0 {
		minX, minY, maxX, maxY = -1, -1, 1, 1
	}
	cx, cy := (minX+maxX)/2, (minY+maxY)/2
	r := math.Max(maxX-minX, maxY-minY) / 2 * 1.05
	if r == 0 {
		r = math.Max(1, math.Max(math.Abs(cx), math.Abs(cy))) * 0.1
	}
	p.x0, p.x1, p.y0, p.y1 = cx-r, cx+r, cy-r, cy+r
	_, ylabels := svg.LinearTicks(p.y0, p.y1, 6)
	labelW := 0.0
	for _, l := range ylabels {
		labelW = math.Max(labelW, svg.TextWidth(l, p.font*0.85))
	}
	W := p.width
	left, top, right, bottom := labelW+14, 0.03*W, 0.03*W, 1.9*p.font
	side := math.Min(W-left-right, W-top-bottom)
	p.cx, p.cy, p.s = cx, cy, side/(2*r)
	p.ox, p.oy = left+side/2, top+side/2
}

func (p *picture) screen(q hyperbolic.Point) (float64, float64) {
	return p.ox + p.s*(q.X-p.cx), p.oy - p.s*(q.Y-p.cy)
}

// plane draws the unit circle, or the Euclidean axes with their ticks.
func (p *picture) plane(d *svg.Doc) {
	if p.disk {
		d.Circle(p.ox, p.oy, p.s, `fill="none"`, `stroke="#888888"`, `stroke-width="1"`, `class="boundary"`)
		return
	}
	fs := p.font * 0.85
	xa, ya := p.screenX(p.x0), p.screenY(p.y0)
	xb, yb := p.screenX(p.x1), p.screenY(p.y1)
	d.Rect(xa, yb, xb-xa, ya-yb, `fill="none"`, `stroke="#888888"`, `stroke-width="1"`, `class="frame"`)
	ticks, labels := svg.LinearTicks(p.x0, p.x1, 6)
	for i, v := range ticks {
		x := p.screenX(v)
		d.Line(x, ya, x, ya+5, "#888888", 1)
		d.Text(x, ya+7+fs, fs, "middle", textColour, labels[i])
	}
	ticks, labels = svg.LinearTicks(p.y0, p.y1, 6)
	for i, v := range ticks {
		y := p.screenY(v)
		d.Line(xa-5, y, xa, y, "#888888", 1)
		d.Text(xa-7, y+fs*0.35, fs, "end", textColour, labels[i])
	}
}

func (p *picture) screenX(x float64) float64 { return p.ox + p.s*(x-p.cx) }
func (p *picture) screenY(y float64) float64 { return p.oy - p.s*(y-p.cy) }

// marks draws the Delaunay edges (if asked), the tree's edges and the
// dots: Steiner points under terminals. Dots are zero-length subpaths with
// round caps, one path per kind, so that large trees stay small files.
func (p *picture) marks(d *svg.Doc, t *sll.Tree, delaunay bool) {
	st := p.style
	if delaunay && len(t.DelaunayEdges) > 0 {
		d.Printf(`<path class="delaunay" fill="none" stroke="%s" stroke-width="%s" stroke-dasharray="%s %s" d="`,
			delaunayColour, svg.Num(0.6*st.Edge), svg.Num(3*st.Edge), svg.Num(2*st.Edge))
		for _, e := range t.DelaunayEdges {
			if int(e[0]) < t.Terminals && int(e[1]) < t.Terminals && int(e[0]) >= 0 && int(e[1]) >= 0 {
				d.WriteString(p.segment(p.pts[e[0]], p.pts[e[1]]))
			}
		}
		d.WriteString("\"/>\n")
	}
	d.Printf(`<path class="edges" fill="none" stroke="%s" stroke-width="%s" stroke-linecap="round" stroke-linejoin="round" d="`,
		edgeColour, svg.Num(st.Edge))
	for _, e := range t.Edges {
		d.WriteString(p.segment(p.pts[e[0]], p.pts[e[1]]))
	}
	d.WriteString("\"/>\n")
	dots := func(class, colour string, r float64, from, to int) {
		if from >= to {
			return
		}
		d.Printf(`<path class="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linecap="round" d="`, class, colour, svg.Num(2*r))
		for i := from; i < to; i++ {
			x, y := p.screen(p.pts[i])
			d.Printf("M%.2f %.2fh0", x, y)
		}
		d.WriteString("\"/>\n")
	}
	dots("steiner", steinerColour, st.Steiner, t.Terminals, len(p.pts))
	dots("terminals", terminalColour, st.Terminal, 0, t.Terminals)
}

// segment is the path of the geodesic from a to b: a chord, or in the
// Poincaré disk an arc of the circle orthogonal to the boundary.
func (p *picture) segment(a, b hyperbolic.Point) string {
	x1, y1 := p.screen(a)
	x2, y2 := p.screen(b)
	if p.model == "poincare" {
		if c, r, ok := orthogonalCircle(a, b); ok {
			cx, cy := p.screen(c)
			rs := r * p.s
			sweep := 0
			if (x1-cx)*(y2-cy)-(y1-cy)*(x2-cx) > 0 {
				sweep = 1
			}
			return fmt.Sprintf("M%.2f %.2fA%.2f %.2f 0 0 %d %.2f %.2f", x1, y1, rs, rs, sweep, x2, y2)
		}
	}
	return fmt.Sprintf("M%.2f %.2fL%.2f %.2f", x1, y1, x2, y2)
}

// caption draws the legend (one sample of each mark with its count) and
// the model and summary lines below the plane.
func (p *picture) caption(d *svg.Doc, t *sll.Tree, delaunay bool) {
	fs, st := p.font, p.style
	pad := 0.03 * p.width
	y := p.width + 1.4*fs
	x := pad
	gap := 1.6 * fs
	// Samples: dots at least big enough to show their colour, an edge at
	// least one pixel wide.
	dot := func(r float64, colour, label string) {
		r = math.Max(r, fs/4)
		d.Circle(x+r, y-fs*0.35, r, `fill="`+colour+`"`)
		x += 2*r + 0.4*fs
		d.Text(x, y, fs, "start", textColour, label, `class="legend"`)
		x += svg.TextWidth(label, fs) + gap
	}
	line := func(width float64, colour, dash, label string) {
		attrs := []string{}
		if dash != "" {
			attrs = append(attrs, `stroke-dasharray="`+dash+`"`)
		}
		d.Line(x, y-fs*0.35, x+1.8*fs, y-fs*0.35, colour, math.Max(width, 1), attrs...)
		x += 2.2 * fs
		d.Text(x, y, fs, "start", textColour, label, `class="legend"`)
		x += svg.TextWidth(label, fs) + gap
	}
	dot(st.Terminal, terminalColour, fmt.Sprintf("terminal (%d)", t.Terminals))
	dot(st.Steiner, steinerColour, fmt.Sprintf("Steiner point (%d)", t.SteinerPoints()))
	line(st.Edge, edgeColour, "", fmt.Sprintf("edge (%d)", len(t.Edges)))
	if delaunay && len(t.DelaunayEdges) > 0 {
		line(0.6*st.Edge, delaunayColour, "4 3", "Delaunay edge")
	}
	for _, items := range p.captionLines[1:] {
		y += 1.6 * fs
		d.Text(pad, y, fs, "start", textColour, strings.Join(items, "  ·  "), `class="summary"`)
	}
}

// captionLines returns the legend's line (a placeholder: caption draws
// it) and the model and summary items wrapped to the picture's width.
func captionLines(t *sll.Tree, p *picture, delaunay bool) [][]string {
	model := "Euclidean plane, one scale on both axes"
	switch p.model {
	case "klein":
		model = "hyperbolic plane, Klein disk: geodesics are straight chords"
	case "poincare":
		model = "hyperbolic plane, Poincaré disk: geodesics are arcs orthogonal to the boundary"
	}
	g := func(x float64) string { return strconv.FormatFloat(x, 'g', 6, 64) }
	items := []string{"length " + g(t.Length), "MST " + g(t.MSTLength), fmt.Sprintf("RED %.2f %%", t.RED())}
	if t.FST3+t.FST4 > 0 {
		items = append(items, fmt.Sprintf("full Steiner trees: %d of 3 and %d of 4 terminals", t.FST3, t.FST4))
	}
	if t.Solver != "" {
		items = append(items, "solver "+t.Solver)
	}
	lines := [][]string{nil, {model}}
	avail := p.width * 0.94
	var cur []string
	for _, it := range items {
		next := append(append([]string(nil), cur...), it)
		if len(cur) > 0 && svg.TextWidth(strings.Join(next, "  ·  "), p.font) > avail {
			lines = append(lines, cur)
			next = []string{it}
		}
		cur = next
	}
	return append(lines, cur)
}
