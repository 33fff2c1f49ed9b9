package certify

import (
	"fmt"
	"math/big"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/isoptic"
)

// Certified angles (in radians) and areas of hyperbolic triangles of the
// Klein disk, from the exact rational values of the float64 coordinates
// (or, for the ...Rat variants, from given rational coordinates: the
// exact Klein images of points given in another model).
//
// The angle at v between the chords to a and b, with u = a − v,
// w = b − v and α = 1 − |v|², is θ = atan2(√S, C) where
//
//	C = α·(u·w) + (v·u)(v·w),   S = α·(u × w)²
//
// (the Klein metric at v is proportional to α·I + v·vᵀ, whose determinant
// is α; C² + S is the product of the two squared metric lengths). C and S
// are exact rationals, so the quadrant and the reduction
// (θ = arctan √(S/C²), π − arctan √(S/C²) or π/2 ∓ arctan √(C²/S)) are
// decided exactly, and only one square root and one arctangent are
// enclosed: tiny angles and angles near π keep their full relative
// accuracy, where arccos of a cosine enclosure would lose half the digits.
//
// The area Δ = π − (angle sum) comes from the hyperbolic Van Oosterom–
// Strackee formula tan(Δ/2) = |det(A, B, C)| / (1 + cosh ab + cosh bc +
// cosh ca) on the hyperboloid points, which in Klein coordinates reads
//
//	tan(Δ/2) = |(b − a) × (c − a)| / (√(αa·αb·αc) + (1 − a·b)√αc + (1 − b·c)√αa + (1 − c·a)√αb),
//
// αx = 1 − |x|²: a quotient of an exact rational by a sum of positive
// terms, so no cancellation.

// ratPoint holds the exact coordinates of a point.
type ratPoint struct{ x, y *big.Rat }

func newRatPoint(p hyperbolic.Point) ratPoint { return ratPoint{ratF(p.X), ratF(p.Y)} }

// fromRat checks a rational point of the open disk (1 − |p|² > 0, exactly).
func fromRat(p isoptic.RatPoint) (ratPoint, error) {
	if p.X == nil || p.Y == nil {
		return ratPoint{}, fmt.Errorf("certify: rational point with a nil coordinate: %w", ErrInvalid)
	}
	r := ratPoint{p.X, p.Y}
	if oneMinus(r.dot(r)).Sign() <= 0 {
		return ratPoint{}, fmt.Errorf("certify: rational point (%v, %v) is not inside the unit disk: %w", p.X.FloatString(20), p.Y.FloatString(20), ErrDomain)
	}
	return r, nil
}

func (p ratPoint) sub(q ratPoint) ratPoint {
	return ratPoint{new(big.Rat).Sub(p.x, q.x), new(big.Rat).Sub(p.y, q.y)}
}

func (p ratPoint) dot(q ratPoint) *big.Rat {
	r := new(big.Rat).Mul(p.x, q.x)
	return r.Add(r, new(big.Rat).Mul(p.y, q.y))
}

func (p ratPoint) cross(q ratPoint) *big.Rat {
	r := new(big.Rat).Mul(p.x, q.y)
	return r.Sub(r, new(big.Rat).Mul(p.y, q.x))
}

func (p ratPoint) equal(q ratPoint) bool { return p.x.Cmp(q.x) == 0 && p.y.Cmp(q.y) == 0 }

// oneMinus returns 1 − r.
func oneMinus(r *big.Rat) *big.Rat { return new(big.Rat).Sub(big.NewRat(1, 1), r) }

// Angle sets z to an enclosure, at precision prec (at least 64), of the
// angle in radians at v between the geodesics to a and to b, and returns
// z. It fails for a point that is not a finite point of the open disk and
// with ErrDomain if v coincides with a or b.
func (z *Interval) Angle(a, v, b hyperbolic.Point, prec uint) (*Interval, error) {
	for _, p := range []hyperbolic.Point{a, v, b} {
		if err := p.Check(); err != nil {
			return z, err
		}
	}
	return z.angle(newRatPoint(a), newRatPoint(v), newRatPoint(b), prec)
}

// AngleRat is Angle for points with rational coordinates (exact images
// of points given in another model, say). It fails with ErrDomain for a
// point not inside the disk or v equal to a or b.
func (z *Interval) AngleRat(a, v, b isoptic.RatPoint, prec uint) (*Interval, error) {
	r, err := fromRats(a, v, b)
	if err != nil {
		return z, err
	}
	return z.angle(r[0], r[1], r[2], prec)
}

// fromRats checks three rational points of the open disk.
func fromRats(ps ...isoptic.RatPoint) ([3]ratPoint, error) {
	var r [3]ratPoint
	for i, p := range ps {
		var err error
		if r[i], err = fromRat(p); err != nil {
			return r, err
		}
	}
	return r, nil
}

func (z *Interval) angle(ra, rv, rb ratPoint, prec uint) (*Interval, error) {
	if rv.equal(ra) || rv.equal(rb) {
		return z, fmt.Errorf("certify: angle at (%v, %v): the vertex coincides with an end: %w", rv.x.FloatString(20), rv.y.FloatString(20), ErrDomain)
	}
	prec = max(prec, 64)
	wp := prec + guardBits
	u := ra.sub(rv)
	w := rb.sub(rv)
	alpha := oneMinus(rv.dot(rv))
	c := new(big.Rat).Mul(alpha, u.dot(w))
	c.Add(c, new(big.Rat).Mul(rv.dot(u), rv.dot(w)))
	s := u.cross(w)
	s.Mul(s, s)
	s.Mul(s, alpha)
	return z.atan2Rat(s, c, prec, wp), nil
}

// atan2Rat sets z ⊇ atan2(√s, c) ∈ [0, π] for exact s ≥ 0, c, not both 0.
func (z *Interval) atan2Rat(s, c *big.Rat, prec, wp uint) *Interval {
	var t, pi Interval
	t.SetPrec(wp)
	if s.Sign() == 0 {
		if c.Sign() > 0 {
			return z.SetPrec(prec).SetInt64(0)
		}
		return z.Pi(prec)
	}
	c2 := new(big.Rat).Mul(c, c)
	pi.Pi(wp)
	if c2.Cmp(s) >= 0 { // |angle − π/2| ≥ π/4
		t.SetRat(new(big.Rat).Quo(s, c2))
		t.Sqrt(&t) // t ≥ 0
		t.Atan(&t, wp)
		if c.Sign() < 0 {
			t.Sub(&pi, &t)
		}
		return z.SetPrec(prec).Set(&t)
	}
	t.SetRat(new(big.Rat).Quo(c2, s))
	t.Sqrt(&t)
	t.Atan(&t, wp)
	pi.Lo.SetMantExp(&pi.Lo, -1) // π/2
	pi.Hi.SetMantExp(&pi.Hi, -1)
	if c.Sign() >= 0 {
		t.Sub(&pi, &t)
	} else {
		t.Add(&pi, &t)
	}
	return z.SetPrec(prec).Set(&t)
}

// Area sets z to an enclosure, at precision prec (at least 64), of the
// area of the hyperbolic triangle (a, b, c) (= π minus its angle sum), and
// returns z. Collinear points (a degenerate triangle, repeated vertices
// included) have area exactly 0. It fails for a point that is not a finite
// point of the open disk.
func (z *Interval) Area(a, b, c hyperbolic.Point, prec uint) (*Interval, error) {
	for _, p := range []hyperbolic.Point{a, b, c} {
		if err := p.Check(); err != nil {
			return z, err
		}
	}
	return z.area(newRatPoint(a), newRatPoint(b), newRatPoint(c), prec), nil
}

// AreaRat is Area for points with rational coordinates. It fails with
// ErrDomain for a point not inside the disk.
func (z *Interval) AreaRat(a, b, c isoptic.RatPoint, prec uint) (*Interval, error) {
	r, err := fromRats(a, b, c)
	if err != nil {
		return z, err
	}
	return z.area(r[0], r[1], r[2], prec), nil
}

func (z *Interval) area(ra, rb, rc ratPoint, prec uint) *Interval {
	prec = max(prec, 64)
	wp := prec + guardBits
	num := rb.sub(ra).cross(rc.sub(ra))
	if num.Sign() == 0 {
		return z.SetPrec(prec).SetInt64(0)
	}
	num.Abs(num)
	aa, ab, ac := oneMinus(ra.dot(ra)), oneMinus(rb.dot(rb)), oneMinus(rc.dot(rc))
	var sa, sb, sc, den, t, u Interval
	for _, v := range []*Interval{&sa, &sb, &sc, &den, &t, &u} {
		v.SetPrec(wp)
	}
	sqrtRat := func(z *Interval, r *big.Rat) { z.SetRat(r).Sqrt(z) } // r > 0: inside the disk
	sqrtRat(&sa, aa)
	sqrtRat(&sb, ab)
	sqrtRat(&sc, ac)
	den.Mul(&sa, &sb)
	den.Mul(&den, &sc)
	for _, term := range []struct {
		dot  *big.Rat
		root *Interval
	}{{oneMinus(ra.dot(rb)), &sc}, {oneMinus(rb.dot(rc)), &sa}, {oneMinus(rc.dot(ra)), &sb}} {
		t.SetRat(term.dot)
		u.Mul(&t, term.root)
		den.Add(&den, &u)
	}
	t.SetRat(num)
	t.Quo(&t, &den) // den > 0
	t.Atan(&t, wp)
	t.Lo.SetMantExp(&t.Lo, 1) // ×2, exact
	t.Hi.SetMantExp(&t.Hi, 1)
	return z.SetPrec(prec).Set(&t)
}

// DistRat sets z to an enclosure, at precision prec (at least 64), of the
// hyperbolic distance between points with rational coordinates: sinh²d as
// an exact rational, then asinh(√·) by its series. It fails with ErrDomain
// for a point not inside the disk.
func (z *Interval) DistRat(p, q isoptic.RatPoint, prec uint) (*Interval, error) {
	rp, err := fromRat(p)
	if err != nil {
		return z, err
	}
	rq, err := fromRat(q)
	if err != nil {
		return z, err
	}
	prec = max(prec, 64)
	wp := prec + guardBits
	ap, aq := oneMinus(rp.dot(rp)), oneMinus(rq.dot(rq))
	den := new(big.Rat).Mul(ap, aq)
	num := oneMinus(rp.dot(rq))
	num.Mul(num, num)
	num.Sub(num, den) // (1 − p·q)² − (1 − |p|²)(1 − |q|²) ≥ 0
	num.Quo(num, den)
	var s Interval
	s.SetPrec(wp).SetRat(num)
	if err := asinhSqrtBig(z, &s, prec, wp); err != nil {
		return z, err
	}
	return z, nil
}

// Angle64 encloses the angle in radians at v between the geodesics to a
// and to b (Interval.Angle at 128 bits, rounded outward to float64: an
// enclosure one or two ulps wide).
func Angle64(a, v, b hyperbolic.Point) (Interval64, error) {
	var z Interval
	if _, err := z.Angle(a, v, b, 128); err != nil {
		return Interval64{}, err
	}
	return z.Interval64(), nil
}

// Area64 encloses the area of the triangle (a, b, c) (Interval.Area at 128
// bits, rounded outward to float64).
func Area64(a, b, c hyperbolic.Point) (Interval64, error) {
	var z Interval
	if _, err := z.Area(a, b, c, 128); err != nil {
		return Interval64{}, err
	}
	return z.Interval64(), nil
}
