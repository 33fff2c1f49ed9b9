// Package hierarchy reads hierarchies off trees: distances from a root,
// Neighbor Joining, the hyperbolic minimum spanning tree, and the cell-age
// experiment of the HyperSteiner paper (§5.2).
//
// # Trees and root distances
//
// A Tree is a weighted edge list whose first Terminals vertices are the
// data points and whose other vertices are added points (Steiner points,
// NJ's internal nodes). TreeDistances walks it from a root with an
// explicit stack in O(n) and checks on the way that it is a tree: an edge
// out of range, a NaN, infinite or negative length, a cycle or an
// unreachable vertex is a *TreeError wrapping one of ErrVertexRange,
// ErrLength, ErrCycle or ErrDisconnected. On a tree the path from the root
// is unique, so the Dijkstra search of the paper's code is not needed.
//
// # Neighbor Joining
//
// NeighborJoining is the canonical algorithm of Saitou & Nei (1987) with
// the Q-criterion of Studier & Keppler (1988): O(n²) memory, O(n³) time in
// the worst case, with the minimum of Q found by a RapidNJ-style bounded
// search over lazily sorted rows that selects exactly the pair the
// exhaustive search would (ties broken by node ids), so the result is
// deterministic. Negative branch lengths are clamped to 0. On an additive
// metric NJ recovers the tree and its lengths (bit for bit when the
// arithmetic is exact, as the tests check with dyadic lengths). Its cost
// is measured by BenchmarkNJ (docs/planaria.md lists the figures).
//
// # Hyperbolic MST
//
// MST is Kruskal on the Euclidean Delaunay edges of the points' Poincaré
// images, weighted by hyperbolic distance: hyperbolic circles are Euclidean
// circles in the Poincaré disk, so these edges contain the hyperbolic
// Delaunay graph and with it the MST, in O(n log n) (BenchmarkMSTPlanaria).
//
// # The cell-age experiment
//
// The Planaria data (LoadPlanaria; public, in the folder Data/ of the
// authors' repository github.com/AGarciaCast/HyperSteiner) are 21 452
// cells embedded in the Klein disk and their PAGA pseudotime; cell 0 is
// the root. A Method builds a tree over the cells; Evaluate scores it with
// AgeError, which follows the paper's notebook realExperiments.ipynb
// exactly:
//
//   - ages are the tree distances from the root cell to the cells (the
//     terminals only: Steiner points and NJ's internal nodes are left out,
//     also of the maximum), divided by their maximum;
//   - the ground truth is divided by its maximum, over the same cells;
//   - the error is the Euclidean norm of the difference divided by √n
//     (the notebook's "frobenius" divided by √threshold, which is what its
//     figure and the paper's 0.17 / 0.18 / 0.19 show);
//   - NJ's input is the matrix of hyperbolic distances between the points
//     (the notebook's distance_klein, arccosh of the Klein formula).
//
// Deviations from the notebook, all deliberate: NJ clamps negative branch
// lengths to 0 (Biotite, which the notebook calls, keeps them and works in
// float32); tree distances are exact walks rather than scipy's Dijkstra on
// a dense matrix turned sparse (which drops zero-length edges); the timed
// work is the tree and its root distances in one thread, measured as
// thread CPU time (the notebook's time.time() wall clock also included
// building dense adjacency matrices).
//
// Sweep repeats the experiment on random subsamples, removing a percentage
// of the cells but always keeping the root (KeepCount and Subsample follow
// the notebook's int((100 − p)/100·n) and "root first, then a random
// permutation of the rest"), in parallel over runs with results that do
// not depend on the number of goroutines. WriteTSV and WriteMarkdown
// report the summaries (package figure draws them).
//
// The command "hypersteiner planaria" ties it together: ParseMissing
// (PaperMissing is the paper's sweep), ParseMethods and Methods choose the
// runs, HyperSteinerMethod and BuildHyperSteiner make package sll's trees
// (4-terminal full Steiner trees), NJBytes says what NJ will need.
package hierarchy
