package sll

import (
	"math"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// coincideUlps is the number of units of the chart's resolution within
// which two points are taken to coincide. A float64 Klein point s resolves
// hyperbolic distances down to about eps·|s|/(1−|s|²) (a coordinate ulp,
// stretched radially by the metric), and the strategies return points to a
// few such units; a Steiner point within 64 units of a terminal, or of the
// other Steiner point, is that point, and the tree is not full. This is
// the solver's resolution, not a geometric threshold: Steiner points
// legitimately closer to a terminal than any data spacing (an angle 1e-9
// below 120°) are kept.
const coincideUlps = 64

// fst4Tol is the convergence tolerance of the 4-terminal alternation,
// relative to the local MST length.
const fst4Tol = 1e-14

// fst4MaxIter caps the alternation; a topology that has not converged by
// then is dropped and counted in Stats.FST4Unconverged.
const fst4MaxIter = 8

// fst4PlainRounds is the number of unaccelerated alternation rounds.
const fst4PlainRounds = 3

func fullSteinerTrees(sp Space, pts []hyperbolic.Point, mesh *Mesh, mst *spanningTree,
	opt Options, stats *Stats, progress func(string, int) func(int)) []candidate {
	tris := mesh.Triangles
	cnt := make([]int8, len(tris))
	mstLen := make([]float64, len(tris))
	var marked []int32
	for ti, tr := range tris {
		for i := 0; i < 3; i++ {
			if w, ok := mst.weight(tr[i], tr[(i+1)%3]); ok {
				cnt[ti]++
				mstLen[ti] += w
			}
		}
		if cnt[ti] == 2 {
			marked = append(marked, int32(ti))
		}
	}
	stats.Marked = len(marked)

	res3 := make([]candidate, len(marked))
	status := make([]Status, len(marked))
	parallelFor(len(marked), opt.Workers, func(k int) {
		tr := tris[marked[k]]
		a, b, c := pts[tr[0]], pts[tr[1]], pts[tr[2]]
		s, st := sp.Fermat(a, b, c)
		status[k] = st
		if st != Found {
			return
		}
		local := mstLen[marked[k]]
		da, db, dc := sp.Dist(s, a), sp.Dist(s, b), sp.Dist(s, c)
		if near(sp, s, a, da, local) || near(sp, s, b, db, local) || near(sp, s, c, dc, local) {
			return
		}
		r := (da + db + dc) / local
		if r < 1 {
			res3[k] = candidate{ratio: r, n: 3, term: [4]int32{tr[0], tr[1], tr[2], -1}, steiner: [2]hyperbolic.Point{s}}
		}
	}, progress("fst3", len(marked)))
	stats.FermatSolves += len(marked)
	selected := make([]bool, len(tris))
	var cands []candidate
	for k, c := range res3 {
		switch status[k] {
		case Failed:
			stats.FermatFailed++
		case Undecided:
			stats.FermatUndecided++
		}
		if c.n == 3 {
			cands = append(cands, c)
			selected[marked[k]] = true
		}
	}
	stats.Candidates3 = len(cands)
	if opt.FST < 4 {
		return cands
	}

	type pair struct {
		quad  [4]int32 // w, u, v, x: uv the shared side, w and x the opposite vertices
		local float64
	}
	inc := incidence(len(pts), tris)
	var pairs []pair
	for ti, tr := range tris {
		if !selected[ti] {
			continue
		}
		for i := 0; i < 3; i++ {
			u, v, w := tr[i], tr[(i+1)%3], tr[(i+2)%3]
			tj, x := inc.across(tris, int32(ti), u, v)
			if tj < 0 {
				continue
			}
			wuv, uvInMST := mst.weight(u, v)
			shared := int8(0)
			if uvInMST {
				shared = 1
			}
			if cnt[ti]+cnt[tj]-shared != 3 {
				continue
			}
			if selected[tj] && int(tj) < ti {
				continue // the pair is generated from tj
			}
			local := mstLen[ti] + mstLen[tj]
			if uvInMST {
				local -= wuv
			}
			pairs = append(pairs, pair{[4]int32{w, u, v, x}, local})
		}
	}
	res4 := make([]candidate, len(pairs))
	unconverged := make([]int8, len(pairs))
	solves := make([]int32, len(pairs))
	parallelFor(len(pairs), opt.Workers, func(k int) {
		q := pairs[k].quad
		best := candidate{ratio: 1}
		// The two topologies that cross the shared side: (w,u | v,x) and (w,v | u,x).
		for _, topo := range [2][4]int32{{q[0], q[1], q[2], q[3]}, {q[0], q[2], q[1], q[3]}} {
			a, b, ok, iters, conv := solveFST4(sp, pts[topo[0]], pts[topo[1]], pts[topo[2]], pts[topo[3]], pairs[k].local)
			solves[k] += int32(iters)
			if !conv {
				unconverged[k]++
			}
			if !ok {
				continue
			}
			L := sp.Dist(a, pts[topo[0]]) + sp.Dist(a, pts[topo[1]]) + sp.Dist(a, b) +
				sp.Dist(b, pts[topo[2]]) + sp.Dist(b, pts[topo[3]])
			if r := L / pairs[k].local; r < best.ratio {
				best = candidate{ratio: r, n: 4, term: topo, steiner: [2]hyperbolic.Point{a, b}}
			}
		}
		res4[k] = best
	}, progress("fst4", len(pairs)))
	for k, c := range res4 {
		stats.FermatSolves += int(solves[k])
		stats.FST4Unconverged += int(unconverged[k])
		if c.n == 4 {
			cands = append(cands, c)
			stats.Candidates4++
		}
	}
	return cands
}

// fst4 computes the full Steiner tree of the topology (p,q | r,s) — Steiner
// point a joined to p, q and b; b joined to r, s and a. Its Steiner points
// are the fixed point of the alternation of 3-terminal solves of Halverson
// & Lewis (paper §4.3): a = F(p,q,b), b = F(r,s,a), started from a₁ on the
// isoptic of p,q. The alternation converges only linearly (slowly when the
// tree is nearly degenerate), so it is accelerated by Newton's method on
// the residual G(a) = a − g(a), g(a) = F(p,q,F(r,s,a)), with a forward-
// difference Jacobian; a Newton point is taken only when it shrinks the
// residual, otherwise the plain alternation step is. It stops when the
// residual |a − g(a)| and the move of b are below fst4Tol times the local
// MST length. ok is false when the plain alternation reaches a triangle
// with no Steiner point (the topology degenerates), or a Steiner point
// coincides with a terminal or with the other Steiner point.
func fst4(sp Space, p, q, r, s hyperbolic.Point, local float64) (a, b hyperbolic.Point, ok bool, solves int, converged bool) {
	solve := func(u, v, w hyperbolic.Point) (hyperbolic.Point, bool) {
		solves++
		x, st := sp.Fermat(u, v, w)
		return x, st == Found
	}
	// step returns b = F(r,s,a) and g(a) = F(p,q,b).
	step := func(a hyperbolic.Point) (b, ga hyperbolic.Point, ok bool) {
		if b, ok = solve(r, s, a); !ok {
			return
		}
		ga, ok = solve(p, q, b)
		return
	}
	fail := func() (hyperbolic.Point, hyperbolic.Point, bool, int, bool) {
		return a, b, false, solves, true
	}
	if a, ok = solve(p, q, sp.Midpoint(r, s)); !ok {
		return fail()
	}
	b, ga, ok := step(a)
	if !ok {
		return fail()
	}
	res := sp.Dist(a, ga)
	tol := fst4Tol * local
	// A few plain rounds first: they cost two solves each, and a
	// degenerating topology usually reaches a triangle with no Steiner
	// point within them, before the costlier accelerated rounds.
	for it := 0; it < fst4PlainRounds; it++ {
		nb, nga, ok := step(ga)
		if !ok {
			return fail()
		}
		moveB := sp.Dist(nb, b)
		a, b, ga, res = ga, nb, nga, sp.Dist(ga, nga)
		if res <= tol && moveB <= tol {
			if coincides(sp, a, local, p, q, b) || coincides(sp, b, local, r, s) {
				return fail()
			}
			return a, b, true, solves, true
		}
	}
	// Coordinate step for the difference quotients: √eps of the quad's
	// extent in the chart, the usual forward-difference choice.
	ext := 0.0
	for _, t := range [...]hyperbolic.Point{p, q, r, s} {
		ext = max(ext, math.Abs(t.X-a.X), math.Abs(t.Y-a.Y))
	}
	h := 1.5e-8 * ext
	for it := 0; it < fst4MaxIter; it++ {
		var na, nb, nga hyperbolic.Point
		nres := math.Inf(1)
		// Newton on G(a) = a − g(a).
		_, ax, ok1 := step(hyperbolic.Point{X: a.X + h, Y: a.Y})
		_, ay, ok2 := step(hyperbolic.Point{X: a.X, Y: a.Y + h})
		if ok1 && ok2 {
			gx, gy := a.X-ga.X, a.Y-ga.Y
			j11 := 1 - (ax.X-ga.X)/h
			j21 := -(ax.Y - ga.Y) / h
			j12 := -(ay.X - ga.X) / h
			j22 := 1 - (ay.Y-ga.Y)/h
			if det := j11*j22 - j12*j21; det != 0 && !math.IsNaN(det) {
				ca := hyperbolic.Point{X: a.X - (j22*gx-j12*gy)/det, Y: a.Y - (j11*gy-j21*gx)/det}
				if cb, cga, ok := step(ca); ok {
					if cres := sp.Dist(ca, cga); cres < res {
						na, nb, nga, nres = ca, cb, cga, cres
					}
				}
			}
		}
		if math.IsInf(nres, 1) {
			// The plain alternation step a ← g(a).
			if nb, nga, ok = step(ga); !ok {
				return fail()
			}
			na, nres = ga, sp.Dist(ga, nga)
		}
		moveB := sp.Dist(nb, b)
		a, b, ga, res = na, nb, nga, nres
		if res <= tol && moveB <= tol {
			if coincides(sp, a, local, p, q, b) || coincides(sp, b, local, r, s) {
				return fail()
			}
			return a, b, true, solves, true
		}
	}
	return a, b, false, solves, false
}

// solveFST4 tries the direct solver first where the space has one; it is
// fast, and it finds trees the alternation misses when the alternation's
// path leaves the region where every triangle has a Steiner point. When
// its Newton iteration does not converge, the topology goes to the
// convexity certificate of degeneracy and then to the alternation. When
// Newton converges to a root that is not a full tree (the φ system has
// spurious roots) the topology is taken as degenerate: over all 180 000
// Delaunay-adjacent quads of three G(0, 0.5) samples of 10⁴ points the
// alternation found a full tree in 3 such cases (against 89 056 found
// directly), and none of them was ever an SLL candidate in the measured
// runs, while running it there would cost a third of the pipeline's time.
func solveFST4(sp Space, p, q, r, s hyperbolic.Point, local float64) (a, b hyperbolic.Point, ok bool, solves int, converged bool) {
	if _, hyp := sp.(hyperbolicSpace); hyp && !disableDirectFST4 {
		a, b, ok, handled, n := fst4Direct(sp, p, q, r, s, local)
		if ok || handled {
			return a, b, ok, n, true
		}
		solves = n
	}
	if deg, n := degenerates(sp, p, q, r, s); deg {
		return a, b, false, solves + n, true
	} else {
		solves += n
	}
	a, b, ok, n, converged := fst4(sp, p, q, r, s, local)
	return a, b, ok, solves + n, converged
}

// disableDirectFST4 switches the direct solver off (tests compare both).
var disableDirectFST4 = false

func coincides(sp Space, s hyperbolic.Point, local float64, others ...hyperbolic.Point) bool {
	for _, o := range others {
		if near(sp, s, o, sp.Dist(s, o), local) {
			return true
		}
	}
	return false
}

// near reports whether s and o, at distance d, coincide within the
// solver's resolution (see coincideUlps).
func near(sp Space, s, o hyperbolic.Point, d, local float64) bool {
	return d <= coincideUlps*eps*(local+resolution(sp, s)+resolution(sp, o))
}

// resolution is the distance one coordinate ulp can represent at p, in
// units of eps: |p| for the plane, |p|/(1−|p|²) for the Klein chart.
func resolution(sp Space, p hyperbolic.Point) float64 {
	m := max(math.Abs(p.X), math.Abs(p.Y))
	if _, hyp := sp.(hyperbolicSpace); hyp {
		return m / ((1-p.X)*(1+p.X) - p.Y*p.Y)
	}
	return m
}

// triIncidence lists, for every vertex, the triangles that contain it.
type triIncidence struct {
	offset []int32
	tri    []int32
}

func incidence(n int, tris [][3]int32) *triIncidence {
	inc := &triIncidence{offset: make([]int32, n+1), tri: make([]int32, 3*len(tris))}
	for _, tr := range tris {
		for _, v := range tr {
			inc.offset[v+1]++
		}
	}
	for i := 0; i < n; i++ {
		inc.offset[i+1] += inc.offset[i]
	}
	fill := make([]int32, n)
	copy(fill, inc.offset[:n])
	for ti, tr := range tris {
		for _, v := range tr {
			inc.tri[fill[v]] = int32(ti)
			fill[v]++
		}
	}
	return inc
}

// across returns the triangle other than t that has the side uv, and its
// vertex opposite uv; (-1, -1) when uv is on the boundary.
func (inc *triIncidence) across(tris [][3]int32, t, u, v int32) (int32, int32) {
	for k := inc.offset[u]; k < inc.offset[u+1]; k++ {
		tj := inc.tri[k]
		if tj == t {
			continue
		}
		tr := tris[tj]
		if tr[0] != v && tr[1] != v && tr[2] != v {
			continue
		}
		for _, x := range tr {
			if x != u && x != v {
				return tj, x
			}
		}
	}
	return -1, -1
}
