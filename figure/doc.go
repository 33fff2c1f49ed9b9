// Package figure draws the project's statistical figures as SVG: the
// benchmark plots that set our results beside the paper's (Bench,
// WriteBench) and the Planaria sweep (Sweep).
//
// A Figure is a grid of Panels under a title; a Panel has two Axes
// (linear or logarithmic, ranges and ticks chosen from the data unless
// fixed) and Series: lines through points with optional error bars
// (mean ± sd) or shaded bands, markers and a legend entry. Each panel's
// legend is drawn below its axes, where it hides no data; each panel's
// title, tick labels and axis labels are laid out inside its cell, and
// the data are clipped to the frame, whose range holds every point, error
// bar and band. Series that would overlap are drawn as small multiples
// (one panel per configuration) rather than a dozen lines in one frame.
//
// The SVG is written by hand (package internal/svg) rather than with a
// plotting library, which would load its fonts and image codecs at the
// start of every command of the binary, plotting or not. For PNG or PDF,
// convert the SVG, e.g. rsvg-convert -w 1600 fig.svg > fig.png or
// rsvg-convert -f pdf fig.svg > fig.pdf.
//
// The tests check each figure's geometry (every mark inside its frame,
// every text inside the picture and off every frame); to look at the
// test figures, write them with go test ./figure -args -gallery DIR.
package figure
