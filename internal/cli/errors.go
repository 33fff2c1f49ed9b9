package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/hypersteiner/hypersteiner/pointio"
)

// Exit statuses.
const (
	ExitOK      = 0 // success, or -h
	ExitFailure = 1 // a verification failed, or an unexpected error
	ExitUsage   = 2 // a bad command line or bad input
)

// UsageError reports a bad command line: an unknown flag, a missing or
// surplus argument, an invalid flag value.
type UsageError struct {
	Msg string
}

func (e *UsageError) Error() string { return e.Msg }

// Usagef returns a *UsageError with a formatted message.
func Usagef(format string, args ...any) error {
	return &UsageError{Msg: fmt.Sprintf(format, args...)}
}

// InputError reports bad input data. Its message is the cause's, which
// should already name the file and the place (pointio's errors do).
type InputError struct {
	Err error
}

func (e *InputError) Error() string { return e.Err.Error() }

// Unwrap returns the cause.
func (e *InputError) Unwrap() error { return e.Err }

// Input marks err as an input error; it returns nil for nil.
func Input(err error) error {
	if err == nil {
		return nil
	}
	return &InputError{Err: err}
}

// FailedError reports a check that ran and failed, e.g. a Steiner point
// whose angles could not be certified to enclose 120°.
type FailedError struct {
	Msg string
}

func (e *FailedError) Error() string { return e.Msg }

// Failedf returns a *FailedError with a formatted message.
func Failedf(format string, args ...any) error {
	return &FailedError{Msg: fmt.Sprintf(format, args...)}
}

// ExitCode maps an error to the command's exit status:
//
//	nil, flag.ErrHelp                                  → ExitOK (0)
//	*UsageError, *InputError, *pointio.ParseError,
//	*pointio.ValueError, *pointio.DuplicateError,
//	*fs.PathError (no such file),
//	pointio.ErrUnknownModel, pointio.ErrUnknownFormat   → ExitUsage (2)
//	*FailedError and any other error                   → ExitFailure (1)
//
// The classes are found with errors.As, so wrapping with %w keeps them.
// A *FailedError wins over an input-error class in the same chain.
func ExitCode(err error) int {
	var (
		usage  *UsageError
		input  *InputError
		failed *FailedError
		parse  *pointio.ParseError
		value  *pointio.ValueError
		dup    *pointio.DuplicateError
		path   *fs.PathError
	)
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return ExitOK
	case errors.As(err, &failed):
		return ExitFailure
	case errors.As(err, &usage), errors.As(err, &input), errors.As(err, &parse),
		errors.As(err, &value), errors.As(err, &dup), errors.As(err, &path),
		errors.Is(err, pointio.ErrUnknownModel), errors.Is(err, pointio.ErrUnknownFormat):
		return ExitUsage
	}
	return ExitFailure
}

// Report writes err to w as one line, "prog: message", and returns
// ExitCode(err). It writes nothing for nil or flag.ErrHelp. Newlines in the
// message are folded into "; " so that the report stays one line; a usage
// error gets a hint to run prog with -h.
func Report(w io.Writer, prog string, err error) int {
	code := ExitCode(err)
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return code
	}
	msg := OneLine(err.Error())
	var usage *UsageError
	if errors.As(err, &usage) {
		msg += fmt.Sprintf(" (run '%s -h' for usage)", prog)
	}
	if prog != "" {
		msg = prog + ": " + msg
	}
	fmt.Fprintln(w, msg)
	return code
}

// OneLine folds a multi-line message into one line, joining the non-blank
// lines with "; ".
func OneLine(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	var parts []string
	for _, l := range strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == '\r' }) {
		if l = strings.TrimSpace(l); l != "" {
			parts = append(parts, l)
		}
	}
	return strings.Join(parts, "; ")
}

// ParseFlags parses args with fs and returns the positional arguments.
// Unlike fs.Parse it accepts flags after positional arguments
// ("tree in.csv --out t.json"); everything after a "--" argument is
// positional. A flag error comes back as a *UsageError and the flag
// package's own printing is suppressed, so that the command reports one
// line. For -h or -help ParseFlags writes fs's usage to fs.Output() and
// returns flag.ErrHelp (exit status 0). fs should use
// flag.ContinueOnError.
func ParseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	out := fs.Output()
	fs.SetOutput(io.Discard)
	defer fs.SetOutput(out)
	var pos []string
	for {
		err := fs.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(out)
			if fs.Usage != nil {
				fs.Usage()
			} else {
				fmt.Fprintf(out, "Usage of %s:\n", fs.Name())
				fs.PrintDefaults()
			}
			return nil, flag.ErrHelp
		}
		if err != nil {
			return nil, &UsageError{Msg: err.Error()}
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if k := len(args) - len(rest); k > 0 && args[k-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}
