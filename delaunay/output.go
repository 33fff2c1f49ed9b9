package delaunay

// output converts the half-edge structure to a Triangulation with input
// indices. Triangles keep their construction order (a fixed function of the
// input), each rotated to start at its smallest index; each edge is listed
// once, at its first half-edge in that order. Everything is one sequential
// pass: sorting into a canonical order would cost several times the
// triangulation itself at 10⁶ points, for no use downstream.
func (b *builder) output() *Triangulation {
	adj, tri, ids := b.adj, b.tri, b.ids
	nt := len(adj) / 3
	ne := 0
	for h, g := range adj {
		if g < int32(h) {
			ne++
		}
	}
	tr := &Triangulation{
		Triangles: make([][3]int, nt),
		Neighbors: make([][3]int, nt),
		Edges:     make([][2]int, 0, ne),
		triEdges:  make([]int32, 3*nt),
	}
	rot := make([]uint8, nt)
	for t := 0; t < nt; t++ {
		v := [3]int32{ids[tri[3*t]], ids[tri[3*t+1]], ids[tri[3*t+2]]}
		r := 0
		if v[1] < v[0] && v[1] < v[2] {
			r = 1
		} else if v[2] < v[0] && v[2] < v[1] {
			r = 2
		}
		rot[t] = uint8(r)
		for k := 0; k < 3; k++ {
			j := (r + k) % 3
			h := int32(3*t + j)
			tr.Triangles[t][k] = int(v[j])
			g := adj[h]
			if g >= 0 {
				tr.Neighbors[t][k] = int(g / 3)
			} else {
				tr.Neighbors[t][k] = -1
			}
			if g < h {
				u, w := v[j], v[(j+1)%3]
				tr.triEdges[3*t+k] = int32(len(tr.Edges))
				tr.Edges = append(tr.Edges, [2]int{int(min(u, w)), int(max(u, w))})
			}
		}
	}
	// The half-edges that did not list their edge (adj[h] > h) take the
	// index from their twin, which did.
	pos := func(h int32) int32 {
		t := h / 3
		return 3*t + (h%3-int32(rot[t])+3)%3
	}
	for h, g := range adj {
		if g > int32(h) {
			tr.triEdges[pos(int32(h))] = tr.triEdges[pos(g)]
		}
	}

	// Hull, counter-clockwise from its smallest input index.
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
