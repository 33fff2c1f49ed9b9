package isoptic

import (
	"fmt"
	"math/big"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// BigPoint is a point of the plane with *big.Float coordinates.
type BigPoint struct{ X, Y *big.Float }

// NewBigPoint returns p exactly (precision 53, the float64 value itself).
func NewBigPoint(p hyperbolic.Point) BigPoint {
	return BigPoint{X: big.NewFloat(p.X), Y: big.NewFloat(p.Y)}
}

func (p BigPoint) check(fn, arg string) error {
	if p.X == nil || p.Y == nil {
		return &InputError{Func: fn, Arg: arg, Err: ErrNilValue}
	}
	return nil
}

// BigTerms are A, Bx, By of the pair (x, y) seen from s, and their
// gradients in s, computed in big.Float arithmetic: every operation rounds
// to nearest even at precision Prec. They are the inputs of φ and ψ; see
// Curve for the definitions. (B = Bx·By.)
type BigTerms struct {
	Prec                  uint
	A, Bx, By             *big.Float
	GradA, GradBx, GradBy [2]*big.Float
}

// bigArith makes fresh *big.Float results at one precision, rounding to
// nearest even.
type bigArith struct{ prec uint }

func (k bigArith) new() *big.Float { return new(big.Float).SetPrec(k.prec) }
func (k bigArith) add(a, b *big.Float) *big.Float {
	return k.new().Add(a, b)
}
func (k bigArith) sub(a, b *big.Float) *big.Float {
	return k.new().Sub(a, b)
}
func (k bigArith) mul(a, b *big.Float) *big.Float {
	return k.new().Mul(a, b)
}

// dot2 returns a·b + c·d.
func (k bigArith) dot2(a, b, c, d *big.Float) *big.Float {
	return k.add(k.mul(a, b), k.mul(c, d))
}

// NewBigTerms evaluates A, Bx, By and their gradients in s at precision
// prec (prec > 0), in the same difference form as the float64 kernel:
// with dx = x − s, ux = dx×x,
//
//	A = dx·dy − ux·uy,  Bx = |dx|² − ux²,
//	∇A = −dx − dy + uy(x₂, −x₁) + ux(y₂, −y₁),  ∇Bx = −2dx + 2ux(x₂, −x₁).
//
// It returns an *InputError for a nil coordinate or prec = 0.
func NewBigTerms(x, y, s BigPoint, prec uint) (*BigTerms, error) {
	const fn = "NewBigTerms"
	for _, c := range []struct {
		p   BigPoint
		arg string
	}{{x, "x"}, {y, "y"}, {s, "s"}} {
		if err := c.p.check(fn, c.arg); err != nil {
			return nil, err
		}
	}
	if prec == 0 {
		return nil, &InputError{Func: fn, Arg: "prec", Err: fmt.Errorf("precision must be positive")}
	}
	k := bigArith{prec}
	dx0, dx1 := k.sub(x.X, s.X), k.sub(x.Y, s.Y)
	dy0, dy1 := k.sub(y.X, s.X), k.sub(y.Y, s.Y)
	ux := k.sub(k.mul(dx0, x.Y), k.mul(dx1, x.X))
	uy := k.sub(k.mul(dy0, y.Y), k.mul(dy1, y.X))
	t := &BigTerms{Prec: prec}
	t.A = k.sub(k.dot2(dx0, dy0, dx1, dy1), k.mul(ux, uy))
	t.Bx = k.sub(k.dot2(dx0, dx0, dx1, dx1), k.mul(ux, ux))
	t.By = k.sub(k.dot2(dy0, dy0, dy1, dy1), k.mul(uy, uy))

	two := big.NewFloat(2)
	t.GradA[0] = k.sub(k.add(k.mul(uy, x.Y), k.mul(ux, y.Y)), k.add(dx0, dy0))
	t.GradA[1] = k.new().Neg(k.add(k.add(dx1, dy1), k.add(k.mul(uy, x.X), k.mul(ux, y.X))))
	t.GradBx[0] = k.mul(two, k.sub(k.mul(ux, x.Y), dx0))
	t.GradBx[1] = k.new().Neg(k.mul(two, k.add(dx1, k.mul(ux, x.X))))
	t.GradBy[0] = k.mul(two, k.sub(k.mul(uy, y.Y), dy0))
	t.GradBy[1] = k.new().Neg(k.mul(two, k.add(dy1, k.mul(uy, y.X))))
	return t, nil
}

// B returns Bx·By.
func (t *BigTerms) B() *big.Float { return bigArith{t.Prec}.mul(t.Bx, t.By) }

// GradB returns ∇B = By∇Bx + Bx∇By.
func (t *BigTerms) GradB() [2]*big.Float {
	k := bigArith{t.Prec}
	return [2]*big.Float{
		k.dot2(t.By, t.GradBx[0], t.Bx, t.GradBy[0]),
		k.dot2(t.By, t.GradBx[1], t.Bx, t.GradBy[1]),
	}
}

// Psi returns ψ = A² − cos²α·B and its gradient 2A∇A − cos²α∇B.
func (t *BigTerms) Psi(cos2 *big.Float) (*big.Float, [2]*big.Float) {
	k := bigArith{t.Prec}
	psi := k.sub(k.mul(t.A, t.A), k.mul(cos2, t.B()))
	gb := t.GradB()
	twoA := k.mul(big.NewFloat(2), t.A)
	var g [2]*big.Float
	for i := range g {
		g[i] = k.sub(k.mul(twoA, t.GradA[i]), k.mul(cos2, gb[i]))
	}
	return psi, g
}

// Phi returns φ = A − cos α·√B and its gradient
// ∇A − cos α·(√(By/Bx)∇Bx + √(Bx/By)∇By)/2. Bx and By are ≥ 0 on all of
// R² when the terminals are in the disk, so a negative value can only be
// rounding error; it is treated as 0. Where Bx or By
// is 0 the gradient does not exist: Phi returns φ, a nil gradient and
// ErrNotDifferentiable (unless cos α = 0, where φ = A).
func (t *BigTerms) Phi(cos *big.Float) (*big.Float, [2]*big.Float, error) {
	k := bigArith{t.Prec}
	bx, by := t.Bx, t.By
	if bx.Sign() < 0 {
		bx = k.new()
	}
	if by.Sign() < 0 {
		by = k.new()
	}
	rx, ry := k.new().Sqrt(bx), k.new().Sqrt(by)
	phi := k.sub(t.A, k.mul(cos, k.mul(rx, ry)))
	if cos.Sign() == 0 {
		return phi, [2]*big.Float{k.new().Set(t.GradA[0]), k.new().Set(t.GradA[1])}, nil
	}
	if bx.Sign() == 0 || by.Sign() == 0 {
		return phi, [2]*big.Float{}, ErrNotDifferentiable
	}
	half := big.NewFloat(0.5)
	px := k.mul(k.mul(half, cos), k.new().Quo(ry, rx))
	py := k.mul(k.mul(half, cos), k.new().Quo(rx, ry))
	var g [2]*big.Float
	for i := range g {
		g[i] = k.sub(t.GradA[i], k.dot2(px, t.GradBx[i], py, t.GradBy[i]))
	}
	return phi, g, nil
}
