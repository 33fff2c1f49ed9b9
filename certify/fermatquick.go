package certify

import (
	"math"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// The quick Fermat proof: before a claimed Fermat point goes to Certify,
// a caller that needs only the verdict (treecert's writer's check) can try
// QuickFermat, one float64 Krawczyk test on the box the claim allows, with
// no Newton iterations, no existence test and no certificate to fill in. It only ever proves
// the claim "the Fermat point of (a, b, c) is within TolAbs of the
// candidate"; whatever it cannot prove goes to the prover, which decides
// as before. A claim it proves is true with room to spare (the Fermat
// point is within TolAbs/2), so the prover, which encloses the same point
// to rising precision, certifies it too (a point float64 proves this
// easily is far from the prover's precision cap): the verdict is the
// same.
//
// The proof is Certify's (fermat.go): the ψ system
// F = (ψ_ab, ψ_bc), ψ = A² − Bx·By/4 with, for the pair (x, y) seen from
// s, dx = x − s, ux = dx×x (= x×s), A = dx·dy − ux·uy, Bx = |dx|² − ux²;
// a root s* of F inside the disk where A_ab, A_bc, A_ca < 0 is THE Fermat
// point (the three sides are seen under 120°, the right branch). Here
// X = s0 ± r (max norm), s0 the candidate, r = TolAbs/2, and
//
//	K(X) = s0 − Y·F(s0) + (I − Y·F′(X))·(X − s0) ⊂ int X
//
// (Y ≈ F′(s0)⁻¹, any matrix) proves F has exactly one root in X; A < 0
// on X for the three pairs and X inside the disk make it the Fermat point,
// and it is within r ≤ TolAbs of s0.
//
// Every quantity is a rv: a float64 value and a bound on its distance
// from every exact value it stands for, computed in round-to-nearest by
// the rules of rv (distquick.go): a sum adds u·|result| to the
// bounds, a product |ã|·e_b + |b̃|·e_a + e_a·e_b + u·|result| + 2⁻¹⁰⁷⁴
// (the last for underflow). The bounds are themselves rounded: each is a
// sum of products of non-negative numbers, a few hundred operations deep
// at most, so its computed value is at least the exact one times
// (1 − u)^300 > 1 − 2⁻⁴⁰, minus underflow losses of 2⁻¹⁰⁷⁵ per operation
// amplified by the factors that multiply them afterwards — the values
// (below 2¹⁰ in magnitude, the points being in the unit disk and
// r ≤ 2⁻¹⁰), r, and Y, whose entries are required to be below 2¹⁰⁰ — so
// by less than 2¹⁴⁰·2⁻¹⁰⁷⁴. fermatQuickMargin(e) = e·(1 + 2⁻⁴⁰) + 2⁻⁹⁰⁰ covers
// both; each decision is taken on qmarg of a whole non-negative
// expression, compared with a float64 (0, 1, r), which rounding, being
// monotone, cannot cross.

// mag bounds |x| for every x a stands for (before fermatQuickMargin).
func (a rv) mag() float64 { return math.Abs(a.v) + a.e }

// fermatQuickMargin covers the rounding of a bound's own evaluation (see
// above): quickMargin's relative part, and an absolute part for the larger
// factors (Y up to 2¹⁰⁰) that multiply the underflow losses here.
func fermatQuickMargin(e float64) float64 { return e*(1+0x1p-40) + 0x1p-900 }

// qTerm is what the ψ system needs of one terminal t seen from s:
// d = t − s, u = d×t, B = |d|² − u².
type qTerm struct {
	t    [2]float64
	d    [2]rv
	u, b rv
}

func (q *qTerm) eval(s [2]rv) {
	q.d[0] = rv{q.t[0], 0}.sub(s[0])
	q.d[1] = rv{q.t[1], 0}.sub(s[1])
	q.u = q.d[0].scale(q.t[1]).sub(q.d[1].scale(q.t[0]))
	q.b = q.d[0].mul(q.d[0]).add(q.d[1].mul(q.d[1])).sub(q.u.mul(q.u))
}

// gradB is ∇B = −2·(d₀ − u·t₁, d₁ + u·t₀).
func (q *qTerm) gradB() [2]rv {
	return [2]rv{q.d[0].sub(q.u.scale(q.t[1])).scale(-2), q.d[1].add(q.u.scale(q.t[0])).scale(-2)}
}

// pairA is A = dx·dy − ux·uy of the terminals x and y.
func pairA(x, y *qTerm) rv {
	return x.d[0].mul(y.d[0]).add(x.d[1].mul(y.d[1])).sub(x.u.mul(y.u))
}

// pairGradA is ∇A = (−dx₀ − dy₀ + uy·x₁ + ux·y₁, −dx₁ − dy₁ − uy·x₀ − ux·y₀).
func pairGradA(x, y *qTerm) [2]rv {
	return [2]rv{
		y.u.scale(x.t[1]).add(x.u.scale(y.t[1])).sub(x.d[0].add(y.d[0])),
		rv{}.sub(x.d[1].add(y.d[1])).sub(y.u.scale(x.t[0])).sub(x.u.scale(y.t[0])),
	}
}

// pairPsi is ψ = A² − Bx·By/4.
func pairPsi(a rv, x, y *qTerm) rv {
	return a.mul(a).sub(x.b.mul(y.b).scale(0.25))
}

// pairGradPsi is ∇ψ = 2A·∇A − (By·∇Bx + Bx·∇By)/4.
func pairGradPsi(a rv, ga [2]rv, x, y *qTerm, gx, gy [2]rv) [2]rv {
	var g [2]rv
	for k := range g {
		g[k] = a.mul(ga[k]).scale(2).sub(y.b.mul(gx[k]).add(x.b.mul(gy[k])).scale(0.25))
	}
	return g
}

// inDisk reports whether p is finite and certainly inside the unit disk:
// fl(x² + y²) is within 3u relative of x² + y², so ≤ 1 − 2⁻⁵⁰ proves
// x² + y² < 1 (|x|, |y| < 1 keep the squares clear of underflow's
// absolute error mattering: x² + y² ≥ 1 needs one of them ≥ 1/2).
func inDisk(p hyperbolic.Point) bool {
	return math.Abs(p.X) < 1 && math.Abs(p.Y) < 1 && p.X*p.X+p.Y*p.Y <= 1-0x1p-50
}

// fermatTol returns the size of the triangle vs (its largest coordinate
// difference between two vertices) and the tolerance Certify applies to
// a candidate (FermatCert.TolAbs): opt.Abs when positive, else opt.Tol
// (DefaultFermatTol when 0) times the size plus four ulps of the largest
// coordinate (among the subnormals, four steps of float64's grid there).
func fermatTol(vs *[3]hyperbolic.Point, opt FermatOptions) (size, tolAbs float64) {
	a, b, c := vs[0], vs[1], vs[2]
	size = maxAbs(a.X-b.X, a.Y-b.Y, b.X-c.X, b.Y-c.Y, c.X-a.X, c.Y-a.Y)
	if opt.Abs > 0 {
		return size, opt.Abs
	}
	tol := opt.Tol
	if tol == 0 {
		tol = DefaultFermatTol
	}
	scale := maxAbs(a.X, a.Y, b.X, b.Y, c.X, c.Y)
	floor := 0x1p-50 * scale
	if floor < 0x1p-1072 {
		floor = 0x1p-1072
	}
	return size, tol*size + floor
}

// FermatTolAbs is the tolerance Certify applies to a candidate Fermat
// point of the triangle (a, b, c) with the options opt (FermatCert.TolAbs).
func FermatTolAbs(a, b, c hyperbolic.Point, opt FermatOptions) float64 {
	_, tol := fermatTol(&[3]hyperbolic.Point{a, b, c}, opt)
	return tol
}

// maxAbs is the largest |x| of six non-NaN numbers (the builtin max,
// which also orders NaN and −0, costs more).
func maxAbs(x0, x1, x2, x3, x4, x5 float64) float64 {
	m := math.Abs(x0)
	for _, x := range [5]float64{x1, x2, x3, x4, x5} {
		if a := math.Abs(x); a > m {
			m = a
		}
	}
	return m
}

// QuickFermat reports whether it proves that the Fermat point of the
// hyperbolic triangle (a, b, c) (Klein model) exists and lies within
// Certify's TolAbs (opt.Tol, opt.Abs; FermatTolAbs) of cand, so that
// Certify with the same options certifies cand; false decides nothing.
// It proves the Fermat point within TolAbs/2, and does not allocate.
func QuickFermat(a, b, c, cand hyperbolic.Point, opt FermatOptions) bool {
	if tol, abs := opt.Tol, opt.Abs; !(tol >= 0) || math.IsInf(tol, 0) || !(abs >= 0) || math.IsInf(abs, 0) ||
		!inDisk(a) || !inDisk(b) || !inDisk(c) || !inDisk(cand) || a == b || b == c || c == a {
		return false // Certify's input errors and coincident vertices: its own verdict
	}
	vs := [3]hyperbolic.Point{a, b, c}
	_, tolAbs := fermatTol(&vs, opt)
	r := tolAbs / 2
	if !(r > 0 && r <= 0x1p-10) {
		return false
	}
	// The shared terminal of the two ψ pairs is the vertex farthest from
	// the candidate (as Certify does): ψ's singular root there stays away.
	rot, far := 0, -1.0
	for i, v := range vs {
		if d := math.Max(math.Abs(v.X-cand.X), math.Abs(v.Y-cand.Y)); d > far {
			far, rot = d, (i+2)%3
		}
	}
	var t [3]qTerm
	for i := range t {
		v := vs[(i+rot)%3]
		t[i].t = [2]float64{v.X, v.Y}
	}
	// F(s0), at the exact point.
	s0 := [2]rv{{cand.X, 0}, {cand.Y, 0}}
	for i := range t {
		t[i].eval(s0)
	}
	f := [2]rv{pairPsi(pairA(&t[0], &t[1]), &t[0], &t[1]), pairPsi(pairA(&t[1], &t[2]), &t[1], &t[2])}
	// Over X: the branch terms, the disk and F′(X).
	x := [2]rv{{cand.X, r}, {cand.Y, r}}
	for i := range t {
		t[i].eval(x)
	}
	var gb [3][2]rv
	for i := range t {
		gb[i] = t[i].gradB()
	}
	var jac [2][2]rv
	for i := range 2 {
		p, q := &t[i], &t[i+1]
		av := pairA(p, q)
		if !(av.v+fermatQuickMargin(av.e) < 0) {
			return false
		}
		jac[i] = pairGradPsi(av, pairGradA(p, q), p, q, gb[i], gb[i+1])
	}
	if av := pairA(&t[2], &t[0]); !(av.v+fermatQuickMargin(av.e) < 0) {
		return false
	}
	if q := x[0].mul(x[0]).add(x[1].mul(x[1])); !(q.v+fermatQuickMargin(q.e) < 1) {
		return false
	}
	// Y ≈ F′(s0)⁻¹ from the centre values (any Y would do).
	det := jac[0][0].v*jac[1][1].v - jac[0][1].v*jac[1][0].v
	y := [2][2]float64{{jac[1][1].v / det, -jac[0][1].v / det}, {-jac[1][0].v / det, jac[0][0].v / det}}
	for i := range 2 {
		for j := range 2 {
			if !(math.Abs(y[i][j]) <= 0x1p100) {
				return false // also NaN, ±Inf
			}
		}
	}
	// K(X) ⊂ int X: |Y·F(s0)|ᵢ + Σⱼ |(I − Y·F′(X))ᵢⱼ|·r < r.
	for i := range 2 {
		d := f[0].scale(y[i][0]).add(f[1].scale(y[i][1]))
		k := d.mag()
		for j := range 2 {
			c := jac[0][j].scale(y[i][0]).add(jac[1][j].scale(y[i][1]))
			if i == j {
				c = rv{1, 0}.sub(c)
			}
			k += c.mag() * r
		}
		if !(fermatQuickMargin(k) < r) {
			return false
		}
	}
	return true
}
