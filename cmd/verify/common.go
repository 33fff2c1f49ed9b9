package main

import "github.com/hypersteiner/hypersteiner/internal/cli"

// checkTol validates a --tol value (relative tolerance, > 0).
func checkTol(tol float64) error {
	if !(tol > 0 && tol < 1) {
		return cli.Usagef("--tol must be a number in (0, 1), not %g", tol)
	}
	return nil
}
