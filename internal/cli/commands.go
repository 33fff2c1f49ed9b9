package cli

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sort"
	"strings"
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

// Run dispatches args[0] to its subcommand.
//
//   - No arguments runs Default, or prints the usage and returns ExitUsage.
//   - help, -h and --help print the usage and return ExitOK; "help NAME"
//     prints the flags of the subcommand NAME (on stdout).
//   - version, -version and --version print the program's version (see
//     Version) and return ExitOK.
//   - A first argument that is no subcommand but looks like an input — a
//     flag, "-", a path with a slash or an extension, or an existing file —
//     runs Default with all the arguments, so that "prog points.csv" is
//     "prog tree points.csv" when Default is "tree".
//   - Any other name is a usage error.
func (c *Commands) Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		if d, ok := c.cmds[c.Default]; ok {
			return d.run(nil, stdin, stdout, stderr)
		}
		c.Usage(stderr)
		return ExitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		if args[0] == "help" && len(args) > 1 {
			cmd, ok := c.cmds[args[1]]
			if !ok {
				fmt.Fprintf(stderr, "%s help: unknown command %q (run '%s help')\n", c.Prog, args[1], c.Prog)
				return ExitUsage
			}
			// A command prints its usage on its error stream; asked for
			// help, the user reads it on stdout.
			return cmd.run([]string{"-h"}, stdin, stdout, stdout)
		}
		c.Usage(stdout)
		return ExitOK
	case "version", "-version", "--version":
		fmt.Fprintln(stdout, Version(c.Prog))
		return ExitOK
	}
	cmd, ok := c.cmds[args[0]]
	if !ok {
		if d, ok := c.cmds[c.Default]; ok && looksLikeInput(args[0]) {
			return d.run(args, stdin, stdout, stderr)
		}
		fmt.Fprintf(stderr, "%s: unknown command %q (run '%s help')\n", c.Prog, args[0], c.Prog)
		return ExitUsage
	}
	return cmd.run(args[1:], stdin, stdout, stderr)
}

// looksLikeInput reports whether a first argument that names no
// subcommand is meant for the default one: a flag, "-" (standard input),
// a path holding a slash or a dot, or an existing file.
func looksLikeInput(arg string) bool {
	if strings.HasPrefix(arg, "-") || strings.ContainsAny(arg, `./\`) {
		return true
	}
	_, err := os.Stat(arg)
	return err == nil
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
		def := ""
		if n == c.Default {
			def = " (the default: '" + c.Prog + " INPUT' is '" + c.Prog + " " + n + " INPUT')"
		}
		fmt.Fprintf(w, "  %-10s %s%s\n", n, c.cmds[n].summary, def)
	}
	fmt.Fprintf(w, "\nrun '%s help <command>' for a command's flags, '%s --version' for the version\n", c.Prog, c.Prog)
}

// Version describes the running binary from its build information: the
// program, the module's version ("(devel)" for a build from a checkout),
// the VCS revision and time with "+dirty" for uncommitted changes (when
// the go command stamped them, as every build in a git checkout does
// unless -buildvcs=false), and the Go release.
func Version(prog string) string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return prog + " (no build information)"
	}
	return versionOf(prog, bi)
}

func versionOf(prog string, bi *debug.BuildInfo) string {
	var b strings.Builder
	b.WriteString(prog)
	if v := bi.Main.Version; v != "" {
		b.WriteString(" " + v)
	}
	if p := bi.Main.Path; p != "" {
		b.WriteString(" (" + p + ")")
	}
	var rev, when string
	dirty := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		b.WriteString(", revision " + rev)
		if dirty {
			b.WriteString("+dirty")
		}
		if when != "" {
			b.WriteString(" of " + when)
		}
	} else {
		b.WriteString(", no VCS revision stamped")
	}
	b.WriteString(", " + bi.GoVersion)
	return b.String()
}
