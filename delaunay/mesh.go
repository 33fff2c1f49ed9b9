package delaunay

import (
	"math"
	"sync/atomic"
	"unsafe"

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
	b, ok, err := build(points, 1)
	if err != nil || !ok {
		if err != nil {
			return nil, err
		}
		return collinearMesh(points)
	}
	return b.mesh(1, false), nil
}

// build runs the sweep; ok is false for collinear input (and n ≤ 2). The
// scans before it run on workers goroutines, with the same result.
func build(points []Point, workers int) (*builder, bool, error) {
	if err := checkFinite(points); err != nil {
		return nil, false, err
	}
	if len(points) > math.MaxInt32/6 {
		return nil, false, errTooMany(len(points))
	}
	b := newBuilder(points)
	b.workers = workers
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

// meshBlock is the number of triangles in one block of the conversion:
// small enough that even 10⁵ points give dozens of blocks to share out,
// and for the counts packed in triInfo.
const meshBlock = 1 << 11

// triInfo packs what the conversion needs to know of one triangle before
// it numbers anything. Bits 0–5: for each half-edge j = 0, 1, 2 of the
// triangle (2 bits each), the number of its half-edges that list their
// edge and come before j in the rotated order. Bits 6–18: the number of
// edges listed by the triangles before it in its block (below
// 3·meshBlock = 3·2¹¹). Bits 19–31: its index among the kept triangles
// before it in its block (below 2¹¹), or droppedRank.
type triInfo uint32

const droppedRank = 1<<13 - 1

func (f triInfo) pre(j int32) int32 { return int32(f>>(2*j)) & 3 }
func (f triInfo) edges() int32      { return int32(f>>6) & (1<<13 - 1) }
func (f triInfo) rank() int32       { return int32(f >> 19) }

// mesh converts the half-edge structure to a Mesh with input indices.
// Triangles keep their construction order (a fixed function of the input),
// each rotated to start at its smallest index; each edge is listed once,
// at its first half-edge in that order: a half-edge h lists its edge when
// its twin comes before it or there is none (adj[h] < h). Sorting into a
// canonical order would cost several times the triangulation itself at
// 10⁶ points, for no use downstream.
//
// With hyp set, Triangles, TriEdges and Across hold only the triangles
// whose circumcircle lies inside the unit disk (inDiskTri), renumbered in
// order, with Across −1 towards a dropped triangle; Faces holds the sides
// of every triangle. Without it, all triangles are kept and TriEdges is
// Faces.
//
// The work is split into consecutive blocks of triangles on workers
// goroutines, in two passes. The first records each triangle's triInfo,
// block by block. With the blocks' counts summed in order, every edge and
// kept triangle has its final index: that of the block's first plus the
// counts before it in its block (and, for an edge, before its half-edge in
// its triangle). The second pass writes every slot from those indices,
// its own triangle's and its neighbours'. Each slot is written by the
// block that owns it, from values that do not depend on the schedule, so
// the mesh is the sequential one whatever the number of workers.
func (b *builder) mesh(workers int, hyp bool) *Mesh {
	adj, tri, ids := b.adj, b.tri, b.ids
	nt := len(adj) / 3
	nb := (nt + meshBlock - 1) / meshBlock
	blocks := func(body func(k, lo, hi int)) {
		_ = parallel.Each(nb, workers, func(_, k int) error {
			body(k, k*meshBlock, min((k+1)*meshBlock, nt))
			return nil
		})
	}
	info := make([]triInfo, nt)
	// Before the prefix sums, edges[k+1] and kept[k+1] count block k's;
	// after, edges[k] and kept[k] are the numbers listed before block k.
	edges, kept := make([]int32, nb+1), make([]int32, nb+1)
	blocks(func(k, lo, hi int) {
		ne, nk := int32(0), int32(0)
		for t := lo; t < hi; t++ {
			r := rotation(ids[tri[3*t]], ids[tri[3*t+1]], ids[tri[3*t+2]])
			rank := int32(droppedRank)
			if !hyp || b.inDiskTri(t) {
				rank = nk
				nk++
			}
			f := triInfo(ne<<6 | rank<<19)
			c := int32(0)
			for i := int32(0); i < 3; i++ {
				j := (r + i) % 3
				f |= triInfo(c << (2 * j))
				if h := int32(3*t) + j; adj[h] < h {
					c++
				}
			}
			info[t] = f
			ne += c
		}
		edges[k+1], kept[k+1] = ne, nk
	})
	for k := range nb {
		edges[k+1] += edges[k]
		kept[k+1] += kept[k]
	}
	// edgeOf is the index in Edges of the edge of half-edge h, which
	// lists it.
	edgeOf := func(h int32) int32 {
		t := h / 3
		f := info[t]
		return edges[t/meshBlock] + f.edges() + f.pre(h%3)
	}
	nk := kept[nb]
	m := &Mesh{
		// Faces takes over the memory of adj, which has the same layout
		// (three int32 per triangle) and is already in use: at 10⁶ points
		// writing fresh pages costs about as much as the writes. Below,
		// triangle t reads its own three entries of adj (and nothing else
		// of it) before it writes Faces[t], which is the same memory, so
		// each slot is still read before it is overwritten and only by the
		// block that owns it. The builder is not used afterwards.
		Faces:     unsafe.Slice((*[3]int32)(unsafe.Pointer(unsafe.SliceData(adj))), nt),
		Triangles: make([][3]int32, nk),
		Across:    make([][3]int32, nk),
		Edges:     make([][2]int32, edges[nb]),
	}
	m.TriEdges = m.Faces
	if hyp {
		m.TriEdges = make([][3]int32, nk)
	}
	blocks(func(k, lo, hi int) {
		for t := lo; t < hi; t++ {
			f := info[t]
			v := [3]int32{ids[tri[3*t]], ids[tri[3*t+1]], ids[tri[3*t+2]]}
			r := rotation(v[0], v[1], v[2])
			keep := f.rank() != droppedRank
			kt := kept[k] + f.rank()
			a := [3]int32{adj[3*t], adj[3*t+1], adj[3*t+2]} // before Faces[t] overwrites them
			for i := int32(0); i < 3; i++ {
				j := (r + i) % 3
				h := int32(3*t) + j
				g := a[j]
				var e int32
				if g < h {
					e = edgeOf(h)
					u, w := v[j], v[(j+1)%3]
					m.Edges[e] = [2]int32{min(u, w), max(u, w)}
				} else {
					e = edgeOf(g)
				}
				m.Faces[t][i] = e
				if !keep {
					continue
				}
				m.Triangles[kt][i] = v[j]
				across := int32(-1)
				if g >= 0 {
					if fg := info[g/3]; fg.rank() != droppedRank {
						across = kept[g/3/meshBlock] + fg.rank()
					}
				}
				m.Across[kt][i] = across
				if hyp {
					m.TriEdges[kt][i] = e
				}
			}
		}
	})
	return m
}

// rotation returns the position of the smallest of three distinct
// indices: the rotation that makes a triangle start there.
func rotation(a, b, c int32) int32 {
	switch {
	case b < a && b < c:
		return 1
	case c < a && c < b:
		return 2
	}
	return 0
}

// HyperbolicMesh is Hyperbolic in the form of a Mesh: all Euclidean
// Delaunay edges of the Poincaré images, the hyperbolic Delaunay faces
// (those whose circumcircle lies inside the disk, decided exactly), and
// their adjacency among themselves; the hyperbolic edges are not
// classified. Errors are those of Hyperbolic. The images, the circle
// tests and the conversion run on workers goroutines (0: GOMAXPROCS); the
// mesh does not depend on their number.
func HyperbolicMesh(klein []Point, workers int) (*Mesh, error) {
	img, err := poincareImages(klein, workers)
	if err != nil {
		return nil, err
	}
	b, ok, err := build(img, workers)
	if err != nil {
		return nil, imageDuplicate(err, klein)
	}
	if !ok {
		// Collinear images: every edge of the path is hyperbolic Delaunay,
		// and there is no triangle.
		return collinearMesh(img)
	}
	// The conversion reads the triangles and the points in insertion
	// order only: letting the images, the hull and its hash go first lets
	// the collector reuse their memory for the mesh's arrays.
	b.orig, b.hullNext, b.hullPrev, b.hullEdge, b.hash, b.stack = nil, nil, nil, nil, nil, nil
	return b.mesh(workers, true), nil
}

// inDiskTri reports whether the circumcircle of triangle t lies inside the
// open unit disk, decided exactly on the builder's points (which lie in
// insertion order, neighbours close in memory; the test is exact, so the
// order of the vertices does not matter).
func (b *builder) inDiskTri(t int) bool {
	return circumInDisk(b.pts[b.tri[3*t]], b.pts[b.tri[3*t+1]], b.pts[b.tri[3*t+2]])
}

// poincareImages checks the Klein points (finite, strictly inside the
// disk, decided exactly) and maps them to the Poincaré disk
// (kleinToPoincare), forming 1 − |p|² once for both.
func poincareImages(klein []Point, workers int) ([]Point, error) {
	if err := checkFinite(klein); err != nil {
		return nil, err
	}
	n := len(klein)
	img := make([]Point, n)
	var first atomic.Int64 // the lowest index of a point outside, or n
	first.Store(int64(n))
	parallel.For(n, workers, func(_, i int) {
		var buf [5]float64
		p := klein[i]
		h := oneMinusNorm2(buf[:], p)
		if expSign(h) <= 0 {
			for {
				f := first.Load()
				if int64(i) >= f || first.CompareAndSwap(f, int64(i)) {
					return
				}
			}
		}
		d := 1 + math.Sqrt(expEstimate(h))
		img[i] = Point{p.X / d, p.Y / d}
	}, nil)
	if i := int(first.Load()); i < n {
		return nil, &PointError{Index: i, Point: klein[i], Err: ErrOutsideDisk}
	}
	return img, nil
}
