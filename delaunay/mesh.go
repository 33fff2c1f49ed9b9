package delaunay

import (
	"errors"
	"math"
	"slices"
	"sync/atomic"

	"github.com/hypersteiner/hypersteiner/internal/parallel"
)

// Mesh is a triangulation in flat int32 form, with the adjacency a
// pipeline on millions of points needs and nothing else: no hull, no
// classification of the hyperbolic edges, no second copy.
type Mesh struct {
	// Edges lists every edge of the Euclidean Delaunay triangulation once,
	// as {i, j} with i < j (for HyperbolicMesh, of the Poincaré images).
	// For collinear input, the path through the points.
	Edges [][2]int32
	// Triangles lists the triangles counter-clockwise, each rotated to
	// start at its smallest index (for HyperbolicMesh, the hyperbolic
	// Delaunay faces only, in the order of the Euclidean triangulation).
	Triangles [][3]int32
	// TriEdges[t][k] is the index in Edges of the side from Triangles[t][k]
	// to Triangles[t][(k+1)%3].
	TriEdges [][3]int32
	// Across[t][k] is the index in Triangles of the triangle on the other
	// side of that side, or −1 on the hull (for HyperbolicMesh also where
	// that triangle is not a hyperbolic face).
	Across [][3]int32
	// Faces lists every triangle of the Euclidean triangulation by the
	// indices of its sides in Edges: the 3-cycles of the graph (for
	// TriangulateMesh, TriEdges itself).
	Faces [][3]int32
}

// TriangulateMesh is Triangulate in the form of a Mesh: the same
// triangles and edges, in the same order. (The sweep is sequential; only
// HyperbolicMesh has work for more goroutines.)
func TriangulateMesh(points []Point) (*Mesh, error) {
	b, ok, err := build(points)
	if err != nil || !ok {
		if err != nil {
			return nil, err
		}
		return collinearMesh(points)
	}
	m := b.mesh(1)
	m.Faces = m.TriEdges
	return m, nil
}

// build runs the sweep; ok is false for collinear input (and n ≤ 2).
func build(points []Point) (*builder, bool, error) {
	if err := checkFinite(points); err != nil {
		return nil, false, err
	}
	if len(points) > math.MaxInt32/6 {
		return nil, false, errTooMany(len(points))
	}
	b := newBuilder(points)
	seed, ok, err := b.seed()
	if err != nil || !ok {
		return nil, false, err
	}
	if err := b.run(seed); err != nil {
		return nil, false, err
	}
	return b, true, nil
}

// collinearMesh is collinear in the form of a Mesh.
func collinearMesh(points []Point) (*Mesh, error) {
	tr, err := collinear(points)
	if err != nil {
		return nil, err
	}
	m := &Mesh{Edges: make([][2]int32, len(tr.Edges)), Triangles: [][3]int32{}, TriEdges: [][3]int32{}, Across: [][3]int32{}, Faces: [][3]int32{}}
	for i, e := range tr.Edges {
		m.Edges[i] = [2]int32{int32(e[0]), int32(e[1])}
	}
	return m, nil
}

// mesh converts the half-edge structure to a Mesh with input indices.
// Triangles keep their construction order (a fixed function of the input),
// each rotated to start at its smallest index; each edge is listed once,
// at its first half-edge in that order. Sorting into a canonical order
// would cost several times the triangulation itself at 10⁶ points, for no
// use downstream. The work is split into consecutive blocks of triangles
// on workers goroutines: each block counts the edges it lists, and with
// the counts summed in order each numbers its own, so the numbering is
// the sequential one whatever the number of workers.
func (b *builder) mesh(workers int) *Mesh {
	adj, tri, ids := b.adj, b.tri, b.ids
	nt := len(adj) / 3
	const block = 1 << 14
	nb := (nt + block - 1) / block
	first := make([]int32, nb+1) // edges listed before block k: first[k]
	parallel.For(nb, workers, func(_, k int) {
		n := int32(0)
		for h := 3 * k * block; h < 3*min((k+1)*block, nt); h++ {
			if adj[h] < int32(h) {
				n++
			}
		}
		first[k+1] = n
	}, nil)
	for k := range nb {
		first[k+1] += first[k]
	}
	m := &Mesh{
		Triangles: make([][3]int32, nt),
		TriEdges:  make([][3]int32, nt),
		Across:    make([][3]int32, nt),
		Edges:     make([][2]int32, first[nb]),
	}
	rot := make([]uint8, nt)
	parallel.For(nb, workers, func(_, k int) {
		next := first[k]
		for t := k * block; t < min((k+1)*block, nt); t++ {
			v := [3]int32{ids[tri[3*t]], ids[tri[3*t+1]], ids[tri[3*t+2]]}
			r := 0
			if v[1] < v[0] && v[1] < v[2] {
				r = 1
			} else if v[2] < v[0] && v[2] < v[1] {
				r = 2
			}
			rot[t] = uint8(r)
			for i := 0; i < 3; i++ {
				j := (r + i) % 3
				h := int32(3*t + j)
				m.Triangles[t][i] = v[j]
				g := adj[h]
				if g >= 0 {
					m.Across[t][i] = g / 3
				} else {
					m.Across[t][i] = -1
				}
				if g < h {
					u, w := v[j], v[(j+1)%3]
					m.TriEdges[t][i] = next
					m.Edges[next] = [2]int32{min(u, w), max(u, w)}
					next++
				}
			}
		}
	}, nil)
	// The sides that did not list their edge (adj[h] > h) take the index
	// from their twin, which did.
	parallel.For(nb, workers, func(_, k int) {
		for h := 3 * k * block; h < 3*min((k+1)*block, nt); h++ {
			if g := adj[h]; g > int32(h) {
				t, i := h/3, (h%3-int(rot[h/3])+3)%3
				tg, ig := g/3, (g%3-int32(rot[g/3])+3)%3
				m.TriEdges[t][i] = m.TriEdges[tg][ig]
			}
		}
	}, nil)
	return m
}

// HyperbolicMesh is Hyperbolic in the form of a Mesh: all Euclidean
// Delaunay edges of the Poincaré images, the hyperbolic Delaunay faces
// (those whose circumcircle lies inside the disk, decided exactly), and
// their adjacency among themselves; the hyperbolic edges are not
// classified. Errors are those of Hyperbolic. The images and the circle
// tests run on workers goroutines (0: GOMAXPROCS); the mesh does not
// depend on their number.
func HyperbolicMesh(klein []Point, workers int) (*Mesh, error) {
	img, err := poincareImages(klein, workers)
	if err != nil {
		return nil, err
	}
	b, ok, err := build(img)
	if err != nil {
		var de *DuplicateError
		if errors.As(err, &de) && klein[de.I] != klein[de.J] {
			de.Image = true
		}
		return nil, err
	}
	if !ok {
		// Collinear images: every edge of the path is hyperbolic Delaunay,
		// and there is no triangle.
		return collinearMesh(img)
	}
	// The circle tests on the builder's points, which lie in insertion
	// order (neighbours close in memory); the test is exact, so the order
	// of a triangle's vertices does not matter.
	keep := make([]int32, len(b.tri)/3) // new index, or −1
	parallel.For(len(keep), workers, func(_, t int) {
		c := newCircle(b.pts[b.tri[3*t]], b.pts[b.tri[3*t+1]], b.pts[b.tri[3*t+2]])
		keep[t] = -1
		if c.inDisk() {
			keep[t] = 0
		}
	}, nil)
	m := b.mesh(workers)
	nk := int32(0)
	for t, k := range keep {
		if k == 0 {
			keep[t] = nk
			nk++
		}
	}
	// The kept triangles in new slices; every triangle's sides stay as
	// Faces.
	tris, sides, across := make([][3]int32, 0, nk), make([][3]int32, 0, nk), make([][3]int32, 0, nk)
	for t := range m.Triangles {
		if keep[t] < 0 {
			continue
		}
		a := m.Across[t]
		for s, u := range a {
			if u >= 0 {
				a[s] = keep[u]
			}
		}
		tris, sides, across = append(tris, m.Triangles[t]), append(sides, m.TriEdges[t]), append(across, a)
	}
	m.Faces = m.TriEdges
	m.Triangles, m.TriEdges, m.Across = tris, sides, across
	return m, nil
}

// poincareImages checks the Klein points (finite, strictly inside the
// disk, decided exactly) and maps them to the Poincaré disk
// (kleinToPoincare), forming 1 − |p|² once for both.
func poincareImages(klein []Point, workers int) ([]Point, error) {
	if err := checkFinite(klein); err != nil {
		return nil, err
	}
	img := make([]Point, len(klein))
	outside := make([]bool, len(klein))
	var anyOutside atomic.Bool
	parallel.For(len(klein), workers, func(_, i int) {
		var buf [5]float64
		p := klein[i]
		h := oneMinusNorm2(buf[:], p)
		if expSign(h) <= 0 {
			outside[i] = true
			anyOutside.Store(true)
			return
		}
		d := 1 + math.Sqrt(expEstimate(h))
		img[i] = Point{p.X / d, p.Y / d}
	}, nil)
	if anyOutside.Load() {
		i := slices.Index(outside, true) // the first
		return nil, &PointError{Index: i, Point: klein[i], Err: ErrOutsideDisk}
	}
	return img, nil
}
