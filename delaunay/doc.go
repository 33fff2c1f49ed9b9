// Package delaunay computes Euclidean and hyperbolic Delaunay triangulations
// with robust geometric predicates.
//
// # Exact predicates
//
// Every combinatorial decision reduces to the sign of one of two
// determinants: Orient (is c left of, right of, or on the line ab?) and
// InCircle (is d inside, outside, or on the circle through a, b, c?).
// Evaluated naively in float64 they return wrong signs for nearly degenerate
// input, and a triangulation built on wrong signs can be invalid or loop
// forever. Here each determinant is first evaluated in float64 together with
// Shewchuk's a-priori bound on its rounding error; when the value exceeds
// the bound its sign is certain, which is the case for nearly all calls.
// Otherwise the determinant is recomputed exactly as a floating-point
// expansion, an unevaluated sum of float64 components built with error-free
// transformations (eft.TwoSum, and eft.TwoProd via fused multiply–add), whose
// sign is that of its largest component. Coordinates of magnitude outside
// [2⁻²⁰⁰, 2²⁰⁰] could underflow or overflow in that arithmetic, so
// predicates on such points are evaluated with math/big.Rat instead. The
// answers are therefore exact for every finite float64 input.
//
// # Euclidean Delaunay triangulation
//
// Triangulate uses a radial sweep: start from a small triangle, add the
// points by increasing distance from its circumcentre, join each point to the
// hull edges it sees and restore the Delaunay property with Lawson edge
// flips. Points that rounding has let arrive inside the current hull are
// located by a walk and split into their triangle or edge, so the output is
// a correct Delaunay triangulation for any input, including grids and other
// sets with many collinear and cocircular points (where the triangulation
// is not unique; a deterministic one is returned). Duplicates and NaN/Inf
// coordinates are reported as typed errors; collinear input yields the path
// through the points. The structure is a set of flat int32 half-edge
// slices, so 10⁶ points take well under a second of CPU time.
//
// # Hyperbolic Delaunay triangulation
//
// Hyperbolic maps points from the Klein disk to the Poincaré disk, where
// hyperbolic circles are exactly the Euclidean circles inside the unit disk.
// It triangulates the images and keeps the triangles whose circumcircle lies
// inside the disk (an exact degree-8 sign test on the image coordinates),
// and classifies every Euclidean Delaunay edge as hyperbolic Delaunay or not
// with an exact test on the pencil of circles through the edge (see
// HyperbolicTriangulation). All Euclidean edges stay available: the
// hyperbolic Delaunay graph is a subgraph of them.
package delaunay
