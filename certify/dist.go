package certify

import (
	"fmt"
	"math"
	"math/big"
	"sync"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// Certified hyperbolic distances (Klein model). From cosh d =
// (1 − x·y)/√((1 − |x|²)(1 − |y|²)) and the Lagrange identity,
//
//	sinh²d = [|δ|²(1 − |x|²) + (x·δ)²] / ((1 − |x|²)(1 − |y|²)),  δ = y − x,
//
// a quotient of sums of non-negative terms: no cancellation, so tiny and
// near-boundary edges keep their relative accuracy (1 − |x|² itself is
// formed from the exact squares at 256 bits). Then d = asinh(√sinh²d),
// and asinh is evaluated rigorously from series — no library
// transcendental function is trusted:
//
//	asinh s = 2·atanh(w),  w = s/(1 + √(1 + s²))  (= tanh(d/2), no cancellation)
//
// summed directly while w ≤ ¼, otherwise d = log(s + √(1 + s²)) with
// log m = e·ln 2 + 2·atanh((f − 1)/(f + 1)), m = 2ᵉ·f, f ∈ [¾, 3/2), so
// |(f − 1)/(f + 1)| ≤ 1/5. The atanh series Σ t²ᵏ⁺¹/(2k+1) is cut when a
// term falls below 2⁻⁽ᵖʳᵉᶜ⁺⁴⁾ of the sum, and the tail, at most
// |t|²ᴷ⁺³/(1 − t²) for the last power |t|²ᴷ⁺¹ summed, is added as an
// interval. ln 2 is [math.Ln2, next float64] in float64 (math.Ln2 lies
// below ln 2; tested at 300 bits) and 2·atanh(1/3), by the same series,
// in big.Float.

// ln2_64 encloses ln 2.
var ln2_64 = Interval64{math.Ln2, up(math.Ln2)}

// oneMinusNormSq encloses 1 − x² − y² at precision prec ≥ 128: the squares
// of float64 values are exact there, so only the two subtractions round.
func oneMinusNormSq(z *Interval, p hyperbolic.Point, prec uint) *Interval {
	x, y, t := getInterval(53), getInterval(53), getInterval(prec)
	x.SetFloat64(p.X)
	y.SetFloat64(p.Y)
	z.SetPrec(prec)
	z.SetInt64(1)
	t.Sqr(x)
	z.Sub(z, t)
	t.Sqr(y)
	z.Sub(z, t)
	putInterval(x)
	putInterval(y)
	putInterval(t)
	return z
}

// OneMinusNormSq64 encloses 1 − |p|² for a point p of the disk, to about
// one ulp (formed at 256 bits from the exact squares).
func OneMinusNormSq64(p hyperbolic.Point) Interval64 {
	z := getInterval(256)
	v := oneMinusNormSq(z, p, 256).Interval64()
	putInterval(z)
	return v
}

// SinhSqDist64 encloses sinh² d(p, q) from exact coordinates, given
// enclosures np ∋ 1 − |p|² and nq ∋ 1 − |q|² (OneMinusNormSq64; passing
// them lets a caller compute them once per vertex). It fails with
// ErrDomain if np or nq is not positive (a point not inside the disk).
func SinhSqDist64(p, q hyperbolic.Point, np, nq Interval64) (Interval64, error) {
	if np.Lo <= 0 || nq.Lo <= 0 {
		return Interval64{}, fmt.Errorf("certify: distance %v–%v: 1 − |x|² not provably positive: %w", p, q, ErrDomain)
	}
	d0, d1 := Point64(q.X).Sub(Point64(p.X)), Point64(q.Y).Sub(Point64(p.Y))
	xd := d0.Scale(p.X).Add(d1.Scale(p.Y)) // x·δ
	num := d0.Sqr().Add(d1.Sqr()).Mul(np).Add(xd.Sqr())
	return num.Quo(np.Mul(nq))
}

// Dist64 encloses the hyperbolic distance between two points of the Klein
// disk. It fails for a point that is not a finite point of the open disk.
func Dist64(p, q hyperbolic.Point) (Interval64, error) {
	if err := p.Check(); err != nil {
		return Interval64{}, err
	}
	if err := q.Check(); err != nil {
		return Interval64{}, err
	}
	s2, err := SinhSqDist64(p, q, OneMinusNormSq64(p), OneMinusNormSq64(q))
	if err != nil {
		return Interval64{}, err
	}
	return AsinhSqrt64(s2)
}

// AsinhSqrt64 encloses asinh(√q) over q (q ≥ 0): the distance whose
// squared hyperbolic sine is q. The function increases, so each endpoint
// is evaluated on its own. It fails with ErrDomain if q has a negative or
// infinite part.
func AsinhSqrt64(q Interval64) (Interval64, error) {
	if q.Lo < 0 || math.IsInf(q.Hi, 1) || math.IsNaN(q.Lo) || math.IsNaN(q.Hi) {
		return Interval64{}, fmt.Errorf("certify: asinh(√q) for q = %v: %w", q, ErrDomain)
	}
	lo := asinhSqrtPoint64(q.Lo).Lo
	hi := asinhSqrtPoint64(q.Hi).Hi
	return Interval64{max(lo, 0), hi}, nil
}

func asinhSqrtPoint64(qv float64) Interval64 {
	q := Point64(qv)
	s, _ := q.Sqrt()
	r, _ := Point64(1).Add(q).Sqrt()
	w, _ := s.Quo(Point64(1).Add(r)) // 1 + r ≥ 2
	if w.Hi <= 0.25 {
		return atanh64(w).Scale(2)
	}
	return log64(s.Add(r))
}

// atanh64 encloses atanh over t, |t| ≤ ¼ (any t ⊆ (−1, 1) is rigorous,
// but convergence is fast only for small |t|). As in asin64, the terms
// after t are summed apart.
func atanh64(t Interval64) Interval64 {
	t2 := t.Sqr()
	pow, tail := t, Point64(0) // pow ∋ t^(2k+1)
	small := 0x1p-58 * t.Mig()
	odd := oddRecip()
	for k := 1; k < len(odd); k++ {
		pow = pow.Mul(t2)
		term := pow.Mul(odd[k])
		tail = tail.Add(term)
		if term.Mag() <= small || term.Mag() == 0 {
			break
		}
	}
	r := mulUp(pow.Mag(), quoUp(t2.Hi, addDown(1, -t2.Hi)))
	return t.Add(tail.Add(Interval64{-r, r}))
}

// oddRecip returns the table whose entry k encloses 1/(2k+1), made on
// first use (not at every program's start).
var oddRecip = sync.OnceValue(func() []Interval64 {
	r := make([]Interval64, 400)
	for k := range r {
		r[k], _ = Point64(1).Quo(Point64(float64(2*k + 1)))
	}
	return r
})

// log64 encloses log over m ⊂ (0, ∞) with m.Hi/m.Lo < 2 (narrow
// enclosures, as here).
func log64(m Interval64) Interval64 {
	frac, e := math.Frexp(m.Mid()) // m ≈ frac·2ᵉ, frac ∈ [½, 1)
	if frac < 0.75 {
		e--
	}
	f := m.Scale(math.Ldexp(1, -e)) // exact scaling by a power of two
	t, _ := f.Sub(Point64(1)).Quo(f.Add(Point64(1)))
	return ln2_64.Scale(float64(e)).Add(atanh64(t).Scale(2))
}

// Dist sets z to an enclosure of the hyperbolic distance between p and q
// at precision prec (at least 64) and returns z. It fails for a point that
// is not a finite point of the open disk.
func (z *Interval) Dist(p, q hyperbolic.Point, prec uint) (*Interval, error) {
	if err := p.Check(); err != nil {
		return z, err
	}
	if err := q.Check(); err != nil {
		return z, err
	}
	prec = max(prec, 64)
	wp := prec + 32 // guard bits for the series
	np := oneMinusNormSq(getInterval(wp), p, max(wp, 128))
	nq := oneMinusNormSq(getInterval(wp), q, max(wp, 128))
	defer putInterval(np)
	defer putInterval(nq)
	if np.Lo.Sign() <= 0 || nq.Lo.Sign() <= 0 {
		return z, fmt.Errorf("certify: distance %v–%v: 1 − |x|² not provably positive: %w", p, q, ErrDomain)
	}
	var ps, qs [2]Interval
	for i, v := range [2]float64{p.X, p.Y} {
		ps[i].SetPrec(53).SetFloat64(v)
	}
	for i, v := range [2]float64{q.X, q.Y} {
		qs[i].SetPrec(53).SetFloat64(v)
	}
	var d, t, u, num, xd, den Interval
	for _, w := range []*Interval{&d, &t, &u, &num, &xd, &den} {
		w.SetPrec(wp)
	}
	num.SetInt64(0) // |δ|²
	xd.SetInt64(0)  // x·δ
	for i := range 2 {
		d.Sub(&qs[i], &ps[i])
		t.Sqr(&d)
		u.Add(&num, &t)
		num.Set(&u)
		t.Scale(&d, &ps[i].Lo)
		u.Add(&xd, &t)
		xd.Set(&u)
	}
	t.Mul(&num, np) // |δ|²(1 − |x|²)
	u.Sqr(&xd)      // (x·δ)²
	num.Add(&t, &u)
	den.Mul(np, nq)
	if _, err := t.Quo(&num, &den); err != nil {
		return z, err
	}
	if err := asinhSqrtBig(z, &t, prec, wp); err != nil {
		return z, err
	}
	return z, nil
}

// asinhSqrtBig sets z ⊇ asinh(√q) at precision prec, working at wp.
func asinhSqrtBig(z, q *Interval, prec, wp uint) error {
	if q.Lo.Sign() < 0 {
		return fmt.Errorf("certify: asinh(√q) for q = %v: %w", q, ErrDomain)
	}
	var lo, hi, pt Interval
	pt.SetPrec(wp)
	for k, e := range []*big.Float{&q.Lo, &q.Hi} {
		pt.SetFloat(e) // exact: wp ≥ q's precision
		r := &lo
		if k == 1 {
			r = &hi
		}
		asinhSqrtPointBig(r, &pt, wp)
	}
	z.SetPrec(prec)
	z.modes()
	z.Lo.Set(&lo.Lo)
	z.Hi.Set(&hi.Hi)
	if z.Lo.Sign() < 0 {
		z.Lo.SetInt64(0)
	}
	return nil
}

func asinhSqrtPointBig(z, q *Interval, wp uint) {
	var s, r, t, w, one1 Interval
	for _, v := range []*Interval{&s, &r, &t, &w, z} {
		v.SetPrec(wp)
	}
	one1.SetPrec(wp).SetInt64(1)
	s.Sqrt(q)
	t.Add(&one1, q)
	r.Sqrt(&t)
	t.Add(&one1, &r)
	w.Quo(&s, &t) // cannot fail: t ≥ 2
	if w.Hi.Cmp(big.NewFloat(0.25)) <= 0 {
		atanhBig(z, &w, wp)
		z.Add(z, z)
		return
	}
	t.Add(&s, &r)
	logBig(z, &t, wp)
}

// atanhBig sets z ⊇ atanh(t) at precision wp (series, see atanh64).
func atanhBig(z, t *Interval, wp uint) {
	var t2, pow, nxt, term, sum, k Interval
	for _, v := range []*Interval{&t2, &pow, &nxt, &term, &sum} {
		v.SetPrec(wp)
	}
	t2.Sqr(t)
	pow.Set(t)
	sum.Set(t)
	mag, smag := new(big.Float).SetPrec(wp), new(big.Float).SetPrec(wp)
	for i := int64(1); i < 4*int64(wp); i++ {
		nxt.Mul(&pow, &t2)
		pow.Set(&nxt)
		k.SetPrec(64).SetInt64(2*i + 1)
		term.Quo(&pow, &k) // k > 0
		nxt.Add(&sum, &term)
		sum.Set(&nxt)
		term.Mag(mag)
		if mag.Sign() == 0 {
			break
		}
		sum.Mig(smag)
		if mag.MantExp(nil) < smag.MantExp(nil)-int(wp)-4 {
			break
		}
	}
	// tail ≤ |pow|·t²/(1 − t²)
	var tail, den Interval
	tail.SetPrec(wp)
	den.SetPrec(wp)
	pow.Mag(mag)
	tail.SetPrec(wp)
	tail.SetFloat(mag)
	nxt.SetFloat(&t2.Hi)
	tail.Mul(&tail, &nxt)
	den.SetInt64(1)
	den.Sub(&den, &nxt)
	tail.Quo(&tail, &den) // 1 − t² > 0
	tail.Lo.Neg(&tail.Hi) // [−T, T]; negation is exact
	z.SetPrec(wp)
	z.Add(&sum, &tail)
}

// logBig sets z ⊇ log(m) for m ⊂ (0, ∞), narrow (see log64).
func logBig(z, m *Interval, wp uint) {
	var mid big.Float
	m.Mid(&mid)
	e := mid.MantExp(nil) // mid = frac·2ᵉ, frac ∈ [½, 1)
	frac := new(big.Float).SetMantExp(&mid, -e)
	if frac.Cmp(big.NewFloat(0.75)) < 0 {
		e--
	}
	var f, a, b, t, one1 Interval
	for _, v := range []*Interval{&f, &a, &b, &t} {
		v.SetPrec(wp)
	}
	one1.SetPrec(wp).SetInt64(1)
	f.Set(m)
	f.Lo.SetMantExp(&f.Lo, -e) // exact
	f.Hi.SetMantExp(&f.Hi, -e)
	a.Sub(&f, &one1)
	b.Add(&f, &one1)
	t.Quo(&a, &b) // b > 1
	atanhBig(z, &t, wp)
	z.Add(z, z)
	ln2Big(&a, wp)
	var ef big.Float
	ef.SetInt64(int64(e))
	b.Scale(&a, &ef)
	t.Set(z)
	z.Add(&t, &b)
}

var ln2Cache sync.Map // prec → *Interval

// ln2Big sets z ⊇ ln 2 = 2·atanh(1/3) at precision wp.
func ln2Big(z *Interval, wp uint) {
	if v, ok := ln2Cache.Load(wp); ok {
		z.SetPrec(wp).Set(v.(*Interval))
		return
	}
	var third, num, den Interval
	num.SetPrec(wp).SetInt64(1)
	den.SetPrec(wp).SetInt64(3)
	third.SetPrec(wp)
	third.Quo(&num, &den)
	v := new(Interval)
	atanhBig(v, &third, wp)
	v.Add(v, v)
	ln2Cache.Store(wp, v)
	z.SetPrec(wp).Set(v)
}
