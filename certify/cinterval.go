package certify

import (
	"fmt"
	"math"
	"math/big"
)

// CInterval64 is a rectangular complex interval: every z with Re z ∈ Re
// and Im z ∈ Im. Operations round outward through Interval64, so a result
// contains the exact result for every choice of points in the operands.
// The product of two rectangles is enclosed by the rectangle of
// (ac − bd) + i(ad + bc) evaluated in interval arithmetic, which
// overestimates the exact (non-rectangular) product set only by terms of
// second order in the widths.
type CInterval64 struct{ Re, Im Interval64 }

// CPoint64 returns the degenerate interval [z, z].
func CPoint64(z complex128) CInterval64 {
	return CInterval64{Point64(real(z)), Point64(imag(z))}
}

// Add returns x + y.
func (x CInterval64) Add(y CInterval64) CInterval64 {
	return CInterval64{x.Re.Add(y.Re), x.Im.Add(y.Im)}
}

// Sub returns x − y.
func (x CInterval64) Sub(y CInterval64) CInterval64 {
	return CInterval64{x.Re.Sub(y.Re), x.Im.Sub(y.Im)}
}

// Neg returns −x (exact).
func (x CInterval64) Neg() CInterval64 { return CInterval64{x.Re.Neg(), x.Im.Neg()} }

// Mul returns x·y.
func (x CInterval64) Mul(y CInterval64) CInterval64 {
	return CInterval64{
		x.Re.Mul(y.Re).Sub(x.Im.Mul(y.Im)),
		x.Re.Mul(y.Im).Add(x.Im.Mul(y.Re)),
	}
}

// Mag returns an upper bound of max |z| over x.
func (x CInterval64) Mag() float64 {
	a, b := x.Re.Mag(), x.Im.Mag()
	_, s := sqrtDU(addUp(mulUp(a, a), mulUp(b, b)))
	return s
}

// Mid returns a point of x near its centre.
func (x CInterval64) Mid() complex128 { return complex(x.Re.Mid(), x.Im.Mid()) }

// Contains reports whether z ∈ x.
func (x CInterval64) Contains(z complex128) bool {
	return x.Re.Contains(real(z)) && x.Im.Contains(imag(z))
}

// Subset reports whether x ⊆ y.
func (x CInterval64) Subset(y CInterval64) bool { return x.Re.Subset(y.Re) && x.Im.Subset(y.Im) }

// IsFinite reports whether every endpoint is finite.
func (x CInterval64) IsFinite() bool { return x.Re.IsFinite() && x.Im.IsFinite() }

// String formats x as "[Re] + i[Im]".
func (x CInterval64) String() string { return x.Re.String() + " + i" + x.Im.String() }

// CInterval is a rectangular complex interval with big.Float endpoints,
// Re + i·Im, in the style of Interval: operations are methods on the
// result z, which may alias the operands, and round outward to z's
// precision (or the operands' if z's is 0). Like big.Float, a CInterval
// must not be copied by value once used.
type CInterval struct{ Re, Im Interval }

// SetPrec sets the precision of every endpoint, rounding outward.
func (z *CInterval) SetPrec(prec uint) *CInterval {
	z.Re.SetPrec(prec)
	z.Im.SetPrec(prec)
	return z
}

// Prec returns the largest precision of the endpoints.
func (x *CInterval) Prec() uint { return max(x.Re.Prec(), x.Im.Prec()) }

// Set sets z = x.
func (z *CInterval) Set(x *CInterval) *CInterval {
	z.Re.Set(&x.Re)
	z.Im.Set(&x.Im)
	return z
}

// SetCInterval64 sets z ⊇ x (exact at precision 0 or ≥ 53). It fails for
// an unbounded or invalid x.
func (z *CInterval) SetCInterval64(x CInterval64) (*CInterval, error) {
	if _, err := z.Re.SetInterval64(x.Re); err != nil {
		return z, err
	}
	if _, err := z.Im.SetInterval64(x.Im); err != nil {
		return z, err
	}
	return z, nil
}

// CInterval64 returns the tightest float64 rectangle containing x.
func (x *CInterval) CInterval64() CInterval64 {
	return CInterval64{x.Re.Interval64(), x.Im.Interval64()}
}

// Add sets z = x + y and returns z.
func (z *CInterval) Add(x, y *CInterval) *CInterval {
	z.Re.Add(&x.Re, &y.Re)
	z.Im.Add(&x.Im, &y.Im)
	return z
}

// Sub sets z = x − y and returns z.
func (z *CInterval) Sub(x, y *CInterval) *CInterval {
	z.Re.Sub(&x.Re, &y.Re)
	z.Im.Sub(&x.Im, &y.Im)
	return z
}

// Mul sets z = x·y and returns z.
func (z *CInterval) Mul(x, y *CInterval) *CInterval {
	prec := z.Prec()
	if prec == 0 {
		prec = max(x.Prec(), y.Prec())
	}
	var s cScratch
	s.setPrec(prec)
	s.mul(z, x, y)
	return z
}

// Mag sets m to an upper bound of max |z| over x, at m's precision (x's
// if m's is 0), and returns m.
func (x *CInterval) Mag(m *big.Float) *big.Float {
	prec := m.Prec()
	if prec == 0 {
		prec = x.Prec()
	}
	var a, b big.Float
	a.SetPrec(prec).SetMode(big.ToPositiveInf)
	b.SetPrec(prec).SetMode(big.ToPositiveInf)
	x.Re.Mag(&a)
	x.Im.Mag(&b)
	a.Mul(&a, &a)
	b.Mul(&b, &b)
	a.Add(&a, &b)
	var r Interval
	r.SetPrec(prec)
	r.SetBounds(&a, &a) // finite: squares of finite magnitudes
	r.Sqrt(&r)          // a ≥ 0: cannot fail
	return m.SetPrec(prec).SetMode(big.ToPositiveInf).Set(&r.Hi)
}

// String formats x as "[Re] + i[Im]".
func (x *CInterval) String() string { return x.Re.String() + " + i" + x.Im.String() }

// cScratch holds the temporaries of a complex interval product, so that
// products in a loop do not allocate.
type cScratch struct{ ac, bd, ad, bc Interval }

func (s *cScratch) setPrec(prec uint) {
	for _, t := range []*Interval{&s.ac, &s.bd, &s.ad, &s.bc} {
		t.SetPrec(prec)
	}
}

// mul sets z = x·y (z may alias x or y).
func (s *cScratch) mul(z, x, y *CInterval) { s.mulParts(&z.Re, &z.Im, &x.Re, &x.Im, &y.Re, &y.Im) }

// mulParts sets zr + i·zi = (a + ib)(c + id) (the outputs may alias the
// inputs).
func (s *cScratch) mulParts(zr, zi, a, b, c, d *Interval) {
	s.ac.Mul(a, c)
	s.bd.Mul(b, d)
	s.ad.Mul(a, d)
	s.bc.Mul(b, c)
	zr.Sub(&s.ac, &s.bd)
	zi.Add(&s.ad, &s.bc)
}

// complexRatInterval64 returns the tightest float64 rectangle containing
// re + i·im.
func complexRatInterval64(re, im *big.Rat) CInterval64 {
	return CInterval64{ratInterval64(re), ratInterval64(im)}
}

// radiusAbout returns an upper bound, as float64, of max_j |z_j − p_j|
// over the box whose coordinate j is re[j] + i·im[j], for the point p
// given by its real and imaginary parts.
func radiusAbout(re, im []Interval, pre, pim []*big.Float) float64 {
	worst := 0.0
	var dr, di big.Float
	for j := range re {
		re[j].RadAbout(&dr, pre[j])
		im[j].RadAbout(&di, pim[j])
		r, acc := dr.Float64()
		if acc == big.Below {
			r = up(r)
		}
		i, acc := di.Float64()
		if acc == big.Below {
			i = up(i)
		}
		_, d := sqrtDU(addUp(mulUp(r, r), mulUp(i, i)))
		worst = max(worst, d)
	}
	if math.IsNaN(worst) {
		return math.Inf(1)
	}
	return worst
}

var _ fmt.Stringer = CInterval64{}

// CBall64 is a complex disc (circular interval) {z : |z − C| ≤ R} in
// float64, the fast path of the complex evaluations: a product costs one
// complex128 product and a few float64 operations for the radius, against
// four interval products for a rectangle. Rigour without directed
// rounding: the centre is computed to nearest and its error bounded
// (a complex product is within 4u·|a|₁|b|₁ of the exact one, u = 2⁻⁵³,
// |·|₁ = |Re| + |Im| ≥ |·|, generous for the √5·u of Brent, Percival and
// Zimmermann and for fused multiply-adds; a sum within 2u·|s|₁), and
// every radius operation works on non-negative numbers and is inflated
// by the factor 1 + 4u and, for products, by the smallest subnormal, so
// that it bounds the exact value from above whatever the rounding (an
// operation rounded to nearest loses at most a factor 1 − u, or 2⁻¹⁰⁷⁵
// in the subnormal range). Overflow gives infinite radii or NaN, which
// prove nothing.
type CBall64 struct {
	C complex128
	R float64
}

const (
	ballU   = 0x1p-53
	ballInf = 1 + 4*ballU // the inflation factor of a rounded-up operation
	ballSub = 0x1p-1074   // the smallest subnormal
)

// upSum returns an upper bound of a + b for a, b ≥ 0.
func upSum(a, b float64) float64 { return (a + b) * ballInf }

// upProd returns an upper bound of a·b for a, b ≥ 0.
func upProd(a, b float64) float64 { return a*b*ballInf + ballSub }

// abs1Up returns an upper bound of |Re z| + |Im z| (≥ |z|).
func abs1Up(z complex128) float64 { return upSum(math.Abs(real(z)), math.Abs(imag(z))) }

// BallOf returns the smallest disc about the centre of x containing x
// (radius rounded up).
func BallOf(x CInterval64) CBall64 {
	c := x.Mid()
	r, i := x.Re.RadAbout(real(c)), x.Im.RadAbout(imag(c))
	_, d := sqrtDU(addUp(mulUp(r, r), mulUp(i, i)))
	return CBall64{c, d}
}

// Rect returns a rectangle containing the disc (outward rounded).
func (x CBall64) Rect() CInterval64 {
	c, r := x.C, x.R
	return CInterval64{
		Interval64{addDown(real(c), -r), addUp(real(c), r)},
		Interval64{addDown(imag(c), -r), addUp(imag(c), r)},
	}
}

// Add returns a disc containing x + y.
func (x CBall64) Add(y CBall64) CBall64 {
	c := x.C + y.C
	return CBall64{c, upSum(upSum(x.R, y.R), 2*ballU*abs1Up(c))}
}

// Mul returns a disc containing x·y: |xy − C_xC_y| ≤ R_x|C_y| + |C_x|R_y +
// R_xR_y, plus the rounding error of the computed centre.
func (x CBall64) Mul(y CBall64) CBall64 {
	ax, ay := abs1Up(x.C), abs1Up(y.C)
	c := x.C * y.C
	e := upProd(4*ballU*ax, ay) + 8*ballSub // the centre's error, subnormal products included
	r := upSum(upSum(upProd(x.R, ay), upProd(ax, y.R)), upSum(upProd(x.R, y.R), e))
	return CBall64{c, r}
}
