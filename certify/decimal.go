package certify

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// Decimal output that keeps rigour: big.Float.Text rounds to nearest, so a
// printed interval could miss the value it encloses. Here the lower
// endpoint is rounded down and the upper one up, exactly.

// Text formats x as "[lo, hi]" with digits significant decimal digits per
// endpoint (at least 1), lo rounded toward −∞ and hi toward +∞, so the
// printed interval contains x.
func (x *Interval) Text(digits int) string {
	digits = max(digits, 1)
	return "[" + DecimalBound(&x.Lo, digits, false) + ", " + DecimalBound(&x.Hi, digits, true) + "]"
}

// String formats x with as many digits as its precision carries.
func (x *Interval) String() string {
	return x.Text(int(math.Ceil(float64(max(x.Prec(), 1))*math.Log10(2))) + 1)
}

// DecimalBound formats the finite v in scientific notation with digits
// significant digits (at least 1), rounded up (toward +∞) if upward, else
// down (toward −∞). The decimal string read back exactly is ≥ v (≤ v).
func DecimalBound(v *big.Float, digits int, upward bool) string {
	digits = max(digits, 1)
	if v.Sign() == 0 {
		return "0"
	}
	if v.IsInf() {
		return v.String()
	}
	// The nearest-rounded text gives the decimal exponent, possibly one too
	// high after a carry (0.96 → "1e+00"); then the scaled value has too
	// few digits and the exponent is lowered once.
	s := v.Text('e', digits-1)
	e10, _ := strconv.Atoi(s[strings.LastIndexByte(s, 'e')+1:])
	r, _ := v.Rat(nil) // exact: v is finite
	var q *big.Int
	var shift int
	for try := 0; try < 2; try++ {
		shift = digits - 1 - e10
		q = scaledBound(r, shift, upward)
		if len(new(big.Int).Abs(q).String()) >= digits {
			break
		}
		e10--
	}
	neg := q.Sign() < 0
	ds := q.Abs(q).String()
	exp := len(ds) - 1 - shift
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	b.WriteString(ds[:1])
	if len(ds) > 1 {
		b.WriteByte('.')
		b.WriteString(strings.TrimRight(ds[1:], "0"))
	}
	out := strings.TrimSuffix(b.String(), ".")
	return out + "e" + strconv.Itoa(exp)
}

// scaledBound returns floor(r·10^shift), or the ceiling if upward.
func scaledBound(r *big.Rat, shift int, upward bool) *big.Int {
	p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(abs(shift))), nil)
	num, den := new(big.Int).Set(r.Num()), new(big.Int).Set(r.Denom())
	if shift >= 0 {
		num.Mul(num, p)
	} else {
		den.Mul(den, p)
	}
	q, m := new(big.Int).DivMod(num, den, new(big.Int)) // floor, den > 0
	if upward && m.Sign() != 0 {
		q.Add(q, big.NewInt(1))
	}
	return q
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// Printed prints the centre of a proved enclosure (Proved) with the
// correct significant digits and three more, at least 17 (which
// round-trips float64): PrintBall of Mid and Radius.
func (c *FermatCert) Printed() (x, y, radius string) {
	return PrintBall(&c.Mid[0], &c.Mid[1], &c.Radius, max(17, c.Digits()+3))
}

// PrintBall prints a max-norm ball in the plane — centre (x, y), radius
// r — as decimals: the centre's coordinates with the given significant
// digits, and a radius, rounded up to 3 digits, that bounds the ball's
// radius plus the printing error of the centre, both exact. So the
// printed ball holds whatever the given one holds.
func PrintBall(x, y, r *big.Float, digits int) (xs, ys, radius string) {
	prec := max(x.Prec(), y.Prec(), r.Prec(), 53) + 64
	bound := new(big.Float).SetPrec(prec).SetMode(big.ToPositiveInf).Set(r)
	var out [2]string
	for i, c := range [2]*big.Float{x, y} {
		out[i] = c.Text('g', digits)
		pr, _ := new(big.Rat).SetString(out[i]) // the printed decimal, exactly (Text prints a valid number)
		mr, _ := c.Rat(nil)
		d := new(big.Rat).Sub(pr, mr)
		e := new(big.Float).SetPrec(64).SetMode(big.ToPositiveInf).SetRat(d.Abs(d))
		if t := new(big.Float).SetPrec(prec).SetMode(big.ToPositiveInf).Add(r, e); t.Cmp(bound) > 0 {
			bound = t
		}
	}
	return out[0], out[1], DecimalBound(bound, 3, true)
}
