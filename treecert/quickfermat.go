package treecert

import (
	"math"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// The quick Steiner proof: before a Steiner point goes to the hyperbolic
// FermatProver, a writer's check (Options.Verdicts) tries one float64
// Krawczyk test on the box the claim allows, with no Newton iterations,
// no existence test and no certificate to fill in. It only ever proves
// the claim "the Fermat point of (a, b, c) is within TolAbs of the
// candidate"; whatever it cannot prove goes to the prover, which decides
// as before. A claim it proves is true with room to spare (the Fermat
// point is within TolAbs/2), so the prover, which encloses the same point
// to rising precision, certifies it too (a point float64 proves this
// easily is far from the prover's precision cap): the verdict is the
// same.
//
// The proof is Certify's (certify/fermat.go): the ψ system
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
// Every quantity is a qv: a float64 value and a bound on its distance
// from every exact value it stands for, computed in round-to-nearest by
// the rules of certify's rv (distquick.go): a sum adds u·|result| to the
// bounds, a product |ã|·e_b + |b̃|·e_a + e_a·e_b + u·|result| + 2⁻¹⁰⁷⁴
// (the last for underflow). The bounds are themselves rounded: each is a
// sum of products of non-negative numbers, a few hundred operations deep
// at most, so its computed value is at least the exact one times
// (1 − u)^300 > 1 − 2⁻⁴⁰, minus underflow losses of 2⁻¹⁰⁷⁵ per operation
// amplified by the factors that multiply them afterwards — the values
// (below 2¹⁰ in magnitude, the points being in the unit disk and
// r ≤ 2⁻¹⁰), r, and Y, whose entries are required to be below 2¹⁰⁰ — so
// by less than 2¹⁴⁰·2⁻¹⁰⁷⁴. qmarg(e) = e·(1 + 2⁻⁴⁰) + 2⁻⁹⁰⁰ covers
// both; each decision is taken on qmarg of a whole non-negative
// expression, compared with a float64 (0, 1, r), which rounding, being
// monotone, cannot cross.

// qv is a float64 value v and a bound e ≥ 0 on |v − x|, x the exact value
// it stands for.
type qv struct{ v, e float64 }

const (
	qu   = 0x1p-53   // unit roundoff
	qeta = 0x1p-1074 // underflow error of a product
)

func (a qv) add(b qv) qv {
	s := a.v + b.v
	return qv{s, a.e + b.e + qu*math.Abs(s)}
}

func (a qv) sub(b qv) qv {
	s := a.v - b.v
	return qv{s, a.e + b.e + qu*math.Abs(s)}
}

func (a qv) mul(b qv) qv {
	p := a.v * b.v
	return qv{p, math.Abs(a.v)*b.e + math.Abs(b.v)*a.e + a.e*b.e + qu*math.Abs(p) + qeta}
}

// scale is mul by the exact c.
func (a qv) scale(c float64) qv {
	p := a.v * c
	return qv{p, math.Abs(c)*a.e + qu*math.Abs(p) + qeta}
}

// mag bounds |x| for every x a stands for (before qmarg).
func (a qv) mag() float64 { return math.Abs(a.v) + a.e }

// qmarg covers the rounding of a bound's own evaluation (see above).
func qmarg(e float64) float64 { return e*(1+0x1p-40) + 0x1p-900 }

// qTerm is what the ψ system needs of one terminal t seen from s:
// d = t − s, u = d×t, B = |d|² − u².
type qTerm struct {
	t    [2]float64
	d    [2]qv
	u, b qv
}

func (q *qTerm) eval(s [2]qv) {
	q.d[0] = qv{q.t[0], 0}.sub(s[0])
	q.d[1] = qv{q.t[1], 0}.sub(s[1])
	q.u = q.d[0].scale(q.t[1]).sub(q.d[1].scale(q.t[0]))
	q.b = q.d[0].mul(q.d[0]).add(q.d[1].mul(q.d[1])).sub(q.u.mul(q.u))
}

// gradB is ∇B = −2·(d₀ − u·t₁, d₁ + u·t₀).
func (q *qTerm) gradB() [2]qv {
	return [2]qv{q.d[0].sub(q.u.scale(q.t[1])).scale(-2), q.d[1].add(q.u.scale(q.t[0])).scale(-2)}
}

// pairA is A = dx·dy − ux·uy of the terminals x and y.
func pairA(x, y *qTerm) qv {
	return x.d[0].mul(y.d[0]).add(x.d[1].mul(y.d[1])).sub(x.u.mul(y.u))
}

// pairGradA is ∇A = (−dx₀ − dy₀ + uy·x₁ + ux·y₁, −dx₁ − dy₁ − uy·x₀ − ux·y₀).
func pairGradA(x, y *qTerm) [2]qv {
	return [2]qv{
		y.u.scale(x.t[1]).add(x.u.scale(y.t[1])).sub(x.d[0].add(y.d[0])),
		qv{}.sub(x.d[1].add(y.d[1])).sub(y.u.scale(x.t[0])).sub(x.u.scale(y.t[0])),
	}
}

// pairPsi is ψ = A² − Bx·By/4.
func pairPsi(a qv, x, y *qTerm) qv {
	return a.mul(a).sub(x.b.mul(y.b).scale(0.25))
}

// pairGradPsi is ∇ψ = 2A·∇A − (By·∇Bx + Bx·∇By)/4.
func pairGradPsi(a qv, ga [2]qv, x, y *qTerm, gx, gy [2]qv) [2]qv {
	var g [2]qv
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

// quickFermatTol is the tolerance Certify gives the candidate of the
// triangle vs with opt.Tol = tol and opt.Abs = abs (FermatCert.TolAbs),
// computed by the same float64 operations; for the finite vertices it is
// called with, whose differences and magnitudes are never NaN or −0,
// maxAbs's maximum is the builtin max's.
func quickFermatTol(vs *[3]hyperbolic.Point, tol, abs float64) float64 {
	if abs > 0 {
		return abs
	}
	a, b, c := vs[0], vs[1], vs[2]
	size := maxAbs(a.X-b.X, a.Y-b.Y, b.X-c.X, b.Y-c.Y, c.X-a.X, c.Y-a.Y)
	scale := maxAbs(a.X, a.Y, b.X, b.Y, c.X, c.Y)
	floor := 0x1p-50 * scale
	if floor < 0x1p-1072 {
		floor = 0x1p-1072
	}
	return tol*size + floor
}

// maxAbs is the largest |x| of six non-NaN numbers.
func maxAbs(x0, x1, x2, x3, x4, x5 float64) float64 {
	m := math.Abs(x0)
	for _, x := range [5]float64{x1, x2, x3, x4, x5} {
		if a := math.Abs(x); a > m {
			m = a
		}
	}
	return m
}

// quickFermat reports whether it proves that the Fermat point of the
// hyperbolic triangle (a, b, c) (Klein model) exists and lies within
// Certify's TolAbs (tol relative, or abs when positive) of cand; false
// decides nothing.
func quickFermat(a, b, c, cand hyperbolic.Point, tol, abs float64) bool {
	if !(tol >= 0) || math.IsInf(tol, 0) || !(abs >= 0) || math.IsInf(abs, 0) ||
		!inDisk(a) || !inDisk(b) || !inDisk(c) || !inDisk(cand) || a == b || b == c || c == a {
		return false // Certify's input errors and coincident vertices: its own verdict
	}
	vs := [3]hyperbolic.Point{a, b, c}
	r := quickFermatTol(&vs, tol, abs) / 2
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
	s0 := [2]qv{{cand.X, 0}, {cand.Y, 0}}
	for i := range t {
		t[i].eval(s0)
	}
	f := [2]qv{pairPsi(pairA(&t[0], &t[1]), &t[0], &t[1]), pairPsi(pairA(&t[1], &t[2]), &t[1], &t[2])}
	// Over X: the branch terms, the disk and F′(X).
	x := [2]qv{{cand.X, r}, {cand.Y, r}}
	for i := range t {
		t[i].eval(x)
	}
	var gb [3][2]qv
	for i := range t {
		gb[i] = t[i].gradB()
	}
	var jac [2][2]qv
	for i := range 2 {
		p, q := &t[i], &t[i+1]
		av := pairA(p, q)
		if !(av.v+qmarg(av.e) < 0) {
			return false
		}
		jac[i] = pairGradPsi(av, pairGradA(p, q), p, q, gb[i], gb[i+1])
	}
	if av := pairA(&t[2], &t[0]); !(av.v+qmarg(av.e) < 0) {
		return false
	}
	if q := x[0].mul(x[0]).add(x[1].mul(x[1])); !(q.v+qmarg(q.e) < 1) {
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
				c = qv{1, 0}.sub(c)
			}
			k += c.mag() * r
		}
		if !(qmarg(k) < r) {
			return false
		}
	}
	return true
}
