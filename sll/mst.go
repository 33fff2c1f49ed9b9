package sll

import (
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/mst"
	"github.com/hypersteiner/hypersteiner/plane"
)

// spanningTree is a minimum spanning tree (package mst) of the mesh's
// edges, with the rank of every mesh edge in it, so that "is this side of
// a triangle an MST edge, and how long" costs one lookup.
type spanningTree struct {
	edges   [][2]int32 // in Kruskal order: non-decreasing weight
	weights []float64
	rank    []int32 // per mesh edge: its index in edges, or −1
}

// kruskal computes the MST of the graph on pts with the mesh's edges,
// which must contain it (mst.KruskalFaces, told the mesh's faces), in the
// space's plane itself, so that mst sees what the plane offers beyond
// plane.Plane (plane.KeyDister: the lengths from the sorted keys).
func kruskal(sp Space, pts []hyperbolic.Point, mesh *plane.Mesh, workers int) *spanningTree {
	edges := mesh.Edges
	t := mst.KruskalFaces(sp.Plane(), pts, edges, mesh.Faces, workers)
	st := &spanningTree{edges: t.Edges, weights: t.Lengths, rank: make([]int32, len(edges))}
	for i := range st.rank {
		st.rank[i] = -1
	}
	for r, i := range t.Index {
		st.rank[i] = int32(r)
	}
	return st
}

// side returns the length of mesh edge e, and whether it is an MST edge.
func (st *spanningTree) side(e int32) (w float64, ok bool) {
	if r := st.rank[e]; r >= 0 {
		return st.weights[r], true
	}
	return 0, false
}
