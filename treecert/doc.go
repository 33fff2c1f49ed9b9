// Package treecert certifies Steiner trees: it proves, or refutes, every
// claim a tree file makes — the last stage of the pipeline, shared by
// `verify tree`, the self-check of `hypersteiner tree` and `exact`, and
// the tests.
//
// # What a tree claims
//
// A tree file (the JSON of sll.Tree) makes these claims, each checked
// against exact values (the float64 coordinates taken as the dyadic
// rationals they are, every enclosure computed with outward rounding):
//
//   - structure: the edges form a tree on the vertices; the first
//     "terminals" vertices are the input points, the others Steiner
//     points; no vertex lies outside the plane;
//   - Steiner points: each has degree 3 and lies within the tolerance of
//     the Fermat point of its three neighbours as stored — the tolerance
//     is Tol (certify.DefaultFermatTol = 1e-10 unless asked) times the
//     size of their triangle (its largest coordinate difference) plus
//     four units in the last place of the coordinates, in the max norm of
//     the plane's coordinates; the Fermat point is proved to exist and is
//     enclosed by a Krawczyk box (certify.FermatProver), so "certified"
//     is a proof and the reported radius a rigorous bound. A Steiner point
//     whose neighbours have no Fermat point (an angle ≥ 120°, decided
//     exactly) fails;
//   - declared exceptions: a Steiner point the file lists in "unproved"
//     with a radius r claims the Fermat point within r instead (what
//     float64 can hold near the ideal boundary), which is proved like the
//     default claim; one listed without a radius claims nothing, and is
//     reported as declared unproved — not a failure unless Strict;
//   - lengths: every stored edge length, the total "length" and
//     "mst_length" (the length of a minimum spanning tree of the
//     terminals) lie within LengthRelTol (1e-13, the documented accuracy
//     of the distances) of their exact values, which are enclosed;
//     "ratio" is length/mst_length and "red_percent" (1 − ratio)·100 as
//     float64 computes them from the stored values; "fst3" and "fst4"
//     count the full components with one and with two Steiner points.
//
// At every vertex the smallest angle between its edges is enclosed and
// compared with 120° exactly, for the report (an angle below 120° at a
// terminal means the tree could be shorter, not that a claim is false).
//
// Check returns a Report that lists every failure with the vertex it is
// about; Report.OK is true when every claim holds. The float64 interval
// path decides almost everything; big.Float at rising precision takes
// over where float64 cannot (tiny scales, points near the ideal boundary).
// The report does not depend on the number of workers.
package treecert
