package exact

import (
	"math"
	"slices"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// node is a full topology on the terminals in ord, with positions of its
// Steiner points. Vertex v < n is terminal v (input
// index); vertex n + i is Steiner point i.
type node struct {
	ord   []int32            // the terminals inserted, in order; shared by siblings
	st    []hyperbolic.Point // Steiner points
	nbr   [][3]int32         // neighbours of each Steiner point
	edges [][2]int32
	at    int      // the parent's edge the last terminal went into
	allow []uint64 // per terminal not inserted: the edges where inserting it may survive
	f, lb float64  // current length and lower bound of the relaxed length
}

// child returns the topology with terminal t inserted into edge e: a new
// Steiner point splits e and holds t.
func (s *solver) child(p *node, e int, t int32, ord []int32) *node {
	n := int32(len(s.term))
	// p's bound holds for c: deleting t maps c's topologies onto p's, and
	// deleting a leaf never lengthens the relaxed tree.
	c := &node{ord: ord, st: slices.Clone(p.st), nbr: slices.Clone(p.nbr), edges: slices.Clone(p.edges), lb: p.lb}
	sv := n + int32(len(c.st))
	u, v := c.edges[e][0], c.edges[e][1]
	c.edges[e] = [2]int32{u, sv}
	c.edges = append(c.edges, [2]int32{sv, v}, [2]int32{sv, t})
	replace := func(a, from, to int32) {
		if a < n {
			return
		}
		for i := range c.nbr[a-n] {
			if c.nbr[a-n][i] == from {
				c.nbr[a-n][i] = to
			}
		}
	}
	replace(u, v, sv)
	replace(v, u, sv)
	c.nbr = append(c.nbr, [3]int32{u, v, t})
	start, ok := s.g.minimiser([3]hyperbolic.Point{s.pt(c, u), s.pt(c, v), s.term[t]})
	if !ok {
		start = s.pt(c, u)
	}
	c.st = append(c.st, start)
	return c
}

// pt returns the position of vertex v in nd.
func (s *solver) pt(nd *node, v int32) hyperbolic.Point {
	if n := int32(len(s.term)); v >= n {
		return nd.st[v-n]
	}
	return s.term[v]
}

func (s *solver) length(nd *node) float64 {
	var sum float64
	for _, e := range nd.edges {
		sum += s.g.dist(s.pt(nd, e[0]), s.pt(nd, e[1]))
	}
	return sum
}

// convergedGap is the relative gap between the length and its lower bound
// at which polishing stops: near the rounding allowance of lower.
const convergedGap = 1e-12

// sweep moves each Steiner point, in order, to the minimiser of its three
// edges: the Fermat point of its neighbours, or the neighbour where they
// have none (so that degenerate edges shrink to exactly zero). The move is
// taken without comparing lengths: it is the exact minimiser, and near the
// optimum the length changes only to second order, below the resolution
// of a float64 comparison.
func (s *solver) sweep(nd *node) {
	for i := range nd.st {
		var p [3]hyperbolic.Point
		for k, v := range nd.nbr[i] {
			p[k] = s.pt(nd, v)
		}
		m, ok := s.g.minimiser(p)
		s.stats.FermatSolves++
		if ok {
			nd.st[i] = m
		}
	}
}

// clusters groups nd's Steiner points into clusters of coincident points
// joined by zero-length edges, into the workspace: w.root[i] is the least
// index of i's cluster and w.members[r] lists cluster r (empty when r is
// not a least index). anchored[r] reports whether cluster r lies on a
// terminal (a member coincides with a terminal neighbour), which fixes it.
func (s *solver) clusters(nd *node) (anchored []bool) {
	n := int32(len(s.term))
	k := len(nd.st)
	w := &s.work
	anchored = make([]bool, k)
	least := leastOfSets(k, func(union func(a, b int)) {
		for i := range nd.st {
			for _, v := range nd.nbr[i] {
				switch {
				case s.pt(nd, v) != nd.st[i]:
				case v < n:
					anchored[i] = true
				default:
					union(i, int(v-n))
				}
			}
		}
	})
	w.root = slices.Grow(w.root[:0], k)[:k]
	w.members = slices.Grow(w.members[:0], k)[:k]
	for i := range w.members {
		w.members[i] = w.members[i][:0]
	}
	for i, r := range least {
		w.root[i] = int32(r)
		w.members[r] = append(w.members[r], int32(i))
		anchored[r] = anchored[r] || anchored[i]
	}
	return anchored
}

// outside visits the edges that leave cluster r (see clusters): the
// neighbour v and its position.
func (s *solver) outside(nd *node, r int32, visit func(v int32, y hyperbolic.Point)) {
	n := int32(len(s.term))
	w := &s.work
	for _, i := range w.members[r] {
		for _, v := range nd.nbr[i] {
			if v >= n && w.root[v-n] == r {
				continue // inside the cluster: zero length, and stays so
			}
			visit(v, s.pt(nd, v))
		}
	}
}

// snap moves each cluster of coincident Steiner points (joined by
// zero-length edges, none on a terminal) onto the position of one of its
// outside neighbours when that shortens the tree. Sweeps move one point
// at a time, and two coincident points whose edges pull them, together,
// onto a terminal a little way off stay where each alone is at its best:
// moving either one alone opens the zero-length edge between them. The
// subgradient bound at such a point is loose by the pull's norm times
// the radius (lower), however long polishing goes on.
func (s *solver) snap(nd *node) {
	anchored := s.clusters(nd)
	for r, ms := range s.work.members {
		if len(ms) < 2 || anchored[r] {
			continue
		}
		cost := func(p hyperbolic.Point) float64 {
			var sum float64
			s.outside(nd, int32(r), func(_ int32, y hyperbolic.Point) { sum += s.g.dist(p, y) })
			return sum
		}
		here := cost(nd.st[r])
		var to []hyperbolic.Point // the outside neighbours' positions
		s.outside(nd, int32(r), func(_ int32, y hyperbolic.Point) { to = append(to, y) })
		for _, p := range to {
			if cost(p) < here {
				for _, i := range ms {
					nd.st[i] = p
				}
				break
			}
		}
	}
}

// lower returns a lower bound of the relaxed length of nd (the minimum
// over all Steiner positions), from the convexity inequality
// L(x*) ≥ L(x) − ‖g‖·‖x − x*‖ with g a subgradient at the current x.
//
// g: at a Steiner point, minus the sum of the unit vectors towards its
// neighbours at positive distance; each zero-length edge adds a vector w
// with |w| ≤ 1 at one end and −w at the other (the subdifferential of the
// distance where its arguments meet). Within a cluster of coincident
// vertices (a tree of zero-length edges, rooted at its terminal if it has
// one) w is chosen leaves first to cancel what is left at the child, up to
// norm 1; a terminal root absorbs the rest (terminals are fixed).
//
// ‖x − x*‖: each optimal Steiner point lies in the convex hull of the
// inserted terminals, so within max_t d(xᵢ, t) of xᵢ (distance to a point
// is convex, so its maximum over the hull is at a vertex).
//
// Rounding: Dist has relative error below 1e-13 (package hyperbolic's
// documented bound; math.Hypot's is far smaller), so L is shrunk by that;
// each computed unit vector is within 1e-14 of the exact one (a few
// roundings of coordinates of modulus < 1 and their differences, relative
// to the difference), so ‖g‖ is enlarged by 3e-14 per Steiner point —
// we add 1e-12 per point, and R is enlarged by 1e-13 relative.
func (s *solver) lower(nd *node) float64 {
	n := int32(len(s.term))
	k := len(nd.st)
	w := &s.work
	w.res = slices.Grow(w.res[:0], k)[:k]
	clear(w.res)
	var zero [][2]int32
	for i := range nd.st {
		x := nd.st[i]
		for _, v := range nd.nbr[i] {
			y := s.pt(nd, v)
			if y == x {
				if v < n || int(v-n) > i {
					zero = append(zero, [2]int32{n + int32(i), v})
				}
				continue
			}
			ux, uy, ok := s.g.unit(x, y)
			if !ok {
				return math.Inf(-1)
			}
			w.res[i][0] -= ux
			w.res[i][1] -= uy
		}
	}
	if len(zero) > 0 {
		s.absorb(nd, zero)
	}
	var g2 float64
	for _, r := range w.res {
		g2 += r[0]*r[0] + r[1]*r[1]
	}
	var r2 float64
	for i := range nd.st {
		m := 0.0
		for _, t := range nd.ord {
			m = max(m, s.g.dist(nd.st[i], s.term[t]))
		}
		r2 += m * m
	}
	const distErr = 1e-13
	return nd.f*(1-distErr) - (math.Sqrt(g2)+1e-12*float64(k))*math.Sqrt(r2)*(1+distErr)
}

// absorb cancels residuals across the zero-length edges (see lower).
func (s *solver) absorb(nd *node, zero [][2]int32) {
	n := int32(len(s.term))
	w := &s.work
	// Adjacency of the zero-length edges.
	adj := map[int32][]int32{}
	for _, e := range zero {
		adj[e[0]] = append(adj[e[0]], e[1])
		adj[e[1]] = append(adj[e[1]], e[0])
	}
	keys := make([]int32, 0, len(adj))
	for v := range adj {
		keys = append(keys, v)
	}
	slices.Sort(keys) // terminals first: a cluster with a terminal is rooted there
	seen := map[int32]bool{}
	for _, root := range keys {
		if seen[root] {
			continue
		}
		// Breadth-first from the root; then children before parents.
		order := []int32{root}
		parent := map[int32]int32{root: -1}
		seen[root] = true
		for q := 0; q < len(order); q++ {
			for _, c := range adj[order[q]] {
				if !seen[c] {
					seen[c] = true
					parent[c] = order[q]
					order = append(order, c)
				}
			}
		}
		for q := len(order) - 1; q > 0; q-- {
			c := order[q]
			p := parent[c]
			r := &w.res[c-n] // c is a Steiner point: only the root may be a terminal
			norm := math.Hypot(r[0], r[1])
			tx, ty := r[0], r[1]
			if norm > 1 {
				tx, ty = r[0]/norm, r[1]/norm
			}
			r[0] -= tx
			r[1] -= ty
			if p >= n {
				w.res[p-n][0] += tx
				w.res[p-n][1] += ty
			}
		}
	}
}

// newton takes Riemannian Newton steps on each component of the Steiner
// points that coincide with none of their neighbours (joined through
// edges between such points); the other points stay fixed. In an
// orthonormal frame at each point an edge of length d with unit direction
// u at xᵢ contributes −u to the gradient at xᵢ, coth d·nnᵀ to its diagonal
// Hessian block (n ⊥ u) and −nn′ᵀ/sinh d to the block of the other end
// when that is free (n′ the transport of n; see geom.hessian). A step is
// taken when it does not lengthen the component's edges beyond rounding,
// halved up to four times.
func (s *solver) newton(nd *node) {
	n := int32(len(s.term))
	k := len(nd.st)
	w := &s.work
	anchored := s.clusters(nd)
	w.loc = slices.Grow(w.loc[:0], k)[:k]
	for i := range w.loc {
		w.loc[i] = -1
	}
	done := make([]bool, k)
	for r0, ms := range w.members {
		if len(ms) == 0 || anchored[r0] || done[r0] {
			continue
		}
		// A component: free clusters (by their roots) joined by edges.
		comp := []int32{int32(r0)}
		done[r0] = true
		for q := 0; q < len(comp); q++ {
			s.outside(nd, comp[q], func(v int32, _ hyperbolic.Point) {
				if v < n {
					return
				}
				if r := w.root[v-n]; !anchored[r] && !done[r] {
					done[r] = true
					comp = append(comp, r)
				}
			})
		}
		s.setPlaces(comp, false)
		for it := 0; it < 4; it++ {
			if !s.newtonStep(nd, comp) {
				break
			}
		}
		s.setPlaces(comp, true)
	}
}

// setPlaces records each member's place in comp in w.loc, or with clear
// sets them back to −1.
func (s *solver) setPlaces(comp []int32, clear bool) {
	w := &s.work
	for q, r := range comp {
		for _, i := range w.members[r] {
			w.loc[i] = int32(q)
			if clear {
				w.loc[i] = -1
			}
		}
	}
}

// place returns vertex v's place in the component being stepped (−1: a
// terminal, or a Steiner point outside it, both fixed).
func (s *solver) place(v int32) int32 {
	if n := int32(len(s.term)); v >= n {
		return s.work.loc[v-n]
	}
	return -1
}

// nodeComponent is a component of nd's free clusters as package relax
// sees it: each cluster one point, with the edges of its members that
// leave it (their lengths computed afresh).
type nodeComponent struct {
	s    *solver
	nd   *node
	comp []int32 // the clusters' roots
}

func (c nodeComponent) Len() int                   { return len(c.comp) }
func (c nodeComponent) Pos(q int) hyperbolic.Point { return c.nd.st[c.comp[q]] }
func (c nodeComponent) Neighbors(q int, visit func(int, hyperbolic.Point, float64)) {
	x := c.nd.st[c.comp[q]]
	c.s.outside(c.nd, c.comp[q], func(v int32, y hyperbolic.Point) {
		visit(int(c.s.place(v)), y, c.s.g.dist(x, y))
	})
}

// newtonStep takes one Newton step (package relax) on comp, a component
// of free clusters; false when it converged (the step is below 1e-15 of
// the shortest edge) or could not shorten.
func (s *solver) newtonStep(nd *node, comp []int32) bool {
	w := &s.work
	gr := nodeComponent{s, nd, comp}
	step, minEdge, ok := w.rw.Direction(s.g.sp, gr)
	if !ok {
		return false
	}
	if step <= 1e-15*minEdge {
		return false
	}
	// The length of the component's edges at the clusters' positions
	// (inside: x(q)) and their neighbours' (inside: y(j)), each edge once.
	length := func(x func(q int) hyperbolic.Point, y func(j int32) hyperbolic.Point) float64 {
		var sum float64
		for q := range comp {
			s.outside(nd, comp[q], func(v int32, p hyperbolic.Point) {
				switch j := s.place(v); {
				case j < 0:
					sum += s.g.dist(x(q), p)
				case j > int32(q):
					sum += s.g.dist(x(q), y(j))
				}
			})
		}
		return sum
	}
	old := length(gr.Pos, func(j int32) hyperbolic.Point { return gr.Pos(int(j)) })
	for scale := 1.0; scale >= 1.0/16; scale /= 2 {
		if !w.rw.Move(s.g.sp, gr, scale) {
			continue
		}
		trial := func(q int) hyperbolic.Point { return w.rw.Trial[q] }
		nw := length(trial, func(j int32) hyperbolic.Point { return w.rw.Trial[j] })
		// Not longer, up to the rounding of the sums (near the optimum the
		// length changes only to second order).
		if nw <= old*(1+1e-15) {
			for q, r := range comp {
				for _, i := range w.members[r] {
					nd.st[i] = w.rw.Trial[q]
				}
			}
			return true
		}
	}
	return false
}
