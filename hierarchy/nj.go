package hierarchy

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
)

// NJOptions configure NeighborJoining.
type NJOptions struct {
	// Float32 keeps the working distance matrix and the sorted rows in
	// single precision: 4 instead of 8 bytes per matrix entry and 8
	// instead of 16 per sorted-row entry, about 8·n² bytes in all instead
	// of 16·n² (the whole Planaria set, n = 21 452: 3.7 GB instead of
	// 7.4 GB). The selection criterion and the branch lengths
	// are still computed in float64 from the stored values; the stored
	// distances carry a relative rounding error of 2⁻²⁴ each, which can
	// change the choice between nearly tied pairs. Biotite, which the
	// HyperSteiner paper used, works in float32 throughout.
	Float32 bool
}

// ErrTooFew is returned by NeighborJoining for n < 1.
var ErrTooFew = errors.New("hierarchy: neighbor joining needs at least one point")

// NeighborJoining builds the Neighbor Joining tree (Saitou & Nei 1987, in
// the formulation of Studier & Keppler 1988) of n taxa whose distances are
// dist(i, j); dist is called once for each pair i > j and must return a
// finite value ≥ 0 (the matrix is symmetric with a zero diagonal by
// construction). The result is an unrooted binary tree: vertices 0 … n−1
// are the taxa (Terminals = n), vertices n … 2n−3 the internal nodes in the
// order they were created, 2n−3 edges. For n = 1 the tree is one vertex,
// for n = 2 one edge, for n = 3 a star around one internal node.
//
// # Algorithm
//
// With m active nodes, row sums r_i = Σ_k d(i,k) and c = m − 2, every step
// joins the pair minimising
//
//	Q(i,j) = c·d(i,j) − (r_i + r_j)
//
// into a new node u with branch lengths
//
//	L_i = ½·(d(i,j) + Δ/c),  L_j = ½·(d(i,j) − Δ/c),  Δ = Σ_{k≠i,j} (d(i,k) − d(j,k)),
//
// and distances d(u,k) = ½·(d(i,k) + d(j,k) − d(i,j)); the last three
// nodes are joined to one centre with L_a = ½·(d(a,b) + d(a,c) − d(b,c)).
// Δ is summed from the differences rather than taken as r_i − r_j, which
// avoids the cancellation between two large sums; the row sums used in Q
// are updated incrementally in O(m) per step.
//
// Negative branch lengths, which NJ produces when d is not additive, are
// clamped to 0, as is customary (scikit-bio, PHYLIP); the distances d(u,k)
// are computed from d alone and do not see the clamping. (Biotite's
// neighbor_joining, used in the paper's code, keeps negative lengths.)
// On an additive (tree) metric with positive edge lengths NJ recovers the
// tree and its lengths exactly, up to rounding.
//
// The minimum of Q is found as in RapidNJ (Simonsen, Mailund & Pedersen
// 2008): each node keeps the distances to the nodes older than itself in a
// row sorted by distance, and a row is scanned only while
// c·d − (r_i + r_max) does not exceed the best Q found so far, a lower
// bound for the rest of the row since the row is sorted and r_j ≤ r_max.
// The bound is exact in floating point (rounding is monotone), so the pair
// chosen is exactly the canonical one: the minimum of Q as computed, ties
// broken by the smaller (newer id, older id) pair, independent of the
// order of the scan. The worst case stays O(n³), the typical case is far
// below; memory is the n×n matrix plus the sorted rows (n²/2 entries at
// first), about 16·n² bytes (8·n² with Float32).
func NeighborJoining(n int, dist func(i, j int) float64, opt NJOptions) (*Tree, error) {
	if n < 1 {
		return nil, ErrTooFew
	}
	if n >= math.MaxInt32/2 {
		return nil, fmt.Errorf("hierarchy: %d taxa are too many for neighbor joining", n)
	}
	if opt.Float32 {
		return neighborJoining(n, dist, (*njState[float32]).search)
	}
	return neighborJoining(n, dist, (*njState[float64]).search)
}

// njFloat is the storage type of the working matrix.
type njFloat interface{ ~float32 | ~float64 }

// njEntry is one element of a sorted row: the distance to an older node.
type njEntry[F njFloat] struct {
	d  F
	id int32
}

// njState is the working state. Nodes have ids (taxa 0 … n−1, internal
// nodes n, n+1, … in creation order) and occupy slots of the matrix; a new
// node takes the slot of one of the two it replaces.
type njState[F njFloat] struct {
	n      int
	d      []F        // n×n, row-major, by slot
	slotID []int32    // node id in each slot, −1 when free
	slotOf []int32    // slot of each node id, −1 when dead
	r      []float64  // row sum by node id; −Inf when dead, so Q = +Inf
	rows   []njRow[F] // by slot
	active []int32    // the occupied slots, in increasing order
	tree   *Tree
	next   int32 // id of the next internal node
}

// neighborJoining runs NJ with the given minimum search (the pruned one,
// or the exhaustive one of the tests).
func neighborJoining[F njFloat](n int, dist func(i, j int) float64, search func(*njState[F]) (int32, int32)) (*Tree, error) {
	t := &Tree{Vertices: max(n, 2*n-2), Terminals: n}
	if n == 1 {
		return t, nil
	}
	s := &njState[F]{n: n, tree: t, next: int32(n)}
	s.d = make([]F, n*n)
	for i := 1; i < n; i++ {
		for j := 0; j < i; j++ {
			v := dist(i, j)
			if !(v >= 0) || math.IsInf(v, 1) {
				return nil, &MatrixError{I: i, J: j, Value: v}
			}
			s.d[i*n+j] = F(v)
			s.d[j*n+i] = F(v)
		}
	}
	if n == 2 {
		t.Edges = [][2]int{{0, 1}}
		t.Lengths = []float64{float64(s.d[1])}
		return t, nil
	}
	s.slotID = make([]int32, n)
	s.slotOf = make([]int32, 2*n-2)
	s.r = make([]float64, 2*n-2)
	s.active = make([]int32, n)
	s.rows = make([]njRow[F], n)
	for i := range s.slotOf {
		s.slotOf[i] = -1
		s.r[i] = math.Inf(-1)
	}
	for i := 0; i < n; i++ {
		s.slotID[i] = int32(i)
		s.slotOf[i] = int32(i)
		s.active[i] = int32(i)
		sum := 0.0
		row := s.d[i*n : (i+1)*n]
		for _, v := range row {
			sum += float64(v)
		}
		s.r[i] = sum
		e := make([]njEntry[F], i)
		for j := 0; j < i; j++ {
			e[j] = njEntry[F]{row[j], int32(j)}
		}
		s.rows[i] = njRow[F]{e: e}
		s.rows[i].extend()
	}
	t.Edges = make([][2]int, 0, 2*n-3)
	t.Lengths = make([]float64, 0, 2*n-3)
	for len(s.active) > 3 {
		a, b := search(s)
		s.join(a, b)
	}
	s.finish()
	return t, nil
}

// njRow is a row of older nodes kept sorted lazily: e[:sorted] is sorted
// by distance and no entry of e[sorted:] is smaller than e[sorted−1]. Most
// scans stop within the first few dozen entries, so a row is sorted in
// chunks of doubling size, each chosen by quickselect, only as far as a
// scan reaches: O(m) per new row instead of O(m log m).
type njRow[F njFloat] struct {
	e      []njEntry[F]
	sorted int
}

// firstChunk is the size of the first sorted chunk of a row.
const firstChunk = 32

// extend sorts the next chunk of r (at least one more entry, unless r is
// fully sorted).
func (r *njRow[F]) extend() {
	rest := r.e[r.sorted:]
	k := max(r.sorted, firstChunk)
	if k < len(rest) {
		selectSmallest(rest, k)
		rest = rest[:k]
	}
	sortEntries(rest)
	r.sorted += len(rest)
}

// sortEntries sorts by distance. The order of equal distances does not
// matter: the search's bound depends on the distances only, and ties in Q
// are broken by ids.
func sortEntries[F njFloat](e []njEntry[F]) {
	slices.SortFunc(e, func(x, y njEntry[F]) int {
		if x.d < y.d {
			return -1
		}
		if x.d > y.d {
			return 1
		}
		return 0
	})
}

// selectSmallest permutes a so that a[:k] holds k smallest distances (in
// no particular order), 0 < k < len(a): Hoare's quickselect with a
// median-of-three pivot, deterministic.
func selectSmallest[F njFloat](a []njEntry[F], k int) {
	lo, hi := 0, len(a)
	for hi-lo > 16 {
		x, y, z := a[lo].d, a[lo+(hi-lo)/2].d, a[hi-1].d
		p := max(min(x, y), min(max(x, y), z)) // the median
		i, j := lo, hi-1
		for i <= j {
			for a[i].d < p {
				i++
			}
			for a[j].d > p {
				j--
			}
			if i <= j {
				a[i], a[j] = a[j], a[i]
				i++
				j--
			}
		}
		// a[lo:j+1] ≤ p, a[j+1:i] = p, a[i:hi] ≥ p.
		switch {
		case k <= j+1:
			hi = j + 1
		case k >= i:
			lo = i
		default:
			return
		}
	}
	sortEntries(a[lo:hi])
}

// better reports whether the pair (a, b), a > b, with criterion q beats the
// best (ba, bb) with criterion best: a smaller q, or an equal q and a
// smaller (a, b).
func better(q float64, a, b int32, best float64, ba, bb int32) bool {
	return q < best || (q == best && (a < ba || (a == ba && b < bb)))
}

// search returns the ids (a, b), a > b, of the pair minimising Q.
func (s *njState[F]) search() (int32, int32) {
	c := float64(len(s.active) - 2)
	rmax := math.Inf(-1)
	for _, sl := range s.active {
		rmax = max(rmax, s.r[s.slotID[sl]])
	}
	best := math.Inf(1)
	ba, bb := int32(math.MaxInt32), int32(math.MaxInt32)
	// A cheap first bound: each row's nearest live older node.
	for _, sl := range s.active {
		a := s.slotID[sl]
		ra := s.r[a]
		for _, e := range s.rows[sl].e[:s.rows[sl].sorted] {
			if rb := s.r[e.id]; rb != math.Inf(-1) {
				if q := c*float64(e.d) - (ra + rb); better(q, a, e.id, best, ba, bb) {
					best, ba, bb = q, a, e.id
				}
				break
			}
		}
	}
	for _, sl := range s.active {
		a := s.slotID[sl]
		ra := s.r[a]
		bound := ra + rmax
		rw := &s.rows[sl]
		dead := 0
		k := 0
		for ; k < len(rw.e); k++ {
			if k == rw.sorted {
				rw.extend()
			}
			e := rw.e[k]
			dk := c * float64(e.d)
			if dk-bound > best {
				break
			}
			rb := s.r[e.id]
			if rb == math.Inf(-1) {
				dead++
				continue
			}
			if q := dk - (ra + rb); better(q, a, e.id, best, ba, bb) {
				best, ba, bb = q, a, e.id
			}
		}
		if dead > 0 {
			// Squeeze the dead entries out of the scanned (sorted) prefix,
			// keeping the order, and drop the freed front.
			row := rw.e
			w := k - 1
			for j := k - 1; j >= 0; j-- {
				if s.r[row[j].id] != math.Inf(-1) {
					row[w] = row[j]
					w--
				}
			}
			rw.e = row[w+1:]
			rw.sorted -= w + 1
		}
	}
	return ba, bb
}

// clampLength returns l, or 0 when l is negative.
func clampLength(l float64) float64 { return max(l, 0) }

func (s *njState[F]) addEdge(u, v int32, l float64) {
	s.tree.Edges = append(s.tree.Edges, [2]int{int(u), int(v)})
	s.tree.Lengths = append(s.tree.Lengths, clampLength(l))
}

// join replaces the nodes a and b by a new node.
func (s *njState[F]) join(a, b int32) {
	n := s.n
	sa, sb := s.slotOf[a], s.slotOf[b]
	ra, rb := s.d[int(sa)*n:(int(sa)+1)*n], s.d[int(sb)*n:(int(sb)+1)*n]
	dab := float64(ra[sb])
	c := float64(len(s.active) - 2)
	delta := 0.0
	for _, k := range s.active {
		if k != sa && k != sb {
			delta += float64(ra[k]) - float64(rb[k])
		}
	}
	u := s.next
	s.next++
	s.addEdge(u, a, (dab+delta/c)/2)
	s.addEdge(u, b, (dab-delta/c)/2)

	// The new node takes the slot of a (so that the slot layout, and with
	// it every summation order, is a function of the ids alone) and the
	// larger of the two row buffers.
	su, sfree := sa, sb
	buf := s.rows[sa].e
	if cap(s.rows[sb].e) > cap(buf) {
		buf = s.rows[sb].e
	}
	s.r[a], s.r[b] = math.Inf(-1), math.Inf(-1)
	s.slotOf[a], s.slotOf[b] = -1, -1
	s.slotID[sfree] = -1
	s.rows[sfree] = njRow[F]{}
	if i, ok := slices.BinarySearch(s.active, sfree); ok {
		s.active = slices.Delete(s.active, i, i+1)
	}
	row := buf[:0]
	sum := 0.0
	du := s.d[int(su)*n : (int(su)+1)*n]
	for _, k := range s.active {
		if k == su {
			continue
		}
		// Read both old rows before writing the new one (su is sa or sb).
		dak, dbk := float64(ra[k]), float64(rb[k])
		nd := F((dak + dbk - dab) / 2)
		du[k] = nd
		s.d[int(k)*n+int(su)] = nd
		v := float64(nd)
		sum += v
		id := s.slotID[k]
		s.r[id] += v - dak - dbk
		row = append(row, njEntry[F]{nd, id})
	}
	du[su] = 0
	s.rows[su] = njRow[F]{e: row}
	s.rows[su].extend()
	s.slotID[su] = u
	s.slotOf[u] = su
	s.r[u] = sum
}

// finish joins the last three nodes to a centre, in the order of their
// ids (slots depend on buffer sizes, ids do not).
func (s *njState[F]) finish() {
	n := s.n
	last := s.active[:3]
	slices.SortFunc(last, func(p, q int32) int { return cmp.Compare(s.slotID[p], s.slotID[q]) })
	x, y, z := last[0], last[1], last[2]
	dxy := float64(s.d[int(x)*n+int(y)])
	dxz := float64(s.d[int(x)*n+int(z)])
	dyz := float64(s.d[int(y)*n+int(z)])
	u := s.next
	s.addEdge(u, s.slotID[x], (dxy+dxz-dyz)/2)
	s.addEdge(u, s.slotID[y], (dxy+dyz-dxz)/2)
	s.addEdge(u, s.slotID[z], (dxz+dyz-dxy)/2)
}
