package fstcat

import (
	"cmp"
	"container/heap"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/hypersteiner/hypersteiner/internal/unionfind"
)

// Search parameters.
const (
	maxCutsPerRound = 64  // SECs added per separation round
	rootRounds      = 400 // separation rounds at the root
	nodeRounds      = 60  // separation rounds at other nodes
	tailRounds      = 8   // rounds over which the LP value must rise …
	tailRise        = 1e-9
	// … by this fraction, or the node is branched on.
)

// Solve finds a minimum-length spanning tree of the hypergraph p: a set of
// FSTs that connects all terminals without a cycle, i.e. with
// Σ (|F| − 1) = N − 1 and no subset S of terminals holding FSTs with
// Σ_{F} max(0, |F ∩ S| − 1) > |S| − 1.
//
// The method is GeoSteiner's (D. M. Warme, Spanning Trees in Hypergraphs
// with Applications to Steiner Trees, PhD thesis, Univ. of Virginia, 1998):
// the LP relaxation with the degree equation, the cutset constraints and
// the subtour elimination constraints separated exactly by minimum cuts,
// solved by a bounded dual simplex method, inside a branch and bound on
// the FSTs' variables with reduced-cost fixing. Every bound that prunes or
// that Solve reports is recomputed from the LP's approximate duals in
// outward-rounded arithmetic (safeBound) with the lower ends of the length
// enclosures, so that the reported lower bound is a proof.
func Solve(p Problem, opt Options) (*Result, error) {
	if err := p.validate(); err != nil {
		return nil, err
	}
	start := time.Now()
	q, orig := merge(&p)
	s := newSearch(&q, opt, start)
	s.run()
	r := s.result()
	for i, j := range r.Chosen {
		r.Chosen[i] = orig[j]
	}
	slices.Sort(r.Chosen)
	return r, nil
}

// merge returns the problem with one FST per terminal set: the shortest
// (by Length, the first among equals), with the lower end of its
// enclosure lowered to the least of the set's, so that bounds hold for
// every member; and the index of each kept FST in p. FSTs on the same
// terminals are interchangeable in a spanning tree, and parallel columns
// only make the LP degenerate.
func merge(p *Problem) (Problem, []int) {
	q := Problem{N: p.N}
	var orig []int
	at := map[string]int{}
	for j := range p.FSTs {
		f := p.FSTs[j]
		ts := slices.Clone(f.Terminals)
		slices.Sort(ts)
		k := fmt.Sprint(ts)
		lo, hi := f.bounds()
		i, ok := at[k]
		if !ok {
			at[k] = len(q.FSTs)
			q.FSTs = append(q.FSTs, FST{Terminals: f.Terminals, Length: f.Length, Lo: lo, Hi: hi})
			orig = append(orig, j)
			continue
		}
		g := &q.FSTs[i]
		minLo := min(g.Lo, lo)
		if f.Length < g.Length {
			*g = FST{Terminals: f.Terminals, Length: f.Length, Hi: hi}
			orig[i] = j
		}
		g.Lo = minLo
	}
	return q, orig
}

// search is the state of one Solve.
type search struct {
	p      *Problem
	opt    Options
	start  time.Time
	n, m   int
	gap    float64
	scale  float64   // power of two: costs = lengths·scale
	c, clo []float64 // scaled lengths and lower ends
	chi    []float64 // scaled upper ends
	terms  [][]int32
	lp     *lp
	sep    *separator
	pool   []cut
	poolK  map[string]int
	glo    []float64 // global bounds (after root reduced-cost fixing)
	gup    []float64

	best      []int   // incumbent FSTs
	ub, ubHi  float64 // its scaled length and upper end (+Inf without one)
	closedMin float64 // least bound over closed leaves and fixings (scaled)
	rootLB    float64
	open      nodeHeap
	nodes     int
	stopped   Status
	uf        unionfind.Forest
	y, rlo    []float64
}

// cut is a SEC of the pool; row ≥ 0 while it is a row of the LP.
type cut struct {
	S   []int32
	row int
}

// node is a subproblem: the FSTs fixed on the way from the root.
type node struct {
	fix   []fixing
	lb    float64 // certified bound inherited from the parent (scaled)
	depth int
}

type fixing struct {
	j   int32
	one bool
}

func newSearch(p *Problem, opt Options, start time.Time) *search {
	s := &search{p: p, opt: opt, start: start, n: p.N, m: len(p.FSTs)}
	s.gap = opt.RelGap
	if s.gap <= 0 {
		s.gap = DefaultRelGap
	}
	maxLen := 0.0
	for k := range p.FSTs {
		_, hi := p.FSTs[k].bounds()
		maxLen = max(maxLen, hi)
	}
	s.scale = 1
	if maxLen > 0 {
		_, e := math.Frexp(maxLen)
		s.scale = math.Ldexp(1, -e)
	}
	s.c = make([]float64, s.m)
	s.clo = make([]float64, s.m)
	s.chi = make([]float64, s.m)
	for j := range p.FSTs {
		f := &p.FSTs[j]
		lo, hi := f.bounds()
		s.c[j] = f.Length * s.scale
		s.clo[j] = lo * s.scale
		s.chi[j] = hi * s.scale
	}
	s.terms = sortedTerminals(p)
	s.ub, s.ubHi = math.Inf(1), math.Inf(1)
	s.closedMin = math.Inf(1)
	s.rootLB = math.Inf(-1)
	s.poolK = map[string]int{}
	s.glo = make([]float64, s.m)
	s.gup = make([]float64, s.m)
	for j := range s.gup {
		s.gup[j] = 1
	}
	return s
}

// buildLP sets up the degree equation and the cutset rows.
func (s *search) buildLP() {
	s.lp = newLP(s.c, s.glo, s.gup)
	idx := make([]int, s.m)
	val := make([]float64, s.m)
	for j, f := range s.terms {
		idx[j] = j
		val[j] = float64(len(f) - 1)
	}
	s.lp.addRow(idx, val, float64(s.n-1), float64(s.n-1))
	s.sep = newSeparator(s.n, s.terms)
	for t := range s.n {
		inc := s.sep.inc[t]
		idx := make([]int, len(inc))
		val := make([]float64, len(inc))
		for k, j := range inc {
			idx[k] = int(j)
			val[k] = 1
		}
		s.lp.addRow(idx, val, 1, float64(len(inc)))
	}
}

func (s *search) run() {
	if s.n == 1 {
		s.best = []int{}
		s.ub, s.ubHi, s.closedMin, s.rootLB = 0, 0, 0, 0
		return
	}
	// Every terminal needs an FST.
	for t := range s.n {
		found := false
		for _, f := range s.terms {
			if slices.Contains(f, int32(t)) {
				found = true
				break
			}
		}
		if !found {
			s.stopped = Infeasible
			s.closedMin = math.Inf(1)
			return
		}
	}
	s.buildLP()
	if s.opt.TimeLimit > 0 {
		s.lp.deadline = s.start.Add(s.opt.TimeLimit)
	}
	s.greedy(nil)
	heap.Push(&s.open, &node{lb: math.Inf(-1)})
	for s.open.Len() > 0 {
		if st, stop := s.limit(); stop {
			s.stopped = st
			return
		}
		nd := heap.Pop(&s.open).(*node)
		if s.prunable(nd.lb) {
			s.close(nd.lb)
			continue
		}
		// Dive: solve the node, continue with its x_j = 1 child, keep the
		// other child for later.
		for nd != nil {
			j, lb := s.solveNode(nd)
			s.nodes++
			s.report()
			if j < 0 {
				break
			}
			zero := &node{fix: append(slices.Clone(nd.fix), fixing{int32(j), false}), lb: lb, depth: nd.depth + 1}
			one := &node{fix: append(slices.Clone(nd.fix), fixing{int32(j), true}), lb: lb, depth: nd.depth + 1}
			heap.Push(&s.open, zero)
			nd = one
			if st, stop := s.limit(); stop {
				heap.Push(&s.open, nd)
				s.stopped = st
				return
			}
		}
	}
}

// limit reports whether a time or node limit is reached.
func (s *search) limit() (Status, bool) {
	if s.opt.TimeLimit > 0 && time.Since(s.start) >= s.opt.TimeLimit {
		return TimeLimit, true
	}
	if s.opt.MaxNodes > 0 && s.nodes >= s.opt.MaxNodes {
		return NodeLimit, true
	}
	return Optimal, false
}

// prunable reports whether a subproblem with certified bound lb cannot
// hold a tree shorter than the incumbent by more than the gap.
func (s *search) prunable(lb float64) bool {
	return lb >= s.ubHi-s.gap*s.ubHi
}

// close records the bound of a closed leaf (or of a part of the search
// space removed by fixing).
func (s *search) close(lb float64) {
	s.closedMin = min(s.closedMin, lb)
}

// lowerBound is the certified bound on the optimum: the least bound over
// closed leaves and open nodes.
func (s *search) lowerBound() float64 {
	lb := s.closedMin
	for _, nd := range s.open {
		lb = min(lb, nd.lb)
	}
	return lb
}

func (s *search) report() {
	if s.opt.Progress == nil {
		return
	}
	s.opt.Progress(Progress{
		Nodes: s.nodes, Open: s.open.Len(),
		LowerBound: min(s.lowerBound(), s.ubHi) / s.scale, UpperBound: s.ubHi / s.scale,
		Elapsed: time.Since(s.start),
	})
}

// solveNode solves the LP relaxation of nd with separation. It returns
// the branching variable and the node's certified bound, or j = −1 when
// the node is closed (its bound recorded).
func (s *search) solveNode(nd *node) (j int, lb float64) {
	lb = nd.lb
	// Bounds: the global ones, then the node's fixings.
	for k := range s.m {
		s.lp.setBounds(k, s.glo[k], s.gup[k])
	}
	for _, f := range nd.fix {
		v := 0.0
		if f.one {
			v = 1
		}
		if (f.one && s.gup[f.j] == 0) || (!f.one && s.glo[f.j] == 1) {
			s.close(math.Inf(1)) // contradicts a global fixing: empty
			return -1, lb
		}
		s.lp.setBounds(int(f.j), v, v)
	}
	if !s.fixedForest() {
		s.close(math.Inf(1))
		return -1, lb
	}
	rounds := rootRounds
	if s.nodes > 0 {
		rounds = nodeRounds
	}
	var hist []float64
	for round := 0; ; round++ {
		st := s.lp.solve()
		if st == lpInfeasible {
			if s.proveInfeasible() {
				s.close(math.Inf(1))
				return -1, lb
			}
			return s.anyFree(nd, lb)
		}
		lb = max(lb, s.certify())
		if st == lpIterLimit {
			// Not solved (time, iterations or numerical trouble): the
			// bound of the current duals stands; branch.
			break
		}
		if nd.depth == 0 {
			s.rootLB = max(s.rootLB, lb)
		}
		if s.prunable(lb) {
			s.close(lb)
			return -1, lb
		}
		x := s.lp.x[:s.m]
		s.greedy(x)
		if s.prunable(lb) {
			s.close(lb)
			return -1, lb
		}
		if s.integralTree(x) {
			s.close(lb)
			return -1, lb
		}
		obj := s.lp.objective()
		hist = append(hist, obj)
		if round >= rounds || (len(hist) > tailRounds && obj-hist[len(hist)-1-tailRounds] <= tailRise*math.Abs(obj)) {
			break
		}
		if _, stop := s.limit(); stop {
			break
		}
		if s.addCuts(x) == 0 {
			break
		}
	}
	s.fixByReducedCost(nd, lb)
	if s.prunable(lb) {
		s.close(lb)
		return -1, lb
	}
	return s.branchVar(nd, lb), lb
}

// certify returns the certified bound of the current LP (scaled), and
// leaves lower bounds of the reduced costs in s.rlo.
func (s *search) certify() float64 {
	if len(s.y) < s.lp.nr {
		s.y = make([]float64, 2*s.lp.nr)
	}
	if s.rlo == nil {
		s.rlo = make([]float64, s.m)
	}
	y := s.y[:s.lp.nr]
	s.lp.duals(y)
	return safeBound(s.lp, s.clo, y, s.rlo)
}

// proveInfeasible checks the dual ray of an infeasible LP: y = ±ρ with a
// positive safe bound for zero costs proves the constraints infeasible.
func (s *search) proveInfeasible() bool {
	zero := make([]float64, s.m)
	y := make([]float64, s.lp.nr)
	for _, sg := range []float64{1, -1} {
		for i := range y {
			y[i] = sg * s.lp.rho[i]
		}
		if safeBound(s.lp, zero, y, nil) > 0 {
			return true
		}
	}
	return false
}

// anyFree returns a variable not yet fixed at nd, for branching when an
// infeasible LP could not be proved so; with none, the fixings decide.
func (s *search) anyFree(nd *node, lb float64) (int, float64) {
	for j := range s.m {
		if s.lp.lo[j] != s.lp.up[j] {
			return j, lb
		}
	}
	var chosen []int
	for j := range s.m {
		if s.lp.lo[j] == 1 {
			chosen = append(chosen, j)
		}
	}
	if s.spanningTree(chosen) {
		s.offer(chosen)
	}
	s.close(math.Inf(1))
	return -1, lb
}

// fixedForest reports whether the FSTs fixed to 1 form a forest.
func (s *search) fixedForest() bool {
	s.uf.Reset(s.n)
	for j := range s.m {
		if s.lp.lo[j] != 1 {
			continue
		}
		for _, t := range s.terms[j][1:] {
			if !s.uf.Union(s.terms[j][0], t) {
				return false
			}
		}
	}
	return true
}

// addCuts separates SECs at x (the pool first, then minimum cuts) and adds
// them to the LP; it returns how many were added.
func (s *search) addCuts(x []float64) int {
	added := 0
	for k := range s.pool {
		c := &s.pool[k]
		if c.row >= 0 {
			continue
		}
		if v, idx, val := s.sep.violation(c.S, x); v > sepTol {
			c.row = s.lp.addRow(idx, val, 0, float64(len(c.S)-1))
			added++
		}
	}
	if added > 0 {
		return added
	}
	for _, S := range s.sep.separate(x, maxCutsPerRound) {
		k := key(S)
		if _, ok := s.poolK[k]; ok {
			continue
		}
		_, idx, val := s.sep.violation(S, x)
		s.poolK[k] = len(s.pool)
		s.pool = append(s.pool, cut{S: S, row: s.lp.addRow(idx, val, 0, float64(len(S)-1))})
		added++
	}
	return added
}

// fixByReducedCost fixes variables whose reduced costs prove that setting
// them otherwise cannot beat the incumbent: with the certified bound lb
// and rⱼ ≥ rlo[j], every x with xⱼ = 1 costs at least lb + rlo[j] when
// rlo[j] > 0, and every x with xⱼ = 0 at least lb − rlo[j] when
// rlo[j] < 0. At the root the fixings are global.
func (s *search) fixByReducedCost(nd *node, lb float64) {
	if math.IsInf(s.ubHi, 1) || nd.depth > 0 {
		return
	}
	for j := range s.m {
		if s.glo[j] == s.gup[j] {
			continue
		}
		r := s.rlo[j]
		switch {
		case r > 0 && s.prunable(lb+r):
			s.gup[j] = 0
			s.close(lb + r)
		case r < 0 && s.prunable(lb-r):
			s.glo[j] = 1
			s.close(lb - r)
		}
	}
}

// branchVar picks the branching variable: the most fractional one, ties
// to the larger FST.
func (s *search) branchVar(nd *node, lb float64) int {
	x := s.lp.x[:s.m]
	best, bj := -1.0, -1
	for j := range s.m {
		if s.lp.lo[j] == s.lp.up[j] {
			continue
		}
		f := min(x[j], 1-x[j])
		if f <= 1e-9 {
			continue
		}
		sc := f + 1e-6*float64(len(s.terms[j]))
		if sc > best {
			best, bj = sc, j
		}
	}
	if bj < 0 {
		j, _ := s.anyFree(nd, lb)
		return j
	}
	return bj
}

// integralTree reports whether x is integral and its ones form a spanning
// tree; such a tree is offered as incumbent.
func (s *search) integralTree(x []float64) bool {
	var chosen []int
	for j, v := range x {
		switch {
		case v > 1-1e-9:
			chosen = append(chosen, j)
		case v < 1e-9:
		default:
			return false
		}
	}
	if !s.spanningTree(chosen) {
		return false
	}
	s.offer(chosen)
	return true
}

// spanningTree reports whether the FSTs in chosen form a spanning tree.
func (s *search) spanningTree(chosen []int) bool {
	s.uf.Reset(s.n)
	edges := 0
	for _, j := range chosen {
		f := s.terms[j]
		for _, t := range f[1:] {
			if !s.uf.Union(f[0], t) {
				return false
			}
			edges++
		}
	}
	return edges == s.n-1
}

// offer makes a spanning tree the incumbent when it is shorter.
func (s *search) offer(chosen []int) {
	lo, hi := 0.0, 0.0
	for _, j := range chosen {
		lo += s.c[j]
		hi = up(hi + s.chi[j])
	}
	if hi < s.ubHi {
		s.best = slices.Clone(chosen)
		slices.Sort(s.best)
		s.ub, s.ubHi = lo, hi
	}
}

// greedy builds a spanning tree by adding FSTs in order of decreasing x
// (when given), then increasing length per edge, whenever they keep the
// terminals acyclic, and offers it.
func (s *search) greedy(x []float64) {
	order := make([]int, s.m)
	for j := range order {
		order[j] = j
	}
	ratio := func(j int) float64 { return s.c[j] / float64(len(s.terms[j])-1) }
	slices.SortFunc(order, func(a, b int) int {
		if x != nil {
			if c := cmp.Compare(x[b], x[a]); c != 0 {
				return c
			}
		}
		return cmp.Compare(ratio(a), ratio(b))
	})
	s.uf.Reset(s.n)
	var chosen []int
	edges := 0
	for _, j := range order {
		if s.gup[j] == 0 {
			continue
		}
		f := s.terms[j]
		ok := true
		for i, t := range f {
			for _, u := range f[:i] {
				if s.uf.Find(t) == s.uf.Find(u) {
					ok = false
				}
			}
		}
		if !ok {
			continue
		}
		for _, t := range f[1:] {
			s.uf.Union(f[0], t)
		}
		chosen = append(chosen, j)
		edges += len(f) - 1
		if edges == s.n-1 {
			break
		}
	}
	if edges == s.n-1 {
		s.offer(chosen)
	}
}

func (s *search) result() *Result {
	r := &Result{Status: s.stopped, Nodes: s.nodes}
	if s.lp != nil {
		r.LPIterations = s.lp.iters
	}
	r.Cuts = len(s.pool)
	lb := s.lowerBound()
	if s.best != nil {
		r.Chosen = s.best
		sum := 0.0
		hi := 0.0
		for _, j := range s.best {
			sum += s.p.FSTs[j].Length
			_, h := s.p.FSTs[j].bounds()
			hi = up(hi + h)
		}
		r.Length, r.UpperBound = sum, hi
		lb = min(lb, s.ubHi)
	} else if s.stopped == Optimal {
		r.Status = Infeasible
	}
	r.LowerBound = lb / s.scale
	r.RootBound = min(s.rootLB, s.ubHi) / s.scale
	r.Seconds = time.Since(s.start).Seconds()
	return r
}

// nodeHeap orders open nodes by bound, deeper first among equals.
type nodeHeap []*node

func (h nodeHeap) Len() int { return len(h) }
func (h nodeHeap) Less(a, b int) bool {
	if h[a].lb != h[b].lb {
		return h[a].lb < h[b].lb
	}
	return h[a].depth > h[b].depth
}
func (h nodeHeap) Swap(a, b int) { h[a], h[b] = h[b], h[a] }
func (h *nodeHeap) Push(x any)   { *h = append(*h, x.(*node)) }
func (h *nodeHeap) Pop() any {
	old := *h
	nd := old[len(old)-1]
	*h = old[:len(old)-1]
	return nd
}
