package main

import (
	"fmt"
	"io"
	"math/big"
	"os"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/internal/cli"
)

// readAll reads the named file, or standard input for "-".
func readAll(path string, stdin io.Reader) ([]byte, string, error) {
	if path == "-" {
		b, err := io.ReadAll(stdin)
		return b, "stdin", err
	}
	b, err := os.ReadFile(path)
	return b, path, err
}

// checkTol validates a --tol value (relative tolerance, > 0).
func checkTol(tol float64) error {
	if !(tol > 0 && tol < 1) {
		return cli.Usagef("--tol must be a number in (0, 1), not %g", tol)
	}
	return nil
}

// up and down format a bound with a few significant digits, rounded
// outward, so that the printed number still bounds the value.
func up(x *big.Float, digits int) string   { return certify.DecimalBound(x, digits, true) }
func down(x *big.Float, digits int) string { return certify.DecimalBound(x, digits, false) }

// up64 formats an upper bound held in a float64.
func up64(x float64, digits int) string { return up(new(big.Float).SetFloat64(x), digits) }

// interval64 formats an Interval64 as "[lo, hi]", rounded outward.
func interval64(x certify.Interval64, digits int) string {
	return "[" + down(new(big.Float).SetFloat64(x.Lo), digits) + ", " + up(new(big.Float).SetFloat64(x.Hi), digits) + "]"
}

// pointText prints the centre of a proved Fermat enclosure with n
// significant digits per coordinate, and returns the radius (rounded up,
// 3 digits) of a max-norm ball about the printed point that holds the
// Fermat point: the certificate's radius plus the printing error, both
// exact.
func pointText(c *certify.FermatCert, n int) (x, y, radius string) {
	r := new(big.Float).SetPrec(c.Prec + 64).SetMode(big.ToPositiveInf).Set(&c.Radius)
	var out [2]string
	for i := range 2 {
		out[i] = c.Mid[i].Text('g', n)
		pr, ok := new(big.Rat).SetString(out[i]) // the printed decimal, exactly
		if !ok {                                 // cannot happen: Text prints a valid number
			panic("verify: unparsable " + out[i])
		}
		mr, _ := c.Mid[i].Rat(nil)
		d := new(big.Rat).Sub(pr, mr)
		e := new(big.Float).SetPrec(64).SetMode(big.ToPositiveInf).SetRat(d.Abs(d))
		if t := new(big.Float).SetPrec(c.Prec+64).SetMode(big.ToPositiveInf).Add(&c.Radius, e); t.Cmp(r) > 0 {
			r = t
		}
	}
	return out[0], out[1], up(r, 3)
}

// digitsFor is the number of significant digits to print for a
// certificate: the correct digits and a few more, at least 17 (which
// round-trips float64).
func digitsFor(c *certify.FermatCert) int { return max(17, c.Digits()+3) }

// plural returns "1 thing" or "n things" (pl is the plural form).
func plural(n int, one, pl string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, pl)
}
