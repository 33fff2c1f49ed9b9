package cli

import (
	"errors"
	"io"
	"os"

	"github.com/hypersteiner/hypersteiner/pointio"
)

// FormatUsage documents the --format flag of the commands that read
// points or triangles.
const FormatUsage = "input format: auto (by the file's extension, else by the content; standard input by the content), csv, json or npy"

// ParseFormat reads --format: a *UsageError unless it names a format.
func ParseFormat(s string) (pointio.Format, error) {
	f, err := pointio.ParseFormat(s)
	if err != nil {
		return 0, Usagef("--format must be auto, csv, json or npy, not %q", s)
	}
	return f, nil
}

// ImplicitStdin names standard input ("-") as the INPUT when rest names
// none and standard input carries data: it does unless it is a terminal
// (or another character device, such as /dev/null); readers that are not
// files (tests) count as data. implicit says it did.
func ImplicitStdin(rest []string, stdin io.Reader) (args []string, implicit bool) {
	if len(rest) > 0 || stdin == nil {
		return rest, false
	}
	if f, ok := stdin.(*os.File); ok {
		st, err := f.Stat()
		if err != nil || st.Mode()&os.ModeCharDevice != 0 {
			return rest, false
		}
	}
	return []string{"-"}, true
}

// EmptyStdin marks an error of reading the INPUT as an input error, and
// restates "no data rows" on standard input that was read because no
// INPUT was given (implicit, see ImplicitStdin) as the usage error it is.
func EmptyStdin(err error, implicit bool) error {
	if implicit && errors.Is(err, pointio.ErrNoData) {
		return Usagef("no INPUT given, and standard input (not a terminal, so it was read) holds no points")
	}
	return Input(err)
}
