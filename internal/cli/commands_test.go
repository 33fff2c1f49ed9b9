package cli

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

func TestCommands(t *testing.T) {
	var c Commands
	c.Prog = "prog"
	c.Register("echo", "print the arguments", func(args []string, _ io.Reader, stdout, _ io.Writer) int {
		stdout.Write([]byte(strings.Join(args, " ")))
		return 7
	})
	tests := []struct {
		args           []string
		code           int
		stdout, stderr string
	}{
		{[]string{"echo", "a", "b"}, 7, "a b", ""},
		{nil, ExitUsage, "", "usage: prog"},
		{[]string{"help"}, ExitOK, "echo       print the arguments", ""},
		{[]string{"nope"}, ExitUsage, "", `prog: unknown command "nope"`},
	}
	for _, tc := range tests {
		var out, errb bytes.Buffer
		if code := c.Run(tc.args, nil, &out, &errb); code != tc.code {
			t.Errorf("%v: exit %d, want %d", tc.args, code, tc.code)
		}
		if !strings.Contains(out.String(), tc.stdout) || !strings.Contains(errb.String(), tc.stderr) {
			t.Errorf("%v: stdout %q stderr %q", tc.args, out.String(), errb.String())
		}
	}
	c.Default = "echo"
	if code := c.Run(nil, nil, io.Discard, io.Discard); code != 7 {
		t.Errorf("default command: exit %d", code)
	}
}
