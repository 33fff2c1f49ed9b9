package hyperbolic

import (
	"math"
	"math/big"
	"testing"

	"github.com/ALTree/bigfloat"
)

// A 256-bit reference for distances, angles and areas, computed from the
// exact float64 inputs with formulas independent of the package's:
//
//   - sinh² d and the squared cosine/sine of an angle are exact rationals
//     (big.Rat) built from the textbook Lorentzian expressions
//     cosh d = (1 − p·q)/√((1−|p|²)(1−|q|²)) and cos θ = A/√B (the
//     project's isoptic A, B), so no cancellation can hurt them;
//   - only square roots, asinh and atan are then evaluated, in 256-bit
//     big.Float (asinh by a series for small arguments and by
//     bigfloat.Log otherwise; atan by angle halving and a series).
//
// The reference's own relative error is far below 1e-60, so it is exact
// for the purpose of measuring float64 errors near 1e-16.

const refPrec = 256

func ratOf(x float64) *big.Rat { return new(big.Rat).SetFloat64(x) }

func bf(x float64) *big.Float { return new(big.Float).SetPrec(refPrec).SetFloat64(x) }

func bfRat(r *big.Rat) *big.Float { return new(big.Float).SetPrec(refPrec).SetRat(r) }

func bfSqrt(x *big.Float) *big.Float { return new(big.Float).SetPrec(refPrec).Sqrt(x) }

// lorentzRat is ⟨u,v⟩ = −1 + u·v, exactly.
func lorentzRat(u, v Point) *big.Rat {
	r := new(big.Rat).Mul(ratOf(u.X), ratOf(v.X))
	r.Add(r, new(big.Rat).Mul(ratOf(u.Y), ratOf(v.Y)))
	return r.Sub(r, big.NewRat(1, 1))
}

// refSinhSq returns sinh² d(p,q) = ⟨p,q⟩²/(⟨p,p⟩⟨q,q⟩) − 1, exactly.
func refSinhSq(p, q Point) *big.Rat {
	pq := lorentzRat(p, q)
	den := new(big.Rat).Mul(lorentzRat(p, p), lorentzRat(q, q))
	r := new(big.Rat).Mul(pq, pq)
	r.Quo(r, den)
	return r.Sub(r, big.NewRat(1, 1))
}

// refAsinh returns asinh(y) for y ≥ 0: asinh y = 2·atanh(z) with
// z = y/(1+√(1+y²)) ≤ √2−1 for y ≤ 1 (series), log(y + √(1+y²)) otherwise.
func refAsinh(y *big.Float) *big.Float {
	one := bf(1)
	if y.Cmp(one) > 0 {
		s := new(big.Float).SetPrec(refPrec).Mul(y, y)
		s.Add(s, one)
		s = bfSqrt(s)
		s.Add(s, y)
		return bigfloat.Log(s)
	}
	s := new(big.Float).SetPrec(refPrec).Mul(y, y)
	s.Add(s, one)
	s = bfSqrt(s)
	s.Add(s, one)
	z := new(big.Float).SetPrec(refPrec).Quo(y, s)
	return new(big.Float).SetPrec(refPrec).Mul(bf(2), atanhSeries(z))
}

// atanhSeries sums z + z³/3 + z⁵/5 + … for |z| ≤ 1/2.
func atanhSeries(z *big.Float) *big.Float {
	z2 := new(big.Float).SetPrec(refPrec).Mul(z, z)
	sum := new(big.Float).SetPrec(refPrec).Set(z)
	pow := new(big.Float).SetPrec(refPrec).Set(z)
	eps := new(big.Float).SetPrec(refPrec).SetMantExp(bf(1), -refPrec-8)
	for k := 3; ; k += 2 {
		pow.Mul(pow, z2)
		term := new(big.Float).SetPrec(refPrec).Quo(pow, bf(float64(k)))
		sum.Add(sum, term)
		if term.Sign() == 0 || new(big.Float).Abs(term).Cmp(new(big.Float).Mul(eps, new(big.Float).Abs(sum))) < 0 {
			return sum
		}
	}
}

// refAtan returns atan(x) for x ≥ 0: halve the angle with
// x ← x/(1+√(1+x²)) until x < 2⁻²⁰, sum the series, double back.
func refAtan(x *big.Float) *big.Float {
	one := bf(1)
	x = new(big.Float).SetPrec(refPrec).Set(x)
	small := new(big.Float).SetPrec(refPrec).SetMantExp(one, -20)
	k := 0
	for x.Cmp(small) > 0 {
		s := new(big.Float).SetPrec(refPrec).Mul(x, x)
		s.Add(s, one)
		s = bfSqrt(s)
		s.Add(s, one)
		x.Quo(x, s)
		k++
	}
	x2 := new(big.Float).SetPrec(refPrec).Mul(x, x)
	sum := new(big.Float).SetPrec(refPrec).Set(x)
	pow := new(big.Float).SetPrec(refPrec).Set(x)
	for i := 1; i < 40; i++ {
		pow.Mul(pow, x2)
		pow.Neg(pow)
		sum.Add(sum, new(big.Float).SetPrec(refPrec).Quo(pow, bf(float64(2*i+1))))
	}
	return sum.SetMantExp(sum, k)
}

var refPi = new(big.Float).SetPrec(refPrec).Mul(bf(4), refAtan(bf(1)))

// refAtan2 returns the angle in [0, π] with sine ∝ s ≥ 0 and cosine ∝ c.
func refAtan2(s, c *big.Float) *big.Float {
	switch c.Sign() {
	case 0:
		return new(big.Float).SetPrec(refPrec).Quo(refPi, bf(2))
	case 1:
		return refAtan(new(big.Float).SetPrec(refPrec).Quo(s, c))
	}
	r := refAtan(new(big.Float).SetPrec(refPrec).Quo(s, new(big.Float).Neg(c)))
	return r.Sub(refPi, r)
}

// refDist returns d(p, q).
func refDist(p, q Point) *big.Float {
	return refAsinh(bfSqrt(bfRat(refSinhSq(p, q))))
}

// refAngleAB returns the isoptic A and B for the angle at s between the
// geodesics to x and y (exact), with cos = A/√B and sin = √(B − A²)/√B.
func refAngleAB(x, s, y Point) (A, B *big.Rat) {
	xs, ys, xy, ss := lorentzRat(x, s), lorentzRat(y, s), lorentzRat(x, y), lorentzRat(s, s)
	xx, yy := lorentzRat(x, x), lorentzRat(y, y)
	A = new(big.Rat).Sub(new(big.Rat).Mul(xs, ys), new(big.Rat).Mul(xy, ss))
	b1 := new(big.Rat).Sub(new(big.Rat).Mul(xs, xs), new(big.Rat).Mul(xx, ss))
	b2 := new(big.Rat).Sub(new(big.Rat).Mul(ys, ys), new(big.Rat).Mul(yy, ss))
	B = new(big.Rat).Mul(b1, b2)
	return A, B
}

// refAngle returns the angle at v of the triangle (a, v, b).
func refAngle(a, v, b Point) *big.Float {
	A, B := refAngleAB(a, v, b)
	s2 := new(big.Rat).Sub(B, new(big.Rat).Mul(A, A))
	return refAtan2(bfSqrt(bfRat(s2)), bfRat(A))
}

// refCosSin returns cos and sin of the angle at v.
func refCosSin(a, v, b Point) (c, s *big.Float) {
	A, B := refAngleAB(a, v, b)
	s2 := new(big.Rat).Sub(B, new(big.Rat).Mul(A, A))
	rb := bfSqrt(bfRat(B))
	c = new(big.Float).SetPrec(refPrec).Quo(bfRat(A), rb)
	s = new(big.Float).SetPrec(refPrec).Quo(bfSqrt(bfRat(s2)), rb)
	return c, s
}

// refArea returns π minus the angle sum of (a, b, c).
func refArea(a, b, c Point) *big.Float {
	r := new(big.Float).SetPrec(refPrec).Set(refPi)
	r.Sub(r, refAngle(b, a, c))
	r.Sub(r, refAngle(a, b, c))
	return r.Sub(r, refAngle(a, c, b))
}

// relErr returns |got − want|/|want| (|got − want| if want = 0).
func relErr(got float64, want *big.Float) float64 {
	d := new(big.Float).SetPrec(refPrec).Sub(bf(got), want)
	if want.Sign() != 0 {
		d.Quo(d, want)
	}
	f, _ := d.Abs(d).Float64()
	return f
}

// TestReference checks the reference functions themselves against known
// values: π to 60 digits, asinh on both branches, atan2 near π.
func TestReference(t *testing.T) {
	pi60, _, _ := big.ParseFloat("3.14159265358979323846264338327950288419716939937510582097494", 10, refPrec, big.ToNearestEven)
	if e := new(big.Float).Sub(refPi, pi60); new(big.Float).Abs(e).Cmp(big.NewFloat(1e-58)) > 0 {
		t.Errorf("refPi off by %v", e)
	}
	// asinh(sinh 1) = 1 via the log branch (sinh 1 > 1) and asinh(x) for
	// tiny x via the series branch (asinh x = x − x³/6 + …).
	e1 := bigfloat.Exp(bf(1))
	sinh1 := new(big.Float).SetPrec(refPrec).Sub(e1, new(big.Float).SetPrec(refPrec).Quo(bf(1), e1))
	sinh1.Quo(sinh1, bf(2))
	if e := relErr(1, refAsinh(sinh1)); e > 1e-60 {
		t.Errorf("asinh(sinh 1) relative error %g", e)
	}
	x := bf(1e-20)
	want := new(big.Float).SetPrec(refPrec).Mul(x, x)
	want.Mul(want, x).Quo(want, bf(6))
	want.Sub(x, want)
	if d, _ := new(big.Float).Sub(refAsinh(x), want).Float64(); math.Abs(d) > 1e-95 {
		t.Errorf("asinh(1e-20) off by %g", d)
	}
	// atan2(s, −1) = π − atan(s) ≈ π − s for s = 1e-30.
	got := refAtan2(bf(1e-30), bf(-1))
	want = new(big.Float).SetPrec(refPrec).Sub(refPi, bf(1e-30))
	if d, _ := new(big.Float).Sub(got, want).Float64(); math.Abs(d) > 1e-85 {
		t.Errorf("atan2 near π off by %g", d)
	}
}
