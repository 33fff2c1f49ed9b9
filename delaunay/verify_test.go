package delaunay

import (
	"math/big"
	"slices"
)

// verify checks tr against pts from first principles, with exact
// predicates and brute force:
//   - triangles are counter-clockwise (Orient > 0) and rotated to their
//     smallest index; neighbours are mutual and share the edge;
//   - Edges is exactly the set of triangle edges, each once, and triEdges
//     points at the right ones; Hull is exactly the
//     cycle of boundary edges, convex, with every point in the closed hull;
//   - counts obey Euler's formula T = 2n−2−h, E = 3n−3−h;
//   - the triangle areas add up to the hull area (big.Rat), so the
//     triangles tile the hull without overlap;
//   - no point lies strictly inside any triangle's circumcircle.
//
// For collinear input it checks the path structure instead.
func verify(t tb, pts []Point, tr *Triangulation) {
	t.Helper()
	n := len(pts)
	if len(tr.Triangles) == 0 {
		verifyCollinear(t, pts, tr)
		return
	}
	T := len(tr.Triangles)
	equal(t, T, len(tr.Neighbors), "len(Neighbors)")
	for i, tri := range tr.Triangles {
		a, b, c := tri[0], tri[1], tri[2]
		check(t, a < b && a < c, "triangle %d = %v not rotated to its smallest index", i, tri)
		check(t, c < n && b < n, "triangle %d = %v: index out of range", i, tri)
		equal(t, 1, Orient(pts[a], pts[b], pts[c]), "triangle %d = %v orientation", i, tri)
	}
	// Neighbours, boundary edges.
	boundary := map[[2]int]bool{}
	edgeSet := map[[2]int]bool{}
	for i, tri := range tr.Triangles {
		for k := 0; k < 3; k++ {
			u, v := tri[k], tri[(k+1)%3]
			edgeSet[[2]int{min(u, v), max(u, v)}] = true
			nb := tr.Neighbors[i][k]
			if nb < 0 {
				boundary[[2]int{u, v}] = true
				continue
			}
			found := false
			for k2 := 0; k2 < 3; k2++ {
				o := tr.Triangles[nb]
				if o[k2] == v && o[(k2+1)%3] == u {
					equal(t, i, tr.Neighbors[nb][k2], "neighbour of neighbour")
					found = true
				}
			}
			check(t, found, "triangle %d edge %d: neighbour %d does not share edge (%d,%d)", i, k, nb, u, v)
		}
	}
	// Edges.
	equal(t, len(edgeSet), len(tr.Edges), "number of edges")
	equal(t, 3*T, len(tr.triEdges), "len(triEdges)")
	for _, e := range tr.Edges {
		check(t, e[0] < e[1] && edgeSet[e], "edge %v not a triangle edge", e)
		delete(edgeSet, e) // a second copy would fail the check above
	}
	// Edge indices of triangle edges.
	for i, tri := range tr.Triangles {
		for k := 0; k < 3; k++ {
			u, v := tri[k], tri[(k+1)%3]
			equal(t, [2]int{min(u, v), max(u, v)}, tr.Edges[tr.triEdges[3*i+k]], "triEdges")
		}
	}
	used := make([]bool, n)
	for _, e := range tr.Edges {
		used[e[0]], used[e[1]] = true, true
	}
	for i, u := range used {
		check(t, u, "point %d is in no edge", i)
	}
	// Hull.
	h := len(tr.Hull)
	equal(t, len(boundary), h, "hull length vs boundary edges")
	check(t, slices.Min(tr.Hull) == tr.Hull[0], "hull does not start at its smallest index")
	for k := 0; k < h; k++ {
		u, v, w := tr.Hull[k], tr.Hull[(k+1)%h], tr.Hull[(k+2)%h]
		check(t, boundary[[2]int{u, v}], "hull edge (%d,%d) is not a boundary edge", u, v)
		check(t, Orient(pts[u], pts[v], pts[w]) >= 0, "hull not convex at %d", v)
	}
	if n*h <= 2e6 {
		for k := 0; k < h; k++ {
			u, v := tr.Hull[k], tr.Hull[(k+1)%h]
			for p := range pts {
				if Orient(pts[u], pts[v], pts[p]) < 0 {
					t.Fatalf("point %d outside hull edge (%d,%d)", p, u, v)
				}
			}
		}
	}
	// Euler.
	equal(t, 2*n-2-h, T, "Euler: triangles")
	equal(t, 3*n-3-h, len(tr.Edges), "Euler: edges")
	// Areas (twice the signed area, exactly).
	if n <= 2000 {
		area2 := func(a, b, c Point) *big.Rat {
			bx := new(big.Rat).Sub(ratOf(b.X), ratOf(a.X))
			by := new(big.Rat).Sub(ratOf(b.Y), ratOf(a.Y))
			cx := new(big.Rat).Sub(ratOf(c.X), ratOf(a.X))
			cy := new(big.Rat).Sub(ratOf(c.Y), ratOf(a.Y))
			l := new(big.Rat).Mul(bx, cy)
			return l.Sub(l, new(big.Rat).Mul(by, cx))
		}
		sum := new(big.Rat)
		for _, tri := range tr.Triangles {
			sum.Add(sum, area2(pts[tri[0]], pts[tri[1]], pts[tri[2]]))
		}
		hull := new(big.Rat)
		for k := 1; k+1 < h; k++ {
			hull.Add(hull, area2(pts[tr.Hull[0]], pts[tr.Hull[k]], pts[tr.Hull[k+1]]))
		}
		check(t, sum.Cmp(hull) == 0, "triangle areas %v != hull area %v", sum, hull)
	}
	// Empty circumcircles, by brute force.
	for i, tri := range tr.Triangles {
		a, b, c := pts[tri[0]], pts[tri[1]], pts[tri[2]]
		for p := range pts {
			if p == tri[0] || p == tri[1] || p == tri[2] {
				continue
			}
			if InCircle(a, b, c, pts[p]) > 0 {
				t.Fatalf("point %d inside circumcircle of triangle %d = %v", p, i, tri)
			}
		}
	}
}

func verifyCollinear(t tb, pts []Point, tr *Triangulation) {
	t.Helper()
	n := len(pts)
	equal(t, 0, len(tr.Neighbors))
	equal(t, n, len(tr.Hull), "collinear: Hull lists all points")
	equal(t, max(n-1, 0), len(tr.Edges), "collinear: path edges")
	for k := 2; k < n; k++ {
		equal(t, 0, Orient(pts[tr.Hull[0]], pts[tr.Hull[1]], pts[tr.Hull[k]]), "points not collinear")
	}
	want := map[[2]int]bool{}
	for k := 1; k < n; k++ {
		p, q := pts[tr.Hull[k-1]], pts[tr.Hull[k]]
		check(t, p.X < q.X || (p.X == q.X && p.Y < q.Y), "hull not sorted by (X, Y) at %d", k)
		u, v := tr.Hull[k-1], tr.Hull[k]
		want[[2]int{min(u, v), max(u, v)}] = true
	}
	for k, e := range tr.Edges {
		check(t, want[e], "edge %v not on the path", e)
		if k > 0 {
			p := tr.Edges[k-1]
			check(t, p[0] < e[0] || (p[0] == e[0] && p[1] < e[1]), "edges out of order at %d", k)
		}
	}
}
