package isoptic

import (
	"fmt"
	"math"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// Cos120 is cos(2π/3) = −1/2, exactly: the angle at a Steiner point.
const Cos120 = -0.5

// Curve is the isoptic curve C_α(x, y): the points s of the Klein disk that
// see the terminals x and y under the angle α. It evaluates, in float64,
//
//	A(s) = ⟨x,s⟩⟨y,s⟩ − ⟨x,y⟩⟨s,s⟩,
//	B(s) = (⟨x,s⟩² − ⟨x,x⟩⟨s,s⟩)(⟨y,s⟩² − ⟨y,y⟩⟨s,s⟩) = Bx(s)·By(s),
//	φ(s) = A − cos α·√B,   ψ(s) = A² − cos²α·B,
//
// and their gradients in s. The cosine of the angle at s is A/√B, so
// C_α = {φ = 0} and {ψ = 0} = C_α ∪ C_{π−α}.
//
// A and B are polynomials in s of degree 2 and 4, defined on all of R² (and
// C²); Bx, By ≥ 0 on R² with equality only at s = x, resp. s = y, so φ is
// defined on R² too. The evaluators accept any s, as a solver's iterates
// may leave the disk. They do not allocate.
//
// A Curve is a small value; copy it freely.
type Curve struct {
	x, y      vec2[float64]
	cos, cos2 float64
}

// NewCurve returns C_α(x, y) for the angle α with cos α = cosAlpha. Use
// Cos120 for the Steiner angle 2π/3. It returns an *InputError if x or y
// is not a finite point of the open unit disk, if x = y, or if cosAlpha is
// not in (−1, 1).
func NewCurve(x, y hyperbolic.Point, cosAlpha float64) (Curve, error) {
	const fn = "NewCurve"
	if err := checkPoint(fn, "terminal x", x); err != nil {
		return Curve{}, err
	}
	if err := checkPoint(fn, "terminal y", y); err != nil {
		return Curve{}, err
	}
	if err := checkDistinct(fn, "terminal x", "terminal y", x, y); err != nil {
		return Curve{}, err
	}
	if err := checkCos(fn, cosAlpha); err != nil {
		return Curve{}, err
	}
	return Curve{x: pt(x), y: pt(y), cos: cosAlpha, cos2: cosAlpha * cosAlpha}, nil
}

// pt converts a point to the kernels' vector type.
func pt(p hyperbolic.Point) vec2[float64] { return vec2[float64]{p.X, p.Y} }

// X returns the terminal x.
func (c Curve) X() hyperbolic.Point { return hyperbolic.Point{X: c.x[0], Y: c.x[1]} }

// Y returns the terminal y.
func (c Curve) Y() hyperbolic.Point { return hyperbolic.Point{X: c.y[0], Y: c.y[1]} }

// Cos returns cos α.
func (c Curve) Cos() float64 { return c.cos }

// A returns A(s).
func (c Curve) A(s hyperbolic.Point) float64 {
	a, _, _ := evalPairValue(c.x, c.y, pt(s))
	return a
}

// AGrad returns A(s) and its gradient.
func (c Curve) AGrad(s hyperbolic.Point) (float64, [2]float64) {
	var t sTerms[float64]
	evalPairS(&t, c.x, c.y, pt(s))
	return t.a, t.ga
}

// B returns B(s) = Bx(s)·By(s).
func (c Curve) B(s hyperbolic.Point) float64 {
	_, bx, by := evalPairValue(c.x, c.y, pt(s))
	return clampB(bx) * clampB(by)
}

// BGrad returns B(s) and its gradient.
func (c Curve) BGrad(s hyperbolic.Point) (float64, [2]float64) {
	var t sTerms[float64]
	evalPairS(&t, c.x, c.y, pt(s))
	bx, by := clampB(t.bx), clampB(t.by)
	return bx * by, [2]float64{by*t.gbx[0] + bx*t.gby[0], by*t.gbx[1] + bx*t.gby[1]}
}

// clampB returns max(b, 0). The exact Bx is ≥ |x−s|²(1 − |x|²) ≥ 0 on all
// of R²; a computed negative value can only be rounding error (terminal
// within ~1e−16 of the boundary), and 0 is then closer to the truth.
func clampB(b float64) float64 { return max(b, 0) }

// CosAngle returns A(s)/√B(s), the cosine of the angle at s between the
// geodesics to x and y (meaningful for s in the disk). At s = x or s = y
// the angle is undefined and CosAngle returns ErrCoincident.
func (c Curve) CosAngle(s hyperbolic.Point) (float64, error) {
	a, bx, by := evalPairValue(c.x, c.y, pt(s))
	bx, by = clampB(bx), clampB(by)
	if bx == 0 || by == 0 {
		return 0, ErrCoincident
	}
	// √Bx·√By rather than √(Bx·By): no underflow for s very near a terminal.
	return a / (math.Sqrt(bx) * math.Sqrt(by)), nil
}

// Phi returns φ(s) = A(s) − cos α·√B(s).
func (c Curve) Phi(s hyperbolic.Point) float64 {
	a, bx, by := evalPairValue(c.x, c.y, pt(s))
	return phiValue(a, bx, by, c.cos)
}

// PhiGrad returns φ(s) and its gradient. Where B(s) = 0 (s is a terminal)
// √B has no derivative and PhiGrad returns ErrNotDifferentiable with the
// value φ(s) = A(s) and a zero gradient — unless cos α = 0, where φ = A.
func (c Curve) PhiGrad(s hyperbolic.Point) (float64, [2]float64, error) {
	var t sTerms[float64]
	evalPairS(&t, c.x, c.y, pt(s))
	return phiFromTerms(t.a, t.bx, t.by, t.ga, t.gbx, t.gby, c.cos)
}

// phiFromTerms assembles φ and ∇φ from A, Bx, By and their gradients:
// ∇√B = (By∇Bx + Bx∇By)/(2√Bx√By), one division.
func phiFromTerms(a, bx, by float64, ga, gbx, gby vec2[float64], cos float64) (float64, [2]float64, error) {
	bx, by = clampB(bx), clampB(by)
	r := math.Sqrt(bx) * math.Sqrt(by)
	phi := a - cos*r
	if cos == 0 {
		return phi, ga, nil
	}
	if bx == 0 || by == 0 {
		return phi, [2]float64{}, ErrNotDifferentiable
	}
	k := 0.5 * cos / r
	return phi, [2]float64{ga[0] - k*(by*gbx[0]+bx*gby[0]), ga[1] - k*(by*gbx[1]+bx*gby[1])}, nil
}

// Psi returns ψ(s) = A(s)² − cos²α·B(s).
func (c Curve) Psi(s hyperbolic.Point) float64 {
	a, bx, by := evalPairValue(c.x, c.y, pt(s))
	return a*a - c.cos2*bx*by
}

// PsiGrad returns ψ(s) and its gradient 2A∇A − cos²α(By∇Bx + Bx∇By).
func (c Curve) PsiGrad(s hyperbolic.Point) (float64, [2]float64) {
	var t sTerms[float64]
	evalPairS(&t, c.x, c.y, pt(s))
	return psiFromTerms(&t, c.cos2)
}

// PsiGradComplex returns ψ(s) and its gradient at a complex point s, the
// polynomial ψ continued to C² (no conjugation anywhere).
func (c Curve) PsiGradComplex(s [2]complex128) (complex128, [2]complex128) {
	var t sTerms[complex128]
	evalPairS(&t, cvec(c.x), cvec(c.y), s)
	return psiFromTerms(&t, complex(c.cos2, 0))
}

// cvec embeds a real vector in C².
func cvec(v vec2[float64]) vec2[complex128] {
	return vec2[complex128]{complex(v[0], 0), complex(v[1], 0)}
}

// psiFromTerms assembles ψ and ∇ψ from an sTerms.
func psiFromTerms[T scalar](t *sTerms[T], c2 T) (T, [2]T) {
	ta, cbx, cby := 2*t.a, c2*t.bx, c2*t.by
	return t.a*t.a - cbx*t.by, [2]T{
		ta*t.ga[0] - cby*t.gbx[0] - cbx*t.gby[0],
		ta*t.ga[1] - cby*t.gbx[1] - cbx*t.gby[1],
	}
}

// hyperbolicPoint converts a kernel vector back to a point.
func hyperbolicPoint(v vec2[float64]) hyperbolic.Point { return hyperbolic.Point{X: v[0], Y: v[1]} }

// OnBranch is the branch test at s, decided exactly for the float64 inputs
// taken as exact rationals (a float filter with a rigorous error bound,
// then big.Rat when the filter cannot decide): it reports whether A(s) = 0
// or A(s) has the sign of cos α. At a zero of ψ this says that s lies on
// C_α and not only on C_{π−α}; see OnBranchRat. It returns an *InputError
// if s is not finite.
func (c Curve) OnBranch(s hyperbolic.Point) (bool, error) {
	if !finite(s.X) || !finite(s.Y) {
		return false, &InputError{Func: "Curve.OnBranch", Arg: fmt.Sprintf("s (%v, %v)", s.X, s.Y), Err: hyperbolic.ErrNotFinite}
	}
	sa, _ := signA(c.x, c.y, pt(s))
	return branchOK(sa, sign(c.cos)), nil
}
