package fermat

import (
	"math"
	"math/big"
	"testing"

	"github.com/ALTree/bigfloat"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/numtest"
	"github.com/hypersteiner/hypersteiner/isoptic"
)

// The oracle: the Steiner point computed in 200-bit big.Float arithmetic
// on the hyperboloid, independently of φ and of the float64 code. It
// minimises the total distance f(s) = Σ d(s, pᵢ), which is strictly
// geodesically convex, by Riemannian Newton: in an orthonormal frame of
// the tangent plane at s the gradient is −Σuᵢ (uᵢ the unit tangent towards
// pᵢ) and the Hessian H = Σ coth dᵢ·(I − uᵢuᵢᵀ); the step v = H⁻¹Σuᵢ is
// retracted to the sheet by s ← (s + v)/‖s + v‖, with backtracking on f
// while the steps are large. At the minimum Σuᵢ = 0: the three unit
// tangents meet at 120°.
//
// Accuracy: H ⪰ min coth dᵢ·Σ(I − uᵢuᵢᵀ) = min coth dᵢ·(3/2)·I near the
// Steiner point (three unit vectors at 120° have Σ cos² = 3/2), and
// coth d ≥ max(1, 1/d), so the distance to the true point is at most
// (2/3)·‖Σuᵢ‖·min(1, max dᵢ) ≤ (2/3)·‖Σuᵢ‖·perimeter to first order. The
// oracle stops only when ‖Σuᵢ‖ ≤ 1e-40: its relative error is below 1e-40,
// far beyond the 1e-13 the tests ask of the float strategies.

const oraclePrec = 200

type hpt [3]*big.Float // hyperboloid point or tangent vector (T, X, Y)

func bf() *big.Float { return new(big.Float).SetPrec(oraclePrec) }

func bfv(x float64) *big.Float { return bf().SetFloat64(x) }

// mink returns −u₀v₀ + u₁v₁ + u₂v₂.
func mink(u, v hpt) *big.Float {
	r := bf().Mul(u[1], v[1])
	r.Add(r, bf().Mul(u[2], v[2]))
	return r.Sub(r, bf().Mul(u[0], v[0]))
}

// axpy returns a·x + y.
func axpy(a *big.Float, x, y hpt) hpt {
	var r hpt
	for i := range 3 {
		r[i] = bf().Mul(a, x[i])
		r[i].Add(r[i], y[i])
	}
	return r
}

func scaleH(a *big.Float, x hpt) hpt {
	var r hpt
	for i := range 3 {
		r[i] = bf().Mul(a, x[i])
	}
	return r
}

// kleinToHyp returns (1, x, y)/√(1 − x² − y²) for the exact float64 p.
func kleinToHyp(p hyperbolic.Point) hpt {
	x, y := bfv(p.X), bfv(p.Y)
	d := bfv(1)
	d.Sub(d, bf().Mul(x, x))
	d.Sub(d, bf().Mul(y, y))
	l := bf().Quo(bfv(1), bf().Sqrt(d))
	return hpt{l, bf().Mul(x, l), bf().Mul(y, l)}
}

// normalizeH returns v/√(−⟨v,v⟩).
func normalizeH(v hpt) hpt {
	n := mink(v, v)
	n.Neg(n)
	return scaleH(bf().Quo(bfv(1), bf().Sqrt(n)), v)
}

// towards returns the unit tangent at s towards p, cosh d and sinh d.
func towards(s, p hpt) (u hpt, ch, sh *big.Float) {
	ch = mink(s, p)
	ch.Neg(ch)
	t := axpy(bf().Neg(ch), s, p) // p − cosh d·s, tangent at s
	sh = bf().Sqrt(mink(t, t))
	return scaleH(bf().Quo(bfv(1), sh), t), ch, sh
}

// acoshB returns acosh(x) = log(x + √(x² − 1)).
func acoshB(x *big.Float) *big.Float {
	r := bf().Mul(x, x)
	r.Sub(r, bfv(1))
	if r.Sign() < 0 {
		r.SetInt64(0)
	}
	r.Sqrt(r)
	r.Add(r, x)
	return bigfloat.Log(r)
}

func totalDist(s hpt, ps *[3]hpt) *big.Float {
	f := bf()
	for i := range 3 {
		m := mink(s, ps[i])
		m.Neg(m)
		f.Add(f, acoshB(m))
	}
	return f
}

// tangentBasis returns an orthonormal basis of the tangent plane at s.
func tangentBasis(s hpt) (e1, e2 hpt) {
	a := axpy(s[1], s, hpt{bfv(0), bfv(1), bfv(0)}) // (0,1,0) + X·s
	e1 = scaleH(bf().Quo(bfv(1), bf().Sqrt(mink(a, a))), a)
	b := axpy(s[2], s, hpt{bfv(0), bfv(0), bfv(1)})
	b = axpy(bf().Neg(mink(b, e1)), e1, b)
	e2 = scaleH(bf().Quo(bfv(1), bf().Sqrt(mink(b, b))), b)
	return e1, e2
}

// oracle returns the Steiner point of (a, b, c) (which must exist) on the
// hyperboloid, to a relative accuracy better than 1e-40, starting from the
// candidate start (the iteration converges from anywhere in theory, but a
// descent method is slow near the vertices, where f has a cone point; a
// start near the answer keeps it in the quadratic basin). Convergence is
// verified by the gradient, not assumed: a start far off can only make the
// oracle fail loudly, never return a wrong point.
func oracle(tb testing.TB, a, b, c, start hyperbolic.Point) hpt {
	tb.Helper()
	ps := [3]hpt{kleinToHyp(a), kleinToHyp(b), kleinToHyp(c)}
	s := kleinToHyp(start)
	fs := totalDist(s, &ps)
	for range 60 {
		e1, e2 := tangentBasis(s)
		var g [2]*big.Float
		g[0], g[1] = bf(), bf()
		var h [2][2]*big.Float
		for k := range 2 {
			for l := range 2 {
				h[k][l] = bf()
			}
		}
		dmin := math.Inf(1)
		for i := range 3 {
			u, ch, sh := towards(s, ps[i])
			shf, _ := sh.Float64()
			dmin = min(dmin, math.Asinh(shf))
			coth := bf().Quo(ch, sh)
			uk := [2]*big.Float{mink(u, e1), mink(u, e2)}
			for k := range 2 {
				g[k].Add(g[k], uk[k])
				for l := range 2 {
					t := bf().Mul(uk[k], uk[l])
					t.Neg(t)
					if k == l {
						t.Add(t, bfv(1))
					}
					h[k][l].Add(h[k][l], t.Mul(t, coth))
				}
			}
		}
		gn := bf().Sqrt(bf().Add(bf().Mul(g[0], g[0]), bf().Mul(g[1], g[1])))
		if gn.Cmp(bfv(gradTol)) <= 0 {
			return s
		}
		// v = H⁻¹g.
		det := bf().Sub(bf().Mul(h[0][0], h[1][1]), bf().Mul(h[0][1], h[1][0]))
		v0 := bf().Sub(bf().Mul(h[1][1], g[0]), bf().Mul(h[0][1], g[1]))
		v0.Quo(v0, det)
		v1 := bf().Sub(bf().Mul(h[0][0], g[1]), bf().Mul(h[1][0], g[0]))
		v1.Quo(v1, det)
		vn, _ := bf().Sqrt(bf().Add(bf().Mul(v0, v0), bf().Mul(v1, v1))).Float64()
		// Steps no longer than 0.5 (the retraction stays accurate) and than
		// half the distance to the nearest vertex (no jump into the cone).
		tau := 1.0
		if lim := min(0.5, dmin/2); vn > lim {
			tau = lim / vn
		}
		for range 80 {
			tv := bfv(tau)
			step := axpy(bf().Mul(tv, v0), e1, scaleH(bf().Mul(tv, v1), e2))
			ns := normalizeH(axpy(bfv(1), s, step))
			if tau*vn < 1e-12 {
				s = ns // the quadratic phase: f cannot resolve the decrease
				fs = totalDist(s, &ps)
				break
			}
			nf := totalDist(ns, &ps)
			if nf.Cmp(fs) <= 0 {
				s, fs = ns, nf
				break
			}
			tau /= 2
		}
	}
	// Near a vertex v, f has a cone point and the Newton model breaks
	// down: its radial curvature is O(1), but the gradient's direction
	// turns by O(error/ρ) at distance ρ from v. Polar coordinates (ρ, θ)
	// about v make f smooth.
	near, dn := 0, math.Inf(1)
	for i, p := range [3]hyperbolic.Point{a, b, c} {
		if d := hyperbolic.Dist(p, start); d < dn {
			near, dn = i, d
		}
	}
	if s, ok := polarOracle(&ps, near, start); ok {
		return s
	}
	tb.Fatalf("oracle did not converge for %v %v %v", a, b, c)
	return s
}

// gradTol is the oracle's convergence criterion on ‖Σuᵢ‖: the relative
// error of the oracle is at most (2/3)·gradTol (see oracle).
const gradTol = 1e-40

// polarOracle solves ∇f = 0 in polar coordinates about vertex v: s(ρ, θ)
// = cosh ρ·V + sinh ρ·(cos θ·E₁ + sin θ·E₂), where ∇f in the orthonormal
// polar frame is G = (1 − Σ_{i≠v}⟨uᵢ, e_ρ⟩, −Σ_{i≠v}⟨uᵢ, e_θ⟩) — smooth for
// ρ > 0. Newton's method with a central-difference Jacobian (steps 1e-25
// relative: truncation 1e-50, rounding 1e-35, so the iteration still
// contracts by 1e-35 per step once near).
func polarOracle(ps *[3]hpt, v int, start hyperbolic.Point) (hpt, bool) {
	V := ps[v]
	E1, E2 := tangentBasis(V)
	// Start: ρ from the start point; θ the direction of the sum of the
	// unit tangents at V towards the other two vertices, where the Steiner
	// point lies when it is close to V (then G depends on θ mostly).
	_, _, sh := towards(V, kleinToHyp(start))
	rho := bfv(1e-12)
	if f, _ := sh.Float64(); f > 0 {
		rho.SetFloat64(math.Asinh(f))
	}
	var sum hpt
	sum[0], sum[1], sum[2] = bf(), bf(), bf()
	for i := range 3 {
		if i != v {
			u, _, _ := towards(V, ps[i])
			sum = axpy(bfv(1), u, sum)
		}
	}
	c1, _ := mink(sum, E1).Float64()
	c2, _ := mink(sum, E2).Float64()
	theta := bfv(math.Atan2(c2, c1))
	sinhcosh := func(r *big.Float) (*big.Float, *big.Float) {
		e := bigfloat.Exp(r)
		ei := bf().Quo(bfv(1), e)
		sh := bf().Sub(e, ei)
		sh.Quo(sh, bfv(2))
		ch := bf().Add(e, ei)
		ch.Quo(ch, bfv(2))
		return sh, ch
	}
	sincos := func(t *big.Float) (*big.Float, *big.Float) {
		c, s := numtest.CosSin(t, oraclePrec)
		return s, c
	}
	G := func(r, t *big.Float) (g [2]*big.Float) {
		sh, ch := sinhcosh(r)
		sn, cs := sincos(t)
		w := axpy(cs, E1, scaleH(sn, E2))
		s := axpy(ch, V, scaleH(sh, w))
		er := axpy(sh, V, scaleH(ch, w))
		et := axpy(bf().Neg(sn), E1, scaleH(cs, E2))
		g[0], g[1] = bfv(1), bf()
		for i := range 3 {
			if i == v {
				continue
			}
			ui, _, _ := towards(s, ps[i])
			g[0].Sub(g[0], mink(ui, er))
			g[1].Sub(g[1], mink(ui, et))
		}
		return g
	}
	point := func(r, t *big.Float) hpt {
		sh, ch := sinhcosh(r)
		sn, cs := sincos(t)
		return axpy(ch, V, scaleH(sh, axpy(cs, E1, scaleH(sn, E2))))
	}
	for range 100 {
		g := G(rho, theta)
		gn := bf().Sqrt(bf().Add(bf().Mul(g[0], g[0]), bf().Mul(g[1], g[1])))
		if gn.Cmp(bfv(gradTol)) <= 0 {
			return point(rho, theta), true
		}
		hr := bf().Mul(rho, bfv(1e-25))
		ht := bfv(1e-25)
		var J [2][2]*big.Float
		gp, gm := G(bf().Add(rho, hr), theta), G(bf().Sub(rho, hr), theta)
		for k := range 2 {
			J[k][0] = bf().Quo(bf().Sub(gp[k], gm[k]), bf().Mul(bfv(2), hr))
		}
		gp, gm = G(rho, bf().Add(theta, ht)), G(rho, bf().Sub(theta, ht))
		for k := range 2 {
			J[k][1] = bf().Quo(bf().Sub(gp[k], gm[k]), bf().Mul(bfv(2), ht))
		}
		det := bf().Sub(bf().Mul(J[0][0], J[1][1]), bf().Mul(J[0][1], J[1][0]))
		dr := bf().Sub(bf().Mul(J[0][1], g[1]), bf().Mul(J[1][1], g[0]))
		dr.Quo(dr, det)
		dt := bf().Sub(bf().Mul(J[1][0], g[0]), bf().Mul(J[0][0], g[1]))
		dt.Quo(dt, det)
		// Safeguards far from the root: ρ changes by at most a factor 10,
		// θ by at most 0.1.
		nr := bf().Add(rho, dr)
		if nr.Cmp(bf().Quo(rho, bfv(10))) < 0 {
			nr.Quo(rho, bfv(10))
		} else if nr.Cmp(bf().Mul(rho, bfv(10))) > 0 {
			nr.Mul(rho, bfv(10))
		}
		rho = nr
		if dt.Cmp(bfv(0.1)) > 0 {
			dt.SetFloat64(0.1)
		} else if dt.Cmp(bfv(-0.1)) < 0 {
			dt.SetFloat64(-0.1)
		}
		theta.Add(theta, dt)
		if th, _ := theta.Float64(); math.Abs(th) > 4 {
			return hpt{}, false
		}
	}
	return hpt{}, false
}

// distToH returns the hyperbolic distance between the Klein point p and
// the hyperboloid point s, from sinh d = ‖p − cosh d·s‖ (no cancellation
// for nearby points at 200 bits).
func distToH(p hyperbolic.Point, s hpt) float64 {
	q := kleinToHyp(p)
	ch := mink(s, q)
	ch.Neg(ch)
	t := axpy(bf().Neg(ch), s, q) // q − cosh d·s, of length sinh d
	n2 := mink(t, t)
	if n2.Sign() <= 0 { // 0 up to 200-bit rounding
		return 0
	}
	v, _ := bf().Sqrt(n2).Float64()
	return math.Asinh(v)
}

// hypToKlein rounds s to the nearest Klein point.
func hypToKlein(s hpt) hyperbolic.Point {
	x, _ := bf().Quo(s[1], s[0]).Float64()
	y, _ := bf().Quo(s[2], s[0]).Float64()
	return hyperbolic.Point{X: x, Y: y}
}

// ulpLength is the hyperbolic length of a Klein displacement by one ulp
// of the larger coordinate of p in each coordinate, in the worst
// direction: the Klein metric stretches a Euclidean displacement by at
// most 1/(1 − |p|²) (radially). Rounding a point to float64 moves it by up
// to half of this; no float64 Klein output can be more accurate.
func ulpLength(p hyperbolic.Point) float64 {
	m := max(math.Abs(p.X), math.Abs(p.Y))
	u := math.Nextafter(m, math.Inf(1)) - m
	return math.Sqrt2 * u / oneMinusNormSq(p.X, p.Y)
}

// TestOracleSymmetric validates the oracle where the answer is known by
// symmetry: a triangle symmetric under y ↦ −y (exact in float64) has its
// Steiner point on the X axis, where it sees the two mirror vertices under
// 120°. Scales from 1e-6 to 1, also near the ideal boundary.
func TestOracleSymmetric(t *testing.T) {
	for _, tc := range []struct{ u, v, w float64 }{
		{0.5, 0.2, -0.3},
		{0.1, 1e-6, 0.1 - 1e-6},
		{0.999, 0.03, 0.9},
		{0.9999990, 1e-4, 0.99999},
		{-0.2, 0.7, 0.6},
	} {
		a, b, c := hyperbolic.Point{X: tc.u, Y: tc.v}, hyperbolic.Point{X: tc.u, Y: -tc.v}, hyperbolic.Point{X: tc.w, Y: 0}
		e, err := isoptic.SteinerExists(a, b, c)
		if err != nil || !e.Exists {
			t.Fatalf("%v: no Steiner point (%v)", tc, err)
		}
		s := oracle(t, a, b, c, hyperbolic.Point{X: (2*tc.u + tc.w) / 3, Y: tc.v / 7})
		y, _ := bf().Quo(s[2], s[0]).Float64()
		if math.Abs(y) > 1e-40*tc.v {
			t.Fatalf("%v: y = %v", tc, y)
		}
		p := hypToKlein(s)
		if d := hyperbolic.Angle(a, p, b) - 2*math.Pi/3; math.Abs(d) > 1e-9 {
			t.Fatalf("%v: angle off by %v", tc, d)
		}
	}
}
