// Package exact computes Steiner minimal trees exactly (up to
// floating-point rounding, with a certified optimality gap): of up to
// MaxHyperbolicTerminals terminals in the hyperbolic plane (Klein model;
// beyond about 20, within a time limit that returns the best tree and its
// proved gap), of up to MaxEuclideanTerminals in the Euclidean plane.
//
// # Method
//
// Every Steiner minimal tree (SMT) of n terminals is a full Steiner
// topology on all n terminals — a tree whose leaves are the terminals and
// whose n − 2 inner vertices (Steiner points) have degree 3 — with some
// edges shrunk to length zero. For a fixed topology the tree length
//
//	L(x) = Σ_{edges ij} d(xᵢ, xⱼ)
//
// is a convex function of the Steiner points x (geodesically convex in
// the hyperbolic plane: the product of hyperbolic planes is a Hadamard
// manifold, where distance functions are convex), so its minimum, the
// relaxed length of the topology, is found by descent. The SMT is the
// topology of least relaxed length.
//
// Solve (Method BranchAndBound, the default) enumerates topologies by
// Smith's branch and bound (W. D. Smith, How to find Steiner minimal trees
// in Euclidean d-space, Algorithmica 7, 1992): terminals are inserted one at a time, each into one of the
// 2j − 3 edges of a topology of the first j, and inserting a terminal never
// shortens the relaxed tree (delete the new leaf and its Steiner point from
// any tree of the larger topology: what is left is a tree of the smaller
// one, not longer). A partial topology whose relaxed length is provably at
// least the best tree found so far is discarded with all its extensions.
//
// Most relaxed minima are degenerate (edges of length zero), where L is
// not differentiable. The relaxed length is therefore computed on the
// smoothed length L_ε = Σ √(d² + ε²), by damped Riemannian Newton steps for
// ε shrinking from 1e-2 to 1e-9 of the terminals' diameter. Pruning needs a
// lower bound, not the descent's upper bound: for convex L_ε,
//
//	min L ≥ min L_ε − mε ≥ L_ε(x) − ‖∇L_ε(x)‖·R − mε    (m edges),
//
// where R bounds the distance from x to the minimiser: each optimal
// Steiner point lies in the convex hull of the terminals, hence within
// max_t d(xᵢ, t) of xᵢ. The bound is made safe against rounding with the
// documented accuracy of the distance (relative error below 1e-13), so
// that pruning never discards the optimum; it only loses power when two
// topologies are within about 1e-8 of each other.
//
// Smith inserts the terminals in one fixed order. Solve chooses, at each
// topology, which terminal to insert next (strong branching): it relaxes
// the children for every terminal not yet inserted and branches on the one
// whose unpruned children are the fewest and nearest the incumbent (the
// least sum, over them, of the incumbent minus their relaxed length). Any
// order is correct: a full topology of all terminals restricts (delete
// the other leaves, suppress the vertices of degree 2) to exactly one full
// topology of the terminals inserted, so
// the children of a topology, whichever terminal they insert, split its
// extensions among them. The trials are not lost: inserting terminal t
// into an edge of a child, where t was pruned one level up, is discarded
// without relaxing it. Deleting the child's own new leaf turns that
// topology into the parent with t in the edge it came from (the edge the
// child's Steiner point split, for the two halves of that edge and the new
// leaf's edge; the same edge otherwise), and deleting a leaf never
// lengthens the relaxed tree. On four sets of 18 terminals of G(0, 0.5)
// this relaxed 4 to 29 times fewer topologies than the fixed order and ran
// 4 to 26 times faster; on 11 terminals on a ring near the ideal boundary
// it was 7–13 % slower (Options.StaticOrder keeps the fixed order, for
// comparisons; docs/results.md has the figures).
//
// Full topologies near the best are then settled exactly: Gauss–Seidel
// sweeps move each Steiner point to the Fermat point of its neighbours, or
// onto the neighbour where they have none, so that degenerate edges
// shrink to exactly zero, and Newton steps polish the rest. Points that
// coincide move together: one at a time, two coincident Steiner points
// can each be at their best while the pair is not (moving either alone
// opens the edge between them), so a cluster of coincident points is
// moved onto a neighbour when that shortens the tree, and otherwise
// takes Newton steps as one point. There the
// subgradient bound L(x*) ≥ L(x) − ‖g‖·R holds with g chosen in the
// subdifferential (a free vector of norm ≤ 1 on each zero-length edge,
// chosen leaves first to cancel what it can of the gradient), which is tight
// to rounding at the optimum.
//
// The result reports the best tree and the least lower bound over all the
// topologies not discarded: its gap to the tree's length is a certificate
// of optimality (modulo the rounding allowance). Each Steiner point of the
// result is then certified to be the Fermat point of its three neighbours
// (within 1e-10 of the triangle's size): by certify.CertifyFermat in the
// hyperbolic plane, by a Krawczyk proof on the Euclidean ψ system (package
// certify's Prover) and a sign test in the Euclidean plane. A point that
// sits on a terminal up to rounding (an exactly 120° configuration, such
// as a symmetric grid) is reported uncertified.
//
// Cost grows like (2n − 5)!! in the worst case; the pruning keeps random
// instances of 10 points fast, symmetric ones (grids) are the slowest
// (docs/results.md has the figures). MaxHyperbolicTerminals caps the
// input in the hyperbolic plane; Options.TimeLimit (or MaxNodes) stops
// the search early, and then Solve returns the best tree it knows — the
// heuristic's, re-optimised and settled, when no topology searched beat
// it — with the lower bound that covers the unexplored topologies. The
// search is depth first (little memory, and incumbents early), which
// leaves open the siblings of each topology on its path, the shallow ones
// far below the optimum; so the last quarter of the limits goes to
// expanding, best first, the open topology of least bound (at most 2¹⁸
// open), which raises the bound a stopped search proves: on 30 terminals
// (one set of each of the gap preset's distributions) stopped after 60 s,
// from 40–47 % below the tree to 15–32 %.
// A topology's bound also bounds every topology below it (deleting the
// inserted terminals never lengthens the relaxed tree), and children
// start from it.
//
// # Hundreds of terminals in the Euclidean plane
//
// Options.Method = EFST (ParseMethod("efst")), which Solve also uses for
// every Euclidean input of more than MaxTerminals terminals, is
// GeoSteiner's method proper: package efst generates the full Steiner
// trees from equilateral points with certified interval pruning and
// exact Steiner points in Q(√3), and package fstcat concatenates them by
// linear programming with subtour cuts inside a branch and bound, with a
// lower bound recomputed in outward-rounded arithmetic. The result is the
// same sll.Tree (Steiner points rounded to float64 from the exact ones,
// certified by the same self-check) with that lower bound; a
// concatenation stopped by Options.TimeLimit keeps its best tree and the
// bound proved so far (at least half the minimum spanning tree).
//
// # Concatenation of full Steiner trees
//
// Options.Method = Concatenation (ParseMethod("fst")) computes the same
// tree the way GeoSteiner does (Winter & Zachariasen, Euclidean Steiner
// minimum trees: an improved exact algorithm, Networks 30, 1997), as a
// cross-check of the branch and bound. Every SMT is the union of full Steiner trees (FSTs): maximal
// subtrees whose leaves are terminals and whose inner vertices are
// Steiner points, joined at terminals. Each FST of an SMT on a terminal
// set S is itself an SMT of S, non-degenerate (no edge of length zero),
// and passes tests that hold in any metric space, so in both planes:
//
//   - bottleneck length: with M the minimum spanning tree of all
//     terminals and b(u, v) the longest edge on the path from u to v in
//     M, the FST is no longer than MST_b(S), the spanning tree of S
//     under b (≤ MST(S)). Delete the FST from the SMT; the edges of M
//     reconnect the |S| parts at no more than that.
//   - bottleneck edges: the longest edge on the FST's path between
//     terminals u and v is at most b(u, v).
//   - lune: no terminal lies strictly inside the lune of an edge xy, the
//     points closer than d(x, y) to both x and y.
//
// The generation visits the subsets S of ≥ 3 terminals by increasing
// size. For each it runs the branch and bound above on the terminals of
// S, with the incumbent started at U = min(MST_b(S), the best tree of S
// concatenated from smaller FSTs, and for S = all terminals the
// heuristic's length) and lowered to the shortest full tree found: a
// partial topology whose relaxed length provably reaches U is discarded
// with its extensions (the relaxed length only grows by insertion), and
// the full topologies whose bound stays below the least relaxed length of
// S are the candidates (usually one; ties, as in a square, give more). A
// subset is skipped without a search when S − {t}, for some t, already
// has an SMT at least U long (a tree of S contains one of S − {t}).
// Candidates are then filtered:
//
//   - degenerate: polishing left a Steiner point exactly on a neighbour.
//     Polishing puts it there exactly when the existence predicate
//     (isoptic.SteinerExists, sll.EuclideanAngleBelow120: exact in
//     rational arithmetic) finds an angle ≥ 120° in the triangle of its
//     neighbours; a zero-length edge is an exact zero, never a small one.
//   - lune and bottleneck edges, on the computed Steiner points, a
//     violation having to exceed the distances' error bound (1e-13
//     relative each).
//   - undecided: a Steiner point not certified to be the Fermat point of
//     its neighbours. In an exactly 120° configuration (a grid) the
//     predicate, evaluated at neighbours that are off by rounding, may
//     find an angle just below 120° and leave the point within 1e-16 of
//     the terminal; whether the topology is degenerate cannot then be
//     decided from floats, and the candidate is not kept (its degenerate
//     tree is a concatenation of smaller FSTs anyway).
//
// Pairs of terminals are the single-edge FSTs; they are kept when the
// bottleneck and lune tests pass, decided exactly (distances compared as
// squared Euclidean distances or squared hyperbolic cosines in big.Rat
// when the float64 ones cannot tell; M is built with those comparisons).
//
// The concatenation is a dynamic programme over subsets instead of a
// search: a tree of S that is not full splits at a terminal t into trees
// of A and B with A ∩ B = {t} and A ∪ B = S, so the best tree of S
// concatenated from kept FSTs is the better of its best kept FST and the
// best split (3ⁿ·n/2 additions: 10⁶ at n = 12). Because it is exact, the
// 120° condition where two FSTs meet at a terminal is not needed to prune
// it.
//
// The lower bound is the same programme over lower bounds: each subset S
// weighs the least lower bound of its candidates (+∞ when it has none,
// since then no full topology of S is short enough), including the
// degenerate, undecided and lune- or bottleneck-failed ones, so that it
// rests only on the length tests and on the exact pair tests, not on the
// tests of computed Steiner points. A wrong discard by those could only
// lengthen the returned tree and would show as a gap. For a candidate
// with a Steiner point within rounding of a neighbour the subgradient
// bound is also evaluated with the point moved onto the neighbour (the
// bound holds at any positions), which makes it tight.
//
// The concatenation searches about 2ⁿ subsets, each by a branch and bound
// on its own terminals, and is several times slower than the branch and
// bound on all terminals (docs/results.md); the two agree on every
// instance tested (the
// OR-Library estein10 set, random hyperbolic and Euclidean instances,
// regular polygons, grids).
//
// Gap measures how far the heuristic of package sll is from optimal on
// random instances (up to MaxTerminalsIn the plane).
package exact
