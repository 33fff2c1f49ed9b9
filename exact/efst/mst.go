package efst

import (
	"math"
	"math/big"
)

// lessDist2 reports whether |p − q|² < |r − s|², decided exactly: a
// float64 comparison when the values differ by more than their rounding
// error (5 ulps each, taken as 1e-14 relative), exact rationals otherwise.
func lessDist2(p, q, r, s [2]float64) bool {
	a := sq(p[0]-q[0]) + sq(p[1]-q[1])
	b := sq(r[0]-s[0]) + sq(r[1]-s[1])
	if math.Abs(a-b) > 1e-14*max(a, b) {
		return a < b
	}
	return ratDist2(p, q).Cmp(ratDist2(r, s)) < 0
}

func sq(x float64) float64 { return x * x }

func ratDist2(p, q [2]float64) *big.Rat {
	var dx, dy, t big.Rat
	dx.SetFloat64(p[0])
	t.SetFloat64(q[0])
	dx.Sub(&dx, &t)
	dy.SetFloat64(p[1])
	t.SetFloat64(q[1])
	dy.Sub(&dy, &t)
	dx.Mul(&dx, &dx)
	dy.Mul(&dy, &dy)
	return dx.Add(&dx, &dy)
}

// mst is a minimum spanning tree of the terminals (exact: every comparison
// of distances is decided exactly, so that it is a true minimum spanning
// tree even with ties and near ties) with the bottleneck distances
// b(u, v): the longest edge on the tree path from u to v, the least
// longest edge over all paths. b is stored as upper bounds of the exact
// values.
type mst struct {
	n      int
	edges  [][2]int32
	length iv        // total length
	maxE   float64   // upper bound of the longest edge
	b      []float64 // n×n upper bounds of the bottleneck distances
}

func newMST(p [][2]float64, rel func(u, o int32) ipt) *mst {
	n := len(p)
	t := &mst{n: n, b: make([]float64, n*n), length: pt(0)}
	if n < 2 {
		return t
	}
	// Prim's algorithm with exact comparisons.
	in := make([]bool, n)
	from := make([]int, n)
	for i := range from {
		from[i] = 0
	}
	in[0] = true
	adj := make([][]int32, n)
	for range n - 1 {
		best := -1
		for v := range n {
			if in[v] {
				continue
			}
			if best < 0 || lessDist2(p[v], p[from[v]], p[best], p[from[best]]) {
				best = v
			}
		}
		u := from[best]
		in[best] = true
		t.edges = append(t.edges, [2]int32{int32(u), int32(best)})
		adj[u] = append(adj[u], int32(best))
		adj[best] = append(adj[best], int32(u))
		l := rel(int32(best), int32(u)).norm2().sqrt()
		t.length = t.length.add(l)
		t.maxE = max(t.maxE, l.hi)
		for v := range n {
			if !in[v] && lessDist2(p[v], p[best], p[v], p[from[v]]) {
				from[v] = best
			}
		}
	}
	// Bottleneck distances by a traversal from every terminal.
	stack := make([]int32, 0, n)
	for s := range n {
		row := t.b[s*n : s*n+n]
		for i := range row {
			row[i] = -1
		}
		row[s] = 0
		stack = append(stack[:0], int32(s))
		for len(stack) > 0 {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, v := range adj[u] {
				if row[v] >= 0 {
					continue
				}
				row[v] = max(row[u], rel(v, u).norm2().sqrt().hi)
				stack = append(stack, v)
			}
		}
	}
	return t
}

// bsd returns the upper bound of b(u, v).
func (t *mst) bsd(u, v int32) float64 { return t.b[int(u)*t.n+int(v)] }

// bmst returns an upper bound of the length of a minimum spanning tree of
// the terminals ts under the bottleneck distances.
func (t *mst) bmst(ts []int32) float64 {
	return primUpper(len(ts), func(i, j int) float64 { return t.bsd(ts[i], ts[j]) })
}

// primUpper returns an upper bound of the length of a minimum spanning
// tree of k points whose distances are bounded above by w (Prim's
// algorithm on the bounds, summed with upward rounding); +Inf when a bound
// is not finite.
func primUpper(k int, w func(i, j int) float64) float64 {
	if k < 2 {
		return 0
	}
	key := make([]float64, k)
	for i := range key {
		key[i] = math.Inf(1)
	}
	key[0] = -1
	cur, total := 0, 0.0
	for range k - 1 {
		next, best := -1, math.Inf(1)
		for i := range k {
			if key[i] < 0 {
				continue
			}
			if d := w(cur, i); d < key[i] {
				key[i] = d
			}
			if key[i] < best {
				next, best = i, key[i]
			}
		}
		if next < 0 {
			return math.Inf(1)
		}
		total = nextUp(total + best)
		key[next] = -1
		cur = next
	}
	return total
}
