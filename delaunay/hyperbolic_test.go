package delaunay

import (
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// kleinPoints draws n points in the Klein disk: uniform in angle, with
// radius rmax·√U, optionally pushed towards the boundary.
func kleinPoints(n int, rmax float64, seed uint64) []Point {
	rng := rand.New(rand.NewPCG(seed, 5))
	pts := make([]Point, n)
	for i := 0; i < n; {
		th := 2 * math.Pi * rng.Float64()
		r := rmax * math.Sqrt(rng.Float64())
		pts[i] = Point{r * math.Cos(th), r * math.Sin(th)}
		if inOpenDisk(pts[i]) {
			i++
		}
	}
	return pts
}

// boundaryKlein draws points whose hyperbolic distance from the origin is
// uniform in [0, R]: most of them are close to the ideal boundary.
func boundaryKlein(n int, R float64, seed uint64) []Point {
	rng := rand.New(rand.NewPCG(seed, 6))
	pts := make([]Point, n)
	for i := 0; i < n; {
		th := 2 * math.Pi * rng.Float64()
		r := math.Tanh(R * rng.Float64()) // Klein radius of distance d is tanh d
		pts[i] = Point{r * math.Cos(th), r * math.Sin(th)}
		if inOpenDisk(pts[i]) {
			i++
		}
	}
	return pts
}

func inOpenDisk(p Point) bool {
	var buf [5]float64
	return expSign(oneMinusNorm2(buf[:], p)) > 0
}

const bfPrec = 512

// bruteInDisk decides |o| + ρ < 1 for the circumcircle of a, b, c with
// 512-bit square roots. It reports ok = false if the sum is within 2⁻⁴⁰⁰ of
// 1 (then the rounding of the square roots could matter).
func bruteInDisk(a, b, c Point) (inside, ok bool) {
	// Centre o from the perpendicular bisector equations, exactly.
	ax, ay, bx, by, cx, cy := ratOf(a.X), ratOf(a.Y), ratOf(b.X), ratOf(b.Y), ratOf(c.X), ratOf(c.Y)
	sub := func(x, y *big.Rat) *big.Rat { return new(big.Rat).Sub(x, y) }
	mul := func(x, y *big.Rat) *big.Rat { return new(big.Rat).Mul(x, y) }
	add := func(x, y *big.Rat) *big.Rat { return new(big.Rat).Add(x, y) }
	sq := func(x, y *big.Rat) *big.Rat { return add(mul(x, x), mul(y, y)) }
	// 2(b−a)·o = |b|²−|a|², 2(c−a)·o = |c|²−|a|².
	a11, a12 := mul(big.NewRat(2, 1), sub(bx, ax)), mul(big.NewRat(2, 1), sub(by, ay))
	a21, a22 := mul(big.NewRat(2, 1), sub(cx, ax)), mul(big.NewRat(2, 1), sub(cy, ay))
	r1, r2 := sub(sq(bx, by), sq(ax, ay)), sub(sq(cx, cy), sq(ax, ay))
	det := sub(mul(a11, a22), mul(a12, a21))
	ox := new(big.Rat).Quo(sub(mul(r1, a22), mul(a12, r2)), det)
	oy := new(big.Rat).Quo(sub(mul(a11, r2), mul(r1, a21)), det)
	fl := func(r *big.Rat) *big.Float { return new(big.Float).SetPrec(bfPrec).SetRat(r) }
	no := new(big.Float).SetPrec(bfPrec).Sqrt(fl(sq(ox, oy)))
	rho := new(big.Float).SetPrec(bfPrec).Sqrt(fl(sq(sub(ox, ax), sub(oy, ay))))
	s := new(big.Float).SetPrec(bfPrec).Add(no, rho)
	diff := new(big.Float).SetPrec(bfPrec).Sub(s, big.NewFloat(1))
	if diff.Sign() == 0 || diff.MantExp(nil) < -400 {
		return false, false
	}
	return diff.Sign() < 0, true
}

// bruteFaces lists, as sorted triples, every triple of pts whose
// circumcircle lies inside the disk and has no point strictly inside.
func bruteFaces(t tb, pts []Point) map[[3]int]bool {
	faces := map[[3]int]bool{}
	n := len(pts)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			for k := j + 1; k < n; k++ {
				a, b, c := pts[i], pts[j], pts[k]
				o := Orient(a, b, c)
				if o == 0 {
					continue
				}
				if o < 0 {
					b, c = c, b
				}
				empty := true
				for m := 0; m < n && empty; m++ {
					if m != i && m != j && m != k && InCircle(a, b, c, pts[m]) > 0 {
						empty = false
					}
				}
				if !empty {
					continue
				}
				inside, ok := bruteInDisk(a, b, c)
				check(t, ok, "brute force cannot decide triple %d %d %d", i, j, k)
				if inside {
					faces[[3]int{i, j, k}] = true
				}
			}
		}
	}
	return faces
}

// bruteEdge decides, exactly with big.Rat and independently of the
// triangulation, whether some circle through pts[i] and pts[j] lies inside
// the unit disk and has no point strictly inside. The centres of the circles
// through p and q are m + s·n' (m the midpoint, n' the left normal of q−p);
// point r constrains s to one side of s_r = (|m−r|² − h²)/(2 n'·(r−p)), and
// g(s) = (1+π(s))² − 4|o(s)|² is a concave quadratic whose positive set is
// the circles inside the disk. Returns delaunay = false if no empty circle
// through p and q exists at all.
func bruteEdge(pts []Point, i, j int) (delaunay, hyperbolic bool) {
	p, q := pts[i], pts[j]
	px, py, qx, qy := ratOf(p.X), ratOf(p.Y), ratOf(q.X), ratOf(q.Y)
	sub := func(x, y *big.Rat) *big.Rat { return new(big.Rat).Sub(x, y) }
	mul := func(x, y *big.Rat) *big.Rat { return new(big.Rat).Mul(x, y) }
	add := func(x, y *big.Rat) *big.Rat { return new(big.Rat).Add(x, y) }
	half := big.NewRat(1, 2)
	mx, my := mul(add(px, qx), half), mul(add(py, qy), half)
	nx, ny := sub(py, qy), sub(qx, px)
	h2 := mul(add(mul(sub(qx, px), sub(qx, px)), mul(sub(qy, py), sub(qy, py))), big.NewRat(1, 4))
	var lo, hi *big.Rat // nil = unbounded
	for k, r := range pts {
		if k == i || k == j {
			continue
		}
		rx, ry := ratOf(r.X), ratOf(r.Y)
		side := add(mul(nx, sub(rx, px)), mul(ny, sub(ry, py)))
		dmr := add(mul(sub(mx, rx), sub(mx, rx)), mul(sub(my, ry), sub(my, ry)))
		if side.Sign() == 0 {
			if dmr.Cmp(h2) < 0 { // r strictly between p and q
				return false, false
			}
			continue
		}
		sr := new(big.Rat).Quo(sub(dmr, h2), mul(big.NewRat(2, 1), side))
		if side.Sign() > 0 {
			if hi == nil || sr.Cmp(hi) < 0 {
				hi = sr
			}
		} else if lo == nil || sr.Cmp(lo) > 0 {
			lo = sr
		}
	}
	if lo != nil && hi != nil && lo.Cmp(hi) > 0 {
		return false, false
	}
	mn := add(mul(mx, nx), mul(my, ny))
	nn := add(mul(nx, nx), mul(ny, ny))
	mm := add(mul(mx, mx), mul(my, my))
	k0 := sub(add(big.NewRat(1, 1), mm), h2) // 1 + |m|² − h²
	four := big.NewRat(4, 1)
	A := mul(four, sub(mul(mn, mn), nn))
	B := sub(mul(four, mul(k0, mn)), mul(big.NewRat(8, 1), mn))
	C := sub(mul(k0, k0), mul(four, mm))
	if A.Sign() >= 0 {
		panic("g is not concave")
	}
	s := new(big.Rat).Quo(new(big.Rat).Neg(B), mul(big.NewRat(2, 1), A)) // vertex
	if lo != nil && s.Cmp(lo) < 0 {
		s = lo
	}
	if hi != nil && s.Cmp(hi) > 0 {
		s = hi
	}
	g := add(add(mul(A, mul(s, s)), mul(B, s)), C)
	return true, g.Sign() > 0
}

// verifyHyperbolic compares h with the brute-force faces and edges.
func verifyHyperbolic(t tb, h *HyperbolicTriangulation) {
	pts := h.Poincare
	verify(t, pts, h.Euclidean)
	want := bruteFaces(t, pts)
	got := map[[3]int]bool{}
	for k, tri := range h.Euclidean.Triangles {
		s := []int{tri[0], tri[1], tri[2]}
		slices.Sort(s)
		key := [3]int{s[0], s[1], s[2]}
		equal(t, want[key], h.Kept[k], "triangle %v kept", key)
		got[key] = h.Kept[k]
	}
	for key := range want {
		check(t, got[key], "brute-force face %v missing", key)
	}
	keptCount := 0
	for _, k := range h.Kept {
		if k {
			keptCount++
		}
	}
	equal(t, keptCount, len(h.Triangles))
	isEdge := map[[2]int]bool{}
	hypCount := 0
	for e, ij := range h.Euclidean.Edges {
		isEdge[ij] = true
		del, hyp := bruteEdge(pts, ij[0], ij[1])
		check(t, del, "edge %v has no empty circle", ij)
		equal(t, hyp, h.HyperbolicEdge[e], "edge %v hyperbolic", ij)
		if hyp {
			hypCount++
		}
	}
	equal(t, hypCount, len(h.Edges))
	// No other pair has an empty circle inside the disk (a brute-force
	// check that the hyperbolic graph is a subgraph of the Euclidean one).
	for i := range pts {
		for j := i + 1; j < len(pts); j++ {
			if !isEdge[[2]int{i, j}] {
				_, hyp := bruteEdge(pts, i, j)
				check(t, !hyp, "pair %d %d is hyperbolic Delaunay but not a Euclidean edge", i, j)
			}
		}
	}
}

func TestHyperbolicBruteForce(t *testing.T) {
	type set struct {
		name string
		pts  []Point
	}
	var sets []set
	for seed := uint64(1); seed <= 4; seed++ {
		sets = append(sets,
			set{"uniform", kleinPoints(25, 0.9, seed)},
			set{"boundary", boundaryKlein(25, 8, seed)},
			set{"far", boundaryKlein(20, 16, seed)},
			set{"cluster", kleinPoints(15, 0.01, seed)},
		)
	}
	dropped, nonTriEdges := 0, 0
	for _, s := range sets {
		h, err := Hyperbolic(s.pts)
		noErr(t, err)
		verifyHyperbolic(t, h)
		dropped += len(h.Euclidean.Triangles) - len(h.Triangles)
		for e, ok := range h.HyperbolicEdge {
			if !ok {
				continue
			}
			inKept := false
			for _, tri := range h.Triangles {
				for k := 0; k < 3; k++ {
					u, v := tri[k], tri[(k+1)%3]
					if [2]int{min(u, v), max(u, v)} == h.Euclidean.Edges[e] {
						inKept = true
					}
				}
			}
			if !inKept {
				nonTriEdges++
			}
		}
	}
	// The sets must exercise both criteria, or the test proves little.
	check(t, dropped > 50, "only %d triangles dropped", dropped)
	check(t, nonTriEdges > 10, "only %d hyperbolic edges outside kept triangles", nonTriEdges)
	t.Logf("%d dropped triangles, %d hyperbolic edges in no kept triangle", dropped, nonTriEdges)
}

// TestHyperbolicRapid: small random Poincaré sets on a dyadic grid (exactly
// representable, with cocircular and collinear subsets).
func TestHyperbolicRapid(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(0, 12).Draw(rt, "n")
		var pts []Point
		seen := map[Point]bool{}
		for len(pts) < n {
			p := Point{float64(rapid.IntRange(-15, 15).Draw(rt, "x")) / 16, float64(rapid.IntRange(-15, 15).Draw(rt, "y")) / 16}
			if p.X*p.X+p.Y*p.Y < 1 && !seen[p] {
				seen[p] = true
				pts = append(pts, p)
			}
		}
		h, err := HyperbolicPoincare(pts)
		if err != nil {
			rt.Fatalf("%v", err)
		}
		verify(rt, pts, h.Euclidean)
		// Faces: compare with brute force when no four points of a face
		// are cocircular (then the face set is not unique).
		for k, tri := range h.Euclidean.Triangles {
			a, b, c := pts[tri[0]], pts[tri[1]], pts[tri[2]]
			inside, ok := bruteInDisk(a, b, c)
			if ok && inside != h.Kept[k] {
				rt.Fatalf("triangle %v: kept %v, brute force %v", tri, h.Kept[k], inside)
			}
		}
		for e, ij := range h.Euclidean.Edges {
			_, hyp := bruteEdge(pts, ij[0], ij[1])
			if hyp != h.HyperbolicEdge[e] {
				rt.Fatalf("edge %v: hyperbolic %v, brute force %v", ij, h.HyperbolicEdge[e], hyp)
			}
		}
	})
}

// TestCircleInDiskExact: circles exactly tangent to the unit circle, and
// perturbations by one ulp, against big.Rat.
func TestCircleInDiskExact(t *testing.T) {
	exact := func(a, b, c Point) int {
		dw, m2, m3 := circleRat(a, b, c)
		r := new(big.Rat).Mul(dw, dw)
		r.Sub(r, new(big.Rat).Mul(m2, m2))
		r.Sub(r, new(big.Rat).Mul(m3, m3))
		return r.Sign()
	}
	rng := rand.New(rand.NewPCG(31, 32))
	// Lattice circles of radius R scaled by s = 2⁻ᵏ and centred at
	// (1 − R·s)·dir are tangent to the unit circle, and all their points
	// are exact dyadic floats.
	zeros, undecided := 0, 0
	for _, rc := range []struct {
		R int
		s float64
	}{{5, 1.0 / 8}, {5, 1.0 / 16}, {25, 1.0 / 32}, {25, 1.0 / 64}, {65, 1.0 / 128}, {65, 1.0 / 1024}} {
		lat := latticeCircle(rc.R)
		for _, dir := range [][2]float64{{1, 0}, {0, -1}, {-1, 0}, {0, 1}} {
			m := 1 - float64(rc.R)*rc.s
			ox, oy := m*dir[0], m*dir[1]
			for k := 0; k < 40; k++ {
				var ps [3]Point
				for i := range ps {
					l := lat[rng.IntN(len(lat))]
					ps[i] = Point{ox + rc.s*l.X, oy + rc.s*l.Y}
				}
				o := Orient(ps[0], ps[1], ps[2])
				if o == 0 {
					continue
				}
				if o < 0 {
					ps[1], ps[2] = ps[2], ps[1]
				}
				c := newCircle(ps[0], ps[1], ps[2])
				equal(t, 0, exact(ps[0], ps[1], ps[2]), "circle %v is tangent", ps)
				zeros++
				check(t, !c.inDisk(), "tangent circle %v reported inside", ps)
				if _, ok := c.g().sign(); !ok {
					undecided++
				}
				// Move one point by an ulp: the sign must match big.Rat.
				q := ps
				j := rng.IntN(3)
				if rng.IntN(2) == 0 {
					q[j].X = ulpsFrom(q[j].X, 2*rng.IntN(2)-1)
				} else {
					q[j].Y = ulpsFrom(q[j].Y, 2*rng.IntN(2)-1)
				}
				if Orient(q[0], q[1], q[2]) <= 0 || !inOpenDisk(q[j]) {
					continue
				}
				c2 := newCircle(q[0], q[1], q[2])
				want := exact(q[0], q[1], q[2])
				check(t, want != 0, "perturbed circle %v still tangent", q)
				equal(t, want > 0, c2.inDisk(), "perturbed circle %v", q)
			}
		}
	}
	check(t, zeros > 100, "only %d exactly tangent circles", zeros)
	equal(t, zeros, undecided, "the float filter must never decide an exact zero")
}

func TestKleinToPoincareAccuracy(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	worst := 0.0
	pts := append(kleinPoints(3000, 1, 1), boundaryKlein(3000, 30, 2)...)
	pts = append(pts, Point{0, 0}, Point{1e-300, -1e-300}, Point{math.Nextafter(1, 0), 0}, Point{0, -math.Nextafter(1, 0)})
	for k := 0; k < 200; k++ {
		// Points within a few ulps of the unit circle.
		th := 2 * math.Pi * rng.Float64()
		p := Point{math.Cos(th), math.Sin(th)}
		for expSign(oneMinusNorm2(make([]float64, 5), p)) <= 0 {
			p.X, p.Y = math.Nextafter(p.X, 0), math.Nextafter(p.Y, 0)
		}
		pts = append(pts, p)
	}
	const prec = 256
	for _, p := range pts {
		got := kleinToPoincare(p)
		// Exact image with 256-bit arithmetic: p / (1 + √(1−|p|²)).
		x, y := new(big.Float).SetPrec(prec).SetFloat64(p.X), new(big.Float).SetPrec(prec).SetFloat64(p.Y)
		w := new(big.Float).SetPrec(prec).Mul(x, x)
		w.Add(w, new(big.Float).SetPrec(prec).Mul(y, y))
		w.Sub(new(big.Float).SetPrec(prec).SetInt64(1), w)
		d := new(big.Float).SetPrec(prec).Sqrt(w)
		d.Add(d, new(big.Float).SetPrec(prec).SetInt64(1))
		for i, c := range []*big.Float{x, y} {
			want := new(big.Float).SetPrec(prec).Quo(c, d)
			g := []float64{got.X, got.Y}[i]
			if want.Sign() == 0 {
				equal(t, 0.0, g)
				continue
			}
			rel := new(big.Float).SetPrec(prec).Sub(new(big.Float).SetPrec(prec).SetFloat64(g), want)
			rel.Quo(rel, want)
			r, _ := rel.Float64()
			worst = math.Max(worst, math.Abs(r))
		}
		check(t, expSign(oneMinusNorm2(make([]float64, 5), got)) > 0, "image of %v leaves the disk", p)
	}
	// Bound derived at kleinToPoincare: 4u.
	check(t, worst <= 4*epsilon, "worst relative error %g > 4u", worst)
	t.Logf("worst relative error of the Poincaré images: %.3g u", worst/epsilon)
}

func TestHyperbolicErrors(t *testing.T) {
	onCircle := []Point{{0, 0}, {0.5, 0.5}, {1, 0}}
	_, err := Hyperbolic(onCircle)
	var pe *PointError
	check(t, errors.As(err, &pe) && pe.Index == 2 && errors.Is(err, ErrOutsideDisk), "%v", err)

	// 0.6² + 0.8² rounds to 1 in float64 but is not 1 exactly: decide exactly.
	x, y := 0.6, 0.8
	exactSign := new(big.Rat).Add(new(big.Rat).Mul(ratOf(x), ratOf(x)), new(big.Rat).Mul(ratOf(y), ratOf(y)))
	_, err = Hyperbolic([]Point{{0, 0}, {x, y}})
	equal(t, exactSign.Cmp(big.NewRat(1, 1)) >= 0, errors.Is(err, ErrOutsideDisk), "0.6,0.8: %v", err)

	_, err = Hyperbolic([]Point{{0, 0}, {math.NaN(), 0}})
	check(t, errors.As(err, &pe) && pe.Index == 1 && errors.Is(err, ErrNotFinite), "%v", err)

	_, err = Hyperbolic([]Point{{0.1, 0.2}, {0.3, 0}, {0.1, 0.2}})
	var de *DuplicateError
	check(t, errors.As(err, &de) && de.I == 0 && de.J == 2 && !de.Image, "%v", err)

	// Two Klein points one ulp apart near the boundary share a rounded image.
	p := Point{math.Nextafter(1, 0), 0}
	q := Point{math.Nextafter(p.X, 0), 0}
	if kleinToPoincare(p) == kleinToPoincare(q) {
		_, err = Hyperbolic([]Point{{0, 0.5}, p, q})
		check(t, errors.As(err, &de) && de.I == 1 && de.J == 2 && de.Image, "%v", err)
	}
}

func TestHyperbolicDegenerate(t *testing.T) {
	// n ≤ 2 and collinear (a diameter): every path edge is hyperbolic.
	for _, pts := range [][]Point{nil, {{0.5, 0}}, {{0.5, 0}, {-0.25, 0.1}}, {{-0.9, 0}, {0.3, 0}, {0, 0}, {0.99, 0}}} {
		h, err := Hyperbolic(pts)
		noErr(t, err)
		equal(t, 0, len(h.Triangles))
		equal(t, max(len(pts)-1, 0), len(h.Edges))
		for _, ok := range h.HyperbolicEdge {
			check(t, ok)
		}
	}
	// A cocircular dyadic set in the Poincaré disk.
	var ring []Point
	for _, p := range latticeCircle(25) {
		ring = append(ring, Point{p.X / 32, p.Y / 32})
	}
	ring = append(ring, Point{0, 0})
	h, err := HyperbolicPoincare(ring)
	noErr(t, err)
	verify(t, ring, h.Euclidean)
	equal(t, len(h.Euclidean.Triangles), len(h.Triangles), "all circles of a small centred set lie inside")
}

// TestCircleFilterAgreesWithRat: the float filters with running error
// bounds against big.Rat on many triangles, near the boundary and not.
func TestCircleFilterAgreesWithRat(t *testing.T) {
	pts := append(kleinPoints(200, 0.99, 3), boundaryKlein(200, 12, 4)...)
	for i := range pts {
		pts[i] = kleinToPoincare(pts[i])
	}
	rng := rand.New(rand.NewPCG(51, 52))
	decided, decidedS, tried := 0, 0, 0
	for k := 0; k < 1500; k++ {
		a, b, c := pts[rng.IntN(len(pts))], pts[rng.IntN(len(pts))], pts[rng.IntN(len(pts))]
		if Orient(a, b, c) <= 0 {
			continue
		}
		cir := newCircle(a, b, c)
		tried++
		if s, ok := cir.g().sign(); ok {
			equal(t, cir.inDiskRat(), s, "G sign for %v", []Point{a, b, c})
			decided++
		}
		for j := 0; j < 3; j++ {
			if sg, ok := cir.s(j).sign(); ok {
				equal(t, cir.towardsEdgeRat(j), sg, "S sign")
				decidedS++
			}
		}
	}
	// The filter must decide almost everything, tiny triangles included.
	check(t, decided >= tried-tried/100, "filter decided G for only %d of %d", decided, tried)
	check(t, decidedS >= 3*tried-3*tried/100, "filter decided S for only %d of %d", decidedS, 3*tried)
}
