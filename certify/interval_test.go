package certify

import (
	"errors"
	"math"
	"math/big"
	"testing"

	"pgregory.net/rapid"
)

// Every Interval operation, at any result precision (often lower than the
// operands', forcing outward rounding) and with aliased operands, must
// contain the exact result at points of its operands.
func TestIntervalContainsExact(t *testing.T) {
	type binop struct {
		name  string
		f     func(z, x, y *Interval) (*Interval, error)
		exact func(a, b *big.Rat) *big.Rat
	}
	ops := []binop{
		{"add", func(z, x, y *Interval) (*Interval, error) { return z.Add(x, y), nil },
			func(a, b *big.Rat) *big.Rat { return new(big.Rat).Add(a, b) }},
		{"sub", func(z, x, y *Interval) (*Interval, error) { return z.Sub(x, y), nil },
			func(a, b *big.Rat) *big.Rat { return new(big.Rat).Sub(a, b) }},
		{"mul", func(z, x, y *Interval) (*Interval, error) { return z.Mul(x, y), nil },
			func(a, b *big.Rat) *big.Rat { return new(big.Rat).Mul(a, b) }},
		{"quo", (*Interval).Quo,
			func(a, b *big.Rat) *big.Rat { return new(big.Rat).Quo(a, b) }},
	}
	for _, op := range ops {
		t.Run(op.name, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				x, y := genIntervalBig(t, "x"), genIntervalBig(t, "y")
				if rapid.Bool().Draw(t, "cancel") { // y ≈ x: x − y cancels
					y.Set(x)
				}
				// Points first: an aliased result overwrites an operand.
				as := []*big.Rat{pointInBig(t, x, "a0"), pointInBig(t, x, "a1")}
				bs := []*big.Rat{pointInBig(t, y, "b0"), pointInBig(t, y, "b1")}
				zeroInY := y.Lo.Sign() <= 0 && y.Hi.Sign() >= 0
				z := new(Interval).SetPrec(uint(rapid.IntRange(2, 400).Draw(t, "zprec")))
				switch rapid.IntRange(0, 2).Draw(t, "alias") {
				case 1:
					z = x
				case 2:
					z = y
				}
				r, err := op.f(z, x, y)
				if op.name == "quo" && zeroInY {
					if !errors.Is(err, ErrDivByZero) {
						t.Fatalf("quo by zero-containing interval: err = %v", err)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				if r.Lo.Cmp(&r.Hi) > 0 {
					t.Fatalf("%s: reversed result %v", op.name, r)
				}
				for _, a := range as {
					for _, b := range bs {
						if q := op.exact(a, b); !containsBig(r, q) {
							t.Fatalf("%s: result %v misses %s", op.name, r, q.FloatString(30))
						}
					}
				}
			})
		})
	}
}

func TestIntervalSqrtPowScale(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		x := genIntervalBig(t, "x")
		a := pointInBig(t, x, "a")
		lo, hi := ratOf(&x.Lo), ratOf(&x.Hi)
		n := rapid.IntRange(-4, 9).Draw(t, "n")
		zprec := uint(rapid.IntRange(2, 400).Draw(t, "zprec"))
		zeroIn := x.Lo.Sign() <= 0 && x.Hi.Sign() >= 0

		p, err := new(Interval).SetPrec(zprec).Pow(x, n)
		switch {
		case n < 0 && zeroIn:
			if !errors.Is(err, ErrDivByZero) {
				t.Fatalf("%v^%d: err = %v", x, n, err)
			}
		case err != nil:
			t.Fatal(err)
		default:
			q := ratPowInt(a, max(n, -n))
			if n < 0 {
				q.Inv(q)
			}
			if !containsBig(p, q) || (n%2 == 0 && p.Lo.Sign() < 0) {
				t.Fatalf("%v^%d = %v misses %s", x, n, p, q.FloatString(30))
			}
		}

		s, err := new(Interval).SetPrec(zprec).Sqrt(x)
		if x.Lo.Sign() < 0 {
			if !errors.Is(err, ErrDomain) {
				t.Fatalf("sqrt %v: err = %v", x, err)
			}
		} else {
			// lo² ≤ Lo and hi² ≥ Hi, exactly: √ is monotone.
			l, h := ratOf(&s.Lo), ratOf(&s.Hi)
			if l.Sign() < 0 || l.Mul(l, l).Cmp(lo) > 0 || h.Mul(h, h).Cmp(hi) < 0 {
				t.Fatalf("sqrt %v = %v is not an enclosure", x, s)
			}
		}

		c := genBig(t, uint(rapid.IntRange(2, 200).Draw(t, "cprec")), "c")
		sc := new(Interval).SetPrec(zprec).Scale(x, c)
		if q := new(big.Rat).Mul(a, ratOf(c)); !containsBig(sc, q) {
			t.Fatalf("%v·%v = %v misses %s", x, c, sc, q.FloatString(30))
		}
	})
}

func TestIntervalHelpers(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		x, y := genIntervalBig(t, "x"), genIntervalBig(t, "y")
		lo, hi := ratOf(&x.Lo), ratOf(&x.Hi)
		m := x.Mid(new(big.Float))
		if !x.Contains(m) {
			t.Fatalf("Mid %v not in %v", m, x)
		}
		zp := uint(rapid.IntRange(2, 100).Draw(t, "zprec")) // rounding needed
		w := new(big.Rat).Sub(hi, lo)
		if r := ratOf(x.Rad(new(big.Float).SetPrec(zp))); new(big.Rat).Mul(r, big.NewRat(2, 1)).Cmp(w) < 0 {
			t.Fatalf("Rad below half-width for %v", x)
		}
		ra := ratOf(x.RadAbout(new(big.Float).SetPrec(zp), m))
		mr := ratOf(m)
		if new(big.Rat).Sub(hi, mr).Cmp(ra) > 0 || new(big.Rat).Sub(mr, lo).Cmp(ra) > 0 {
			t.Fatalf("RadAbout too small for %v", x)
		}
		mag := ratOf(x.Mag(new(big.Float).SetPrec(zp)))
		if new(big.Rat).Abs(lo).Cmp(mag) > 0 || new(big.Rat).Abs(hi).Cmp(mag) > 0 {
			t.Fatalf("Mag too small for %v", x)
		}
		mig := ratOf(x.Mig(new(big.Float).SetPrec(zp)))
		if mig.Sign() < 0 || (x.Lo.Sign() > 0 && mig.Cmp(lo) > 0) || (x.Hi.Sign() < 0 && mig.Cmp(new(big.Rat).Neg(hi)) > 0) {
			t.Fatalf("Mig too large for %v", x)
		}
		h := new(Interval).SetPrec(zp).Hull(x, y)
		if !x.Subset(h) || !y.Subset(h) {
			t.Fatalf("hull %v misses %v or %v", h, x, y)
		}
		if i, ok := new(Interval).Intersect(x, y); ok != (x.Lo.Cmp(&y.Hi) <= 0 && y.Lo.Cmp(&x.Hi) <= 0) {
			t.Fatalf("Intersect(%v, %v) reported %v", x, y, ok)
		} else if ok && (!i.Subset(x) || !i.Subset(y)) {
			t.Fatalf("intersection %v not in both", i)
		}
		x64 := x.Interval64()
		if !containsBig(x, lo) || !contains64(x64, lo) || !contains64(x64, hi) {
			t.Fatalf("Interval64 %v does not contain %v", x64, x)
		}
	})
}

func TestIntervalSetErrors(t *testing.T) {
	var z Interval
	for _, v := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if _, err := z.SetFloat64(v); !errors.Is(err, ErrInvalid) {
			t.Errorf("SetFloat64(%g): err = %v", v, err)
		}
	}
	if _, err := z.SetBounds(big.NewFloat(2), big.NewFloat(1)); !errors.Is(err, ErrInvalid) {
		t.Errorf("SetBounds(2, 1): err = %v", err)
	}
	if _, err := z.SetInterval64(Interval64{0, math.Inf(1)}); !errors.Is(err, ErrInvalid) {
		t.Errorf("SetInterval64 unbounded: err = %v", err)
	}
	if _, err := z.SetFloat(new(big.Float).SetInf(false)); !errors.Is(err, ErrInvalid) {
		t.Errorf("SetFloat(+Inf): err = %v", err)
	}
}

// A third of an interval at 100 bits, printed outward.
func TestIntervalRatText(t *testing.T) {
	var x Interval
	x.SetPrec(100).SetRat(big.NewRat(1, 3))
	if !containsBig(&x, big.NewRat(1, 3)) {
		t.Fatalf("%v does not contain 1/3", &x)
	}
	if got, want := x.Text(5), "[3.3333e-1, 3.3334e-1]"; got != want {
		t.Fatalf("Text(5) = %q, want %q", got, want)
	}
	// The width of a rational's enclosure is at most 2 ulps at 100 bits.
	w := new(big.Float)
	x.Width(w)
	if w.Cmp(big.NewFloat(0x1p-100)) > 0 {
		t.Fatalf("enclosure of 1/3 has width %v > 2⁻¹⁰⁰", w)
	}
}
