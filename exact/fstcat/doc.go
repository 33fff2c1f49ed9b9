// Package fstcat concatenates full Steiner trees (FSTs) into a shortest
// Steiner tree: given N terminals and FSTs, each a set of at least two
// terminals with a length, it finds a cheapest set of FSTs that forms a
// spanning tree of the hypergraph — connected, and acyclic:
//
//	Σ_F (|F| − 1) = N − 1,   Σ_{F} max(0, |F ∩ S| − 1) ≤ |S| − 1 for every S.
//
// It knows nothing of geometry: the FSTs may come from the Euclidean plane
// (package efst), the hyperbolic plane or anything else, and only their
// terminal sets and lengths matter. A Steiner minimal tree is the union of
// its full components, so when the FSTs include those of some Steiner
// minimal tree, the best spanning tree is one.
//
// # Method
//
// The method is GeoSteiner's (D. M. Warme, Spanning trees in hypergraphs
// with applications to Steiner trees, PhD thesis, University of Virginia,
// 1998; D. M. Warme, P. Winter and M. Zachariasen, Exact algorithms for
// plane Steiner tree problems: a computational study, 2000): branch and
// cut on the LP relaxation with a variable x_F ∈ [0, 1] per FST, the degree
// equation, one cutset row Σ_{F∋t} x_F ≥ 1 per terminal, and subtour
// elimination constraints (SECs) added as they are violated. A SEC's
// violation at x is 1 + Σ_{v∈S} (Σ_{F∋v} x_F − 1) − Σ_{F∩S≠∅} x_F, a
// closure problem: each separation round solves one minimum cut per
// terminal (forced into S, the terminals forced before it kept out), so a
// violated SEC is found whenever one exists; components of a disconnected
// support are cut first. FSTs on equal terminal sets are merged (the
// shortest stands for all). Branching fixes a most fractional x_F to 1,
// then to 0; open nodes are taken best bound first, diving on the first
// child; at the root, reduced costs fix variables for good.
//
// The LPs are solved by a dual simplex method with bounded variables
// written for this purpose: every variable, structural or logical (row
// activity), has finite bounds, so a basis is made dual feasible by moving
// nonbasic variables to the right bound; this makes restarts after new
// rows (cuts) or new bounds (branching) immediate. Pricing is by dual
// steepest edge, the ratio test flips bounds while the dual objective
// rises, the basis is factorised as a dense LU of its structural kernel
// (at most as large as the number of basic FSTs, whatever the number of
// cuts) with product-form updates, and degenerate cycling is broken by
// perturbing costs.
//
// # Certified bounds
//
// No floating-point LP value is trusted. Whatever multipliers y the simplex
// ends with, every x in the box 0 ≤ x ≤ 1 (or the node's fixings) with
// L ≤ A·x ≤ U costs
//
//	cᵀx ≥ Σᵢ min(yᵢLᵢ, yᵢUᵢ) + Σⱼ min(rⱼlⱼ, rⱼuⱼ),   r = c − Aᵀy
//
// (A. Neumaier and O. Shcherbina, Safe bounds in linear and mixed-integer
// linear programming, Math. Program. 99, 2004). A and its row bounds are
// integers; the right side is evaluated with every rounding directed
// downwards, with c the lower ends of the FST length enclosures
// (FST.Lo), so it bounds the true lengths. Pruning, reduced-cost fixing
// and the reported LowerBound use only such bounds; an LP is declared
// infeasible only when the same bound with c = 0 is positive for its dual
// ray. Integral solutions are checked combinatorially, and a tree's length
// is reported with the upper ends of the enclosures (Result.UpperBound),
// so that "optimal within RelGap" — (UpperBound − LowerBound)/UpperBound
// ≤ RelGap — is a proof about the true lengths.
//
// A time or node limit stops the search with the best tree found and the
// least bound over the open nodes: the gap is then still certified.
package fstcat
