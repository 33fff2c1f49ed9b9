package certify

import (
	"math"
	"math/big"
	"testing"

	"pgregory.net/rapid"
)

// complexRatOf returns z exactly as a pair of rationals.
func complexRatOf(z complex128) (*big.Rat, *big.Rat) {
	return new(big.Rat).SetFloat64(real(z)), new(big.Rat).SetFloat64(imag(z))
}

// drawComplex draws a complex128 with both parts of moderate size (and
// sometimes tiny, to reach the subnormal guards).
func drawComplex(t *rapid.T, label string) complex128 {
	part := func(l string) float64 {
		m := rapid.Float64Range(-4, 4).Draw(t, l+"-m")
		e := rapid.SampledFrom([]int{0, 0, 0, -30, 20, -1060}).Draw(t, l+"-e")
		return math.Ldexp(m, e)
	}
	return complex(part(label+"-re"), part(label+"-im"))
}

// inDisc decides |z − c| ≤ r exactly for exact z (given as rationals).
func inDisc(zr, zi *big.Rat, b CBall64) bool {
	cr, ci := complexRatOf(b.C)
	dr := new(big.Rat).Sub(zr, cr)
	di := new(big.Rat).Sub(zi, ci)
	d2 := new(big.Rat).Add(new(big.Rat).Mul(dr, dr), new(big.Rat).Mul(di, di))
	r := new(big.Rat).SetFloat64(b.R)
	return d2.Cmp(new(big.Rat).Mul(r, r)) <= 0
}

// CBall64 sums and products contain the exact sum and product of every
// pair of points of the operands (checked at the centres and at points on
// the boundary circles, in exact rational arithmetic), and Rect contains
// the disc.
func TestCBall64Contains(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		x := CBall64{drawComplex(t, "cx"), math.Abs(real(drawComplex(t, "rx")))}
		y := CBall64{drawComplex(t, "cy"), math.Abs(real(drawComplex(t, "ry")))}
		// A point of each disc: the centre moved by a fraction of the
		// radius in a drawn direction, rounded to float64 and kept only if
		// still provably inside.
		point := func(b CBall64, l string) (*big.Rat, *big.Rat) {
			f := rapid.Float64Range(0, 1).Draw(t, l+"-f")
			a := rapid.Float64Range(0, 2*math.Pi).Draw(t, l+"-a")
			z := b.C + complex(f*b.R*math.Cos(a), f*b.R*math.Sin(a))
			zr, zi := complexRatOf(z)
			if !inDisc(zr, zi, b) {
				return complexRatOf(b.C)
			}
			return zr, zi
		}
		xr, xi := point(x, "px")
		yr, yi := point(y, "py")
		sum := x.Add(y)
		if !inDisc(new(big.Rat).Add(xr, yr), new(big.Rat).Add(xi, yi), sum) {
			t.Fatalf("%v + %v = %v misses a sum", x, y, sum)
		}
		pr := new(big.Rat).Sub(new(big.Rat).Mul(xr, yr), new(big.Rat).Mul(xi, yi))
		pi := new(big.Rat).Add(new(big.Rat).Mul(xr, yi), new(big.Rat).Mul(xi, yr))
		prod := x.Mul(y)
		if !inDisc(pr, pi, prod) {
			t.Fatalf("%v · %v = %v misses a product", x, y, prod)
		}
		r := prod.Rect()
		if !(ratIn(pr, r.Re) && ratIn(pi, r.Im)) {
			t.Fatalf("Rect %v of %v misses a point", r, prod)
		}
	})
}

func ratIn(v *big.Rat, x Interval64) bool {
	return new(big.Rat).SetFloat64(x.Lo).Cmp(v) <= 0 && v.Cmp(new(big.Rat).SetFloat64(x.Hi)) <= 0
}

// CInterval64 and CInterval (at 80 bits) products contain the exact
// product of the corners of the operands, and BallOf contains the
// rectangle.
func TestCIntervalContains(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		rect := func(l string) CInterval64 {
			a, b := drawComplex(t, l+"a"), drawComplex(t, l+"b")
			return CInterval64{
				Interval64{min(real(a), real(b)), max(real(a), real(b))},
				Interval64{min(imag(a), imag(b)), max(imag(a), imag(b))},
			}
		}
		x, y := rect("x"), rect("y")
		p := x.Mul(y)
		var bx, by, bp CInterval
		bx.SetPrec(80)
		by.SetPrec(80)
		bp.SetPrec(80)
		bx.SetCInterval64(x)
		by.SetCInterval64(y)
		bp.Mul(&bx, &by)
		ball := BallOf(x)
		for _, u := range []complex128{complex(x.Re.Lo, x.Im.Lo), complex(x.Re.Hi, x.Im.Hi), complex(x.Re.Lo, x.Im.Hi)} {
			ur, ui := complexRatOf(u)
			if !inDisc(ur, ui, ball) {
				t.Fatalf("BallOf(%v) = %v misses the corner %v", x, ball, u)
			}
			for _, v := range []complex128{complex(y.Re.Lo, y.Im.Hi), complex(y.Re.Hi, y.Im.Lo)} {
				vr, vi := complexRatOf(v)
				pr := new(big.Rat).Sub(new(big.Rat).Mul(ur, vr), new(big.Rat).Mul(ui, vi))
				pi := new(big.Rat).Add(new(big.Rat).Mul(ur, vi), new(big.Rat).Mul(ui, vr))
				if !(ratIn(pr, p.Re) && ratIn(pi, p.Im)) {
					t.Fatalf("%v · %v = %v misses %v·%v", x, y, p, u, v)
				}
				q := bp.CInterval64()
				if !(ratIn(pr, q.Re) && ratIn(pi, q.Im)) {
					t.Fatalf("big product %v misses %v·%v", &bp, u, v)
				}
			}
		}
		// Both magnitude bounds are at least the modulus of every corner.
		var m big.Float
		bigMag, _ := bx.Mag(&m).Rat(nil)
		mag64 := new(big.Rat).SetFloat64(x.Mag())
		for _, u := range []complex128{complex(x.Re.Lo, x.Im.Lo), complex(x.Re.Hi, x.Im.Hi), complex(x.Re.Lo, x.Im.Hi), complex(x.Re.Hi, x.Im.Lo)} {
			ur, ui := complexRatOf(u)
			mod2 := new(big.Rat).Add(new(big.Rat).Mul(ur, ur), new(big.Rat).Mul(ui, ui))
			for _, b := range []*big.Rat{bigMag, mag64} {
				if new(big.Rat).Mul(b, b).Cmp(mod2) < 0 {
					t.Fatalf("magnitude bound %v below |%v|", b.FloatString(20), u)
				}
			}
		}
	})
}
