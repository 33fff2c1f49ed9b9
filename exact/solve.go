package exact

import (
	"cmp"
	"container/heap"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/fsum"
	"github.com/hypersteiner/hypersteiner/mst"
	"github.com/hypersteiner/hypersteiner/plane"
	"github.com/hypersteiner/hypersteiner/relax"
	"github.com/hypersteiner/hypersteiner/sll"
	"github.com/hypersteiner/hypersteiner/treecert"
)

// Options configure Solve.
type Options struct {
	// Space is sll.Hyperbolic(solver) (Klein coordinates) or
	// sll.Euclidean().
	Space sll.Space
	// MaxNodes, when positive, stops the search after that many
	// topologies; the result then says Complete = false and its lower
	// bound covers the topologies left unexplored. (Concatenation: no
	// subset search starts once that many topologies were relaxed; the
	// subsets left are covered by the bound of their largest proper
	// subsets. EFST: the concatenation's branch-and-bound nodes.)
	MaxNodes int
	// TimeLimit, when positive, stops the search after about that long,
	// the same way as MaxNodes: BranchAndBound checks the clock every
	// few topologies, Concatenation before each subset search, EFST in
	// its concatenation (its generation always runs to the end). The
	// certification of the result comes on top.
	//
	// BranchAndBound searches depth first for the first three quarters
	// of MaxNodes and TimeLimit; when they stop it, it spends the last
	// quarter best first, on the open topology of least lower bound, to
	// raise the bound it reports (and it may still finish the search).
	TimeLimit time.Duration
	// NoCertify skips the certification of the result's Steiner points.
	NoCertify bool
	// StaticOrder makes BranchAndBound (and Concatenation's subset
	// searches) insert the terminals in one fixed order, farthest first,
	// as Smith's algorithm does, instead of choosing the terminal at each
	// topology by trying them all (strong branching, the default; see the
	// package documentation). For comparisons: both give the same tree.
	StaticOrder bool
	// NoHeuristic starts the search from the minimum spanning tree instead
	// of the SLL heuristic's tree (for tests of the search itself).
	NoHeuristic bool
	// Method is BranchAndBound (the zero value), Concatenation or EFST
	// (Euclidean plane only). Euclidean inputs of more than MaxTerminals
	// terminals are solved by EFST whatever the Method.
	Method Method
	// Progress, when not nil, is told how far the search is (calls are
	// serialised): "branch and bound" counts the topologies relaxed (total
	// 0: not known in advance), "subsets" the subsets of Concatenation out
	// of 2ⁿ − 1, StageGenerate and StageConcat the stages of EFST; then
	// the certification reports its stages (see
	// treecert.Options.Progress).
	Progress func(stage string, done, total int)
}

// progressEvery is how many topologies or subsets pass between two
// Progress calls.
const progressEvery = 256

// tightenShare: a stopped search spends the last 1/tightenShare of its
// limits (Options.MaxNodes, Options.TimeLimit) raising its lower bound
// best first (tighten).
const tightenShare = 4

// clockEvery is how many topologies pass between two looks at the clock
// (Options.TimeLimit).
const clockEvery = 64

// Result is a Steiner minimal tree with the evidence of its optimality.
type Result struct {
	// Method is the method that found the tree.
	Method Method
	// Tree is the tree: terminals first (input order), then Steiner
	// points; Solver "exact".
	Tree *sll.Tree
	// LowerBound is a lower bound of the length of every Steiner tree of
	// the terminals (see the package documentation): Tree.Length −
	// LowerBound bounds how far the tree can be from optimal. For
	// Concatenation it is the least concatenation of the lower bounds of
	// all full topologies that passed the length tests (degenerate,
	// undecided and lune- or bottleneck-failed ones included) and of the
	// pairs that passed the exact tests.
	LowerBound float64
	// Complete is false when MaxNodes or TimeLimit stopped the search
	// (EFST: when its concatenation did not close the gap to within
	// fstcat.DefaultRelGap).
	Complete bool
	// Nodes counts the topologies relaxed, Pruned those discarded by their
	// lower bound with all their extensions, Leaves the full topologies of
	// all terminals relaxed to the end. The Concatenation method sums
	// them over the searches of all subsets (Leaves: full topologies of a
	// subset relaxed to the end).
	Nodes, Pruned, Leaves int
	// Inherited counts the topologies discarded without relaxing them:
	// a terminal inserted into an edge where, one level up, inserting it
	// was pruned.
	Inherited int
	// Sweeps counts descent iterations, FermatSolves the 3-point solves.
	Sweeps, FermatSolves int
	// Certified counts the Steiner points proved to be the Fermat point of
	// their three neighbours (package certify, hyperbolic plane; the ψ
	// system of the Euclidean plane); Uncertified those whose proof failed
	// or was not attempted.
	Certified, Uncertified int
	// Heuristic is the length of the starting tree (SLL with local
	// re-optimisation, or the MST; EFST: the MST); Concatenation uses it
	// to bound the full topologies of all terminals.
	Heuristic float64
	Seconds   float64
	// FST holds what the Concatenation method did, EFST what the EFST
	// method did (zero for the other methods).
	FST  FSTStats
	EFST EFSTStats
}

// Gap returns Tree.Length − LowerBound relative to the length (0 for a
// tree of length 0).
func (r *Result) Gap() float64 {
	if r.Tree.Length == 0 {
		return 0
	}
	return (r.Tree.Length - r.LowerBound) / r.Tree.Length
}

type stats struct {
	Nodes, Pruned, Leaves, Sweeps, FermatSolves, Inherited int
}

type workspace struct {
	res [][2]float64
	// clusters' least indices and members (by least index), and each
	// Steiner point's place in the component newton steps (−1: none).
	root    []int32
	members [][]int32
	loc     []int32
	g, h    []float64
	d       []float64
	// radius's scratch keys, its last result with the positions and
	// level it was computed at, and each point's farthest terminal there
	// (an index into the insertion order).
	keys      []float64
	radius    float64
	radiusAt  []hyperbolic.Point
	radiusOrd []int32
	far       []int32
	// smoothEval's edge distances, and whether they are those of the
	// current positions.
	dists     []float64
	distsHere bool
	old       []hyperbolic.Point // smoothNewton's positions before a step
	// solveTree's elimination order, parents and pivot blocks.
	order, parent []int32
	pivot         [][4]float64
	rw            relax.Work
}

type solver struct {
	g     geom
	term  []hyperbolic.Point
	ord   []int32 // insertion order
	ub    float64 // incumbent length (or the heuristic's, slightly raised)
	best  *node
	lbMin float64 // least lower bound of the full topologies not pruned
	limit int
	// deadline is when Options.TimeLimit stops the search (zero: never).
	deadline time.Time
	scale    float64 // the terminals' diameter
	stop     bool
	stats    stats
	work     workspace
	cands    []*node // full topologies kept by retain (Concatenation)
	// keepTies: a subset search of Concatenation, whose full topologies
	// go to retain instead of leaf.
	keepTies bool
	progress func(stage string, done, total int) // Options.Progress
	// static: insert the terminals in the order ord (Options.StaticOrder).
	static bool
	// open: the nodes a stopped search left unexplored (expand, tighten).
	open []*node
}

// Solve computes a Steiner minimal tree of the points (at most
// MaxTerminalsIn(space), distinct, valid in the space) by branch and bound
// over full Steiner topologies, by concatenating full Steiner trees of
// subsets, or in the Euclidean plane by GeoSteiner's method
// (Options.Method; see the package documentation).
func Solve(pts []hyperbolic.Point, opt Options) (*Result, error) {
	start := time.Now()
	g, err := newGeom(opt.Space)
	if err != nil {
		return nil, err
	}
	euclid := opt.Space.Plane() == plane.Euclidean
	switch {
	case opt.Method != BranchAndBound && opt.Method != Concatenation && opt.Method != EFST:
		return nil, fmt.Errorf("%w: %v", ErrMethod, opt.Method)
	case opt.Method == EFST && !euclid:
		return nil, fmt.Errorf("%w: efst solves the Euclidean plane only, not the %s one", ErrMethod, opt.Space.Name())
	}
	if err := checkTerminals(g, pts); err != nil {
		return nil, err
	}
	if opt.Method == Concatenation && len(pts) > MaxTerminals {
		return nil, &TooManyError{N: len(pts), Max: MaxTerminals, Plane: g.sp.Name(), Method: "fst"}
	}
	// A scale-invariant plane solves the points scaled by a power of two
	// (exactly) to where float64 squares neither underflow nor overflow.
	k, err := opt.Space.Normalize(pts)
	if err != nil {
		return nil, &PointError{Index: -1, Dup: -1, Err: err}
	}
	if k != 0 {
		r, err := Solve(sll.ScalePoints(pts, k), opt)
		if err != nil {
			return nil, err
		}
		if err := r.scale(-k); err != nil {
			return nil, err
		}
		return r, nil
	}
	if opt.Space.EuclideanAt(pts) {
		return solveFlat(pts, opt, start)
	}
	n := len(pts)
	if n < 3 {
		m, err := mstLength(g, pts)
		if err != nil {
			return nil, err
		}
		r := trivial(g, pts, m, start)
		r.Method = opt.Method
		return r, nil
	}
	if euclid && (opt.Method == EFST || n > MaxTerminals) {
		return solveEFST(g, pts, opt, start)
	}
	mst, err := mstLength(g, pts)
	if err != nil {
		return nil, err
	}
	if opt.Method == Concatenation {
		return solveConcat(g, pts, opt, mst, start)
	}
	// Depth first takes the first three quarters of the limits, and
	// tighten, when they stop it, the rest.
	s := &solver{g: g, term: slices.Clone(pts), lbMin: math.Inf(1), progress: opt.Progress}
	var deadline time.Time
	if opt.MaxNodes > 0 {
		s.limit = max(1, opt.MaxNodes-opt.MaxNodes/tightenShare)
	}
	if opt.TimeLimit > 0 {
		deadline = start.Add(opt.TimeLimit)
		s.deadline = start.Add(opt.TimeLimit - opt.TimeLimit/tightenShare)
	}
	res := &Result{Method: BranchAndBound, Complete: true}
	res.Heuristic = mst
	var heur *sll.Tree
	if !opt.NoHeuristic {
		if h, err := heuristic(g, pts); err == nil && h.Length < res.Heuristic {
			heur, res.Heuristic = h, h.Length
		}
	}
	// A little above the heuristic's length, so that an optimal topology
	// matching it still becomes the incumbent (pruning against a bound
	// above the optimum is still safe).
	s.ub = res.Heuristic * (1 + 1e-9)
	s.ord = insertionOrder(g, pts)
	s.static = opt.StaticOrder
	s.scale = g.dist(pts[s.ord[0]], pts[s.ord[1]])

	root := &node{ord: slices.Clone(s.ord[:3])}
	nn := int32(n)
	root.edges = [][2]int32{{s.ord[0], nn}, {s.ord[1], nn}, {s.ord[2], nn}}
	root.nbr = [][3]int32{{s.ord[0], s.ord[1], s.ord[2]}}
	c, ok := g.minimiser([3]hyperbolic.Point{pts[s.ord[0]], pts[s.ord[1]], pts[s.ord[2]]})
	if !ok {
		c = pts[s.ord[0]]
	}
	root.st = []hyperbolic.Point{c}
	s.stats.Nodes++
	if s.relax(root, n == 3) {
		s.stats.Pruned++
	} else if n == 3 {
		s.leaf(root)
	} else {
		s.expand(root)
	}
	if s.stop {
		s.tighten(opt.MaxNodes, deadline)
	}
	for _, p := range s.open {
		s.lbMin = min(s.lbMin, p.lb)
	}
	if s.best == nil && s.stop {
		s.dive(root)
	}
	if s.best == nil {
		return nil, errors.New("exact: internal error: no tree found")
	}
	res.Complete = !s.stop
	s.polish(s.best)
	t := s.tree(s.best)
	res.LowerBound = min(s.lbMin, s.best.lb, t.Length)
	if s.stop {
		t = shorterHeuristic(g, heur, t, &res.LowerBound)
	}
	t.MSTLength = mst
	res.Tree = t
	res.Nodes, res.Pruned, res.Leaves = s.stats.Nodes, s.stats.Pruned, s.stats.Leaves
	res.Inherited = s.stats.Inherited
	res.Sweeps, res.FermatSolves = s.stats.Sweeps, s.stats.FermatSolves
	if s.progress != nil {
		s.progress("branch and bound", s.stats.Nodes, 0)
	}
	return res.finish(opt, start)
}

// scale multiplies the result's lengths and coordinates by 2^k.
func (r *Result) scale(k int) error {
	if err := r.Tree.Scale(k); err != nil {
		return err
	}
	r.LowerBound = math.Ldexp(r.LowerBound, k)
	r.Heuristic = math.Ldexp(r.Heuristic, k)
	return nil
}

// solveFlat solves an instance on which the plane is Euclidean to float64
// precision (plane.Plane.EuclideanAt: tiny hyperbolic instances, whose
// squared distances underflow) in the Euclidean plane, then moves the
// Steiner points to the Fermat points of the plane and measures the tree
// there. The Euclidean lower bound is a lower bound in the plane, whose
// distances are never shorter than the Euclidean ones; the gap it leaves
// is the plane's deviation from the Euclidean one, below float64's
// resolution.
func solveFlat(pts []hyperbolic.Point, opt Options, start time.Time) (*Result, error) {
	sp := opt.Space
	eopt := opt
	eopt.Space, eopt.NoCertify = sll.Euclidean(), true
	r, err := Solve(pts, eopt)
	if err != nil {
		return nil, err
	}
	t := r.Tree
	t.Space = sp.Name()
	sll.Settle(t, sp)
	t.Measure(sp)
	g, err := newGeom(sp)
	if err != nil {
		return nil, err
	}
	if t.MSTLength, err = mstLength(g, pts); err != nil {
		return nil, err
	}
	r.LowerBound = min(r.LowerBound, t.Length)
	r.Heuristic = max(r.Heuristic, t.Length)
	return r.finish(opt, start)
}

// finish certifies the tree (unless opt.NoCertify) and records the time.
func (r *Result) finish(opt Options, start time.Time) (*Result, error) {
	r.Certified, r.Uncertified = 0, r.Tree.SteinerPoints()
	if !opt.NoCertify {
		if err := r.certify(opt.Progress); err != nil {
			return nil, err
		}
	}
	r.Tree.Seconds = time.Since(start).Seconds()
	r.Seconds = r.Tree.Seconds
	return r, nil
}

// certify proves the tree's claims (treecert.SelfCheck, which records in
// Tree.Unproved what it could not prove) and counts the Steiner points
// proved at the default tolerance.
func (r *Result) certify(progress func(stage string, done, total int)) error {
	rep, err := treecert.SelfCheck(r.Tree, treecert.Options{Workers: 1, SkipAngles: true, Progress: progress})
	if err != nil {
		return err
	}
	if !rep.OK {
		return fmt.Errorf("exact: internal error: the tree fails its own check: %s", rep.Summary())
	}
	r.Uncertified = len(r.Tree.Unproved)
	r.Certified = r.Tree.SteinerPoints() - r.Uncertified
	return nil
}

// checkTerminals rejects too many terminals, points not in the space and
// repeated points.
func checkTerminals(g geom, pts []hyperbolic.Point) error {
	if m := MaxTerminalsIn(g.sp); len(pts) > m {
		return &TooManyError{N: len(pts), Max: m, Plane: g.sp.Name()}
	}
	for i, p := range pts {
		if err := g.sp.Check(p); err != nil {
			return &PointError{Index: i, Dup: -1, Err: err}
		}
		for j := 0; j < i; j++ {
			if pts[j] == p {
				return &PointError{Index: i, Dup: j, Err: ErrDuplicate}
			}
		}
	}
	return nil
}

// trivial is the result for fewer than 3 terminals: no Steiner point.
func trivial(g geom, pts []hyperbolic.Point, mst float64, start time.Time) *Result {
	n := len(pts)
	t := &sll.Tree{Space: g.sp.Name(), Solver: "exact", Terminals: n, Vertices: slices.Clone(pts), MSTLength: mst}
	if n == 2 {
		t.Edges = [][2]int{{0, 1}}
		t.EdgeLengths = []float64{g.dist(pts[0], pts[1])}
	}
	t.Length = fsum.Sum(t.EdgeLengths)
	res := &Result{Complete: true, Tree: t, LowerBound: t.Length, Heuristic: t.Length}
	t.Seconds = time.Since(start).Seconds()
	res.Seconds = t.Seconds
	return res
}

// expand searches the topologies below p depth first: it branches on p
// and searches the children not pruned, least relaxed length first. The
// full topologies reached go to leaf, or, in a subset search of the
// Concatenation method (keepTies), to retain, which keeps every one that
// may tie with the best. When the search stops, the nodes it leaves
// unexplored go to s.open (see tighten).
func (s *solver) expand(p *node) {
	kids, ok := s.branch(p)
	if !ok {
		s.open = append(s.open, p)
		return
	}
	for _, c := range kids {
		if s.stop {
			s.open = append(s.open, c)
			continue
		}
		if s.prune(c) {
			continue
		}
		s.expand(c)
	}
}

// prune reports whether c can be discarded: the incumbent may have
// improved since c was relaxed.
func (s *solver) prune(c *node) bool {
	if c.lb >= s.ub || (c.f >= s.ub && s.relax(c, false)) {
		s.stats.Pruned++
		return true
	}
	return false
}

// branch chooses a terminal t that p does not hold and relaxes the
// children of p (t inserted into each edge); it returns those not pruned
// that are not full topologies (the full ones go to leaf or retain),
// sorted by relaxed length. ok is false when the search stopped (MaxNodes
// or TimeLimit) before p was branched on.
//
// The terminal is chosen by trying each (strong branching; with
// s.static, the next of the fixed order): the one whose unpruned children
// are the fewest and nearest the incumbent, by the sum over them of the
// incumbent minus their relaxed length. Trying stops at a terminal that
// leaves at most one. Each tried
// terminal's surviving edges are passed on to the children (node.allow),
// where inserting it into an edge whose image in p was pruned is
// discarded unrelaxed (see the package documentation).
func (s *solver) branch(p *node) (kids []*node, ok bool) {
	leaf := len(p.ord)+1 == len(s.term)
	cands := s.missing(p, !s.static && !leaf)
	// alive[t]: the edges of p where inserting t may survive.
	alive := make([]uint64, len(s.term))
	for _, t := range cands {
		alive[t] = ^uint64(0)
		if p.allow != nil {
			alive[t] = p.allow[t]
		}
	}
	var chosen int32
	best := math.Inf(1)
	for i, t := range cands {
		ord := append(slices.Clone(p.ord), t)
		var these []*node
		// score: how far the children left are below the incumbent, summed.
		score := 0.0
		for e := range p.edges {
			if alive[t]&(1<<e) == 0 {
				s.stats.Inherited++
				continue
			}
			if s.limited() {
				s.stop = true
				return nil, false
			}
			c := s.child(p, e, t, ord)
			s.stats.Nodes++
			if s.progress != nil && s.stats.Nodes%progressEvery == 0 {
				s.progress("branch and bound", s.stats.Nodes, 0)
			}
			if s.relax(c, leaf) {
				s.stats.Pruned++
				alive[t] &^= 1 << e
				continue
			}
			if leaf {
				if s.keepTies {
					s.retain(c)
				} else {
					s.leaf(c)
				}
				continue
			}
			c.at = e
			these = append(these, c)
			score += s.ub - c.f
		}
		if i == 0 || score < best {
			kids, best, chosen = these, score, t
		}
		if len(kids) <= 1 {
			break
		}
	}
	s.inherit(p, kids, cands, chosen, alive)
	slices.SortStableFunc(kids, func(a, b *node) int { return cmp.Compare(a.f, b.f) })
	return kids, true
}

// tighten goes on from where the depth-first search stopped, best first:
// it branches on the open node of least lower bound until the limits
// (limit topologies in all, the deadline) stop it again, maxOpen nodes
// are open, or none is left — then the search is complete. Depth first
// leaves open the siblings of every node on its path, the shallow ones
// far below the optimum; the bound of a stopped search is the least of
// theirs, and best first raises it where depth first would not.
func (s *solver) tighten(limit int, deadline time.Time) {
	s.stop = false
	s.limit, s.deadline = limit, deadline
	h := &openHeap{nodes: s.open}
	s.open = nil
	heap.Init(h)
	for h.Len() > 0 && h.Len() < maxOpen {
		p := heap.Pop(h).(*node)
		if s.prune(p) {
			continue
		}
		kids, ok := s.branch(p)
		if !ok {
			heap.Push(h, p)
			break
		}
		for _, c := range kids {
			if !s.prune(c) {
				heap.Push(h, c)
			}
		}
	}
	s.stop = h.Len() > 0
	s.open = h.nodes
}

// maxOpen caps the nodes tighten keeps open: at 32 terminals a node's
// slices hold about 1.7 KB (30 Steiner points, 61 edges, a mask per
// terminal), so about 0.5 GB in all.
const maxOpen = 1 << 18

// openHeap orders open nodes by lower bound, least first.
type openHeap struct{ nodes []*node }

func (h *openHeap) Len() int           { return len(h.nodes) }
func (h *openHeap) Less(i, j int) bool { return h.nodes[i].lb < h.nodes[j].lb }
func (h *openHeap) Swap(i, j int)      { h.nodes[i], h.nodes[j] = h.nodes[j], h.nodes[i] }
func (h *openHeap) Push(x any)         { h.nodes = append(h.nodes, x.(*node)) }
func (h *openHeap) Pop() any {
	n := h.nodes[len(h.nodes)-1]
	h.nodes = h.nodes[:len(h.nodes)-1]
	return n
}

// inherit gives each child c of p (the terminal chosen inserted into p's
// edge c.at) the edges where inserting another terminal t may survive:
// c's edges are p's, with edge c.at split into itself and edge m, plus
// the new leaf's edge m + 1. Deleting the chosen terminal from c with t
// inserted into edge e' leaves p with t inserted into e' (e' < m, e' ≠
// c.at) or into c.at (e' ∈ {c.at, m, m + 1}), and deleting a leaf never
// lengthens the relaxed tree: where that was pruned, so is this.
func (s *solver) inherit(p *node, kids []*node, cands []int32, chosen int32, alive []uint64) {
	if s.static {
		return
	}
	m := len(p.edges)
	for _, c := range kids {
		c.allow = make([]uint64, len(s.term))
		for _, t := range cands {
			if t == chosen {
				continue
			}
			a := alive[t] &^ (1<<m | 1<<(m+1))
			if a&(1<<c.at) != 0 {
				a |= 1<<m | 1<<(m+1)
			}
			c.allow[t] = a
		}
	}
}

// missing returns the terminals p does not hold, in the fixed order: all
// of them, or only the first.
func (s *solver) missing(p *node, all bool) []int32 {
	var ts []int32
	for _, t := range s.ord {
		if !slices.Contains(p.ord, t) {
			ts = append(ts, t)
			if !all {
				break
			}
		}
	}
	return ts
}

// limited reports whether Options.MaxNodes or Options.TimeLimit stops
// the search.
func (s *solver) limited() bool {
	if s.limit > 0 && s.stats.Nodes >= s.limit {
		return true
	}
	return !s.deadline.IsZero() && s.stats.Nodes%clockEvery == 0 && time.Now().After(s.deadline)
}

// leaf takes a relaxed full topology of all terminals: a new incumbent if
// shorter; the lower bounds of the others join the search's. A topology
// near the incumbent (its bound below it) is polished first: the smoothed
// length can exceed the exact minimum by up to mε.
func (s *solver) leaf(c *node) {
	s.stats.Leaves++
	if c.f >= s.ub && c.lb < s.ub {
		s.polish(c)
	}
	if c.f < s.ub {
		old := s.best
		s.ub, s.best = c.f, c
		if old != nil {
			s.settle(old)
		}
		return
	}
	s.lbMin = min(s.lbMin, c.lb)
}

// settle adds the bound of a former incumbent to the search's, polished
// first when it is below the new incumbent, so that its bound becomes the
// exact subgradient bound instead of the smoothed one.
func (s *solver) settle(c *node) {
	if c.lb < s.ub {
		s.polish(c)
	}
	s.lbMin = min(s.lbMin, c.lb)
}

// dive finds some full topology when the search stopped (MaxNodes) before
// reaching one: from p it follows, level by level, the child of least
// relaxed length.
func (s *solver) dive(p *node) {
	saved := s.ub
	s.ub = math.Inf(1)
	for len(p.ord) < len(s.term) {
		var best *node
		t := s.missing(p, false)[0]
		ord := append(slices.Clone(p.ord), t)
		for e := range p.edges {
			c := s.child(p, e, t, ord)
			s.relax(c, len(c.ord) == len(s.term))
			if best == nil || c.f < best.f {
				best = c
			}
		}
		p = best
	}
	s.ub = min(saved, p.f)
	s.best = p
}

// polish settles the incumbent exactly: Gauss–Seidel sweeps (which shrink
// degenerate edges to exactly zero), clusters of coincident points moved
// together (snap) and Newton steps on the rest, until
// the length meets its subgradient lower bound (lower) or stops
// decreasing; the tighter of that bound and the smoothed one is kept.
func (s *solver) polish(nd *node) {
	prev, stall := math.Inf(1), 0
	for it := 0; it < 200 && stall < 4; it++ {
		s.sweep(nd)
		s.snap(nd)
		s.newton(nd)
		nd.f = s.length(nd)
		nd.lb = max(nd.lb, s.lower(nd))
		if nd.f-nd.lb <= convergedGap*nd.f {
			return
		}
		if nd.f < prev {
			stall = 0
		} else {
			stall++
		}
		prev = nd.f
	}
}

// insertionOrder starts with the two terminals farthest apart and then
// takes, each time, the terminal farthest from those taken: spread-out
// first terminals make long partial trees, which prune early.
func insertionOrder(g geom, pts []hyperbolic.Point) []int32 {
	n := len(pts)
	a, b, far := 0, 1, -1.0
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if d := g.dist(pts[i], pts[j]); d > far {
				a, b, far = i, j, d
			}
		}
	}
	ord := []int32{int32(a), int32(b)}
	taken := make([]bool, n)
	taken[a], taken[b] = true, true
	for len(ord) < n {
		best, bestD := -1, -1.0
		for i := 0; i < n; i++ {
			if taken[i] {
				continue
			}
			d := math.Inf(1)
			for _, j := range ord {
				d = min(d, g.dist(pts[i], pts[j]))
			}
			if d > bestD {
				best, bestD = i, d
			}
		}
		taken[best] = true
		ord = append(ord, int32(best))
	}
	return ord
}

// heuristic returns the SLL tree (4-terminal full trees) after local
// re-optimisation; its length bounds the search.
func heuristic(g geom, pts []hyperbolic.Point) (*sll.Tree, error) {
	t, err := sll.Build(pts, sll.Options{Space: g.sp, Workers: 1})
	if err != nil {
		return nil, err
	}
	r, _, err := sll.Reoptimize(t, g.sp, sll.ReoptOptions{})
	if err != nil {
		return t, nil
	}
	return r, nil
}

// shorterHeuristic returns the heuristic's tree h (nil: none), settled to
// the Fermat points as Build settles a re-optimised tree, when it is
// shorter than t, the best tree of a search that stopped early, and t
// otherwise; the lower bound, which covers every tree, is capped at the
// returned tree's length.
func shorterHeuristic(g geom, h, t *sll.Tree, lower *float64) *sll.Tree {
	if h == nil {
		return t
	}
	sll.Settle(h, g.sp)
	if h.Length >= t.Length {
		return t
	}
	h.Solver = "exact"
	h.Reopt, h.Stats = nil, sll.Stats{}
	h.FST3, h.FST4, _ = h.FullComponents()
	*lower = min(*lower, h.Length)
	return h
}

// mstLength is the length of the minimum spanning tree (package mst).
//
// Distinct valid terminals that the plane still cannot tell apart (in the
// hyperbolic plane, points whose Poincaré images round to one point) have
// no spanning tree to measure against: a PointError about the terminals
// as a whole, the refusal of the tree command.
func mstLength(g geom, pts []hyperbolic.Point) (float64, error) {
	t, err := mst.Build(g.sp.Plane(), pts, 1)
	if err != nil {
		return 0, &PointError{Index: -1, Dup: -1, Err: err}
	}
	return fsum.Sum(t.Lengths), nil
}

// tree turns a relaxed topology into a Steiner tree (contract).
func (s *solver) tree(nd *node) *sll.Tree {
	edges := make([][2]int, len(nd.edges))
	for i, e := range nd.edges {
		edges[i] = [2]int{int(e[0]), int(e[1])}
	}
	return contract(s.g.sp, len(s.term), append(slices.Clone(s.term), nd.st...), edges)
}
