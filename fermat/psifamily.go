package fermat

import (
	"github.com/hypersteiner/hypersteiner/poly"
)

// psiFamily is the family of ψ systems of all triangles, at every scale,
// as a homotopy.ParameterSystem: unknowns s = (s₁, s₂), parameters the six
// terminal coordinates and a curvature factor κ,
// p = (x₁, x₂, y₁, y₂, z₁, z₂, κ), equations
//
//	F(s; p) = (ψ_xy(s), ψ_yz(s)),   ψ_PQ = A_PQ² − ¼·B_P·B_Q,
//	A_PQ = d_P·d_Q − κ·u_P·u_Q,   B_P = d_P·d_P − κ·u_P²,
//	d_P = P − s,   u_P = P × s = P₁s₂ − P₂s₁,
//
// the difference form of package isoptic (A and B of the Lorentzian
// products ⟨P,s⟩ = −1 + P·s, with ⟨s,s⟩ cancelled out), continued to C²
// without conjugation. κ = 1 is the ψ system of the triangle (x, y, z) of
// the Klein disk. For another κ = λ² it is that system seen at scale λ:
// with s = λσ and P = λπ, d_P = λ·(π − σ) and u_P = λ²·(π × σ), so
//
//	ψ_PQ(λσ; λπ, 1) = λ⁴·ψ_PQ(σ; π, λ²).
//
// A triangle of Klein size λ centred at the origin is therefore solved as
// the member (q/λ, κ = λ²) with terminals and roots of size about 1, and
// its roots are λ times those of that member: tiny triangles keep their
// relative precision, and the tracker's tolerances (relative to
// max(1, ‖σ‖)) mean the same thing at every scale. Every member is two
// quartics in s; the family is polynomial in (s, p) jointly, so one
// generic member solved by total degree starts a parameter homotopy to
// any member.
type psiFamily struct{}

// psiParams is the number of parameters of psiFamily.
const psiParams = 7

func (psiFamily) NumVars() int   { return 2 }
func (psiFamily) NumParams() int { return psiParams }

// psiSide is what one terminal P = (P₁, P₂) contributes at s: d = P − s,
// u = P × s = P₁s₂ − P₂s₁, κu, B = d·d − κu², and the half-gradients of
// B, g = −½∂B/∂s and e = ½∂B/∂P.
type psiSide struct {
	d0, d1, u, ku, b complex128
	g0, g1           complex128 // ∂B/∂s = −2(g0, g1): g = (d0 − κu·P₂, d1 + κu·P₁)
	e0, e1           complex128 // ∂B/∂P = 2(e0, e1):  e = (d0 − κu·s₂, d1 + κu·s₁)
}

func (q *psiSide) set(p0, p1, s0, s1, k complex128) {
	q.d0, q.d1 = p0-s0, p1-s1
	q.u = p0*s1 - p1*s0
	q.ku = k * q.u
	q.b = q.d0*q.d0 + q.d1*q.d1 - q.ku*q.u
	q.g0, q.g1 = q.d0-q.ku*p1, q.d1+q.ku*p0
	q.e0, q.e1 = q.d0-q.ku*s1, q.d1+q.ku*s0
}

// Evaluate implements homotopy.ParameterSystem: f = F(s; p), js = ∂F/∂s
// (2×2), jp = ∂F/∂p (2×7) unless nil, all row-major. With the side terms
// of psiSide (P = (P₁, P₂) the terminal),
//
//	∂A/∂s = (κ(u_Q·P₂ + u_P·Q₂) − d_P1 − d_Q1, −κ(u_Q·P₁ + u_P·Q₁) − d_P2 − d_Q2),
//	∂A/∂P = e_Q,   ∂ψ/∂s = 2A·∂A/∂s + ½(B_Q·g_P + B_P·g_Q),
//	∂ψ/∂P = 2A·e_Q − ½B_Q·e_P,   ∂ψ/∂Q = 2A·e_P − ½B_P·e_Q,
//	∂ψ/∂κ = −2A·u_P·u_Q + ¼(B_Q·u_P² + B_P·u_Q²).
//
// It does not allocate.
func (psiFamily) Evaluate(f, js, jp, s, p []complex128) {
	var X, Y, Z psiSide
	s0, s1, k := s[0], s[1], p[6]
	X.set(p[0], p[1], s0, s1, k)
	Y.set(p[2], p[3], s0, s1, k)
	Z.set(p[4], p[5], s0, s1, k)
	if jp != nil {
		clear(jp[:2*psiParams])
	}
	psiPair(f, js, jp, 0, &X, &Y, p[0], p[1], p[2], p[3], k, 0, 2)
	psiPair(f, js, jp, 1, &Y, &Z, p[2], p[3], p[4], p[5], k, 2, 4)
}

// half multiplies by ½ exactly with two real multiplications.
func half(z complex128) complex128 { return complex(0.5*real(z), 0.5*imag(z)) }

// psiPair sets row `row` of f and js (and jp) for the pair (P, Q) and
// returns A and 2A.
func psiPair(f, js, jp []complex128, row int, P, Q *psiSide, p0, p1, q0, q1, k complex128, ip, iq int) {
	a := P.d0*Q.d0 + P.d1*Q.d1 - P.ku*Q.u
	a2 := a + a
	hbq, hbp := half(Q.b), half(P.b)
	f[row] = a*a - half(hbp*Q.b)
	// ∂A/∂s₀ = −d_P0 − d_Q0 + κ(u_Q·P₂ + u_P·Q₂), ∂A/∂s₁ = −d_P1 − d_Q1 − κ(u_Q·P₁ + u_P·Q₁).
	ga0 := Q.ku*p1 + P.ku*q1 - P.d0 - Q.d0
	ga1 := -(Q.ku*p0 + P.ku*q0 + P.d1 + Q.d1)
	js[row*2] = a2*ga0 + hbq*P.g0 + hbp*Q.g0
	js[row*2+1] = a2*ga1 + hbq*P.g1 + hbp*Q.g1
	if jp == nil {
		return
	}
	r := jp[row*psiParams : (row+1)*psiParams]
	r[ip] = a2*Q.e0 - hbq*P.e0
	r[ip+1] = a2*Q.e1 - hbq*P.e1
	r[iq] = a2*P.e0 - hbp*Q.e0
	r[iq+1] = a2*P.e1 - hbp*Q.e1
	r[6] = half(half(Q.b*P.u*P.u+P.b*Q.u*Q.u)) - a2*P.u*Q.u
}

// EvaluateDir implements homotopy.ParameterDirectional: f and js as
// Evaluate, and fp = (∂F/∂p)·dp, the derivative along the parameter
// direction dp, without forming ∂F/∂p: with d′_P = dP, u′_P = dP × s,
//
//	A′ = d′_P·d_Q + d_P·d′_Q − κ(u′_P·u_Q + u_P·u′_Q) − κ′·u_P·u_Q,
//	B′_P = 2(d_P·d′_P − κ·u_P·u′_P) − κ′·u_P²,
//	ψ′ = 2A·A′ − ¼(B′_P·B_Q + B_P·B′_Q).
//
// This is the evaluation the tracker makes at every predictor stage and
// Newton step; it computes each side's terms once and skips ∂B/∂P.
func (psiFamily) EvaluateDir(f, js, fp, s, p, dp []complex128) {
	s0, s1, k, dk := s[0], s[1], p[6], dp[6]
	hdk := half(dk)
	var sd [3]dirSide
	for i := range sd {
		q := &sd[i]
		p0, p1, dp0, dp1 := p[2*i], p[2*i+1], dp[2*i], dp[2*i+1]
		q.d0, q.d1 = p0-s0, p1-s1
		q.u = p0*s1 - p1*s0
		q.ku = k * q.u
		q.b = q.d0*q.d0 + q.d1*q.d1 - q.ku*q.u
		q.g0, q.g1 = q.d0-q.ku*p1, q.d1+q.ku*p0
		q.dp0, q.dp1 = dp0, dp1
		q.du = dp0*s1 - dp1*s0
		q.hdb = q.d0*dp0 + q.d1*dp1 - q.ku*q.du - hdk*q.u*q.u // ½B′
		q.p0, q.p1 = p0, p1
	}
	for row := range 2 {
		P, Q := &sd[row], &sd[row+1]
		a := P.d0*Q.d0 + P.d1*Q.d1 - P.ku*Q.u
		a2 := a + a
		hbq, hbp := half(Q.b), half(P.b)
		f[row] = a*a - half(hbp*Q.b)
		ga0 := Q.ku*P.p1 + P.ku*Q.p1 - P.d0 - Q.d0
		ga1 := -(Q.ku*P.p0 + P.ku*Q.p0 + P.d1 + Q.d1)
		js[row*2] = a2*ga0 + hbq*P.g0 + hbp*Q.g0
		js[row*2+1] = a2*ga1 + hbq*P.g1 + hbp*Q.g1
		da := P.dp0*Q.d0 + P.dp1*Q.d1 + P.d0*Q.dp0 + P.d1*Q.dp1 - k*(P.du*Q.u+P.u*Q.du) - dk*P.u*Q.u
		// ψ′ = 2A·A′ − ½(½B′_P·B_Q + B_P·½B′_Q).
		fp[row] = a2*da - half(P.hdb*Q.b+P.b*Q.hdb)
	}
}

// dirSide is what one terminal contributes to EvaluateDir: psiSide's
// d, u, κu, B, g, the terminal and its direction dP, u′ and ½B′.
type dirSide struct {
	d0, d1, u, ku, b, g0, g1 complex128
	p0, p1, dp0, dp1, du     complex128
	hdb                      complex128
}

// psiSystem returns the member p of the family as a polynomial system in
// s₁, s₂ with complex coefficients, for the total-degree solve of the
// start member. It is built with poly's arithmetic from the same
// formulas as Evaluate (the tests compare the two).
func psiSystem(p []complex128) (poly.System[complex128], error) {
	s0, s1 := poly.Var[complex128](2, 0), poly.Var[complex128](2, 1)
	c := func(v complex128) poly.Poly[complex128] { return poly.Const(2, v) }
	k := p[6]
	type side struct{ d0, d1, u, b poly.Poly[complex128] }
	mk := func(q0, q1 complex128) side {
		var r side
		r.d0 = c(q0).Sub(s0)
		r.d1 = c(q1).Sub(s1)
		r.u = s1.Scale(q0).Sub(s0.Scale(q1))
		r.b = r.d0.Mul(r.d0).Add(r.d1.Mul(r.d1)).Sub(r.u.Mul(r.u).Scale(k))
		return r
	}
	X, Y, Z := mk(p[0], p[1]), mk(p[2], p[3]), mk(p[4], p[5])
	psi := func(P, Q side) poly.Poly[complex128] {
		a := P.d0.Mul(Q.d0).Add(P.d1.Mul(Q.d1)).Sub(P.u.Mul(Q.u).Scale(k))
		return a.Mul(a).Sub(P.b.Mul(Q.b).Scale(0.25))
	}
	return poly.NewSystem([]string{"s1", "s2"}, psi(X, Y), psi(Y, Z))
}
