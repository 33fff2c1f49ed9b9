package cli

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/internal/fixture"
	"github.com/hypersteiner/hypersteiner/pointio"
)

// TestNewFlagSet: -h prints the usage, then the flags; a bad flag is a
// usage error and prints nothing.
func TestNewFlagSet(t *testing.T) {
	var out bytes.Buffer
	fs := NewFlagSet("demo", "usage: demo [flags]\n\nflags:\n", &out)
	fs.Int("n", 3, "how many")
	_, err := ParseFlags(fs, []string{"-h"})
	assert.ErrorIs(t, err, flag.ErrHelp)
	assert.Equal(t, "usage: demo [flags]\n\nflags:\n  -n int\n    \thow many (default 3)\n", out.String())
	out.Reset()
	_, err = ParseFlags(fs, []string{"-n", "x"})
	assert.Equal(t, ExitUsage, ExitCode(err))
	assert.Empty(t, out.String())
}

func TestOneArgFirst(t *testing.T) {
	for _, tc := range []struct {
		rest []string
		want string
		err  string
	}{
		{nil, "-", ""},
		{[]string{"a.csv"}, "a.csv", ""},
		{[]string{"a", "b"}, "", "one INPUT at most, got 2"},
	} {
		got, err := OneArg(tc.rest, "INPUT", "-")
		if tc.err != "" {
			assert.EqualError(t, err, tc.err)
			assert.Equal(t, ExitUsage, ExitCode(err))
			continue
		}
		require.NoError(t, err)
		assert.Equal(t, tc.want, got)
	}
	a, b := errors.New("a"), errors.New("b")
	assert.Equal(t, a, First(nil, a, b))
	assert.NoError(t, First(nil, nil))
}

// TestArgText: an existing file is read, anything else is the text.
func TestArgText(t *testing.T) {
	path := fixture.WriteTemp(t, "sys.txt", []byte("x - 1"))
	dir := filepath.Dir(path)
	for _, tc := range []struct {
		arg, text string
		fromFile  bool
	}{
		{path, "x - 1", true},
		{"x^2 - 2", "x^2 - 2", false},
		{dir, dir, false},
		{filepath.Join(dir, "none.txt"), filepath.Join(dir, "none.txt"), false},
	} {
		text, fromFile, err := ArgText(tc.arg)
		require.NoError(t, err)
		assert.Equal(t, tc.text, text)
		assert.Equal(t, tc.fromFile, fromFile)
	}
	for arg, want := range map[string]bool{"sys.txt": true, "./a": true, "~/s-1_2.poly": true, "x^2 - 1": false, "x": false, "": false, "a.b c": false} {
		assert.Equal(t, want, LooksLikePath(arg), arg)
	}
}

// TestReadInput: a file by its path, standard input for "-".
func TestReadInput(t *testing.T) {
	path := fixture.WriteTemp(t, "in.csv", []byte("1,2\n"))
	data, name, err := ReadInput(path, nil)
	require.NoError(t, err)
	assert.Equal(t, "1,2\n", string(data))
	assert.Equal(t, path, name)
	data, name, err = ReadInput("-", strings.NewReader("3,4\n"))
	require.NoError(t, err)
	assert.Equal(t, "3,4\n", string(data))
	assert.Equal(t, "stdin", name)
	_, _, err = ReadInput(filepath.Join(filepath.Dir(path), "none.csv"), nil)
	assert.ErrorIs(t, err, os.ErrNotExist)
}

func TestWriteJSONPlural(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, WriteJSON(&b, map[string]any{"a": []int{1}, "b": "<"}, false))
	assert.Equal(t, "{\"a\":[1],\"b\":\"\\u003c\"}\n", b.String())
	b.Reset()
	require.NoError(t, WriteJSON(&b, map[string]int{"a": 1}, true))
	assert.Equal(t, "{\n  \"a\": 1\n}\n", b.String())
	assert.Equal(t, "1 row", Plural(1, "row", "rows"))
	assert.Equal(t, "0 rows", Plural(0, "row", "rows"))
}

// TestInputConventions: --format, the implicit standard input and what an
// empty one means.
func TestInputConventions(t *testing.T) {
	f, err := ParseFormat("NPY")
	require.NoError(t, err)
	assert.Equal(t, pointio.NPY, f)
	_, err = ParseFormat("xml")
	assert.EqualError(t, err, `--format must be auto, csv, json or npy, not "xml"`)

	rest, implicit := ImplicitStdin(nil, strings.NewReader("0 0\n"))
	assert.Equal(t, []string{"-"}, rest)
	assert.True(t, implicit)
	rest, implicit = ImplicitStdin([]string{"a.csv"}, strings.NewReader(""))
	assert.Equal(t, []string{"a.csv"}, rest)
	assert.False(t, implicit)
	_, implicit = ImplicitStdin(nil, nil)
	assert.False(t, implicit)
	devnull, err := os.Open(os.DevNull)
	require.NoError(t, err)
	defer devnull.Close()
	_, implicit = ImplicitStdin(nil, devnull)
	assert.False(t, implicit, "a character device is no input")
	file, err := os.Open("flags.go")
	require.NoError(t, err)
	defer file.Close()
	_, implicit = ImplicitStdin(nil, file)
	assert.True(t, implicit, "a redirected file is")

	_, noData := pointio.Options{Name: "stdin"}.Read(strings.NewReader(""), pointio.CSV)
	require.ErrorIs(t, noData, pointio.ErrNoData)
	err = EmptyStdin(noData, true)
	assert.Equal(t, ExitUsage, ExitCode(err))
	assert.Contains(t, err.Error(), "no INPUT given")
	err = EmptyStdin(noData, false)
	assert.Equal(t, noData.Error(), err.Error())
	assert.Equal(t, ExitUsage, ExitCode(err))
	assert.NoError(t, EmptyStdin(nil, true))
}
