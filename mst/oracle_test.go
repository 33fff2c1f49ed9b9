package mst

import (
	"cmp"
	"math"
	"slices"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/parallel"
	"github.com/hypersteiner/hypersteiner/internal/radix"
	"github.com/hypersteiner/hypersteiner/internal/unionfind"
	"github.com/hypersteiner/hypersteiner/plane"
)

// kruskalFacesOracle is KruskalFaces as it was before its stages ran on
// workers (kruskalFacesPrevious below), restated sequentially as the
// oracle that the faster version must match exactly: the same edges,
// lengths and indices in the same order. Its sort is a comparison sort
// on (key, u, v) and its union-find a plain one, so that it shares
// nothing with the code under test but before and the plane.
func kruskalFacesOracle(pl plane.Plane, pts []hyperbolic.Point, edges [][2]int32, faces [][3]int32) *Tree {
	m := len(edges)
	keys := make([]uint64, m)
	for i, e := range edges {
		keys[i] = math.Float64bits(pl.DistKey(pts[min(e[0], e[1])], pts[max(e[0], e[1])]))
	}
	out := make([]bool, m)
	for _, f := range faces {
		best := f[0]
		for _, e := range f[1:] {
			if before(keys, edges, best, e) {
				best = e
			}
		}
		out[best] = true
	}
	var order []int32
	for i := range edges {
		if !out[i] {
			order = append(order, int32(i))
		}
	}
	slices.SortFunc(order, func(a, b int32) int {
		ea, eb := edges[a], edges[b]
		return cmp.Or(cmp.Compare(keys[a], keys[b]),
			cmp.Compare(min(ea[0], ea[1]), min(eb[0], eb[1])), cmp.Compare(max(ea[0], ea[1]), max(eb[0], eb[1])))
	})
	n := len(pts)
	parent := make([]int32, n)
	for i := range parent {
		parent[i] = int32(i)
	}
	find := func(x int32) int32 {
		for parent[x] != x {
			x = parent[x]
		}
		return x
	}
	t := &Tree{Edges: make([][2]int32, 0, max(n-1, 0)), Index: make([]int32, 0, max(n-1, 0))}
	for _, i := range order {
		if len(t.Edges) == n-1 {
			break
		}
		u, v := min(edges[i][0], edges[i][1]), max(edges[i][0], edges[i][1])
		if ru, rv := find(u), find(v); ru != rv {
			parent[ru] = rv
			t.Edges = append(t.Edges, [2]int32{u, v})
			t.Index = append(t.Index, i)
		}
	}
	t.Lengths = make([]float64, len(t.Edges))
	for i, e := range t.Edges {
		t.Lengths[i] = pl.Dist(pts[e[0]], pts[e[1]])
	}
	return t
}

// kruskalFacesPrevious is a verbatim copy of KruskalFaces before its
// stages ran on workers (commit 396de8b), kept as a second oracle: a
// sequential filter, radix.Order with a separate index, the lengths from
// Dist. It calls today's radix.Order and unionfind.Forest, which their own tests
// check.
func kruskalFacesPrevious(pl plane.Plane, pts []hyperbolic.Point, edges [][2]int32, faces [][3]int32, workers int) *Tree {
	m := len(edges)
	keys := make([]uint64, m)
	parallel.For(m, workers, func(_, i int) {
		e := edges[i]
		keys[i] = math.Float64bits(pl.DistKey(pts[min(e[0], e[1])], pts[max(e[0], e[1])]))
	}, nil)
	// The edges to sort: all, or those that are no triangle's longest.
	index := []int32(nil) // edge of each key, when not all edges
	if len(faces) > 0 {
		longest := make([]int32, len(faces))
		parallel.For(len(faces), workers, func(_, f int) {
			best := faces[f][0]
			for _, e := range faces[f][1:] {
				if before(keys, edges, best, e) {
					best = e
				}
			}
			longest[f] = best
		}, nil)
		out := make([]bool, m)
		for _, e := range longest {
			out[e] = true
		}
		k := 0
		index = make([]int32, 0, m-len(faces)/2)
		for i, key := range keys {
			if !out[i] {
				keys[k] = key
				index = append(index, int32(i))
				k++
			}
		}
		keys = keys[:k]
	}
	order := radix.Order(keys) // keys now sorted
	if index != nil {
		for k, j := range order {
			order[k] = index[j]
		}
	}
	breakTiesPrevious(order, keys, edges)
	n := len(pts)
	uf := unionfind.New(n)
	t := &Tree{Edges: make([][2]int32, 0, max(n-1, 0)), Index: make([]int32, 0, max(n-1, 0))}
	for _, i := range order {
		if len(t.Edges) == n-1 {
			break
		}
		u, v := min(edges[i][0], edges[i][1]), max(edges[i][0], edges[i][1])
		if uf.Union(u, v) {
			t.Edges = append(t.Edges, [2]int32{u, v})
			t.Index = append(t.Index, i)
		}
	}
	t.Lengths = make([]float64, len(t.Edges))
	parallel.For(len(t.Edges), workers, func(_, i int) {
		e := t.Edges[i]
		t.Lengths[i] = pl.Dist(pts[e[0]], pts[e[1]])
	}, nil)
	return t
}

// breakTiesPrevious is breakTies before long runs went to the radix
// sort, copied with kruskalFacesPrevious: it orders each run of equal
// keys by (u, v), u < v; keys are sorted, keys[i] the key of edge
// order[i].
func breakTiesPrevious(order []int32, keys []uint64, edges [][2]int32) {
	uv := func(i int32) [2]int32 {
		e := edges[i]
		return [2]int32{min(e[0], e[1]), max(e[0], e[1])}
	}
	radix.OrderTies(keys, order, func(a, b int32) int {
		ea, eb := uv(a), uv(b)
		return cmp.Or(cmp.Compare(ea[0], eb[0]), cmp.Compare(ea[1], eb[1]))
	})
}
