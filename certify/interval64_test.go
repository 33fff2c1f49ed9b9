package certify

import (
	"errors"
	"math"
	"math/big"
	"testing"

	"pgregory.net/rapid"
)

// Every Interval64 operation must contain the exact result (computed in
// big.Rat) for points drawn from its operands.
func TestInterval64ContainsExact(t *testing.T) {
	type binop struct {
		name  string
		f     func(x, y Interval64) (Interval64, error)
		exact func(a, b *big.Rat) *big.Rat
	}
	ops := []binop{
		{"add", func(x, y Interval64) (Interval64, error) { return x.Add(y), nil },
			func(a, b *big.Rat) *big.Rat { return new(big.Rat).Add(a, b) }},
		{"sub", func(x, y Interval64) (Interval64, error) { return x.Sub(y), nil },
			func(a, b *big.Rat) *big.Rat { return new(big.Rat).Sub(a, b) }},
		{"mul", func(x, y Interval64) (Interval64, error) { return x.Mul(y), nil },
			func(a, b *big.Rat) *big.Rat { return new(big.Rat).Mul(a, b) }},
		{"quo", Interval64.Quo,
			func(a, b *big.Rat) *big.Rat { return new(big.Rat).Quo(a, b) }},
	}
	for _, op := range ops {
		t.Run(op.name, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				x, y := genInterval64(t, "x"), genInterval64(t, "y")
				r, err := op.f(x, y)
				if op.name == "quo" && y.Contains(0) {
					if !errors.Is(err, ErrDivByZero) {
						t.Fatalf("quo by %v: err = %v, want ErrDivByZero", y, err)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				requireValid64(t, op.name, r)
				for k := range 3 {
					a, b := pointIn64(t, x, "a"), pointIn64(t, y, "b")
					if q := op.exact(rat(a), rat(b)); !contains64(r, q) {
						t.Fatalf("%v %s %v = %v misses %s %s %s (try %d)", x, op.name, y, r, rat(a).FloatString(20), op.name, rat(b).FloatString(20), k)
					}
				}
			})
		})
	}
}

// On point operands the emulated directed rounding must be exact: the
// result is the exact value if representable, else its two neighbouring
// floats (one ulp wide) — except near underflow and overflow, where a
// one-ulp widening on each side is allowed (see round64.go).
func TestInterval64PointTightness(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a, b := genFloat(t, "a"), genFloat(t, "b")
		x, y := Point64(a), Point64(b)
		rs := map[string]Interval64{"add": x.Add(y), "sub": x.Sub(y), "mul": x.Mul(y)}
		if b != 0 {
			rs["quo"], _ = x.Quo(y)
		}
		if a >= 0 {
			rs["sqrt"], _ = x.Sqrt()
		}
		for name, r := range rs {
			if !r.IsFinite() || math.Abs(r.Lo) < 0x1p-899 || math.Abs(r.Hi) < 0x1p-899 {
				continue
			}
			if r.Hi != r.Lo && r.Hi != up(r.Lo) {
				t.Fatalf("%s(%g, %g) = %v is wider than one ulp", name, a, b, r)
			}
		}
	})
}

func TestInterval64SqrtPow(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		x := genInterval64(t, "x")
		if r, err := x.Sqrt(); x.Lo < 0 {
			if !errors.Is(err, ErrDomain) {
				t.Fatalf("sqrt %v: err = %v, want ErrDomain", x, err)
			}
		} else {
			requireValid64(t, "sqrt", r)
			// lo² ≤ x.Lo and hi² ≥ x.Hi exactly; with monotonicity this
			// encloses √ of every point.
			if l := rat(r.Lo); l.Mul(l, l).Cmp(rat(x.Lo)) > 0 || r.Lo < 0 {
				t.Fatalf("sqrt %v = %v: lower bound too high", x, r)
			}
			if h := rat(r.Hi); !math.IsInf(r.Hi, 1) && h.Mul(h, h).Cmp(rat(x.Hi)) < 0 {
				t.Fatalf("sqrt %v = %v: upper bound too low", x, r)
			}
		}
		n := rapid.IntRange(-5, 9).Draw(t, "n")
		r, err := x.Pow(n)
		if n < 0 && x.Contains(0) {
			if !errors.Is(err, ErrDivByZero) {
				t.Fatalf("%v^%d: err = %v, want ErrDivByZero", x, n, err)
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		requireValid64(t, "pow", r)
		if n%2 == 0 && r.Lo < 0 {
			t.Fatalf("%v^%d = %v is negative", x, n, r)
		}
		for range 3 {
			a := rat(pointIn64(t, x, "a"))
			var q *big.Rat
			if n >= 0 {
				q = ratPowInt(a, n)
			} else {
				q = new(big.Rat).Inv(ratPowInt(a, -n))
			}
			if !contains64(r, q) {
				t.Fatalf("%v^%d = %v misses %s^%d", x, n, r, a.FloatString(20), n)
			}
		}
	})
}

func TestInterval64Helpers(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		x, y := genInterval64(t, "x"), genInterval64(t, "y")
		if m := x.Mid(); !x.Contains(m) {
			t.Fatalf("Mid %g not in %v", m, x)
		}
		// Rad bounds the half-width from above, exactly checked.
		w := new(big.Rat).Sub(rat(x.Hi), rat(x.Lo))
		if r := x.Rad(); !math.IsInf(r, 1) && new(big.Rat).Mul(rat(r), big.NewRat(2, 1)).Cmp(w) < 0 {
			t.Fatalf("Rad %g of %v below half-width", r, x)
		}
		if c := pointIn64(t, y, "c"); !math.IsInf(x.RadAbout(c), 1) {
			ra := rat(x.RadAbout(c))
			if new(big.Rat).Sub(rat(x.Hi), rat(c)).Cmp(ra) > 0 || new(big.Rat).Sub(rat(c), rat(x.Lo)).Cmp(ra) > 0 {
				t.Fatalf("RadAbout(%g) of %v too small", c, x)
			}
		}
		h := x.Hull(y)
		if !x.Subset(h) || !y.Subset(h) {
			t.Fatalf("hull %v does not contain %v and %v", h, x, y)
		}
		if i, ok := x.Intersect(y); ok != (x.Lo <= y.Hi && y.Lo <= x.Hi) {
			t.Fatalf("intersect %v ∩ %v reported %v", x, y, ok)
		} else if ok && (!i.Subset(x) || !i.Subset(y)) {
			t.Fatalf("intersection %v not in both", i)
		}
		if x.Interior(y) && !x.Subset(y) {
			t.Fatalf("interior without subset: %v, %v", x, y)
		}
		if mg, mi := x.Mag(), x.Mig(); mi > mg || mi < 0 {
			t.Fatalf("Mig %g > Mag %g for %v", mi, mg, x)
		}
	})
}

func TestInterval64Unbounded(t *testing.T) {
	inf := math.Inf(1)
	tests := []struct {
		name string
		got  Interval64
		want Interval64
	}{
		{"0·[1,∞]", Point64(0).Mul(Interval64{1, inf}), Interval64{0, 0}},
		{"[0,1]·[1,∞]", Interval64{0, 1}.Mul(Interval64{1, inf}), Interval64{0, inf}},
		{"overflow", Point64(math.MaxFloat64).Add(Point64(math.MaxFloat64)), Interval64{math.MaxFloat64, inf}},
		{"neg overflow", Point64(-math.MaxFloat64).Mul(Point64(2)), Interval64{-inf, -math.MaxFloat64}},
		{"underflow", Point64(0x1p-1074).Mul(Point64(0.5)), Interval64{0, 0x1p-1074}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.got != tc.want {
				t.Fatalf("got %v, want %v", tc.got, tc.want)
			}
		})
	}
	q, err := Interval64{1, inf}.Quo(Interval64{2, inf})
	if err != nil || q.Lo != 0 || q.Hi != inf {
		t.Fatalf("[1,∞]/[2,∞] = %v, %v; want [0, ∞]", q, err)
	}
}

func TestNewInterval64Errors(t *testing.T) {
	inf := math.Inf(1)
	for _, c := range [][2]float64{{math.NaN(), 1}, {2, 1}, {inf, inf}, {-inf, -inf}} {
		if _, err := NewInterval64(c[0], c[1]); !errors.Is(err, ErrInvalid) {
			t.Errorf("NewInterval64(%g, %g): err = %v, want ErrInvalid", c[0], c[1], err)
		}
	}
	if x, err := NewInterval64(-inf, 3); err != nil || x.IsFinite() {
		t.Errorf("NewInterval64(-Inf, 3) = %v, %v", x, err)
	}
}
