package delaunay

import (
	"errors"
	"math"
	"math/big"

	"github.com/hypersteiner/hypersteiner/internal/eft"
)

// HyperbolicTriangulation is the hyperbolic Delaunay triangulation of a set
// of points of the hyperbolic plane, computed in the Poincaré disk.
//
// A Euclidean circle lying inside the open unit disk is a hyperbolic circle
// of the Poincaré model (with another centre), and conversely. So a triangle
// of the Euclidean Delaunay triangulation of the Poincaré images whose
// circumcircle lies inside the disk has an empty hyperbolic circumcircle: it
// is a hyperbolic Delaunay face (this is the criterion of CGAL's
// Hyperbolic_Delaunay_triangulation_2). The other Euclidean triangles, whose
// circumcircles reach the ideal boundary, are dropped.
//
// An edge is a hyperbolic Delaunay edge when some circle through its two
// endpoints lies inside the disk and has no point strictly inside it. Every
// such edge is a Euclidean Delaunay edge, so Euclidean.Edges is a superset
// of the hyperbolic Delaunay graph (a hyperbolic minimum spanning tree
// computed on it is correct); HyperbolicEdge says which of them are
// hyperbolic Delaunay edges. Edges of kept triangles always are; how the
// others are decided is explained at edgeIsHyperbolic.
//
// All these decisions are exact polynomial sign tests on the float64
// coordinates of the Poincaré images. When the input is given in the Klein
// model (Hyperbolic), the images are computed with a square root and rounded
// to float64 (relative error below 4 units of 2⁻⁵³ per coordinate), so the
// triangulation is exactly the hyperbolic Delaunay triangulation of the
// rounded images, not of the Klein points themselves.
type HyperbolicTriangulation struct {
	// Poincare holds the points in the Poincaré disk (for Hyperbolic, the
	// rounded images of the Klein input), indexed like the input.
	Poincare []Point
	// Euclidean is the Euclidean Delaunay triangulation of Poincare.
	Euclidean *Triangulation
	// Kept[t] reports whether Euclidean.Triangles[t] is a hyperbolic
	// Delaunay face: its circumcircle lies inside the open unit disk.
	Kept []bool
	// Triangles lists the kept triangles, in the order of Euclidean.
	Triangles [][3]int
	// HyperbolicEdge[e] reports whether Euclidean.Edges[e] is a hyperbolic
	// Delaunay edge.
	HyperbolicEdge []bool
	// Edges lists the hyperbolic Delaunay edges, in the order of Euclidean.
	Edges [][2]int
}

// Hyperbolic returns the hyperbolic Delaunay triangulation of points given
// in the Klein–Beltrami model. Each point p is mapped to the Poincaré disk as
// p / (1 + √(1 − |p|²)), with 1 − |p|² evaluated exactly before rounding (no
// cancellation near the boundary), and HyperbolicPoincare is applied to the
// images.
//
// Errors: a *PointError wrapping ErrNotFinite or ErrOutsideDisk (X²+Y² ≥ 1,
// decided exactly) naming the first bad point; a *DuplicateError for
// coinciding points, with Image set if the points differ but their rounded
// images coincide.
func Hyperbolic(klein []Point) (*HyperbolicTriangulation, error) {
	if err := checkDisk(klein); err != nil {
		return nil, err
	}
	img := make([]Point, len(klein))
	for i, p := range klein {
		img[i] = kleinToPoincare(p)
	}
	h, err := hyperbolicPoincare(img)
	return h, imageDuplicate(err, klein)
}

// imageDuplicate marks a DuplicateError of the Poincaré images of the
// Klein points klein as one of images only (Image), when the Klein
// points themselves differ; it returns err.
func imageDuplicate(err error, klein []Point) error {
	var de *DuplicateError
	if errors.As(err, &de) && klein[de.I] != klein[de.J] {
		de.Image = true
	}
	return err
}

// HyperbolicPoincare returns the hyperbolic Delaunay triangulation of points
// given in the Poincaré disk model; see HyperbolicTriangulation. Errors are
// as for Hyperbolic.
func HyperbolicPoincare(poincare []Point) (*HyperbolicTriangulation, error) {
	if err := checkDisk(poincare); err != nil {
		return nil, err
	}
	return hyperbolicPoincare(append([]Point(nil), poincare...))
}

// checkDisk returns a *PointError for the first point that is not finite or
// not strictly inside the unit disk.
func checkDisk(pts []Point) error {
	if err := checkFinite(pts); err != nil {
		return err
	}
	for i, p := range pts {
		var buf [5]float64
		if expSign(oneMinusNorm2(buf[:], p)) <= 0 {
			return &PointError{Index: i, Point: p, Err: ErrOutsideDisk}
		}
	}
	return nil
}

// oneMinusNorm2 writes 1 − X² − Y² exactly into h (room for 5). For
// coordinates below 2⁻⁵¹¹ the squares' error terms underflow, which changes
// the value by less than 2⁻¹⁰⁷⁴ and cannot change the sign of a value that
// is that close to 1.
func oneMinusNorm2(h []float64, p Point) []float64 {
	x1, x0 := eft.TwoProd(p.X, p.X)
	y1, y0 := eft.TwoProd(p.Y, p.Y)
	var s [4]float64
	sq := expSum(s[:], []float64{-x0, -x1}, []float64{-y0, -y1})
	return expSum(h, sq, []float64{1})
}

// kleinToPoincare maps a point of the open Klein disk to the Poincaré disk.
// 1 − |p|² is exact as an expansion and then rounded (error ≤ 2u, u = 2⁻⁵³);
// the square root, the sum and the quotient add u each, so each coordinate
// of the result is within 4u (relative) of the exact image. The result lies
// inside the open unit disk: each coordinate shrinks in magnitude.
func kleinToPoincare(p Point) Point {
	var buf [5]float64
	w := expEstimate(oneMinusNorm2(buf[:], p))
	d := 1 + math.Sqrt(w)
	return Point{p.X / d, p.Y / d}
}

func hyperbolicPoincare(pts []Point) (*HyperbolicTriangulation, error) {
	tr, err := Triangulate(pts)
	if err != nil {
		return nil, err
	}
	h := &HyperbolicTriangulation{
		Poincare:       pts,
		Euclidean:      tr,
		Kept:           make([]bool, len(tr.Triangles)),
		HyperbolicEdge: make([]bool, len(tr.Edges)),
	}
	if len(tr.Triangles) == 0 {
		// Collinear points (or n ≤ 2): every circle through two consecutive
		// points avoids the others (a circle meets the line only in them),
		// and some of those circles are hyperbolic circles.
		for e := range h.HyperbolicEdge {
			h.HyperbolicEdge[e] = true
		}
		h.Edges = append([][2]int(nil), tr.Edges...)
		return h, nil
	}
	// badSide[e]: some triangle next to edge e is not kept and, from its
	// side, the hyperbolic circles through the edge lie beyond it.
	badSide := make([]bool, len(tr.Edges))
	nKept := 0
	for t, tri := range tr.Triangles {
		if circumInDisk(pts[tri[0]], pts[tri[1]], pts[tri[2]]) {
			h.Kept[t] = true
			nKept++
			for k := 0; k < 3; k++ {
				h.HyperbolicEdge[tr.triEdges[3*t+k]] = true
			}
			continue
		}
		c := newCircle(pts[tri[0]], pts[tri[1]], pts[tri[2]])
		for k := 0; k < 3; k++ {
			if !c.towardsEdge(k) {
				badSide[tr.triEdges[3*t+k]] = true
			}
		}
	}
	h.Triangles = make([][3]int, 0, nKept)
	for t, ok := range h.Kept {
		if ok {
			h.Triangles = append(h.Triangles, tr.Triangles[t])
		}
	}
	nHyp := 0
	for e := range h.HyperbolicEdge {
		if !h.HyperbolicEdge[e] && !badSide[e] {
			h.HyperbolicEdge[e] = true
		}
		if h.HyperbolicEdge[e] {
			nHyp++
		}
	}
	h.Edges = make([][2]int, 0, nHyp)
	for e, ok := range h.HyperbolicEdge {
		if ok {
			h.Edges = append(h.Edges, tr.Edges[e])
		}
	}
	return h, nil
}

// Circle algebra. The circle through a, b, c is
//
//	D·|z|² − M2·x + M3·y − M4 = 0,
//
// with D = orient(a,b,c) (positive for counter-clockwise a, b, c) and M2, M3,
// M4 the 3×3 minors of the lifted matrix: M2 = Σ |a|²(b.Y − c.Y),
// M3 = Σ |a|²(b.X − c.X), M4 = Σ |a|²·(b×c), sums over cyclic shifts. Its
// centre is o = (M2, −M3)/(2D) and the power of the origin is
// π = |o|² − ρ² = −M4/D. A circle through a point of the open disk lies
// inside the disk iff (1 + π)² > 4|o|², that is
//
//	G = (D − M4)² − M2² − M3² > 0
//
// (G = 0: tangent to the unit circle, a horocycle; G < 0: it crosses).
//
// Edge criterion. Let e = (p, q) be an edge of the Euclidean Delaunay
// triangulation. The circles through p and q form a pencil; moving the
// centre along the bisector, the circles that have no point strictly inside
// form a closed interval whose ends are the circumcircles of the two
// triangles at e (for a hull edge, one end is at infinity on the outer side).
// Along the pencil, g = (1 + π)² − 4|o|² is a concave quadratic in the
// centre's position, and g > 0 exactly on the open interval I of circles
// inside the disk, between the two horocycles through p and q. I is never
// empty: there are hyperbolic circles through any two points. So e is a
// hyperbolic Delaunay edge iff the interval of empty circles meets I: either
// an end lies in I (an adjacent triangle is kept), or I lies strictly inside
// the interval, which happens iff at each adjacent triangle's circumcircle g
// increases when the centre moves towards the other side of e, past e.
// For a counter-clockwise triangle with edge p → q, the derivative of D·g in
// the direction that moves the centre into the triangle's own side is
// −4·S with
//
//	S = (D − M4)·(p×q) + M2·(p.Y − q.Y) − M3·(q.X − p.X),
//
// so "g increases towards e" is S > 0. This is exact, like G, on the float64
// coordinates. (S ≠ 0 when G ≤ 0, since g is positive at its maximum.)

// circle holds, for one triangle, K = D − M4 and V = (M2, −M3) as float64
// values with rigorous error bounds, and the triangle itself for the exact
// fallback. They are evaluated relative to the first vertex a, with
// b' = b − a and c' = c − a:
//
//	D = b'×c',  V' = (|b'|²c'.Y − |c'|²b'.Y, |c'|²b'.X − |b'|²c'.X),
//	K = D·(1 + |a|²) + a·V',  V = 2D·a + V',
//
// which are the same polynomials as above (V' is 2D times the circumcentre
// of 0, b', c') but computed from the differences, so that the bounds scale
// with the size of the triangle: tiny triangles near the ideal boundary,
// where the raw minors cancel catastrophically, are still decided in
// float64.
type circle struct {
	pts       [3]Point
	rel       [3][2]errVal // vertex − a
	k, vx, vy errVal
}

func newCircle(a, b, c Point) circle {
	bx, by := ev(b.X).sub(ev(a.X)), ev(b.Y).sub(ev(a.Y))
	cx, cy := ev(c.X).sub(ev(a.X)), ev(c.Y).sub(ev(a.Y))
	ax, ay := ev(a.X), ev(a.Y)
	d := bx.mul(cy).sub(by.mul(cx))
	lb := bx.mul(bx).add(by.mul(by))
	lc := cx.mul(cx).add(cy.mul(cy))
	wx := lb.mul(cy).sub(lc.mul(by))
	wy := lc.mul(bx).sub(lb.mul(cx))
	la := ax.mul(ax).add(ay.mul(ay))
	k := d.add(d.mul(la)).add(ax.mul(wx).add(ay.mul(wy)))
	d2 := d.add(d) // exact doubling
	return circle{
		pts: [3]Point{a, b, c},
		rel: [3][2]errVal{{ev(0), ev(0)}, {bx, by}, {cx, cy}},
		k:   k,
		vx:  d2.mul(ax).add(wx),
		vy:  d2.mul(ay).add(wy),
	}
}

// circumInDisk reports whether the circumcircle of the triangle (a, b, c)
// lies inside the open unit disk, decided exactly: by inDiskFilter's
// static bound, else by circle.inDisk (running error bounds, then
// big.Rat). The order of the vertices does not matter.
func circumInDisk(a, b, c Point) bool {
	if s := inDiskFilter(a, b, c); s != 0 {
		return s > 0
	}
	cc := newCircle(a, b, c)
	return cc.inDisk()
}

// inDiskFilter returns the sign of G = K² − |V|² for the triangle a, b, c
// (see circle) when a float64 evaluation with a static error bound decides
// it, and 0 otherwise: the first stage of circumInDisk.
//
// Rounding argument. Take the rounded differences b − a, c − a as leaves
// carrying one rounding each (subtraction is exact if the result is
// subnormal), a.X, a.Y as exact leaves. Each computed sum, difference or
// product equals the exact one times (1 + δ), |δ| ≤ u = 2⁻⁵³, so the
// computed G is Σ m·Π(1 + δ) over the monomials m of the expression tree
// expanded without cancellation, each monomial carrying at most k factors,
// where k counts roundings (leaf 1 for a difference, 0 for a.X; a sum adds
// 1 to the larger count of its operands, a product adds 1 to their total):
// d 4, |b'|² 4, W 7, |a|² 2, K 10, V 8, K² 21, |V|² 18, G 22. Hence
// |Ĝ − G| ≤ γ₂₂·P with γₖ = ku/(1 − ku) and P = Σ|m|, the permanent: the
// same tree on absolute values with − replaced by +. Evaluating P in
// float64 has no cancellation and the same counts, so P ≤ P̂/(1 − u)²²; in
// all, |Ĝ − G| < 23u·P̂ ≤ 2⁻⁴⁸·P̂. A fused multiply-add (which Go may use)
// only removes roundings. Underflow: the points lie in the unit disk, so
// the factors are below 2⁷ in magnitude (|K|, |V|, their permanents < 80)
// and every intermediate value below 2¹⁴; each of the ~60 operations
// loses at most 2⁻¹⁰⁷⁵ to underflow, amplified by at most four later
// products by less than 2²⁸, which the absolute margin 2⁻¹⁰⁰⁰ absorbs, as
// it does the rounding of the bound itself (a relative u on 2⁻⁴⁸·P̂, whose
// margin over 23u·P̂ is 9u·P̂).
func inDiskFilter(a, b, c Point) int {
	bx, by := b.X-a.X, b.Y-a.Y
	cx, cy := c.X-a.X, c.Y-a.Y
	ax, ay := a.X, a.Y
	d := bx*cy - by*cx
	lb := bx*bx + by*by
	lc := cx*cx + cy*cy
	wx := lb*cy - lc*by
	wy := lc*bx - lb*cx
	la := ax*ax + ay*ay
	k := d + d*la + (ax*wx + ay*wy)
	vx := 2*d*ax + wx
	vy := 2*d*ay + wy
	g := k*k - (vx*vx + vy*vy)

	abx, aby, acx, acy := math.Abs(bx), math.Abs(by), math.Abs(cx), math.Abs(cy)
	aax, aay := math.Abs(ax), math.Abs(ay)
	pd := abx*acy + aby*acx
	pwx := lb*acy + lc*aby // lb, lc, la are sums of squares: their own permanents
	pwy := lc*abx + lb*acx
	pk := pd + pd*la + (aax*pwx + aay*pwy)
	pvx := 2*pd*aax + pwx
	pvy := 2*pd*aay + pwy
	p := pk*pk + (pvx*pvx + pvy*pvy)
	bound := p*0x1p-48 + 0x1p-1000
	switch {
	case g > bound:
		return 1
	case -g > bound:
		return -1
	}
	return 0
}

// inDisk reports whether the circumcircle lies inside the open unit disk:
// G = K² − |V|² > 0.
func (c *circle) inDisk() bool {
	if s, ok := c.g().sign(); ok {
		return s > 0
	}
	return c.inDiskRat() > 0
}

func (c *circle) g() errVal {
	return c.k.mul(c.k).sub(c.vx.mul(c.vx).add(c.vy.mul(c.vy)))
}

// inDiskRat returns the sign of G computed with big.Rat.
func (c *circle) inDiskRat() int {
	dw, m2, m3 := circleRat(c.pts[0], c.pts[1], c.pts[2])
	r := new(big.Rat).Mul(dw, dw)
	r.Sub(r, new(big.Rat).Mul(m2, m2))
	r.Sub(r, new(big.Rat).Mul(m3, m3))
	return r.Sign()
}

// towardsEdge reports S > 0 for edge j of the triangle, from vertex j to
// vertex j+1 (see above): the circles through its endpoints that lie inside
// the disk are beyond this triangle's circumcircle, on the side of the edge.
// With p the edge's origin and d = q − p,
//
//	S = K·(p×d) + V·(−d.Y, d.X),
//
// since p×q = p×d.
func (c *circle) towardsEdge(j int) bool {
	if sg, ok := c.s(j).sign(); ok {
		return sg > 0
	}
	return c.towardsEdgeRat(j) > 0
}

func (c *circle) s(j int) errVal {
	p := c.pts[j]
	rp, rq := c.rel[j], c.rel[(j+1)%3]
	dx, dy := rq[0].sub(rp[0]), rq[1].sub(rp[1])
	cross := ev(p.X).mul(dy).sub(ev(p.Y).mul(dx))
	return c.k.mul(cross).add(c.vy.mul(dx).sub(c.vx.mul(dy)))
}

// towardsEdgeRat returns the sign of S for edge j computed with big.Rat from
// the raw minors: S = (D − M4)·(p×q) + M2·(p.Y − q.Y) − M3·(q.X − p.X).
func (c *circle) towardsEdgeRat(j int) int {
	p, q := c.pts[j], c.pts[(j+1)%3]
	dw, m2, m3 := circleRat(c.pts[0], c.pts[1], c.pts[2])
	rpx, rpy, rqx, rqy := ratOf(p.X), ratOf(p.Y), ratOf(q.X), ratOf(q.Y)
	cr := new(big.Rat).Mul(rpx, rqy)
	cr.Sub(cr, new(big.Rat).Mul(rpy, rqx))
	r := new(big.Rat).Mul(dw, cr)
	r.Add(r, new(big.Rat).Mul(m2, new(big.Rat).Sub(rpy, rqy)))
	r.Sub(r, new(big.Rat).Mul(m3, new(big.Rat).Sub(rqx, rpx)))
	return r.Sign()
}

// circleRat returns D − M4, M2, M3 exactly.
func circleRat(a, b, c Point) (dw, m2, m3 *big.Rat) {
	ax, ay, bx, by, cx, cy := ratOf(a.X), ratOf(a.Y), ratOf(b.X), ratOf(b.Y), ratOf(c.X), ratOf(c.Y)
	mul := func(x, y *big.Rat) *big.Rat { return new(big.Rat).Mul(x, y) }
	sub := func(x, y *big.Rat) *big.Rat { return new(big.Rat).Sub(x, y) }
	add := func(x ...*big.Rat) *big.Rat {
		s := new(big.Rat)
		for _, v := range x {
			s.Add(s, v)
		}
		return s
	}
	la := add(mul(ax, ax), mul(ay, ay))
	lb := add(mul(bx, bx), mul(by, by))
	lc := add(mul(cx, cx), mul(cy, cy))
	ab := sub(mul(ax, by), mul(ay, bx))
	bc := sub(mul(bx, cy), mul(by, cx))
	ca := sub(mul(cx, ay), mul(cy, ax))
	d := add(ab, bc, ca)
	m2 = add(mul(la, sub(by, cy)), mul(lb, sub(cy, ay)), mul(lc, sub(ay, by)))
	m3 = add(mul(la, sub(bx, cx)), mul(lb, sub(cx, ax)), mul(lc, sub(ax, bx)))
	m4 := add(mul(la, bc), mul(lb, ca), mul(lc, ab))
	return sub(d, m4), m2, m3
}

// errVal is a float64 value v with a bound e on its distance from the exact
// value it stands for (running error analysis). With round-to-nearest,
// |fl(x∘y) − x∘y| ≤ u·|fl(x∘y)| (Higham, eq. 2.5) when there is no
// underflow; the bounds are themselves rounded, which the final sign test
// absorbs with a relative margin of 2⁻⁴⁰ (far above the ~100u of rounding in
// the bound's own evaluation) and an absolute margin of 2⁻¹⁰⁰⁰ (above all
// underflow losses; the inputs have |x| < 1, so nothing overflows).
type errVal struct{ v, e float64 }

func ev(x float64) errVal { return errVal{x, 0} }

func (a errVal) add(b errVal) errVal {
	s := a.v + b.v
	return errVal{s, a.e + b.e + epsilon*math.Abs(s)}
}

func (a errVal) sub(b errVal) errVal {
	s := a.v - b.v
	return errVal{s, a.e + b.e + epsilon*math.Abs(s)}
}

func (a errVal) mul(b errVal) errVal {
	p := float64(a.v * b.v)
	return errVal{p, float64(math.Abs(a.v)*b.e) + float64(math.Abs(b.v)*a.e) + float64(a.e*b.e) + epsilon*math.Abs(p)}
}

// sign returns the sign of the exact value if the bound decides it.
func (a errVal) sign() (s int, ok bool) {
	bound := a.e*(1+0x1p-40) + 0x1p-1000
	switch {
	case a.v > bound:
		return 1, true
	case -a.v > bound:
		return -1, true
	}
	return 0, false
}
