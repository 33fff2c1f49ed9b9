package efst

import (
	"math"
	"runtime"
	"time"

	"github.com/hypersteiner/hypersteiner/exact/fstcat"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/cputime"
	"github.com/hypersteiner/hypersteiner/internal/fsum"
)

// Tree is a Steiner tree of Euclidean terminals with its certificate.
type Tree struct {
	// Terminals is the number of terminals; Vertices holds them in input
	// order, then the Steiner points (each the float64 nearest to the exact
	// point).
	Terminals int
	Vertices  []hyperbolic.Point
	// Edges join vertex indices; EdgeLengths are the Euclidean lengths of
	// the edges between the float64 vertices (zero when a Steiner point
	// within rounding of a neighbour rounds onto it; the exact tree has no
	// edge of length zero).
	Edges       [][2]int
	EdgeLengths []float64
	// Length is the sum of EdgeLengths. The exact tree (exact Steiner
	// points) has a length in [Σ Lo, UpperBound] of its FSTs' enclosures.
	Length, UpperBound float64
	// LowerBound is a certified lower bound on the length of a Steiner
	// minimal tree of the terminals.
	LowerBound float64
	// Status says whether the concatenation proved optimality (within
	// Options.RelGap) or stopped at a limit.
	Status fstcat.Status
	// Certified counts the Steiner points proved, in exact arithmetic, to
	// meet their three neighbours at 120°.
	Certified int
	// MSTLength is the length of a minimum spanning tree.
	MSTLength float64
	// FSTs counts the full Steiner trees offered to the concatenation,
	// Stats the generation's work; Nodes, Cuts and RootBound the
	// concatenation's branch-and-bound nodes, subtour cuts and root LP
	// bound (certified).
	FSTs        int
	Stats       Stats
	Nodes, Cuts int
	RootBound   float64
	// GenSeconds and ConcatSeconds are the wall-clock times of the two
	// stages, GenCPU and ConcatCPU their CPU times (the calling thread's,
	// which does all the work; 0 where the system cannot tell).
	GenSeconds, ConcatSeconds float64
	GenCPU, ConcatCPU         float64
}

// Gap returns (UpperBound − LowerBound)/UpperBound: the certified relative
// distance to optimality.
func (t *Tree) Gap() float64 {
	if t.UpperBound == 0 {
		return 0
	}
	return max(t.UpperBound-t.LowerBound, 0) / t.UpperBound
}

// SteinerPoints returns the number of Steiner points.
func (t *Tree) SteinerPoints() int { return len(t.Vertices) - t.Terminals }

// Solve computes a Steiner minimal tree of the Euclidean terminals pts:
// Generate, then fstcat.Solve on the FSTs, then the tree of the chosen
// FSTs with exact Steiner points.
func Solve(pts []hyperbolic.Point, opt Options) (*Tree, error) {
	if err := checkPoints(pts); err != nil {
		return nil, err
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start := time.Now()
	c0, _ := cputime.Thread()
	g := newGen(pts, opt)
	g.run()
	n := len(pts)
	g.stats.EqPoints = len(g.eq)
	t := &Tree{Terminals: n, Vertices: append([]hyperbolic.Point(nil), pts...), Stats: g.stats,
		MSTLength: g.mst.length.mid()}
	var fsts []FST
	prob := fstcat.Problem{N: n}
	for i := range g.fsts {
		if g.dropped[i] {
			continue
		}
		f := g.fsts[i]
		fsts = append(fsts, f)
		prob.FSTs = append(prob.FSTs, fstcat.FST{Terminals: f.Terminals, Length: f.Length, Lo: f.Lo, Hi: f.Hi})
	}
	t.FSTs = len(fsts)
	t.GenSeconds = time.Since(start).Seconds()
	c1, _ := cputime.Thread()
	t.GenCPU = c1 - c0
	if n == 1 {
		t.Status = fstcat.Optimal
		t.MSTLength = 0
		return t, nil
	}
	copt := fstcat.Options{TimeLimit: opt.TimeLimit, MaxNodes: opt.MaxNodes, RelGap: opt.RelGap}
	if opt.Progress != nil {
		opt.Progress("concat", 0, 0) // the generation is over
		copt.Progress = func(p fstcat.Progress) { opt.Progress("concat", p.Nodes, 0) }
	}
	if opt.TimeLimit > 0 {
		// What the generation left of the limit; when nothing, the
		// concatenation still returns its first (greedy) tree.
		copt.TimeLimit = max(opt.TimeLimit-time.Since(start), 1)
	}
	r, err := fstcat.Solve(prob, copt)
	if err != nil {
		return nil, err
	}
	t.Status, t.LowerBound, t.UpperBound = r.Status, r.LowerBound, r.UpperBound
	t.Nodes, t.Cuts, t.RootBound, t.ConcatSeconds = r.Nodes, r.Cuts, r.RootBound, r.Seconds
	c2, _ := cputime.Thread()
	t.ConcatCPU = c2 - c1
	for _, j := range r.Chosen {
		g.addToTree(t, &fsts[j])
	}
	t.Length = fsum.Sum(t.EdgeLengths)
	return t, nil
}

// addToTree appends an FST's Steiner points and edges to t, with the
// Steiner points computed exactly, rounded to float64, and their 120°
// condition proved.
func (g *gen) addToTree(t *Tree, f *FST) {
	base := len(t.Vertices)
	nt := len(f.Terminals)
	vertex := func(v int) int {
		if v < nt {
			return f.Terminals[v]
		}
		return base + v - nt
	}
	if f.eqp >= 0 {
		x := g.exactBuild(f.root, f.eqp)
		// Map the exact tree's vertices (construction order) to f's
		// numbering: terminals by index, Steiner points in order.
		for _, s := range x.steiner {
			t.Vertices = append(t.Vertices, hyperbolic.Point{X: s.x.float64(), Y: s.y.float64()})
		}
		nb := make([][]*qpt, len(x.verts))
		pos := func(v int32) *qpt {
			if u := x.verts[v]; u >= 0 {
				return g.exactE(u)
			}
			return x.steiner[steinerOrdinal(x.verts, v)]
		}
		for _, e := range x.edges {
			nb[e[0]] = append(nb[e[0]], pos(e[1]))
			nb[e[1]] = append(nb[e[1]], pos(e[0]))
		}
		for v, u := range x.verts {
			if u < 0 && len(nb[v]) == 3 && meets120(pos(int32(v)), [3]*qpt{nb[v][0], nb[v][1], nb[v][2]}) {
				t.Certified++
			}
		}
	}
	for _, e := range f.Edges {
		a, b := vertex(e[0]), vertex(e[1])
		t.Edges = append(t.Edges, [2]int{a, b})
		p, q := t.Vertices[a], t.Vertices[b]
		t.EdgeLengths = append(t.EdgeLengths, math.Hypot(p.X-q.X, p.Y-q.Y))
	}
}

// steinerOrdinal returns the rank of Steiner vertex v among the Steiner
// vertices of verts.
func steinerOrdinal(verts []int32, v int32) int {
	s := 0
	for _, w := range verts[:v] {
		if w < 0 {
			s++
		}
	}
	return s
}
