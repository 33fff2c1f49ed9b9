package gen

import (
	"math"
	"math/big"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/hyperbolic/hyptest"
	"pgregory.net/rapid"
)

// distinct reports whether the three vertices differ.
func distinct(tr hyptest.Triangle) bool { return tr.A != tr.B && tr.B != tr.C && tr.A != tr.C }

// Triangles returns the default generator of triangles with three
// distinct vertices, a mixture (each family with probability 1/7) of
//
//	independent vertices from Points();
//	a tiny triangle: A from Points(), B and C from Near(A);
//	one close pair: B from Near(A), C from Points();
//	Exact120(), Near120(), WithAngle(0, π), NearDegenerate().
//
// A draw with a repeated vertex is redrawn. It shrinks towards the first
// family.
func Triangles() *rapid.Generator[hyptest.Triangle] { return trianglesGen }

var trianglesGen = rapid.Custom(func(t *rapid.T) hyptest.Triangle {
	for range maxRedraws {
		var tr hyptest.Triangle
		switch intN(t, 7) {
		case 0:
			tr = hyptest.Triangle{A: point(t), B: point(t), C: point(t)}
		case 1:
			a := point(t)
			tr = hyptest.Triangle{A: a, B: near(t, a), C: near(t, a)}
		case 2:
			a := point(t)
			tr = hyptest.Triangle{A: a, B: near(t, a), C: point(t)}
		case 3:
			tr = exact120(t)
		case 4:
			tr = near120(t)
		case 5:
			tr = withAngle(t, 0, math.Pi)
		default:
			tr = nearDegenerate(t)
		}
		if distinct(tr) {
			return tr
		}
	}
	t.Skip("Triangles: no three distinct vertices")
	return hyptest.Triangle{}
})

// exact120Vertices lists the vertices v = (X, Y)/2ᵏ, k ≤ 5, with
// X² + Y² + 3Q² = 4ᵏ, Q ≥ 1: then 1 − |v|² = 3q², q = Q/2ᵏ, and the
// rotation by 120° in the Klein metric at v is rational (see Exact120).
var exact120Vertices = func() [][3]float64 {
	var out [][3]float64
	for k := 1; k <= 5; k++ {
		n := 1 << (2 * k)
		lim := 1 << k
		for x := -lim; x <= lim; x++ {
			for y := -lim; y <= lim; y++ {
				r := n - x*x - y*y
				if r <= 0 || r%3 != 0 {
					continue
				}
				q := int(math.Round(math.Sqrt(float64(r / 3))))
				if 3*q*q != r {
					continue
				}
				if k > 1 && x%2 == 0 && y%2 == 0 && q%2 == 0 {
					continue // already listed with a smaller k
				}
				s := math.Ldexp(1, -k)
				out = append(out, [3]float64{float64(x) * s, float64(y) * s, float64(q) * s})
			}
		}
	}
	return out
}()

// exact120 draws the law of Exact120.
func exact120(t *rapid.T) hyptest.Triangle {
	e := exact120Vertices[intN(t, len(exact120Vertices))]
	v := hyperbolic.Point{X: e[0], Y: e[1]}
	q := e[2]
	var u [2]float64
	for u == [2]float64{} {
		u = [2]float64{float64(zigzag(intN(t, 15))), float64(zigzag(intN(t, 15)))}
	}
	// w = −q·u ± (I − v·vᵀ)·J·u, J·u = (−u₂, u₁): the G-rotation of u by
	// ±120° up to the positive factor 2q. Every product here is exact.
	ju := [2]float64{-u[1], u[0]}
	vju := v.X*ju[0] + v.Y*ju[1]
	r := [2]float64{ju[0] - v.X*vju, ju[1] - v.Y*vju}
	sign := 1.0
	if bit.Draw(t, "") {
		sign = -1
	}
	w := [2]float64{-q*u[0] + sign*r[0], -q*u[1] + sign*r[1]}
	a := alongInside(v, u, intRange(t, 0, 24))
	c := alongInside(v, w, intRange(t, 0, 24))
	return hyptest.Triangle{A: a, B: v, C: c}
}

// alongInside returns v + 2⁻ᵐ·d for the smallest m' ≥ m that lands
// strictly inside the disk (v is inside, so some m' does).
func alongInside(v hyperbolic.Point, d [2]float64, m int) hyperbolic.Point {
	for ; ; m++ {
		s := math.Ldexp(1, -m)
		p := hyperbolic.Point{X: v.X + s*d[0], Y: v.Y + s*d[1]}
		if p.Check() == nil && p != v {
			return p
		}
	}
}

// Exact120 returns a generator of triangles whose angle at B is exactly
// 120°, with exact dyadic vertices (certify.Cmp120 returns 0 for every
// one). B is uniform over the dyadic points v = (X, Y)/2ᵏ, k ≤ 5, with
// X² + Y² + 3Q² = 4ᵏ for an integer Q ≥ 1, where the Klein metric
// G = (1 − |v|²)·I + v·vᵀ has det G = 3q², q = Q/2ᵏ, so the rotation by
// ±120° in that metric, u ↦ −½u ± (1/(2q))(I − v·vᵀ)·J·u, is rational.
// A = B + 2⁻ᵐ·u with u an integer direction (|u₁|, |u₂| ≤ 7, not both 0)
// and C = B + 2⁻ⁿ·w with w the rotated u (sign uniform), m, n uniform on
// [0, 24], each raised until the vertex is inside the disk. It shrinks
// towards the first listed vertex and small m, n.
func Exact120() *rapid.Generator[hyptest.Triangle] { return rapid.Custom(exact120) }

// firstNear120 skips the convergents 1/1, 2/1 and 5/3, whose angles are
// more than 0.5° from 120°.
const firstNear120 = 3

// sqrt3Convergents lists the convergents p/q of √3 = [1; 1, 2, 1, 2, …]
// with p < 2⁵³: exact float64 integers, |p/q − √3| < 1/q².
var sqrt3Convergents = func() [][2]float64 {
	var out [][2]float64
	p0, q0 := big.NewInt(1), big.NewInt(0)
	p1, q1 := big.NewInt(1), big.NewInt(1)
	lim := new(big.Int).Lsh(big.NewInt(1), 53)
	for i := 1; p1.Cmp(lim) < 0; i++ {
		pf, _ := new(big.Float).SetInt(p1).Float64()
		qf, _ := new(big.Float).SetInt(q1).Float64()
		out = append(out, [2]float64{pf, qf})
		a := int64(2 - i%2) // partial quotients a₁, a₂, … = 1, 2, 1, 2, …
		p0, p1 = p1, new(big.Int).Add(new(big.Int).Mul(big.NewInt(a), p1), p0)
		q0, q1 = q1, new(big.Int).Add(new(big.Int).Mul(big.NewInt(a), q1), q0)
	}
	return out
}()

// near120 draws the law of Near120.
func near120(t *rapid.T) hyptest.Triangle {
	if bit.Draw(t, "") {
		// An exact 120° triangle with C moved by 2⁻ᵉ·h·d, e uniform on
		// [20, 52], h the power of two of |C − B|: δ of order 2⁻ᵉ.
		tr := exact120(t)
		e := intRange(t, 20, 52)
		d := [2]float64{float64(zigzag(1 + intN(t, 6))), float64(zigzag(intN(t, 7)))}
		_, eh := math.Frexp(math.Max(math.Abs(tr.C.X-tr.B.X), math.Abs(tr.C.Y-tr.B.Y)))
		s := math.Ldexp(1, eh-e)
		c := hyperbolic.Point{X: tr.C.X + s*d[0], Y: tr.C.Y + s*d[1]}
		if c.Check() == nil {
			tr.C = c
		}
		return tr
	}
	// B at the origin, A on the first axis, C in direction (−q, p) for a
	// convergent p/q of √3: the angle is π − atan(p/q) = 120° + δ with
	// |δ| ≈ |p/q − √3|/4 < 1/(4q²), of alternating sign.
	pq := sqrt3Convergents[firstNear120+intN(t, len(sqrt3Convergents)-firstNear120)]
	_, ep := math.Frexp(pq[0]) // p < 2^ep
	a := hyperbolic.Point{X: math.Ldexp(1, -intRange(t, 1, 30))}
	sc := math.Ldexp(1, -ep-1-intRange(t, 0, 30))
	c := hyperbolic.Point{X: -pq[1] * sc, Y: pq[0] * sc}
	tr := hyptest.Triangle{A: a, B: hyperbolic.Point{}, C: c}
	if bit.Draw(t, "") {
		tr.A, tr.C = tr.C, tr.A
	}
	g := symmetry(t)
	tr.A, tr.C = g(tr.A), g(tr.C)
	return tr
}

// symmetry draws one of the eight exact symmetries of the square.
func symmetry(t *rapid.T) func(hyperbolic.Point) hyperbolic.Point {
	maps := [8]func(hyperbolic.Point) hyperbolic.Point{
		func(p hyperbolic.Point) hyperbolic.Point { return p },
		func(p hyperbolic.Point) hyperbolic.Point { return hyperbolic.Point{X: -p.Y, Y: p.X} },
		func(p hyperbolic.Point) hyperbolic.Point { return hyperbolic.Point{X: -p.X, Y: -p.Y} },
		func(p hyperbolic.Point) hyperbolic.Point { return hyperbolic.Point{X: p.Y, Y: -p.X} },
		func(p hyperbolic.Point) hyperbolic.Point { return hyperbolic.Point{X: p.X, Y: -p.Y} },
		func(p hyperbolic.Point) hyperbolic.Point { return hyperbolic.Point{X: -p.X, Y: p.Y} },
		func(p hyperbolic.Point) hyperbolic.Point { return hyperbolic.Point{X: p.Y, Y: p.X} },
		func(p hyperbolic.Point) hyperbolic.Point { return hyperbolic.Point{X: -p.Y, Y: -p.X} },
	}
	return maps[intN(t, 8)]
}

// Near120 returns a generator of triangles whose angle at B is 120° + δ
// with δ ≠ 0 tiny, of either sign, and exact float64 vertices. Two
// families, each with probability ½:
//
//   - an Exact120 triangle whose C is moved by 2⁻ᵉ·h·d, e uniform on
//     [20, 52], h the power of two of |C − B| and d a small integer vector
//     with d₁ ≠ 0 (the move rounded to float64): |δ| from about 1e-5 down
//     to about 1e-16 (δ = 0 if the move is along C − B or rounds away,
//     which is rare; test with certify.Cmp120 where it matters);
//   - B the origin, A = (2⁻ⁱ, 0), i uniform on [1, 30],
//     C = 2⁻ʲ·(−q, p) for a convergent p/q of √3 with 4 ≤ q and p < 2⁵³
//     (the 53 from 7/4 on, chosen uniformly; j puts C inside the disk
//     plus 0 to 30 more halvings), A and C swapped with probability ½ and
//     an exact symmetry of the square applied: the angle is π − atan(p/q),
//     never exactly 120° (√3 is irrational), |δ| ≈ |p/q − √3|/4 < 1/(4q²),
//     from 4.5e-3 down to about 1e-32, above and below 120° alternately.
//
// It shrinks towards the first family.
func Near120() *rapid.Generator[hyptest.Triangle] { return rapid.Custom(near120) }

// withAngle draws the law of WithAngle.
func withAngle(t *rapid.T, lo, hi float64) hyptest.Triangle {
	for range maxRedraws {
		b := diskPolar(t, 3).Klein()
		theta := uniform(t, lo, hi)
		la, lc := logUniform(t, 1e-6, 4), logUniform(t, 1e-6, 4)
		if tr, ok := fromAngle(b, 2*math.Pi*unit(t), theta, la, lc); ok {
			return tr
		}
	}
	t.Skip("WithAngle: no representable triangle")
	return hyptest.Triangle{}
}

// fromAngle returns the triangle with vertex b, sides la and lc from b
// in directions phi and phi + theta (in the tangent frame of
// hyperbolic.Exp, which is orthonormal, so theta is the angle at b).
func fromAngle(b hyperbolic.Point, phi, theta, la, lc float64) (hyptest.Triangle, bool) {
	sa, ca := math.Sincos(phi)
	sc, cc := math.Sincos(phi + theta)
	a, err1 := hyperbolic.Exp(b, hyperbolic.Vector{X: la * ca, Y: la * sa})
	c, err2 := hyperbolic.Exp(b, hyperbolic.Vector{X: lc * cc, Y: lc * sc})
	tr := hyptest.Triangle{A: a, B: b, C: c}
	return tr, err1 == nil && err2 == nil && distinct(tr)
}

// WithAngle returns a generator of triangles whose angle at B is uniform
// on [lo, hi] (radians, up to the rounding of the vertices): B from
// Disk(3), the sides BA and BC log-uniform on [10⁻⁶, 4], BA in a uniform
// direction and BC turned by the angle (A and C by hyperbolic.Exp in its
// orthonormal tangent frame). Draws whose vertices round onto each other
// are redrawn. It shrinks towards the origin, angle lo, sides 10⁻⁶. It
// panics unless 0 ≤ lo ≤ hi ≤ π.
func WithAngle(lo, hi float64) *rapid.Generator[hyptest.Triangle] {
	mustf(0 <= lo && lo <= hi && hi <= math.Pi, "WithAngle(%v, %v): want 0 ≤ lo ≤ hi ≤ π", lo, hi)
	return rapid.Custom(func(t *rapid.T) hyptest.Triangle { return withAngle(t, lo, hi) })
}

// Obtuse returns WithAngle(π/2, π): an obtuse angle at B.
func Obtuse() *rapid.Generator[hyptest.Triangle] { return WithAngle(math.Pi/2, math.Pi) }

// nearDegenerate draws the law of NearDegenerate.
func nearDegenerate(t *rapid.T) hyptest.Triangle {
	kind := intN(t, 4)
	if kind == 3 {
		// Exactly collinear: B on the chord AC.
		for range maxRedraws {
			a, c := dyadic(t, 20), dyadic(t, 20)
			s := float64(1+intN(t, 1023)) / 1024
			b := hyperbolic.Point{X: a.X + s*(c.X-a.X), Y: a.Y + s*(c.Y-a.Y)}
			if tr := (hyptest.Triangle{A: a, B: b, C: c}); distinct(tr) {
				return tr
			}
		}
		t.Skip("NearDegenerate: no distinct collinear vertices")
	}
	for range maxRedraws {
		b := diskPolar(t, 3).Klein()
		phi := 2 * math.Pi * unit(t)
		small := math.Pow(10, -uniform(t, 1, 15))
		theta, la, lc := math.Pi/2, logUniform(t, 1e-3, 4), logUniform(t, 1e-3, 4)
		switch kind {
		case 0:
			theta = math.Pi - small
		case 1:
			theta = small
		default:
			theta = uniform(t, 0, math.Pi)
			la = lc * math.Pow(10, -uniform(t, 1, 12))
		}
		if tr, ok := fromAngle(b, phi, theta, la, lc); ok {
			return tr
		}
	}
	t.Skip("NearDegenerate: no representable triangle")
	return hyptest.Triangle{}
}

// NearDegenerate returns a generator of nearly degenerate triangles, a
// mixture (each with probability ¼) of
//
//   - flat: the angle at B is π − 10⁻ˢ, s uniform on [1, 15];
//   - needle: the angle at B is 10⁻ˢ;
//   - a short side: |BA| = 10⁻ˢ·|BC|, s uniform on [1, 12], the angle
//     uniform on [0, π];
//   - exactly degenerate: A, C from Dyadic(20) and B = A + (k/1024)(C − A)
//     on the chord, k uniform on [1, 1023], every coordinate exact.
//
// In the first three B is from Disk(3) and the other sides log-uniform on
// [10⁻³, 4], built as in WithAngle. It shrinks towards the flat family.
func NearDegenerate() *rapid.Generator[hyptest.Triangle] { return rapid.Custom(nearDegenerate) }
