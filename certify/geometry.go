package certify

import (
	"fmt"
	"math"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// FermatProver proves Fermat points of one plane's triangles:
// FermatCertifier (hyperbolic, Klein model) and EuclideanFermatCertifier.
// A FermatProver keeps workspaces: one per goroutine.
type FermatProver interface {
	Certify(cert *FermatCert, a, b, c, cand hyperbolic.Point, opt FermatOptions) error
}

// Geometry is the certified arithmetic of one plane: what a certificate
// of a tree in that plane needs. HyperbolicGeometry and EuclideanGeometry
// implement it; every method is safe for concurrent use.
type Geometry interface {
	// NewFermatProver returns a prover of the plane's Fermat points.
	NewFermatProver() FermatProver
	// Dist sets z to an enclosure of the distance between p and q,
	// relatively tight to at least about 2⁻⁴⁶ (or to prec bits when prec
	// is above 53), and returns z. It fails only for invalid points.
	Dist(z *Interval, p, q hyperbolic.Point, prec uint) (*Interval, error)
	// CosAngle encloses the cosine of the angle at v between the
	// geodesics to a and b (clipped to [−1, 1]). It fails when v
	// coincides with a or b.
	CosAngle(a, v, b hyperbolic.Point) (Interval64, error)
	// Cmp120 compares that angle with 120° exactly: −1, 0, +1.
	Cmp120(a, v, b hyperbolic.Point) (int, error)
}

// HyperbolicGeometry is the hyperbolic plane in the Klein model.
var HyperbolicGeometry Geometry = hyperbolicGeometry{}

// EuclideanGeometry is the Euclidean plane.
var EuclideanGeometry Geometry = euclideanGeometry{}

// tightRel is the relative width up to which a float64 enclosure is
// taken as it is; a wider one (underflow at tiny scales) is recomputed in
// big.Float, whose exponent range has no such limit.
const tightRel = 0x1p-46

func tight64(x Interval64) bool {
	return x.IsFinite() && x.Width() <= tightRel*x.Mag()
}

type hyperbolicGeometry struct{}

func (hyperbolicGeometry) NewFermatProver() FermatProver { return NewFermatCertifier() }

func (hyperbolicGeometry) Dist(z *Interval, p, q hyperbolic.Point, prec uint) (*Interval, error) {
	if prec <= 53 {
		if d, err := Dist64(p, q); err == nil && (tight64(d) || p == q) {
			z.SetPrec(53)
			z.SetInterval64(d) // finite
			return z, nil
		}
	}
	return z.Dist(p, q, max(prec, 128))
}

func (hyperbolicGeometry) CosAngle(a, v, b hyperbolic.Point) (Interval64, error) {
	c, err := CosAngle64(a, v, b)
	if err == nil && c.Width() <= tightRel {
		return c, nil
	}
	if v == a || v == b {
		return c, err
	}
	// Tiny or nearly degenerate: the same formula in big.Float.
	return cosAngleBig(a, v, b, 256)
}

// cosAngleBig is CosAngle64 in big.Float interval arithmetic at prec.
func cosAngleBig(a, v, b hyperbolic.Point, prec uint) (Interval64, error) {
	var x, y [2]Interval
	for i, c := range [2]float64{a.X, a.Y} {
		x[i].SetPrec(53).SetFloat64(c)
	}
	for i, c := range [2]float64{b.X, b.Y} {
		y[i].SetPrec(53).SetFloat64(c)
	}
	s := make([]Interval, 2)
	s[0].SetPrec(53).SetFloat64(v.X)
	s[1].SetPrec(53).SetFloat64(v.Y)
	var t bigPair
	t.eval(&x, &y, s, prec, false)
	var r, c Interval
	r.SetPrec(prec)
	c.SetPrec(prec)
	t.t1.Mul(&t.bx, &t.by)
	if _, err := r.Sqrt(&t.t1); err != nil || r.Lo.Sign() <= 0 {
		return Interval64{}, fmt.Errorf("certify: angle at %v to %v and %v: B is not provably positive: %w", v, a, b, ErrDomain)
	}
	if _, err := c.Quo(&t.a, &r); err != nil {
		return Interval64{}, err
	}
	out, _ := c.Interval64().Intersect(Interval64{-1, 1})
	return out, nil
}

func (hyperbolicGeometry) Cmp120(a, v, b hyperbolic.Point) (int, error) { return Cmp120(a, v, b) }

type euclideanGeometry struct{}

func (euclideanGeometry) NewFermatProver() FermatProver { return NewEuclideanFermatCertifier() }

// scaledDiff64 encloses the differences p − v, q − v scaled by a common
// power of two 2^k that brings the larger near 1 (exact scaling), and
// returns k.
func scaledDiff64(p, v hyperbolic.Point, more ...hyperbolic.Point) (d [][2]Interval64, k int) {
	pts := append([]hyperbolic.Point{p}, more...)
	m := 0.0
	for _, u := range pts {
		m = max(m, math.Abs(u.X-v.X), math.Abs(u.Y-v.Y))
	}
	if m > 0 {
		_, e := math.Frexp(m)
		k = -e
	}
	for _, u := range pts {
		// The differences of the scaled coordinates are the scaled
		// differences; the coordinates scale exactly unless they reach
		// the subnormals, where Ldexp rounds: then scale the differences
		// (each enclosed first) instead.
		var dd [2]Interval64
		for i, c := range [2][2]float64{{u.X, v.X}, {u.Y, v.Y}} {
			x := Point64(c[0]).Sub(Point64(c[1]))
			dd[i] = Interval64{scaleDown(x.Lo, k), scaleUp(x.Hi, k)}
		}
		d = append(d, dd)
	}
	return d, k
}

// scaleDown and scaleUp multiply by 2^k rounding down and up.
func scaleDown(x float64, k int) float64 {
	y := math.Ldexp(x, k)
	if math.Ldexp(y, -k) > x {
		y = math.Nextafter(y, math.Inf(-1))
	}
	return y
}

func scaleUp(x float64, k int) float64 {
	y := math.Ldexp(x, k)
	if math.Ldexp(y, -k) < x {
		y = math.Nextafter(y, math.Inf(1))
	}
	return y
}

func (euclideanGeometry) Dist(z *Interval, p, q hyperbolic.Point, prec uint) (*Interval, error) {
	for _, u := range [2]hyperbolic.Point{p, q} {
		if !finite(u.X) || !finite(u.Y) {
			return z, fmt.Errorf("certify: point %v is not finite: %w", u, ErrInvalid)
		}
	}
	if prec <= 53 {
		d, k := scaledDiff64(p, q)
		n2 := d[0][0].Sqr().Add(d[0][1].Sqr())
		if r, err := n2.Sqrt(); err == nil && (tight64(r) || p == q) {
			z.SetPrec(53)
			z.SetInterval64(Interval64{scaleDown(r.Lo, -k), scaleUp(r.Hi, -k)})
			if tight64(z.Interval64()) || p == q {
				return z, nil
			}
		}
	}
	prec = max(prec, 128)
	var dx, dy, t Interval
	dx.SetPrec(prec)
	dy.SetPrec(prec)
	t.SetPrec(prec)
	var px, py, qx, qy Interval
	px.SetPrec(53).SetFloat64(p.X)
	py.SetPrec(53).SetFloat64(p.Y)
	qx.SetPrec(53).SetFloat64(q.X)
	qy.SetPrec(53).SetFloat64(q.Y)
	dx.Sub(&qx, &px)
	dy.Sub(&qy, &py)
	dx.Sqr(&dx)
	dy.Sqr(&dy)
	t.Add(&dx, &dy)
	z.SetPrec(prec)
	if _, err := z.Sqrt(&t); err != nil {
		return z, err
	}
	return z, nil
}

func (euclideanGeometry) CosAngle(a, v, b hyperbolic.Point) (Interval64, error) {
	if v == a || v == b {
		return Interval64{}, fmt.Errorf("certify: angle at %v to %v and %v: the vertex coincides with an end: %w", v, a, b, ErrDomain)
	}
	d, _ := scaledDiff64(a, v, b)
	u, w := d[0], d[1]
	dot := u[0].Mul(w[0]).Add(u[1].Mul(w[1]))
	r, err := u[0].Sqr().Add(u[1].Sqr()).Mul(w[0].Sqr().Add(w[1].Sqr())).Sqrt()
	if err != nil || r.Lo <= 0 {
		return Interval64{}, fmt.Errorf("certify: angle at %v to %v and %v: a side's length is not provably positive: %w", v, a, b, ErrDomain)
	}
	c, err := dot.Quo(r)
	if err != nil {
		return Interval64{}, err
	}
	c, _ = c.Intersect(Interval64{-1, 1})
	return c, nil
}

func (euclideanGeometry) Cmp120(a, v, b hyperbolic.Point) (int, error) {
	if v == a || v == b {
		return 0, fmt.Errorf("certify: angle at %v to %v and %v: the vertex coincides with an end: %w", v, a, b, ErrDomain)
	}
	return EuclideanCmp120(a, v, b), nil
}
