package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/hypersteiner/hypersteiner/pointio"
)

func TestExitCode(t *testing.T) {
	_, missing := os.Open("/nonexistent/input.csv")
	_, parseErr := pointio.Read(strings.NewReader("1,2\n3\n"), pointio.CSV)
	_, valueErr := pointio.Read(strings.NewReader("1,NaN\n"), pointio.CSV)
	_, unknownModel := pointio.ParseModel("sphere")
	_, unknownFormat := pointio.ParseFormat("xlsx")
	tests := []struct {
		name string
		err  error
		want int
	}{
		{"nil", nil, ExitOK},
		{"help", flag.ErrHelp, ExitOK},
		{"usage", Usagef("unknown solver %q", "x"), ExitUsage},
		{"input", Input(errors.New("bad")), ExitUsage},
		{"wrapped usage", fmt.Errorf("tree: %w", Usagef("x")), ExitUsage},
		{"pointio parse", parseErr, ExitUsage},
		{"pointio value", valueErr, ExitUsage},
		{"missing file", missing, ExitUsage},
		{"unknown model", unknownModel, ExitUsage},
		{"unknown format", unknownFormat, ExitUsage},
		{"failed", Failedf("2 Steiner points not certified"), ExitFailure},
		{"failed wins", Input(Failedf("x")), ExitFailure},
		{"other", errors.New("internal"), ExitFailure},
	}
	for _, tc := range tests {
		if got := ExitCode(tc.err); got != tc.want {
			t.Errorf("%s: ExitCode(%v) = %d, want %d", tc.name, tc.err, got, tc.want)
		}
	}
	if Input(nil) != nil {
		t.Errorf("Input(nil) is not nil")
	}
}

func TestReport(t *testing.T) {
	_, inputErr := pointio.Options{Name: "input.csv"}.Read(strings.NewReader("x,y\n0.1,0.2\n0.3,Inf\n"), pointio.CSV)
	tests := []struct {
		err  error
		line string
		code int
	}{
		{nil, "", 0},
		{flag.ErrHelp, "", 0},
		{inputErr, "hypersteiner tree: input.csv:3:5: value Inf is not finite\n", 2},
		{Usagef("too many arguments"), "hypersteiner tree: too many arguments (run 'hypersteiner tree -h' for usage)\n", 2},
		{errors.New("first\n  second\r\n\nthird"), "hypersteiner tree: first; second; third\n", 1},
	}
	for _, tc := range tests {
		var b bytes.Buffer
		code := Report(&b, "hypersteiner tree", tc.err)
		if b.String() != tc.line || code != tc.code {
			t.Errorf("Report(%v) wrote %q and returned %d, want %q and %d", tc.err, b.String(), code, tc.line, tc.code)
		}
	}
}

func newFlags() (*flag.FlagSet, *string, *bool, *bytes.Buffer) {
	fs := flag.NewFlagSet("tree", flag.ContinueOnError)
	var out bytes.Buffer
	fs.SetOutput(&out)
	o := fs.String("out", "", "output file")
	v := fs.Bool("v", false, "verbose")
	return fs, o, v, &out
}

func TestParseFlags(t *testing.T) {
	tests := []struct {
		args []string
		pos  []string
		out  string
		v    bool
	}{
		{[]string{"in.csv"}, []string{"in.csv"}, "", false},
		{[]string{"-out", "t.json", "in.csv"}, []string{"in.csv"}, "t.json", false},
		{[]string{"in.csv", "--out", "t.json", "-v"}, []string{"in.csv"}, "t.json", true},
		{[]string{"a", "-v", "b"}, []string{"a", "b"}, "", true},
		{[]string{"-v", "--", "-out", "x"}, []string{"-out", "x"}, "", true},
		{[]string{"-"}, []string{"-"}, "", false},
		{nil, nil, "", false},
	}
	for _, tc := range tests {
		fs, o, v, out := newFlags()
		pos, err := ParseFlags(fs, tc.args)
		if err != nil {
			t.Errorf("%q: %v", tc.args, err)
			continue
		}
		if fmt.Sprint(pos) != fmt.Sprint(tc.pos) || *o != tc.out || *v != tc.v {
			t.Errorf("%q: positional %q out %q v %v, want %q %q %v", tc.args, pos, *o, *v, tc.pos, tc.out, tc.v)
		}
		if out.Len() != 0 {
			t.Errorf("%q: flag package wrote %q", tc.args, out.String())
		}
	}
}

func TestParseFlagsErrors(t *testing.T) {
	fs, _, _, out := newFlags()
	_, err := ParseFlags(fs, []string{"in.csv", "-bogus"})
	var ue *UsageError
	if !errors.As(err, &ue) || err.Error() != "flag provided but not defined: -bogus" {
		t.Errorf("unknown flag: error %T %v", err, err)
	}
	if out.Len() != 0 {
		t.Errorf("flag package wrote %q; the command reports the one line", out.String())
	}

	fs, _, _, out = newFlags()
	_, err = ParseFlags(fs, []string{"-h"})
	if !errors.Is(err, flag.ErrHelp) || ExitCode(err) != ExitOK {
		t.Errorf("-h: error %v", err)
	}
	if !strings.Contains(out.String(), "Usage of tree:") || !strings.Contains(out.String(), "-out string") {
		t.Errorf("-h printed %q, want the usage", out.String())
	}
}
