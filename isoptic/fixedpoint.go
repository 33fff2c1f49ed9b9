package isoptic

import (
	"math"
	"math/bits"
)

// Exact stage between the float64 filter and big.Rat: the existence
// predicate in fixed-width integer arithmetic.
//
// Every float64 is a dyadic rational m·2^e. If all six coordinates of
// (x, y, s) are integer multiples of 2^−k, then X = x·2^k etc. are
// integers, and so are
//
//	d  = X − S                   = (x − s)·2^k,
//	u  = X₀S₁ − X₁S₀             = (x × s)·2^{2k},
//	A' = (dx·dy)·2^{2k} − ux·uy  = A·2^{4k},
//	B' = |dx|²·2^{2k} − ux²      = Bx·2^{4k},
//
// and sign(A) = sign(A'), sign(B − 4A²) = sign(Bx'·By' − 4A'²): the same
// polynomials as ratTerms, evaluated exactly, with no denominators. With
// |x|, |y|, |s| < 1 and k ≤ maxFixedScale = 120 the magnitudes are bounded
// by |X| < 2^120, |d| < 2^121, |u| < 2^241, |A'|, |B'| < 2^484 and the
// products < 2^970: every value fits the fixed arrays below (16 words,
// 1024 bits), so nothing allocates. Typical coordinates (exponents ≥ −60)
// need k ≈ 60–115; a coordinate with a tiny exponent (|v| ≲ 2^−68 with a
// full mantissa), a subnormal, or |v| ≥ 1 sends the vertex on to big.Rat.
const maxFixedScale = 120

// fixWords is the capacity of a fixed-point integer, in 64-bit words.
const fixWords = 16

// fixInt is a signed integer of at most fixWords words: sign and
// magnitude, the magnitude little-endian in w[:n] with w[n−1] ≠ 0 (n = 0
// for zero, which is never negative).
type fixInt struct {
	neg bool
	n   int
	w   [fixWords]uint64
}

func (z *fixInt) norm() {
	for z.n > 0 && z.w[z.n-1] == 0 {
		z.n--
	}
	if z.n == 0 {
		z.neg = false
	}
}

func (z *fixInt) sign() int {
	switch {
	case z.n == 0:
		return 0
	case z.neg:
		return -1
	}
	return 1
}

// cmpMag compares |x| and |y|.
func cmpMag(x, y *fixInt) int {
	if x.n != y.n {
		if x.n < y.n {
			return -1
		}
		return 1
	}
	for i := x.n - 1; i >= 0; i-- {
		if x.w[i] != y.w[i] {
			if x.w[i] < y.w[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// addMag sets |z| = |x| + |y| (z may alias x or y).
func (z *fixInt) addMag(x, y *fixInt) {
	if x.n < y.n {
		x, y = y, x
	}
	var c uint64
	for i := 0; i < y.n; i++ {
		z.w[i], c = bits.Add64(x.w[i], y.w[i], c)
	}
	for i := y.n; i < x.n; i++ {
		z.w[i], c = bits.Add64(x.w[i], 0, c)
	}
	n := x.n
	if c != 0 {
		z.w[n] = c // cannot overflow the array: see the bounds above
		n++
	}
	z.n = n
}

// subMag sets |z| = |x| − |y| for |x| ≥ |y| (z may alias x or y).
func (z *fixInt) subMag(x, y *fixInt) {
	var b uint64
	for i := 0; i < y.n; i++ {
		z.w[i], b = bits.Sub64(x.w[i], y.w[i], b)
	}
	for i := y.n; i < x.n; i++ {
		z.w[i], b = bits.Sub64(x.w[i], 0, b)
	}
	z.n = x.n
	z.norm()
}

// add sets z = x + y, or x − y with sub (z may alias x or y).
func (z *fixInt) add(x, y *fixInt, sub bool) {
	yneg := y.neg != sub
	if x.neg == yneg {
		neg := x.neg
		z.addMag(x, y)
		z.neg = neg && z.n > 0
		return
	}
	if cmpMag(x, y) >= 0 {
		neg := x.neg
		z.subMag(x, y)
		z.neg = neg && z.n > 0
		return
	}
	z.subMag(y, x)
	z.neg = yneg && z.n > 0
}

// mul sets z = x·y; z must not alias x or y.
func (z *fixInt) mul(x, y *fixInt) {
	if x.n == 0 || y.n == 0 {
		z.n, z.neg = 0, false
		return
	}
	n := x.n + y.n
	clear(z.w[:n])
	for i := 0; i < x.n; i++ {
		xi := x.w[i]
		var c uint64
		for j := 0; j < y.n; j++ {
			hi, lo := bits.Mul64(xi, y.w[j])
			var cc uint64
			lo, cc = bits.Add64(lo, z.w[i+j], 0)
			hi += cc
			lo, cc = bits.Add64(lo, c, 0)
			hi += cc
			z.w[i+j] = lo
			c = hi
		}
		z.w[i+y.n] = c
	}
	z.n = n
	z.neg = x.neg != y.neg
	z.norm()
}

// shl sets z = x·2^s (z may alias x). The result must fit.
func (z *fixInt) shl(x *fixInt, s uint) {
	if x.n == 0 {
		z.n, z.neg = 0, false
		return
	}
	ws, bs := int(s/64), s%64
	n := x.n + ws
	if bs == 0 {
		for i := x.n - 1; i >= 0; i-- {
			z.w[i+ws] = x.w[i]
		}
	} else {
		z.w[n] = x.w[x.n-1] >> (64 - bs)
		for i := x.n - 1; i > 0; i-- {
			z.w[i+ws] = x.w[i]<<bs | x.w[i-1]>>(64-bs)
		}
		z.w[ws] = x.w[0] << bs
		n++
	}
	clear(z.w[:ws])
	z.n, z.neg = n, x.neg
	z.norm()
}

// lowExp returns the exponent of the lowest set bit of v (v = odd·2^e),
// and false for v = 0, a subnormal or a non-finite v.
func lowExp(v float64) (int, bool) {
	b := math.Float64bits(v)
	ex := int(b>>52) & 0x7ff
	if ex == 0 || ex == 0x7ff {
		return 0, false
	}
	m := b&(1<<52-1) | 1<<52
	return ex - 1075 + bits.TrailingZeros64(m), true
}

// fixedScale returns the least k ≥ 0 with v·2^k an integer for every v, or
// false if some v is subnormal, not finite or not in (−1, 1), or k would
// exceed maxFixedScale.
func fixedScale(vs *[6]float64) (uint, bool) {
	k := 0
	for _, v := range vs {
		if v == 0 {
			continue
		}
		if !(math.Abs(v) < 1) {
			return 0, false
		}
		e, ok := lowExp(v)
		if !ok {
			return 0, false
		}
		k = max(k, -e)
	}
	if k > maxFixedScale {
		return 0, false
	}
	return uint(k), true
}

// setScaled sets z = v·2^k exactly; v·2^k must be an integer below 2^128.
func (z *fixInt) setScaled(v float64, k uint) {
	z.neg, z.n = false, 0
	if v == 0 {
		return
	}
	b := math.Float64bits(v)
	m := b&(1<<52-1) | 1<<52
	sh := int(b>>52)&0x7ff - 1075 + int(k) // v·2^k = m·2^sh
	var lo, hi uint64
	switch {
	case sh < 0:
		lo = m >> uint(-sh) // exact: the shifted-out bits are zero
	case sh < 64:
		lo = m << uint(sh)
		if sh > 11 {
			hi = m >> uint(64-sh)
		}
	default:
		hi = m << uint(sh-64)
	}
	z.w[0], z.w[1] = lo, hi
	z.n = 2
	z.neg = v < 0
	z.norm()
}

// fixedTerms holds A' = A·2^{4k}, and Bx', By' when wanted, exactly.
type fixedTerms struct {
	a, bx, by fixInt
}

// eval computes A' and, with wantB, Bx' and By' of the pair (x, y) seen
// from s. It reports false when the coordinates do not fit (fixedScale).
func (t *fixedTerms) eval(x, y, s vec2[float64], wantB bool) bool {
	vs := [6]float64{x[0], x[1], y[0], y[1], s[0], s[1]}
	k, ok := fixedScale(&vs)
	if !ok {
		return false
	}
	var X0, X1, Y0, Y1, S0, S1 fixInt
	X0.setScaled(x[0], k)
	X1.setScaled(x[1], k)
	Y0.setScaled(y[0], k)
	Y1.setScaled(y[1], k)
	S0.setScaled(s[0], k)
	S1.setScaled(s[1], k)
	var dx0, dx1, dy0, dy1, ux, uy, p, q fixInt
	dx0.add(&X0, &S0, true)
	dx1.add(&X1, &S1, true)
	dy0.add(&Y0, &S0, true)
	dy1.add(&Y1, &S1, true)
	// u = X₀S₁ − X₁S₀ (= (dx0·X₁ − dx1·X₀), the difference form).
	p.mul(&X0, &S1)
	q.mul(&X1, &S0)
	ux.add(&p, &q, true)
	p.mul(&Y0, &S1)
	q.mul(&Y1, &S0)
	uy.add(&p, &q, true)
	// A' = (dx0·dy0 + dx1·dy1)·2^{2k} − ux·uy.
	p.mul(&dx0, &dy0)
	q.mul(&dx1, &dy1)
	p.add(&p, &q, false)
	p.shl(&p, 2*k)
	q.mul(&ux, &uy)
	t.a.add(&p, &q, true)
	if !wantB {
		return true
	}
	sq := func(z, d0, d1, u *fixInt) { // z = (d0² + d1²)·2^{2k} − u²
		var p, q fixInt
		p.mul(d0, d0)
		q.mul(d1, d1)
		p.add(&p, &q, false)
		p.shl(&p, 2*k)
		q.mul(u, u)
		z.add(&p, &q, true)
	}
	sq(&t.bx, &dx0, &dx1, &ux)
	sq(&t.by, &dy0, &dy1, &uy)
	return true
}

// fixedSignA is signA's exact stage: the sign of A, and false when the
// coordinates do not fit.
func fixedSignA(x, y, s vec2[float64]) (int, bool) {
	var t fixedTerms
	if !t.eval(x, y, s, false) {
		return 0, false
	}
	return t.a.sign(), true
}

// fixedAngleCmp120 is angleCmp120's exact stage (RatTerms.AngleCmp120 in
// integers), and false when the coordinates do not fit.
func fixedAngleCmp120(x, y, s vec2[float64]) (int, bool) {
	var t fixedTerms
	if !t.eval(x, y, s, true) {
		return 0, false
	}
	if t.a.sign() >= 0 {
		return -1, true
	}
	// A < 0: compare 4A'² with Bx'·By'.
	var a2, b fixInt
	a2.mul(&t.a, &t.a)
	a2.shl(&a2, 2)
	b.mul(&t.bx, &t.by)
	return cmpMag(&a2, &b), true // both are ≥ 0
}
