package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/big"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/cli"
	"github.com/hypersteiner/hypersteiner/sll"
)

func init() {
	register("tree", "certify a Steiner tree: its Fermat points, angles and length", runTree)
}

const treeUsage = `usage: verify tree [flags] FILE.json

Certifies a Steiner tree written by 'hypersteiner tree' (Klein model):

  - every Steiner point (vertex index ≥ terminals) has degree 3 and lies
    within r ≤ tol·size (+ 4 ulps of the coordinates, the float64
    resolution there) of the Fermat point of its three neighbours (as
    stored), where size is the neighbours' largest coordinate difference:
    the Fermat point is proved in a Krawczyk box (certify.FermatCertifier)
    and r is a rigorous upper bound (max norm, Klein coordinates) of its
    distance to the stored point; its three angles are reported as
    120° ± ε with ε a rigorous bound;
  - at every vertex of degree ≥ 2, the smallest angle between incident
    edges is enclosed, and compared with 120° exactly (big.Rat where the
    enclosure cannot tell); certified Steiner points count as "at 120°";
  - the total length is enclosed (sum of certified edge lengths).

Exit status: 0 when every Steiner point is certified and the graph is a
tree, 1 when one is not (each failure is listed), 2 for unusable input
(malformed JSON, a vertex outside the disk, an edge naming no vertex).
'-' reads the tree from standard input.

flags:
`

// treeFlags are the options of verify tree.
type treeFlags struct {
	prec    uint
	tol     float64
	workers int
}

func runTree(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	const prog = "verify tree"
	fs := flag.NewFlagSet("tree", flag.ContinueOnError)
	prec := fs.Uint("prec", 53, "working precision in bits of the certificates (53: float64 interval arithmetic first, raised only where needed)")
	tol := fs.Float64("tol", certify.DefaultFermatTol, "accepted distance from a Steiner point to the Fermat point of its neighbours, relative to their size")
	asJSON := fs.Bool("json", false, "print a JSON report instead of the summary")
	workers := fs.Int("workers", 0, "goroutines (0: all cores; the report does not depend on it)")
	fs.Usage = func() { fmt.Fprint(fs.Output(), treeUsage); fs.PrintDefaults() }
	fs.SetOutput(stderr)
	rest, err := cli.ParseFlags(fs, args)
	if err != nil {
		return cli.Report(stderr, prog, err)
	}
	if len(rest) != 1 {
		return cli.Report(stderr, prog, cli.Usagef("want one FILE.json, got %d arguments", len(rest)))
	}
	if err := checkPrec(*prec); err != nil {
		return cli.Report(stderr, prog, err)
	}
	if err := checkTol(*tol); err != nil {
		return cli.Report(stderr, prog, err)
	}
	data, name, err := readAll(rest[0], stdin)
	if err != nil {
		return cli.Report(stderr, prog, err)
	}
	tree, err := parseTree(data, name)
	if err != nil {
		return cli.Report(stderr, prog, cli.Input(err))
	}
	rep := verifyTree(tree, treeFlags{prec: *prec, tol: *tol, workers: *workers})
	rep.File = name
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return cli.Report(stderr, prog, err)
		}
	} else {
		rep.write(stdout)
	}
	if !rep.OK {
		return cli.Report(stderr, prog, cli.Failedf("%s: %s", name, rep.failureSummary()))
	}
	return cli.ExitOK
}

// parseTree reads and validates a tree: errors here make the input
// unusable (exit 2). A Steiner point of the wrong degree or a graph that
// is not a tree are not input errors but failures of the tree, found by
// verifyTree.
func parseTree(data []byte, name string) (*sll.Tree, error) {
	var t sll.Tree
	if err := json.Unmarshal(data, &t); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, fmt.Errorf("%s: byte %d: malformed JSON: %v", name, se.Offset, err)
		}
		return nil, fmt.Errorf("%s: not a tree JSON: %v", name, err)
	}
	var head struct {
		Model string `json:"model"`
	}
	if err := json.Unmarshal(data, &head); err == nil && head.Model != "" && head.Model != "klein" {
		return nil, fmt.Errorf("%s: model %q: trees are certified in Klein coordinates (\"model\": \"klein\")", name, head.Model)
	}
	if t.Space != "" && t.Space != "hyperbolic" {
		return nil, fmt.Errorf("%s: space %q: only hyperbolic trees (Klein model) can be certified", name, t.Space)
	}
	n := len(t.Vertices)
	if t.Terminals < 0 || t.Terminals > n {
		return nil, fmt.Errorf("%s: \"terminals\" is %d but there are %d vertices", name, t.Terminals, n)
	}
	for i, v := range t.Vertices {
		if err := v.Check(); err != nil {
			return nil, fmt.Errorf("%s: vertex %d (%s): %v", name, i, kind(i, t.Terminals), err)
		}
	}
	for k, e := range t.Edges {
		for _, v := range e {
			if v < 0 || v >= n {
				return nil, fmt.Errorf("%s: edge %d [%d, %d]: vertex index %d is out of range (%d vertices)", name, k, e[0], e[1], v, n)
			}
		}
		if e[0] == e[1] {
			return nil, fmt.Errorf("%s: edge %d [%d, %d] is a loop", name, k, e[0], e[1])
		}
	}
	if t.EdgeLengths != nil && len(t.EdgeLengths) != len(t.Edges) {
		return nil, fmt.Errorf("%s: %d edge lengths for %d edges", name, len(t.EdgeLengths), len(t.Edges))
	}
	return &t, nil
}

func kind(i, terminals int) string {
	if i < terminals {
		return "terminal"
	}
	return "Steiner point"
}

// Report types (the --json output).

type treeReport struct {
	File      string    `json:"file"`
	OK        bool      `json:"ok"`
	Prec      uint      `json:"prec"`
	Tol       cli.Float `json:"tol"`
	Terminals int       `json:"terminals"`
	Vertices  int       `json:"vertices"`
	Edges     int       `json:"edges"`
	// IsTree: connected, without cycles.
	IsTree   bool           `json:"is_tree"`
	Steiner  steinerSummary `json:"steiner"`
	Angles   angleSummary   `json:"angles"`
	Length   lengthReport   `json:"length"`
	Failures []failure      `json:"failures"`
	// SteinerPoints and VertexAngles are per vertex, in index order.
	SteinerPoints []steinerReport `json:"steiner_points"`
	VertexAngles  []vertexAngle   `json:"vertex_angles"`
}

type failure struct {
	Vertex  int    `json:"vertex"` // −1 for the tree as a whole
	Message string `json:"message"`
}

type steinerSummary struct {
	Count     int `json:"count"`
	Certified int `json:"certified"`
	Failed    int `json:"failed"`
	// MaxRadius is the largest r (upper bound), MaxAngleErr the largest ε
	// in degrees over the certified Steiner points.
	MaxRadius   string `json:"max_radius"`
	MaxAngleErr string `json:"max_angle_err_deg"`
	// MaxPrec is the highest precision a certificate needed.
	MaxPrec uint `json:"max_prec"`
}

type steinerReport struct {
	Vertex    int    `json:"vertex"`
	Neighbors []int  `json:"neighbors"`
	Status    string `json:"status"` // certified, refuted, none, undecided, degree
	// Radius bounds the distance (max norm, Klein) from the stored point
	// to the Fermat point of the neighbours; Tol is the accepted one.
	Radius string `json:"radius,omitempty"`
	Tol    string `json:"tol,omitempty"`
	Prec   uint   `json:"prec,omitempty"`
	// AngleErr bounds |θ − 120°| in degrees for the three angles at the
	// stored point.
	AngleErr string `json:"angle_err_deg,omitempty"`
	Message  string `json:"message,omitempty"`
}

type angleSummary struct {
	Leaves int `json:"leaves"` // degree ≤ 1, or fewer than two distinct neighbour positions
	// Below: the smallest angle is < 120° (exact); AtOrAbove: ≥ 120°
	// (exact), of which Exactly120 are exactly 120°; Steiner120: certified
	// Steiner points (120° ± ε).
	Below      int `json:"below_120"`
	AtOrAbove  int `json:"at_or_above_120"`
	Exactly120 int `json:"exactly_120"`
	Steiner120 int `json:"steiner_at_120"`
	// Smallest is the vertex with the smallest angle and its enclosure.
	SmallestVertex int       `json:"smallest_vertex"`
	SmallestDeg    [2]string `json:"smallest_deg"`
}

type vertexAngle struct {
	Vertex   int       `json:"vertex"`
	Degree   int       `json:"degree"`
	Smallest [2]string `json:"smallest_deg,omitempty"` // enclosure of the smallest angle, degrees
	Class    string    `json:"class"`                  // leaf, below, at_or_above, exactly_120, steiner_120
}

type lengthReport struct {
	// Enclosure of Σ d(u, v) over the edges.
	Enclosure [2]string `json:"enclosure"`
	// Stored is the file's "length"; StoredInside says whether it lies in
	// the enclosure, StoredRelErr bounds its relative distance to it.
	Stored       cli.Float `json:"stored"`
	StoredInside bool      `json:"stored_inside"`
	StoredRelErr string    `json:"stored_rel_err"`
	// EdgeLengthsRelErr bounds the largest relative error of the stored
	// edge lengths.
	EdgeLengthsRelErr string `json:"edge_lengths_rel_err"`
}

// verifyTree checks a validated tree.
func verifyTree(t *sll.Tree, opt treeFlags) *treeReport {
	n := len(t.Vertices)
	rep := &treeReport{Prec: opt.prec, Tol: cli.Float(opt.tol), Terminals: t.Terminals, Vertices: n,
		Edges: len(t.Edges), Failures: []failure{}, SteinerPoints: []steinerReport{}}
	adj := make([][]int, n)
	for _, e := range t.Edges {
		adj[e[0]] = append(adj[e[0]], e[1])
		adj[e[1]] = append(adj[e[1]], e[0])
	}
	rep.IsTree = true
	if msg := treeStructure(n, t.Edges); msg != "" {
		rep.IsTree = false
		rep.Failures = append(rep.Failures, failure{-1, msg})
	}

	// Steiner points, in parallel; each worker keeps its certifier.
	ns := n - t.Terminals
	rep.SteinerPoints = make([]steinerReport, ns)
	type scratch struct {
		fc   *certify.FermatCertifier
		cert certify.FermatCert
	}
	workers := opt.workers
	if workers <= 0 {
		workers = defaultWorkers()
	}
	sc := make([]*scratch, workers)
	parallelFor(ns, workers, func(w, i int) {
		if sc[w] == nil {
			sc[w] = &scratch{fc: certify.NewFermatCertifier()}
		}
		v := t.Terminals + i
		rep.SteinerPoints[i] = checkSteiner(sc[w].fc, &sc[w].cert, t.Vertices, adj[v], v, opt)
	})
	certified := make([]bool, n)
	maxR, maxEps := new(big.Float), 0.0
	rep.Steiner.Count = ns
	for i := range rep.SteinerPoints {
		s := &rep.SteinerPoints[i]
		if s.Status != "certified" {
			rep.Steiner.Failed++
			rep.Failures = append(rep.Failures, failure{s.Vertex, s.Message})
			continue
		}
		rep.Steiner.Certified++
		certified[s.Vertex] = true
		rep.Steiner.MaxPrec = max(rep.Steiner.MaxPrec, s.Prec)
		if r, _, err := big.ParseFloat(s.Radius, 10, 64, big.ToPositiveInf); err == nil && r.Cmp(maxR) > 0 {
			maxR = r
		}
		if e, _, err := big.ParseFloat(s.AngleErr, 10, 64, big.ToPositiveInf); err == nil {
			f, _ := e.Float64()
			maxEps = max(maxEps, f)
		}
	}
	rep.Steiner.MaxRadius = up(maxR, 3)
	rep.Steiner.MaxAngleErr = up64(maxEps, 3)

	// Smallest angles at every vertex.
	rep.VertexAngles = make([]vertexAngle, n)
	degs := make([]certify.Interval64, n)
	parallelFor(n, workers, func(_, v int) {
		rep.VertexAngles[v], degs[v] = vertexAngleAt(t.Vertices, adj[v], v, certified[v])
	})
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
			rep.Failures = append(rep.Failures, failure{v, "the smallest angle could not be enclosed"})
		}
		if va.Class != "leaf" && va.Class != "undefined" && (a.SmallestVertex < 0 || degs[v].Lo < degs[a.SmallestVertex].Lo) {
			a.SmallestVertex = v
			a.SmallestDeg = va.Smallest
		}
	}

	rep.Length = treeLength(t, opt, workers)
	sortFailures(rep.Failures)
	rep.OK = len(rep.Failures) == 0
	return rep
}

// treeStructure returns "" if the graph on n vertices is a tree, else why
// not.
func treeStructure(n int, edges [][2]int) string {
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for k, e := range edges {
		a, b := find(e[0]), find(e[1])
		if a == b {
			return fmt.Sprintf("not a tree: edge %d [%d, %d] closes a cycle", k, e[0], e[1])
		}
		parent[a] = b
	}
	if n > 0 && len(edges) != n-1 {
		return fmt.Sprintf("not a tree: %d vertices but %d edges (not connected)", n, len(edges))
	}
	return ""
}

// checkSteiner certifies the Steiner point v with neighbours nb.
func checkSteiner(fc *certify.FermatCertifier, cert *certify.FermatCert, vs []hyperbolic.Point, nb []int, v int, opt treeFlags) steinerReport {
	s := steinerReport{Vertex: v, Neighbors: append([]int(nil), nb...)}
	if len(nb) != 3 {
		s.Status = "degree"
		s.Message = fmt.Sprintf("Steiner point of degree %d, expected 3", len(nb))
		return s
	}
	a, b, c := vs[nb[0]], vs[nb[1]], vs[nb[2]]
	err := fc.Certify(cert, a, b, c, vs[v], certify.FermatOptions{Prec: opt.prec, Tol: opt.tol})
	if err != nil { // the tree was validated: cannot happen
		s.Status = "undecided"
		s.Message = err.Error()
		return s
	}
	s.Status = cert.Status.String()
	s.Tol = up64(cert.TolAbs, 3)
	if cert.Proved {
		s.Prec = cert.Prec
		s.Radius = up(&cert.Offset, 3)
	}
	switch cert.Status {
	case certify.FermatCertified:
		eps := 0.0
		for k := range 3 {
			cs, err := certify.CosAngle64(vs[nb[k]], vs[v], vs[nb[(k+1)%3]])
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
	return s
}

// distLowerBound returns a lower bound of the max-norm distance from the
// candidate to the enclosure of a proved certificate.
func distLowerBound(cert *certify.FermatCert) *big.Float {
	best := new(big.Float)
	for i, c := range [2]float64{cert.Candidate.X, cert.Candidate.Y} {
		cf := new(big.Float).SetFloat64(c)
		g := new(big.Float).SetPrec(cert.Prec + 64).SetMode(big.ToNegativeInf)
		switch b := &cert.Box[i]; {
		case b.Lo.Cmp(cf) > 0:
			g.Sub(&b.Lo, cf)
		case b.Hi.Cmp(cf) < 0:
			g.Sub(cf, &b.Hi)
		default:
			continue
		}
		if g.Cmp(best) > 0 {
			best = g
		}
	}
	return best
}

// vertexAngleAt encloses the smallest angle at v and classifies it.
func vertexAngleAt(vs []hyperbolic.Point, nb []int, v int, steiner120 bool) (vertexAngle, certify.Interval64) {
	va := vertexAngle{Vertex: v, Degree: len(nb), Class: "leaf"}
	pts := make([]hyperbolic.Point, 0, len(nb))
	for _, u := range nb {
		if vs[u] != vs[v] { // an edge of length zero has no direction
			pts = append(pts, vs[u])
		}
	}
	if len(pts) < 2 {
		return va, certify.Interval64{}
	}
	sa, err := certify.SmallestAngleAt(vs[v], pts)
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

// treeLength encloses the total length.
func treeLength(t *sll.Tree, opt treeFlags, workers int) lengthReport {
	n := len(t.Vertices)
	norm := make([]certify.Interval64, n)
	if opt.prec <= 53 {
		parallelFor(n, workers, func(_, i int) { norm[i] = certify.OneMinusNormSq64(t.Vertices[i]) })
	}
	lens := make([]certify.Interval, len(t.Edges))
	parallelFor(len(t.Edges), workers, func(_, k int) {
		e := t.Edges[k]
		p, q := t.Vertices[e[0]], t.Vertices[e[1]]
		if opt.prec <= 53 {
			s2, err := certify.SinhSqDist64(p, q, norm[e[0]], norm[e[1]])
			if err == nil {
				if d, err := certify.AsinhSqrt64(s2); err == nil {
					lens[k].SetPrec(53)
					lens[k].SetInterval64(d) // finite
					return
				}
			}
		}
		lens[k].Dist(p, q, max(opt.prec, 128)) // points validated: cannot fail
	})
	sp := max(opt.prec, 53) + 64
	lo := new(big.Float).SetPrec(sp).SetMode(big.ToNegativeInf)
	hi := new(big.Float).SetPrec(sp).SetMode(big.ToPositiveInf)
	relMax := new(big.Float)
	for k := range lens {
		lo.Add(lo, &lens[k].Lo)
		hi.Add(hi, &lens[k].Hi)
		if t.EdgeLengths != nil {
			if r := relDist(t.EdgeLengths[k], &lens[k].Lo, &lens[k].Hi); r.Cmp(relMax) > 0 {
				relMax = r
			}
		}
	}
	digits := max(17, int(float64(opt.prec)*math.Log10(2))+1) // what the precision carries
	lr := lengthReport{Enclosure: [2]string{down(lo, digits), up(hi, digits)}, Stored: cli.Float(t.Length)}
	sf := new(big.Float).SetFloat64(t.Length)
	lr.StoredInside = lo.Cmp(sf) <= 0 && sf.Cmp(hi) <= 0
	lr.StoredRelErr = up(relDist(t.Length, lo, hi), 3)
	lr.EdgeLengthsRelErr = up(relMax, 3)
	return lr
}

// relDist returns an upper bound of max(|x − lo|, |x − hi|)/lo — how far
// x may be from the value enclosed by [lo, hi], relative to it (0 if lo
// is 0).
func relDist(x float64, lo, hi *big.Float) *big.Float {
	if lo.Sign() <= 0 {
		return new(big.Float)
	}
	xf := new(big.Float).SetFloat64(x)
	p := lo.Prec() + 64
	a := new(big.Float).SetPrec(p).SetMode(big.ToPositiveInf).Sub(xf, lo)
	b := new(big.Float).SetPrec(p).SetMode(big.ToPositiveInf).Sub(hi, xf)
	d := a.Abs(a)
	if b.Abs(b).Cmp(d) > 0 {
		d = b
	}
	return d.Quo(d, lo)
}

func sortFailures(fs []failure) {
	for i := 1; i < len(fs); i++ { // insertion sort: stable, few entries
		for j := i; j > 0 && fs[j].Vertex < fs[j-1].Vertex; j-- {
			fs[j], fs[j-1] = fs[j-1], fs[j]
		}
	}
}

func (r *treeReport) failureSummary() string {
	var parts []string
	if !r.IsTree {
		parts = append(parts, "the graph is not a tree")
	}
	if r.Steiner.Failed > 0 {
		parts = append(parts, fmt.Sprintf("%d of %d Steiner points failed", r.Steiner.Failed, r.Steiner.Count))
	}
	if len(parts) == 0 {
		return fmt.Sprintf("%d checks failed", len(r.Failures))
	}
	s := parts[0]
	for _, p := range parts[1:] {
		s += "; " + p
	}
	return s
}

// maxListed caps the failures listed in the summary (--json lists all).
const maxListed = 50

func (r *treeReport) write(w io.Writer) {
	fmt.Fprintf(w, "verify tree %s: %s, %s, %s; precision %d bits\n", r.File,
		plural(r.Terminals, "terminal", "terminals"), plural(r.Steiner.Count, "Steiner point", "Steiner points"),
		plural(r.Edges, "edge", "edges"), r.Prec)
	if r.IsTree {
		fmt.Fprintln(w, "structure: a tree")
	}
	fmt.Fprintf(w, "Steiner points: %d certified, %d failed", r.Steiner.Certified, r.Steiner.Failed)
	if r.Steiner.Certified > 0 {
		fmt.Fprintf(w, "; each within r ≤ %s of the Fermat point of its neighbours (tolerance %g × their size + 4 ulps), angles 120° ± %s°",
			r.Steiner.MaxRadius, float64(r.Tol), r.Steiner.MaxAngleErr)
	}
	fmt.Fprintln(w)
	a := r.Angles
	fmt.Fprintf(w, "smallest angle at each vertex: %d below 120°, %d at or above 120° (%d exactly 120°), %d certified Steiner points at 120°, %d without an angle (leaves)\n",
		a.Below, a.AtOrAbove, a.Exactly120, a.Steiner120, a.Leaves)
	if a.SmallestVertex >= 0 {
		fmt.Fprintf(w, "  smallest: [%s, %s]° at vertex %d\n", a.SmallestDeg[0], a.SmallestDeg[1], a.SmallestVertex)
	}
	inside := "inside"
	if !r.Length.StoredInside {
		inside = "outside, relative error ≤ " + r.Length.StoredRelErr
	}
	fmt.Fprintf(w, "length: [%s, %s] (stored %s: %s; stored edge lengths within %s relative)\n",
		r.Length.Enclosure[0], r.Length.Enclosure[1], cli.FormatFloat(float64(r.Length.Stored)), inside, r.Length.EdgeLengthsRelErr)
	for i, f := range r.Failures {
		if i == maxListed {
			fmt.Fprintf(w, "… and %d more failures (--json lists all)\n", len(r.Failures)-maxListed)
			break
		}
		if f.Vertex < 0 {
			fmt.Fprintf(w, "FAIL: %s\n", f.Message)
		} else {
			fmt.Fprintf(w, "FAIL vertex %d (%s): %s\n", f.Vertex, kind(f.Vertex, r.Terminals), f.Message)
		}
	}
	if r.OK {
		fmt.Fprintln(w, "OK: every Steiner point is certified")
	}
}
