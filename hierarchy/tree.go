package hierarchy

import (
	"fmt"
	"math"
)

// Tree is a weighted tree with Vertices vertices numbered 0 … Vertices−1.
// The first Terminals vertices are the input points, in input order; the
// others are added vertices (Steiner points, or the internal nodes of a
// Neighbor Joining tree). Edges[k] joins two vertices with length
// Lengths[k].
type Tree struct {
	Vertices  int
	Terminals int
	Edges     [][2]int
	Lengths   []float64
}

// Distances returns the distance along t from root to every vertex; see
// TreeDistances.
func (t *Tree) Distances(root int) ([]float64, error) {
	return TreeDistances(t.Vertices, t.Edges, t.Lengths, root)
}

// TreeDistances returns dist[v], the length of the path from root to v, for
// the tree on n vertices given by edges and their lengths. The walk is a
// depth-first search with an explicit stack over a compressed adjacency
// list: O(n) time, three int32 slices of memory, no recursion, so trees of
// millions of vertices with paths of any depth are fine. On a tree every
// vertex has exactly one path from the root, so no priority queue (Dijkstra)
// is needed; path lengths are summed from the root outwards.
//
// It returns a *TreeError when the input is not a tree on n vertices: an
// edge end or the root out of range (ErrVertexRange), a length that is
// NaN, ±Inf or negative, or a length count that differs from the edge
// count (ErrLength), a cycle, self-loop or repeated edge (ErrCycle), or a
// vertex the root cannot reach (ErrDisconnected). A zero length is
// accepted.
func TreeDistances(n int, edges [][2]int, lengths []float64, root int) ([]float64, error) {
	if n <= 0 || n > math.MaxInt32 {
		return nil, &TreeError{Err: ErrVertexRange, Edge: -1, Vertex: -1, Msg: fmt.Sprintf("a tree needs 1 to 2³¹−1 vertices, got %d", n)}
	}
	if root < 0 || root >= n {
		return nil, &TreeError{Err: ErrVertexRange, Edge: -1, Vertex: root, Msg: fmt.Sprintf("root is not one of the %d vertices", n)}
	}
	if len(lengths) != len(edges) {
		return nil, &TreeError{Err: ErrLength, Edge: -1, Vertex: -1, Msg: fmt.Sprintf("%d lengths for %d edges", len(lengths), len(edges))}
	}
	deg := make([]int32, n+1)
	for k, e := range edges {
		for _, v := range e {
			if v < 0 || v >= n {
				return nil, &TreeError{Err: ErrVertexRange, Edge: k, Vertex: v, Msg: fmt.Sprintf("the tree has %d vertices", n)}
			}
		}
		if l := lengths[k]; !(l >= 0) || math.IsInf(l, 1) {
			return nil, &TreeError{Err: ErrLength, Edge: k, Vertex: -1, Msg: fmt.Sprintf("length %g is not finite and ≥ 0", l)}
		}
		if e[0] == e[1] {
			return nil, &TreeError{Err: ErrCycle, Edge: k, Vertex: e[0], Msg: "self-loop"}
		}
		deg[e[0]+1]++
		deg[e[1]+1]++
	}
	// Compressed adjacency: the half-edges of v are adj[start[v]:start[v+1]],
	// each stored as 2k or 2k+1 (edge k, entered from end 0 or end 1).
	start := deg
	for v := 0; v < n; v++ {
		start[v+1] += start[v]
	}
	adj := make([]int32, 2*len(edges))
	fill := make([]int32, n)
	copy(fill, start[:n])
	for k, e := range edges {
		adj[fill[e[0]]] = int32(2 * k)
		fill[e[0]]++
		adj[fill[e[1]]] = int32(2*k + 1)
		fill[e[1]]++
	}

	dist := make([]float64, n)
	for i := range dist {
		dist[i] = math.NaN() // unvisited
	}
	parentEdge := fill // reuse: the edge each vertex was reached by
	parentEdge[root] = -1
	dist[root] = 0
	stack := []int32{int32(root)}
	visited := 1
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, h := range adj[start[v]:start[v+1]] {
			k := h >> 1
			if k == parentEdge[v] {
				continue
			}
			w := int32(edges[k][1-h&1])
			if !math.IsNaN(dist[w]) {
				return nil, &TreeError{Err: ErrCycle, Edge: int(k), Vertex: int(w),
					Msg: fmt.Sprintf("vertex %d is reached a second time", w)}
			}
			dist[w] = dist[v] + lengths[k]
			parentEdge[w] = k
			visited++
			stack = append(stack, w)
		}
	}
	if visited != n {
		for v, d := range dist {
			if math.IsNaN(d) {
				return nil, &TreeError{Err: ErrDisconnected, Edge: -1, Vertex: v,
					Msg: fmt.Sprintf("not reachable from root %d (%d of %d vertices reached)", root, visited, n)}
			}
		}
	}
	return dist, nil
}
