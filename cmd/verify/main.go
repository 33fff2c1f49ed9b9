// Command verify certifies Steiner trees and Fermat points: every claim it
// prints is proved with interval arithmetic, or reported as undecided.
//
// Each subcommand lives in a file of its own and registers itself in init.
package main

import (
	"fmt"
	"io"
	"os"
	"sort"

	"github.com/hypersteiner/hypersteiner/internal/cli"
)

type command struct {
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

var commands = map[string]command{}

func register(name, summary string, run func([]string, io.Reader, io.Writer, io.Writer) int) {
	commands[name] = command{summary, run}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		w := stderr
		if len(args) > 0 {
			w = stdout
		}
		fmt.Fprintln(w, "usage: verify <command> [flags] [INPUT]\n\ncommands:")
		names := make([]string, 0, len(commands))
		for n := range commands {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].summary)
		}
		if len(args) == 0 {
			return cli.ExitUsage
		}
		return cli.ExitOK
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "verify: unknown command %q (run 'verify help')\n", args[0])
		return cli.ExitUsage
	}
	return c.run(args[1:], stdin, stdout, stderr)
}
