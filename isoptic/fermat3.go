package isoptic

import (
	"math"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// Fermat3 is the Fermat-point problem of three terminals x, y, z: the
// Steiner point s sees each pair under the angle α = 2π/3 (NewFermat3
// accepts any α), so it lies on C_α(x,y) ∩ C_α(y,z) ∩ C_α(z,x); two of the
// curves suffice. Fermat3 evaluates, allocation-free, the two systems of
// the paper (§4.2),
//
//	φ system:  F(s) = (φ_{x,y,α}(s), φ_{y,z,α}(s)),
//	ψ system:  F(s) = (ψ_{x,y,α}(s), ψ_{y,z,α}(s)),
//
// with their 2×2 Jacobians J[i][j] = ∂F_i/∂s_j; the ψ system also in
// complex arithmetic, for homotopy continuation.
//
// The φ system's zeros in the disk are exactly the Fermat point (when all
// angles of the triangle are < α). The ψ system (two quartics, Bézout
// number 16) has more: the points where the curves C_α and C_{π−α} of the
// two pairs cross in any combination, and two kinds of spurious singular
// solutions that are not Fermat points at all:
//
//   - the shared terminal y: there A_xy = A_yz = 0 and B_xy = B_yz = 0
//     (By(y) = 0), and the Jacobian vanishes (∇By = 0 at y; ψ vanishes to
//     second order);
//   - the two complex points where the absolute ⟨s,s⟩ = 0 meets the polar
//     line ⟨y,s⟩ = 0 of y: there By = ⟨y,s⟩² − ⟨y,y⟩⟨s,s⟩ = 0 and
//     A = ⟨x,s⟩⟨y,s⟩ − ⟨x,y⟩⟨s,s⟩ = 0 for both pairs, and both gradients
//     are multiples of ∇⟨s,s⟩, so the Jacobian is singular.
//
// The Fermat point itself is a nonsingular root of both systems (tested).
// Use the branch test (Curve.OnBranch, OnBranchRat) to keep a ψ root only
// if it lies on C_α for both pairs.
type Fermat3 struct {
	x, y, z   vec2[float64]
	cos, cos2 float64
}

// NewFermat3 returns the Fermat systems of terminals x, y, z for the angle
// α with cos α = cosAlpha (Cos120 for Steiner points). It returns an
// *InputError if a terminal is not a finite point of the open unit disk,
// two terminals coincide, or cosAlpha is not in (−1, 1).
func NewFermat3(x, y, z hyperbolic.Point, cosAlpha float64) (Fermat3, error) {
	const fn = "NewFermat3"
	ts := [3]hyperbolic.Point{x, y, z}
	names := [3]string{"terminal x", "terminal y", "terminal z"}
	for i, p := range ts {
		if err := checkPoint(fn, names[i], p); err != nil {
			return Fermat3{}, err
		}
	}
	for i := range ts {
		a, b := i, (i+1)%3
		a, b = min(a, b), max(a, b)
		if err := checkDistinct(fn, names[a], names[b], ts[a], ts[b]); err != nil {
			return Fermat3{}, err
		}
	}
	if err := checkCos(fn, cosAlpha); err != nil {
		return Fermat3{}, err
	}
	return Fermat3{x: pt(x), y: pt(y), z: pt(z), cos: cosAlpha, cos2: cosAlpha * cosAlpha}, nil
}

// Terminals returns x, y, z.
func (f Fermat3) Terminals() [3]hyperbolic.Point {
	return [3]hyperbolic.Point{hyperbolicPoint(f.x), hyperbolicPoint(f.y), hyperbolicPoint(f.z)}
}

// Cos returns cos α.
func (f Fermat3) Cos() float64 { return f.cos }

// Curves returns C_α(x,y) and C_α(y,z), the curves of the two equations.
func (f Fermat3) Curves() (xy, yz Curve) {
	return Curve{x: f.x, y: f.y, cos: f.cos, cos2: f.cos2}, Curve{x: f.y, y: f.z, cos: f.cos, cos2: f.cos2}
}

// Phi returns (φ_xy(s), φ_yz(s)).
func (f Fermat3) Phi(s [2]float64) [2]float64 {
	a0, bx, by := evalPairValue(f.x, f.y, s)
	a1, _, bz := evalPairValue(f.y, f.z, s)
	return [2]float64{phiValue(a0, bx, by, f.cos), phiValue(a1, by, bz, f.cos)}
}

// PhiJac returns the φ system and its Jacobian at s. At s = x, y or z one
// of the square roots is not differentiable: PhiJac then returns
// ErrNotDifferentiable, with F(s) and a zero Jacobian.
func (f Fermat3) PhiJac(s [2]float64) ([2]float64, [2][2]float64, error) {
	var t terms3
	t.eval(f.x, f.y, f.z, s)
	// √B_xy = rx·ry, ∇√B_xy = (ry/rx·∇Bx + rx/ry·∇By)/2 = (By∇Bx + Bx∇By)/(2rx·ry).
	bx, by, bz := clampB(t.bx), clampB(t.by), clampB(t.bz)
	rx, ry, rz := math.Sqrt(bx), math.Sqrt(by), math.Sqrt(bz)
	F := [2]float64{t.a0 - f.cos*(rx*ry), t.a1 - f.cos*(ry*rz)}
	if f.cos == 0 {
		return F, [2][2]float64{t.ga0, t.ga1}, nil
	}
	if bx == 0 || by == 0 || bz == 0 {
		return F, [2][2]float64{}, ErrNotDifferentiable
	}
	k0 := 0.5 * f.cos / (rx * ry)
	k1 := 0.5 * f.cos / (ry * rz)
	var J [2][2]float64
	for j := range 2 {
		J[0][j] = t.ga0[j] - k0*(by*t.gbx[j]+bx*t.gby[j])
		J[1][j] = t.ga1[j] - k1*(bz*t.gby[j]+by*t.gbz[j])
	}
	return F, J, nil
}

// Psi returns (ψ_xy(s), ψ_yz(s)).
func (f Fermat3) Psi(s [2]float64) [2]float64 {
	a0, bx, by := evalPairValue(f.x, f.y, s)
	a1, _, bz := evalPairValue(f.y, f.z, s)
	return [2]float64{a0*a0 - f.cos2*bx*by, a1*a1 - f.cos2*by*bz}
}

// PsiJac returns the ψ system and its Jacobian at s.
func (f Fermat3) PsiJac(s [2]float64) ([2]float64, [2][2]float64) {
	var t terms3
	t.eval(f.x, f.y, f.z, s)
	c2 := f.cos2
	cbx, cby, cbz := c2*t.bx, c2*t.by, c2*t.bz
	ta0, ta1 := 2*t.a0, 2*t.a1
	var J [2][2]float64
	for j := range 2 {
		J[0][j] = ta0*t.ga0[j] - cby*t.gbx[j] - cbx*t.gby[j]
		J[1][j] = ta1*t.ga1[j] - cbz*t.gby[j] - cby*t.gbz[j]
	}
	return [2]float64{t.a0*t.a0 - cbx*t.by, t.a1*t.a1 - cby*t.bz}, J
}

// terms3 are the quantities of the pairs (x,y) and (y,z) seen from s:
// A_xy, A_yz, Bx, By, Bz and their gradients in s (By is shared by the
// two pairs and computed once). See evalPairS for the formulas.
type terms3 struct {
	a0, a1, bx, by, bz      float64
	ga0, ga1, gbx, gby, gbz [2]float64
}

func (t *terms3) eval(x, y, z, s vec2[float64]) {
	dx0, dx1 := x[0]-s[0], x[1]-s[1]
	dy0, dy1 := y[0]-s[0], y[1]-s[1]
	dz0, dz1 := z[0]-s[0], z[1]-s[1]
	ux := dx0*x[1] - dx1*x[0]
	uy := dy0*y[1] - dy1*y[0]
	uz := dz0*z[1] - dz1*z[0]
	t.bx = dx0*dx0 + dx1*dx1 - ux*ux
	t.by = dy0*dy0 + dy1*dy1 - uy*uy
	t.bz = dz0*dz0 + dz1*dz1 - uz*uz
	t.gbx = [2]float64{-2 * (dx0 - ux*x[1]), -2 * (dx1 + ux*x[0])}
	t.gby = [2]float64{-2 * (dy0 - uy*y[1]), -2 * (dy1 + uy*y[0])}
	t.gbz = [2]float64{-2 * (dz0 - uz*z[1]), -2 * (dz1 + uz*z[0])}
	t.a0 = dx0*dy0 + dx1*dy1 - ux*uy
	t.a1 = dy0*dz0 + dy1*dz1 - uy*uz
	t.ga0 = [2]float64{-dx0 - dy0 + uy*x[1] + ux*y[1], -dx1 - dy1 - uy*x[0] - ux*y[0]}
	t.ga1 = [2]float64{-dy0 - dz0 + uz*y[1] + uy*z[1], -dy1 - dz1 - uz*y[0] - uy*z[0]}
}

// PsiJacComplex returns the ψ system and its Jacobian at a complex point s
// (the polynomials continued to C², no conjugation). The terminals are
// real, so every product with a terminal coordinate is a complex-by-real
// product (two real multiplications), squares take three, and the factors
// −2 of ∇B and 2 of ∇(A²) are pulled out: with h = −∇B/2,
//
//	J₀ⱼ = 2(A_xy·∂ⱼA_xy + c²By·h_xⱼ + c²Bx·h_yⱼ),  likewise J₁ⱼ.
func (f Fermat3) PsiJacComplex(s [2]complex128) ([2]complex128, [2][2]complex128) {
	x, y, z := f.x, f.y, f.z
	dx0, dx1 := complex(x[0], 0)-s[0], complex(x[1], 0)-s[1]
	dy0, dy1 := complex(y[0], 0)-s[0], complex(y[1], 0)-s[1]
	dz0, dz1 := complex(z[0], 0)-s[0], complex(z[1], 0)-s[1]
	ux := rmul(dx0, x[1]) - rmul(dx1, x[0])
	uy := rmul(dy0, y[1]) - rmul(dy1, y[0])
	uz := rmul(dz0, z[1]) - rmul(dz1, z[0])
	bx := csq(dx0) + csq(dx1) - csq(ux)
	by := csq(dy0) + csq(dy1) - csq(uy)
	bz := csq(dz0) + csq(dz1) - csq(uz)
	hx0, hx1 := dx0-rmul(ux, x[1]), dx1+rmul(ux, x[0])
	hy0, hy1 := dy0-rmul(uy, y[1]), dy1+rmul(uy, y[0])
	hz0, hz1 := dz0-rmul(uz, z[1]), dz1+rmul(uz, z[0])
	a0 := dx0*dy0 + dx1*dy1 - ux*uy
	a1 := dy0*dz0 + dy1*dz1 - uy*uz
	ga00 := -dx0 - dy0 + rmul(uy, x[1]) + rmul(ux, y[1])
	ga01 := -dx1 - dy1 - rmul(uy, x[0]) - rmul(ux, y[0])
	ga10 := -dy0 - dz0 + rmul(uz, y[1]) + rmul(uy, z[1])
	ga11 := -dy1 - dz1 - rmul(uz, y[0]) - rmul(uy, z[0])
	c2 := f.cos2
	cbx, cby, cbz := rmul(bx, c2), rmul(by, c2), rmul(bz, c2)
	j00 := a0*ga00 + cby*hx0 + cbx*hy0
	j01 := a0*ga01 + cby*hx1 + cbx*hy1
	j10 := a1*ga10 + cbz*hy0 + cby*hz0
	j11 := a1*ga11 + cbz*hy1 + cby*hz1
	return [2]complex128{csq(a0) - cbx*by, csq(a1) - cby*bz}, [2][2]complex128{
		{j00 + j00, j01 + j01},
		{j10 + j10, j11 + j11},
	}
}

// rmul returns z·r for real r in two real multiplications.
func rmul(z complex128, r float64) complex128 { return complex(real(z)*r, imag(z)*r) }

// csq returns z² in three real multiplications.
func csq(z complex128) complex128 {
	re, im := real(z), imag(z)
	return complex(re*re-im*im, 2*re*im)
}

// phiValue returns A − cos α·√Bx·√By (Bx, By clamped at 0, see clampB).
func phiValue(a, bx, by, cos float64) float64 {
	return a - cos*(math.Sqrt(clampB(bx))*math.Sqrt(clampB(by)))
}
