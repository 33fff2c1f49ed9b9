package cli

import (
	"fmt"
	"io"
	"sort"
)

// Run is a subcommand: it reads its arguments and streams and returns the
// exit status, so that tests run it without a process.
type Run func(args []string, stdin io.Reader, stdout, stderr io.Writer) int

// Commands is a program's table of subcommands, filled by Register calls
// from the init functions of the files that hold them.
type Commands struct {
	Prog    string // the program's name, for messages
	Default string // the subcommand run with no arguments ("" for usage)
	cmds    map[string]command
}

type command struct {
	summary string
	run     Run
}

// Register adds the subcommand name.
func (c *Commands) Register(name, summary string, run Run) {
	if c.cmds == nil {
		c.cmds = map[string]command{}
	}
	c.cmds[name] = command{summary, run}
}

// Run dispatches args[0] to its subcommand. No arguments runs Default, or
// prints the usage and returns ExitUsage; help, -h and --help print the
// usage and return ExitOK; an unknown name is a usage error.
func (c *Commands) Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		if d, ok := c.cmds[c.Default]; ok {
			return d.run(nil, stdin, stdout, stderr)
		}
		c.Usage(stderr)
		return ExitUsage
	}
	switch args[0] {
	case "-h", "--help", "help":
		c.Usage(stdout)
		return ExitOK
	}
	cmd, ok := c.cmds[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "%s: unknown command %q (run '%s help')\n", c.Prog, args[0], c.Prog)
		return ExitUsage
	}
	return cmd.run(args[1:], stdin, stdout, stderr)
}

// Usage lists the subcommands with their summaries.
func (c *Commands) Usage(w io.Writer) {
	fmt.Fprintf(w, "usage: %s <command> [flags] [INPUT]\n\ncommands:\n", c.Prog)
	names := make([]string, 0, len(c.cmds))
	for n := range c.cmds {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, c.cmds[n].summary)
	}
	fmt.Fprintf(w, "\nrun '%s <command> -h' for a command's flags\n", c.Prog)
}
