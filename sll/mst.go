package sll

import (
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/mst"
	"github.com/hypersteiner/hypersteiner/plane"
)

// spanningTree is a minimum spanning tree (package mst) with its
// adjacency in compressed rows, so that "is uv an MST edge" costs a scan
// of u's (few) neighbours.
type spanningTree struct {
	edges   [][2]int32 // in Kruskal order: non-decreasing weight
	weights []float64
	offset  []int32 // neighbours of u: nbr[offset[u]:offset[u+1]]
	nbr     []int32
	nbrW    []float64
}

// kruskal computes the MST of the graph on pts with the given edges, which
// must contain it (mst.Kruskal), and its adjacency.
func kruskal(sp plane.Plane, pts []hyperbolic.Point, edges [][2]int32, workers int) *spanningTree {
	t := mst.Kruskal(sp, pts, edges, workers)
	n := len(pts)
	st := &spanningTree{edges: t.Edges, weights: t.Lengths}
	st.offset = make([]int32, n+1)
	for _, e := range st.edges {
		st.offset[e[0]+1]++
		st.offset[e[1]+1]++
	}
	for i := 0; i < n; i++ {
		st.offset[i+1] += st.offset[i]
	}
	fill := make([]int32, n)
	copy(fill, st.offset[:n])
	st.nbr = make([]int32, 2*len(st.edges))
	st.nbrW = make([]float64, 2*len(st.edges))
	for i, e := range st.edges {
		for _, d := range [2][2]int32{{e[0], e[1]}, {e[1], e[0]}} {
			k := fill[d[0]]
			st.nbr[k], st.nbrW[k] = d[1], st.weights[i]
			fill[d[0]]++
		}
	}
	return st
}

// weight returns the length of the MST edge uv, or ok = false when uv is
// not an MST edge.
func (st *spanningTree) weight(u, v int32) (w float64, ok bool) {
	for k := st.offset[u]; k < st.offset[u+1]; k++ {
		if st.nbr[k] == v {
			return st.nbrW[k], true
		}
	}
	return 0, false
}
