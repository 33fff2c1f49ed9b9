package cli

import (
	"bytes"
	"io"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/hypersteiner/hypersteiner/internal/fixture"
	"github.com/stretchr/testify/assert"
)

func TestCommands(t *testing.T) {
	file := fixture.WriteTemp(t, "points", nil)
	var c Commands
	c.Prog = "prog"
	c.Register("echo", "print the arguments", func(args []string, _ io.Reader, stdout, stderr io.Writer) int {
		if len(args) == 1 && args[0] == "-h" {
			stderr.Write([]byte("usage: prog echo [ARGS]"))
			return 0
		}
		stdout.Write([]byte(strings.Join(args, " ")))
		return 7
	})
	tests := []struct {
		name           string
		dflt           string
		args           []string
		code           int
		stdout, stderr string
	}{
		{"command", "", []string{"echo", "a", "b"}, 7, "a b", ""},
		{"no arguments, no default", "", nil, ExitUsage, "", "usage: prog"},
		{"no arguments, default", "echo", nil, 7, "", ""},
		{"help", "", []string{"help"}, ExitOK, "echo       print the arguments", ""},
		{"--help", "echo", []string{"--help"}, ExitOK, "(the default: 'prog INPUT' is 'prog echo INPUT')", ""},
		{"help command", "", []string{"help", "echo"}, ExitOK, "usage: prog echo [ARGS]", ""},
		{"help unknown", "", []string{"help", "nope"}, ExitUsage, "", `prog help: unknown command "nope"`},
		{"version", "", []string{"--version"}, ExitOK, "prog", ""},
		{"unknown", "", []string{"nope"}, ExitUsage, "", `prog: unknown command "nope"`},
		{"unknown, default", "echo", []string{"nope"}, ExitUsage, "", `prog: unknown command "nope"`},
		{"file with extension", "echo", []string{"in.csv", "-x"}, 7, "in.csv -x", ""},
		{"file without extension", "echo", []string{file}, 7, file, ""},
		{"stdin", "echo", []string{"-"}, 7, "-", ""},
		{"flag", "echo", []string{"--quiet", "in.csv"}, 7, "--quiet in.csv", ""},
		{"file, no default", "", []string{"in.csv"}, ExitUsage, "", `prog: unknown command "in.csv"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c.Default = tc.dflt
			var out, errb bytes.Buffer
			code := c.Run(tc.args, nil, &out, &errb)
			assert.Equal(t, tc.code, code)
			assert.Contains(t, out.String(), tc.stdout)
			assert.Contains(t, errb.String(), tc.stderr)
			if tc.stdout == "" {
				assert.Empty(t, out.String())
			}
			if tc.stderr == "" {
				assert.Empty(t, errb.String())
			}
		})
	}
}

func TestVersion(t *testing.T) {
	bi := &debug.BuildInfo{GoVersion: "go1.25.0", Main: debug.Module{Path: "example.com/m", Version: "(devel)"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef0123"},
			{Key: "vcs.time", Value: "2025-01-02T03:04:05Z"}, {Key: "vcs.modified", Value: "true"}}}
	assert.Equal(t, "prog (devel) (example.com/m), revision 0123456789ab+dirty of 2025-01-02T03:04:05Z, go1.25.0", versionOf("prog", bi))
	bi.Settings = nil
	bi.Main.Version = "v1.2.3"
	assert.Equal(t, "prog v1.2.3 (example.com/m), no VCS revision stamped, go1.25.0", versionOf("prog", bi))
	// The test binary has build information: its Go release at least.
	assert.Contains(t, Version("prog"), "go1.")
}
