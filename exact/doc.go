// Package exact computes Steiner minimal trees of a few terminals exactly
// (up to floating-point rounding, with a certified optimality gap), in the
// hyperbolic plane (Klein model) and in the Euclidean plane.
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
// Solve enumerates topologies by Smith's branch and bound (W. D. Smith,
// How to find Steiner minimal trees in Euclidean d-space, Algorithmica 7,
// 1992): terminals are inserted one at a time, each into one of the
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
// Full topologies near the best are then settled exactly: Gauss–Seidel
// sweeps move each Steiner point to the Fermat point of its neighbours, or
// onto the neighbour where they have none, so that degenerate edges
// shrink to exactly zero, and Newton steps polish the rest. There the
// subgradient bound L(x*) ≥ L(x) − ‖g‖·R holds with g chosen in the
// subdifferential (a free vector of norm ≤ 1 on each zero-length edge,
// chosen to cancel as much of the gradient as possible), which is tight
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
// instances of 10 points to tens of milliseconds (a symmetric 3×3 grid plus
// one point takes about a second). MaxTerminals caps the input.
//
// Gap measures how far the heuristic of package sll is from optimal on
// random small instances.
package exact
