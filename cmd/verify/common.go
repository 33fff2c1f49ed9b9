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

// plural returns "1 thing" or "n things" (pl is the plural form).
func plural(n int, one, pl string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, pl)
}
