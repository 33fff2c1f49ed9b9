package certify

import "math/big"

// Measures and set operations on Interval. Bounds that cannot be exact
// (width, radius) are rounded up, so they may be used in proofs.

// endPrec is the precision a derived quantity of x needs to be exact or
// properly rounded: z's own, or x's if z's is 0.
func endPrec(z *big.Float, x *Interval) {
	if z.Prec() == 0 {
		z.SetPrec(x.Prec())
	}
}

// Mid sets z to a point of x near its centre and returns z. z's precision
// is raised to at least x's, which makes the result lie in [Lo, Hi]: the
// rounded sum Lo+Hi stays within [2·Lo, 2·Hi] and halving is exact.
func (x *Interval) Mid(z *big.Float) *big.Float {
	z.SetPrec(max(z.Prec(), x.Prec()))
	z.SetMode(big.ToNearestEven)
	z.Add(&x.Lo, &x.Hi)
	return z.SetMantExp(z, -1)
}

// Width sets z to an upper bound of Hi − Lo (at z's precision, x's if z's
// is 0) and returns z.
func (x *Interval) Width(z *big.Float) *big.Float {
	endPrec(z, x)
	return subDir(z.SetMode(big.ToPositiveInf), &x.Hi, &x.Lo)
}

// Rad sets z to an upper bound of the half-width (Hi − Lo)/2 and returns z.
func (x *Interval) Rad(z *big.Float) *big.Float {
	x.Width(z)
	return z.SetMantExp(z, -1)
}

// RadAbout sets z to an upper bound of max(Hi − c, c − Lo), the radius of
// the smallest ball about c containing x, and returns z.
func (x *Interval) RadAbout(z, c *big.Float) *big.Float {
	endPrec(z, x)
	z.SetMode(big.ToPositiveInf)
	t := getFloat(z.Prec(), big.ToPositiveInf)
	subDir(z, &x.Hi, c)
	if subDir(t, c, &x.Lo).Cmp(z) > 0 {
		z.Set(t)
	}
	putFloat(t)
	return z
}

// Mag sets z to an upper bound of max |x| (exact if z's precision is at
// least x's) and returns z.
func (x *Interval) Mag(z *big.Float) *big.Float {
	endPrec(z, x)
	z.SetMode(big.ToPositiveInf)
	switch {
	case x.Lo.Sign() >= 0:
		return z.Set(&x.Hi)
	case x.Hi.Sign() <= 0:
		return negDir(z, &x.Lo)
	}
	t := getFloat(x.Lo.Prec(), big.ToNearestEven).Neg(&x.Lo) // exact
	if x.Hi.Cmp(t) >= 0 {
		z.Set(&x.Hi)
	} else {
		z.Set(t)
	}
	putFloat(t)
	return z
}

// Mig sets z to a lower bound of min |x| (0 if x contains 0) and returns z.
func (x *Interval) Mig(z *big.Float) *big.Float {
	endPrec(z, x)
	z.SetMode(big.ToNegativeInf)
	switch {
	case x.Lo.Sign() > 0:
		return z.Set(&x.Lo)
	case x.Hi.Sign() < 0:
		return negDir(z, &x.Hi)
	}
	return z.SetInt64(0)
}

// Contains reports whether v ∈ x.
func (x *Interval) Contains(v *big.Float) bool {
	return x.Lo.Cmp(v) <= 0 && v.Cmp(&x.Hi) <= 0
}

// Subset reports whether x ⊆ y.
func (x *Interval) Subset(y *Interval) bool {
	return y.Lo.Cmp(&x.Lo) <= 0 && x.Hi.Cmp(&y.Hi) <= 0
}

// Interior reports whether x lies in the interior of y: y.Lo < x.Lo and
// x.Hi < y.Hi.
func (x *Interval) Interior(y *Interval) bool {
	return y.Lo.Cmp(&x.Lo) < 0 && x.Hi.Cmp(&y.Hi) < 0
}

// Hull sets z to the smallest interval (of z's precision) containing x and
// y and returns z.
func (z *Interval) Hull(x, y *Interval) *Interval {
	lo, hi := &x.Lo, &x.Hi
	if y.Lo.Cmp(lo) < 0 {
		lo = &y.Lo
	}
	if y.Hi.Cmp(hi) > 0 {
		hi = &y.Hi
	}
	z.modes()
	z.Lo.Set(lo) // z.Lo may be x.Lo or y.Lo; Set of itself is a no-op
	z.Hi.Set(hi)
	return z
}

// Intersect sets z = x ∩ y and reports whether it is non-empty; if empty,
// z is unchanged.
func (z *Interval) Intersect(x, y *Interval) (*Interval, bool) {
	lo, hi := &x.Lo, &x.Hi
	if y.Lo.Cmp(lo) > 0 {
		lo = &y.Lo
	}
	if y.Hi.Cmp(hi) < 0 {
		hi = &y.Hi
	}
	if lo.Cmp(hi) > 0 {
		return z, false
	}
	z.modes()
	z.Lo.Set(lo)
	z.Hi.Set(hi)
	return z, true
}
