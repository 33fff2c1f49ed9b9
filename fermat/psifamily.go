package fermat

import (
	"github.com/hypersteiner/hypersteiner/poly"
)

// psiFamily is the family of ψ systems of all triangles, as a
// homotopy.ParameterSystem: unknowns s = (s₁, s₂), parameters the six
// terminal coordinates p = (x₁, x₂, y₁, y₂, z₁, z₂), equations
//
//	F(s; p) = (ψ_xy(s), ψ_yz(s)),   ψ_PQ = A_PQ² − ¼·B_P·B_Q,
//	A_PQ = d_P·d_Q − u_P·u_Q,   B_P = d_P·d_P − u_P²,
//	d_P = P − s,   u_P = P × s = P₁s₂ − P₂s₁,
//
// the difference form of package isoptic (A and B of the Lorentzian
// products ⟨P,s⟩ = −1 + P·s, with ⟨s,s⟩ cancelled out), continued to C²
// without conjugation. Every member is two quartics in s; the family is
// polynomial in (s, p) jointly, so one generic member solved by total
// degree starts a parameter homotopy to any triangle.
type psiFamily struct{}

func (psiFamily) NumVars() int   { return 2 }
func (psiFamily) NumParams() int { return 6 }

// psiSide is what one terminal P = (P₁, P₂) contributes at s: d = P − s,
// u = P × s = P₁s₂ − P₂s₁, B = d·d − u², and the half-gradients of B,
// g = −½∂B/∂s and e = ½∂B/∂P.
type psiSide struct {
	d0, d1, u, b complex128
	g0, g1       complex128 // ∂B/∂s = −2(g0, g1): g = (d0 − u·P₂, d1 + u·P₁)
	e0, e1       complex128 // ∂B/∂P = 2(e0, e1):  e = (d0 − u·s₂, d1 + u·s₁)
}

func (q *psiSide) set(p0, p1, s0, s1 complex128) {
	q.d0, q.d1 = p0-s0, p1-s1
	q.u = p0*s1 - p1*s0
	q.b = q.d0*q.d0 + q.d1*q.d1 - q.u*q.u
	q.g0, q.g1 = q.d0-q.u*p1, q.d1+q.u*p0
	q.e0, q.e1 = q.d0-q.u*s1, q.d1+q.u*s0
}

// Evaluate implements homotopy.ParameterSystem: f = F(s; p), js = ∂F/∂s
// (2×2), jp = ∂F/∂p (2×6) unless nil, all row-major. With the side terms
// of psiSide (P = (P₁, P₂) the terminal),
//
//	∂A/∂s = (u_Q·P₂ + u_P·Q₂ − d_P1 − d_Q1, −u_Q·P₁ − u_P·Q₁ − d_P2 − d_Q2),
//	∂A/∂P = e_Q,   ∂ψ/∂s = 2A·∂A/∂s + ½(B_Q·g_P + B_P·g_Q),
//	∂ψ/∂P = 2A·e_Q − ½B_Q·e_P,   ∂ψ/∂Q = 2A·e_P − ½B_P·e_Q.
//
// It does not allocate.
func (psiFamily) Evaluate(f, js, jp, s, p []complex128) {
	var X, Y, Z psiSide
	s0, s1 := s[0], s[1]
	X.set(p[0], p[1], s0, s1)
	Y.set(p[2], p[3], s0, s1)
	Z.set(p[4], p[5], s0, s1)
	if jp != nil {
		clear(jp[:12])
	}
	psiPair(f, js, jp, 0, &X, &Y, p[0], p[1], p[2], p[3], 0, 2)
	psiPair(f, js, jp, 1, &Y, &Z, p[2], p[3], p[4], p[5], 2, 4)
}

// half multiplies by ½ exactly with two real multiplications.
func half(z complex128) complex128 { return complex(0.5*real(z), 0.5*imag(z)) }

func psiPair(f, js, jp []complex128, row int, P, Q *psiSide, p0, p1, q0, q1 complex128, ip, iq int) {
	a := P.d0*Q.d0 + P.d1*Q.d1 - P.u*Q.u
	a2 := a + a
	f[row] = a*a - half(half(P.b*Q.b))
	// ∂A/∂s₀ = −d_P0 − d_Q0 + u_Q·P₂ + u_P·Q₂, ∂A/∂s₁ = −d_P1 − d_Q1 − u_Q·P₁ − u_P·Q₁.
	ga0 := Q.u*p1 + P.u*q1 - P.d0 - Q.d0
	ga1 := -(Q.u*p0 + P.u*q0 + P.d1 + Q.d1)
	hbq, hbp := half(Q.b), half(P.b)
	js[row*2] = a2*ga0 + hbq*P.g0 + hbp*Q.g0
	js[row*2+1] = a2*ga1 + hbq*P.g1 + hbp*Q.g1
	if jp == nil {
		return
	}
	jp[row*6+ip] = a2*Q.e0 - hbq*P.e0
	jp[row*6+ip+1] = a2*Q.e1 - hbq*P.e1
	jp[row*6+iq] = a2*P.e0 - hbp*Q.e0
	jp[row*6+iq+1] = a2*P.e1 - hbp*Q.e1
}

// psiSystem returns the member p of the family as a polynomial system in
// s₁, s₂ with complex coefficients, for the total-degree solve of the
// start member. It is built with poly's arithmetic from the same
// formulas as Evaluate (the tests compare the two).
func psiSystem(p []complex128) (poly.System[complex128], error) {
	s0, s1 := poly.Var[complex128](2, 0), poly.Var[complex128](2, 1)
	c := func(v complex128) poly.Poly[complex128] { return poly.Const(2, v) }
	type side struct{ d0, d1, u, b poly.Poly[complex128] }
	mk := func(q0, q1 complex128) side {
		var r side
		r.d0 = c(q0).Sub(s0)
		r.d1 = c(q1).Sub(s1)
		r.u = s1.Scale(q0).Sub(s0.Scale(q1))
		r.b = r.d0.Mul(r.d0).Add(r.d1.Mul(r.d1)).Sub(r.u.Mul(r.u))
		return r
	}
	X, Y, Z := mk(p[0], p[1]), mk(p[2], p[3]), mk(p[4], p[5])
	psi := func(P, Q side) poly.Poly[complex128] {
		a := P.d0.Mul(Q.d0).Add(P.d1.Mul(Q.d1)).Sub(P.u.Mul(Q.u))
		return a.Mul(a).Sub(P.b.Mul(Q.b).Scale(0.25))
	}
	return poly.NewSystem([]string{"s1", "s2"}, psi(X, Y), psi(Y, Z))
}
