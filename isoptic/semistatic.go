package isoptic

import "math"

// Semi-static filter for SteinerExists: the three angles' A and D = B − 4A²
// in plain float64, each compared with a bound c·M + P, where M is the same
// expression evaluated on absolute values with every subtraction turned
// into an addition (its "magnitude"), from the same computed numbers. It
// costs a few dozen flops a triangle where errVal costs several per
// operation; whatever it cannot decide goes to angleCmp120 unchanged.
//
// Sharing. For an edge a→b let d = b − a and w = a₁b₀ − a₀b₁, computed as
// d₀b₁ − d₁b₀ (the difference form: its error scales with |d|, not with
// |a|·|b|). At vertex s = vᵢ with x = vⱼ, y = vₖ (j = i+1, k = i+2 mod 3),
// evalPair's dx, ux are d, w of the edge i→j, and dy, uy are −d, −w of the
// edge k→i (round to nearest is symmetric, so negating is exact and the
// bound analysis is the same). Hence Bx(vᵢ) = |d|² − w² depends only on the
// edge i→j, By(vᵢ) = B of the edge k→i, and A(vᵢ) = −(dᵢⱼ·dₖᵢ − wᵢⱼwₖᵢ):
// three differences, three w and three B a triangle instead of nine.
//
// Error model (round to nearest, u = 2⁻⁵³): an addition or subtraction of
// floats gives ĉ = z(1+δ), |δ| ≤ u, exactly when z is subnormal; a product
// gives ĉ = z(1+δ) + η with |η| ≤ 2⁻¹⁰⁷⁵ (η ≠ 0 only below 2⁻¹⁰²²).
//
// Rounding (no underflow). Treat the exact differences d = b − a as the
// leaves (each computed with one rounding) next to the exact inputs.
// Expanding a +,−,× expression into monomials of its leaves, the computed
// value is Σ ±monomial·Π(1+δ) with at most k factors per monomial, k the
// number of roundings on the monomial's path (the leaf's own included), so
// |ĉ − c| ≤ γₖ·M with γₖ = ku/(1−ku) and M = Σ|monomial|, the magnitude
// expression on exact leaves. Path lengths: w: 3 (d, product, difference);
// A: d·d 3, +1 for the sum, +1 for the final difference = 5; w·w:
// 3+3+1 = 7, +1 = 8; B likewise 8; Bx·By: 17, 4A² the same (×4 is
// exact), D: 18. So |Â − A| ≤ γ₈M_A and |D̂ − D| ≤ γ₁₈M_D.
//
// The computed magnitude. M̂ is computed in float64 from |d̂| (not |d|) and
// |inputs|; its monomials have degree 2 (A) or 4 (D) in the d leaves, so
// with |d| ≤ |d̂|/(1−u), M ≤ (1−u)^−4·M(d̂); its evaluation has at most 4
// (A) or 6 (D) roundings per path, all of non-negative terms, so
// M(d̂) ≤ M̂/(1−u)⁶ up to underflow. Altogether |Â − A| ≤ 8.01u·M̂_A and
// |D̂ − D| ≤ 18.01u·M̂_D. The bounds used are 16u·M̂_A and 32u·M̂_D (powers
// of two: the products are exact unless they underflow), plus P = 2⁻¹⁰⁰⁰,
// and the final sum's rounding loses at most a factor 1 − u, which the
// margin 16u vs 8.01u (32u vs 18.01u) covers: the computed bound cannot
// round below the true error bound.
//
// Underflow. Each η reaches D multiplied by the cofactors along its path.
// The coordinates are below 1 in magnitude, so the computed values satisfy
// |d| ≤ 2, |w| ≤ 4, |A|, |B| ≤ 24 (rounding is monotone and these bounds
// are floats). An η in one of w's two products reaches D through B (factor
// ≤ 2|w|·|B| ≤ 192) and through A (≤ |w|·8|A| ≤ 768); one in A's three
// products through 8|A| ≤ 192; one in B's three products through |B| ≤ 24;
// D's own two through ≤ 4. Over the 15 products a vertex's D depends on
// that is less than 5000·2⁻¹⁰⁷⁵ < 2⁻¹⁰⁶¹ (with room for the (1+u) factors
// and second-order terms), and the same holds for M̂'s evaluation; P = 2⁻¹⁰⁰⁰
// dominates both. So a value is decided only when |v̂| > c·M̂ + P, and
// tiny triangles (D below about 2⁻¹⁰⁰⁰) always fall through to the errVal
// path, which has the same padding, and then to exact arithmetic.
//
// Fused multiply-adds (which Go may emit on some architectures) only remove
// roundings, so the bounds hold with or without them.
const (
	semiStaticA = 16 * unitRoundoff // bound factor for A (> γ₈ with slack)
	semiStaticD = 32 * unitRoundoff // bound factor for D (> γ₁₈ with slack)
	semiStaticP = 0x1p-1000         // absolute pad: underflow
)

// ssEdge holds the semi-static terms of an edge a→b: d = b − a,
// w = a₁b₀ − a₀b₁, B = |d|² − w², and the magnitudes of w and B.
type ssEdge struct {
	d0, d1, w, mw, b, mb float64
}

// set fills e for the edge a→b.
func (e *ssEdge) set(a, b *vec2[float64]) {
	d0, d1 := b[0]-a[0], b[1]-a[1]
	w := d0*b[1] - d1*b[0]
	mw := math.Abs(d0)*math.Abs(b[1]) + math.Abs(d1)*math.Abs(b[0])
	dd := d0*d0 + d1*d1
	e.d0, e.d1, e.w, e.mw, e.b, e.mb = d0, d1, w, mw, dd-w*w, dd+mw*mw
}

// semiStaticCmp120 returns angleCmp120's answer at the three vertices of
// (v₀, v₁, v₂) where the semi-static filter decides it (ok[i]); the other
// vertices are left to angleCmp120Filtered. The vertices must be distinct
// points of the open unit disk.
func semiStaticCmp120(v *[3]vec2[float64]) (cmp [3]int, ok [3]bool) {
	var e [3]ssEdge
	e[0].set(&v[0], &v[1])
	e[1].set(&v[1], &v[2])
	e[2].set(&v[2], &v[0])
	for i := range 3 {
		cmp[i], ok[i] = semiStaticVertex(&e[i], &e[(i+2)%3]) // edges i→j and k→i
	}
	return cmp, ok
}

// semiStaticVertex is the filter at the vertex s where the edges x = s→x
// and y = y→s meet.
func semiStaticVertex(x, y *ssEdge) (cmp int, ok bool) {
	p, q, r := x.d0*y.d0, x.d1*y.d1, x.w*y.w
	g := (p + q) - r // −A
	mA := (math.Abs(p) + math.Abs(q)) + x.mw*y.mw
	bA := semiStaticA*mA + semiStaticP
	if g < -bA { // A > 0
		return -1, true
	}
	d := x.b*y.b - 4*(g*g)
	mD := x.mb*y.mb + 4*(mA*mA)
	bD := semiStaticD*mD + semiStaticP
	switch {
	case d > bD:
		return -1, true
	case d < -bD && g > bA: // D < 0 and A < 0
		return 1, true
	}
	return 0, false
}
