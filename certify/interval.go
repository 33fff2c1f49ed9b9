package certify

import (
	"fmt"
	"math"
	"math/big"
)

// Interval is a closed interval [Lo, Hi] with big.Float endpoints, in the
// style of math/big: operations are methods on a result z that may alias
// the operands, and return z.
//
// Precision follows big.Float: an operation rounds its result to z's
// precision, or, if that is 0, to the larger precision of the operands.
// Rounding is outward — Lo toward −∞, Hi toward +∞ — so the result
// contains the exact result of the operation applied to every pair of
// points of the operands. Every method sets the rounding modes of the
// endpoints itself; callers need not.
//
// Endpoints are finite (the constructors reject NaN and ±Inf) and
// Lo ≤ Hi. The zero value is the point interval [0, 0] of precision 0.
// Like big.Float, an Interval must not be copied by value once used.
type Interval struct{ Lo, Hi big.Float }

// modes sets the outward rounding modes on z's endpoints.
func (z *Interval) modes() *Interval {
	z.Lo.SetMode(big.ToNegativeInf)
	z.Hi.SetMode(big.ToPositiveInf)
	return z
}

// SetPrec sets the precision of both endpoints, rounding them outward.
// As with big.Float, prec 0 turns both endpoints into 0.
func (z *Interval) SetPrec(prec uint) *Interval {
	z.modes()
	z.Lo.SetPrec(prec)
	z.Hi.SetPrec(prec)
	return z
}

// Prec returns the larger precision of the endpoints.
func (x *Interval) Prec() uint { return max(x.Lo.Prec(), x.Hi.Prec()) }

// Set sets z = x, rounding outward if z's precision is lower than x's.
func (z *Interval) Set(x *Interval) *Interval {
	if z != x {
		z.modes()
		z.Lo.Set(&x.Lo)
		z.Hi.Set(&x.Hi)
	}
	return z
}

// SetFloat sets z to the point x, rounded outward to z's precision (x's
// precision if z's is 0, exact). It fails for an infinite x.
func (z *Interval) SetFloat(x *big.Float) (*Interval, error) {
	if x.IsInf() {
		return z, fmt.Errorf("certify: interval endpoint %v: %w", x, ErrInvalid)
	}
	z.modes()
	z.Lo.Set(x)
	z.Hi.Set(x)
	return z, nil
}

// SetFloat64 sets z to the point x (precision 53 if z's is 0, exact). It
// fails for NaN and ±Inf.
func (z *Interval) SetFloat64(x float64) (*Interval, error) {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return z, fmt.Errorf("certify: interval endpoint %g: %w", x, ErrInvalid)
	}
	z.modes()
	z.Lo.SetFloat64(x)
	z.Hi.SetFloat64(x)
	return z, nil
}

// SetInterval64 sets z ⊇ x (exact if z's precision is 0 or ≥ 53). It fails
// if x is invalid or has an infinite endpoint.
func (z *Interval) SetInterval64(x Interval64) (*Interval, error) {
	if err := x.Check(); err != nil {
		return z, err
	}
	if !x.IsFinite() {
		return z, fmt.Errorf("certify: interval %v is unbounded: %w", x, ErrInvalid)
	}
	z.modes()
	z.Lo.SetFloat64(x.Lo)
	z.Hi.SetFloat64(x.Hi)
	return z, nil
}

// SetRat sets z to the tightest interval of z's precision containing x
// (big.Float.SetRat's precision if z's is 0).
func (z *Interval) SetRat(x *big.Rat) *Interval {
	z.modes()
	z.Lo.SetRat(x)
	z.Hi.SetRat(x)
	return z
}

// SetInt64 sets z to the point x (precision 64 if z's is 0, exact).
func (z *Interval) SetInt64(x int64) *Interval {
	z.modes()
	z.Lo.SetInt64(x)
	z.Hi.SetInt64(x)
	return z
}

// SetBounds sets z = [lo, hi] (rounded outward to z's precision). It fails
// if an endpoint is infinite or lo > hi.
func (z *Interval) SetBounds(lo, hi *big.Float) (*Interval, error) {
	if lo.IsInf() || hi.IsInf() || lo.Cmp(hi) > 0 {
		return z, fmt.Errorf("certify: interval [%v, %v]: %w", lo, hi, ErrInvalid)
	}
	z.modes()
	z.Lo.Set(lo)
	z.Hi.Set(hi)
	return z, nil
}

// Interval64 returns the tightest float64 interval containing x. Endpoints
// beyond the float64 range become ±MaxFloat64 or ±Inf as outward rounding
// requires.
func (x *Interval) Interval64() Interval64 {
	lo, acc := x.Lo.Float64()
	if acc == big.Above {
		lo = down(lo)
	}
	hi, acc := x.Hi.Float64()
	if acc == big.Below {
		hi = up(hi)
	}
	return Interval64{lo, hi}
}

// Add sets z = x + y and returns z.
func (z *Interval) Add(x, y *Interval) *Interval {
	z.modes()
	z.Lo.Add(&x.Lo, &y.Lo)
	z.Hi.Add(&x.Hi, &y.Hi)
	return z
}

// Sub sets z = x − y and returns z.
func (z *Interval) Sub(x, y *Interval) *Interval {
	if z == y { // z.Lo would overwrite y.Lo, still needed for z.Hi
		t := getInterval(z.aliasPrec(x, y))
		t.Sub(x, y)
		z.Set(t)
		putInterval(t)
		return z
	}
	z.modes()
	subDir(&z.Lo, &x.Lo, &y.Hi)
	subDir(&z.Hi, &x.Hi, &y.Lo)
	return z
}

// Neg sets z = −x and returns z.
func (z *Interval) Neg(x *Interval) *Interval {
	if z == x {
		z.Lo.Neg(&z.Lo)
		z.Hi.Neg(&z.Hi)
		z.Lo, z.Hi = z.Hi, z.Lo // swapping whole big.Floats keeps both valid
		return z.modes()
	}
	z.modes()
	negDir(&z.Lo, &x.Hi)
	negDir(&z.Hi, &x.Lo)
	return z
}

// negDir sets z = −x rounded in z's mode and returns z. big.Float.Neg
// (and Abs) round x first and negate after, which turns a directed
// rounding the wrong way; here the mode is flipped for that step.
func negDir(z, x *big.Float) *big.Float {
	m := z.Mode()
	switch m {
	case big.ToNegativeInf:
		z.SetMode(big.ToPositiveInf)
	case big.ToPositiveInf:
		z.SetMode(big.ToNegativeInf)
	}
	z.Neg(x)
	return z.SetMode(m)
}

// subDir sets z = x − y rounded in z's mode and returns z. big.Float.Sub
// computes 0 − y as Neg(y), with Neg's wrong-way rounding.
func subDir(z, x, y *big.Float) *big.Float {
	if x.Sign() == 0 {
		return negDir(z, y)
	}
	return z.Sub(x, y)
}

// absDir sets z = |x| rounded in z's mode and returns z.
func absDir(z, x *big.Float) *big.Float {
	if x.Sign() < 0 {
		return negDir(z, x)
	}
	return z.Set(x)
}

// aliasPrec is the precision a temporary needs to stand in for z.
func (z *Interval) aliasPrec(x, y *Interval) uint {
	if p := z.Prec(); p != 0 {
		return p
	}
	return max(x.Prec(), y.Prec())
}

// Mul sets z = x·y and returns z. Sign cases keep it to two endpoint
// products except when both operands straddle zero.
func (z *Interval) Mul(x, y *Interval) *Interval {
	if z == x || z == y {
		t := getInterval(z.aliasPrec(x, y))
		t.Mul(x, y)
		z.Set(t)
		putInterval(t)
		return z
	}
	z.modes()
	a, b, c, d := &x.Lo, &x.Hi, &y.Lo, &y.Hi
	xPos, xNeg := a.Sign() >= 0, b.Sign() <= 0
	yPos, yNeg := c.Sign() >= 0, d.Sign() <= 0
	switch {
	case xPos && yPos:
		z.Lo.Mul(a, c)
		z.Hi.Mul(b, d)
	case xPos && yNeg:
		z.Lo.Mul(b, c)
		z.Hi.Mul(a, d)
	case xPos:
		z.Lo.Mul(b, c)
		z.Hi.Mul(b, d)
	case xNeg && yPos:
		z.Lo.Mul(a, d)
		z.Hi.Mul(b, c)
	case xNeg && yNeg:
		z.Lo.Mul(b, d)
		z.Hi.Mul(a, c)
	case xNeg:
		z.Lo.Mul(a, d)
		z.Hi.Mul(a, c)
	case yPos:
		z.Lo.Mul(a, d)
		z.Hi.Mul(b, d)
	case yNeg:
		z.Lo.Mul(b, c)
		z.Hi.Mul(a, c)
	default: // both straddle zero
		z.Lo.Mul(a, d)
		t := getFloat(z.Lo.Prec(), big.ToNegativeInf)
		if t.Mul(b, c).Cmp(&z.Lo) < 0 {
			z.Lo.Set(t)
		}
		z.Hi.Mul(a, c)
		t.SetMode(big.ToPositiveInf).SetPrec(z.Hi.Prec())
		if t.Mul(b, d).Cmp(&z.Hi) > 0 {
			z.Hi.Set(t)
		}
		putFloat(t)
	}
	return z
}

// Sqr sets z = x² and returns z; unlike x·x it is never negative.
func (z *Interval) Sqr(x *Interval) *Interval {
	z.Pow(x, 2) // cannot fail for n ≥ 0
	return z
}

// Quo sets z = x/y and returns z, or fails with ErrDivByZero if y
// contains 0 (z is then unchanged).
func (z *Interval) Quo(x, y *Interval) (*Interval, error) {
	if y.Lo.Sign() <= 0 && y.Hi.Sign() >= 0 {
		return z, fmt.Errorf("certify: division by [%v, %v]: %w", &y.Lo, &y.Hi, ErrDivByZero)
	}
	if z == x || z == y {
		t := getInterval(z.aliasPrec(x, y))
		t.Quo(x, y)
		z.Set(t)
		putInterval(t)
		return z, nil
	}
	z.modes()
	a, b, c, d := &x.Lo, &x.Hi, &y.Lo, &y.Hi
	xPos, xNeg := a.Sign() >= 0, b.Sign() <= 0
	if c.Sign() < 0 {
		// x/y = (−x)/(−y) with −y > 0: the cases below for −x = [−b, −a]
		// and −y = [−d, −c], whose endpoint quotients are those of x and y.
		a, b, c, d = b, a, d, c
		xPos, xNeg = xNeg, xPos
	}
	switch {
	case xPos:
		z.Lo.Quo(a, d)
		z.Hi.Quo(b, c)
	case xNeg:
		z.Lo.Quo(a, c)
		z.Hi.Quo(b, d)
	default:
		z.Lo.Quo(a, c)
		z.Hi.Quo(b, c)
	}
	return z, nil
}

// Sqrt sets z = √x and returns z, or fails with ErrDomain if x has a
// negative part (z is then unchanged). big.Float.Sqrt does not round in a
// guaranteed direction, so each endpoint is checked by squaring exactly
// and stepped by an ulp until the bound holds.
func (z *Interval) Sqrt(x *Interval) (*Interval, error) {
	if x.Lo.Sign() < 0 {
		return z, fmt.Errorf("certify: square root of [%v, %v]: %w", &x.Lo, &x.Hi, ErrDomain)
	}
	z.modes()
	if z.Lo.Prec() == 0 {
		z.Lo.SetPrec(x.Prec())
		z.Hi.SetPrec(x.Prec())
	}
	sqrtBound(&z.Hi, &x.Hi, true) // Hi first: z may alias x
	sqrtBound(&z.Lo, &x.Lo, false)
	return z, nil
}

// sqrtBound sets s to a lower (or upper) bound of √a for a ≥ 0 at s's
// precision; s may alias a.
func sqrtBound(s, a *big.Float, upper bool) {
	if a.Sign() == 0 {
		s.SetInt64(0)
		return
	}
	av := getFloat(a.Prec(), big.ToNearestEven).Set(a)
	sq := getFloat(2*s.Prec(), big.ToNearestEven)
	s.Sqrt(av)
	for {
		c := sq.SetPrec(2*s.Prec()).Mul(s, s).Cmp(av) // exact square
		if (upper && c >= 0) || (!upper && c <= 0) {
			break
		}
		step(s, upper)
	}
	putFloat(sq)
	putFloat(av)
}

// step moves a nonzero s to the adjacent float of its precision, up or
// down. Subtracting (adding) a quarter of the smallest gap next to s and
// rounding in that direction lands exactly on the neighbour.
func step(s *big.Float, upward bool) {
	e := s.MantExp(nil)
	q := getFloat(1, big.ToNearestEven).SetInt64(1)
	q.SetMantExp(q, e-int(s.Prec())-2)
	if upward {
		s.SetMode(big.ToPositiveInf).Add(s, q)
	} else {
		s.SetMode(big.ToNegativeInf).Sub(s, q)
	}
	putFloat(q)
}

// Pow sets z = xⁿ and returns z. Even powers are non-negative and tight;
// n = 0 gives [1, 1]. A negative n gives (1/x)^|n| and fails with
// ErrDivByZero if x contains 0.
func (z *Interval) Pow(x *Interval, n int) (*Interval, error) {
	if n < 0 {
		if n == math.MinInt {
			return z, fmt.Errorf("certify: exponent %d out of range: %w", n, ErrInvalid)
		}
		one := getInterval(64).SetInt64(1)
		defer putInterval(one)
		t := getInterval(z.aliasPrec(x, x))
		defer putInterval(t)
		if _, err := t.Quo(one, x); err != nil {
			return z, err
		}
		return z.Pow(t, -n)
	}
	if z.Prec() == 0 {
		z.SetPrec(x.Prec())
	}
	z.modes()
	a, b := &x.Lo, &x.Hi
	switch {
	case n == 0:
		z.SetInt64(1)
	case n%2 == 1 || a.Sign() >= 0: // monotone increasing on x
		powBound(&z.Lo, a, n, false)
		powBound(&z.Hi, b, n, true)
	case b.Sign() <= 0: // decreasing: |Hi|ⁿ ≤ xⁿ ≤ |Lo|ⁿ
		if z == x {
			t := getInterval(z.Prec()).Set(x)
			defer putInterval(t)
			a, b = &t.Lo, &t.Hi
		}
		powBound(&z.Lo, b, n, false)
		powBound(&z.Hi, a, n, true)
	default: // straddles zero, even n
		m := a
		t := getFloat(a.Prec(), big.ToNearestEven).Neg(a) // exact
		if b.Cmp(t) > 0 {
			m = b
		}
		putFloat(t)
		powBound(&z.Hi, m, n, true)
		z.Lo.SetInt64(0)
	}
	return z, nil
}

// powBound sets r to a lower (upper) bound of aⁿ, n ≥ 1, at r's precision.
// The magnitude |a|ⁿ is bounded by binary powering with every product
// rounded the same way, which is rigorous for non-negative factors; for a
// negative a and odd n the sign flips and so does the direction. r may
// alias a. Products go to fresh operands (big.Float allocates otherwise).
func powBound(r, a *big.Float, n int, upper bool) {
	neg := a.Sign() < 0 && n%2 == 1
	mode := big.ToNegativeInf
	if upper != neg {
		mode = big.ToPositiveInf
	}
	prec := r.Prec()
	base := absDir(getFloat(prec, mode), a)
	sq := getFloat(prec, mode)
	acc := getFloat(prec, mode)
	tmp := getFloat(prec, mode)
	first := true
	for {
		if n&1 == 1 {
			if first {
				acc.Set(base)
				first = false
			} else {
				tmp.Mul(acc, base)
				acc, tmp = tmp, acc
			}
		}
		if n >>= 1; n == 0 {
			break
		}
		sq.Mul(base, base)
		base, sq = sq, base
	}
	r.SetMode(mode).Set(acc)
	if neg {
		r.Neg(r)
	}
	putFloat(base)
	putFloat(sq)
	putFloat(acc)
	putFloat(tmp)
}

// Scale sets z = c·x for a point c and returns z.
func (z *Interval) Scale(x *Interval, c *big.Float) *Interval {
	if c.Sign() >= 0 {
		z.modes()
		z.Lo.Mul(&x.Lo, c)
		z.Hi.Mul(&x.Hi, c)
		return z
	}
	if z == x { // the endpoints cross over
		t := getInterval(z.Prec())
		t.Scale(x, c)
		z.Set(t)
		putInterval(t)
		return z
	}
	z.modes()
	z.Lo.Mul(&x.Hi, c)
	z.Hi.Mul(&x.Lo, c)
	return z
}
