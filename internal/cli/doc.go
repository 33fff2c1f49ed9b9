// Package cli holds the small pieces the commands (cmd/hypersteiner,
// cmd/verify) share: error reporting with exit codes, flag parsing that
// allows flags after the positional arguments, a progress bar for long
// runs, and float formatting that round-trips.
//
// # Errors and exit codes
//
// A command is written as
//
//	func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int
//
// so that tests can call it without os.Exit. Its body returns an error and
// ends with
//
//	return cli.Report(stderr, "hypersteiner tree", err)
//
// which prints exactly one line, "hypersteiner tree: input.csv:12:1:
// point (1.2, 0.1) is outside the unit disk", and returns the exit status
// ExitCode(err): 0 for success (and for -h), 2 for a usage error or bad
// input (*UsageError, *InputError, the pointio reader errors, a missing
// file), 1 for a failed verification (*FailedError) or any other error.
//
// # Subcommands
//
// Commands is a program's table of subcommands. It runs the default one
// for "prog" alone and for "prog INPUT" (a first argument that looks like
// a file or a flag), prints a subcommand's flags for "prog help NAME", and
// the module version and VCS revision of the binary (Version, from
// runtime/debug.ReadBuildInfo) for "prog --version".
//
// # Progress
//
// NewProgress draws a carriage-return bar with percent, count and ETA when
// its writer is a terminal, and only a few plain lines (at 25, 50 and 75 %
// and at the end) otherwise, so that CI logs stay short. Add may be called
// from many goroutines; redraws are limited to ten a second. A nil
// *Progress, or one made with ProgressQuiet, prints nothing.
// ProgressConfig.Delay keeps a report silent for runs shorter than the
// delay, so that every stage that may be long can have one. Stages turns
// the stage callbacks of the pipelines (sll, treecert) into one report a
// stage.
//
// # Flags and input
//
// NewFlagSet makes a subcommand's flag set with its usage text; OneArg and
// First check the positional arguments and the flags; ArgText takes an
// argument that is a file or the text itself; WriteJSON writes the
// output. ParseFormat (with FormatUsage) reads --format, and ImplicitStdin
// and EmptyStdin say when standard input is the INPUT.
//
// # Limits
//
// CheckPrec is the one bound of every --prec flag (MinPrec to MaxPrec
// bits).
//
// Numbers in JSON output go through package jsonnum, which the library
// packages that write reports share.
package cli
