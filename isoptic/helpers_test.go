package isoptic

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/numtest"
	"pgregory.net/rapid"
)

// prec is the working precision of the big.Float references.
const prec = 200

func bf(v float64) *big.Float { return new(big.Float).SetPrec(prec).SetFloat64(v) }

func f64(x *big.Float) float64 { v, _ := x.Float64(); return v }

func bpt(p hyperbolic.Point) BigPoint { return BigPoint{X: bf(p.X), Y: bf(p.Y)} }

func bvec(x, y *big.Float) BigPoint { return BigPoint{X: x, Y: y} }

// randDisk draws a point uniformly from the disk of radius r.
func randDisk(rng *rand.Rand, r float64) hyperbolic.Point {
	for {
		x, y := (2*rng.Float64()-1)*r, (2*rng.Float64()-1)*r
		if x*x+y*y < r*r {
			return hyperbolic.Point{X: x, Y: y}
		}
	}
}

// rapidDisk draws a point of the disk of radius r.
func rapidDisk(t *rapid.T, label string, r float64) hyperbolic.Point {
	ang := rapid.Float64Range(0, 2*math.Pi).Draw(t, label+"θ")
	rad := rapid.Float64Range(0, r).Draw(t, label+"ρ")
	return hyperbolic.Point{X: rad * math.Cos(ang), Y: rad * math.Sin(ang)}
}

// lorentzAB is an independent exact evaluation of A, Bx, By straight from
// the Lorentzian definitions (the paper's form), for checking the
// difference form used by the package.
func lorentzAB(x, y, s RatPoint) (a, bx, by *big.Rat) {
	xs, ys, xy, ss := LorentzRat(x, s), LorentzRat(y, s), LorentzRat(x, y), LorentzRat(s, s)
	xx, yy := LorentzRat(x, x), LorentzRat(y, y)
	mul := func(p, q *big.Rat) *big.Rat { return new(big.Rat).Mul(p, q) }
	sub := func(p, q *big.Rat) *big.Rat { return new(big.Rat).Sub(p, q) }
	return sub(mul(xs, ys), mul(xy, ss)), sub(mul(xs, xs), mul(xx, ss)), sub(mul(ys, ys), mul(yy, ss))
}

// angleCmpLorentz compares the angle at s with 2π/3 from lorentzAB.
func angleCmpLorentz(x, y, s RatPoint) int {
	a, bx, by := lorentzAB(x, y, s)
	if a.Sign() >= 0 {
		return -1
	}
	l := new(big.Rat).Mul(a, a)
	l.Mul(l, big.NewRat(4, 1))
	return l.Cmp(new(big.Rat).Mul(bx, by))
}

// boostBig is the Klein isometry T_s that moves the origin to s:
// T_s(k) = (ρk + (s·k)s/(1+ρ) + s)/(1 + s·k), ρ = √(1 − |s|²) — the
// Lorentz boost with velocity s, written projectively.
func boostBig(s, k BigPoint) BigPoint {
	K := bigArith{prec}
	ss := K.dot2(s.X, s.X, s.Y, s.Y)
	rho := K.new().Sqrt(K.sub(bf(1), ss))
	sk := K.dot2(s.X, k.X, s.Y, k.Y)
	c := K.new().Quo(sk, K.add(bf(1), rho))
	den := K.add(bf(1), sk)
	comp := func(kc, sc *big.Float) *big.Float {
		num := K.add(K.add(K.mul(rho, kc), K.mul(c, sc)), sc)
		return K.new().Quo(num, den)
	}
	return BigPoint{X: comp(k.X, s.X), Y: comp(k.Y, s.Y)}
}

// polar returns r·(cos θ, sin θ) at precision prec (θ in float64, then
// exact from there on: the angle itself is the float64 θ's cos and sin to
// 200 bits via a Taylor series).
func polar(r float64, theta float64) BigPoint {
	c, s := bigCosSin(theta)
	K := bigArith{prec}
	return BigPoint{X: K.mul(bf(r), c), Y: K.mul(bf(r), s)}
}

// bigCosSin returns cos θ and sin θ to prec bits.
func bigCosSin(theta float64) (*big.Float, *big.Float) {
	return numtest.CosSin(new(big.Float).SetFloat64(theta), prec)
}

// seeAt builds terminals x, y that an exactly known point s sees under the
// angle between directions θx and θy (at 200 bits): x, y are placed at
// Klein radii rx, ry from the origin in those directions, then moved by
// T_s. T_s is an isometry mapping 0 to s, so the angle
// at s equals the Euclidean angle θy − θx at the origin.
func seeAt(s BigPoint, thx, rx, thy, ry float64) (x, y BigPoint) {
	return boostBig(s, polar(rx, thx)), boostBig(s, polar(ry, thy))
}

func roundPoint(p BigPoint) hyperbolic.Point { return hyperbolic.Point{X: f64(p.X), Y: f64(p.Y)} }

// bigAbs returns |x| as float64.
func bigAbs(x *big.Float) float64 { return math.Abs(f64(x)) }

func noErr(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
