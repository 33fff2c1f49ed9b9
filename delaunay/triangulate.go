package delaunay

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"

	"github.com/hypersteiner/hypersteiner/internal/parallel"
)

// Triangulation is a Delaunay triangulation of a set of points, given by
// indices into the input slice. Its layout is deterministic: the same input
// always gives the same slices, in an order that is otherwise unspecified.
type Triangulation struct {
	// Triangles lists the triangles as counter-clockwise index triples,
	// each rotated so that its smallest index comes first. Empty when the
	// points are collinear.
	Triangles [][3]int
	// Neighbors[t][k] is the triangle on the other side of the edge from
	// Triangles[t][k] to Triangles[t][(k+1)%3], or -1 if that edge lies on
	// the convex hull.
	Neighbors [][3]int
	// Edges lists every edge once, as {i, j} with i < j. For collinear
	// input these are the n−1 edges of the path through the points in
	// their order along the line, sorted.
	Edges [][2]int
	// Hull lists the points on the boundary of the convex hull in
	// counter-clockwise order, starting at the smallest index; points in
	// the interior of a hull edge are included. For collinear input
	// (including n ≤ 2) it lists all points in their order along the line,
	// that is by increasing (X, Y).
	Hull []int

	// triEdges[3t+k] is the index in Edges of edge k of triangle t.
	triEdges []int32
}

// Triangulate returns the Delaunay triangulation of points: every triangle's
// circumcircle has no input point strictly inside it. Where four or more
// points are cocircular the Delaunay triangulation is not unique and an
// arbitrary but deterministic one is returned. All geometric decisions use
// the exact predicates Orient and InCircle, so the result is correct for
// every finite input, degenerate or not.
//
// Errors: a *PointError wrapping ErrNotFinite for the first NaN or infinite
// coordinate; a *DuplicateError for coinciding points. With n ≤ 2 points,
// or when all points are collinear, there are no triangles and Edges is the
// path through the points in their order along the line.
//
// The algorithm is a radial sweep (the sweep-hull idea of Sinclair's s-hull
// and Agafonkin's Delaunator): points are added in order of distance from a
// seed triangle's circumcentre, each one is joined to the hull edges it
// sees, and Lawson flips restore the Delaunay property. Rounding in that
// order can hand over a point that is not strictly outside the current
// hull; such points are located by a walk and inserted into their triangle
// or edge, so the order only affects speed, never correctness. Expected time
// is O(n log n) for well-spread points; memory is a few flat int32 slices.
// If any coordinate is nonzero with magnitude outside [2⁻²⁰⁰, 2²⁰⁰], every
// predicate is evaluated with big.Rat: still exact, but far slower.
func Triangulate(points []Point) (*Triangulation, error) {
	b, ok, err := build(points, 1)
	if err != nil {
		return nil, err
	}
	if !ok {
		return collinear(points)
	}
	return b.output(), nil
}

// errTooMany reports an input beyond the int32 indices of the structure.
func errTooMany(n int) error {
	return fmt.Errorf("delaunay: %d points exceed the supported maximum of %d", n, math.MaxInt32/6)
}

// collinear handles n ≤ 2 and collinear input: the points sorted by (X, Y),
// which is their order along the line, joined by a path.
func collinear(points []Point) (*Triangulation, error) {
	n := len(points)
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(i, j int) int {
		p, q := points[i], points[j]
		switch {
		case p.X < q.X:
			return -1
		case p.X > q.X:
			return 1
		case p.Y < q.Y:
			return -1
		case p.Y > q.Y:
			return 1
		}
		return i - j
	})
	tr := &Triangulation{Triangles: [][3]int{}, Neighbors: [][3]int{}, Hull: order}
	tr.Edges = make([][2]int, 0, max(n-1, 0))
	for k := 1; k < n; k++ {
		i, j := order[k-1], order[k]
		if points[i] == points[j] {
			return nil, firstDuplicate(points)
		}
		tr.Edges = append(tr.Edges, [2]int{min(i, j), max(i, j)})
	}
	slices.SortFunc(tr.Edges, func(a, b [2]int) int {
		if a[0] != b[0] {
			return a[0] - b[0]
		}
		return a[1] - b[1]
	})
	return tr, nil
}

// errInternal reports a broken invariant; it should never be seen.
var errInternal = errors.New("delaunay: internal error (please report)")

// builder holds the half-edge structure while the triangulation is built.
// Triangle t owns half-edges 3t, 3t+1, 3t+2, in counter-clockwise order;
// half-edge h runs from vertex tri[h] to vertex tri[next(h)] and adj[h] is
// the opposite half-edge in the neighbouring triangle, or -1 on the hull.
// The hull is a doubly linked counter-clockwise cycle of vertices
// (hullNext, hullPrev; hullNext[v] == -1 when v is not on the hull), and
// hullEdge[v] is the boundary half-edge from v to hullNext[v].
type builder struct {
	orig []Point // the input
	pts  []Point // the input in insertion order (after sweep has begun)
	ids  []int32 // internal index → input index
	wide bool    // some coordinate is outside the range of the float filter

	workers int // goroutines for the scans before the sweep (seed, radialOrder)

	tri, adj []int32

	hullNext, hullPrev, hullEdge []int32
	hullStart                    int32
	hash                         []int32 // pseudo-angle bucket → hull vertex
	cx, cy                       float64 // centre of the radial order

	stack []int32
	rng   uint64 // xorshift state for the stochastic walk

	inside int // points inserted by insertInside (a statistic for tests)
}

func newBuilder(points []Point) *builder {
	b := &builder{orig: points, pts: points, rng: 0x9e3779b97f4a7c15}
	for _, p := range points {
		if !safePoint(p) {
			b.wide = true
			break
		}
	}
	return b
}

func next(h int32) int32 {
	if h%3 == 2 {
		return h - 2
	}
	return h + 1
}

func prev(h int32) int32 {
	if h%3 == 0 {
		return h + 2
	}
	return h - 1
}

// orient is the exact orientation of points i, j, k (positive: CCW).
func (b *builder) orient(i, j, k int32) int {
	p, q, r := b.pts[i], b.pts[j], b.pts[k]
	if b.wide {
		return orientRat(p, q, r)
	}
	return sign(orientFast(p, q, r))
}

// inCircle reports whether point l lies strictly inside the circle through
// the counter-clockwise points i, j, k.
func (b *builder) inCircle(i, j, k, l int32) bool {
	p, q, r, s := b.pts[i], b.pts[j], b.pts[k], b.pts[l]
	if b.wide {
		return inCircleRat(p, q, r, s) > 0
	}
	return inCircleFast(p, q, r, s) > 0
}

// seed picks the first triangle: the point nearest the centre of the
// bounding box, its nearest neighbour, and the point making the smallest
// circumcircle with them that is not collinear with them (decided exactly).
// ok is false when every point is collinear (or n < 3).
func (b *builder) seed() (s [3]int32, ok bool, err error) {
	pts := b.pts
	n := len(pts)
	if n < 3 {
		return s, false, nil
	}
	type box struct{ minX, minY, maxX, maxY float64 }
	boxes := make([]box, (n+scanBlock-1)/scanBlock)
	scan(n, b.workers, func(k, lo, hi int) {
		bx := box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
		for _, p := range pts[lo:hi] {
			bx.minX, bx.maxX = math.Min(bx.minX, p.X), math.Max(bx.maxX, p.X)
			bx.minY, bx.maxY = math.Min(bx.minY, p.Y), math.Max(bx.maxY, p.Y)
		}
		boxes[k] = bx
	})
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	for _, bx := range boxes {
		minX, maxX = math.Min(minX, bx.minX), math.Max(maxX, bx.maxX)
		minY, maxY = math.Min(minY, bx.minY), math.Max(maxY, bx.maxY)
	}
	// Halve before adding so that huge coordinates do not overflow.
	mx, my := minX/2+maxX/2, minY/2+maxY/2
	i0 := nearest(pts, mx, my, -1, b.workers)
	i1 := nearest(pts, pts[i0].X, pts[i0].Y, i0, b.workers)
	if pts[i0] == pts[i1] {
		return s, false, firstDuplicate(pts)
	}
	i2, _ := firstMin(n, b.workers, func(k int32) (float64, bool) {
		if k == i0 || k == i1 || b.orient(i0, i1, k) == 0 {
			return 0, false
		}
		return circumradius2(pts[i0], pts[i1], pts[k]), true
	})
	if i2 < 0 {
		return s, false, nil
	}
	return b.seedTriangle(i0, i1, i2), true, nil
}

// nearest returns the index of the point nearest (x, y), skipping skip
// (the first of equally near ones).
func nearest(pts []Point, x, y float64, skip int32, workers int) int32 {
	i, _ := firstMin(len(pts), workers, func(i int32) (float64, bool) {
		if i == skip {
			return 0, false
		}
		dx, dy := pts[i].X-x, pts[i].Y-y
		return dx*dx + dy*dy, true
	})
	return i
}

// scanBlock is the number of points in one block of scan.
const scanBlock = 1 << 14

// scan calls body for the consecutive blocks [lo, hi) of [0, n), block k
// holding indices from k·scanBlock, on workers goroutines.
func scan(n, workers int, body func(k, lo, hi int)) {
	_ = parallel.Each((n+scanBlock-1)/scanBlock, workers, func(_, k int) error {
		body(k, k*scanBlock, min((k+1)*scanBlock, n))
		return nil
	})
}

// firstMin returns the first index in [0, n) with the smallest key among
// those key accepts (ok), with that key, or −1. Keys are never NaN. Each
// block finds its own first minimum and the blocks are combined in order,
// so the answer is the sequential one whatever the number of workers.
func firstMin(n, workers int, key func(i int32) (float64, bool)) (int32, float64) {
	type best struct {
		i int32
		d float64
	}
	bests := make([]best, (n+scanBlock-1)/scanBlock)
	scan(n, workers, func(k, lo, hi int) {
		bb := best{-1, math.Inf(1)}
		for i := int32(lo); i < int32(hi); i++ {
			if d, ok := key(i); ok && (bb.i < 0 || d < bb.d) {
				bb = best{i, d}
			}
		}
		bests[k] = bb
	})
	bb := best{-1, math.Inf(1)}
	for _, c := range bests {
		if c.i >= 0 && (bb.i < 0 || c.d < bb.d) {
			bb = c
		}
	}
	return bb.i, bb.d
}

// circumradius2 is the squared circumradius in float64 (+Inf if degenerate):
// a heuristic only.
func circumradius2(a, b, c Point) float64 {
	ox, oy := circumcentre(a, b, c)
	dx, dy := ox-a.X, oy-a.Y
	r := dx*dx + dy*dy
	if math.IsNaN(r) {
		return math.Inf(1)
	}
	return r
}

// circumcentre is the float64 circumcentre of a, b, c (a heuristic only).
func circumcentre(a, b, c Point) (x, y float64) {
	dx, dy := b.X-a.X, b.Y-a.Y
	ex, ey := c.X-a.X, c.Y-a.Y
	bl := dx*dx + dy*dy
	cl := ex*ex + ey*ey
	d := 0.5 / (dx*ey - dy*ex)
	return a.X + (ey*bl-dy*cl)*d, a.Y + (dx*cl-ex*bl)*d
}

// hashKey maps a point to a bucket by its pseudo-angle around the centre.
func (b *builder) hashKey(p Point) int {
	dx, dy := p.X-b.cx, p.Y-b.cy
	q := dx / (math.Abs(dx) + math.Abs(dy))
	var a float64 // monotone in the angle, in [0, 1]
	if dy > 0 {
		a = (3 - q) / 4
	} else {
		a = (1 + q) / 4
	}
	size := len(b.hash)
	if !(a >= 0 && a < 1) { // NaN (p at the centre) or 1
		return 0
	}
	return int(a*float64(size)) % size
}

func (b *builder) link(h, g int32) {
	b.adj[h] = g
	if g >= 0 {
		b.adj[g] = h
	}
}

// addTriangle appends triangle (i, j, k) and returns its first half-edge.
func (b *builder) addTriangle(i, j, k int32) int32 {
	t := int32(len(b.tri))
	b.tri = append(b.tri, i, j, k)
	b.adj = append(b.adj, -1, -1, -1)
	return t
}

// run builds the triangulation from the seed triangle, adding the other
// points in radial order: by distance from the centre, ties by index.
func (b *builder) run(seed [3]int32) error {
	return b.sweep(seed, radialOrder(b.pts, b.cx, b.cy, b.workers))
}

// radialOrder returns the indices of pts sorted by their float64 squared
// distance from (cx, cy), ties by index. The distance's bit pattern (which
// orders non-negative floats) is truncated to the bits left over by the
// index and packed with it into one uint64 key, which is radix sorted; the
// truncation keeps at least 30 significant bits and only affects speed.
func radialOrder(pts []Point, cx, cy float64, workers int) []int32 {
	n := len(pts)
	idxBits := max(bits.Len(uint(n)), 1)
	keys := make([]uint64, n)
	scan(n, workers, func(_, lo, hi int) {
		for i := lo; i < hi; i++ {
			dx, dy := pts[i].X-cx, pts[i].Y-cy
			d := dx*dx + dy*dy
			if math.IsNaN(d) {
				d = math.Inf(1)
			}
			// d ≥ 0, so its sign bit is clear: shift it out.
			keys[i] = (math.Float64bits(d)<<1)&^(1<<idxBits-1) | uint64(i)
		}
	})
	radixSort(keys, workers)
	order := make([]int32, n)
	mask := uint64(1)<<idxBits - 1
	for k, key := range keys {
		order[k] = int32(key & mask)
	}
	return order
}

// radixSort sorts keys with a least-significant-digit radix sort on bytes,
// skipping the byte positions where all keys agree. It is not
// internal/radix, whose Sort carries a value along with each key: the
// index is packed into these keys, and sorting them alone measured twice
// as fast (26 against 43–50 ms for 10⁶ points, one worker).
//
// With more than one worker, each pass counts and scatters contiguous
// parts of the keys side by side, each part at its own offsets within
// each digit's range (the parts in order): the passes, and so the result,
// are those of one worker.
func radixSort(keys []uint64, workers int) {
	n := len(keys)
	parts := max(min(parallel.Workers(workers), n/radixPart), 1)
	part := func(s []uint64, p int) []uint64 { return s[p*n/parts : (p+1)*n/parts] }
	count := make([][8][256]int, parts)
	parallel.Spread(parts, func(p int) {
		c := &count[p]
		for _, k := range part(keys, p) {
			for d := 0; d < 8; d++ {
				c[d][byte(k>>(8*d))]++
			}
		}
	})
	buf := make([]uint64, n)
	src, dst := keys, buf
	passes := 0
	for d := 0; d < 8; d++ {
		total := 0
		for p := range count {
			total += count[p][d][byte(src[0]>>(8*d))]
		}
		if total == n {
			continue // every key has the same byte here
		}
		if passes > 0 && parts > 1 {
			// The parts of src hold other keys than at the first count.
			parallel.Spread(parts, func(p int) {
				c := &count[p][d]
				*c = [256]int{}
				for _, k := range part(src, p) {
					c[byte(k>>(8*d))]++
				}
			})
		}
		sum := 0
		for v := range 256 {
			for p := range count {
				count[p][d][v], sum = sum, sum+count[p][d][v]
			}
		}
		parallel.Spread(parts, func(p int) {
			c := &count[p][d]
			for _, k := range part(src, p) {
				v := byte(k >> (8 * d))
				dst[c[v]] = k
				c[v]++
			}
		})
		src, dst = dst, src
		passes++
	}
	if &src[0] != &keys[0] {
		copy(keys, src)
	}
}

// radixPart is the fewest keys a worker of radixSort takes; a variable so
// that the tests can split a few keys among many workers.
var radixPart = 1 << 15

// sweep starts from the seed triangle and inserts the points of order (the
// seed's vertices are skipped). Any order gives a correct triangulation; the
// radial one makes almost every point land outside the current hull.
//
// The points are first copied into insertion order (internal index k is
// input point ids[k]), so that the points touched by consecutive insertions
// sit close together in memory.
func (b *builder) sweep(seed [3]int32, order []int32) error {
	n := len(b.orig)
	b.ids = make([]int32, 0, n)
	b.ids = append(b.ids, seed[:]...)
	for _, i := range order {
		if i != seed[0] && i != seed[1] && i != seed[2] {
			b.ids = append(b.ids, i)
		}
	}
	b.pts = make([]Point, n)
	scan(n, b.workers, func(_, lo, hi int) {
		for k := lo; k < hi; k++ {
			b.pts[k] = b.orig[b.ids[k]]
		}
	})

	maxTri := 2*n - 5
	b.tri = make([]int32, 0, 3*maxTri)
	b.adj = make([]int32, 0, 3*maxTri)
	b.hullNext = make([]int32, n)
	b.hullPrev = make([]int32, n)
	b.hullEdge = make([]int32, n)
	// The insertions run on one goroutine and write these arrays a page
	// at a time; a first write to a page costs about 10 µs in the kernel
	// here. Write every page first, on all the workers (in traces of
	// million-point runs with two, the sweep's span fell from 730–820 to
	// 640–740 ms).
	scan(n, b.workers, func(_, lo, hi int) {
		for i := lo; i < hi; i++ {
			b.hullNext[i], b.hullPrev[i], b.hullEdge[i] = -1, 0, 0
		}
	})
	if parallel.Workers(b.workers) > 1 {
		touchPages(b.tri[:cap(b.tri)], b.workers)
		touchPages(b.adj[:cap(b.adj)], b.workers)
	}
	b.hash = make([]int32, max(int(math.Ceil(math.Sqrt(float64(n)))), 1))
	for i := range b.hash {
		b.hash[i] = -1
	}

	i0, i1, i2 := int32(0), int32(1), int32(2)
	t := b.addTriangle(i0, i1, i2)
	b.hullNext[i0], b.hullNext[i1], b.hullNext[i2] = i1, i2, i0
	b.hullPrev[i1], b.hullPrev[i2], b.hullPrev[i0] = i0, i1, i2
	b.hullEdge[i0], b.hullEdge[i1], b.hullEdge[i2] = t, t+1, t+2
	b.hullStart = i0
	for v := i0; v <= i2; v++ {
		b.hash[b.hashKey(b.pts[v])] = v
	}
	for i := int32(3); i < int32(n); i++ {
		if err := b.insert(i); err != nil {
			return err
		}
	}
	return nil
}

// touchPages writes the zero each page of s already holds, on workers
// goroutines: the kernel maps the pages then, not when the writer that
// follows reaches them.
func touchPages(s []int32, workers int) {
	const perPage = 4096 / 4
	parallel.Blocks((len(s)+perPage-1)/perPage, workers, func(_, lo, hi int) {
		for p := lo; p < hi; p++ {
			s[p*perPage] = 0
		}
	}, nil)
}

// insert adds point i.
func (b *builder) insert(i int32) error {
	p := b.pts[i]
	key := b.hashKey(p)
	start := int32(-1)
	for j := range b.hash {
		s := b.hash[(key+j)%len(b.hash)]
		if s >= 0 && b.hullNext[s] >= 0 {
			start = s
			break
		}
	}
	if start < 0 {
		start = b.hullStart
	}
	start = b.hullPrev[start]

	// Find a hull edge e → hullNext[e] that i sees strictly (i on its
	// right); the edges seen form one contiguous chain.
	e := start
	for b.orient(e, b.hullNext[e], i) >= 0 {
		e = b.hullNext[e]
		if e == start {
			// i sees no hull edge: it is inside the hull or on its
			// boundary (the radial order was upset by rounding).
			return b.insertInside(i, start)
		}
	}
	if e == start { // the chain may extend backwards past start
		for {
			q := b.hullPrev[e]
			if q == start || b.orient(q, e, i) >= 0 {
				break
			}
			e = q
		}
	}

	// Fan of new triangles (w, v, i) over the visible edges v → w.
	first := int32(-1)
	last := int32(-1)
	v := e
	for {
		w := b.hullNext[v]
		if v != e && b.orient(v, w, i) >= 0 {
			break
		}
		t := b.addTriangle(w, v, i)
		b.link(t, b.hullEdge[v])
		if last >= 0 {
			b.link(t+1, last+2)
		} else {
			first = t
		}
		last = t
		if v != e {
			b.hullNext[v] = -1 // v is now interior
		}
		v = w
	}
	n := v
	b.hullNext[e], b.hullPrev[i] = i, e
	b.hullNext[i], b.hullPrev[n] = n, i
	b.hullEdge[e] = first + 1
	b.hullEdge[i] = last + 2
	b.hullStart = e
	b.hash[b.hashKey(p)] = i
	b.hash[b.hashKey(b.pts[e])] = e

	for t := first; t <= last; t += 3 {
		b.legalize(t)
	}
	return nil
}

// legalize restores the Delaunay property after a point insertion. a is a
// half-edge whose triangle's third vertex (tri[prev(a)]) is the new point;
// edges opposite the new point are flipped while the point across them lies
// strictly inside the circumcircle (Lawson). Every flip creates an edge at
// the new point, so this terminates, and with exact predicates it leaves a
// Delaunay triangulation.
func (b *builder) legalize(a int32) {
	tri, adj := b.tri, b.adj
	stack := append(b.stack[:0], a)
	for len(stack) > 0 {
		a = stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		bb := adj[a]
		if bb < 0 {
			continue
		}
		a1, a2 := next(a), prev(a)
		b1, b2 := next(bb), prev(bb)
		u, v, p, x := tri[a], tri[a1], tri[a2], tri[b2]
		if !b.inCircle(u, v, p, x) {
			continue
		}
		// Flip u–v to p–x: triangle a becomes (x, v, p), triangle bb
		// becomes (p, u, x).
		tri[a] = x
		tri[bb] = p
		hb2, ha2 := adj[b2], adj[a2]
		b.link(a, hb2)
		b.link(bb, ha2)
		b.link(a2, b2)
		if hb2 < 0 {
			b.hullEdge[x] = a
		}
		if ha2 < 0 {
			b.hullEdge[p] = bb
		}
		stack = append(stack, a, b1)
	}
	b.stack = stack
}

// random returns a pseudo-random number in [0, 3) (xorshift64).
func (b *builder) random3() int32 {
	b.rng ^= b.rng << 13
	b.rng ^= b.rng >> 7
	b.rng ^= b.rng << 17
	return int32(b.rng % 3)
}

// locate returns a triangle (first half-edge) whose closed region contains
// point i, which must lie in the closed hull. It walks from the triangle of
// half-edge h towards i, crossing an edge that has i strictly on its far
// side, chosen starting from a random edge (a stochastic visibility walk,
// which terminates on any triangulation with probability 1); a step cap
// falls back to scanning all triangles.
func (b *builder) locate(i, h int32) (int32, error) {
	t := h - h%3
	limit := len(b.tri)/3 + 64
	for steps := 0; steps < limit; steps++ {
		r := b.random3()
		moved := false
		for k := int32(0); k < 3; k++ {
			e := t + (r+k)%3
			if b.orient(b.tri[e], b.tri[next(e)], i) < 0 {
				g := b.adj[e]
				if g < 0 {
					return -1, errInternal // i outside the hull
				}
				t = g - g%3
				moved = true
				break
			}
		}
		if !moved {
			return t, nil
		}
	}
	for t := int32(0); t < int32(len(b.tri)); t += 3 {
		if b.orient(b.tri[t], b.tri[t+1], i) >= 0 && b.orient(b.tri[t+1], b.tri[t+2], i) >= 0 && b.orient(b.tri[t+2], b.tri[t], i) >= 0 {
			return t, nil
		}
	}
	return -1, errInternal
}

// insertInside adds point i, known not to be strictly outside the hull:
// inside a triangle, on an interior edge, or on a hull edge.
func (b *builder) insertInside(i, hullVertex int32) error {
	b.inside++
	t, err := b.locate(i, b.hullEdge[hullVertex])
	if err != nil {
		return err
	}
	p := b.pts[i]
	for k := int32(0); k < 3; k++ {
		if b.pts[b.tri[t+k]] == p {
			return firstDuplicate(b.orig)
		}
	}
	onEdge := int32(-1)
	for k := int32(0); k < 3; k++ {
		if b.orient(b.tri[t+k], b.tri[t+next(k)], i) == 0 {
			onEdge = t + k
		}
	}
	if onEdge < 0 {
		b.splitTriangle(t, i)
	} else {
		b.splitEdge(onEdge, i)
	}
	return nil
}

// splitTriangle replaces triangle t = (a, b, c) by (a, b, i), (b, c, i),
// (c, a, i).
func (b *builder) splitTriangle(t, i int32) {
	h0, h1, h2 := t, t+1, t+2
	va, vb, vc := b.tri[h0], b.tri[h1], b.tri[h2]
	o1, o2 := b.adj[h1], b.adj[h2]
	b.tri[h2] = i // t = (a, b, i): h1 = b→i, h2 = i→a
	k := b.addTriangle(vb, vc, i)
	m := b.addTriangle(vc, va, i)
	b.link(k, o1)
	b.link(m, o2)
	b.link(h1, k+2)
	b.link(k+1, m+2)
	b.link(m+1, h2)
	if o1 < 0 {
		b.hullEdge[vb] = k
	}
	if o2 < 0 {
		b.hullEdge[vc] = m
	}
	b.legalize(h0)
	b.legalize(k)
	b.legalize(m)
}

// splitEdge inserts point i into the interior of the edge of half-edge h.
func (b *builder) splitEdge(h, i int32) {
	t := h - h%3
	h0, h1, h2 := h, t+(h-t+1)%3, t+(h-t+2)%3
	va, vb, vc := b.tri[h0], b.tri[h1], b.tri[h2]
	g := b.adj[h0]
	o1 := b.adj[h1]
	// Triangle (a, b, c) becomes (a, i, c) and (i, b, c).
	b.tri[h1] = i // h0 = a→i, h1 = i→c, h2 = c→a
	k := b.addTriangle(i, vb, vc)
	b.link(k+1, o1)
	b.link(h1, k+2)
	if o1 < 0 {
		b.hullEdge[vb] = k + 1
	}
	if g < 0 {
		// A hull edge: i joins the hull between a and b.
		b.adj[h0] = -1
		b.adj[k] = -1
		b.hullNext[va], b.hullPrev[i] = i, va
		b.hullNext[i], b.hullPrev[vb] = vb, i
		b.hullEdge[va] = h0
		b.hullEdge[i] = k
		b.hash[b.hashKey(b.pts[i])] = i
		b.legalize(h2)
		b.legalize(k + 1)
		return
	}
	// Interior edge: triangle (b, a, d) across it becomes (b, i, d) and
	// (i, a, d).
	u := g - g%3
	g0, g1, g2 := g, u+(g-u+1)%3, u+(g-u+2)%3
	vd := b.tri[g2]
	q1 := b.adj[g1]
	b.tri[g1] = i // g0 = b→i, g1 = i→d, g2 = d→b
	l := b.addTriangle(i, va, vd)
	b.link(l+1, q1)
	b.link(g1, l+2)
	if q1 < 0 {
		b.hullEdge[va] = l + 1
	}
	b.link(h0, l) // a→i with i→a
	b.link(k, g0) // i→b with b→i
	b.legalize(h2)
	b.legalize(k + 1)
	b.legalize(g2)
	b.legalize(l + 1)
}

// seedTriangle orders the seed triangle counter-clockwise and sets the
// sweep's centre at its circumcentre (the centroid when that is not
// finite: only the speed of the sweep depends on the centre).
func (b *builder) seedTriangle(i0, i1, i2 int32) [3]int32 {
	pts := b.pts
	if b.orient(i0, i1, i2) < 0 {
		i1, i2 = i2, i1
	}
	b.cx, b.cy = circumcentre(pts[i0], pts[i1], pts[i2])
	if math.IsNaN(b.cx) || math.IsInf(b.cx, 0) || math.IsNaN(b.cy) || math.IsInf(b.cy, 0) {
		b.cx = pts[i0].X/3 + pts[i1].X/3 + pts[i2].X/3
		b.cy = pts[i0].Y/3 + pts[i1].Y/3 + pts[i2].Y/3
	}
	return [3]int32{i0, i1, i2}
}
