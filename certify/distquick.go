package certify

import (
	"math"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// Quick distance enclosures: the distance evaluated once in float64
// round-to-nearest, carrying beside every value a bound on its distance
// from the exact value it stands for (a running error analysis, Higham
// §3.3), instead of two directed roundings per operation. A certificate
// of every edge of a large tree needs one per edge; where the analysis
// does not give a tight bound (near the ideal boundary, long hyperbolic
// edges, underflow) the caller falls back on Geometry.Dist.

// QuickDist is implemented by the Geometry values (both planes) that
// have a float64 distance enclosure cheaper than Dist.
type QuickDist interface {
	// DistQuick encloses the distance between the valid points p and q;
	// ok is false when it cannot enclose it to a relative width of 2⁻⁴⁶
	// (Dist can), and d is then meaningless.
	DistQuick(p, q hyperbolic.Point) (d Interval64, ok bool)
}

// rv is a float64 value v and a bound e ≥ 0 on |v − x|, x the exact
// value v stands for. With round-to-nearest every operation satisfies
// |fl(a∘b) − a∘b| ≤ u·|fl(a∘b)| + η (Higham (2.5); η = 2⁻¹⁰⁷⁴ for
// products and quotients that underflow, 0 for sums, which are exact
// there), which each rule adds to the propagated bound. The bounds are
// themselves computed in round-to-nearest, as sums of products of
// non-negative terms, so each is at least its exact value times
// (1 − u)ᵏ, k the number of operations behind it (a few hundred here);
// quickMargin covers that, and the O(u) relative slack of replacing an
// exact value by its rounding inside a bound.
type rv struct{ v, e float64 }

const (
	uRound = 0x1p-53   // unit roundoff
	eta    = 0x1p-1074 // underflow error of a product or quotient
)

func rvExact(x float64) rv { return rv{x, 0} }

func (a rv) add(b rv) rv {
	s := a.v + b.v
	return rv{s, a.e + b.e + uRound*math.Abs(s)}
}

func (a rv) sub(b rv) rv {
	s := a.v - b.v
	return rv{s, a.e + b.e + uRound*math.Abs(s)}
}

// mul: |ab − ãb̃| ≤ |ã|·e_b + |b̃|·e_a + e_a·e_b.
func (a rv) mul(b rv) rv {
	p := a.v * b.v
	return rv{p, math.Abs(a.v)*b.e + math.Abs(b.v)*a.e + a.e*b.e + uRound*math.Abs(p) + eta}
}

// scale is mul by an exact c.
func (a rv) scale(c float64) rv {
	p := a.v * c
	return rv{p, math.Abs(c)*a.e + uRound*math.Abs(p) + eta}
}

// quo: |a/b − ã/b̃| ≤ (e_a + |ã/b̃|·e_b)/(|b̃| − e_b); ok is false unless
// e_b ≤ |b̃|/2 (b bounded away from 0, so the bound is meaningful).
func (a rv) quo(b rv) (rv, bool) {
	if !(b.e <= math.Abs(b.v)/2) {
		return rv{}, false
	}
	q := a.v / b.v
	return rv{q, (a.e+math.Abs(q)*b.e)/(math.Abs(b.v)-b.e) + uRound*math.Abs(q) + eta}, true
}

// sqrt: for |x − x̃| ≤ e ≤ x̃/2, |√x − √x̃| = |x − x̃|/(√x + √x̃) ≤ e/√x̃;
// ok is false otherwise.
func (a rv) sqrt() (rv, bool) {
	if a.v == 0 && a.e == 0 {
		return rv{}, true
	}
	if !(a.e <= a.v/2) {
		return rv{}, false
	}
	r := math.Sqrt(a.v)
	return rv{r, a.e/r + uRound*r}, true
}

// quickMargin inflates a final bound for the rounding of the bound's own
// evaluation (relative, far above (1 − u)^−k for k in the hundreds) and
// for underflow inside it (absolute, far above a few hundred η
// amplified by the factors a bound is multiplied by, none above 2⁶⁰ on
// the accepted inputs).
func quickMargin(e float64) float64 { return e*(1+0x1p-40) + 0x1p-1000 }

// quickTight is the relative width a quick enclosure must reach.
const quickTight = 0x1p-46

// bounds returns v ∓ e widened by quickMargin and one ulp each way (the
// subtraction and the addition round), the lower clipped at 0 (it is a
// distance); ok is false if either is not finite.
func (a rv) bounds() (lo, hi float64, ok bool) {
	e := quickMargin(a.e)
	lo, hi = max(down(a.v-e), 0), up(a.v+e)
	return lo, hi, finite(lo) && finite(hi) && !math.IsNaN(e)
}

// tight returns [lo, hi], or ok = false when it is wider than quickTight
// relative.
func tight(lo, hi float64) (Interval64, bool) {
	if !(hi-lo <= quickTight*hi) {
		return Interval64{}, false
	}
	return Interval64{lo, hi}, true
}

// DistQuick implements QuickDist for the hyperbolic plane (Klein model),
// on the cancellation-free form of Dist64,
//
//	sinh²d = [|δ|²(1 − |x|²) + (x·δ)²] / ((1 − |x|²)(1 − |y|²)),  δ = y − x,
//
// then d = asinh s, s = sinh d, by the series of atanh (asinhSqrtRV;
// points whose 1 − |x|² the analysis cannot bound away from 0 fall back
// on Dist). It is evaluated at the computed sinh²d, an exact float64; the
// error of that value enters through the derivative.
func (hyperbolicGeometry) DistQuick(p, q hyperbolic.Point) (Interval64, bool) {
	if p == q {
		return Interval64{}, true
	}
	np, nq := oneMinusNormSqRV(p), oneMinusNormSqRV(q)
	d0 := rvExact(q.X).sub(rvExact(p.X))
	d1 := rvExact(q.Y).sub(rvExact(p.Y))
	xd := d0.scale(p.X).add(d1.scale(p.Y))
	num := d0.mul(d0).add(d1.mul(d1)).mul(np).add(xd.mul(xd))
	s2, ok := num.quo(np.mul(nq))
	if !ok {
		return Interval64{}, false
	}
	// asinh √q at the computed q, and the change over q ± e: the
	// derivative 1/(2√q·√(1 + q)) is at most 1/(2√(q − e)) there.
	e := quickMargin(s2.e)
	if !(e <= s2.v/2) {
		return Interval64{}, false
	}
	d, ok := asinhSqrtRV(s2.v)
	if !ok {
		return Interval64{}, false
	}
	d.e += e / (2 * math.Sqrt(s2.v-e))
	lo, hi, ok := d.bounds()
	if !ok {
		return Interval64{}, false
	}
	return tight(lo, hi)
}

// oneMinusNormSqRV is 1 − x² − y² with its bound.
func oneMinusNormSqRV(p hyperbolic.Point) rv {
	return rvExact(1).sub(rvExact(p.X).scale(p.X)).sub(rvExact(p.Y).scale(p.Y))
}

// atanhCoef[k] is 1/(2k+1) rounded to nearest, with its bound uRound/(2k+1)
// (scaling by uRound is exact, so it is uRound times the rounded value).
// Constant expressions: the table is laid out by the linker, not built at
// start-up.
var atanhCoef = [...]rv{
	{1.0 / 1, uRound / 1}, {1.0 / 3, uRound / 3}, {1.0 / 5, uRound / 5}, {1.0 / 7, uRound / 7},
	{1.0 / 9, uRound / 9}, {1.0 / 11, uRound / 11}, {1.0 / 13, uRound / 13}, {1.0 / 15, uRound / 15},
	{1.0 / 17, uRound / 17}, {1.0 / 19, uRound / 19}, {1.0 / 21, uRound / 21}, {1.0 / 23, uRound / 23},
	{1.0 / 25, uRound / 25}, {1.0 / 27, uRound / 27}, {1.0 / 29, uRound / 29}, {1.0 / 31, uRound / 31},
	{1.0 / 33, uRound / 33}, {1.0 / 35, uRound / 35}, {1.0 / 37, uRound / 37}, {1.0 / 39, uRound / 39},
	{1.0 / 41, uRound / 41}, {1.0 / 43, uRound / 43}, {1.0 / 45, uRound / 45}, {1.0 / 47, uRound / 47},
	{1.0 / 49, uRound / 49}, {1.0 / 51, uRound / 51}, {1.0 / 53, uRound / 53}, {1.0 / 55, uRound / 55},
	{1.0 / 57, uRound / 57}, {1.0 / 59, uRound / 59}, {1.0 / 61, uRound / 61}, {1.0 / 63, uRound / 63},
	{1.0 / 65, uRound / 65}, {1.0 / 67, uRound / 67}, {1.0 / 69, uRound / 69}, {1.0 / 71, uRound / 71},
	{1.0 / 73, uRound / 73}, {1.0 / 75, uRound / 75}, {1.0 / 77, uRound / 77}, {1.0 / 79, uRound / 79},
}

// asinhSqrtRV is asinh √q for an exact q ≥ 0 (see DistQuick): 2·atanh w,
// w = s/(1 + √(1 + s²)), s = √q, for w ≤ ¼; beyond, log(s + √(1 + s²))
// = e·ln 2 + 2·atanh((f − 1)/(f + 1)) with s + √(1 + s²) = 2ᵉ·f, f in
// [¾, 3/2) (the scaling by 2⁻ᵉ is exact, |(f − 1)/(f + 1)| ≤ 1/5), as
// Dist64 does.
func asinhSqrtRV(q float64) (rv, bool) {
	s, ok := rvExact(q).sqrt()
	if !ok {
		return rv{}, false
	}
	r, ok := rvExact(1).add(rvExact(q)).sqrt()
	if !ok {
		return rv{}, false
	}
	w, ok := s.quo(rvExact(1).add(r))
	if !ok {
		return rv{}, false
	}
	if w.v+w.e <= 0.25 {
		d, ok := atanhRV(w)
		return rv{2 * d.v, 2 * d.e}, ok
	}
	m := s.add(r)
	frac, e := math.Frexp(m.v)
	if frac < 0.75 {
		e--
	}
	sc := math.Ldexp(1, -e) // exact: m is far from the ends of float64's range
	f := rv{m.v * sc, m.e * sc}
	t, ok := f.sub(rvExact(1)).quo(f.add(rvExact(1)))
	if !ok || !(math.Abs(t.v)+t.e <= 0.25) {
		return rv{}, false
	}
	a, ok := atanhRV(t)
	if !ok {
		return rv{}, false
	}
	// ln 2 is within 2.4e-17 of math.Ln2 (0.693147180559945286… against
	// 0.693147180559945309…).
	return rv{2 * a.v, 2 * a.e}.add(rv{math.Ln2, 2.4e-17}.scale(float64(e))), true
}

// atanhRV is atanh t for |t| ≤ ¼ + a little: t·Σ T^k/(2k+1), T = t², by
// Horner's rule until the tail, at most T^(K+1)/((2K+3)(1 − T)), is below
// 2⁻⁶⁰, which is added to the bound.
func atanhRV(t rv) (rv, bool) {
	T := t.mul(t)
	tHi := T.v + T.e
	if !(tHi < 0.07) {
		return rv{}, false
	}
	// K: the first power T^(K+1) below 2⁻⁶⁰ (K < 16); the tail bound is
	// rounded up by the margin below.
	k, pow := 0, tHi
	for pow > 0x1p-60 && k < len(atanhCoef)-1 {
		pow *= tHi
		k++
	}
	sum := atanhCoef[k]
	for j := k - 1; j >= 0; j-- {
		sum = sum.mul(T).add(atanhCoef[j])
	}
	sum.e += pow / (float64(2*k+3) * (1 - tHi)) * (1 + 0x1p-40)
	return t.mul(sum), true
}

// DistQuick implements QuickDist for the Euclidean plane: √(δx² + δy²)
// with its bound, when the larger coordinate difference lies between
// 2⁻⁴⁰⁰ and 2⁴⁰⁰, where nothing overflows and the larger square is
// normal; other pairs fall back on Dist, which scales.
func (euclideanGeometry) DistQuick(p, q hyperbolic.Point) (Interval64, bool) {
	if p == q {
		return Interval64{}, true
	}
	dx := rvExact(q.X).sub(rvExact(p.X))
	dy := rvExact(q.Y).sub(rvExact(p.Y))
	if m := max(math.Abs(dx.v), math.Abs(dy.v)); !(m >= 0x1p-400 && m <= 0x1p400) {
		return Interval64{}, false
	}
	d, ok := dx.mul(dx).add(dy.mul(dy)).sqrt()
	if !ok {
		return Interval64{}, false
	}
	lo, hi, ok := d.bounds()
	if !ok {
		return Interval64{}, false
	}
	return tight(lo, hi)
}
