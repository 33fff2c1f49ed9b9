// Command hypersteiner computes hyperbolic and Euclidean Steiner trees and
// solves the polynomial systems behind them.
package main

import (
	"fmt"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	fmt.Fprintln(os.Stderr, "usage: hypersteiner <command> [flags]")
	return 2
}
