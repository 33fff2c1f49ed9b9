package efst

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// Options configures Generate and Solve.
type Options struct {
	// Progress, when set, is told how far each stage is: ("fst", size, n)
	// after the equilateral points of each size, ("concat", nodes, 0)
	// during the concatenation.
	Progress func(stage string, done, total int)
	// TimeLimit bounds the concatenation (0: none): Solve then returns the
	// best tree found with its certified gap. The generation always runs
	// to the end (a bound needs every FST).
	TimeLimit time.Duration
	// MaxNodes bounds the concatenation's branch-and-bound nodes (0: none).
	MaxNodes int
	// RelGap is the certified relative gap at which the concatenation
	// stops (0: fstcat.DefaultRelGap).
	RelGap float64
}

// Stats counts what the generation did.
type Stats struct {
	// EqPoints counts the equilateral points kept (terminals included).
	EqPoints int
	// Pairs counts the ordered pairs of equilateral points combined;
	// Projection, Bottleneck, Lune and UpperBound how many of them still
	// had a nonempty arc after each test in turn; Extendable how many the
	// wedge test kept for larger equilateral points.
	Pairs, Projection, Bottleneck, Lune, UpperBound, Extendable int
	// Candidates counts the full Steiner trees built and tested; Exact
	// those whose validity intervals could not decide (decided in Q(√3)).
	Candidates, Exact int
}

// Generation is the outcome of Generate.
type Generation struct {
	// FSTs are the full Steiner trees that may be part of a Steiner
	// minimal tree: some SMT of the terminals is a union of some of them.
	FSTs []FST
	Stats
	// MSTLength is the length of a minimum spanning tree of the terminals.
	MSTLength float64
	Seconds   float64
}

// ErrInput is the cause of every error about the terminals.
var ErrInput = errors.New("efst: invalid terminals")

// PointError reports an invalid terminal.
type PointError struct {
	Index, Dup int // Dup ≥ 0: the index of an earlier equal terminal
	Msg        string
}

func (e *PointError) Error() string {
	if e.Dup >= 0 {
		return fmt.Sprintf("efst: terminal %d repeats terminal %d", e.Index, e.Dup)
	}
	return fmt.Sprintf("efst: terminal %d: %s", e.Index, e.Msg)
}

func (e *PointError) Unwrap() error { return ErrInput }

func checkPoints(pts []hyperbolic.Point) error {
	if len(pts) == 0 {
		return fmt.Errorf("%w: no terminals", ErrInput)
	}
	seen := make(map[hyperbolic.Point]int, len(pts))
	for i, p := range pts {
		if math.IsNaN(p.X) || math.IsNaN(p.Y) || math.IsInf(p.X, 0) || math.IsInf(p.Y, 0) {
			return &PointError{Index: i, Dup: -1, Msg: fmt.Sprintf("coordinates (%v, %v) not finite", p.X, p.Y)}
		}
		if p.X == 0 {
			p.X = 0 // −0 and +0 are one point
		}
		if p.Y == 0 {
			p.Y = 0
		}
		if j, ok := seen[p]; ok {
			return &PointError{Index: i, Dup: j}
		}
		seen[p] = i
	}
	return nil
}

// Generate returns the full Steiner trees of the Euclidean terminals pts
// that survive the pruning tests (see the package documentation).
func Generate(pts []hyperbolic.Point, opt Options) (*Generation, error) {
	if err := checkPoints(pts); err != nil {
		return nil, err
	}
	start := time.Now()
	g := newGen(pts, opt)
	g.run()
	g.stats.EqPoints = len(g.eq)
	res := &Generation{
		Stats:     g.stats,
		MSTLength: g.mst.length.mid(), Seconds: time.Since(start).Seconds(),
	}
	for i := range g.fsts {
		if !g.dropped[i] {
			res.FSTs = append(res.FSTs, g.fsts[i])
		}
	}
	if len(pts) == 1 {
		res.MSTLength = 0
	}
	return res, nil
}

// gen is the state of one generation.
type gen struct {
	opt      Options
	n        int
	pts      [][2]float64
	eq       []eqPoint
	mst      *mst
	reach    float64 // upper bound of the longest edge of any SMT
	tgrid    *grid   // terminals
	egrid    []*grid // equilateral points by size (1: terminals)
	fsts     []FST
	dropped  []bool
	byKey    map[string][]int
	stats    Stats
	member   []bool
	stamp    []int32
	stampGen int32
}

func newGen(pts []hyperbolic.Point, opt Options) *gen {
	n := len(pts)
	g := &gen{opt: opt, n: n, byKey: map[string][]int{}, member: make([]bool, n)}
	g.pts = make([][2]float64, n)
	for i, p := range pts {
		g.pts[i] = [2]float64{p.X, p.Y}
	}
	g.mst = newMST(g.pts, g.rel)
	g.reach = g.mst.maxE
	for i := range n {
		g.eq = append(g.eq, eqPoint{a: -1, b: -1, size: 1, terms: []int32{int32(i)}, o: int32(i)})
	}
	return g
}

func (g *gen) run() {
	n := g.n
	if n < 2 {
		return
	}
	g.tgrid = newGrid(g.pts, g.reach, n)
	g.egrid = make([]*grid, n+1)
	g.egrid[1] = newGrid(g.pts, g.reach, n)
	for i := range n {
		e := &g.eq[i]
		p := g.pts[i]
		e.box = [4]float64{nextDown(p[0] - g.reach), nextUp(p[0] + g.reach), nextDown(p[1] - g.reach), nextUp(p[1] + g.reach)}
		g.tgrid.add(int32(i), [4]float64{p[0], p[0], p[1], p[1]})
		g.egrid[1].add(int32(i), e.box)
	}
	g.stamp = make([]int32, n)
	starts := []int{0, 0, n} // starts[s]: first equilateral point of size s; starts[s+1] its end
	for size := 2; size < n; size++ {
		first := len(g.eq)
		lo := starts[(size+1)/2]
		for i := lo; i < first; i++ {
			ei := &g.eq[i]
			sj := size - int(ei.size)
			if sj < 1 || sj > int(ei.size) || g.egrid[sj] == nil || ei.box[0] > ei.box[1] {
				continue
			}
			for _, t := range ei.terms {
				g.member[t] = true
			}
			for _, j := range g.compatible(int32(i), sj) {
				if int(j) >= i || !g.disjoint(j) {
					continue
				}
				g.tryEq(int32(i), j)
				g.tryEq(j, int32(i))
			}
			for _, t := range g.eq[i].terms {
				g.member[t] = false
			}
		}
		starts = append(starts, len(g.eq))
		gr := newGrid(g.pts, g.reach, n)
		for k := first; k < len(g.eq); k++ {
			if g.eq[k].size == int32(size) && g.eq[k].box[0] <= g.eq[k].box[1] {
				gr.add(int32(k), g.eq[k].box)
			}
		}
		g.egrid[size] = gr
		if g.opt.Progress != nil {
			g.opt.Progress("fst", size, n-1)
		}
		// Larger sizes need a part of size ≥ (size+1)/2 + … : stop when no
		// equilateral point is large enough.
		if !g.anyFrom(starts, (size+2)/2, size) {
			break
		}
	}
	// Single edges: the edges of the minimum spanning tree (an SMT edge
	// between two terminals is no longer than their bottleneck distance,
	// hence an MST edge or exchangeable with one of equal length).
	for _, e := range g.mst.edges {
		u, v := e[0], e[1]
		if u > v {
			u, v = v, u
		}
		l := g.rel(u, v).norm2().sqrt()
		g.fsts = append(g.fsts, FST{
			Terminals: []int{int(u), int(v)}, Edges: [][2]int{{0, 1}},
			Length: l.mid(), Lo: l.lo, Hi: l.hi, root: -1, eqp: -1,
		})
		g.dropped = append(g.dropped, false)
	}
}

// anyFrom reports whether an equilateral point has size in [lo, hi]
// (usable for extension: its box was set).
func (g *gen) anyFrom(starts []int, lo, hi int) bool {
	for s := lo; s <= hi; s++ {
		if s < len(g.egrid) && g.egrid[s] != nil && g.egrid[s].count > 0 {
			return true
		}
	}
	return false
}

// compatible returns the equilateral points of size sj whose regions may
// hold the Steiner point joining them to i.
func (g *gen) compatible(i int32, sj int) []int32 {
	g.stampGen++
	if g.stampGen == math.MaxInt32 {
		clear(g.stamp)
		g.stampGen = 1
	}
	bi := g.eq[i].box
	var out []int32
	g.egrid[sj].query(bi, func(j int32) {
		if int(j) >= len(g.stamp) {
			g.stamp = append(g.stamp, make([]int32, int(j)+1-len(g.stamp))...)
		}
		if g.stamp[j] == g.stampGen {
			return
		}
		g.stamp[j] = g.stampGen
		bj := g.eq[j].box
		if bj[0] <= bi[1] && bi[0] <= bj[1] && bj[2] <= bi[3] && bi[2] <= bj[3] {
			out = append(out, j)
		}
	})
	slices.Sort(out)
	return out
}

func (g *gen) disjoint(j int32) bool {
	for _, t := range g.eq[j].terms {
		if g.member[t] {
			return false
		}
	}
	return true
}

// tryEq builds the equilateral point of (ia, ib), applies the pruning
// tests, generates its full Steiner trees, and keeps it for extension when
// the wedge test allows.
func (g *gen) tryEq(ia, ib int32) {
	g.stats.Pairs++
	A, B := &g.eq[ia], &g.eq[ib]
	if !A.terminal() && !coneMeetsArc(A, g.at(ib, A.o), false) {
		return
	}
	if !B.terminal() && !coneMeetsArc(B, g.at(ia, B.o), true) {
		return
	}
	// k lives in a's frame: a's position is A.E there.
	k := eqPoint{a: ia, b: ib, size: A.size + B.size, lo: 0, hi: 1, o: A.o}
	pa, pb := A.E, g.at(ib, A.o)
	k.E = pa.add(rotm60(pb.sub(pa)))
	k.C = pa.add(pb).add(k.E).div3()
	k.r2 = dist2(pa, pb).div(pt(3))
	if !A.terminal() && !g.projection(&k, ia, false) {
		return
	}
	if !B.terminal() && !g.projection(&k, ib, true) {
		return
	}
	g.stats.Projection++
	// Bottleneck: the edges from S to either side lie on the path between
	// any terminal of a and any of b.
	bs := math.Inf(1)
	for _, u := range A.terms {
		for _, v := range B.terms {
			bs = min(bs, g.mst.bsd(u, v))
		}
	}
	beta2 := pt(bs).sqr()
	if A.terminal() && !g.cutChord(&k, false, beta2) {
		return
	}
	if B.terminal() && !g.cutChord(&k, true, beta2) {
		return
	}
	if !A.terminal() && !g.cutEdgeToChild(&k, ia, false, bs) {
		return
	}
	if !B.terminal() && !g.cutEdgeToChild(&k, ib, true, bs) {
		return
	}
	g.stats.Bottleneck++
	if A.terminal() && !g.lune(&k, false) {
		return
	}
	if B.terminal() && !g.lune(&k, true) {
		return
	}
	if !A.terminal() && !g.luneComposite(&k, ia, false) {
		return
	}
	if !B.terminal() && !g.luneComposite(&k, ib, true) {
		return
	}
	g.stats.Lune++
	k.terms = mergeTerms(A.terms, B.terms)
	k.ub = g.mst.bmst(k.terms)
	if !g.upperBoundTest(&k) {
		return
	}
	g.stats.UpperBound++
	k.box = [4]float64{1, 0, 1, 0} // empty until kept
	ki := int32(len(g.eq))
	g.eq = append(g.eq, k)
	nf := len(g.fsts)
	if g.wedge(ki) {
		g.stats.Extendable++
		e := &g.eq[ki]
		e.box = g.reachBox(e)
		ea, eb := g.ends(e)
		e.dLo = ea.add(eb.sub(ea).mul(pt(e.lo))).sub(e.E)
		e.dHi = ea.add(eb.sub(ea).mul(pt(e.hi))).sub(e.E)
	} else if len(g.fsts) == nf {
		g.eq = g.eq[:ki] // neither kept nor used by an FST
	}
}

// lune applies cutLune for every terminal r close enough to the terminal
// child to possibly lie in the lune of its edge.
func (g *gen) lune(k *eqPoint, atB bool) bool {
	c := k.a
	far := k.hi
	if atB {
		c, far = k.b, k.lo
	}
	P := g.rel(c, k.o)
	X := g.arcPoint(k, far)
	rad := dist(P, X).hi
	p := g.pts[c]
	ok := true
	g.tgrid.query([4]float64{p[0] - rad, p[0] + rad, p[1] - rad, p[1] + rad}, func(r int32) {
		if !ok || r == c {
			return
		}
		rp := g.rel(r, k.o)
		if dist2(rp, P).lo >= rad*rad {
			return
		}
		ok = g.cutLune(k, atB, rp)
	})
	return ok
}

func mergeTerms(a, b []int32) []int32 {
	out := make([]int32, 0, len(a)+len(b))
	out = append(out, a...)
	out = append(out, b...)
	slices.Sort(out)
	return out
}

// div3 divides both coordinates by 3.
func (p ipt) div3() ipt { return ipt{p.x.div(pt(3)), p.y.div(pt(3))} }

// reachBox returns a box containing every point a parent's Steiner
// point S can occupy: S lies on the ray from E through k's Steiner point
// S_k, beyond S_k (outside k's circle) by at most the longest SMT edge —
// inside the cone from E through the feasible arc and within R + reach of
// the circle's centre. The box covers the arc's ends, the points where the
// cone's boundary rays leave that disk, the disk's extreme points inside
// the cone, and the arc's extreme points.
func (g *gen) reachBox(k *eqPoint) [4]float64 {
	xl, xh := g.arcPoint(k, k.lo), g.arcPoint(k, k.hi)
	b := [4]float64{math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)}
	add := func(p ipt) {
		b[0], b[1] = min(b[0], p.x.lo), max(b[1], p.x.hi)
		b[2], b[3] = min(b[2], p.y.lo), max(b[3], p.y.hi)
	}
	add(xl)
	add(xh)
	r := k.r2.sqrt()
	rho := r.add(pt(g.reach))
	dl, dh := xl.sub(k.E), xh.sub(k.E)
	ec := k.E.sub(k.C)
	for _, d := range []ipt{dl, dh} {
		// |E + t·d − C| = ρ with |E − C| = R: t = (−ec·d + √((ec·d)² − |d|²(R² − ρ²)))/|d|².
		ed := ec.dot(d)
		d2 := d.norm2()
		disc := ed.sqr().sub(d2.mul(k.r2.sub(rho.sqr())))
		t := ed.neg().add(disc.sqrt()).div(d2)
		add(k.E.add(d.mul(t)))
	}
	inCone := func(p ipt) bool {
		v := p.sub(k.E)
		return !(dh.cross(v).hi < 0 || v.cross(dl).hi < 0)
	}
	A, B := g.ends(k)
	for _, e := range []ipt{{pt(1), pt(0)}, {pt(-1), pt(0)}, {pt(0), pt(1)}, {pt(0), pt(-1)}} {
		if p := k.C.add(e.mul(rho)); inCone(p) {
			add(p)
		}
		p := k.C.add(e.mul(r))
		if orient(A, B, p).hi < 0 {
			continue // on E's side: not on the arc
		}
		if l := g.lam(k, p); l.hi < k.lo || l.lo > k.hi {
			continue
		}
		add(p)
	}
	// Back to absolute coordinates.
	ox, oy := pt(g.pts[k.o][0]), pt(g.pts[k.o][1])
	return [4]float64{iv{b[0], b[0]}.add(ox).lo, iv{b[1], b[1]}.add(ox).hi, iv{b[2], b[2]}.add(oy).lo, iv{b[3], b[3]}.add(oy).hi}
}
