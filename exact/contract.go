package exact

import (
	"cmp"
	"slices"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/unionfind"
	"github.com/hypersteiner/hypersteiner/sll"
)

// contract returns the Steiner tree of the vertices (the n terminals
// first, then the Steiner points) and edges of a solved topology, with
// every zero-length edge contracted: its ends become one vertex, the
// lower index — a Steiner point on a terminal becomes that terminal, and
// coincident Steiner points become one. The edges are sorted and the tree
// measured in sp.
func contract(sp sll.Space, n int, vertices []hyperbolic.Point, edges [][2]int) *sll.Tree {
	rep := leastOfSets(len(vertices), func(union func(a, b int)) {
		for _, e := range edges {
			if vertices[e[0]] == vertices[e[1]] {
				union(e[0], e[1])
			}
		}
	})
	t := &sll.Tree{Space: sp.Name(), Solver: "exact", Terminals: n, Vertices: slices.Clone(vertices[:n])}
	idx := make([]int, len(vertices))
	for v := range vertices {
		switch {
		case v < n:
			idx[v] = v
		case rep[v] == v:
			idx[v] = len(t.Vertices)
			t.Vertices = append(t.Vertices, vertices[v])
		}
	}
	for _, e := range edges {
		a, b := idx[rep[e[0]]], idx[rep[e[1]]]
		if a != b {
			t.Edges = append(t.Edges, [2]int{min(a, b), max(a, b)})
		}
	}
	slices.SortFunc(t.Edges, func(x, y [2]int) int {
		if c := cmp.Compare(x[0], y[0]); c != 0 {
			return c
		}
		return cmp.Compare(x[1], y[1])
	})
	t.Measure(sp)
	t.FST3, t.FST4, _ = t.FullComponents()
	return t
}

// leastOfSets returns, for each of 0, …, n−1, the least element of its
// set once join has called union on the pairs to merge.
func leastOfSets(n int, join func(union func(a, b int))) []int {
	f := unionfind.New(n)
	join(func(a, b int) { f.Union(int32(a), int32(b)) })
	least := make([]int, n)
	for v := range least {
		least[v] = n
	}
	for v := range least {
		r := f.Find(int32(v))
		least[r] = min(least[r], v)
	}
	for v := range least {
		least[v] = least[f.Find(int32(v))]
	}
	return least
}
