package exact

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
	"time"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/sll"
)

// FSTStats counts what the Concatenation method did.
type FSTStats struct {
	// Subsets counts the subsets of ≥ 3 terminals whose full topologies
	// were searched; Skipped those ruled out without a search (a subset
	// one terminal smaller already needs a tree at least as long as the
	// bound) or, with MaxNodes, left unsearched.
	Subsets, Skipped int
	// Generated counts the full topologies (with Steiner points) that
	// survived the length tests: relaxed length possibly least among the
	// full topologies of their subset and below the subset's bound.
	// Degenerate, Lune and Bottleneck count those discarded by each test
	// (the first that failed); Undecided those whose Steiner points could
	// not all be certified (a Steiner point within rounding of a terminal,
	// as in exactly 120° configurations); Kept the rest: the full Steiner
	// trees with Steiner points offered to the concatenation.
	Generated, Degenerate, Lune, Bottleneck, Undecided, Kept int
	// Pairs counts the terminal pairs, PairsKept the single-edge full
	// trees that pass the exact bottleneck and lune tests.
	Pairs, PairsKept int
	// Splits counts the subset splits the concatenation examined.
	Splits int
}

// Concatenation tolerances. boundSlack raises computed bounds that are
// sums of computed distances (relative error below distErr each, plus the
// sum's rounding) so that they are upper bounds of the exact values.
// heuristicSlack raises the heuristic's length as Solve does.
const (
	boundSlack     = 1e-12
	heuristicSlack = 1e-9
)

// piece says how the best tree of a subset is made: one full tree (fst ≥
// 0, or a pair when the subset has two terminals), or the union of the
// best trees of the subsets left and (subset − left) ∪ {shared}.
type piece struct {
	fst          int32
	left, shared uint32
}

// concat is the state of the Concatenation method.
type concat struct {
	g     geom
	pts   []hyperbolic.Point
	bn    *bottleneck
	fsts  []*fstTree
	stats stats
	fs    FSTStats
	limit int
	// deadline is when Options.TimeLimit stops the search (zero: never).
	deadline time.Time
	stop     bool
	// progress is Options.Progress.
	progress func(stage string, done, total int)
	// static is Options.StaticOrder.
	static bool
	// Per subset (bit i: terminal i):
	upper []float64 // length of the shortest tree concatenated from kept full trees (and any pairs)
	how   []piece
	low   []float64 // lower bound of the Steiner minimal tree of the subset
	lbw   []float64 // lower bound of a full tree on the subset inside an SMT of all terminals
	lbc   []float64 // lower bound of concatenations of such full trees
}

// solveConcat is Solve by the Concatenation method (see the package
// documentation).
func solveConcat(g geom, pts []hyperbolic.Point, opt Options, mst float64, start time.Time) (*Result, error) {
	n := len(pts)
	res := &Result{Method: Concatenation, Complete: true, Heuristic: mst}
	var heur *sll.Tree
	if !opt.NoHeuristic {
		if h, err := heuristic(g, pts); err == nil && h.Length < res.Heuristic {
			heur, res.Heuristic = h, h.Length
		}
	}
	c := newConcat(g, pts, opt.MaxNodes)
	c.progress = opt.Progress
	c.static = opt.StaticOrder
	if opt.TimeLimit > 0 {
		c.deadline = start.Add(opt.TimeLimit)
	}
	c.run(res.Heuristic * (1 + heuristicSlack))
	all := uint32(1)<<n - 1
	t := c.tree(all)
	res.Complete = !c.stop
	// The concatenation bound is a sum of at most n − 1 weights: its
	// rounding is far below 1e-14 relative.
	res.LowerBound = min(c.lbc[all]*(1-1e-14), t.Length)
	if c.stop {
		t = shorterHeuristic(g, heur, t, &res.LowerBound)
	}
	t.MSTLength = mst
	res.Tree = t
	res.Nodes, res.Pruned, res.Leaves = c.stats.Nodes, c.stats.Pruned, c.stats.Leaves
	res.Inherited = c.stats.Inherited
	res.Sweeps, res.FermatSolves = c.stats.Sweeps, c.stats.FermatSolves
	res.FST = c.fs
	return res.finish(opt, start)
}

func newConcat(g geom, pts []hyperbolic.Point, limit int) *concat {
	m := 1 << len(pts)
	return &concat{
		g: g, pts: pts, bn: newBottleneck(g, pts), limit: limit,
		upper: make([]float64, m),
		how:   make([]piece, m),
		low:   make([]float64, m),
		lbw:   make([]float64, m),
		lbc:   make([]float64, m),
	}
}

// run fills the subsets in order of size; heur is an upper bound of the
// Steiner minimal tree of all terminals (the heuristic's length, raised).
func (c *concat) run(heur float64) {
	all := uint32(1)<<len(c.pts) - 1
	masks := make([]uint32, 0, all)
	for s := uint32(1); s <= all; s++ {
		masks = append(masks, s)
	}
	slices.SortStableFunc(masks, func(a, b uint32) int { return cmp.Compare(bits.OnesCount32(a), bits.OnesCount32(b)) })
	if c.progress != nil {
		c.progress("subsets", 0, len(masks))
		defer c.progress("subsets", len(masks), len(masks))
	}
	for k, s := range masks {
		if c.progress != nil && k%progressEvery == 0 {
			c.progress("subsets", k, len(masks))
		}
		switch bits.OnesCount32(s) {
		case 1:
			c.how[s] = piece{fst: -1}
		case 2:
			c.pair(s)
		default:
			extra := math.Inf(1)
			if s == all {
				extra = heur
			}
			c.subset(s, extra)
		}
	}
}

// pair fills the subset of two terminals: its tree is the edge; the edge
// is a full tree of an SMT only if it passes the exact tests.
func (c *concat) pair(s uint32) {
	u := bits.TrailingZeros32(s)
	v := bits.TrailingZeros32(s &^ (1 << u))
	d := c.g.dist(c.pts[u], c.pts[v])
	c.upper[s] = d
	c.how[s] = piece{fst: -1}
	c.low[s] = d * (1 - distErr)
	c.fs.Pairs++
	if c.bn.pairKept(c.g, c.pts, u, v) {
		c.fs.PairsKept++
		c.lbw[s] = d * (1 - distErr)
	} else {
		c.lbw[s] = math.Inf(1)
	}
	c.lbc[s] = c.lbw[s]
}

// subset fills a subset of ≥ 3 terminals, after all its proper subsets:
//
//   - splits: a tree of S that is not full splits at a terminal t of
//     degree ≥ 2 into trees of A and B with A ∩ B = {t}, A ∪ B = S; so
//     the best concatenation of S is its best full tree or the best over
//     splits (upper, and lbc for the lower bounds), and the Steiner
//     minimal tree of S is at least the least of the full topologies'
//     bound and the splits' (low);
//   - the full topologies of S are searched (subsetSearch) below
//     U = min(MST_b(S), best split, heuristic for all terminals): a full
//     tree F on S inside a Steiner minimal tree of all terminals is a
//     Steiner minimal tree of S, so no longer than any tree of S, and no
//     longer than MST_b(S) (bottleneck.bound);
//   - the search is skipped when a subset S − {t} already has a Steiner
//     minimal tree no shorter than U: every tree of S contains a tree of
//     S − {t}.
func (c *concat) subset(s uint32, extra float64) {
	splitU, splitLow, splitLB := math.Inf(1), math.Inf(1), math.Inf(1)
	var best piece
	for rest := s; rest != 0; rest &= rest - 1 {
		t := uint32(1) << bits.TrailingZeros32(rest)
		r := s &^ t
		low := r & -r // the part holding r's lowest terminal: each split once
		for a := (r - 1) & r; a != 0; a = (a - 1) & r {
			if a&low == 0 {
				continue
			}
			left, right := a|t, (r&^a)|t
			c.fs.Splits++
			if u := c.upper[left] + c.upper[right]; u < splitU {
				splitU, best = u, piece{fst: -1, left: left, shared: t}
			}
			splitLow = min(splitLow, c.low[left]+c.low[right])
			splitLB = min(splitLB, c.lbc[left]+c.lbc[right])
		}
	}
	skip := 0.0 // a lower bound of the SMT of S: the largest of S − {t}
	for rest := s; rest != 0; rest &= rest - 1 {
		skip = max(skip, c.low[s&^(uint32(1)<<bits.TrailingZeros32(rest))])
	}
	u := min(c.bn.bound(s)*(1+boundSlack), splitU*(1+boundSlack), extra)
	lowFull := skip // lower bound of every full topology's relaxed length
	c.lbw[s] = math.Inf(1)
	c.upper[s], c.how[s] = splitU, best
	switch {
	case skip >= u:
		c.fs.Skipped++
	case c.limit > 0 && c.stats.Nodes >= c.limit, !c.deadline.IsZero() && time.Now().After(c.deadline):
		// Unsearched: S may hold a full tree of an SMT, as long as S − {t}.
		c.stop = true
		c.fs.Skipped++
		c.lbw[s] = skip
	default:
		c.fs.Subsets++
		c.search(s, u, &lowFull)
	}
	c.low[s] = max(min(lowFull, splitLow), skip)
	c.lbc[s] = min(c.lbw[s], splitLB)
}

// search runs subsetSearch on S below u and files its candidates: their
// least lower bound is S's weight in the concatenation's lower bound; the
// non-degenerate ones that pass the lune and bottleneck tests and whose
// Steiner points are certified become full trees of the concatenation.
func (c *concat) search(s uint32, u float64, lowFull *float64) {
	var terms []int
	var sub []hyperbolic.Point
	for rest := s; rest != 0; rest &= rest - 1 {
		i := bits.TrailingZeros32(rest)
		terms = append(terms, i)
		sub = append(sub, c.pts[i])
	}
	cands, final := subsetSearch(c.g, sub, u, c.static, &c.stats)
	*lowFull = final
	for _, nd := range cands {
		*lowFull = min(*lowFull, nd.lb)
		c.lbw[s] = min(c.lbw[s], nd.lb)
		c.fs.Generated++
		f := newFST(nd, terms, s, nd.f)
		switch {
		case degenerate(nd, sub):
			c.fs.Degenerate++
			continue
		case !f.luneFree(c.g, c.pts):
			c.fs.Lune++
			continue
		case !f.bottleneckOK(c.g, c.pts, c.bn):
			c.fs.Bottleneck++
			continue
		case !f.certified(c.g, c.pts):
			c.fs.Undecided++
			continue
		}
		c.fs.Kept++
		if f.length < c.upper[s] {
			c.upper[s] = f.length
			c.how[s] = piece{fst: int32(len(c.fsts))}
		}
		c.fsts = append(c.fsts, f)
	}
}

// tree assembles the best concatenation of all terminals (mask s) as a
// Steiner tree in the layout of Solve.
func (c *concat) tree(s uint32) *sll.Tree {
	n := len(c.pts)
	t := &sll.Tree{Space: c.g.sp.Name(), Solver: "exact", Terminals: n, Vertices: slices.Clone(c.pts)}
	var walk func(s uint32)
	walk = func(s uint32) {
		h := c.how[s]
		switch {
		case h.fst >= 0:
			f := c.fsts[h.fst]
			k := int32(len(f.terms))
			base := len(t.Vertices)
			t.Vertices = append(t.Vertices, f.st...)
			id := func(v int32) int {
				if v < k {
					return f.terms[v]
				}
				return base + int(v-k)
			}
			for _, e := range f.edges {
				a, b := id(e[0]), id(e[1])
				t.Edges = append(t.Edges, [2]int{min(a, b), max(a, b)})
			}
		case h.left != 0:
			walk(h.left)
			walk(s&^h.left | h.shared)
		case bits.OnesCount32(s) == 2:
			u := bits.TrailingZeros32(s)
			v := bits.TrailingZeros32(s &^ (1 << u))
			t.Edges = append(t.Edges, [2]int{u, v})
		}
	}
	walk(s)
	slices.SortFunc(t.Edges, func(x, y [2]int) int {
		if d := cmp.Compare(x[0], y[0]); d != 0 {
			return d
		}
		return cmp.Compare(x[1], y[1])
	})
	t.Measure(c.g.sp)
	t.FST3, t.FST4, _ = t.FullComponents()
	return t
}
