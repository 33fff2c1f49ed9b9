package isoptic

import (
	"math/big"

	"github.com/hypersteiner/hypersteiner/poly"
)

// rpoly is an exact rational polynomial.
type rpoly = poly.Poly[*big.Rat]

// symPoint is a point whose coordinates are polynomials: a constant for a
// terminal, variables for an unknown point.
type symPoint [2]rpoly

func constPoint(nvars int, p RatPoint) symPoint {
	return symPoint{poly.Const(nvars, p.X), poly.Const(nvars, p.Y)}
}

func varPoint(nvars, i int) symPoint {
	return symPoint{poly.Var[*big.Rat](nvars, i), poly.Var[*big.Rat](nvars, i+1)}
}

// lorentzSym returns ⟨u,v⟩ = −1 + u·v.
func lorentzSym(u, v symPoint) rpoly {
	n := u[0].NumVars()
	return u[0].Mul(v[0]).Add(u[1].Mul(v[1])).Sub(poly.Const(n, big.NewRat(1, 1)))
}

// abSym returns A, Bx, By of the pair (x, y) seen from s, expanded from the
// Lorentzian form, exactly as in the paper:
// A = ⟨x,s⟩⟨y,s⟩ − ⟨x,y⟩⟨s,s⟩, Bx = ⟨x,s⟩² − ⟨x,x⟩⟨s,s⟩.
func abSym(x, y, s symPoint) (a, bx, by rpoly) {
	xs, ys, xy, ss := lorentzSym(x, s), lorentzSym(y, s), lorentzSym(x, y), lorentzSym(s, s)
	xx, yy := lorentzSym(x, x), lorentzSym(y, y)
	a = xs.Mul(ys).Sub(xy.Mul(ss))
	bx = xs.Mul(xs).Sub(xx.Mul(ss))
	by = ys.Mul(ys).Sub(yy.Mul(ss))
	return a, bx, by
}

// psiSym returns A² − cos²α·Bx·By.
func psiSym(x, y, s symPoint, cos2 *big.Rat) rpoly {
	a, bx, by := abSym(x, y, s)
	return a.Mul(a).Sub(bx.Mul(by).Scale(cos2))
}

// ABPoly returns A(s) and B(s) of the pair (x, y) as exact rational
// polynomials in the two variables s₁, s₂ (indices 0 and 1): degrees 2
// and 4. It returns an *InputError for a nil coordinate.
func ABPoly(x, y RatPoint) (a, b poly.Poly[*big.Rat], err error) {
	if err := checkRatPair("ABPoly", x, y); err != nil {
		return rpoly{}, rpoly{}, err
	}
	a, bx, by := abSym(constPoint(2, x), constPoint(2, y), varPoint(2, 0))
	return a, bx.Mul(by), nil
}

// PsiPoly returns ψ_{x,y,α}(s) = A² − cos²α·B as an exact rational
// polynomial in s₁, s₂ (indices 0 and 1), for any α whose cos²α is the
// rational cos2 (1/4 for α = 2π/3, see PsiPoly120).
//
// Its total degree is exactly 4: the quartic part is
// A₂² − cos²α·Bx₂·By₂ with A₂ = (x·s)(y·s) − ⟨x,y⟩|s|² and
// Bx₂ = (x·s)² − ⟨x,x⟩|s|²; at the isotropic direction s = (1, i), where
// |s|² = 0, it equals (1 − cos²α)(x·s)²(y·s)², nonzero unless x or y is
// the origin; and if x = 0 it is |s|²((1 − cos²α(1 − |y|²))|s|² −
// cos²α(y·s)²), nonzero at s ⊥ y. It returns an *InputError for a nil
// coordinate or a cos2 outside [0, 1).
func PsiPoly(x, y RatPoint, cos2 *big.Rat) (poly.Poly[*big.Rat], error) {
	if err := checkRatPair("PsiPoly", x, y); err != nil {
		return rpoly{}, err
	}
	if cos2 == nil || cos2.Sign() < 0 || cos2.Cmp(big.NewRat(1, 1)) >= 0 {
		return rpoly{}, &InputError{Func: "PsiPoly", Arg: "cos²α", Err: ErrCos}
	}
	return psiSym(constPoint(2, x), constPoint(2, y), varPoint(2, 0), cos2), nil
}

// PsiPoly120 returns PsiPoly(x, y, 1/4), the quartic of C_{2π/3} ∪ C_{π/3}.
func PsiPoly120(x, y RatPoint) (poly.Poly[*big.Rat], error) {
	return PsiPoly(x, y, big.NewRat(1, 4))
}

func checkRatPair(fn string, x, y RatPoint) error {
	if err := x.check(fn, "x"); err != nil {
		return err
	}
	return y.check(fn, "y")
}

// ratCos2 returns cos² exactly for a float64 cosine.
func ratCos2(cos float64) *big.Rat {
	c := new(big.Rat).SetFloat64(cos)
	return c.Mul(c, c)
}

// PsiSystem returns the ψ system (ψ_xy, ψ_yz) as exact rational
// polynomials in the variables s1, s2, built from the exact terminal
// coordinates and the exact square of the float64 cos α (1/4 for Cos120).
// Bézout number 16; see Fermat3 for its spurious roots.
// The error is from poly.NewSystem and cannot occur for these fixed names.
func (f Fermat3) PsiSystem() (poly.System[*big.Rat], error) {
	x, y, z := ratPointOf(hyperbolicPoint(f.x)), ratPointOf(hyperbolicPoint(f.y)), ratPointOf(hyperbolicPoint(f.z))
	c2 := ratCos2(f.cos)
	s := varPoint(2, 0)
	return poly.NewSystem([]string{"s1", "s2"},
		psiSym(constPoint(2, x), constPoint(2, y), s, c2),
		psiSym(constPoint(2, y), constPoint(2, z), s, c2))
}

// PsiSystem returns the ψ form of the 4-terminal system as exact rational
// polynomials in a1, a2, b1, b2, in the equation order of Fermat4. Its
// degrees are (4, 6, 4, 6), Bézout number Fermat4PsiBezout = 576.
// The error is from poly.NewSystem and cannot occur for these fixed names.
func (f Fermat4) PsiSystem() (poly.System[*big.Rat], error) {
	const n = 4
	w, x := constPoint(n, ratPointOf(hyperbolicPoint(f.w))), constPoint(n, ratPointOf(hyperbolicPoint(f.x)))
	y, z := constPoint(n, ratPointOf(hyperbolicPoint(f.y))), constPoint(n, ratPointOf(hyperbolicPoint(f.z)))
	a, b := varPoint(n, 0), varPoint(n, 2)
	c2 := ratCos2(f.cos)
	return poly.NewSystem([]string{"a1", "a2", "b1", "b2"},
		psiSym(w, x, a, c2),
		psiSym(x, b, a, c2),
		psiSym(y, z, b, c2),
		psiSym(z, a, b, c2))
}
