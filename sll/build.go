package sll

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/hypersteiner/hypersteiner/delaunay"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/fsum"
	"github.com/hypersteiner/hypersteiner/internal/parallel"
	"github.com/hypersteiner/hypersteiner/internal/radix"
	"github.com/hypersteiner/hypersteiner/internal/unionfind"
	"github.com/hypersteiner/hypersteiner/plane"
)

// Options configure Build.
//
// The zero value is the default: the hyperbolic plane (Klein coordinates)
// with the default Fermat strategy, full Steiner trees of up to 4
// terminals, all cores.
type Options struct {
	// Space is the plane and, for the hyperbolic plane, the Fermat
	// strategy; nil means DefaultSpace().
	Space Space
	// FST is the largest full Steiner tree tried: 3 or 4 (0 means 4).
	FST int
	// Workers bounds the goroutines solving local problems (0: GOMAXPROCS).
	// The tree does not depend on it.
	Workers int
	// Progress, when not nil, is told how far each stage is; calls are
	// serialised. Every stage reports (stage, 0, total) when it starts and
	// (stage, total, total) when it ends: the Delaunay triangulation, the
	// minimum spanning tree, the concatenation and the re-optimisation
	// as one step each, the full Steiner trees by triangle ("fst3": the
	// triangles holding two MST edges; "fst4": those of them with a
	// 3-terminal tree, each with its 4-terminal problems).
	Progress func(stage string, done, total int)
	// KeepMesh keeps the triangulation's edges in Tree.DelaunayEdges.
	KeepMesh bool
	// Reoptimize runs Reoptimize on the concatenated tree (Steiner points
	// moved to the Fermat points of their neighbours, local topology
	// moves); its statistics are kept in Tree.Reopt.
	Reoptimize bool
}

// PointError reports an input point the space cannot hold.
type PointError struct {
	Index int
	Err   error
}

func (e *PointError) Error() string { return fmt.Sprintf("point %d: %v", e.Index, e.Err) }
func (e *PointError) Unwrap() error { return e.Err }

// DuplicateError reports two input points that coincide (or, in the
// hyperbolic plane, whose rounded Poincaré images do, when Image is set).
// I < J index the input; their coordinates are the caller's.
type DuplicateError struct {
	I, J  int
	P, Q  hyperbolic.Point
	Image bool
}

func (e *DuplicateError) Error() string {
	if e.Image {
		return fmt.Sprintf("points %d (%v, %v) and %d (%v, %v) are too close to tell apart: their Poincaré images round to the same point",
			e.I, e.P.X, e.P.Y, e.J, e.Q.X, e.Q.Y)
	}
	return fmt.Sprintf("points %d and %d coincide at (%v, %v)", e.I, e.J, e.P.X, e.P.Y)
}

// pointsError restates a triangulation's duplicate-point error with the
// caller's coordinates.
func pointsError(err error, pts []hyperbolic.Point) error {
	var de *delaunay.DuplicateError
	var se *DuplicateError
	switch {
	case errors.As(err, &de) && de.I < len(pts) && de.J < len(pts):
		return &DuplicateError{I: de.I, J: de.J, P: pts[de.I], Q: pts[de.J], Image: de.Image}
	case errors.As(err, &se) && se.I < len(pts) && se.J < len(pts):
		return &DuplicateError{I: se.I, J: se.J, P: pts[se.I], Q: pts[se.J], Image: se.Image}
	}
	return err
}

// candidate is a full Steiner tree that beats the MST of its terminals.
type candidate struct {
	ratio   float64
	n       int8     // 3 or 4 terminals
	term    [4]int32 // terminals; for 4: (term[0],term[1]) on steiner[0], (term[2],term[3]) on steiner[1]
	steiner [2]hyperbolic.Point
}

// stage reports to Progress that a stage of one step begins, and returns
// the call that reports its end.
func (o Options) stage(name string) func() {
	if o.Progress == nil {
		return func() {}
	}
	o.Progress(name, 0, 1)
	return func() { o.Progress(name, 1, 1) }
}

// Build computes a heuristic Steiner tree of the points with the
// Smith–Lee–Liebman algorithm (paper, Algorithm 1): Delaunay triangulation,
// Kruskal MST, full Steiner trees of the triangles holding two MST edges
// (and of adjacent pairs holding three), sorted by their local Steiner
// ratio, then greedy concatenation finished by the MST edges.
func Build(pts []hyperbolic.Point, opt Options) (*Tree, error) {
	start := time.Now()
	sp := opt.Space
	if sp == nil {
		sp = DefaultSpace()
		opt.Space = sp
	}
	if opt.FST == 0 {
		opt.FST = 4
	}
	if opt.FST != 3 && opt.FST != 4 {
		return nil, fmt.Errorf("sll: full Steiner trees of %d terminals are not supported (use 3 or 4)", opt.FST)
	}
	for i, p := range pts {
		if err := sp.Check(p); err != nil {
			return nil, &PointError{Index: i, Err: err}
		}
	}
	// A scale-invariant plane builds the tree of the points scaled by a
	// power of two (exactly) to where float64 squares neither underflow
	// nor overflow, and scales it back.
	k, err := sp.Normalize(pts)
	if err != nil {
		return nil, fmt.Errorf("sll: %w", err)
	}
	if k != 0 {
		t, err := Build(ScalePoints(pts, k), opt)
		if err != nil {
			return nil, pointsError(err, pts)
		}
		if err := t.Scale(-k); err != nil {
			return nil, err
		}
		t.Seconds = time.Since(start).Seconds()
		return t, nil
	}
	n := len(pts)
	// The vertices are allocated by concatenate, when the number of
	// Steiner points is known.
	t := &Tree{Space: sp.Name(), Solver: sp.Solver(), Terminals: n}
	if n < 2 {
		t.Vertices = append(make([]hyperbolic.Point, 0, n), pts...)
		t.Seconds = time.Since(start).Seconds()
		return t, nil
	}
	progress := func(stage string, total int) func(int) {
		if opt.Progress == nil {
			return nil
		}
		return func(done int) { opt.Progress(stage, done, total) }
	}

	t0 := time.Now()
	end := opt.stage("Delaunay triangulation")
	mesh, err := plane.Triangulate(sp.Plane(), pts, opt.Workers)
	if err != nil {
		return nil, pointsError(err, pts)
	}
	if err := mesh.Link(); err != nil {
		return nil, err
	}
	end()
	t.Stats.MeshEdges, t.Stats.Triangles = len(mesh.Edges), len(mesh.Triangles)
	if opt.KeepMesh {
		t.DelaunayEdges = mesh.Edges
	}
	t.Stats.DelaunaySeconds = time.Since(t0).Seconds()

	t0 = time.Now()
	end = opt.stage("minimum spanning tree")
	span := kruskal(sp, pts, mesh, opt.Workers)
	mesh.Edges, mesh.Faces = nil, nil // the full Steiner trees need the triangles and their sides only
	end()
	if len(span.edges) != n-1 {
		return nil, fmt.Errorf("sll: the triangulation's graph is not connected (%d of %d MST edges)", len(span.edges), n-1)
	}
	t.MSTLength = fsum.Sum(span.weights)
	t.Stats.MSTSeconds = time.Since(t0).Seconds()

	t0 = time.Now()
	cands := fullSteinerTrees(sp, pts, mesh, span, opt, &t.Stats, progress)
	t.Stats.FSTSeconds = time.Since(t0).Seconds()

	t0 = time.Now()
	end = opt.stage("concatenation")
	concatenate(t, sp, pts, cands, span, opt.Workers)
	end()
	t.Stats.ConcatSeconds = time.Since(t0).Seconds()
	if opt.Reoptimize {
		defer opt.stage("re-optimisation")()
		rt, rs, _, err := reoptimize(t, sp, ReoptOptions{}, true)
		if err != nil {
			return nil, err
		}
		rt.Stats, rt.DelaunayEdges = t.Stats, t.DelaunayEdges
		// Re-optimisation never lengthens the tree, which stops its
		// moves at rounding-level comparisons (positions settle to about
		// √eps); settling finishes them to the Fermat points exactly.
		rs.Unsettled = settle(rt, sp, nil)
		rt.Reopt = &rs
		t = rt
	}
	t.Seconds = time.Since(start).Seconds()
	return t, nil
}

// concatenate adds the candidates in order of increasing ratio, each when
// its terminals lie in distinct components, then the MST edges (Algorithm 1,
// steps 4–5). Which candidates and MST edges are taken is decided first,
// in order; the Steiner points of the 4-terminal ones are then refined and
// the edges measured on workers goroutines, each item on its own.
func concatenate(t *Tree, sp Space, pts []hyperbolic.Point, cands []candidate, span *spanningTree, workers int) {
	cands = byRatio(cands, workers)
	n := t.Terminals
	uf := unionfind.New(n)
	components := n
	var taken []int32 // indices of the candidates taken, in order
	for ci := range cands {
		if components == 1 {
			break
		}
		c := &cands[ci]
		k := int(c.n)
		var roots [4]int32
		distinct := true
		for i := 0; i < k && distinct; i++ {
			roots[i] = uf.Find(c.term[i])
			for j := 0; j < i; j++ {
				if roots[j] == roots[i] {
					distinct = false
					break
				}
			}
		}
		if !distinct {
			continue
		}
		for i := 1; i < k; i++ {
			uf.Union(c.term[0], c.term[i])
		}
		components -= k - 1
		taken = append(taken, int32(ci))
	}
	var mstTaken []int32 // MST edges taken, by index
	for i, e := range span.edges {
		if components == 1 {
			break
		}
		if uf.Union(e[0], e[1]) {
			components--
			mstTaken = append(mstTaken, int32(i))
		}
	}
	// The 4-terminal solver works on the coupled system directly; pass the
	// accepted tree's Steiner points once more through the space's Fermat
	// strategy, so that each is the strategy's answer for its three
	// neighbours (a certifying strategy then certifies these too). The
	// answers replace the direct ones only where they agree to rounding: a
	// coarse strategy (the paper's Simple stops at xtol relative to the
	// coordinates) must not spoil an accurate tree. A few alternation
	// rounds make a and b consistent to the last ulps (one round leaves a
	// behind the new b).
	parallel.For(len(taken), workers, func(_, k int) {
		c := &cands[taken[k]]
		if c.n != 4 {
			return
		}
		p, q, r, u := pts[c.term[0]], pts[c.term[1]], pts[c.term[2]], pts[c.term[3]]
		a, b := c.steiner[0], c.steiner[1]
		first := c.steiner[0] // the direct answer, which the rounds must agree with
		for round := 0; round < 8; round++ {
			na, st := sp.Fermat(p, q, b)
			if st != Found || !agrees(sp, na, first) {
				break
			}
			nb, st := sp.Fermat(r, u, na)
			if st != Found || !agrees(sp, nb, c.steiner[1]) {
				break
			}
			done := sameToUlps(na, a) && sameToUlps(nb, b)
			a, b = na, nb
			c.steiner[0], c.steiner[1] = a, b
			if done {
				break
			}
		}
	}, nil)
	steiner := 0
	for _, ci := range taken {
		steiner += int(cands[ci].n) - 2
	}
	t.Vertices = append(make([]hyperbolic.Point, 0, n+steiner), pts...)
	edges := n - 1 + steiner // a tree on the final vertices
	t.Edges = make([][2]int, 0, edges)
	for _, ci := range taken {
		c := &cands[ci]
		s := len(t.Vertices)
		t.Vertices = append(t.Vertices, c.steiner[0])
		if c.n == 3 {
			for i := 0; i < 3; i++ {
				t.Edges = append(t.Edges, [2]int{int(c.term[i]), s})
			}
			t.FST3++
			continue
		}
		t.Vertices = append(t.Vertices, c.steiner[1])
		t.Edges = append(t.Edges, [2]int{int(c.term[0]), s}, [2]int{int(c.term[1]), s}, [2]int{s, s + 1},
			[2]int{int(c.term[2]), s + 1}, [2]int{int(c.term[3]), s + 1})
		t.FST4++
	}
	steinerEdges := len(t.Edges)
	for _, i := range mstTaken {
		e := span.edges[i]
		t.Edges = append(t.Edges, [2]int{int(e[0]), int(e[1])})
	}
	t.EdgeLengths = make([]float64, len(t.Edges))
	parallel.Blocks(len(t.Edges), workers, func(_, lo, hi int) {
		// The terminals lie scattered: load a block's ends first.
		var ends [parallel.Chunk][2]hyperbolic.Point
		for i := lo; i < min(hi, steinerEdges); i++ {
			e := t.Edges[i]
			ends[i-lo] = [2]hyperbolic.Point{t.Vertices[e[0]], t.Vertices[e[1]]}
		}
		for i := lo; i < hi; i++ {
			if i < steinerEdges {
				t.EdgeLengths[i] = sp.Dist(ends[i-lo][0], ends[i-lo][1])
			} else {
				t.EdgeLengths[i] = span.weights[mstTaken[i-steinerEdges]]
			}
		}
	}, nil)
	t.Length = fsum.Sum(t.EdgeLengths)
}

// byRatio returns the candidates in increasing order of ratio, then of
// the number of terminals, then of the terminals: a radix sort of the
// ratios' bits on workers goroutines (positive floats order as their bit
// patterns), the rare runs of equal ratios ordered by the rest.
func byRatio(cands []candidate, workers int) []candidate {
	keys := make([]uint64, len(cands))
	for i, c := range cands {
		keys[i] = math.Float64bits(c.ratio)
	}
	order := radix.OrderWorkers(keys, workers) // keys now sorted
	radix.OrderTies(keys, order, func(i, j int32) int {
		a, b := &cands[i], &cands[j]
		return cmp.Or(cmp.Compare(a.n, b.n), slices.Compare(a.term[:], b.term[:]))
	})
	// Put cands[order[k]] at k in place, cycle by cycle; order marks the
	// places done with −1.
	for k := range order {
		if order[k] < 0 {
			continue
		}
		tmp := cands[k]
		j := k
		for {
			src := order[j]
			order[j] = -1
			if int(src) == k {
				cands[j] = tmp
				break
			}
			cands[j] = cands[src]
			j = int(src)
		}
	}
	return cands
}

// agreeUlps scales the chart's resolution in agrees: two computations of
// one Steiner point agree when they are this many units of roundoff apart.
const agreeUlps = 16

// eps is the unit roundoff of float64.
const eps = 0x1p-53

// agrees reports whether two computations of one Steiner point coincide to
// rounding: within agreeUlps units of roundoff of the chart's resolution
// there.
func agrees(sp Space, x, y hyperbolic.Point) bool {
	return sp.Dist(x, y) <= agreeUlps*eps*(sp.Resolution(x)+sp.Resolution(y))
}

// sameToUlps reports whether two points differ by at most two units in the
// last place of their largest coordinate: the noise of a Fermat solve.
func sameToUlps(x, y hyperbolic.Point) bool {
	m := max(math.Abs(x.X), math.Abs(x.Y), math.Abs(y.X), math.Abs(y.Y))
	ulp := math.Nextafter(m, math.Inf(1)) - m
	return math.Abs(x.X-y.X) <= 2*ulp && math.Abs(x.Y-y.Y) <= 2*ulp
}
