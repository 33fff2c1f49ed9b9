package treecert

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"sync"

	"github.com/hypersteiner/hypersteiner/internal/jsonnum"
	"github.com/hypersteiner/hypersteiner/internal/unionfind"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/parallel"
	"github.com/hypersteiner/hypersteiner/mst"
	"github.com/hypersteiner/hypersteiner/plane"
	"github.com/hypersteiner/hypersteiner/sll"
)

// LengthRelTol is the accuracy every stored length claims: within 1e-13
// of the exact length, relative — the documented accuracy of the planes'
// distances (and of compensated sums of them) — give or take one step of
// float64's grid among the subnormals (2⁻¹⁰⁷⁴) per length summed, where
// lengths below 2⁻¹⁰²² are held to that grid.
const LengthRelTol = 1e-13

// Options tune Check. The zero value is a good default.
type Options struct {
	// Prec is the first working precision of the certificates in bits
	// (≤ 53: float64 interval arithmetic first, raised only where needed).
	Prec uint
	// Tol is the tolerance of the Steiner points relative to the size of
	// their neighbours' triangle (certify.DefaultFermatTol if 0).
	Tol float64
	// Workers bounds the goroutines (0: GOMAXPROCS); the report does not
	// depend on it.
	Workers int
	// Strict counts the Steiner points the file declares unproved as
	// failures.
	Strict bool
	// SkipMST does not recompute the minimum spanning tree of the
	// terminals: for a writer checking a tree whose MST it has just
	// computed itself, the "mst_length" claim is then not judged.
	SkipMST bool
	// SkipAngles does not enclose the smallest angle at every vertex (a
	// report, not a claim).
	SkipAngles bool
	// Verdicts decides every claim exactly as Check does, but leaves out
	// of the report the figures a reader of a passing claim needs and a
	// writer does not: for each certified Steiner point its neighbours,
	// radius, tolerance, precision and angle error (and their maxima in
	// the summary), the enclosure of the total length and the relative
	// error of the edge lengths. Every failure is still reported in full.
	// It first tries cheaper float64 proofs of the claims that usually
	// hold (certify.QuickFermat for hyperbolic Steiner points, quickLengths),
	// which decide a claim only when they prove it. SelfCheck sets it.
	Verdicts bool
	// Progress, when not nil, is told how far each stage is (calls are
	// serialised): "certifying Steiner points", "enclosing angles",
	// "enclosing edge lengths" and "MST of the terminals", each from
	// (stage, 0, total) to (stage, total, total).
	Progress func(stage string, done, total int)
}

// reporter returns the callback of parallel.For for a stage of total
// steps, after reporting its start; nil without Progress.
func (o Options) reporter(stage string, total int) func(done int) {
	if o.Progress == nil {
		return nil
	}
	o.Progress(stage, 0, total)
	return func(done int) { o.Progress(stage, done, total) }
}

// ErrPlane reports a tree whose plane has no certified arithmetic.
var ErrPlane = errors.New("treecert: the plane cannot be certified")

// Check proves or refutes every claim of the tree t, whose stored numbers
// are c (ClaimsOf(t) for a tree in memory; Read returns them for a file).
// t must have passed Read's checks (or come from sll.Build): valid
// points, edges in range, no loops. The error is non-nil only when the
// tree's plane is unknown or has no certified arithmetic.
func Check(t *sll.Tree, c Claims, opt Options) (*Report, error) {
	pl, err := t.Plane()
	if err != nil {
		return nil, err
	}
	cp, ok := pl.(plane.Certified)
	if !ok {
		return nil, fmt.Errorf("%w: %s", ErrPlane, pl.Name())
	}
	g := cp.Geometry()
	if opt.Tol == 0 {
		opt.Tol = certify.DefaultFermatTol
	}
	opt.Prec = max(opt.Prec, 53)
	workers := parallel.Workers(opt.Workers)
	n := len(t.Vertices)
	rep := &Report{Space: pl.Name(), Prec: opt.Prec, Tol: jsonnum.Float(opt.Tol), Terminals: t.Terminals,
		Vertices: n, Edges: len(t.Edges), Failures: []Failure{}, Claims: []Claim{}}
	// Three sequential steps, side by side when there are workers for
	// them: two passes over the edges, and the allocation of the edge
	// bounds (whose zeroing, when the memory is reused, is sequential too).
	var msg string
	var pre *edgeBounds
	bounds := g == certify.HyperbolicGeometry && quickLengthsApply(g, opt) && c.EdgeLengths != nil && len(c.EdgeLengths) == len(t.Edges)
	var wg sync.WaitGroup
	aside := func(step func()) { // on its own goroutine when there are workers for it
		if workers > 1 {
			wg.Go(step)
		} else {
			step()
		}
	}
	aside(func() { msg = structure(n, t.Edges) })
	if bounds {
		aside(func() { pre = newEdgeBounds(len(t.Edges)) })
	}
	adj := adjacency(n, t.Edges)
	wg.Wait()
	rep.IsTree = msg == ""
	if !rep.IsTree {
		rep.Failures = append(rep.Failures, Failure{-1, msg})
	}
	if ns, nt := n-t.Terminals, t.Terminals; ns > 0 && ns > nt-2 {
		rep.Failures = append(rep.Failures, Failure{-1, fmt.Sprintf("%d Steiner points for %d terminals: a Steiner tree has at most %d", ns, nt, max(nt-2, 0))})
	}

	declared := map[int]sll.Unproved{}
	for _, u := range t.Unproved {
		declared[u.Vertex] = u
	}
	checkSteinerPoints(rep, g, t, c, adj, declared, opt, workers, pre)
	if !opt.SkipAngles {
		checkAngles(rep, g, t, adj, workers, opt.reporter("enclosing angles", n))
	} else {
		rep.Angles.SmallestVertex = -1
	}
	checkLengths(rep, g, pl, t, c, opt, workers, pre)
	slices.SortStableFunc(rep.Failures, func(a, b Failure) int { return a.Vertex - b.Vertex })
	rep.OK = len(rep.Failures) == 0
	return rep, nil
}

// graph lists the neighbours of every vertex, in the order of the edges,
// in compressed rows, with the index of the edge to each.
type graph struct {
	off []int32 // the neighbours of v are nbr[off[v]:off[v+1]]
	nbr []int32
	eid []int32 // eid[i] is the edge between v and nbr[i]
}

func adjacency(n int, edges [][2]int) graph {
	g := graph{off: make([]int32, n+1), nbr: make([]int32, 2*len(edges)), eid: make([]int32, 2*len(edges))}
	for _, e := range edges {
		g.off[e[0]+1]++
		g.off[e[1]+1]++
	}
	for v := range n {
		g.off[v+1] += g.off[v]
	}
	fill := make([]int32, n)
	copy(fill, g.off[:n])
	for k, e := range edges {
		g.nbr[fill[e[0]]], g.eid[fill[e[0]]] = int32(e[1]), int32(k)
		fill[e[0]]++
		g.nbr[fill[e[1]]], g.eid[fill[e[1]]] = int32(e[0]), int32(k)
		fill[e[1]]++
	}
	return g
}

// of returns the neighbours of v.
func (g graph) of(v int) []int32 { return g.nbr[g.off[v]:g.off[v+1]] }

// edgesOf returns the edges of v, in the order of its neighbours.
func (g graph) edgesOf(v int) []int32 { return g.eid[g.off[v]:g.off[v+1]] }

// structure returns "" if the graph on n vertices is a tree, else why
// not: a cycle (naming the edge that closes it) or a disconnected graph
// (naming the number of parts).
func structure(n int, edges [][2]int) string {
	sets := unionfind.New(n)
	parts := n
	for k, e := range edges {
		if !sets.Union(int32(e[0]), int32(e[1])) {
			return fmt.Sprintf("not a tree: edge %d [%d, %d] closes a cycle", k, e[0], e[1])
		}
		parts--
	}
	if parts > 1 {
		return fmt.Sprintf("not a tree: the graph is disconnected (%d parts; %d vertices but %d edges)", parts, n, len(edges))
	}
	return ""
}

// checkSteinerPoints certifies every Steiner point, in parallel (each
// worker keeps its prover). With pre, it also tries the quick proof of
// the stored lengths of the edges at each Steiner point whose neighbours
// it has just read (certify.HyperbolicLengthQuick), for quickLengths.
func checkSteinerPoints(rep *Report, g certify.Geometry, t *sll.Tree, c Claims, adj graph, declared map[int]sll.Unproved, opt Options,
	workers int, pre *edgeBounds) {
	n := len(t.Vertices)
	ns := n - t.Terminals
	rep.SteinerPoints = make([]SteinerPoint, ns)
	type scratch struct {
		fp   certify.FermatProver
		cert certify.FermatCert
	}
	sc := make([]*scratch, workers)
	parallel.Blocks(ns, workers, func(w, lo, hi int) {
		if sc[w] == nil {
			sc[w] = &scratch{fp: g.NewFermatProver()}
		}
		// The neighbours lie scattered: load a block's first.
		var corners [parallel.Chunk][3]hyperbolic.Point
		for i := lo; i < hi; i++ {
			if nb := adj.of(t.Terminals + i); len(nb) == 3 {
				corners[i-lo] = [3]hyperbolic.Point{t.Vertices[nb[0]], t.Vertices[nb[1]], t.Vertices[nb[2]]}
			}
		}
		for i := lo; i < hi; i++ {
			v := t.Terminals + i
			d, isDeclared := declared[v]
			checkSteiner(&rep.SteinerPoints[i], g, sc[w].fp, &sc[w].cert, corners[i-lo], t.Vertices[v], adj.of(v), v, d, isDeclared, opt)
			if pre != nil {
				pre.steinerEdges(t, c, adj, v)
			}
		}
	}, opt.reporter("certifying Steiner points", ns))
	maxR, maxEps := new(big.Float), 0.0
	s := &rep.Steiner
	s.Count = ns
	for i := range rep.SteinerPoints {
		sp := &rep.SteinerPoints[i]
		switch sp.Status {
		case "certified":
		case "declared":
			s.Declared++
			if opt.Strict {
				s.Failed++
				rep.Failures = append(rep.Failures, Failure{sp.Vertex, sp.Message})
			}
			continue
		default:
			s.Failed++
			rep.Failures = append(rep.Failures, Failure{sp.Vertex, sp.Message})
			continue
		}
		s.Certified++
		if _, ok := declared[sp.Vertex]; ok {
			s.Relaxed++
		}
		if opt.Verdicts {
			continue
		}
		s.MaxPrec = max(s.MaxPrec, sp.Prec)
		if r, _, err := big.ParseFloat(sp.Radius, 10, 64, big.ToPositiveInf); err == nil && r.Cmp(maxR) > 0 {
			maxR = r
		}
		if e, _, err := big.ParseFloat(sp.AngleErr, 10, 64, big.ToPositiveInf); err == nil {
			f, _ := e.Float64()
			maxEps = max(maxEps, f)
		}
	}
	if !opt.Verdicts {
		s.MaxRadius = up(maxR, 3)
		s.MaxAngleErr = up64(maxEps, 3)
	}
}

// certifiedStatus is SteinerPoint.Status of a certified point.
var certifiedStatus = certify.FermatCertified.String()

// checkSteiner certifies the Steiner point v, at p, with neighbours nb
// (at corners when there are three) against its claim: the default
// tolerance, or the radius the file declares, into s (zero: only the
// fields that are set are written, a certified point's verdict in a few
// words).
func checkSteiner(s *SteinerPoint, g certify.Geometry, fp certify.FermatProver, cert *certify.FermatCert, corners [3]hyperbolic.Point, p hyperbolic.Point, nb []int32, v int,
	d sll.Unproved, isDeclared bool, opt Options) {
	s.Vertex = v
	defer func() {
		if !opt.Verdicts || s.Status != "certified" {
			s.Neighbors = make([]int, len(nb))
			for i, u := range nb {
				s.Neighbors[i] = int(u)
			}
		}
	}()
	if isDeclared && d.Radius == 0 {
		s.Status = "declared"
		s.Message = "declared unproved by the file: " + d.Reason
		return
	}
	if len(nb) != 3 {
		s.Status = "degree"
		s.Message = fmt.Sprintf("Steiner point of degree %d, expected 3", len(nb))
		return
	}
	a, b, c := corners[0], corners[1], corners[2]
	fo := certify.FermatOptions{Prec: opt.Prec, Tol: opt.Tol, Quick: opt.Verdicts}
	if isDeclared {
		fo.Abs = d.Radius
	}
	if opt.Verdicts && g == certify.HyperbolicGeometry && certify.QuickFermat(a, b, c, p, fo) {
		s.Status = certifiedStatus
		return
	}
	if err := fp.Certify(cert, a, b, c, p, fo); err != nil { // validated input: cannot happen
		s.Status = "undecided"
		s.Message = err.Error()
		return
	}
	s.Status = cert.Status.String()
	if opt.Verdicts && cert.Status == certify.FermatCertified {
		return
	}
	s.Tol = up64(cert.TolAbs, 3)
	if cert.Proved {
		s.Prec = cert.Prec
		s.Radius = up(&cert.Offset, 3)
	}
	switch cert.Status {
	case certify.FermatCertified:
		eps := 0.0
		for k := range 3 {
			cs, err := g.CosAngle(corners[k], p, corners[(k+1)%3])
			if err != nil {
				eps = math.Inf(1)
				break
			}
			eps = max(eps, certify.AngleDev120_64(cs))
		}
		s.AngleErr = up64(eps, 3)
	case certify.FermatRefuted:
		if cert.Proved {
			s.Message = fmt.Sprintf("not the Fermat point of its neighbours %d, %d, %d: that point is proved at distance > %s (tolerance %s)",
				nb[0], nb[1], nb[2], down(distLowerBound(cert), 3), s.Tol)
		} else {
			s.Message = fmt.Sprintf("not the Fermat point of its neighbours %d, %d, %d: no point within the tolerance %s sees them under 120°",
				nb[0], nb[1], nb[2], s.Tol)
		}
	case certify.FermatNone:
		if cert.Wide < 0 {
			s.Message = fmt.Sprintf("two of its neighbours %d, %d, %d coincide: no Fermat point", nb[0], nb[1], nb[2])
		} else {
			how := "≥"
			if cert.Equal120 {
				how = "exactly"
			}
			s.Message = fmt.Sprintf("its neighbours %d, %d, %d have no Fermat point: the angle at %d is %s 120°",
				nb[0], nb[1], nb[2], nb[cert.Wide], how)
		}
	default:
		s.Message = fmt.Sprintf("could not be certified up to %d bits", certify.DefaultMaxPrec)
	}
	return
}

// distLowerBound returns a lower bound of the max-norm distance from the
// candidate to the enclosure of a proved certificate.
func distLowerBound(cert *certify.FermatCert) *big.Float {
	best := new(big.Float)
	for i, c := range [2]float64{cert.Candidate.X, cert.Candidate.Y} {
		cf := new(big.Float).SetFloat64(c)
		gap := new(big.Float).SetPrec(cert.Prec + 64).SetMode(big.ToNegativeInf)
		switch b := &cert.Box[i]; {
		case b.Lo.Cmp(cf) > 0:
			gap.Sub(&b.Lo, cf)
		case b.Hi.Cmp(cf) < 0:
			gap.Sub(cf, &b.Hi)
		default:
			continue
		}
		if gap.Cmp(best) > 0 {
			best = gap
		}
	}
	return best
}

// checkAngles encloses the smallest angle at every vertex and classifies
// it.
func checkAngles(rep *Report, g certify.Geometry, t *sll.Tree, adj graph, workers int, report func(int)) {
	n := len(t.Vertices)
	certified := make([]bool, n)
	for _, s := range rep.SteinerPoints {
		certified[s.Vertex] = s.Status == "certified"
	}
	rep.VertexAngles = make([]VertexAngle, n)
	degs := make([]certify.Interval64, n)
	parallel.For(n, workers, func(_, v int) {
		rep.VertexAngles[v], degs[v] = vertexAngle(g, t.Vertices, adj.of(v), v, certified[v])
	}, report)
	a := &rep.Angles
	a.SmallestVertex = -1
	for v := range rep.VertexAngles {
		va := &rep.VertexAngles[v]
		switch va.Class {
		case "leaf":
			a.Leaves++
		case "below":
			a.Below++
		case "exactly_120":
			a.Exactly120++
			a.AtOrAbove++
		case "at_or_above":
			a.AtOrAbove++
		case "steiner_120":
			a.Steiner120++
		case "undefined":
			rep.Failures = append(rep.Failures, Failure{v, "the smallest angle could not be enclosed"})
		}
		if va.Class != "leaf" && va.Class != "undefined" && (a.SmallestVertex < 0 || degs[v].Lo < degs[a.SmallestVertex].Lo) {
			a.SmallestVertex = v
			a.SmallestDeg = va.Smallest
		}
	}
}

// vertexAngle encloses the smallest angle at v and classifies it.
func vertexAngle(g certify.Geometry, vs []hyperbolic.Point, nb []int32, v int, steiner120 bool) (VertexAngle, certify.Interval64) {
	va := VertexAngle{Vertex: v, Degree: len(nb), Class: "leaf"}
	pts := make([]hyperbolic.Point, 0, len(nb))
	for _, u := range nb {
		if vs[u] != vs[v] { // an edge of length zero has no direction
			pts = append(pts, vs[u])
		}
	}
	if len(pts) < 2 {
		return va, certify.Interval64{}
	}
	sa, err := certify.SmallestAngleIn(g, vs[v], pts)
	if err != nil {
		va.Class = "undefined"
		return va, certify.Interval64{}
	}
	va.Smallest = [2]string{down(new(big.Float).SetFloat64(sa.Deg.Lo), 16), up(new(big.Float).SetFloat64(sa.Deg.Hi), 16)}
	switch {
	case steiner120:
		va.Class = "steiner_120"
	case sa.Cmp120 < 0:
		va.Class = "below"
	case sa.Cmp120 == 0:
		va.Class = "exactly_120"
	default:
		va.Class = "at_or_above"
	}
	return va, sa.Deg
}

// enclosure is [lo, hi] in big.Float.
type enclosure struct{ lo, hi *big.Float }

// sum encloses the sum of the enclosures, at 64 bits more than prec.
func sum(xs []certify.Interval, prec uint) enclosure {
	prec = max(prec, 64) + 64
	lo := new(big.Float).SetPrec(prec).SetMode(big.ToNegativeInf)
	hi := new(big.Float).SetPrec(prec).SetMode(big.ToPositiveInf)
	for k := range xs {
		lo.Add(lo, &xs[k].Lo)
		hi.Add(hi, &xs[k].Hi)
	}
	return enclosure{lo, hi}
}

// lengths encloses the distances of the given vertex pairs.
func lengths(g certify.Geometry, vs []hyperbolic.Point, pairs [][2]int, prec uint, workers int, report func(int)) []certify.Interval {
	out := make([]certify.Interval, len(pairs))
	parallel.For(len(pairs), workers, func(_, k int) {
		e := pairs[k]
		if _, err := g.Dist(&out[k], vs[e[0]], vs[e[1]], prec); err != nil {
			// Validated points: cannot happen; an infinite enclosure
			// makes every claim about this length fail.
			out[k].SetPrec(53)
			out[k].Lo.SetInf(true)
			out[k].Hi.SetInf(false)
		}
	}, report)
	return out
}

// within reports whether x lies in [lo·(1 − LengthRelTol) − k·u, hi·(1 +
// LengthRelTol) + k·u], exactly, where u = 2⁻¹⁰⁷⁴ is the spacing of
// float64 among the subnormals: a length there is held to that grid, not
// to a relative accuracy, and a sum of k of them to k steps of it.
func within(x float64, e enclosure, k int) bool {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return false
	}
	const prec = 256
	tol := new(big.Float).SetPrec(prec).SetFloat64(LengthRelTol)
	grid := new(big.Float).SetPrec(prec).SetFloat64(0x1p-1074 * float64(max(k, 1)))
	one := new(big.Float).SetPrec(prec).SetInt64(1)
	lo := new(big.Float).SetPrec(prec).SetMode(big.ToNegativeInf).Sub(one, tol)
	lo.Mul(lo, e.lo)
	lo.Sub(lo, grid)
	hi := new(big.Float).SetPrec(prec).SetMode(big.ToPositiveInf).Add(one, tol)
	hi.Mul(hi, e.hi)
	hi.Add(hi, grid)
	xf := new(big.Float).SetFloat64(x)
	return lo.Cmp(xf) <= 0 && xf.Cmp(hi) <= 0
}

// relDist bounds max(|x − lo|, |x − hi|)/lo: how far x may be from the
// value enclosed by [lo, hi], relative to it (0 if lo is 0).
func relDist(x float64, e enclosure) *big.Float {
	if e.lo.Sign() <= 0 || e.lo.IsInf() || e.hi.IsInf() {
		return new(big.Float)
	}
	xf := new(big.Float).SetFloat64(x)
	p := e.lo.Prec() + 64
	a := new(big.Float).SetPrec(p).SetMode(big.ToPositiveInf).Sub(xf, e.lo)
	b := new(big.Float).SetPrec(p).SetMode(big.ToPositiveInf).Sub(e.hi, xf)
	d := a.Abs(a)
	if b.Abs(b).Cmp(d) > 0 {
		d = b
	}
	return d.Quo(d, e.lo)
}

func (e enclosure) text(digits int) [2]string { return [2]string{down(e.lo, digits), up(e.hi, digits)} }

// edgeClaims encloses every edge length and the total, and judges the
// stored "edge_lengths" and "length".
func edgeClaims(rep *Report, claim func(string, float64, bool, [2]string, string, string), g certify.Geometry, t *sll.Tree, c Claims,
	opt Options, workers, digits int, report func(int)) {
	edges := lengths(g, t.Vertices, t.Edges, opt.Prec, workers, report)
	total := sum(edges, opt.Prec)
	rep.Length.Enclosure = total.text(digits)
	if c.EdgeLengths != nil {
		worst, bad := new(big.Float), -1
		for k := range edges {
			e := enclosure{&edges[k].Lo, &edges[k].Hi}
			if r := relDist(c.EdgeLengths[k], e); r.Cmp(worst) > 0 {
				worst = r
			}
			if bad < 0 && !within(c.EdgeLengths[k], e, 1) {
				bad = k
			}
		}
		rep.Length.EdgeLengthsRelErr = up(worst, 3)
		msg := ""
		var ex [2]string
		stored := 0.0
		if bad >= 0 {
			e := enclosure{&edges[bad].Lo, &edges[bad].Hi}
			ex, stored = e.text(17), c.EdgeLengths[bad]
			msg = fmt.Sprintf("edge_lengths: edge %d [%d, %d] stores %s, but its length is in [%s, %s] (claims are within %g relative)",
				bad, t.Edges[bad][0], t.Edges[bad][1], jsonnum.Format(stored), ex[0], ex[1], LengthRelTol)
		}
		claim("edge_lengths", stored, bad < 0, ex, "", msg)
	}
	if c.Length != nil {
		ok := within(*c.Length, total, len(edges))
		msg := ""
		if !ok {
			msg = fmt.Sprintf("length: stored %s, but the edges' lengths sum to [%s, %s] (relative error ≤ %s; claims are within %g)",
				jsonnum.Format(*c.Length), rep.Length.Enclosure[0], rep.Length.Enclosure[1], up(relDist(*c.Length, total), 3), LengthRelTol)
		}
		claim("length", *c.Length, ok, rep.Length.Enclosure, "", msg)
	}
}

// checkLengths encloses the length and judges every stored number (pre
// holds the quick enclosures of the Steiner pass, or is nil).
func checkLengths(rep *Report, g certify.Geometry, pl plane.Plane, t *sll.Tree, c Claims, opt Options, workers int, pre *edgeBounds) {
	digits := max(17, int(float64(opt.Prec)*math.Log10(2))+1)
	claim := func(name string, stored float64, ok bool, exact [2]string, expected, msg string) {
		rep.Claims = append(rep.Claims, Claim{Name: name, Stored: jsonnum.Float(stored), Exact: exact, Expected: expected, OK: ok, Message: msg})
		if !ok {
			rep.Failures = append(rep.Failures, Failure{-1, msg})
		}
	}
	report := opt.reporter("enclosing edge lengths", len(t.Edges))
	if quickLengthsApply(g, opt) && quickLengths(g, g.(certify.QuickDist), t, c, workers, report, pre) {
		if c.EdgeLengths != nil {
			claim("edge_lengths", 0, true, [2]string{}, "", "")
		}
		if c.Length != nil {
			claim("length", *c.Length, true, [2]string{}, "", "")
		}
	} else {
		edgeClaims(rep, claim, g, t, c, opt, workers, digits, report)
	}
	if c.MSTLength != nil && !opt.SkipMST {
		mst, ok, msg := mstEnclosure(g, pl, t, opt, workers)
		var ex [2]string
		if ok {
			ex = mst.text(digits)
			if !within(*c.MSTLength, mst, t.Terminals) {
				ok = false
				msg = fmt.Sprintf("mst_length: stored %s, but a minimum spanning tree of the terminals is [%s, %s] long (claims are within %g relative)",
					jsonnum.Format(*c.MSTLength), ex[0], ex[1], LengthRelTol)
			}
		}
		claim("mst_length", *c.MSTLength, ok, ex, "", msg)
	}
	// A ratio or RED stated without the numbers it is computed from has
	// nothing to be checked against: it fails (it used to be skipped, and
	// a file with "ratio": 0.5 and no "length" passed).
	if c.Ratio != nil && (c.Length == nil || c.MSTLength == nil) {
		claim("ratio", *c.Ratio, false, [2]string{}, "",
			fmt.Sprintf("ratio: stored %s without the length and mst_length it is the quotient of", jsonnum.Format(*c.Ratio)))
	}
	if c.RED != nil && c.Ratio == nil {
		claim("red_percent", *c.RED, false, [2]string{}, "",
			fmt.Sprintf("red_percent: stored %s without the ratio it is computed from", jsonnum.Format(*c.RED)))
	}
	if c.Ratio != nil && c.Length != nil && c.MSTLength != nil {
		want := 1.0
		if *c.MSTLength != 0 {
			want = *c.Length / *c.MSTLength
		}
		ok := closeUlps(*c.Ratio, want, 2)
		msg := ""
		if !ok {
			msg = fmt.Sprintf("ratio: stored %s, but length / mst_length = %s", jsonnum.Format(*c.Ratio), jsonnum.Format(want))
		}
		claim("ratio", *c.Ratio, ok, [2]string{}, jsonnum.Format(want), msg)
	}
	if c.RED != nil && c.Ratio != nil {
		want := (1 - *c.Ratio) * 100
		ok := math.Abs(*c.RED-want) <= 1e-13
		msg := ""
		if !ok {
			msg = fmt.Sprintf("red_percent: stored %s, but (1 − ratio)·100 = %s", jsonnum.Format(*c.RED), jsonnum.Format(want))
		}
		claim("red_percent", *c.RED, ok, [2]string{}, jsonnum.Format(want), msg)
	}
	checkModels(claim, t, c.Models, workers)
	fst3, fst4, _ := t.FullComponents()
	for _, fc := range []struct {
		name   string
		stored *int
		want   int
		what   string
	}{{"fst3", c.FST3, fst3, "one Steiner point"}, {"fst4", c.FST4, fst4, "two Steiner points"}} {
		if fc.stored == nil {
			continue
		}
		ok := *fc.stored == fc.want
		msg := ""
		if !ok {
			msg = fmt.Sprintf("%s: stored %d, but the tree has %d full components with %s", fc.name, *fc.stored, fc.want, fc.what)
		}
		claim(fc.name, float64(*fc.stored), ok, [2]string{}, fmt.Sprint(fc.want), msg)
	}
}

// closeUlps reports whether x and y are at most k units in the last place
// of y apart.
func closeUlps(x, y float64, k int) bool {
	if x == y {
		return true
	}
	u := math.Nextafter(math.Abs(y), math.Inf(1)) - math.Abs(y)
	return math.Abs(x-y) <= float64(k)*u
}

// mstEnclosure encloses the length of a minimum spanning tree of the
// terminals (mst.Build chooses its edges; their lengths are
// enclosed; a tree chosen within rounding of the minimum is within
// LengthRelTol of its length).
func mstEnclosure(g certify.Geometry, pl plane.Plane, t *sll.Tree, opt Options, workers int) (enclosure, bool, string) {
	terms := t.Vertices[:t.Terminals]
	report := opt.reporter("MST of the terminals", max(t.Terminals-1, 0)) // counts the edges enclosed
	tr, err := mst.Build(pl, terms, workers)
	if err != nil {
		return enclosure{}, false, fmt.Sprintf("mst_length: the terminals have no minimum spanning tree to compare with: %v", err)
	}
	pairs := make([][2]int, len(tr.Edges))
	for i, e := range tr.Edges {
		pairs[i] = [2]int{int(e[0]), int(e[1])}
	}
	return sum(lengths(g, terms, pairs, opt.Prec, workers, report), opt.Prec), true, ""
}

// SelfCheck certifies a tree that its writer is about to write, and
// records in t.Unproved what could not be proved, so that the written
// file claims only what is true: a Steiner point whose Fermat point is
// proved within a radius r but not within the default tolerance is
// declared with a radius just above r (what float64, or the strategy,
// could reach there); any other Steiner point that fails is declared with
// no claim, and the reason. Entries already in t.Unproved are replaced.
// The "mst_length" claim is not judged (the writer computed the MST).
// It returns the report of the tree as declared, which passes Check
// unless a length claim is false (a defect of the writer, reported as
// such); the report holds the verdicts (Options.Verdicts).
func SelfCheck(t *sll.Tree, opt Options) (*Report, error) {
	opt.SkipMST, opt.Strict, opt.Verdicts = true, false, true
	t.Unproved = nil
	rep, err := Check(t, ClaimsOf(t), opt)
	if err != nil || rep.OK {
		return rep, err
	}
	for _, s := range rep.SteinerPoints {
		if s.Status == "certified" {
			continue
		}
		u := sll.Unproved{Vertex: s.Vertex, Reason: s.Message}
		if s.Status == "refuted" && s.Radius != "" {
			if r, err := strconv.ParseFloat(s.Radius, 64); err == nil && r > 0 && !math.IsInf(r, 0) {
				// The printed radius is rounded up; a little more keeps the
				// claim clear of the proof's own rounding.
				u.Radius = r * (1 + 1.0/1024)
				u.Reason = fmt.Sprintf("within %s of the Fermat point of its neighbours, not within the default tolerance %s", s.Radius, s.Tol)
			}
		}
		t.Unproved = append(t.Unproved, u)
	}
	if len(t.Unproved) == 0 {
		return rep, nil
	}
	return Check(t, ClaimsOf(t), opt)
}
