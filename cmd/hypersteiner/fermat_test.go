package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

func runFermatCmd(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(append([]string{"fermat"}, args...), strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

type fermatOut struct {
	Status    string  `json:"status"`
	X         *string `json:"x"`
	Y         *string `json:"y"`
	Certified *bool   `json:"certified"`
	Radius    *string `json:"radius"`
}

func parseLines(t *testing.T, s string) []fermatOut {
	t.Helper()
	var out []fermatOut
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		if l == "" {
			continue
		}
		var o fermatOut
		require.NoError(t, json.Unmarshal([]byte(l), &o), l)
		out = append(out, o)
	}
	return out
}

const fermatInput = `# three triangles
ax,ay,bx,by,cx,cy
0.1,0.2,-0.4,0.3,0.2,-0.5
0.1,0.2,0.1,0.2,0.3,0.3   # repeated vertex
-0.5,0,0,0.001,0.5,0
`

func TestFermatCommand(t *testing.T) {
	for _, solver := range []string{"", "auto", "newton", "simple", "homotopy", "precise"} {
		args := []string{}
		if solver != "" {
			args = append(args, "--solver", solver)
		}
		code, out, errs := runFermatCmd(t, fermatInput, args...)
		require.Equal(t, 0, code, errs)
		require.Empty(t, errs)
		lines := parseLines(t, out)
		require.Len(t, lines, 3)
		// Line 1: the Steiner point, printed with 17 significant digits,
		// equal to the package's answer.
		assert.Equal(t, "ok", lines[0].Status)
		require.NotNil(t, lines[0].X)
		require.NotNil(t, lines[0].Y)
		require.NotNil(t, lines[0].Certified)
		assert.False(t, *lines[0].Certified)
		assert.Nil(t, lines[0].Radius)
		name := solver
		if name == "" {
			name = fermat.DefaultName
		}
		s, err := fermat.ByName(name)
		require.NoError(t, err)
		p, st := s.Fermat(hyperbolic.Point{X: 0.1, Y: 0.2}, hyperbolic.Point{X: -0.4, Y: 0.3}, hyperbolic.Point{X: 0.2, Y: -0.5})
		require.Equal(t, fermat.Found, st)
		x, err := strconv.ParseFloat(*lines[0].X, 64)
		require.NoError(t, err)
		y, _ := strconv.ParseFloat(*lines[0].Y, 64)
		assert.Equal(t, p, hyperbolic.Point{X: x, Y: y}, "17 digits round-trip float64")
		assert.Equal(t, 17, fermatSigDigits(*lines[0].X))
		// Line 2: repeated vertex; line 3: an angle of nearly 180°.
		for _, l := range lines[1:] {
			assert.Equal(t, "none", l.Status)
			assert.Nil(t, l.X)
			assert.Nil(t, l.Y)
		}
	}
}

// fermatSigDigits counts the significant digits of a decimal literal.
func fermatSigDigits(s string) int {
	s = strings.TrimLeft(strings.SplitN(strings.ToLower(s), "e", 2)[0], "-+")
	s = strings.ReplaceAll(s, ".", "")
	return len(strings.TrimLeft(s, "0"))
}

func TestFermatCommandFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "tri.csv")
	require.NoError(t, os.WriteFile(path, []byte(fermatInput), 0o644))
	code, out, errs := runFermatCmd(t, "", path)
	require.Equal(t, 0, code, errs)
	require.Len(t, parseLines(t, out), 3)
	// Flags after the input, and '-' for stdin.
	code, out2, _ := runFermatCmd(t, fermatInput, "-", "--solver", "newton")
	require.Equal(t, 0, code)
	assert.Equal(t, out, out2)
}

func TestFermatCommandErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.csv")
	require.NoError(t, os.WriteFile(bad, []byte("0.1,0.2,-0.4,0.3,0.2,-0.5\n\n0.1,0.2,-0.4,1.3,0.2,-0.5\n"), 0o644))
	cases := []struct {
		name, stdin string
		args        []string
		want        []string // substrings of the one-line message
	}{
		{"outside", "", []string{bad}, []string{"bad.csv:3:", "vertex b", "outside the unit circle"}},
		{"columns", "0.1,0.2,0.3,0.4\n", nil, []string{"stdin:1", "4 columns, expected 6"}},
		{"malformed", "0.1,0.2,0.3,0.4,x,0.1\n", nil, []string{"stdin:1:", `"x"`}},
		{"NaN", "0.1,0.2,0.3,0.4,NaN,0.1\n", nil, []string{"stdin:1"}},
		{"missing file", "", []string{filepath.Join(dir, "none.csv")}, []string{"none.csv"}},
		{"unknown solver", "", []string{"--solver", "bogus"}, []string{`unknown solver "bogus"`, "available: auto, "}},
		{"prec without certifier", "", []string{"--prec", "200"}, []string{"--prec", `"auto"`}},
		{"two inputs", "", []string{"a.csv", "b.csv"}, []string{"at most one INPUT"}},
		{"bad flag", "", []string{"--bogus"}, []string{"bogus"}},
	}
	for _, tc := range cases {
		code, out, errs := runFermatCmd(t, tc.stdin, tc.args...)
		assert.Equal(t, 2, code, tc.name)
		assert.Empty(t, out, tc.name)
		assert.Equal(t, 1, strings.Count(errs, "\n"), "%s: one line: %q", tc.name, errs)
		assert.True(t, strings.HasPrefix(errs, "hypersteiner fermat: "), tc.name)
		for _, w := range tc.want {
			assert.Contains(t, errs, w, tc.name)
		}
	}
}

// TestFermatCommandCertified: the command finds solvers through the
// registry, so "certified" works once package fermat has it (it is added
// by another file of that package); until then it is an unknown solver.
func TestFermatCommandCertified(t *testing.T) {
	in := "0.1,0.2,-0.4,0.3,0.2,-0.5\n-0.5,0,0,0.001,0.5,0\n"
	if _, err := fermat.ByName("certified"); err != nil {
		code, _, errs := runFermatCmd(t, in, "--solver", "certified")
		assert.Equal(t, 2, code)
		assert.Contains(t, errs, `unknown solver "certified"`)
		return
	}
	for _, args := range [][]string{{"--solver", "certified"}, {"--solver", "certified", "--prec", "200"}} {
		code, out, errs := runFermatCmd(t, in, args...)
		require.Equal(t, 0, code, errs)
		lines := parseLines(t, out)
		require.Len(t, lines, 2)
		l := lines[0]
		require.Equal(t, "ok", l.Status, out)
		require.NotNil(t, l.Certified)
		assert.True(t, *l.Certified)
		require.NotNil(t, l.Radius)
		require.NotNil(t, l.X)
		r, err := strconv.ParseFloat(*l.Radius, 64)
		require.NoError(t, err)
		assert.Greater(t, r, 0.0)
		assert.GreaterOrEqual(t, fermatSigDigits(*l.X), 17)
		assert.Equal(t, "none", lines[1].Status)
	}
}

func TestFermatCommandEmptyAndHelp(t *testing.T) {
	code, out, errs := runFermatCmd(t, "# nothing\n")
	assert.Equal(t, 0, code, errs)
	assert.Empty(t, out)
	code, out, _ = runFermatCmd(t, "", "-h")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "usage: hypersteiner fermat")
	assert.Contains(t, out, "-solver")
}
