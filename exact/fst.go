package exact

import (
	"math"
	"slices"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// fstTree is a full Steiner tree on a subset of the terminals: local
// vertex v < len(terms) is terminal terms[v] (input index), vertex
// len(terms) + i is Steiner point st[i].
type fstTree struct {
	mask   uint32
	terms  []int
	st     []hyperbolic.Point
	edges  [][2]int32
	length float64 // computed length of the tree
	lb     float64 // lower bound of its topology's relaxed length
}

// subsetSearch finds the full topologies of the terminals in S (local
// indices 0…k−1 of sub) whose relaxed length may be the least over all
// full topologies of S and below ub: Smith's insertion with the bound of
// package doc, the incumbent being the shortest full tree found so far.
// It returns the candidates (polished: Steiner points settled exactly,
// lower bounds tight) and the final bound: every full topology of S not
// returned has relaxed length at least that bound.
func subsetSearch(g geom, sub []hyperbolic.Point, ub float64, static bool, st *stats) (cands []*node, final float64) {
	s := &solver{g: g, term: sub, ub: ub, lbMin: math.Inf(1), keepTies: true, static: static}
	s.ord = insertionOrder(g, sub)
	s.scale = g.dist(sub[s.ord[0]], sub[s.ord[1]])
	k := int32(len(sub))
	root := &node{ord: slices.Clone(s.ord[:3])}
	root.edges = [][2]int32{{s.ord[0], k}, {s.ord[1], k}, {s.ord[2], k}}
	root.nbr = [][3]int32{{s.ord[0], s.ord[1], s.ord[2]}}
	c, ok := g.minimiser([3]hyperbolic.Point{sub[s.ord[0]], sub[s.ord[1]], sub[s.ord[2]]})
	if !ok {
		c = sub[s.ord[0]]
	}
	root.st = []hyperbolic.Point{c}
	s.stats.Nodes++
	switch {
	case s.relax(root, k == 3):
		s.stats.Pruned++
	case k == 3:
		s.retain(root)
	default:
		s.expand(root)
	}
	for _, c := range s.cands {
		if c.lb <= s.ub {
			cands = append(cands, c)
		}
	}
	st.Nodes += s.stats.Nodes
	st.Pruned += s.stats.Pruned
	st.Leaves += s.stats.Leaves
	st.Inherited += s.stats.Inherited
	st.Sweeps += s.stats.Sweeps
	st.FermatSolves += s.stats.FermatSolves
	return cands, s.ub
}

// retain polishes a relaxed full topology and keeps it while its lower
// bound stays below the incumbent; a shorter tree becomes the incumbent.
func (s *solver) retain(c *node) {
	s.stats.Leaves++
	s.polish(c)
	s.snapBound(c)
	if c.lb > s.ub {
		s.stats.Pruned++
		return
	}
	s.ub = min(s.ub, c.f)
	s.cands = append(s.cands, c)
}

// snapBound tightens the lower bound of a polished topology whose bound
// stayed loose: a Steiner point within rounding of a neighbour (an exactly
// 120° configuration, where the existence predicate evaluated at
// neighbours that are off by rounding finds an angle just below 120°)
// leaves a gradient of unit vectors towards a point at distance ~1e-17,
// which no step can cancel. The subgradient bound of lower holds at any
// positions, so it is evaluated again with each Steiner point closer to a
// neighbour than the bound's gap moved onto that neighbour, where the
// zero-length edge's free subgradient cancels the residual; the larger of
// the two bounds is kept. The positions themselves are not changed.
func (s *solver) snapBound(nd *node) {
	gap := nd.f - nd.lb
	if !(gap > convergedGap*nd.f) {
		return
	}
	y := &node{ord: nd.ord, st: slices.Clone(nd.st), nbr: nd.nbr, edges: nd.edges}
	moved := false
	for i := range y.st {
		for _, v := range y.nbr[i] {
			if p := s.pt(y, v); p != y.st[i] && s.g.dist(y.st[i], p) <= gap {
				y.st[i] = p
				moved = true
				break
			}
		}
	}
	if !moved {
		return
	}
	y.f = s.length(y)
	nd.lb = max(nd.lb, s.lower(y))
}

// degenerate reports whether a polished topology has an edge of length
// zero. Polishing moves a Steiner point onto a neighbour exactly when the
// exact existence predicate (isoptic.SteinerExists in the hyperbolic
// plane, sll.EuclideanAngleBelow120 in the Euclidean one, through the
// space's Fermat solver) finds an angle ≥ 120° in the triangle of its
// neighbours, so a zero-length edge is an exact zero, never a small one.
func degenerate(nd *node, sub []hyperbolic.Point) bool {
	k := int32(len(sub))
	for i, x := range nd.st {
		for _, v := range nd.nbr[i] {
			if (v < k && sub[v] == x) || (v >= k && nd.st[v-k] == x) {
				return true
			}
		}
	}
	return false
}

// newFST turns a candidate of the subset with input indices terms into an
// fstTree.
func newFST(nd *node, terms []int, mask uint32, length float64) *fstTree {
	return &fstTree{
		mask:   mask,
		terms:  terms,
		st:     slices.Clone(nd.st),
		edges:  slices.Clone(nd.edges),
		length: length,
		lb:     nd.lb,
	}
}

func (f *fstTree) point(pts []hyperbolic.Point, v int32) hyperbolic.Point {
	if k := int32(len(f.terms)); v >= k {
		return f.st[v-k]
	}
	return pts[f.terms[v]]
}

// luneFree reports whether no terminal lies strictly inside the lune of
// an edge xy of f, the points z with d(z, x) < d(x, y) and d(z, y) <
// d(x, y): in a Steiner minimal tree, deleting xy and joining z to the
// part it is not in would shorten the tree (valid in any metric space).
// The test is on f's computed Steiner points; a violation must exceed the
// distances' error bound (distErr on each) to count.
func (f *fstTree) luneFree(g geom, pts []hyperbolic.Point) bool {
	for _, e := range f.edges {
		x, y := f.point(pts, e[0]), f.point(pts, e[1])
		l := g.dist(x, y) * (1 - distErr)
		for _, z := range pts {
			if z == x || z == y {
				continue
			}
			if g.dist(z, x)*(1+distErr) < l && g.dist(z, y)*(1+distErr) < l {
				return false
			}
		}
	}
	return true
}

// bottleneckOK reports whether, for every two terminals u, v of f, the
// longest edge on the path between them in f is at most b(u, v) (see
// bottleneck), on f's computed Steiner points, a violation exceeding the
// distances' error bound.
func (f *fstTree) bottleneckOK(g geom, pts []hyperbolic.Point, bn *bottleneck) bool {
	k := len(f.terms)
	nv := k + len(f.st)
	type arc struct {
		to int32
		w  float64
	}
	adj := make([][]arc, nv)
	for _, e := range f.edges {
		w := g.dist(f.point(pts, e[0]), f.point(pts, e[1]))
		adj[e[0]] = append(adj[e[0]], arc{e[1], w})
		adj[e[1]] = append(adj[e[1]], arc{e[0], w})
	}
	longest := make([]float64, nv)
	seen := make([]bool, nv)
	for u := 0; u < k; u++ {
		clear(seen)
		longest[u] = 0
		seen[u] = true
		stack := []int32{int32(u)}
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, a := range adj[x] {
				if !seen[a.to] {
					seen[a.to] = true
					longest[a.to] = max(longest[x], a.w)
					stack = append(stack, a.to)
				}
			}
		}
		for v := u + 1; v < k; v++ {
			if longest[v]*(1-distErr) > bn.b[f.terms[u]][f.terms[v]]*(1+distErr) {
				return false
			}
		}
	}
	return true
}

// certified reports whether every Steiner point of f is proved to be the
// Fermat point of its three neighbours (certifyPoint, as for the result).
// A candidate that fails is not kept: its Steiner point sits within
// rounding of a neighbour, so whether its topology is degenerate cannot
// be decided from the computed points; the lower bound still covers it.
func (f *fstTree) certified(g geom, pts []hyperbolic.Point) bool {
	k := int32(len(f.terms))
	nb := make([][]hyperbolic.Point, len(f.st))
	for _, e := range f.edges {
		for side, v := range e {
			if v >= k {
				nb[v-k] = append(nb[v-k], f.point(pts, e[1-side]))
			}
		}
	}
	for i, x := range f.st {
		if len(nb[i]) != 3 || !certifyPoint(g, x, [3]hyperbolic.Point{nb[i][0], nb[i][1], nb[i][2]}) {
			return false
		}
	}
	return true
}
