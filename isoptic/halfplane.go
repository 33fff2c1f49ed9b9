package isoptic

import (
	"fmt"
	"math"
	"math/big"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/poly"
)

// HalfPlaneCurve is the isoptic curve C_α(p, q) in the upper half-plane
// model (the paper's appendix, proposition on isoptic curves in the upper
// half-plane): for terminals
// p = x₁ + iy₁, q = x₂ + iy₂ and s = x + iy,
//
//	Ã(s) = N_p(s)·N_q(s) − 2y²·((x₁ − x₂)² + y₁² + y₂²),
//	       N_p(s) = (x₁ − x)² + y₁² + y²,
//	Q(s) = |s − p|²·|s − p̄|²·|s − q|²·|s − q̄|²
//	     = ((x₁−x)² + (y₁−y)²)((x₁−x)² + (y₁+y)²)((x₂−x)² + (y₂−y)²)((x₂−x)² + (y₂+y)²),
//	φ̃(s) = Ã − cos α·√Q,   ψ̃(s) = Ã² − cos²α·Q   (degree 8).
//
// From cosh d(p,s) = N_p/(2y₁y) and sinh d(p,s) = √(|s−p|²|s−p̄|²)/(2y₁y)
// the hyperbolic cosine rule gives cos(angle at s) = Ã/√Q, so
// C_α = {φ̃ = 0, y > 0}, and in y > 0 the zeros of ψ̃ are C_α ∪ C_{π−α}
// and the terminals. Unlike the Klein ψ,
// ψ̃ has twice the degree and vanishes also off the half-plane (its real
// zero set is symmetric under y ↦ −y), so solvers must constrain y > 0 —
// the reason the paper prefers the Klein model.
//
// The model conversions are hyperbolic.KleinToHalfPlane and
// hyperbolic.HalfPlaneToKlein; HalfPlaneToKleinRat is the exact rational
// form of the latter (the Klein-to-half-plane map needs a square root).
type HalfPlaneCurve struct {
	p, q      vec2[float64]
	cos, cos2 float64
}

// NewHalfPlaneCurve returns C_α(p, q) in the half-plane model for the
// angle α with cos α = cosAlpha. It returns an *InputError for a terminal
// that is not finite with Y > 0, p = q, or cosAlpha outside (−1, 1).
func NewHalfPlaneCurve(p, q hyperbolic.HalfPlanePoint, cosAlpha float64) (HalfPlaneCurve, error) {
	const fn = "NewHalfPlaneCurve"
	for _, t := range []struct {
		z   hyperbolic.HalfPlanePoint
		arg string
	}{{p, "terminal p"}, {q, "terminal q"}} {
		if err := t.z.Check(); err != nil {
			return HalfPlaneCurve{}, &InputError{Func: fn, Arg: fmt.Sprintf("%s (%v, %v)", t.arg, t.z.X, t.z.Y), Err: err}
		}
	}
	if p == q {
		return HalfPlaneCurve{}, &InputError{Func: fn, Arg: fmt.Sprintf("terminal p and terminal q (both (%v, %v))", p.X, p.Y), Err: ErrCoincident}
	}
	if err := checkCos(fn, cosAlpha); err != nil {
		return HalfPlaneCurve{}, err
	}
	return HalfPlaneCurve{p: vec2[float64]{p.X, p.Y}, q: vec2[float64]{q.X, q.Y}, cos: cosAlpha, cos2: cosAlpha * cosAlpha}, nil
}

// halfPlaneTerms returns Ã and the two factors Q_p = |s−p|²|s−p̄|²,
// Q_q = |s−q|²|s−q̄|² of Q, in float64.
func halfPlaneTerms(p, q vec2[float64], x, y float64) (a, qp, qq float64) {
	y2 := y * y
	np := (p[0]-x)*(p[0]-x) + p[1]*p[1] + y2
	nq := (q[0]-x)*(q[0]-x) + q[1]*q[1] + y2
	npq := (p[0]-q[0])*(p[0]-q[0]) + p[1]*p[1] + q[1]*q[1]
	a = np*nq - 2*y2*npq
	fac := func(t vec2[float64]) float64 {
		dx2 := (t[0] - x) * (t[0] - x)
		return (dx2 + (t[1]-y)*(t[1]-y)) * (dx2 + (t[1]+y)*(t[1]+y))
	}
	return a, fac(p), fac(q)
}

// ATilde returns Ã(s).
func (c HalfPlaneCurve) ATilde(s hyperbolic.HalfPlanePoint) float64 {
	a, _, _ := halfPlaneTerms(c.p, c.q, s.X, s.Y)
	return a
}

// Q returns Q(s) ≥ 0.
func (c HalfPlaneCurve) Q(s hyperbolic.HalfPlanePoint) float64 {
	_, qp, qq := halfPlaneTerms(c.p, c.q, s.X, s.Y)
	return qp * qq
}

// CosAngle returns Ã/√Q, the cosine of the angle at s between the
// geodesics to p and q; ErrCoincident at s = p or s = q.
func (c HalfPlaneCurve) CosAngle(s hyperbolic.HalfPlanePoint) (float64, error) {
	a, qp, qq := halfPlaneTerms(c.p, c.q, s.X, s.Y)
	if qp == 0 || qq == 0 {
		return 0, ErrCoincident
	}
	return a / (math.Sqrt(qp) * math.Sqrt(qq)), nil
}

// Phi returns φ̃(s) = Ã − cos α·√Q.
func (c HalfPlaneCurve) Phi(s hyperbolic.HalfPlanePoint) float64 {
	a, qp, qq := halfPlaneTerms(c.p, c.q, s.X, s.Y)
	return a - c.cos*(math.Sqrt(qp)*math.Sqrt(qq))
}

// Psi returns ψ̃(s) = Ã² − cos²α·Q.
func (c HalfPlaneCurve) Psi(s hyperbolic.HalfPlanePoint) float64 {
	a, qp, qq := halfPlaneTerms(c.p, c.q, s.X, s.Y)
	return a*a - c.cos2*qp*qq
}

// PsiPoly returns ψ̃ as an exact rational polynomial in x, y (indices 0,
// 1), from the exact float64 terminals and the exact square of cos α.
func (c HalfPlaneCurve) PsiPoly() poly.Poly[*big.Rat] {
	r := func(v vec2[float64]) RatPoint { return ratPointOf(hyperbolicPoint(v)) }
	return halfPlanePsiSym(r(c.p), r(c.q), ratCos2(c.cos))
}

// HalfPlanePsiPoly returns ψ̃_{p,q,α} = Ã² − cos²α·Q for half-plane
// terminals with exact rational coordinates (X + iY, Y > 0) as an exact
// rational polynomial in x, y (indices 0, 1). Its total degree is exactly
// 8: the top-degree part of Ã is (x² + y²)², that of each factor of Q is
// x² + y², so that of ψ̃ is (1 − cos²α)(x² + y²)⁴ ≠ 0. It returns an
// *InputError for a nil coordinate, Y ≤ 0, or cos2 outside [0, 1).
func HalfPlanePsiPoly(p, q RatPoint, cos2 *big.Rat) (poly.Poly[*big.Rat], error) {
	const fn = "HalfPlanePsiPoly"
	if err := checkRatPair(fn, p, q); err != nil {
		return rpoly{}, err
	}
	for _, t := range []struct {
		z   RatPoint
		arg string
	}{{p, "p"}, {q, "q"}} {
		if t.z.Y.Sign() <= 0 {
			return rpoly{}, &InputError{Func: fn, Arg: fmt.Sprintf("%s (%s, %s)", t.arg, t.z.X.RatString(), t.z.Y.RatString()), Err: hyperbolic.ErrNotUpper}
		}
	}
	if cos2 == nil || cos2.Sign() < 0 || cos2.Cmp(big.NewRat(1, 1)) >= 0 {
		return rpoly{}, &InputError{Func: fn, Arg: "cos²α", Err: ErrCos}
	}
	return halfPlanePsiSym(p, q, cos2), nil
}

// HalfPlaneATildeQPoly returns Ã and Q as exact rational polynomials in
// x, y (degrees 4 and 8), without checks beyond nil coordinates.
func HalfPlaneATildeQPoly(p, q RatPoint) (aTilde, qTilde poly.Poly[*big.Rat], err error) {
	if err := checkRatPair("HalfPlaneATildeQPoly", p, q); err != nil {
		return rpoly{}, rpoly{}, err
	}
	a, qp, qq := halfPlaneSym(p, q)
	return a, qp.Mul(qq), nil
}

func halfPlaneSym(p, q RatPoint) (a, qp, qq rpoly) {
	const n = 2
	x, y := poly.Var[*big.Rat](n, 0), poly.Var[*big.Rat](n, 1)
	k := func(r *big.Rat) rpoly { return poly.Const(n, r) }
	y2 := y.Mul(y)
	sq := func(t rpoly) rpoly { return t.Mul(t) }
	np := sq(k(p.X).Sub(x)).Add(k(new(big.Rat).Mul(p.Y, p.Y))).Add(y2)
	nq := sq(k(q.X).Sub(x)).Add(k(new(big.Rat).Mul(q.Y, q.Y))).Add(y2)
	npq := new(big.Rat).Sub(p.X, q.X)
	npq.Mul(npq, npq)
	npq.Add(npq, new(big.Rat).Mul(p.Y, p.Y))
	npq.Add(npq, new(big.Rat).Mul(q.Y, q.Y))
	a = np.Mul(nq).Sub(y2.Scale(new(big.Rat).Mul(big.NewRat(2, 1), npq)))
	fac := func(t RatPoint) rpoly {
		dx2 := sq(k(t.X).Sub(x))
		return dx2.Add(sq(k(t.Y).Sub(y))).Mul(dx2.Add(sq(k(t.Y).Add(y))))
	}
	return a, fac(p), fac(q)
}

func halfPlanePsiSym(p, q RatPoint, cos2 *big.Rat) rpoly {
	a, qp, qq := halfPlaneSym(p, q)
	return a.Mul(a).Sub(qp.Mul(qq).Scale(cos2))
}

// HalfPlaneToKleinRat maps a half-plane point z = x + iy (y > 0) to the
// Klein disk exactly: k = (|z|² − 1, −2x)/(|z|² + 1), the convention of
// hyperbolic.HalfPlaneToKlein (i ↦ 0, via the Cayley map w = (z−i)/(z+i)
// and k = 2w/(1 + |w|²)). It returns an *InputError for a nil coordinate
// or y ≤ 0.
func HalfPlaneToKleinRat(z RatPoint) (RatPoint, error) {
	const fn = "HalfPlaneToKleinRat"
	if err := z.check(fn, "z"); err != nil {
		return RatPoint{}, err
	}
	if z.Y.Sign() <= 0 {
		return RatPoint{}, &InputError{Func: fn, Arg: fmt.Sprintf("z (%s, %s)", z.X.RatString(), z.Y.RatString()), Err: hyperbolic.ErrNotUpper}
	}
	n := new(big.Rat).Mul(z.X, z.X)
	n.Add(n, new(big.Rat).Mul(z.Y, z.Y))
	d := new(big.Rat).Add(n, big.NewRat(1, 1))
	kx := new(big.Rat).Sub(n, big.NewRat(1, 1))
	kx.Quo(kx, d)
	ky := new(big.Rat).Mul(big.NewRat(-2, 1), z.X)
	ky.Quo(ky, d)
	return RatPoint{X: kx, Y: ky}, nil
}
