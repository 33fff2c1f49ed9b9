package certify

import (
	"fmt"
	"math/big"
	"sync"
)

// Rigorous elementary functions on Interval: π, arctan, exp, sinh, cosh,
// sin and cos. Each is a Taylor series summed in outward-rounded interval
// arithmetic at a working precision 32 bits above the requested one, plus
// an explicit bound of the series' tail added as an interval, so the
// result contains the exact value for every point of the argument; no
// library transcendental function is trusted.
//
// Monotone functions (arctan, exp, sinh) are evaluated at the two
// endpoints separately; cosh by its monotonicity on each side of 0; sin
// and cos in mean-value form, f(X) ⊆ f(m) + [−r, r] with m the centre of
// X and r its radius (|f′| ≤ 1), which keeps the enclosure of a narrow
// argument narrow.

// guardBits is the extra working precision of the series.
const guardBits = 32

var piCache sync.Map // prec → *Interval

// Pi sets z to an enclosure of π at precision prec (at least 64) and
// returns z: Machin's formula π = 16·arctan(1/5) − 4·arctan(1/239), the
// arctangents by their series.
func (z *Interval) Pi(prec uint) *Interval {
	prec = max(prec, 64)
	if v, ok := piCache.Load(prec); ok {
		return z.SetPrec(prec).Set(v.(*Interval))
	}
	wp := prec + guardBits
	var a, b, t, k Interval
	for _, v := range []*Interval{&a, &b, &t} {
		v.SetPrec(wp)
	}
	k.SetPrec(wp).SetInt64(5)
	t.SetPrec(wp).SetInt64(1)
	t.Quo(&t, &k) // k ≠ 0
	atanSeries(&a, &t, wp)
	k.SetInt64(239)
	t.SetInt64(1)
	t.Quo(&t, &k)
	atanSeries(&b, &t, wp)
	k.SetInt64(16)
	a.Mul(&a, &k)
	k.SetInt64(4)
	b.Mul(&b, &k)
	v := new(Interval).SetPrec(prec)
	v.Sub(&a, &b)
	piCache.Store(prec, v)
	return z.SetPrec(prec).Set(v)
}

// Atan sets z to an enclosure of arctan over x at precision prec (at
// least 64) and returns z.
func (z *Interval) Atan(x *Interval, prec uint) *Interval {
	return z.increasing(x, prec, atanPoint)
}

// increasing sets z ⊇ f(x) for an increasing f given by point, which
// encloses f at one endpoint at a working precision: [f(Lo), f(Hi)].
func (z *Interval) increasing(x *Interval, prec uint, point func(z *Interval, x *big.Float, wp uint)) *Interval {
	var lo, hi Interval
	z.atEndpoints(&lo, &hi, x, prec, point)
	z.Lo.Set(&lo.Lo)
	z.Hi.Set(&hi.Hi)
	return z
}

// atEndpoints sets lo and hi to point's enclosures of f at x.Lo and x.Hi,
// at a working precision of prec (at least 64) plus guard bits, and
// readies z for the result at precision prec.
func (z *Interval) atEndpoints(lo, hi, x *Interval, prec uint, point func(z *Interval, x *big.Float, wp uint)) {
	prec = max(prec, 64)
	wp := prec + guardBits
	point(lo, &x.Lo, wp)
	point(hi, &x.Hi, wp)
	z.SetPrec(prec)
	z.modes()
}

// atanPoint sets z ⊇ arctan(x) at precision wp. The argument is brought
// to |t| ≤ 1/3 or so before the series: arctan(−x) = −arctan x,
// arctan x = π/2 − arctan(1/x) for x > 2, and
// arctan x = π/4 + arctan((x − 1)/(x + 1)) for ½ < x ≤ 2.
func atanPoint(z *Interval, x *big.Float, wp uint) {
	var t, u, one Interval
	t.SetPrec(wp)
	u.SetPrec(wp)
	one.SetPrec(wp).SetInt64(1)
	t.SetFloat(x) // finite: Interval endpoints are
	neg := x.Sign() < 0
	if neg {
		t.Neg(&t)
	}
	half := big.NewFloat(0.5)
	two := big.NewFloat(2)
	var pi Interval
	switch {
	case t.Lo.Cmp(half) <= 0:
		atanSeries(z, &t, wp)
	case t.Lo.Cmp(two) > 0:
		u.Quo(&one, &t) // t > 2
		atanSeries(z, &u, wp)
		pi.Pi(wp)
		pi.Lo.SetMantExp(&pi.Lo, -1) // π/2, exact halving
		pi.Hi.SetMantExp(&pi.Hi, -1)
		z.Sub(&pi, z)
	default:
		var num, den Interval
		num.SetPrec(wp).Sub(&t, &one)
		den.SetPrec(wp).Add(&t, &one)
		u.Quo(&num, &den) // den > 1
		atanSeries(z, &u, wp)
		pi.Pi(wp)
		pi.Lo.SetMantExp(&pi.Lo, -2) // π/4
		pi.Hi.SetMantExp(&pi.Hi, -2)
		z.Add(&pi, z)
	}
	if neg {
		z.Neg(z)
	}
}

// atanSeries sets z ⊇ arctan(t) = t − t³/3 + t⁵/5 − … for an interval t
// with |t| ≤ 1 (fast for |t| ≤ ½). The terms decrease in magnitude and
// alternate in sign, so the tail after the last term summed, ±T, is at
// most |T|·t² in magnitude.
func atanSeries(z, t *Interval, wp uint) {
	var t2, pow, term, sum, k Interval
	for _, v := range []*Interval{&t2, &pow, &term, &sum} {
		v.SetPrec(wp)
	}
	t2.Sqr(t)
	pow.Set(t)
	sum.Set(t)
	small := negligible(t, wp)
	mag := new(big.Float).SetPrec(wp)
	for i := int64(1); i < 4*int64(wp); i++ {
		pow.Mul(&pow, &t2)
		k.SetPrec(64).SetInt64(2*i + 1)
		term.Quo(&pow, &k) // k > 0
		if i%2 == 1 {
			sum.Sub(&sum, &term)
		} else {
			sum.Add(&sum, &term)
		}
		if term.Mag(mag); mag.Sign() == 0 || mag.Cmp(small) < 0 {
			break
		}
	}
	addTail(&sum, &pow, &t2, wp)
	z.SetPrec(wp).Set(&sum)
}

// negligible returns the magnitude below which a term of a series in x
// no longer matters at working precision wp: mig(x)·2^−(wp+4), below the
// last bit of the series' first term, x.
func negligible(x *Interval, wp uint) *big.Float {
	small := new(big.Float).SetPrec(wp)
	x.Mig(small)
	return small.SetMantExp(small, -int(wp)-4)
}

// addTail adds [−B, B] to sum, B = max|last|·max|factor| rounded up.
func addTail(sum, last, factor *Interval, wp uint) {
	b := new(big.Float).SetPrec(wp).SetMode(big.ToPositiveInf)
	f := new(big.Float).SetPrec(wp)
	last.Mag(b)
	factor.Mag(f)
	b.Mul(b, f)
	var tail Interval
	tail.SetPrec(wp)
	tail.Hi.Set(b)
	tail.Lo.Neg(b) // exact
	sum.Add(sum, &tail)
}

// maxExpArg bounds the arguments of Exp, Sinh and Cosh: e^1000000 is far
// beyond any float64, and big.Float's exponent range is finite.
const maxExpArg = 1e6

// Exp sets z to an enclosure of eˣ over x at precision prec (at least 64)
// and returns z. It fails with ErrDomain if |x| exceeds 10⁶.
func (z *Interval) Exp(x *Interval, prec uint) (*Interval, error) {
	if err := expDomain(x); err != nil {
		return z, err
	}
	return z.increasing(x, prec, expPoint), nil
}

func expDomain(x *Interval) error {
	lim := big.NewFloat(maxExpArg)
	m := new(big.Float)
	if x.Mag(m).Cmp(lim) > 0 {
		return fmt.Errorf("certify: exponential of %v: |x| > %g: %w", x, maxExpArg, ErrDomain)
	}
	return nil
}

// expPoint sets z ⊇ eˣ at precision wp: x = k·ln 2 + r with k the integer
// nearest x/ln 2, so |r| ≤ 0.35 (plus rounding), eʳ by its series, and
// the factor 2ᵏ applied exactly. With |r| ≤ (N+2)/2, the tail after the
// term rᴺ/N! is at most 2·|r|ᴺ⁺¹/(N+1)!.
func expPoint(z *Interval, x *big.Float, wp uint) {
	var r, l2, term, sum, k Interval
	for _, v := range []*Interval{&r, &l2, &term, &sum} {
		v.SetPrec(wp)
	}
	q := new(big.Float).SetPrec(64).Quo(x, big.NewFloat(0.6931471805599453))
	ki, _ := q.Int64()
	if f, _ := q.Float64(); f-float64(ki) > 0.5 {
		ki++
	} else if f-float64(ki) < -0.5 {
		ki--
	}
	ln2Big(&l2, wp)
	k.SetPrec(64).SetInt64(ki)
	l2.Mul(&l2, &k)
	r.SetFloat(x)
	r.Sub(&r, &l2)
	sum.SetInt64(1)
	term.SetInt64(1)
	small := new(big.Float).SetPrec(wp).SetMantExp(big.NewFloat(1), -int(wp)-4)
	mag := new(big.Float).SetPrec(wp)
	var n int64
	for n = 1; n < 4*int64(wp); n++ {
		term.Mul(&term, &r)
		k.SetInt64(n)
		term.Quo(&term, &k)
		sum.Add(&sum, &term)
		if term.Mag(mag); mag.Sign() == 0 || mag.Cmp(small) < 0 {
			break
		}
	}
	// tail ≤ 2·|term|·|r|/(n+1) ≤ |term|·|r| for n ≥ 1
	addTail(&sum, &term, &r, wp)
	sum.Lo.SetMantExp(&sum.Lo, int(ki)) // exact scaling by 2ᵏ
	sum.Hi.SetMantExp(&sum.Hi, int(ki))
	z.SetPrec(wp).Set(&sum)
}

// Sinh sets z to an enclosure of sinh over x at precision prec (at least
// 64) and returns z: the odd series for |x| ≤ ½ (no cancellation for tiny
// x), (eˣ − e⁻ˣ)/2 otherwise. It fails with ErrDomain if |x| > 10⁶.
func (z *Interval) Sinh(x *Interval, prec uint) (*Interval, error) {
	if err := expDomain(x); err != nil {
		return z, err
	}
	return z.increasing(x, prec, sinhPoint), nil
}

func sinhPoint(z *Interval, x *big.Float, wp uint) {
	var a Interval
	a.SetPrec(wp)
	a.SetFloat(x)
	if new(big.Float).Abs(x).Cmp(big.NewFloat(0.5)) <= 0 {
		// x + x³/3! + …: all terms of x's sign, each at most x²/20 of the
		// one before, so the tail after T is at most T·x²/19 ≤ |T|·x².
		var x2, term, sum, k Interval
		for _, v := range []*Interval{&x2, &term, &sum} {
			v.SetPrec(wp)
		}
		x2.Sqr(&a)
		term.Set(&a)
		sum.Set(&a)
		small := negligible(&a, wp)
		mag := new(big.Float).SetPrec(wp)
		for n := int64(1); n < 4*int64(wp); n++ {
			term.Mul(&term, &x2)
			k.SetPrec(64).SetInt64((2*n + 1) * (2 * n))
			term.Quo(&term, &k)
			sum.Add(&sum, &term)
			if term.Mag(mag); mag.Sign() == 0 || mag.Cmp(small) < 0 {
				break
			}
		}
		addTail(&sum, &term, &x2, wp)
		z.SetPrec(wp).Set(&sum)
		return
	}
	expHalfSum(z, x, wp, true)
}

// expHalfSum sets z ⊇ (eˣ − e⁻ˣ)/2 (minus) or (eˣ + e⁻ˣ)/2 at precision
// wp.
func expHalfSum(z *Interval, x *big.Float, wp uint, minus bool) {
	var ep, em Interval
	expPoint(&ep, x, wp)
	m := new(big.Float).SetPrec(x.Prec()).Neg(x) // exact
	expPoint(&em, m, wp)
	z.SetPrec(wp)
	if minus {
		z.Sub(&ep, &em)
	} else {
		z.Add(&ep, &em)
	}
	z.Lo.SetMantExp(&z.Lo, -1)
	z.Hi.SetMantExp(&z.Hi, -1)
}

// Cosh sets z to an enclosure of cosh over x at precision prec (at least
// 64) and returns z, from (eˣ + e⁻ˣ)/2 at the endpoints: cosh decreases
// on (−∞, 0] and increases on [0, ∞), and is 1 at 0. It fails with
// ErrDomain if |x| > 10⁶.
func (z *Interval) Cosh(x *Interval, prec uint) (*Interval, error) {
	if err := expDomain(x); err != nil {
		return z, err
	}
	var lo, hi Interval
	z.atEndpoints(&lo, &hi, x, prec, coshPoint)
	switch {
	case x.Lo.Sign() >= 0:
		z.Lo.Set(&lo.Lo)
		z.Hi.Set(&hi.Hi)
	case x.Hi.Sign() <= 0:
		z.Lo.Set(&hi.Lo)
		z.Hi.Set(&lo.Hi)
	default:
		z.Lo.SetInt64(1)
		z.Hi.Set(&lo.Hi)
		if hi.Hi.Cmp(&z.Hi) > 0 {
			z.Hi.Set(&hi.Hi)
		}
	}
	return z, nil
}

func coshPoint(z *Interval, x *big.Float, wp uint) {
	expHalfSum(z, x, wp, false)
	if z.Lo.Cmp(big.NewFloat(1)) < 0 {
		z.Lo.SetInt64(1) // cosh ≥ 1
	}
}

// maxTrigArg bounds the arguments of Sin and Cos (no range reduction: the
// series at |x| ≤ 8 converge quickly enough).
const maxTrigArg = 8

// Cos sets z to an enclosure of cos over x at precision prec (at least
// 64) and returns z. It fails with ErrDomain if |x| > 8.
func (z *Interval) Cos(x *Interval, prec uint) (*Interval, error) {
	return z.trig(x, prec, 0)
}

// Sin sets z to an enclosure of sin over x at precision prec (at least
// 64) and returns z. It fails with ErrDomain if |x| > 8.
func (z *Interval) Sin(x *Interval, prec uint) (*Interval, error) {
	return z.trig(x, prec, 1)
}

// trig encloses cos (first = 0) or sin (first = 1) over x in mean-value
// form: f(m) by the series Σ (−1)ᵏ m²ᵏ⁺ᶠⁱʳˢᵗ/(2k+first)!, whose remainder
// after the last term T is at most |T|·m²/((n+1)(n+2)) ≤ |T|·m² by
// Taylor's theorem (every derivative is bounded by 1 in magnitude), then
// [−r, r] for the radius of x, and the result clipped to [−1, 1].
func (z *Interval) trig(x *Interval, prec uint, first int64) (*Interval, error) {
	m := new(big.Float)
	if x.Mag(m).Cmp(big.NewFloat(maxTrigArg)) > 0 {
		return z, fmt.Errorf("certify: sin/cos of %v: |x| > %d: %w", x, maxTrigArg, ErrDomain)
	}
	prec = max(prec, 64)
	wp := prec + guardBits
	mid := new(big.Float).SetPrec(wp)
	x.Mid(mid)
	var a, a2, term, sum, k Interval
	for _, v := range []*Interval{&a, &a2, &term, &sum} {
		v.SetPrec(wp)
	}
	a.SetFloat(mid)
	a2.Sqr(&a)
	if first == 0 {
		term.SetInt64(1)
	} else {
		term.Set(&a)
	}
	sum.Set(&term)
	small := new(big.Float).SetPrec(wp).SetMantExp(big.NewFloat(1), -int(wp)-4)
	mag := new(big.Float).SetPrec(wp)
	for n := first + 2; n < 8*int64(wp); n += 2 {
		term.Mul(&term, &a2)
		k.SetPrec(64).SetInt64(n * (n - 1))
		term.Quo(&term, &k)
		term.Neg(&term)
		sum.Add(&sum, &term)
		if term.Mag(mag); n > maxTrigArg+2 && (mag.Sign() == 0 || mag.Cmp(small) < 0) {
			break
		}
	}
	addTail(&sum, &term, &a2, wp)
	r := new(big.Float).SetPrec(wp)
	x.RadAbout(r, mid)
	var rad Interval
	rad.SetPrec(wp)
	rad.Hi.Set(r)
	rad.Lo.Neg(r)
	sum.Add(&sum, &rad)
	one := big.NewFloat(1)
	if sum.Hi.Cmp(one) > 0 {
		sum.Hi.SetInt64(1)
	}
	if sum.Lo.Cmp(new(big.Float).Neg(one)) < 0 {
		sum.Lo.SetInt64(-1)
	}
	z.SetPrec(prec).Set(&sum)
	return z, nil
}
