package sll

import (
	"bufio"
	"fmt"
	"io"
	"math"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// SVGOptions configure WriteSVG.
type SVGOptions struct {
	// Model draws a hyperbolic tree in the "klein" disk (geodesics are
	// chords; the default) or the "poincare" disk (geodesics are circular
	// arcs orthogonal to the boundary). Euclidean trees ignore it.
	Model string
	// Delaunay draws the triangulation's edges dashed (Tree.DelaunayEdges,
	// kept by Options.KeepMesh).
	Delaunay bool
	// Size is the picture's width and height in pixels (default 800).
	Size int
}

// WriteSVG draws the tree: terminals red, Steiner points blue, edges dark,
// the Delaunay edges dashed (the paper's Figure 1). Marker sizes and stroke
// widths shrink with the number of vertices so that 10 and 10⁴ points are
// both legible.
func WriteSVG(w io.Writer, t *Tree, opt SVGOptions) error {
	size := float64(opt.Size)
	if size <= 0 {
		size = 800
	}
	poincare := t.Space == "hyperbolic" && opt.Model == "poincare"
	if opt.Model != "" && opt.Model != "klein" && opt.Model != "poincare" {
		return fmt.Errorf("sll: unknown drawing model %q (klein or poincare)", opt.Model)
	}
	pts := make([]hyperbolic.Point, len(t.Vertices))
	for i, v := range t.Vertices {
		pts[i] = v
		if poincare {
			p, err := hyperbolic.KleinToPoincare(v)
			if err != nil {
				return fmt.Errorf("sll: vertex %d: %w", i, err)
			}
			pts[i] = hyperbolic.Point(p)
		}
	}
	// World → screen: the unit disk for hyperbolic trees, the bounding box
	// for Euclidean ones.
	cx, cy, scale := 0.0, 0.0, 1.0
	margin := 0.04 * size
	if t.Space != "hyperbolic" {
		minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, p := range pts {
			minX, maxX = math.Min(minX, p.X), math.Max(maxX, p.X)
			minY, maxY = math.Min(minY, p.Y), math.Max(maxY, p.Y)
		}
		if len(pts) == 0 {
			minX, minY, maxX, maxY = -1, -1, 1, 1
		}
		cx, cy = (minX+maxX)/2, (minY+maxY)/2
		scale = math.Max(maxX-minX, maxY-minY) / 2
		if scale == 0 {
			scale = 1
		}
	}
	half := size/2 - margin
	sx := func(p hyperbolic.Point) (float64, float64) {
		return size/2 + half*(p.X-cx)/scale, size/2 - half*(p.Y-cy)/scale
	}
	n := float64(len(t.Vertices))
	radius := math.Max(0.8, math.Min(5, 60/math.Sqrt(n+1)))
	stroke := math.Max(0.3, math.Min(2, 15/math.Sqrt(n+1)))

	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" viewBox="0 0 %g %g">`+"\n", size, size, size, size)
	fmt.Fprintf(bw, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	if t.Space == "hyperbolic" {
		fmt.Fprintf(bw, `<circle cx="%g" cy="%g" r="%g" fill="none" stroke="#888" stroke-width="1"/>`+"\n", size/2, size/2, half)
	}
	segment := func(p, q hyperbolic.Point) string {
		x1, y1 := sx(p)
		x2, y2 := sx(q)
		if poincare {
			if c, r, ok := orthogonalCircle(p, q); ok {
				cxs, cys := sx(c)
				rs := r * half
				cross := (x1-cxs)*(y2-cys) - (y1-cys)*(x2-cxs)
				sweep := 0
				if cross > 0 {
					sweep = 1
				}
				return fmt.Sprintf(`M%.2f %.2fA%.2f %.2f 0 0 %d %.2f %.2f`, x1, y1, rs, rs, sweep, x2, y2)
			}
		}
		return fmt.Sprintf(`M%.2f %.2fL%.2f %.2f`, x1, y1, x2, y2)
	}
	if opt.Delaunay && len(t.DelaunayEdges) > 0 {
		fmt.Fprintf(bw, `<path fill="none" stroke="#aaa" stroke-width="%g" stroke-dasharray="%g %g" d="`, stroke*0.6, 3*stroke, 2*stroke)
		for _, e := range t.DelaunayEdges {
			if int(e[0]) < t.Terminals && int(e[1]) < t.Terminals {
				bw.WriteString(segment(pts[e[0]], pts[e[1]]))
			}
		}
		bw.WriteString("\"/>\n")
	}
	fmt.Fprintf(bw, `<path fill="none" stroke="#222" stroke-width="%g" d="`, stroke)
	for _, e := range t.Edges {
		bw.WriteString(segment(pts[e[0]], pts[e[1]]))
	}
	bw.WriteString("\"/>\n")
	dot := func(i int, color string) {
		x, y := sx(pts[i])
		fmt.Fprintf(bw, `<circle cx="%.2f" cy="%.2f" r="%.2f" fill="%s"/>`+"\n", x, y, radius, color)
	}
	for i := t.Terminals; i < len(pts); i++ {
		dot(i, "#1f77b4")
	}
	for i := 0; i < t.Terminals; i++ {
		dot(i, "#d62728")
	}
	fmt.Fprintf(bw, `<text x="%g" y="%g" font-family="sans-serif" font-size="%g" fill="#333">%s, %d terminals, %d Steiner points, RED %.2f%%</text>`+"\n",
		margin/2, size-margin/4, math.Max(10, size/60), t.Space, t.Terminals, t.SteinerPoints(), t.RED())
	bw.WriteString("</svg>\n")
	return bw.Flush()
}

// orthogonalCircle returns the circle through p and q (Poincaré disk)
// orthogonal to the unit circle: the geodesic through them. ok is false
// when p, q and the origin are collinear (the geodesic is a diameter).
func orthogonalCircle(p, q hyperbolic.Point) (c hyperbolic.Point, r float64, ok bool) {
	// c·p = (1+|p|²)/2 and c·q = (1+|q|²)/2.
	det := p.X*q.Y - p.Y*q.X
	scale := math.Hypot(p.X, p.Y) * math.Hypot(q.X, q.Y)
	if math.Abs(det) <= 1e-9*scale || scale == 0 {
		return c, 0, false
	}
	bp := (1 + p.X*p.X + p.Y*p.Y) / 2
	bq := (1 + q.X*q.X + q.Y*q.Y) / 2
	c = hyperbolic.Point{X: (bp*q.Y - bq*p.Y) / det, Y: (p.X*bq - q.X*bp) / det}
	r2 := c.X*c.X + c.Y*c.Y - 1
	if r2 <= 0 {
		return c, 0, false
	}
	return c, math.Sqrt(r2), true
}
