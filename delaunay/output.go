package delaunay

// output converts the half-edge structure to a Triangulation with input
// indices: the Mesh (same order, see mesh) widened to int, with the
// neighbours of every triangle and the hull.
func (b *builder) output() *Triangulation {
	m := b.mesh(1, false)
	nt := len(m.Triangles)
	tr := &Triangulation{
		Triangles: make([][3]int, nt),
		Neighbors: make([][3]int, nt),
		Edges:     make([][2]int, len(m.Edges)),
		triEdges:  make([]int32, 3*nt),
	}
	for t := range m.Triangles {
		for k := 0; k < 3; k++ {
			tr.Triangles[t][k] = int(m.Triangles[t][k])
			tr.Neighbors[t][k] = int(m.Across[t][k])
			tr.triEdges[3*t+k] = m.TriEdges[t][k]
		}
	}
	for i, e := range m.Edges {
		tr.Edges[i] = [2]int{int(e[0]), int(e[1])}
	}

	// Hull, counter-clockwise from its smallest input index.
	ids := b.ids
	lowest := b.hullStart
	for v := b.hullNext[b.hullStart]; v != b.hullStart; v = b.hullNext[v] {
		if ids[v] < ids[lowest] {
			lowest = v
		}
	}
	tr.Hull = append(tr.Hull, int(ids[lowest]))
	for v := b.hullNext[lowest]; v != lowest; v = b.hullNext[v] {
		tr.Hull = append(tr.Hull, int(ids[v]))
	}
	return tr
}
