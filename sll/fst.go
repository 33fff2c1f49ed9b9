package sll

import (
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/parallel"
	"github.com/hypersteiner/hypersteiner/plane"
)

func fullSteinerTrees(sp Space, pts []hyperbolic.Point, mesh *Mesh, span *spanningTree,
	opt Options, stats *Stats, progress func(string, int) func(int)) []candidate {
	tris := mesh.Triangles
	cnt := make([]int8, len(tris))
	mstLen := make([]float64, len(tris))
	parallel.For(len(tris), opt.Workers, func(_, ti int) {
		for _, e := range mesh.TriEdges[ti] {
			if w, ok := span.side(e); ok {
				cnt[ti]++
				mstLen[ti] += w
			}
		}
	}, nil)
	nm := 0
	for _, c := range cnt {
		if c == 2 {
			nm++
		}
	}
	marked := make([]int32, 0, nm)
	for ti, c := range cnt {
		if c == 2 {
			marked = append(marked, int32(ti))
		}
	}
	stats.Marked = len(marked)

	// Each local problem writes its own slot: the Steiner point and the
	// ratio (0 for none), and the solver's status.
	type fst3 struct {
		s      hyperbolic.Point
		ratio  float64
		status Status
	}
	res3 := make([]fst3, len(marked))
	parallel.For(len(marked), opt.Workers, func(_, k int) {
		tr := tris[marked[k]]
		a, b, c := pts[tr[0]], pts[tr[1]], pts[tr[2]]
		s, st := sp.Fermat(a, b, c)
		res3[k].status = st
		if st != Found {
			return
		}
		local := mstLen[marked[k]]
		da, db, dc := sp.Dist(s, a), sp.Dist(s, b), sp.Dist(s, c)
		if plane.Coincide(sp, s, a, da, local) || plane.Coincide(sp, s, b, db, local) || plane.Coincide(sp, s, c, dc, local) {
			return
		}
		if r := (da + db + dc) / local; r < 1 {
			res3[k].s, res3[k].ratio = s, r
		}
	}, progress("fst3", len(marked)))
	stats.FermatSolves += len(marked)
	n3 := 0
	for _, r := range res3 {
		switch r.status {
		case Failed:
			stats.FermatFailed++
		case Undecided:
			stats.FermatUndecided++
		}
		if r.ratio > 0 {
			n3++
		}
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

	ratio3 := make([]float64, len(tris)) // the 3-terminal candidate's ratio, or 0
	for k, r := range res3 {
		ratio3[marked[k]] = r.ratio
	}
	pairs := fourPairs(mesh, cnt, mstLen, ratio3, span)
	res4 := make([]candidate, len(pairs))
	unconverged := make([]int8, len(pairs))
	solves := make([]int32, len(pairs))
	bounder, _ := sp.Plane().(plane.FourBounder)
	if !useFourBound {
		bounder = nil
	}
	parallel.For(len(pairs), opt.Workers, func(_, k int) {
		q := pairs[k].quad
		best := candidate{ratio: 1}
		// The two topologies that cross the shared side: (w,u | v,x) and (w,v | u,x).
		for _, topo := range [2][4]int32{{q[0], q[1], q[2], q[3]}, {q[0], q[2], q[1], q[3]}} {
			if bounder != nil {
				p, q, r, s := pts[topo[0]], pts[topo[1]], pts[topo[2]], pts[topo[3]]
				if cannotBeat(bounder.FourBound(p, q, r, s), pairs[k].local, pairs[k].beat) || bounder.FullExcluded(p, q, r, s) {
					continue
				}
			}
			f := sp.Fermat4(pts[topo[0]], pts[topo[1]], pts[topo[2]], pts[topo[3]], pairs[k].local)
			solves[k] += int32(f.Solves)
			if f.Unconverged {
				unconverged[k]++
			}
			if f.Status != Found {
				continue
			}
			a, b := f.A, f.B
			L := sp.Dist(a, pts[topo[0]]) + sp.Dist(a, pts[topo[1]]) + sp.Dist(a, b) +
				sp.Dist(b, pts[topo[2]]) + sp.Dist(b, pts[topo[3]])
			if r := L / pairs[k].local; r < best.ratio {
				best = candidate{ratio: r, n: 4, term: topo, steiner: [2]hyperbolic.Point{a, b}}
			}
		}
		res4[k] = best
	}, progress("fst4", len(pairs)))
	n4 := 0
	for k, c := range res4 {
		stats.FermatSolves += int(solves[k])
		stats.FST4Unconverged += int(unconverged[k])
		if c.n == 4 {
			n4++
		}
	}
	stats.Candidates4 = n4
	cands := cands3(make([]candidate, 0, n3+n4))
	for _, c := range res4 {
		if c.n == 4 {
			cands = append(cands, c)
		}
	}
	return cands
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

// fourPairs lists the pairs of a selected triangle (one with a
// 3-terminal candidate: ratio3 > 0) and a neighbour, each pair once.
func fourPairs(mesh *Mesh, cnt []int8, mstLen, ratio3 []float64, span *spanningTree) []pair {
	tris := mesh.Triangles
	nsel := 0
	for _, r := range ratio3 {
		if r > 0 {
			nsel++
		}
	}
	pairs := make([]pair, 0, 3*nsel/2)
	for ti, tr := range tris {
		if !(ratio3[ti] > 0) {
			continue
		}
		for i := 0; i < 3; i++ {
			tj := mesh.Across[ti][i]
			if tj < 0 {
				continue
			}
			u, v, w := tr[i], tr[(i+1)%3], tr[(i+2)%3]
			e := mesh.TriEdges[ti][i]
			wuv, uvInMST := span.side(e)
			shared := int8(0)
			if uvInMST {
				shared = 1
			}
			if cnt[ti]+cnt[tj]-shared != 3 {
				continue
			}
			beat := min(1, ratio3[ti])
			if ratio3[tj] > 0 {
				if int(tj) < ti {
					continue // the pair is generated from tj
				}
				beat = min(beat, ratio3[tj])
			}
			local := mstLen[ti] + mstLen[tj]
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
			pairs = append(pairs, pair{[4]int32{w, u, v, x}, local, beat})
		}
	}
	return pairs
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
