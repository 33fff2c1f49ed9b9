// Package mst computes minimum spanning trees of point sets in a plane
// (package plane): Kruskal's algorithm on the edges of the plane's
// triangulation, which contain a minimum spanning tree — in the Euclidean
// plane the Delaunay graph; in the hyperbolic plane the Euclidean Delaunay
// graph of the Poincaré images, which contains the hyperbolic one. It is
// the one MST of the project: the SLL pipeline, the exact solver, tree
// certification and the hierarchy experiment all use it.
//
// Edges are sorted on the plane's DistKey (an increasing function of the
// distance that is cheaper to compute), ties broken by the vertex
// indices, so the tree is a function of the points alone and does not
// depend on the number of workers.
package mst

import (
	"cmp"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sync"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/parallel"
	"github.com/hypersteiner/hypersteiner/internal/radix"
	"github.com/hypersteiner/hypersteiner/plane"
)

// Tree is a minimum spanning tree: its edges (u < v) in Kruskal order —
// non-decreasing length — their lengths (the plane's Dist), and where each
// stands in the graph's edge list Kruskal was given.
type Tree struct {
	Edges   [][2]int32
	Lengths []float64
	Index   []int32
}

// Kruskal returns a minimum spanning tree of the points from the graph
// edges, which must contain one; it has fewer than len(pts) − 1 edges when
// the graph is not connected. Edges are taken in the order of the
// plane's DistKey, ties broken by (u, v) with u < v; the keys are sorted
// by a radix sort of their bits (non-negative floats order as their bit
// patterns). The stages run on workers goroutines (0: GOMAXPROCS; see
// KruskalFaces); the result does not depend on their number.
func Kruskal(pl plane.Plane, pts []hyperbolic.Point, edges [][2]int32, workers int) *Tree {
	return KruskalFaces(pl, pts, edges, nil, workers)
}

// KruskalFaces is Kruskal told some triangles of the graph, by the
// indices of their sides in edges (plane.Mesh.Faces): the longest side of
// a triangle — the largest in the order above, which is strict — is the
// heaviest edge of a cycle, which no minimum spanning tree holds, so it
// is neither sorted nor tried. The tree is Kruskal's.
//
// Every stage but the union-find loop and the tie-break runs on the
// workers: the keys, the longest sides and the filter of the edges to
// sort (see keep), the radix sort (whose result is the sequential one),
// the gathering of the edges' ends and the writing of the tree (see
// kruskalLoop). The lengths are the plane's Dist, in the hyperbolic plane
// computed from the sorted keys (see distOfKey). The scratch space is
// reused: the sort's spare keys are the keys' unused tail when it is long
// enough, and then hold the gathered ends; the union-find's forest is the
// sort's spare values.
func KruskalFaces(pl plane.Plane, pts []hyperbolic.Point, edges [][2]int32, faces [][3]int32, workers int) *Tree {
	workers = parallel.Workers(workers)
	m := len(edges)
	keys := edgeKeys(pl, pts, edges, workers)
	// The edges to sort: all, or those that are no triangle's longest.
	var order []int32 // edge of each key
	if len(faces) > 0 {
		keys, order = keep(keys, edges, faces, workers)
	} else {
		order = make([]int32, m)
		for i := range order {
			order[i] = int32(i)
		}
	}
	k := len(keys)
	var spareKeys []uint64
	if 2*k <= cap(keys) {
		spareKeys = keys[k : 2*k]
	}
	spareOrder := make([]int32, k)
	radix.Sort(keys, order, spareKeys, spareOrder, workers)
	breakTies(order, keys, edges, workers)

	n := len(pts)
	forest := spareOrder // for remUnion: every point its own root
	if k < n {
		forest = make([]int32, n)
	}
	forest = forest[:n]
	for i := range forest {
		forest[i] = int32(i)
	}
	t := kruskalLoop(pl, keys, order, edges, spareKeys, forest, n, workers)
	if distOfKey(pl) == nil {
		parallel.For(len(t.Edges), workers, func(_, i int) {
			e := t.Edges[i]
			t.Lengths[i] = pl.Dist(pts[e[0]], pts[e[1]])
		}, nil)
	}
	return t
}

// pairs is the number of edges whose ends edgeKeys gathers at a time.
const pairs = 512

// edgeKeys returns the bits of the edges' DistKeys, each worker over a
// contiguous block of edges. The ends of a few hundred edges are copied
// first, then their keys computed: the points' loads, scattered over
// pts, overlap, instead of waiting behind each key's arithmetic.
func edgeKeys(pl plane.Plane, pts []hyperbolic.Point, edges [][2]int32, workers int) []uint64 {
	m := len(edges)
	keys := make([]uint64, m)
	blocks := max(1, min(workers, m/(1<<14)))
	parallel.Spread(blocks, func(b int) {
		var buf [pairs][2]hyperbolic.Point
		for lo, hi := m*b/blocks, m*(b+1)/blocks; lo < hi; lo += pairs {
			es := edges[lo:min(lo+pairs, hi)]
			for j, e := range es {
				buf[j] = [2]hyperbolic.Point{pts[min(e[0], e[1])], pts[max(e[0], e[1])]}
			}
			for j, p := range buf[:len(es)] {
				keys[lo+j] = math.Float64bits(pl.DistKey(p[0], p[1]))
			}
		}
	})
	return keys
}

// keep returns the keys of the edges that are no face's longest side,
// compacted in place in edge order, and those edges. Each worker marks
// the longest sides of a contiguous block of faces in a bitset of its
// own; the bitsets are merged, then each worker compacts a contiguous
// block of words' edges to the start of its block and writes their
// indices where the blocks before it end; the blocks' keys are then
// moved down in order.
func keep(keys []uint64, edges [][2]int32, faces [][3]int32, workers int) ([]uint64, []int32) {
	m := len(keys)
	words := (m + 63) / 64
	blocks := max(1, min(workers, len(faces)/4096, words/64))
	outs := make([][]uint64, blocks)
	parallel.Spread(blocks, func(b int) {
		out := make([]uint64, words)
		for _, f := range faces[len(faces)*b/blocks : len(faces)*(b+1)/blocks] {
			best, kb := f[0], keys[f[0]]
			if k := keys[f[1]]; k > kb || k == kb && before(keys, edges, best, f[1]) {
				best, kb = f[1], k
			}
			if k := keys[f[2]]; k > kb || k == kb && before(keys, edges, best, f[2]) {
				best = f[2]
			}
			out[best>>6] |= 1 << (best & 63)
		}
		outs[b] = out
	})
	out := outs[0]
	if blocks > 1 {
		parallel.Spread(blocks, func(b int) {
			for w := words * b / blocks; w < words*(b+1)/blocks; w++ {
				for _, o := range outs[1:] {
					out[w] |= o[w]
				}
			}
		})
	}
	// Block b holds the edges of words [lo[b], lo[b+1]), of which the
	// kept ones go to [at[b], at[b+1]).
	lo, at := make([]int, blocks+1), make([]int, blocks+1)
	for b := range blocks {
		lo[b], lo[b+1] = words*b/blocks, words*(b+1)/blocks
		kept := 0
		for _, w := range out[lo[b]:lo[b+1]] {
			kept += 64 - bits.OnesCount64(w)
		}
		at[b+1] = at[b] + kept
	}
	at[blocks] -= 64*words - m // the last word's bits past m are not edges
	order := make([]int32, at[blocks])
	parallel.Spread(blocks, func(b int) {
		j, idx := 64*lo[b], order[at[b]:at[b+1]]
		for w := lo[b]; w < lo[b+1]; w++ {
			kept := ^out[w]
			if w == words-1 && m%64 != 0 {
				kept &= 1<<(m%64) - 1
			}
			for ; kept != 0; kept &= kept - 1 {
				i := 64*w + bits.TrailingZeros64(kept)
				keys[j] = keys[i]
				idx[j-64*lo[b]] = int32(i)
				j++
			}
		}
	})
	for b := 1; b < blocks; b++ {
		copy(keys[at[b]:at[b+1]], keys[64*lo[b]:])
	}
	return keys[:at[blocks]], order
}

// gather is the number of edges kruskalLoop reads ahead of the
// union-find when it has no spare space for all of them.
const gather = 4096

// kruskalLoop is Kruskal's loop over the edges in order (keys their sorted
// keys) on n points, with remUnion on forest: the tree, with its lengths when the plane has
// distOfKey. The edges' ends are gathered first, on the workers — all at
// once into spare when it holds them, else a block at a time — so that
// the union-find's dependent loads are not also waiting for them. The
// loop only marks the edges it takes, a run of them at a time; each run
// is then written to the tree, on a goroutine of its own while the loop
// goes on when there are several workers.
func kruskalLoop(pl plane.Plane, keys []uint64, order []int32, edges [][2]int32, spare []uint64, forest []int32, n, workers int) *Tree {
	size := max(n-1, 0)
	t := &Tree{Edges: make([][2]int32, size), Lengths: make([]float64, size), Index: make([]int32, size)}
	f := distOfKey(pl)
	var local [gather]uint64
	buf := local[:]
	if len(spare) >= len(order) {
		buf = spare[:len(order)]
	}
	taken := make([]uint64, (len(buf)+63)/64) // the block's edges taken
	// Runs of positions in a block: whole words of taken, about 16 of
	// them in a large block.
	run := max(64, (len(buf)+16*64-1)/(16*64)*64)
	count := 0
	for lo := 0; lo < len(order) && count < n-1; lo += len(buf) {
		block := order[lo:min(lo+len(buf), len(order))]
		uv := buf[:len(block)] // the ends u < v of edge block[j] as u<<32 | v
		blocks := max(1, min(workers, len(block)/(1<<14)))
		parallel.Spread(blocks, func(b int) {
			for j := len(block) * b / blocks; j < len(block)*(b+1)/blocks; j++ {
				e := edges[block[j]]
				uv[j] = uint64(min(e[0], e[1]))<<32 | uint64(max(e[0], e[1]))
			}
		})
		clear(taken)
		// write puts the edges taken in positions [from, to) of the block
		// in the tree from q on.
		write := func(from, to, q int) {
			for w := from / 64; w < (to+63)/64; w++ {
				for bs := taken[w]; bs != 0; bs &= bs - 1 {
					j := 64*w + bits.TrailingZeros64(bs)
					t.Edges[q], t.Index[q] = [2]int32{int32(uv[j] >> 32), int32(uint32(uv[j]))}, block[j]
					if f != nil {
						t.Lengths[q] = f(math.Float64frombits(keys[lo+j]))
					}
					q++
				}
			}
		}
		var runs chan [3]int
		var wg sync.WaitGroup
		if workers > 1 && len(uv) >= 1<<14 {
			runs = make(chan [3]int, (len(uv)+run-1)/run)
			wg.Go(func() {
				for r := range runs {
					write(r[0], r[1], r[2])
				}
			})
		}
		for from := 0; from < len(uv) && count < n-1; from += run {
			to, q := min(from+run, len(uv)), count
			for j, e := range uv[from:to] {
				if remUnion(forest, int32(e>>32), int32(uint32(e))) {
					taken[(from+j)>>6] |= 1 << ((from + j) & 63)
					if count++; count == n-1 {
						break
					}
				}
			}
			if runs != nil {
				runs <- [3]int{from, to, q}
			} else {
				write(from, to, q)
			}
		}
		if runs != nil {
			close(runs)
			wg.Wait()
		}
	}
	t.Edges, t.Lengths, t.Index = t.Edges[:count], t.Lengths[:count], t.Index[:count]
	return t
}

// distOfKey returns the function that gives pl's Dist from its DistKey
// to the same float (plane.KeyDister), or nil when pl has none and the
// lengths come from Dist.
func distOfKey(pl plane.Plane) func(float64) float64 {
	if kd, ok := pl.(plane.KeyDister); ok {
		return kd.DistOfKey
	}
	return nil
}

// before reports whether edge a comes before edge b in Kruskal's order:
// by key, then by (u, v), u < v.
func before(keys []uint64, edges [][2]int32, a, b int32) bool {
	if keys[a] != keys[b] {
		return keys[a] < keys[b]
	}
	ea, eb := edges[a], edges[b]
	ua, va, ub, vb := min(ea[0], ea[1]), max(ea[0], ea[1]), min(eb[0], eb[1]), max(eb[0], eb[1])
	return ua < ub || (ua == ub && va < vb)
}

// longRun is the length of a run of equal keys above which breakTies
// sorts it by radix rather than by comparison.
const longRun = 256

// breakTies orders each run of equal keys by (u, v), u < v, stably; keys
// are sorted, keys[i] the key of edge order[i]. Short runs are sorted by
// comparison; long ones (a grid's equal sides) by a radix sort of
// u<<32 | v on the workers.
func breakTies(order []int32, keys []uint64, edges [][2]int32, workers int) {
	var uv []uint64
	for lo := 0; lo < len(order); {
		hi := lo + 1
		for hi < len(order) && keys[hi] == keys[lo] {
			hi++
		}
		switch run := order[lo:hi]; {
		case len(run) > longRun:
			if cap(uv) < len(run) {
				uv = make([]uint64, len(run))
			}
			uv = uv[:len(run)]
			for j, i := range run {
				e := edges[i]
				uv[j] = uint64(min(e[0], e[1]))<<32 | uint64(max(e[0], e[1]))
			}
			radix.Sort(uv, run, nil, nil, workers)
		case len(run) > 1:
			slices.SortStableFunc(run, func(a, b int32) int {
				ea, eb := edges[a], edges[b]
				return cmp.Or(cmp.Compare(min(ea[0], ea[1]), min(eb[0], eb[1])), cmp.Compare(max(ea[0], ea[1]), max(eb[0], eb[1])))
			})
		}
		lo = hi
	}
}

// Build returns a minimum spanning tree of the points in the plane pl:
// Kruskal on pl's triangulation, at the plane's normalising scale (a
// power of two, so that the Euclidean plane's squared distances neither
// underflow nor overflow; the lengths are scaled back exactly). It fails
// for a point the plane cannot hold, repeated points, or points float64
// cannot scale.
func Build(pl plane.Plane, pts []hyperbolic.Point, workers int) (*Tree, error) {
	for i, p := range pts {
		if err := pl.Check(p); err != nil {
			return nil, fmt.Errorf("point %d: %w", i, err)
		}
	}
	if len(pts) < 2 {
		return &Tree{Edges: [][2]int32{}, Lengths: []float64{}}, nil
	}
	k, err := pl.Normalize(pts)
	if err != nil {
		return nil, err
	}
	work := pts
	if k != 0 {
		work = make([]hyperbolic.Point, len(pts))
		for i, p := range pts {
			work[i] = hyperbolic.Point{X: math.Ldexp(p.X, k), Y: math.Ldexp(p.Y, k)}
		}
	}
	mesh, err := plane.Triangulate(pl, work, workers)
	if err != nil {
		return nil, err
	}
	t := KruskalFaces(pl, work, mesh.Edges, mesh.Faces, workers)
	if len(t.Edges) != len(pts)-1 {
		return nil, fmt.Errorf("mst: internal error: the triangulation's graph is not connected (%d of %d MST edges)", len(t.Edges), len(pts)-1)
	}
	for i := range t.Lengths {
		t.Lengths[i] = math.Ldexp(t.Lengths[i], -k)
	}
	return t, nil
}
