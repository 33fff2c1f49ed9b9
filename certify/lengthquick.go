package certify

import (
	"math"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// HyperbolicLengthQuick proves that the hyperbolic distance ℓ of p and q (Klein
// model) lies within lengthT = 2⁻⁴⁵ relative of x, which is how far a
// stored length is from ℓ as a rule (a few ulps), without enclosing ℓ
// itself: S = sinh²ℓ = N/D, N = |δ|²·np + (p·δ)², D = np·nq, δ = q − p,
// np = 1 − |p|² (the form DistQuick encloses), is enclosed in rv
// arithmetic, σ = sinh²x by its series, and ρ = S/σ ∈ [1 − T, 1 + T]
// gives ℓ ∈ [x(1 − T), x(1 + T)] (sinh(λx) ≥ λ·sinh x for λ ≥ 1 and ≤
// for 0 ≤ λ ≤ 1, sinh being convex on [0, ∞) with sinh 0 = 0, so
// sinh²(x(1 − T)) ≤ (1 − T)σ ≤ S ≤ (1 + T)σ ≤ sinh²(x(1 + T)), and
// asinh √· is increasing). It returns that enclosure rounded outward;
// ok is false when it cannot prove it (x outside [2⁻³⁰⁰, ½], points near
// the boundary, a stored length farther off), which decides nothing.
//
// The bounds: with a = e_N/N, b = e_D/D (rv bounds after qmarg, see
// quickfermat.go) and c = sinhSqErr the relative error of the computed σ̃
// (below), ρ lies within 2R̃·(a + b + c + 3u) of R̃ = fl(N/fl(D·σ̃)),
// which is within 3u of N/(D·σ̃) (two roundings), when a + b + c + 3u ≤
// ¼; the test |R̃ − 1| + 2.01·(a + b + c + 3u) ≤ 0.99·T implies that, so
// |ρ − 1| ≤ T as R̃ ≤ 1 + T, with room for its own rounding.
func HyperbolicLengthQuick(p, q hyperbolic.Point, x float64) (lo, hi float64, ok bool) {
	if !(x >= 0x1p-300 && x <= 0.5) || p == q {
		return 0, 0, false
	}
	np := rv{1, 0}.sub(rv{p.X, 0}.scale(p.X)).sub(rv{p.Y, 0}.scale(p.Y))
	nq := rv{1, 0}.sub(rv{q.X, 0}.scale(q.X)).sub(rv{q.Y, 0}.scale(q.Y))
	d0, d1 := rv{q.X, 0}.sub(rv{p.X, 0}), rv{q.Y, 0}.sub(rv{p.Y, 0})
	xd := d0.scale(p.X).add(d1.scale(p.Y))
	n := d0.mul(d0).add(d1.mul(d1)).mul(np).add(xd.mul(xd))
	d := np.mul(nq)
	if !(n.v > 0 && d.v > 0) {
		return 0, 0, false
	}
	r := n.v / (d.v * sinhSq(x))
	e := fermatQuickMargin(n.e)/n.v + fermatQuickMargin(d.e)/d.v + sinhSqErr + 3*uRound
	if !(math.Abs(r-1)+2.01*e <= 0.99*lengthT) {
		return 0, 0, false
	}
	// fl(x·(1 − T − 2⁻⁵²)) ≤ x(1 − T) and fl(x·(1 + T + 2⁻⁵¹)) ≥ x(1 + T).
	return x * (1 - lengthT - 0x1p-52), x * (1 + lengthT + 0x1p-51), true
}

// lengthT is the relative accuracy HyperbolicLengthQuick proves: far below
// treecert's length tolerance, so that a total, summed from its enclosures, still
// passes the strict test.
const lengthT = 0x1p-45

// sinhSqErr bounds the relative error of sinhSq.
const sinhSqErr = 0x1p-49

// sinhSq is sinh²x for 0 < x ≤ ½ (no underflow: x ≥ 2⁻³⁰⁰), as
// z·g², z = x², g = Σₖ₌₀⁶ zᵏ/(2k+1)! by Horner's rule on positive terms,
// hₖ₋₁ = 1 + z·cₖ·hₖ. The terms left out sum to at most z⁷/15!·1.01 <
// u/2 (z ≤ ¼). At each level the product z̃·c̃ₖ·h̃ₖ is within 4u + θₖ of
// z·cₖ·hₖ (z, cₖ, two products, θₖ that of h̃ₖ), which enters hₖ₋₁
// damped by its share z·cₖ·hₖ/(1 + z·cₖ·hₖ) < 0.05, and the sum adds u:
// θₖ₋₁ ≤ u + 0.05·(4u + θₖ), so every θ stays below 1.3u, g̃ is within
// 1.8u of sinh(x)/x and z̃·g̃·g̃ within 7u of sinh²x (first order;
// 2⁻⁴⁹ = 16u covers the rest).
func sinhSq(x float64) float64 {
	z := x * x
	g := 1.0
	for _, c := range sinhCoef {
		g = 1 + z*c*g
	}
	return z * g * g
}

// sinhCoef[k] is 1/((2j)(2j + 1)), j = 6 − k: Horner's factors of
// sinh(x)/x from the innermost.
var sinhCoef = [6]float64{1.0 / 156, 1.0 / 110, 1.0 / 72, 1.0 / 42, 1.0 / 20, 1.0 / 6}
