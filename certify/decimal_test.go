package certify

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// DecimalBound rounds to the side it is asked for: its decimal is a lower
// (or upper) bound of the exact value.
func TestDecimalBound(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := genBig(t, uint(rapid.IntRange(2, 300).Draw(t, "prec")), "v")
		digits := rapid.IntRange(1, 40).Draw(t, "digits")
		exact := ratOf(v)
		for _, upward := range []bool{false, true} {
			s := DecimalBound(v, digits, upward)
			q, ok := new(big.Rat).SetString(s)
			if !ok {
				t.Fatalf("DecimalBound(%v) = %q does not parse", v, s)
			}
			if c := q.Cmp(exact); (upward && c < 0) || (!upward && c > 0) {
				t.Fatalf("DecimalBound(%v, %d, %v) = %q is on the wrong side", v, digits, upward, s)
			}
		}
	})
}

// PrintBall's printed ball holds the given one: for each coordinate, the
// distance from the printed centre to the true centre plus the radius is
// at most the printed radius — checked exactly in big.Rat.
func TestPrintBall(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for i := 0; i < 500; i++ {
		prec := uint(53 + rng.IntN(400))
		x := new(big.Float).SetPrec(prec).SetFloat64(rng.NormFloat64())
		x.Mul(x, new(big.Float).SetFloat64(1+rng.Float64()/3)) // use the extra bits
		y := new(big.Float).SetPrec(prec).SetFloat64(rng.NormFloat64() * 1e-8)
		r := new(big.Float).SetPrec(64).SetFloat64(rng.Float64() * 1e-20)
		digits := 17 + rng.IntN(30)
		xs, ys, rs := PrintBall(x, y, r, digits)
		pr, ok := new(big.Rat).SetString(rs)
		require.True(t, ok, rs)
		rr, _ := r.Rat(nil)
		for _, c := range []struct {
			s string
			v *big.Float
		}{{xs, x}, {ys, y}} {
			p, ok := new(big.Rat).SetString(c.s)
			require.True(t, ok, c.s)
			v, _ := c.v.Rat(nil)
			d := new(big.Rat).Sub(p, v)
			d.Abs(d).Add(d, rr)
			require.LessOrEqual(t, d.Cmp(pr), 0, "printed %s ± %s does not hold %v ± %v", c.s, rs, c.v, r)
		}
	}
}
