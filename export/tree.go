package export

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/hypersteiner/hypersteiner/sll"
)

// ErrNotTree is wrapped by the errors about a tree that cannot be written:
// edges that do not form a tree on its vertices, lengths that are not
// finite and ≥ 0, labels that do not match the terminals.
var ErrNotTree = errors.New("not a tree")

// view is a tree checked for writing, with its edge lengths, its
// adjacency — the neighbours of vertex v are adj[start[v]:start[v+1]], in
// increasing order, each with the edge that joins it — and, hung from a
// root, the edge to each vertex's parent (−1 for the root).
type view struct {
	t       *sll.Tree
	n       int
	lengths []float64
	start   []int32
	adj     []half
	parent  []int32
}

// half is one end of an edge seen from the other: the neighbour and the
// edge index.
type half struct{ to, edge int32 }

func notTree(format string, args ...any) error {
	return fmt.Errorf("export: %w: %s", ErrNotTree, fmt.Sprintf(format, args...))
}

// newView checks t and builds its adjacency, hung from the terminal root.
// The edge lengths are the stored ones, or, when the tree stores none (a
// tree file may leave them out), the distances in the tree's plane.
func newView(t *sll.Tree, root int) (*view, error) {
	if t == nil {
		return nil, notTree("no tree")
	}
	n := len(t.Vertices)
	if n == 0 || n > math.MaxInt32 {
		return nil, notTree("%d vertices", n)
	}
	if t.Terminals < 1 || t.Terminals > n {
		return nil, notTree("%d terminals among %d vertices", t.Terminals, n)
	}
	if t.Labels != nil && len(t.Labels) != t.Terminals {
		return nil, notTree("%d labels for %d terminals", len(t.Labels), t.Terminals)
	}
	if len(t.Edges) != n-1 {
		return nil, notTree("%d edges on %d vertices (a tree has %d)", len(t.Edges), n, n-1)
	}
	v := &view{t: t, n: n, lengths: t.EdgeLengths}
	if v.lengths == nil && len(t.Edges) > 0 {
		pl, err := t.Plane()
		if err != nil {
			return nil, fmt.Errorf("export: %w", err)
		}
		v.lengths = make([]float64, len(t.Edges))
		for k, e := range t.Edges {
			if e[0] >= 0 && e[0] < n && e[1] >= 0 && e[1] < n {
				v.lengths[k] = pl.Dist(t.Vertices[e[0]], t.Vertices[e[1]])
			}
		}
	}
	if len(v.lengths) != len(t.Edges) {
		return nil, notTree("%d edge lengths for %d edges", len(v.lengths), len(t.Edges))
	}
	deg := make([]int32, n+1)
	for k, e := range t.Edges {
		if e[0] < 0 || e[0] >= n || e[1] < 0 || e[1] >= n {
			return nil, notTree("edge %d [%d, %d] has a vertex out of range (%d vertices)", k, e[0], e[1], n)
		}
		if e[0] == e[1] {
			return nil, notTree("edge %d [%d, %d] is a loop", k, e[0], e[1])
		}
		if l := v.lengths[k]; !(l >= 0) || math.IsInf(l, 1) {
			return nil, notTree("edge %d [%d, %d] has length %v (lengths are finite and ≥ 0)", k, e[0], e[1], l)
		}
		deg[e[0]+1]++
		deg[e[1]+1]++
	}
	for i := 1; i <= n; i++ {
		deg[i] += deg[i-1]
	}
	v.start = deg
	v.adj = make([]half, 2*len(t.Edges))
	fill := slices.Clone(deg[:n])
	for k, e := range t.Edges {
		v.adj[fill[e[0]]] = half{int32(e[1]), int32(k)}
		fill[e[0]]++
		v.adj[fill[e[1]]] = half{int32(e[0]), int32(k)}
		fill[e[1]]++
	}
	for i := 0; i < n; i++ {
		slices.SortFunc(v.adj[v.start[i]:v.start[i+1]], func(a, b half) int { return int(a.to - b.to) })
	}
	if root < 0 || root >= t.Terminals {
		return nil, fmt.Errorf("export: root %d is not a terminal: the tree has %d (0 to %d)", root, t.Terminals, t.Terminals-1)
	}
	// n − 1 edges and every vertex reached from the root: a tree.
	var err error
	if v.parent, err = v.hang(root); err != nil {
		return nil, err
	}
	return v, nil
}

// hang returns, for the tree hung from root, the edge to each vertex's
// parent (−1 for the root). It walks with an explicit stack and fails when
// a vertex is unreachable (with n − 1 edges, also when there is a cycle).
func (v *view) hang(root int) ([]int32, error) {
	parent := make([]int32, v.n)
	for i := range parent {
		parent[i] = -2 // unvisited
	}
	parent[root] = -1
	stack := []int32{int32(root)}
	seen := 1
	for len(stack) > 0 {
		u := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, h := range v.adj[v.start[u]:v.start[u+1]] {
			if h.edge == parent[u] {
				continue
			}
			if parent[h.to] != -2 {
				e := v.t.Edges[h.edge]
				return nil, notTree("edge %d [%d, %d] closes a cycle", h.edge, e[0], e[1])
			}
			parent[h.to] = h.edge
			seen++
			stack = append(stack, h.to)
		}
	}
	if seen != v.n {
		for i, p := range parent {
			if p == -2 {
				return nil, notTree("vertex %d is not connected to vertex %d", i, root)
			}
		}
	}
	return parent, nil
}

// name is the name of vertex i: a terminal's label or input index, "" for
// a Steiner point.
func (v *view) name(i int) string {
	switch {
	case i >= v.t.Terminals:
		return ""
	case v.t.Labels != nil:
		return v.t.Labels[i]
	}
	return strconv.Itoa(i)
}

// appendName appends the name of vertex i, transformed by quote when the
// tree has labels (input indices need no quoting in any format).
func (v *view) appendName(b []byte, i int, quote func([]byte, string) []byte) []byte {
	switch {
	case i >= v.t.Terminals:
		return b
	case v.t.Labels != nil:
		return quote(b, v.t.Labels[i])
	}
	return strconv.AppendInt(b, int64(i), 10)
}

// kind is "terminal" or "steiner".
func (v *view) kind(i int) string {
	if i < v.t.Terminals {
		return "terminal"
	}
	return "steiner"
}

// appendFloat appends x in the shortest form that reads back as x.
func appendFloat(b []byte, x float64) []byte { return strconv.AppendFloat(b, x, 'g', -1, 64) }
