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
	sets := unionfind.New(len(vertices))
	for _, e := range edges {
		if vertices[e[0]] == vertices[e[1]] {
			sets.Union(e[0], e[1])
		}
	}
	t := &sll.Tree{Space: sp.Name(), Solver: "exact", Terminals: n, Vertices: slices.Clone(vertices[:n])}
	idx := make([]int, len(vertices))
	for v := range vertices {
		switch {
		case v < n:
			idx[v] = v
		case sets.Find(v) == v:
			idx[v] = len(t.Vertices)
			t.Vertices = append(t.Vertices, vertices[v])
		}
	}
	for _, e := range edges {
		a, b := idx[sets.Find(e[0])], idx[sets.Find(e[1])]
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
