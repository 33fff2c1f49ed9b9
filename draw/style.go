package draw

import "math"

// Style holds the sizes of the marks of a tree picture, in pixels of a
// picture of the reference width (RefWidth); Tree scales them with the
// width it draws at.
type Style struct {
	Edge     float64 // stroke width of a tree edge
	Terminal float64 // radius of a terminal's dot
	Steiner  float64 // radius of a Steiner point's dot
}

// RefWidth is the width, in pixels, that StyleFor's sizes are meant for.
const RefWidth = 800

// StyleFor returns the marks for a tree of n vertices (terminals and
// Steiner points):
//
//	Edge     = 40/√n clamped to [0.6, 2.5]
//	Terminal = 60/√n clamped to [0.8, 5]
//	Steiner  = 0.8·Terminal
//
// so that a handful of points get bold edges and dots, and 10⁴ points
// still get edges of 0.6 px (at 800 px wide), dark enough to render as
// one connected line, under dots that stay below three edge widths
// across: in a large tree the edges, not the dots, draw the shape.
func StyleFor(n int) Style {
	r := math.Sqrt(float64(max(n, 1)))
	term := clamp(60/r, 0.8, 5)
	return Style{Edge: clamp(40/r, 0.6, 2.5), Terminal: term, Steiner: 0.8 * term}
}

func clamp(x, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, x)) }

// scaled returns the style for a picture width pixels wide.
func (s Style) scaled(width float64) Style {
	f := width / RefWidth
	return Style{Edge: s.Edge * f, Terminal: s.Terminal * f, Steiner: s.Steiner * f}
}
