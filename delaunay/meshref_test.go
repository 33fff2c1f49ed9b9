package delaunay

import (
	"math"

	"github.com/hypersteiner/hypersteiner/internal/parallel"
)

// The steps of HyperbolicMesh as they were before the fused passes, the
// static circle filter and the parallel scans, kept verbatim (renamed) as
// the reference the faster path must reproduce slice for slice.

// mesh converts the half-edge structure to a Mesh with input indices.
// Triangles keep their construction order (a fixed function of the input),
// each rotated to start at its smallest index; each edge is listed once,
// at its first half-edge in that order. Sorting into a canonical order
// would cost several times the triangulation itself at 10⁶ points, for no
// use downstream. The work is split into consecutive blocks of triangles
// on workers goroutines: each block counts the edges it lists, and with
// the counts summed in order each numbers its own, so the numbering is
// the sequential one whatever the number of workers.
func (b *builder) meshRef(workers int) *Mesh {
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
func hyperbolicMeshRef(klein []Point, workers int) (*Mesh, error) {
	img, err := poincareImages(klein, workers)
	if err != nil {
		return nil, err
	}
	b, ok, err := buildRef(img)
	if err != nil {
		return nil, imageDuplicate(err, klein)
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
	m := b.meshRef(workers)
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

// build runs the sweep; ok is false for collinear input (and n ≤ 2).
func buildRef(points []Point) (*builder, bool, error) {
	if err := checkFinite(points); err != nil {
		return nil, false, err
	}
	if len(points) > math.MaxInt32/6 {
		return nil, false, errTooMany(len(points))
	}
	b := newBuilder(points)
	seed, ok, err := b.seedRef()
	if err != nil || !ok {
		return nil, false, err
	}
	if err := b.runRef(seed); err != nil {
		return nil, false, err
	}
	return b, true, nil
}

// seed picks the first triangle: the point nearest the centre of the
// bounding box, its nearest neighbour, and the point making the smallest
// circumcircle with them that is not collinear with them (decided exactly).
// ok is false when every point is collinear (or n < 3).
func (b *builder) seedRef() (s [3]int32, ok bool, err error) {
	pts := b.pts
	n := len(pts)
	if n < 3 {
		return s, false, nil
	}
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	for _, p := range pts {
		minX, maxX = math.Min(minX, p.X), math.Max(maxX, p.X)
		minY, maxY = math.Min(minY, p.Y), math.Max(maxY, p.Y)
	}
	// Halve before adding so that huge coordinates do not overflow.
	mx, my := minX/2+maxX/2, minY/2+maxY/2
	i0 := nearestRef(pts, mx, my, -1)
	i1 := nearestRef(pts, pts[i0].X, pts[i0].Y, i0)
	if pts[i0] == pts[i1] {
		return s, false, firstDuplicate(pts)
	}
	i2 := int32(-1)
	bestR := math.Inf(1)
	for k := range pts {
		k := int32(k)
		if k == i0 || k == i1 || b.orient(i0, i1, k) == 0 {
			continue
		}
		r := circumradius2(pts[i0], pts[i1], pts[k])
		if i2 < 0 || r < bestR {
			i2, bestR = k, r
		}
	}
	if i2 < 0 {
		return s, false, nil
	}
	return b.seedTriangle(i0, i1, i2), true, nil
}

// nearest returns the index of the point nearest (x, y), skipping skip.
func nearestRef(pts []Point, x, y float64, skip int32) int32 {
	best, bestD := int32(-1), math.Inf(1)
	for i, p := range pts {
		if int32(i) == skip {
			continue
		}
		dx, dy := p.X-x, p.Y-y
		if d := dx*dx + dy*dy; best < 0 || d < bestD {
			best, bestD = int32(i), d
		}
	}
	return best
}

// run builds the triangulation from the seed triangle, adding the other
// points in radial order: by distance from the centre, ties by index
// (radialOrder's keys are per point, the same for any number of workers,
// so its one-worker run is the old sequential one).
func (b *builder) runRef(seed [3]int32) error {
	return b.sweep(seed, radialOrder(b.pts, b.cx, b.cy, 1))
}
