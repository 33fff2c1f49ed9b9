// Command verify certifies Steiner trees and Fermat points: every claim it
// prints is proved with interval arithmetic, or reported as undecided.
//
// Each subcommand lives in a file of its own and registers itself in init.
package main

import (
	"io"
	"os"

	"github.com/hypersteiner/hypersteiner/internal/cli"
)

var commands = cli.Commands{Prog: "verify"}

func register(name, summary string, run cli.Run) { commands.Register(name, summary, run) }

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return commands.Run(args, stdin, stdout, stderr)
}
