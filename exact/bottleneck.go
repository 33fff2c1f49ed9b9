package exact

import (
	"slices"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/plane"
)

// distErr is the documented relative error of a computed distance
// (hyperbolic.Dist: below 1e-13; math.Hypot far below): comparisons of
// computed distances allow that much in the safe direction.
const distErr = plane.DistRelErr

// cmpDist compares d(a, b) with d(c, d) exactly (plane.Plane.CmpDist).
func cmpDist(g geom, a, b, c, d hyperbolic.Point) int { return g.sp.CmpDist(a, b, c, d) }

// bottleneck holds the minimum spanning tree M of all terminals, built by
// Kruskal's algorithm with exact comparisons, and what it tells about
// Steiner minimal trees.
//
// The bottleneck Steiner distance b(u, v) is the longest edge on the path
// from u to v in M (the least, over all paths between u and v in the
// complete graph, of the path's longest edge; the same for every MST). In
// a Steiner minimal tree the longest edge on the tree path between two
// terminals u and v is at most b(u, v): delete that edge; some edge ab of
// the M-path from u to v joins the two parts, and adding it back gives a
// tree longer by |ab| − |e| ≥ 0. This holds in any metric space.
type bottleneck struct {
	n      int
	b      [][]float64 // b[u][v]: the computed length of the bottleneck edge
	edge   [][][2]int  // edge[u][v]: the bottleneck edge itself
	merges []merge     // Kruskal's merges in order
}

// merge is one edge of M joining the clusters left and right.
type merge struct {
	w           float64
	left, right uint32
}

func newBottleneck(g geom, pts []hyperbolic.Point) *bottleneck {
	n := len(pts)
	bn := &bottleneck{n: n, b: make([][]float64, n), edge: make([][][2]int, n)}
	for i := range bn.b {
		bn.b[i] = make([]float64, n)
		bn.edge[i] = make([][2]int, n)
	}
	var pairs [][2]int
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			pairs = append(pairs, [2]int{i, j})
		}
	}
	slices.SortStableFunc(pairs, func(x, y [2]int) int {
		return cmpDist(g, pts[x[0]], pts[x[1]], pts[y[0]], pts[y[1]])
	})
	cluster := make([]uint32, n) // cluster[i]: the terminals with i
	for i := range cluster {
		cluster[i] = 1 << i
	}
	for _, p := range pairs {
		l, r := cluster[p[0]], cluster[p[1]]
		if l == r {
			continue
		}
		w := g.dist(pts[p[0]], pts[p[1]])
		bn.merges = append(bn.merges, merge{w: w, left: l, right: r})
		for u := range n {
			if l&(1<<u) == 0 {
				continue
			}
			for v := range n {
				if r&(1<<v) != 0 {
					bn.b[u][v], bn.b[v][u] = w, w
					bn.edge[u][v], bn.edge[v][u] = p, p
				}
			}
		}
		for u := range n {
			if (l|r)&(1<<u) != 0 {
				cluster[u] = l | r
			}
		}
	}
	return bn
}

// bound returns MST_b(S), the length of the minimum spanning tree of the
// terminals in S under the bottleneck distance b: the sum of the merges of
// M that join two clusters both meeting S. A full Steiner tree F on S
// inside a Steiner minimal tree T is no longer: remove F from T, which
// leaves |S| parts, one per terminal of S; the edges of M between
// different parts connect them, and the minimax distance between the
// parts of u and v along those edges is at most b(u, v), so an MST of the
// parts under those edges is at most MST_b(S); putting it in place of F
// gives a tree spanning all terminals, not shorter than T. The value is
// the sum of computed distances (relative error below distErr each).
func (bn *bottleneck) bound(s uint32) float64 {
	var sum float64
	for _, m := range bn.merges {
		if m.left&s != 0 && m.right&s != 0 {
			sum += m.w
		}
	}
	return sum
}

// pairKept reports whether the edge uv between terminals can belong to a
// Steiner minimal tree, decided exactly: d(u, v) ≤ b(u, v) (bottleneck)
// and no terminal z lies strictly inside the lune of uv, where
// d(z, u) < d(u, v) and d(z, v) < d(u, v) (otherwise deleting uv and
// joining z to the far part shortens the tree).
func (bn *bottleneck) pairKept(g geom, pts []hyperbolic.Point, u, v int) bool {
	e := bn.edge[u][v]
	if cmpDist(g, pts[u], pts[v], pts[e[0]], pts[e[1]]) > 0 {
		return false
	}
	for z := range pts {
		if z == u || z == v {
			continue
		}
		if cmpDist(g, pts[z], pts[u], pts[u], pts[v]) < 0 && cmpDist(g, pts[z], pts[v], pts[u], pts[v]) < 0 {
			return false
		}
	}
	return true
}
