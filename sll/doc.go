// Package sll builds heuristic Steiner trees with the Smith–Lee–Liebman
// algorithm (the HyperSteiner paper's Algorithm 1) in the hyperbolic plane
// (Klein model) and in the Euclidean plane.
//
// # Quick start
//
// Points are Klein coordinates (convert other models with package
// hyperbolic, or read files with package pointio); the zero Options build
// a hyperbolic tree with the default Fermat strategy ("auto"):
//
//	pts := []hyperbolic.Point{{X: 0.5, Y: 0}, {X: -0.25, Y: 0.433}, {X: -0.25, Y: -0.433}}
//	tree, err := sll.Build(pts, sll.Options{})
//	if err != nil {
//		return err // a point outside the disk, two equal points, …
//	}
//	fmt.Println(tree.Length, tree.SteinerPoints(), tree.Vertices[tree.Terminals:])
//
// Options{Space: sll.Euclidean()} builds a Euclidean tree instead, and
// Options{Space: sll.Hyperbolic(s)} uses the strategy s (fermat.ByName).
// package treecert proves what the tree claims; json.Marshal(tree) writes
// the tree file the commands write.
//
// # The pipeline
//
// Build(points, Options) runs, for a Space:
//
//  1. Delaunay triangulation. In the hyperbolic plane: the Euclidean
//     Delaunay triangulation of the Poincaré images (package delaunay,
//     exact predicates); its edges contain the hyperbolic Delaunay graph, so
//     the MST is searched on all of them, while full Steiner trees are tried
//     only on the hyperbolic Delaunay triangles (empty hyperbolic
//     circumcircle).
//  2. Kruskal's minimum spanning tree on those edges (sorted on a cheap
//     increasing function of the distance; ties by index).
//  3. Every triangle holding two MST edges gets its 3-terminal full Steiner
//     tree from the space's Fermat strategy, kept when it is shorter than
//     the triangle's two MST edges (ratio ρ < 1).
//  4. With FST 4, every such triangle and a neighbour that together hold
//     three MST edges get the 4-terminal full Steiner tree of the two
//     topologies across their shared side, the shorter kept. A topology
//     is not solved when the plane proves (plane.FourBounder) that its
//     trees are too long to be ever taken in step 5 — not below the local
//     MST, or not below the ratio of a 3-terminal candidate of the pair,
//     which step 5 considers first — or that it has no full tree at all.
//     These skips never change the tree: only candidates that step 5
//     would pass over, or that do not exist, are left out.
//  5. Greedy concatenation: candidates by increasing ρ, each taken when its
//     terminals lie in distinct components, then the MST edges.
//
// Steps 3 and 4 run on Options.Workers goroutines; every result has its
// slot (step 4, whose candidates are few, lists them per worker with the
// place of their pair and merges the lists by it), so the tree does not
// depend on the number of workers or on GOMAXPROCS.
//
// # Fermat points and the strategy interface
//
// The pipeline sees Fermat-point solvers only through FermatSolver (an
// alias of fermat.Solver: Name and Fermat(a, b, c) → point, Status).
// Existence of a Steiner point is decided exactly by the strategies (all
// angles below 120°); a Steiner point within the chart's float64 resolution
// of a terminal means the tree is not full. The Euclidean plane uses the
// closed form (Torricelli, with the same exact existence test).
//
// # Four terminals
//
// The two Steiner points of the topology (p,q | r,s) are the fixed point of
// the Halverson–Lewis alternation a = F(p,q,b), b = F(r,s,a). In the
// hyperbolic plane they are computed directly: an isometry centres the
// quad, Melzak's Euclidean construction gives the start, and Newton's
// method solves isoptic's coupled φ system; a root is accepted only if it
// is a genuine full tree (both third angles 120°, no coincidences). When
// Newton does not converge, a convexity certificate proves degeneracy or
// the accelerated alternation decides. The Steiner points of accepted
// 4-terminal trees are passed once more through the strategy, so that a
// certifying strategy certifies them too.
//
// # After concatenation
//
// Options.Reoptimize runs Reoptimize (Steiner points moved to the Fermat
// points of their neighbours, collapses at wide angles, local topology
// moves, never longer) and settles every Steiner point at the Fermat point
// of its neighbours to rounding, so that verify tree certifies them.
//
// # Output
//
// A Tree has the terminals first, in input order, then the Steiner points;
// edges with their lengths (compensated sums for the totals); the MST
// length, RED, the counts of 3- and 4-terminal trees used, and Stats on
// what each stage did and how long it took. Tree.MarshalJSON writes the
// design card's JSON; package draw draws it.
package sll
