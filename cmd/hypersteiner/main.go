// Command hypersteiner computes hyperbolic and Euclidean Steiner trees and
// solves the polynomial systems behind them.
//
// Each subcommand lives in a file of its own and registers itself in init;
// every subcommand is a function of its arguments and streams, so tests run
// it without a process.
package main

import (
	"io"
	"os"

	"github.com/hypersteiner/hypersteiner/internal/cli"
)

// commands runs "tree" (the built-in sample) when given no arguments.
var commands = cli.Commands{Prog: "hypersteiner", Default: "tree"}

func register(name, summary string, run cli.Run) { commands.Register(name, summary, run) }

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return commands.Run(args, stdin, stdout, stderr)
}
