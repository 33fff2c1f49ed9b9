package isoptic

import (
	"fmt"
	"math"
	"math/big"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// RatPoint is a point of the plane with exact rational coordinates.
type RatPoint struct{ X, Y *big.Rat }

// NewRatPoint returns p exactly: a float64 is the dyadic rational it is.
// It returns an *InputError wrapping hyperbolic.ErrNotFinite for a NaN or
// infinite coordinate (any finite point is accepted, inside the disk or
// not).
func NewRatPoint(p hyperbolic.Point) (RatPoint, error) {
	if !finite(p.X) || !finite(p.Y) {
		return RatPoint{}, &InputError{Func: "NewRatPoint", Arg: fmt.Sprintf("(%v, %v)", p.X, p.Y), Err: hyperbolic.ErrNotFinite}
	}
	return ratPointOf(p), nil
}

// ratPointOf is NewRatPoint for a point known to be finite.
func ratPointOf(p hyperbolic.Point) RatPoint {
	x, y := new(big.Rat), new(big.Rat)
	x.SetFloat64(p.X)
	y.SetFloat64(p.Y)
	return RatPoint{X: x, Y: y}
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

func (p RatPoint) check(fn, arg string) error {
	if p.X == nil || p.Y == nil {
		return &InputError{Func: fn, Arg: arg, Err: ErrNilValue}
	}
	return nil
}

// LorentzRat returns the Lorentzian product ⟨u,v⟩ = −1 + u·v exactly.
func LorentzRat(u, v RatPoint) *big.Rat {
	var t big.Rat
	r := new(big.Rat).Mul(u.X, v.X)
	r.Add(r, t.Mul(u.Y, v.Y))
	return r.Sub(r, big.NewRat(1, 1))
}

// RatTerms are A, Bx, By of the pair (x, y) seen from s, exactly (see
// Curve for the definitions; B = Bx·By).
type RatTerms struct{ A, Bx, By *big.Rat }

// NewRatTerms evaluates A, Bx, By exactly, in the difference form
// A = dx·dy − ux·uy, Bx = |dx|² − ux², dx = x − s, ux = dx×x. It returns
// an *InputError for a nil coordinate.
func NewRatTerms(x, y, s RatPoint) (RatTerms, error) {
	const fn = "NewRatTerms"
	if err := x.check(fn, "x"); err != nil {
		return RatTerms{}, err
	}
	if err := y.check(fn, "y"); err != nil {
		return RatTerms{}, err
	}
	if err := s.check(fn, "s"); err != nil {
		return RatTerms{}, err
	}
	return ratTerms(x, y, s), nil
}

func ratTerms(x, y, s RatPoint) RatTerms {
	var dx0, dx1, dy0, dy1, ux, uy, t big.Rat
	dx0.Sub(x.X, s.X)
	dx1.Sub(x.Y, s.Y)
	dy0.Sub(y.X, s.X)
	dy1.Sub(y.Y, s.Y)
	ux.Mul(&dx0, x.Y)
	ux.Sub(&ux, t.Mul(&dx1, x.X))
	uy.Mul(&dy0, y.Y)
	uy.Sub(&uy, t.Mul(&dy1, y.X))
	sq := func(a, b, u *big.Rat) *big.Rat { // a² + b² − u²
		r := new(big.Rat).Mul(a, a)
		r.Add(r, t.Mul(b, b))
		return r.Sub(r, t.Mul(u, u))
	}
	a := new(big.Rat).Mul(&dx0, &dy0)
	a.Add(a, t.Mul(&dx1, &dy1))
	a.Sub(a, t.Mul(&ux, &uy))
	return RatTerms{A: a, Bx: sq(&dx0, &dx1, &ux), By: sq(&dy0, &dy1, &uy)}
}

// B returns Bx·By.
func (t RatTerms) B() *big.Rat { return new(big.Rat).Mul(t.Bx, t.By) }

// Psi returns ψ = A² − cos²α·B.
func (t RatTerms) Psi(cos2 *big.Rat) *big.Rat {
	r := new(big.Rat).Mul(t.A, t.A)
	b := t.B()
	return r.Sub(r, b.Mul(b, cos2))
}

// AngleCmp120 compares the angle θ at s with 2π/3 exactly: it returns −1
// if θ < 2π/3, 0 if θ = 2π/3, +1 if θ > 2π/3. With cos θ = A/√B:
// θ < 2π/3 ⟺ A ≥ 0 or 4A² < B. It needs B > 0 (s ≠ x, y).
func (t RatTerms) AngleCmp120() int {
	if t.A.Sign() >= 0 {
		return -1
	}
	four := new(big.Rat).Mul(t.A, t.A)
	four.Mul(four, big.NewRat(4, 1))
	// A < 0 here: θ > π/2, and θ vs 2π/3 is 4A² vs B.
	return four.Cmp(t.B())
}

// OnBranchRat is the exact branch test: a zero s of ψ = A² − cos²α·B lies
// on C_α (and not only on C_{π−α}) iff A(s) = 0 or A(s) has the sign of
// cos α, because there A = ±cos α·√B and φ_α = A − cos α·√B. cosSign is
// the sign of cos α (−1, 0, +1); with cos α = 0 the two curves coincide
// and every zero qualifies. Off the curve it reports the same sign
// condition, which is what a Newton iterate near a zero needs. It returns
// an *InputError for a nil coordinate.
func OnBranchRat(x, y, s RatPoint, cosSign int) (bool, error) {
	t, err := NewRatTerms(x, y, s)
	if err != nil {
		return false, err
	}
	return branchOK(t.A.Sign(), cosSign), nil
}

func branchOK(signA, cosSign int) bool {
	return signA == 0 || cosSign == 0 || signA == sign(cosSign)
}

// sign returns −1, 0 or 1 as v is negative, zero or positive (0 for NaN).
func sign[T int | float64](v T) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}
