// Package efst generates the full Steiner trees (FSTs) of a set of
// terminals in the Euclidean plane that may be part of a Steiner minimal
// tree, the way GeoSteiner does (P. Winter and M. Zachariasen, Euclidean
// Steiner minimum trees: an improved exact algorithm, Networks 30, 1997;
// D. M. Warme, P. Winter and M. Zachariasen, Exact algorithms for plane
// Steiner tree problems: a computational study, 2000), and Solve
// concatenates them into a Steiner minimal tree with package fstcat.
//
// # Equilateral points
//
// Melzak's construction replaces two subtrees joined at a Steiner point S
// by the apex E of the equilateral triangle on their roots: S lies on the
// circle through the roots and E, on the arc between the roots where they
// are seen under 120°, and the subtrees with their edges to S are exactly
// |S − E| long. Equilateral points are built bottom-up by size from pairs
// of smaller ones with disjoint terminals; an FST is a terminal t joined to
// an equilateral point E of the other terminals, of length |t − E|, with S
// where the segment from t to E crosses the arc.
//
// Each equilateral point carries the part of its arc where S may lie,
// parametrised by where the ray from E through S crosses the segment
// between the roots. It shrinks under the classical tests, each a
// property of every SMT:
//   - projection: S must see the feasible arc of each root that is an
//     equilateral point (the root's Steiner point lies on the segment from
//     S to the root) and lie outside the root's circle;
//   - bottleneck Steiner distance: each edge from S is no longer than the
//     bottleneck distance (the longest edge on the minimum spanning tree
//     path) between any terminal on one side and any on the other;
//   - lune: no terminal lies strictly inside the lune of an edge from S
//     (to a terminal root, or to the Steiner point of a root);
//   - upper bound: the subtrees cost |S − E|, while other trees join S and
//     the terminals for less — S to the nearest terminal plus the
//     terminals' bottleneck minimum spanning tree; S to both ends of its
//     arc, each end to its side's nearest terminal, each side's bottleneck
//     tree; a Euclidean minimum spanning tree of the arc's ends, its
//     midpoint and the terminals. Applied to parts of the arc, the test
//     cuts its ends where it is proved;
//   - wedge: the rest of any FST through S lies, near S, in the 120° wedge
//     around the third edge, and following the turns back towards that
//     edge reaches a terminal in each half of the wedge: an equilateral
//     point without such terminals cannot grow.
//
// Each FST is generated once, as its terminal of largest index joined to
// the equilateral point of the others; so an equilateral point holding the
// last terminal is not kept. Equilateral points are paired only when the
// regions their parents' Steiner points may occupy (within the longest
// minimum spanning tree edge beyond their arcs, in the cone from E) meet.
//
// Candidate FSTs are tested as whole trees: every edge against the
// bottleneck distance of the terminals it separates and against the lune
// property, the length against the bottleneck minimum spanning tree of the
// terminals. The single-edge FSTs are the edges of a minimum spanning
// tree (an SMT edge between terminals can be exchanged for one of them).
//
// # Exactness
//
// Nothing is discarded on a guess. Positions, arc ends and lengths are
// carried as intervals with outward rounding that contain the exact
// values; a test discards or shrinks only when the intervals prove it,
// and arc ends are rounded outwards, so an undecided test keeps more than
// needed, never less. Whether a candidate is a valid FST (every Steiner
// point strictly inside its arc and strictly between its neighbours, so
// that no edge has length zero) is decided exactly: by the intervals when
// they decide, otherwise in Q(√3), where equilateral points, circle centres
// and Steiner points of a rational input all lie (a rotation by 60° has
// entries ±1/2, ±√3/2, and a line through a known point of a circle meets
// it again at a rational function of the data). The minimum spanning tree
// is exact too (distances compared in rational arithmetic when floats
// cannot tell). Every decision is relative to the data or exact, so the
// generation commutes with scaling by powers of two.
//
// Each FST reports an enclosure [Lo, Hi] of its exact length, which the
// concatenation uses for its certified lower bound; Solve also proves, in
// Q(√3), that the Steiner points of the tree it returns meet at exactly
// 120°.
//
// Positions are kept relative to one of the terminals involved (the
// difference of nearby coordinates is exact), so a cluster far from the
// origin is resolved at its own scale. Exactly degenerate configurations —
// many collinear or cocircular terminals — put terminals exactly on lune
// boundaries and edges exactly at their bottleneck distances, where the
// strict tests cannot discard: the result stays exact, the generation is
// slower.
package efst
