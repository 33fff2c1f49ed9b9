package efst

import (
	"math"
	"math/big"
)

// q3 is an exact number a + b·√3 of the field Q(√3), a and b rational.
// Terminals with float64 coordinates are rational points; equilateral
// points (a rotation by 60° has entries ±1/2, ±√3/2), circle centres (the
// centroid of an equilateral triangle), and the Steiner points (the second
// intersection of a line with a circle through a known point is a rational
// function of the data) all have coordinates in Q(√3). Predicates on them
// are signs of elements of Q(√3), decided exactly by comparing a² with 3b².
type q3 struct{ a, b big.Rat }

func (z *q3) set(x *q3) *q3 { z.a.Set(&x.a); z.b.Set(&x.b); return z }

func (z *q3) add(x, y *q3) *q3 { z.a.Add(&x.a, &y.a); z.b.Add(&x.b, &y.b); return z }
func (z *q3) sub(x, y *q3) *q3 { z.a.Sub(&x.a, &y.a); z.b.Sub(&x.b, &y.b); return z }

func (z *q3) mul(x, y *q3) *q3 {
	var ac, bd, ad, bc big.Rat
	ac.Mul(&x.a, &y.a)
	bd.Mul(&x.b, &y.b)
	ad.Mul(&x.a, &y.b)
	bc.Mul(&x.b, &y.a)
	bd.Mul(&bd, big.NewRat(3, 1))
	z.a.Add(&ac, &bd)
	z.b.Add(&ad, &bc)
	return z
}

// scaleRat multiplies by the rational p/q.
func (z *q3) scaleRat(x *q3, p, q int64) *q3 {
	r := big.NewRat(p, q)
	z.a.Mul(&x.a, r)
	z.b.Mul(&x.b, r)
	return z
}

// quo sets z = x/y (y ≠ 0): (a + b√3)/(c + d√3) = (a + b√3)(c − d√3)/(c² − 3d²).
func (z *q3) quo(x, y *q3) *q3 {
	var conj q3
	conj.a.Set(&y.a)
	conj.b.Neg(&y.b)
	var num q3
	num.mul(x, &conj)
	var den, t big.Rat
	den.Mul(&y.a, &y.a)
	t.Mul(&y.b, &y.b)
	t.Mul(&t, big.NewRat(3, 1))
	den.Sub(&den, &t)
	z.a.Quo(&num.a, &den)
	z.b.Quo(&num.b, &den)
	return z
}

// sign returns the exact sign of a + b√3.
func (z *q3) sign() int {
	sa, sb := z.a.Sign(), z.b.Sign()
	switch {
	case sb == 0:
		return sa
	case sa == 0:
		return sb
	case sa == sb:
		return sa
	}
	// Opposite signs: compare a² with 3b².
	var a2, b2 big.Rat
	a2.Mul(&z.a, &z.a)
	b2.Mul(&z.b, &z.b)
	b2.Mul(&b2, big.NewRat(3, 1))
	c := a2.Cmp(&b2)
	if c == 0 {
		return 0 // impossible for b ≠ 0: √3 is irrational
	}
	if c > 0 {
		return sa
	}
	return sb
}

// enclose returns an interval enclosing a + b√3.
func (z *q3) enclose() iv {
	return ratIv(&z.a).add(ratIv(&z.b).mul(sqrt3))
}

// ratIv encloses a rational by the floats next to it.
func ratIv(r *big.Rat) iv {
	f, exact := r.Float64()
	if exact {
		return pt(f)
	}
	return iv{nextDown(f), nextUp(f)}
}

// float64 returns a + b√3 rounded to the nearest float64 (computed with
// 200 bits, far more than the float64 rounding needs).
func (z *q3) float64() float64 {
	const prec = 200
	a := new(big.Float).SetPrec(prec).SetRat(&z.a)
	b := new(big.Float).SetPrec(prec).SetRat(&z.b)
	s := new(big.Float).SetPrec(prec).SetInt64(3)
	s.Sqrt(s)
	b.Mul(b, s)
	a.Add(a, b)
	f, _ := a.Float64()
	if math.IsInf(f, 0) {
		return f
	}
	return f
}

// qpt is an exact point of Q(√3)².
type qpt struct{ x, y q3 }

func qptf(x, y float64) *qpt {
	p := new(qpt)
	p.x.a.SetFloat64(x)
	p.y.a.SetFloat64(y)
	return p
}

func (p *qpt) sub(q *qpt) *qpt {
	r := new(qpt)
	r.x.sub(&p.x, &q.x)
	r.y.sub(&p.y, &q.y)
	return r
}

func (p *qpt) add(q *qpt) *qpt {
	r := new(qpt)
	r.x.add(&p.x, &q.x)
	r.y.add(&p.y, &q.y)
	return r
}

func (p *qpt) scale(c *q3) *qpt {
	r := new(qpt)
	r.x.mul(&p.x, c)
	r.y.mul(&p.y, c)
	return r
}

func (p *qpt) dot(q *qpt) *q3 {
	var t q3
	z := new(q3).mul(&p.x, &q.x)
	t.mul(&p.y, &q.y)
	return z.add(z, &t)
}

func (p *qpt) cross(q *qpt) *q3 {
	var t q3
	z := new(q3).mul(&p.x, &q.y)
	t.mul(&p.y, &q.x)
	return z.sub(z, &t)
}

// qorient is the exact (b − a) × (c − a).
func qorient(a, b, c *qpt) *q3 { return b.sub(a).cross(c.sub(a)) }

// qrotm60 rotates v by −60°: (x/2 + √3·y/2, −√3·x/2 + y/2).
func qrotm60(v *qpt) *qpt {
	var s3h q3 // √3/2
	s3h.b.SetFrac64(1, 2)
	r := new(qpt)
	var t q3
	r.x.scaleRat(&v.x, 1, 2)
	t.mul(&v.y, &s3h)
	r.x.add(&r.x, &t)
	r.y.scaleRat(&v.y, 1, 2)
	t.mul(&v.x, &s3h)
	r.y.sub(&r.y, &t)
	return r
}

func (p *qpt) enclose() ipt { return ipt{p.x.enclose(), p.y.enclose()} }
