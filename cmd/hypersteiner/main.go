// Command hypersteiner computes hyperbolic and Euclidean Steiner trees and
// solves the polynomial systems behind them.
//
// Each subcommand lives in a file of its own and registers itself in init;
// every subcommand is a function of its arguments and streams, so tests run
// it without a process.
package main

import (
	"fmt"
	"io"
	"os"
	"sort"

	"github.com/hypersteiner/hypersteiner/internal/cli"
)

// command is one subcommand: run returns the exit status.
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
	if len(args) == 0 {
		if c, ok := commands["tree"]; ok {
			return c.run(nil, stdin, stdout, stderr)
		}
		usage(stderr)
		return cli.ExitUsage
	}
	name := args[0]
	if name == "-h" || name == "--help" || name == "help" {
		usage(stdout)
		return cli.ExitOK
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "hypersteiner: unknown command %q (run 'hypersteiner help')\n", name)
		return cli.ExitUsage
	}
	return c.run(args[1:], stdin, stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: hypersteiner <command> [flags] [INPUT]")
	fmt.Fprintln(w, "\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nrun 'hypersteiner <command> -h' for a command's flags")
}
