package sll

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/fsum"
	"github.com/hypersteiner/hypersteiner/internal/unionfind"
	"github.com/hypersteiner/hypersteiner/relax"
)

// ReoptOptions tune Reoptimize. The zero value is a good default.
type ReoptOptions struct {
	// MaxSweeps caps the Gauss–Seidel sweeps after each round of topology
	// moves (0: 200). A sweep visits, in index order, the Steiner points
	// whose neighbours moved.
	MaxSweeps int
	// MaxRounds caps the rounds of local topology moves (0: 50).
	MaxRounds int
	// NoTopology switches the local topology moves off: Steiner points
	// are only moved and, where their Fermat point ceases to exist,
	// merged into a terminal.
	NoTopology bool
	// Tol is the convergence tolerance: a Steiner point that moves by
	// more than Tol times its longest edge wakes its Steiner neighbours
	// for the next sweep (0: 1e-13, a few hundred units of roundoff; the
	// Fermat strategies return points to about 1e-15 relative).
	Tol float64
}

// ReoptStats say what Reoptimize did.
type ReoptStats struct {
	// LengthBefore and LengthAfter are the compensated sums of the edge
	// lengths of the input tree (recomputed from its vertices) and of the
	// result; LengthAfter ≤ LengthBefore always (see Reoptimize).
	LengthBefore, LengthAfter float64
	// REDBefore and REDAfter are the reductions over the MST, in percent.
	REDBefore, REDAfter float64
	// SteinerBefore and SteinerAfter count the Steiner points.
	SteinerBefore, SteinerAfter int
	// Sweeps counts Gauss–Seidel sweeps, Rounds the rounds of topology
	// moves that changed the tree.
	Sweeps, Rounds int
	// Moves counts accepted Steiner point moves; Collapses the Steiner
	// points merged into a terminal; Inserted the Steiner points inserted
	// at a terminal where two edges meet at less than 120°; Reattached the
	// edges moved from a terminal to a neighbouring terminal that sees
	// them under 120° or more.
	Moves, Collapses, Inserted, Reattached int
	// Swaps counts the pairs of adjacent Steiner points moved to another
	// topology of their four other neighbours (where one of them wanted to
	// merge into the other).
	Swaps int
	// Stuck counts visits of a Steiner point whose three neighbours have
	// no Fermat point with the wide angle at another Steiner point: the
	// point is left where it is (merging would make a vertex of degree 4).
	Stuck int
	// FermatSolves counts Fermat solves; FermatFailed and FermatUndecided
	// those that found no point although one exists, or could not decide.
	FermatSolves, FermatFailed, FermatUndecided int
	// LargestFST is the largest number of terminals of a full component
	// of the result (Tree.FST3 and FST4 count those of 3 and 4).
	LargestFST int
	Seconds    float64
	// Unsettled counts the Steiner points Build's final settling could not
	// bring to the Fermat point of their neighbours (set by Build only).
	Unsettled int
}

// ErrBadTree reports a tree Reoptimize cannot work on.
var ErrBadTree = errors.New("sll: not a Steiner tree")

// ErrLengthened reports a broken invariant: the result would be longer
// than the input. It cannot happen unless the exact length comparison is
// wrong; Reoptimize checks it anyway.
var ErrLengthened = errors.New("sll: re-optimisation lengthened the tree")

// Reoptimize improves a finished Steiner tree (from Build, say) without
// ever lengthening it. It keeps the terminals, the tree's space and its
// MST length, and returns a new tree; t is not modified.
//
// Positions. Every Steiner point is moved to the Fermat point of its three
// neighbours (Gauss–Seidel: in index order, revisiting only the points
// whose neighbours moved, until nothing moves by more than Tol relative or
// MaxSweeps). For a fixed topology the tree length is a convex function of
// the Steiner points (geodesically convex in the hyperbolic plane), and
// each move minimises it exactly in one point, so the sweeps descend to
// the best positions. Where the three neighbours have no Fermat point
// (an angle ≥ 120°, decided exactly), the minimum of the point's three
// edges is at the wide vertex: when that is a terminal, the Steiner point
// is merged into it and its other two neighbours are joined to it.
//
// Topology (unless NoTopology). Where two edges of a terminal t, to a and
// to b, meet at less than 120°, a new Steiner point at the Fermat point of
// (t, a, b) replaces them by three shorter edges; where the triangle
// (t, a, b) has its wide angle at the terminal a instead, the edge tb is
// replaced by the shorter ab. Each terminal takes its best such move per
// round, and each round is followed by sweeps, so neighbouring Steiner
// points re-settle.
//
// Never longer. A move is taken only if the sum of the new edge lengths is
// at most that of the edges it replaces, compared exactly (floating-point
// expansions of the float64 lengths), so the exact sum of the float64 edge
// lengths never increases. At the end this is checked once more over all
// edges (ErrLengthened if it failed). The reported length is the
// compensated sum of the edge lengths, as in Build; should rounding make
// it exceed the input's by an ulp although the exact sum did not grow,
// the input's sum is reported, which is as close to the exact new sum as
// the compensated sum itself.
//
// Reoptimize is deterministic (no goroutines) and returns an error
// wrapping ErrBadTree for a tree that is not a tree of the space's points
// with Steiner points of degree 3.
func Reoptimize(t *Tree, sp Space, opt ReoptOptions) (*Tree, ReoptStats, error) {
	out, st, _, err := reoptimize(t, sp, opt, false)
	return out, st, err
}

// reoptimize is Reoptimize. With optimal set, the caller vouches that
// every Steiner point of t already sits at the Fermat point of its
// neighbours — true of Build's trees, whose full components are solved
// one by one and meet only at terminals — so the first sweeps, which
// would only confirm that, are skipped: the work starts at the topology
// moves. It also returns the Steiner points of the result (indices into
// out.Vertices) that moved or changed neighbours: the others are where t
// had them.
func reoptimize(t *Tree, sp Space, opt ReoptOptions, optimal bool) (*Tree, ReoptStats, []int, error) {
	start := time.Now()
	var st ReoptStats
	if sp == nil {
		return nil, st, nil, errors.New("sll: no space given")
	}
	if opt.MaxSweeps <= 0 {
		opt.MaxSweeps = 200
	}
	if opt.MaxRounds <= 0 {
		opt.MaxRounds = 50
	}
	if opt.Tol <= 0 || math.IsNaN(opt.Tol) {
		opt.Tol = 1e-13
	}
	r, err := newReopt(t, sp, opt, optimal)
	if err != nil {
		return nil, st, nil, err
	}
	r.polish = optimal
	r.st = &st
	old := r.lengths(nil)
	st.LengthBefore = fsum.Sum(old)
	st.SteinerBefore = len(t.Vertices) - t.Terminals

	r.sweeps()
	for !opt.NoTopology && st.Rounds < opt.MaxRounds {
		if r.topologyPass() == 0 {
			break
		}
		st.Rounds++
		r.sweeps()
	}

	out, changed := r.tree(t)
	// The final check: exact sign of Σ new − Σ old.
	neg := make([]float64, len(old))
	for i, w := range old {
		neg[i] = -w
	}
	if expansionSign(append(slices.Clone(out.EdgeLengths), neg...)...) > 0 {
		return nil, st, nil, ErrLengthened
	}
	out.Length = fsum.Sum(out.EdgeLengths)
	if out.Length > st.LengthBefore {
		out.Length = st.LengthBefore
	}
	st.LengthAfter = out.Length
	tmp := Tree{Length: st.LengthBefore, MSTLength: t.MSTLength}
	st.REDBefore, st.REDAfter = tmp.RED(), out.RED()
	st.SteinerAfter = out.SteinerPoints()
	st.Seconds = time.Since(start).Seconds()
	return out, st, changed, nil
}

// arc is one end of an edge: the neighbour and the edge's length.
type arc struct {
	v int32
	w float64
}

type reopt struct {
	sp     Space
	opt    ReoptOptions
	st     *ReoptStats
	nt     int
	pos    []hyperbolic.Point
	adj    [][]arc
	alive  []bool
	sDirty []bool  // Steiner points to revisit in the next sweep
	moved  []bool  // Steiner points ever marked dirty (moved or rewired)
	polish bool    // take Newton's last, unprovable step (see newtonComponent)
	tDirty []bool  // terminals whose neighbourhood changed
	mark   []bool  // scratch for component
	comp   []int32 // the last component
	newton newtonWork
}

func newReopt(t *Tree, sp Space, opt ReoptOptions, optimal bool) (*reopt, error) {
	if t == nil {
		return nil, fmt.Errorf("%w: nil tree", ErrBadTree)
	}
	if t.Space != "" && t.Space != sp.Name() {
		return nil, fmt.Errorf("%w: a %s tree given with the %s space", ErrBadTree, t.Space, sp.Name())
	}
	nv, nt := len(t.Vertices), t.Terminals
	if nt < 0 || nt > nv {
		return nil, fmt.Errorf("%w: %d terminals among %d vertices", ErrBadTree, nt, nv)
	}
	// Build's own trees (optimal) are valid by construction: the checks
	// of points and of acyclicity are for trees from elsewhere.
	for i, p := range t.Vertices {
		if optimal {
			break
		}
		if err := sp.Check(p); err != nil {
			return nil, fmt.Errorf("%w: vertex %d: %v", ErrBadTree, i, err)
		}
	}
	if nv > 0 && len(t.Edges) != nv-1 {
		return nil, fmt.Errorf("%w: %d edges for %d vertices (a tree has %d)", ErrBadTree, len(t.Edges), nv, nv-1)
	}
	r := &reopt{sp: sp, opt: opt, nt: nt, pos: slices.Clone(t.Vertices),
		adj: make([][]arc, nv), alive: make([]bool, nv), sDirty: make([]bool, nv), moved: make([]bool, nv), tDirty: make([]bool, nt),
		mark: make([]bool, nv)}
	uf := unionfind.New(nv)
	deg := make([]int, nv)
	for i, e := range t.Edges {
		u, v := e[0], e[1]
		if u < 0 || v < 0 || u >= nv || v >= nv || u == v {
			return nil, fmt.Errorf("%w: edge %d (%d, %d) out of range or a loop", ErrBadTree, i, u, v)
		}
		if !optimal && !uf.Union(int32(u), int32(v)) {
			return nil, fmt.Errorf("%w: edge %d (%d, %d) closes a cycle", ErrBadTree, i, u, v)
		}
		deg[u]++
		deg[v]++
	}
	// One backing array for all adjacency lists, with room for one more
	// arc at each vertex (topology moves add arcs at terminals).
	backing := make([]arc, 0, 2*len(t.Edges)+nv)
	for v := range r.adj {
		r.adj[v] = backing[len(backing) : len(backing) : len(backing)+deg[v]+1]
		backing = backing[:len(backing)+deg[v]+1]
	}
	// Build's trees carry their edge lengths, measured by the same Dist.
	known := optimal && len(t.EdgeLengths) == len(t.Edges)
	for i, e := range t.Edges {
		u, v := e[0], e[1]
		var w float64
		if known {
			w = t.EdgeLengths[i]
		} else {
			w = sp.Dist(r.pos[u], r.pos[v])
		}
		r.adj[u] = append(r.adj[u], arc{int32(v), w})
		r.adj[v] = append(r.adj[v], arc{int32(u), w})
	}
	for v := range r.alive {
		r.alive[v] = true
		if v >= nt {
			if len(r.adj[v]) != 3 {
				return nil, fmt.Errorf("%w: Steiner point %d has degree %d, not 3", ErrBadTree, v, len(r.adj[v]))
			}
			r.sDirty[v], r.moved[v] = !optimal, !optimal
		} else {
			r.tDirty[v] = len(r.adj[v]) >= 2
		}
	}
	return r, nil
}

// lengths appends the edge lengths, each edge once (from its lower end).
func (r *reopt) lengths(dst []float64) []float64 {
	for u, as := range r.adj {
		if !r.alive[u] {
			continue
		}
		for _, a := range as {
			if int(a.v) > u {
				dst = append(dst, a.w)
			}
		}
	}
	return dst
}

func (r *reopt) steiner(v int32) bool { return int(v) >= r.nt }

// sweeps runs Gauss–Seidel sweeps until no Steiner point is dirty. After
// each sweep, the full components that still hold a dirty point take
// Newton steps (newtonComponent): Gauss–Seidel converges only linearly
// along chains of Steiner points, Newton quadratically; a component whose
// Newton iteration converges is done, the others sweep on.
func (r *reopt) sweeps() {
	for k := 0; k < r.opt.MaxSweeps; k++ {
		// Newton first: it settles a component whose best positions are
		// a genuine full tree in a few steps, for less than one Fermat
		// solve per point; what it leaves (degenerating components, where
		// a Steiner point must merge into a terminal) the sweep handles.
		for s := r.nt; s < len(r.pos); s++ {
			if !r.sDirty[s] || !r.alive[s] {
				continue
			}
			comp := r.component(int32(s))
			if r.newtonComponent(comp) {
				for _, v := range comp {
					r.sDirty[v] = false
				}
			}
		}
		any := false
		for s := r.nt; s < len(r.pos); s++ {
			if !r.sDirty[s] || !r.alive[s] {
				continue
			}
			any = true
			r.sDirty[s] = false
			r.relax(int32(s))
		}
		if !any {
			return
		}
		r.st.Sweeps++
	}
}

// component returns the Steiner points joined to s through Steiner
// points, in index order.
func (r *reopt) component(s int32) []int32 {
	comp := append(r.comp[:0], s)
	r.mark[s] = true
	for i := 0; i < len(comp); i++ {
		for _, a := range r.adj[comp[i]] {
			if r.steiner(a.v) && !r.mark[a.v] {
				r.mark[a.v] = true
				comp = append(comp, a.v)
			}
		}
	}
	for _, v := range comp {
		r.mark[v] = false
	}
	slices.Sort(comp)
	r.comp = comp
	return comp
}

// relax moves the Steiner point s to the Fermat point of its neighbours,
// or merges it into the wide vertex.
func (r *reopt) relax(s int32) {
	nb := r.adj[s]
	p := [3]hyperbolic.Point{r.pos[nb[0].v], r.pos[nb[1].v], r.pos[nb[2].v]}
	old := [3]float64{nb[0].w, nb[1].w, nb[2].w}
	f, status := r.sp.Fermat(p[0], p[1], p[2])
	r.st.FermatSolves++
	if status != None {
		switch status {
		case Failed:
			r.st.FermatFailed++
			return
		case Undecided:
			r.st.FermatUndecided++
			return
		}
		d := [3]float64{r.sp.Dist(f, p[0]), r.sp.Dist(f, p[1]), r.sp.Dist(f, p[2])}
		if expansionSign(d[0], d[1], d[2], -old[0], -old[1], -old[2]) >= 0 {
			return
		}
		moved := r.sp.Dist(f, r.pos[s])
		r.pos[s] = f
		for i := range nb {
			r.setLength(s, nb[i].v, d[i])
		}
		r.st.Moves++
		if moved > r.opt.Tol*max(d[0], d[1], d[2]) {
			r.wake(s)
		}
		return
	}
	_, wide := wideVertex(r.sp, p[0], p[1], p[2])
	if wide < 0 {
		wide = minSumVertex(r.sp, p)
	}
	u := nb[wide].v
	if r.steiner(u) {
		// s wants to sit on the Steiner point u: their topology is not
		// the best one for their four other neighbours.
		if !r.swap(s, u) {
			r.st.Stuck++
		}
		return
	}
	var others []int32
	var dn []float64
	for i := range nb {
		if i != wide {
			others = append(others, nb[i].v)
			dn = append(dn, r.sp.Dist(r.pos[u], r.pos[nb[i].v]))
		}
	}
	if expansionSign(dn[0], dn[1], -old[0], -old[1], -old[2]) > 0 {
		return
	}
	// Merge s into u: u–others[0], u–others[1] replace the three edges.
	for _, a := range nb {
		r.removeArc(a.v, s)
	}
	r.adj[s] = nil
	r.alive[s] = false
	for i, v := range others {
		r.addEdge(u, v, dn[i])
		r.touch(v)
	}
	r.touch(u)
	r.st.Collapses++
}

// swap is the move at an edge between two Steiner points s and u where s
// would merge into u (its neighbours see u under 120° or more): the
// four other neighbours a, b (of s) and c, d (of u) are rejoined by the
// better of the two other topologies (a,c | b,d) and (a,d | b,c), solved
// as 4-terminal full trees by the space's strategy, when one is a full
// tree shorter than the present five edges (compared exactly).
func (r *reopt) swap(s, u int32) bool {
	if len(r.adj[s]) != 3 || len(r.adj[u]) != 3 {
		return false
	}
	var other [2][2]arc // the two other arcs of s and of u
	var su float64
	for k, x := range [2]int32{s, u} {
		y := [2]int32{u, s}[k]
		i := 0
		for _, a := range r.adj[x] {
			if a.v == y {
				su = a.w
				continue
			}
			if i == 2 {
				return false
			}
			other[k][i] = a
			i++
		}
	}
	old := [5]float64{other[0][0].w, other[0][1].w, su, other[1][0].w, other[1][1].w}
	local := old[0] + old[1] + old[2] + old[3] + old[4]
	a, b, c, d := other[0][0].v, other[0][1].v, other[1][0].v, other[1][1].v
	type move struct {
		topo   [4]int32 // (topo[0], topo[1]) on s, (topo[2], topo[3]) on u
		ps, pu hyperbolic.Point
		w      [5]float64 // s–topo[0], s–topo[1], s–u, u–topo[2], u–topo[3]
	}
	var best *move
	for _, topo := range [2][4]int32{{a, c, b, d}, {a, d, b, c}} {
		f := r.sp.Fermat4(r.pos[topo[0]], r.pos[topo[1]], r.pos[topo[2]], r.pos[topo[3]], local)
		r.st.FermatSolves += f.Solves
		if f.Status != Found {
			continue
		}
		m := move{topo: topo, ps: f.A, pu: f.B}
		m.w = [5]float64{r.sp.Dist(f.A, r.pos[topo[0]]), r.sp.Dist(f.A, r.pos[topo[1]]), r.sp.Dist(f.A, f.B),
			r.sp.Dist(f.B, r.pos[topo[2]]), r.sp.Dist(f.B, r.pos[topo[3]])}
		if expansionSign(m.w[0], m.w[1], m.w[2], m.w[3], m.w[4], -old[0], -old[1], -old[2], -old[3], -old[4]) >= 0 {
			continue
		}
		if best == nil || expansionSign(m.w[0], m.w[1], m.w[2], m.w[3], m.w[4],
			-best.w[0], -best.w[1], -best.w[2], -best.w[3], -best.w[4]) < 0 {
			best = &m
		}
	}
	if best == nil {
		return false
	}
	t := best.topo
	// Each neighbour's arc to s or u now goes to its new Steiner point.
	owner := map[int32]int32{a: s, b: s, c: u, d: u}
	newOwner := map[int32]int32{t[0]: s, t[1]: s, t[2]: u, t[3]: u}
	weight := map[int32]float64{t[0]: best.w[0], t[1]: best.w[1], t[2]: best.w[3], t[3]: best.w[4]}
	for _, x := range t {
		r.replaceArc(x, owner[x], newOwner[x], weight[x])
	}
	r.adj[s] = append(r.adj[s][:0], arc{t[0], best.w[0]}, arc{t[1], best.w[1]}, arc{u, best.w[2]})
	r.adj[u] = append(r.adj[u][:0], arc{t[2], best.w[3]}, arc{t[3], best.w[4]}, arc{s, best.w[2]})
	r.pos[s], r.pos[u] = best.ps, best.pu
	for _, x := range [6]int32{s, u, a, b, c, d} {
		r.touch(x)
	}
	r.st.Swaps++
	return true
}

// wake marks s's neighbours for another look: Steiner points for the next
// sweep, terminals for the next topology pass.
func (r *reopt) wake(s int32) {
	for _, a := range r.adj[s] {
		r.touch(a.v)
	}
}

func (r *reopt) touch(v int32) {
	if r.steiner(v) {
		r.sDirty[v], r.moved[v] = true, true
	} else {
		r.tDirty[v] = true
	}
}

func (r *reopt) setLength(u, v int32, w float64) {
	for i := range r.adj[u] {
		if r.adj[u][i].v == v {
			r.adj[u][i].w = w
		}
	}
	for i := range r.adj[v] {
		if r.adj[v][i].v == u {
			r.adj[v][i].w = w
		}
	}
}

func (r *reopt) removeArc(u, v int32) {
	r.adj[u] = slices.DeleteFunc(r.adj[u], func(a arc) bool { return a.v == v })
}

func (r *reopt) addEdge(u, v int32, w float64) {
	r.adj[u] = append(r.adj[u], arc{v, w})
	r.adj[v] = append(r.adj[v], arc{u, w})
}

// replaceArc turns u's arc to from into an arc to to of length w.
func (r *reopt) replaceArc(u, from, to int32, w float64) {
	for i := range r.adj[u] {
		if r.adj[u][i].v == from {
			r.adj[u][i] = arc{to, w}
			return
		}
	}
}

// topologyPass tries one local move at each dirty terminal and returns the
// number of moves made.
func (r *reopt) topologyPass() int {
	made := 0
	for t := 0; t < r.nt; t++ {
		if !r.tDirty[t] {
			continue
		}
		r.tDirty[t] = false
		if r.bestMove(int32(t)) {
			made++
		}
	}
	return made
}

// bestMove applies the local move at terminal t that shortens the tree
// most, if any.
func (r *reopt) bestMove(t int32) bool {
	const (
		none = iota
		insert
		reattach
	)
	best := struct {
		kind   int
		gain   float64
		a, b   int32 // insert: a Steiner point joins t, a, b; reattach: the edge tb becomes ab
		f      hyperbolic.Point
		d      [3]float64 // insert: the new edges to t, a, b
		newLen float64    // reattach: the length of ab
	}{}
	pt := r.pos[t]
	nb := r.adj[t]
	for i := 0; i < len(nb); i++ {
		for j := i + 1; j < len(nb); j++ {
			a, b := nb[i], nb[j]
			pa, pb := r.pos[a.v], r.pos[b.v]
			if !r.sp.Below120(pa, pt, pb) {
				// Both moves need an angle < 120° at t.
				continue
			}
			exists, wide := wideVertex(r.sp, pt, pa, pb)
			switch {
			case exists:
				f, status := r.sp.Fermat(pt, pa, pb)
				r.st.FermatSolves++
				if status != Found {
					if status == Failed {
						r.st.FermatFailed++
					} else if status == Undecided {
						r.st.FermatUndecided++
					}
					continue
				}
				d := [3]float64{r.sp.Dist(f, pt), r.sp.Dist(f, pa), r.sp.Dist(f, pb)}
				if expansionSign(d[0], d[1], d[2], -a.w, -b.w) >= 0 {
					continue
				}
				if g := a.w + b.w - (d[0] + d[1] + d[2]); best.kind == none || g > best.gain {
					best.kind, best.gain, best.a, best.b, best.f, best.d = insert, g, a.v, b.v, f, d
				}
			case wide == 1 || wide == 2:
				// The wide angle at a (or b): the edge from t to the other
				// one moves to it, if it is a terminal.
				x, y := a, b
				if wide == 2 {
					x, y = b, a
				}
				if r.steiner(x.v) {
					continue
				}
				dxy := r.sp.Dist(r.pos[x.v], r.pos[y.v])
				if expansionSign(dxy, -y.w) >= 0 {
					continue
				}
				if g := y.w - dxy; best.kind == none || g > best.gain {
					best.kind, best.gain, best.a, best.b, best.newLen = reattach, g, x.v, y.v, dxy
				}
			}
		}
	}
	switch best.kind {
	case insert:
		s := int32(len(r.pos))
		r.pos = append(r.pos, best.f)
		r.alive = append(r.alive, true)
		r.sDirty = append(r.sDirty, false)
		r.moved = append(r.moved, true)
		r.mark = append(r.mark, false)
		r.adj = append(r.adj, []arc{{t, best.d[0]}, {best.a, best.d[1]}, {best.b, best.d[2]}})
		r.removeArc(t, best.b)
		r.replaceArc(t, best.a, s, best.d[0])
		r.replaceArc(best.a, t, s, best.d[1])
		r.replaceArc(best.b, t, s, best.d[2])
		r.touch(best.a)
		r.touch(best.b)
		r.tDirty[t] = true
		r.st.Inserted++
		return true
	case reattach:
		x, y := best.a, best.b
		r.removeArc(t, y)
		r.replaceArc(y, t, x, best.newLen)
		r.adj[x] = append(r.adj[x], arc{y, best.newLen})
		r.touch(x)
		r.touch(y)
		r.tDirty[t] = true
		r.st.Reattached++
		return true
	}
	return false
}

// tree builds the result: terminals, then the surviving Steiner points in
// index order; each edge listed once, from its lower end. It also returns
// the result's indices of the Steiner points marked moved.
func (r *reopt) tree(t *Tree) (*Tree, []int) {
	var changed []int
	idx := make([]int, len(r.pos))
	out := &Tree{Space: r.sp.Name(), Solver: t.Solver, Terminals: r.nt, MSTLength: t.MSTLength,
		Seconds: t.Seconds, Stats: t.Stats}
	for v := range r.pos {
		if r.alive[v] {
			idx[v] = len(out.Vertices)
			if v >= r.nt && r.moved[v] {
				changed = append(changed, idx[v])
			}
			out.Vertices = append(out.Vertices, r.pos[v])
		}
	}
	for u := range r.pos {
		if !r.alive[u] {
			continue
		}
		for _, a := range r.adj[u] {
			if idx[a.v] > idx[u] {
				out.Edges = append(out.Edges, [2]int{idx[u], idx[a.v]})
				out.EdgeLengths = append(out.EdgeLengths, a.w)
			}
		}
	}
	out.FST3, out.FST4, r.st.LargestFST = out.FullComponents()
	return out, changed
}

// wideVertex decides exactly whether the triangle (a, b, c) has a Fermat
// point; if not, wide is the vertex (0, 1, 2) with the angle ≥ 120°, or −1
// for a degenerate triangle with a repeated vertex.
func wideVertex(sp Space, a, b, c hyperbolic.Point) (exists bool, wide int) {
	return sp.Wide(a, b, c)
}

// minSumVertex returns the vertex with the least sum of distances to the
// other two (the minimiser of the sum of distances when there is no Fermat
// point); ties go to the lower index.
func minSumVertex(sp Space, p [3]hyperbolic.Point) int {
	best, bestSum := 0, math.Inf(1)
	for i := range p {
		s := sp.Dist(p[i], p[(i+1)%3]) + sp.Dist(p[i], p[(i+2)%3])
		if s < bestSum {
			best, bestSum = i, s
		}
	}
	return best
}

// expansionSign returns the exact sign of the sum of xs (finite float64s):
// they are accumulated into a floating-point expansion (Shewchuk's
// grow-expansion, zero components dropped), whose sign is that of its
// largest component.
func expansionSign(xs ...float64) int {
	var buf [16]float64
	e := buf[:0]
	for _, x := range xs {
		e = growExpansion(e, x)
	}
	for i := len(e) - 1; i >= 0; i-- {
		switch {
		case e[i] > 0:
			return 1
		case e[i] < 0:
			return -1
		}
	}
	return 0
}

// growExpansion adds b to the nonoverlapping expansion e (components in
// increasing magnitude) exactly, dropping zero components.
func growExpansion(e []float64, b float64) []float64 {
	q := b
	out := e[:0]
	for _, c := range e {
		s := q + c
		bv := s - q
		av := s - bv
		err := (q - av) + (c - bv)
		q = s
		if err != 0 {
			out = append(out, err)
		}
	}
	if q != 0 || len(out) == 0 {
		out = append(out, q)
	}
	return out
}

// newtonWork holds newtonComponent's buffers.
type newtonWork struct {
	relax.Work
	loc            []int32 // vertex → index in the component, −1 outside
	oldLen, newLen []float64
	sum            []float64
}

// maxNewtonComponent bounds the Steiner points of a component that takes
// Newton steps (the dense solve costs (2k)³/3); larger ones only sweep.
const maxNewtonComponent = 64

// component is a full component as package relax sees it: its Steiner
// points free, the other ends of their edges fixed, the edges' lengths as
// the adjacency keeps them.
type component struct {
	r    *reopt
	comp []int32
}

func (c component) Len() int                   { return len(c.comp) }
func (c component) Pos(i int) hyperbolic.Point { return c.r.pos[c.comp[i]] }
func (c component) Neighbors(i int, visit func(int, hyperbolic.Point, float64)) {
	for _, a := range c.r.adj[c.comp[i]] {
		visit(int(c.r.newton.loc[a.v]), c.r.pos[a.v], a.w)
	}
}

// newtonComponent takes Riemannian Newton steps (package relax) for the
// positions of the Steiner points comp (a full component: the other ends
// of their edges stay fixed) and reports whether the iteration converged:
// the last step moved no point by more than Tol times the component's
// shortest edge. A step is taken only if it shortens the component's
// edges (compared exactly), halving it up to four times.
func (r *reopt) newtonComponent(comp []int32) bool {
	k := len(comp)
	if k > maxNewtonComponent {
		return false
	}
	w := &r.newton
	for len(w.loc) < len(r.pos) {
		w.loc = append(w.loc, -1)
	}
	for i, v := range comp {
		w.loc[v] = int32(i)
	}
	defer func() {
		for _, v := range comp {
			w.loc[v] = -1
		}
	}()
	gr := component{r, comp}
	for it := 0; it < 12; it++ {
		step, minEdge, ok := w.Direction(r.sp, gr)
		if !ok {
			return false
		}
		if step <= max(r.opt.Tol, newtonFloor)*minEdge {
			// Converged: the step is below the tolerance, or so small that
			// the length it saves (about step²/edge) is below the
			// rounding of the edge lengths, where no trial could prove a
			// decrease and every one would be refused. For Build, which
			// settles the result to the Fermat points anyway (not length-
			// checked either), the last step is taken: Newton's quadratic
			// convergence puts the points within rounding of the optimum,
			// where the settling sweeps agree with them at once.
			if r.polish && step > r.opt.Tol*minEdge {
				r.applyStep(gr, w)
			}
			return true
		}
		taken := false
		for scale := 1.0; scale >= 1.0/16; scale /= 2 {
			if r.tryStep(gr, w, scale) {
				taken = true
				break
			}
		}
		if !taken {
			return false
		}
	}
	return false
}

// newtonFloor is the relative Newton step below which a step's gain,
// about step²·edge, is under the rounding of the edges' lengths (√ε):
// the exact comparison of lengths cannot accept it, and the point is as
// short as float64 lengths can tell.
const newtonFloor = 0x1p-26

// applyStep moves the component by its Newton direction without a length
// check (see newtonComponent) and updates the edge lengths.
func (r *reopt) applyStep(gr component, w *newtonWork) {
	if !w.Move(r.sp, gr, 1) {
		return
	}
	for i, v := range gr.comp {
		r.pos[v] = w.Trial[i]
	}
	for _, v := range gr.comp {
		for _, a := range r.adj[v] {
			r.setLength(v, a.v, r.sp.Dist(r.pos[v], r.pos[a.v]))
		}
	}
}

// tryStep moves the component by scale times its Newton direction and
// keeps the move if its edges get shorter (exactly compared).
func (r *reopt) tryStep(gr component, w *newtonWork, scale float64) bool {
	if !w.Move(r.sp, gr, scale) {
		return false
	}
	comp := gr.comp
	at := func(v int32) hyperbolic.Point {
		if j := w.loc[v]; j >= 0 {
			return w.Trial[j]
		}
		return r.pos[v]
	}
	// newLen holds the new length of every arc of the component's points,
	// in adjacency order; the comparison counts each edge once.
	w.oldLen, w.newLen, w.sum = w.oldLen[:0], w.newLen[:0], w.sum[:0]
	for _, v := range comp {
		for _, a := range r.adj[v] {
			d := r.sp.Dist(at(v), at(a.v))
			w.newLen = append(w.newLen, d)
			if w.loc[a.v] >= 0 && a.v < v {
				continue // an inner edge, counted from its lower end
			}
			w.sum = append(w.sum, d)
			w.oldLen = append(w.oldLen, -a.w)
		}
	}
	if expansionSign(append(w.sum, w.oldLen...)...) >= 0 {
		return false
	}
	for i, v := range comp {
		r.pos[v] = w.Trial[i]
	}
	k := 0
	for _, v := range comp {
		for i, a := range r.adj[v] {
			d := w.newLen[k]
			k++
			r.adj[v][i].w = d
			if w.loc[a.v] < 0 {
				r.replaceArc(a.v, v, v, d)
				r.touch(a.v)
			}
		}
	}
	r.st.Moves += len(comp)
	return true
}
