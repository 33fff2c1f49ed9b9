package sll

import (
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/parallel"
	"github.com/hypersteiner/hypersteiner/plane"
)

func fullSteinerTrees(sp Space, pts []hyperbolic.Point, mesh *Mesh, span *spanningTree,
	opt Options, stats *Stats, progress func(string, int) func(int)) []candidate {
	tris := mesh.Triangles
	ts := markTriangles(mesh, span, opt.Workers)
	marked := ts.marked
	stats.Marked = len(marked)

	// Each local problem writes its own slot: the Steiner point and the
	// ratio (0 for none), and the solver's status.
	type fst3 struct {
		s      hyperbolic.Point
		ratio  float64
		status Status
	}
	res3 := make([]fst3, len(marked))
	parallel.Blocks(len(marked), opt.Workers, func(_, lo, hi int) {
		// The corners lie scattered in pts: load a block's first, in a
		// loop whose loads overlap, then solve.
		var corners [parallel.Chunk][3]hyperbolic.Point
		for k := lo; k < hi; k++ {
			tr := tris[marked[k]]
			corners[k-lo] = [3]hyperbolic.Point{pts[tr[0]], pts[tr[1]], pts[tr[2]]}
		}
		for k := lo; k < hi; k++ {
			a, b, c := corners[k-lo][0], corners[k-lo][1], corners[k-lo][2]
			s, st := sp.Fermat(a, b, c)
			res3[k].status = st
			if st != Found {
				continue
			}
			local := ts.local(marked[k])
			da, db, dc := sp.Dist(s, a), sp.Dist(s, b), sp.Dist(s, c)
			if plane.Coincide(sp, s, a, da, local) || plane.Coincide(sp, s, b, db, local) || plane.Coincide(sp, s, c, dc, local) {
				continue
			}
			if r := (da + db + dc) / local; r < 1 {
				res3[k].s, res3[k].ratio = s, r
			}
		}
	}, progress("fst3", len(marked)))
	stats.FermatSolves += len(marked)
	n3 := 0
	ts.ratio = make([]float64, len(marked))
	for k, r := range res3 {
		switch r.status {
		case Failed:
			stats.FermatFailed++
		case Undecided:
			stats.FermatUndecided++
		}
		if r.ratio > 0 {
			n3++
		}
		ts.ratio[k] = r.ratio
	}
	stats.Candidates3 = n3
	// cands3 appends the 3-terminal candidates to cands.
	cands3 := func(cands []candidate) []candidate {
		for k, r := range res3 {
			if r.ratio > 0 {
				tr := tris[marked[k]]
				cands = append(cands, candidate{ratio: r.ratio, n: 3, term: [4]int32{tr[0], tr[1], tr[2], -1}, steiner: [2]hyperbolic.Point{r.s}})
			}
		}
		return cands
	}
	if opt.FST < 4 {
		return cands3(make([]candidate, 0, n3))
	}

	// The selected triangles: those with a 3-terminal candidate.
	sel := make([]int32, 0, n3)
	for k, r := range ts.ratio {
		if r > 0 {
			sel = append(sel, int32(k))
		}
	}
	bounder, _ := sp.Plane().(plane.FourBounder)
	if !useFourBound {
		bounder = nil
	}
	// Few pairs make a candidate: each worker lists its own, keyed by the
	// pair's place (selected triangle, then side: 3j + i), in increasing
	// order of it
	// (parallel.Blocks hands every worker its blocks in order), and the
	// lists are merged by key.
	workers := parallel.Workers(opt.Workers)
	type found4 struct {
		key int32
		c   candidate
	}
	type tally struct {
		found               []found4
		solves, unconverged int
	}
	tallies := make([]tally, workers)
	// A block's pairs are listed first and their corners loaded next,
	// each in a loop whose scattered loads overlap, before the solves.
	type scratch struct {
		pairs   [parallel.Chunk][3]pair
		np      [parallel.Chunk]int
		corners [parallel.Chunk][3][4]hyperbolic.Point
	}
	scratches := make([]scratch, workers)
	parallel.Blocks(len(sel), workers, func(w, lo, hi int) {
		tl, sc := &tallies[w], &scratches[w]
		for j := lo; j < hi; j++ {
			sc.pairs[j-lo], sc.np[j-lo] = ts.pairsOf(sel[j])
		}
		for j := lo; j < hi; j++ {
			for i, pr := range sc.pairs[j-lo][:sc.np[j-lo]] {
				q := pr.quad
				sc.corners[j-lo][i] = [4]hyperbolic.Point{pts[q[0]], pts[q[1]], pts[q[2]], pts[q[3]]}
			}
		}
		for j := lo; j < hi; j++ {
			for i, pr := range sc.pairs[j-lo][:sc.np[j-lo]] {
				q, c := pr.quad, &sc.corners[j-lo][i]
				best := candidate{ratio: 1}
				var bounds [2]float64
				if bounder != nil {
					bounds = bounder.FourBounds(c[0], c[1], c[2], c[3])
				}
				// The two topologies that cross the shared side: (w,u | v,x) and (w,v | u,x).
				for t, topo := range [2][4]int32{{q[0], q[1], q[2], q[3]}, {q[0], q[2], q[1], q[3]}} {
					p0, p1, p2, p3 := c[0], c[1], c[2], c[3]
					if t == 1 {
						p1, p2 = p2, p1
					}
					if bounder != nil && (cannotBeat(bounds[t], pr.local, pr.beat) || bounder.FullExcluded(p0, p1, p2, p3)) {
						continue
					}
					f := sp.Fermat4(p0, p1, p2, p3, pr.local)
					tl.solves += f.Solves
					if f.Unconverged {
						tl.unconverged++
					}
					if f.Status != Found {
						continue
					}
					a, b := f.A, f.B
					L := sp.Dist(a, p0) + sp.Dist(a, p1) + sp.Dist(a, b) + sp.Dist(b, p2) + sp.Dist(b, p3)
					if r := L / pr.local; r < best.ratio {
						best = candidate{ratio: r, n: 4, term: topo, steiner: [2]hyperbolic.Point{a, b}}
					}
				}
				if best.n == 4 {
					tl.found = append(tl.found, found4{int32(3*j + i), best})
				}
			}
		}
	}, progress("fst4", len(sel)))
	n4 := 0
	for _, tl := range tallies {
		stats.FermatSolves += tl.solves
		stats.FST4Unconverged += tl.unconverged
		n4 += len(tl.found)
	}
	stats.Candidates4 = n4
	cands := cands3(make([]candidate, 0, n3+n4))
	// Merge the workers' lists by key.
	next := make([]int, workers)
	for range n4 {
		w := -1
		for v, tl := range tallies {
			if next[v] < len(tl.found) && (w < 0 || tl.found[next[v]].key < tallies[w].found[next[w]].key) {
				w = v
			}
		}
		cands = append(cands, tallies[w].found[next[w]].c)
		next[w]++
	}
	return cands
}

// triangles is what the full Steiner tree stage knows of each triangle of
// the mesh: how many of its sides are MST edges, and, for the marked
// ones (two MST sides), their 3-terminal ratio. It is kept in one int32
// a triangle, the local MST lengths recomputed where they are needed.
type triangles struct {
	mesh   *Mesh
	span   *spanningTree
	marked []int32 // the triangles holding two MST sides, in order
	// state is, per triangle, its index in marked if it is marked, else
	// −1 − its number of MST sides.
	state []int32
	ratio []float64 // per marked triangle: its 3-terminal ratio, or 0 for none
}

// markTriangles counts the MST sides of every triangle of the mesh, on
// workers goroutines.
func markTriangles(mesh *Mesh, span *spanningTree, workers int) *triangles {
	nt := len(mesh.Triangles)
	ts := &triangles{mesh: mesh, span: span, state: make([]int32, nt)}
	parallel.For(nt, workers, func(_, t int) {
		c := int32(0)
		for _, e := range mesh.TriEdges[t] {
			if span.rank[e] >= 0 {
				c++
			}
		}
		ts.state[t] = -1 - c
	}, nil)
	nm := 0
	for _, s := range ts.state {
		if s == -3 {
			nm++
		}
	}
	ts.marked = make([]int32, 0, nm)
	for t, s := range ts.state {
		if s == -3 {
			ts.state[t] = int32(len(ts.marked))
			ts.marked = append(ts.marked, int32(t))
		}
	}
	return ts
}

// count is the number of MST sides of triangle t.
func (ts *triangles) count(t int32) int32 {
	if s := ts.state[t]; s < 0 {
		return -1 - s
	}
	return 2
}

// local is the length of the MST sides of triangle t: their sum, in the
// order of its sides.
func (ts *triangles) local(t int32) float64 {
	sum := 0.0
	for _, e := range ts.mesh.TriEdges[t] {
		if w, ok := ts.span.side(e); ok {
			sum += w
		}
	}
	return sum
}

// ratio3 is the ratio of triangle t's 3-terminal candidate, or 0 for none.
func (ts *triangles) ratio3(t int32) float64 {
	if s := ts.state[t]; s >= 0 {
		return ts.ratio[s]
	}
	return 0
}

// pair is two adjacent triangles whose union holds three MST edges: the
// four terminals of 4-terminal full Steiner trees.
type pair struct {
	quad  [4]int32 // w, u, v, x: uv the shared side, w and x the opposite vertices
	local float64  // length of the three MST edges
	// beat is the ratio a 4-terminal tree of the pair must be below to
	// be ever taken: 1, or less when a triangle of the pair has a
	// 3-terminal candidate. concatenate takes candidates by increasing
	// ratio, 3-terminal ones first among equal ratios, each only if its
	// terminals lie in distinct components; once such a triangle's
	// candidate has been considered, two of its terminals at least share
	// a component (all three if it was taken, two if that is why it was
	// not), so no later candidate holding the three is taken.
	beat float64
}

// pairsOf returns the pairs generated from the k-th marked triangle, which
// must be selected, in the order of its sides: with each neighbour across
// a side when their union holds three MST edges, except a selected
// neighbour of lower index, which generates the pair itself.
func (ts *triangles) pairsOf(k int32) (ps [3]pair, n int) {
	mesh, span := ts.mesh, ts.span
	tris := mesh.Triangles
	ti := ts.marked[k]
	r3 := ts.ratio[k]
	tr := tris[ti]
	localI := ts.local(ti)
	for i := 0; i < 3; i++ {
		tj := mesh.Across[ti][i]
		if tj < 0 {
			continue
		}
		u, v, w := tr[i], tr[(i+1)%3], tr[(i+2)%3]
		e := mesh.TriEdges[ti][i]
		wuv, uvInMST := span.side(e)
		shared := int32(0)
		if uvInMST {
			shared = 1
		}
		if 2+ts.count(tj)-shared != 3 {
			continue
		}
		beat := min(1, r3)
		if rj := ts.ratio3(tj); rj > 0 {
			if tj < ti {
				continue // the pair is generated from tj
			}
			beat = min(beat, rj)
		}
		local := localI + ts.local(tj)
		if uvInMST {
			local -= wuv
		}
		// x: the vertex of tj opposite the shared side.
		var x int32
		for k, f := range mesh.TriEdges[tj] {
			if f == e {
				x = tris[tj][(k+2)%3]
			}
		}
		ps[n] = pair{[4]int32{w, u, v, x}, local, beat}
		n++
	}
	return ps, n
}

// useFourBound lets the tests compare the pipeline with and without the
// early rejection of 4-terminal topologies (by length and by existence).
var useFourBound = true

// cannotBeat reports that a 4-terminal topology whose trees are all at
// least bound long cannot have a computed ratio below beat against the
// local MST of length local: its tree's length L is computed as a sum of
// five distances, each within plane.DistRelErr of the exact one, so the
// computed L is at least bound·(1 − DistRelErr)(1 − 4u) ≥ beat·local,
// and its ratio L/local at least beat (with beat = 1: the topology cannot
// make a candidate at all).
func cannotBeat(bound, local, beat float64) bool {
	return bound >= beat*local*(1+4*plane.DistRelErr)
}
