package certify

import (
	"fmt"
	"math"
)

// Interval64 is a closed interval [Lo, Hi] of reals with float64 endpoints:
// the fast path of the package. Every operation returns an interval that
// contains the exact result of the operation applied to every pair of
// points of its operands (outward rounding, see round64.go).
//
// A valid Interval64 has Lo ≤ Hi, no NaN, Lo ≠ +Inf and Hi ≠ −Inf; an
// infinite endpoint means "unbounded on that side" (overflow produces
// them). Interval64 is a small value type: operations take and return
// copies and never allocate.
type Interval64 struct{ Lo, Hi float64 }

// Point64 returns the degenerate interval [x, x]. x must not be NaN or
// infinite for the result to be valid (see Check).
func Point64(x float64) Interval64 { return Interval64{x, x} }

// NewInterval64 returns [lo, hi], or an error if lo or hi is NaN, lo > hi,
// lo = +Inf or hi = −Inf.
func NewInterval64(lo, hi float64) (Interval64, error) {
	x := Interval64{lo, hi}
	return x, x.Check()
}

// Check returns an error unless x is a valid interval.
func (x Interval64) Check() error {
	switch {
	case math.IsNaN(x.Lo) || math.IsNaN(x.Hi):
		return fmt.Errorf("certify: interval [%g, %g] has a NaN endpoint: %w", x.Lo, x.Hi, ErrInvalid)
	case x.Lo > x.Hi:
		return fmt.Errorf("certify: interval [%g, %g] has Lo > Hi: %w", x.Lo, x.Hi, ErrInvalid)
	case math.IsInf(x.Lo, 1) || math.IsInf(x.Hi, -1):
		return fmt.Errorf("certify: interval [%g, %g] is empty at infinity: %w", x.Lo, x.Hi, ErrInvalid)
	}
	return nil
}

// IsFinite reports whether both endpoints are finite.
func (x Interval64) IsFinite() bool {
	return !math.IsInf(x.Lo, 0) && !math.IsInf(x.Hi, 0)
}

// Add returns x + y.
func (x Interval64) Add(y Interval64) Interval64 {
	return Interval64{addDown(x.Lo, y.Lo), addUp(x.Hi, y.Hi)}
}

// Sub returns x − y.
func (x Interval64) Sub(y Interval64) Interval64 {
	return Interval64{addDown(x.Lo, -y.Hi), addUp(x.Hi, -y.Lo)}
}

// Neg returns −x (exact).
func (x Interval64) Neg() Interval64 { return Interval64{-x.Hi, -x.Lo} }

// Mul returns x·y. Sign cases need two endpoint products unless both
// operands straddle zero.
func (x Interval64) Mul(y Interval64) Interval64 {
	a, b, c, d := x.Lo, x.Hi, y.Lo, y.Hi
	switch xPos, xNeg, yPos, yNeg := a >= 0, b <= 0, c >= 0, d <= 0; {
	case xPos && yPos:
		return Interval64{mulDown(a, c), mulUp(b, d)}
	case xPos && yNeg:
		return Interval64{mulDown(b, c), mulUp(a, d)}
	case xPos:
		return Interval64{mulDown(b, c), mulUp(b, d)}
	case xNeg && yPos:
		return Interval64{mulDown(a, d), mulUp(b, c)}
	case xNeg && yNeg:
		return Interval64{mulDown(b, d), mulUp(a, c)}
	case xNeg:
		return Interval64{mulDown(a, d), mulUp(a, c)}
	case yPos:
		return Interval64{mulDown(a, d), mulUp(b, d)}
	case yNeg:
		return Interval64{mulDown(b, c), mulUp(a, c)}
	}
	return Interval64{min(mulDown(a, d), mulDown(b, c)), max(mulUp(a, c), mulUp(b, d))}
}

// Scale returns c·x for a real c (a point interval).
func (x Interval64) Scale(c float64) Interval64 {
	l1, h1 := mulDU(c, x.Lo)
	l2, h2 := mulDU(c, x.Hi)
	return Interval64{min(l1, l2), max(h1, h2)}
}

// Sqr returns x², which unlike x·x is never negative (and is Pow(x, 2)
// without the general loop: the fast path squares a lot).
func (x Interval64) Sqr() Interval64 {
	switch {
	case x.Lo >= 0:
		return Interval64{mulDown(x.Lo, x.Lo), mulUp(x.Hi, x.Hi)}
	case x.Hi <= 0:
		return Interval64{mulDown(x.Hi, x.Hi), mulUp(x.Lo, x.Lo)}
	}
	m := max(-x.Lo, x.Hi)
	return Interval64{0, mulUp(m, m)}
}

// Quo returns x/y, or an error wrapping ErrDivByZero if y contains 0.
func (x Interval64) Quo(y Interval64) (Interval64, error) {
	if y.Lo <= 0 && y.Hi >= 0 {
		return Interval64{}, fmt.Errorf("certify: division by [%g, %g]: %w", y.Lo, y.Hi, ErrDivByZero)
	}
	if !x.IsFinite() || !y.IsFinite() {
		// x·(1/y) handles the infinite corners with the 0·∞ = 0 rule.
		r := Interval64{0, 0}
		if !math.IsInf(y.Hi, 0) {
			r.Lo, _ = quoDU(1, y.Hi)
		}
		if !math.IsInf(y.Lo, 0) {
			_, r.Hi = quoDU(1, y.Lo)
		}
		return x.Mul(r), nil
	}
	l1, h1 := quoDU(x.Lo, y.Lo)
	l2, h2 := quoDU(x.Lo, y.Hi)
	l3, h3 := quoDU(x.Hi, y.Lo)
	l4, h4 := quoDU(x.Hi, y.Hi)
	return Interval64{min(l1, l2, l3, l4), max(h1, h2, h3, h4)}, nil
}

// Sqrt returns √x, or an error wrapping ErrDomain if x has a negative part.
func (x Interval64) Sqrt() (Interval64, error) {
	if x.Lo < 0 {
		return Interval64{}, fmt.Errorf("certify: square root of [%g, %g]: %w", x.Lo, x.Hi, ErrDomain)
	}
	lo, _ := sqrtDU(x.Lo)
	hi := math.Inf(1)
	if !math.IsInf(x.Hi, 1) {
		_, hi = sqrtDU(x.Hi)
	}
	return Interval64{lo, hi}, nil
}

// Pow returns xⁿ. Even powers are non-negative and tight (not x·x·…);
// n = 0 gives [1, 1]; a negative n gives (1/x)^|n| and fails with
// ErrDivByZero if x contains 0.
func (x Interval64) Pow(n int) (Interval64, error) {
	if n < 0 {
		if n == math.MinInt {
			return Interval64{}, fmt.Errorf("certify: exponent %d out of range: %w", n, ErrInvalid)
		}
		r, err := Point64(1).Quo(x) // (1/x)^|n|: xⁿ may underflow, 1/x cannot
		if err != nil {
			return Interval64{}, err
		}
		return r.Pow(-n)
	}
	switch {
	case n == 0:
		return Point64(1), nil
	case n%2 == 1:
		return Interval64{signedPow64(x.Lo, n, false), signedPow64(x.Hi, n, true)}, nil
	case x.Lo >= 0:
		return Interval64{pow64(x.Lo, n, false), pow64(x.Hi, n, true)}, nil
	case x.Hi <= 0:
		return Interval64{pow64(-x.Hi, n, false), pow64(-x.Lo, n, true)}, nil
	}
	return Interval64{0, pow64(max(-x.Lo, x.Hi), n, true)}, nil
}

// pow64 bounds aⁿ for a ≥ 0, from above if upper, else from below. For
// non-negative factors a product of lower (upper) bounds is a lower
// (upper) bound, so rounding every step the same way is rigorous.
func pow64(a float64, n int, upper bool) float64 {
	r, b := 1.0, a
	for {
		if n&1 == 1 {
			r = mulDir(r, b, upper)
		}
		if n >>= 1; n == 0 {
			return r
		}
		b = mulDir(b, b, upper)
	}
}

// signedPow64 bounds aⁿ for odd n and any sign of a.
func signedPow64(a float64, n int, upper bool) float64 {
	if a < 0 {
		return -pow64(-a, n, !upper)
	}
	return pow64(a, n, upper)
}

func mulDir(a, b float64, upper bool) float64 {
	lo, hi := mulDU(a, b)
	if upper {
		return hi
	}
	return lo
}

// Mid returns a point of x near its centre; for a finite x it lies in
// [Lo, Hi] and is the exact midpoint unless that underflows.
func (x Interval64) Mid() float64 {
	switch {
	case math.IsInf(x.Lo, -1) && math.IsInf(x.Hi, 1):
		return 0
	case math.IsInf(x.Lo, -1):
		return x.Hi
	case math.IsInf(x.Hi, 1):
		return x.Lo
	}
	m := 0.5*x.Lo + 0.5*x.Hi // no overflow, unlike (Lo+Hi)/2
	return min(max(m, x.Lo), x.Hi)
}

// Width returns an upper bound of Hi − Lo.
func (x Interval64) Width() float64 { return addUp(x.Hi, -x.Lo) }

// Rad returns an upper bound of the half-width (Hi − Lo)/2.
func (x Interval64) Rad() float64 { return mulUp(x.Width(), 0.5) }

// RadAbout returns an upper bound of max(Hi − c, c − Lo), the radius of
// the smallest ball about c containing x.
func (x Interval64) RadAbout(c float64) float64 {
	return max(addUp(x.Hi, -c), addUp(c, -x.Lo))
}

// Mag returns max |x| over x (exact).
func (x Interval64) Mag() float64 { return max(-x.Lo, x.Hi) }

// Mig returns min |x| over x (exact).
func (x Interval64) Mig() float64 {
	if x.Lo <= 0 && x.Hi >= 0 {
		return 0
	}
	return min(math.Abs(x.Lo), math.Abs(x.Hi))
}

// Contains reports whether v ∈ x.
func (x Interval64) Contains(v float64) bool { return x.Lo <= v && v <= x.Hi }

// Subset reports whether x ⊆ y.
func (x Interval64) Subset(y Interval64) bool { return y.Lo <= x.Lo && x.Hi <= y.Hi }

// Interior reports whether x lies in the interior of y: y.Lo < x.Lo and
// x.Hi < y.Hi.
func (x Interval64) Interior(y Interval64) bool { return y.Lo < x.Lo && x.Hi < y.Hi }

// Hull returns the smallest interval containing x and y.
func (x Interval64) Hull(y Interval64) Interval64 {
	return Interval64{min(x.Lo, y.Lo), max(x.Hi, y.Hi)}
}

// Intersect returns x ∩ y and whether it is non-empty.
func (x Interval64) Intersect(y Interval64) (Interval64, bool) {
	r := Interval64{max(x.Lo, y.Lo), min(x.Hi, y.Hi)}
	return r, r.Lo <= r.Hi
}

// String formats x as "[Lo, Hi]" with enough digits to round-trip.
func (x Interval64) String() string { return fmt.Sprintf("[%v, %v]", x.Lo, x.Hi) }
