// Package draw draws Steiner trees as SVG pictures.
//
// Tree writes a picture of an sll.Tree (the output of sll.Build and of
// exact.Solve): the plane, the edges, the terminals in red and the Steiner
// points in blue, and below them a legend that names the marks, the model
// and the tree's figures (length, MST length, RED, the full Steiner trees
// used, the solver).
//
// A hyperbolic tree is drawn in the Klein disk, where its geodesics are
// straight chords (the model the pipeline computes in), or in the Poincaré
// disk, where they are arcs of circles orthogonal to the boundary and
// angles are true (a Steiner point's three edges visibly meet at 120°). A
// Euclidean tree is drawn on axes in its own units, with one scale for
// both.
//
// The marks shrink as the tree grows, so that ten points are bold and ten
// thousand still read as one connected tree: StyleFor gives the stroke
// and dot sizes for a number of vertices, and its documentation the rule.
//
// The SVG is written by hand (package internal/svg) rather than with a
// plotting library, so that the commands that draw trees, and those that
// draw nothing, do not load fonts and image codecs at start-up. Render it
// to PNG with any SVG renderer, e.g. rsvg-convert -w 1600 tree.svg > tree.png;
// go test ./draw -args -gallery DIR writes the test pictures (10 to 10⁴
// points, both disks, a Euclidean tree) to look at.
package draw
