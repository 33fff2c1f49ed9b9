package isoptic

import "math"

// Floating-point filter: float64 arithmetic that carries, with every value,
// a rigorous bound on its distance to the exact real result of the same
// expression on the same (exact dyadic) inputs. A sign is decided when the
// bound is smaller than the value's magnitude; otherwise the caller falls
// back to exact rational arithmetic.
//
// The error model (round to nearest, u = 2⁻⁵³): a computed operation
// ĉ = fl(z) satisfies |ĉ − z| ≤ u|ĉ| + 2⁻¹⁰⁷⁵ (the last term only if z is
// in the subnormal range). For operands â, b̂ with |â − a| ≤ eₐ and
// |b̂ − b| ≤ e_b:
//
//	sum:      |ĉ − (a ± b)| ≤ eₐ + e_b + u|ĉ|
//	product:  |ĉ − a·b|     ≤ |â|e_b + |b̂|eₐ + eₐe_b + u|ĉ| + 2⁻¹⁰⁷⁵.
//
// The bound itself is computed in float64 and could round low. It is a
// short sum of non-negative terms (at most 4 roundings, each losing at most
// a factor 1 − u, and underflowing products losing at most 2⁻¹⁰⁷⁵ each),
// so each new bound is computed as (terms + 2⁻¹⁰⁰⁰)·(1 + 16u): the factor
// dominates (1 − u)⁻⁶ and the 2⁻¹⁰⁰⁰ dominates every underflow loss. The
// inputs here are at most 2 in magnitude (points of the disk), so nothing
// overflows.
type errVal struct{ v, e float64 }

const (
	unitRoundoff = 0x1p-53
	boundInflate = 1 + 16*unitRoundoff
	underflowPad = 0x1p-1000
)

func exactVal(v float64) errVal { return errVal{v: v} }

func (a errVal) add(b errVal) errVal {
	c := a.v + b.v
	return errVal{c, (a.e + b.e + unitRoundoff*math.Abs(c) + underflowPad) * boundInflate}
}

func (a errVal) sub(b errVal) errVal {
	c := a.v - b.v
	return errVal{c, (a.e + b.e + unitRoundoff*math.Abs(c) + underflowPad) * boundInflate}
}

func (a errVal) mul(b errVal) errVal {
	c := a.v * b.v
	e := math.Abs(a.v)*b.e + math.Abs(b.v)*a.e + a.e*b.e + unitRoundoff*math.Abs(c)
	return errVal{c, (e + underflowPad) * boundInflate}
}

// sign returns the sign of the exact value when the bound decides it, and
// ok = false when it cannot (|v| ≤ e).
func (a errVal) sign() (s int, ok bool) {
	switch {
	case a.v > a.e:
		return 1, true
	case a.v < -a.e:
		return -1, true
	}
	return 0, false
}

// filteredTerms are A, Bx, By of the pair (x, y) seen from s, with error
// bounds, from exact float64 inputs, in the difference form of evalPair.
func filteredTerms(x, y, s vec2[float64]) (a, bx, by errVal) {
	x0, x1, y0, y1 := exactVal(x[0]), exactVal(x[1]), exactVal(y[0]), exactVal(y[1])
	s0, s1 := exactVal(s[0]), exactVal(s[1])
	dx0, dx1 := x0.sub(s0), x1.sub(s1)
	dy0, dy1 := y0.sub(s0), y1.sub(s1)
	ux := dx0.mul(x1).sub(dx1.mul(x0))
	uy := dy0.mul(y1).sub(dy1.mul(y0))
	a = dx0.mul(dy0).add(dx1.mul(dy1)).sub(ux.mul(uy))
	bx = dx0.mul(dx0).add(dx1.mul(dx1)).sub(ux.mul(ux))
	by = dy0.mul(dy0).add(dy1.mul(dy1)).sub(uy.mul(uy))
	return a, bx, by
}

// signA returns the exact sign of A(s) for float64 inputs taken as exact
// rationals, and whether the exact fallback (fixed-point integers, or
// big.Rat when the coordinates do not fit them) was needed.
func signA(x, y, s vec2[float64]) (sgn int, exact bool) {
	a, _, _ := filteredTerms(x, y, s)
	if sg, ok := a.sign(); ok {
		return sg, false
	}
	if sg, ok := fixedSignA(x, y, s); ok {
		return sg, true
	}
	t := ratTerms(ratVec(x), ratVec(y), ratVec(s))
	return t.A.Sign(), true
}

// angleCmp120 compares the angle at s between the geodesics to x and y with
// 2π/3, exactly, for float64 inputs taken as exact rationals: −1 (smaller),
// 0 (equal), +1 (larger); exact reports that the float filters could not
// decide and exact arithmetic was used. It needs s ≠ x, y, all in the open
// unit disk. The semi-static filter (semistatic.go) goes first.
func angleCmp120(x, y, s vec2[float64]) (cmp int, exact bool) {
	var ex, ey ssEdge
	ex.set(&s, &x)
	ey.set(&y, &s)
	if c, ok := semiStaticVertex(&ex, &ey); ok {
		return c, false
	}
	return angleCmp120Filtered(x, y, s)
}

// angleCmp120Filtered is angleCmp120 without the semi-static filter.
//
// θ < 2π/3 ⟺ A ≥ 0 or D > 0, with D = B − 4A². The filter decides "<"
// when A > 0 or D > 0 is certain, and ">" when A < 0 and D < 0 are; every
// other case (in particular θ = 2π/3 exactly, D = 0, and angles within
// about 1e-14 of it) is evaluated exactly: in fixed-point integers
// (fixedAngleCmp120, a few hundred ns, no allocation) when the
// coordinates' exponents allow, else in big.Rat.
func angleCmp120Filtered(x, y, s vec2[float64]) (cmp int, exact bool) {
	a, bx, by := filteredTerms(x, y, s)
	d := bx.mul(by).sub(exactVal(4).mul(a.mul(a)))
	sa, okA := a.sign()
	sd, okD := d.sign()
	switch {
	case okA && sa > 0, okD && sd > 0:
		return -1, false
	case okA && sa < 0 && okD && sd < 0:
		return 1, false
	}
	if c, ok := fixedAngleCmp120(x, y, s); ok {
		return c, true
	}
	t := ratTerms(ratVec(x), ratVec(y), ratVec(s))
	return t.AngleCmp120(), true
}

func ratVec(v vec2[float64]) RatPoint {
	return ratPointOf(hyperbolicPoint(v))
}
