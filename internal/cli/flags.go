package cli

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// NewFlagSet returns the flag set of a subcommand: parse errors come back
// as errors (flag.ContinueOnError, for ParseFlags), messages go to out,
// and -h prints usage — the command's documentation, ending where the
// flags' list begins — followed by the flags and their defaults.
func NewFlagSet(name, usage string, out io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), usage)
		fs.PrintDefaults()
	}
	fs.SetOutput(out)
	return fs
}

// OneArg returns the only positional argument, def when there is none,
// or a *UsageError naming what is wanted (e.g. "INPUT") when there are
// more.
func OneArg(rest []string, what, def string) (string, error) {
	switch len(rest) {
	case 0:
		return def, nil
	case 1:
		return rest[0], nil
	}
	return "", Usagef("one %s at most, got %d", what, len(rest))
}

// First returns the first error that is not nil: a command checks its
// flags with First(CheckPrec(prec), checkTol(tol), …).
func First(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// ArgText returns the text an argument stands for, where a command takes
// either a file or the text itself (a polynomial system): the content of
// the file arg if one exists (fromFile true), else arg.
func ArgText(arg string) (text string, fromFile bool, err error) {
	st, err := os.Stat(arg)
	if err != nil || st.IsDir() {
		return arg, false, nil
	}
	b, err := os.ReadFile(arg)
	if err != nil {
		return "", false, Input(err)
	}
	return string(b), true, nil
}

// ReadInput reads the INPUT a command names: the file path, or standard
// input for "-". name is what messages call it: the path, or "stdin".
func ReadInput(path string, stdin io.Reader) (data []byte, name string, err error) {
	if path == "-" {
		data, err = io.ReadAll(stdin)
		return data, "stdin", err
	}
	data, err = os.ReadFile(path)
	return data, path, err
}

// LooksLikePath reports whether arg, which ArgText took as text and which
// failed to parse as such, was probably meant as a file name: one word of
// name characters with a '.' or a '/'.
func LooksLikePath(arg string) bool {
	if !strings.ContainsAny(arg, "./") {
		return false
	}
	for _, r := range arg {
		if !(r == '.' || r == '/' || r == '-' || r == '_' || r == '~' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z') {
			return false
		}
	}
	return true
}

// WriteJSON writes v to w as one line of JSON (encoding/json's form, HTML
// characters escaped), or indented by two spaces when indent is set.
func WriteJSON(w io.Writer, v any, indent bool) error {
	enc := json.NewEncoder(w)
	if indent {
		enc.SetIndent("", "  ")
	}
	return enc.Encode(v)
}

// Plural returns "1 thing" or "n things" (pl is the plural form).
func Plural(n int, one, pl string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, pl)
}
