package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hypersteiner/hypersteiner/exact"
	"github.com/hypersteiner/hypersteiner/internal/fixture"
	"github.com/hypersteiner/hypersteiner/sll"
	"github.com/stretchr/testify/require"
)

func runExactCmd(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(append([]string{"exact"}, args...), strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

// pentagon is five points of the Klein disk (also read as Euclidean).
const pentagon = "0.3,0.1\n-0.2,0.35\n-0.4,-0.1\n0.05,-0.45\n0.5,-0.3\n"

func TestExactCommand(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		space string
	}{
		{"hyperbolic", []string{"-"}, "hyperbolic"},
		{"euclidean", []string{"--space", "euclidean", "-"}, "euclidean"},
		{"flags after input", []string{"-", "--space", "euclidean", "--quiet"}, "euclidean"},
		{"fst hyperbolic", []string{"--method", "fst", "-"}, "hyperbolic"},
		{"fst euclidean", []string{"--method", "fst", "--space", "euclidean", "-"}, "euclidean"},
		{"efst euclidean", []string{"--method", "efst", "--space", "euclidean", "-"}, "euclidean"},
	}
	lengths := map[string]float64{}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runExactCmd(t, pentagon, tc.args...)
			require.Equal(t, 0, code, errOut)
			var tr sll.Tree
			require.NoError(t, json.Unmarshal([]byte(out), &tr))
			require.Equal(t, "exact", tr.Solver)
			require.Equal(t, tc.space, tr.Space)
			require.Equal(t, 5, tr.Terminals)
			require.Len(t, tr.Edges, len(tr.Vertices)-1)
			require.Less(t, tr.Length, tr.MSTLength)
			// The JSON's length is the sum of its edge lengths.
			var sum float64
			for _, w := range tr.EdgeLengths {
				sum += w
			}
			require.InEpsilon(t, sum, tr.Length, 1e-15)
			// Both methods find the same optimum.
			if l, ok := lengths[tc.space]; ok {
				require.InEpsilon(t, l, tr.Length, 1e-12)
			}
			lengths[tc.space] = tr.Length
			switch {
			case strings.Contains(tc.name, "efst"):
				require.Contains(t, errOut, "method efst:")
			case strings.Contains(tc.name, "fst"):
				require.Contains(t, errOut, "full Steiner trees:")
			}
			if !strings.Contains(strings.Join(tc.args, " "), "--quiet") {
				require.Contains(t, errOut, "optimal within")
			} else {
				require.Empty(t, errOut)
			}
		})
	}
}

func TestExactCommandOut(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "pts.csv")
	require.NoError(t, os.WriteFile(in, []byte(pentagon), 0o644))
	path := filepath.Join(dir, "tree.json")
	out, errOut, code := runExactCmd(t, "", "--out", path, "--quiet", in)
	require.Equal(t, 0, code, errOut)
	require.Empty(t, out)
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var tr sll.Tree
	require.NoError(t, json.Unmarshal(b, &tr))
	require.Equal(t, 5, tr.Terminals)
}

func TestExactCommandErrors(t *testing.T) {
	var many, thirteen strings.Builder
	for i := 0; i < exact.MaxHyperbolicTerminals+1; i++ {
		fmt.Fprintf(&many, "%g,%g\n", 0.5*math.Cos(float64(i)), 0.5*math.Sin(float64(i)))
		if i < exact.MaxTerminals+1 {
			fmt.Fprintf(&thirteen, "%g,%g\n", 0.5*math.Cos(float64(i)), 0.5*math.Sin(float64(i)))
		}
	}
	tests := []struct {
		name, stdin string
		args        []string
		want        string
	}{
		{"no input", "", nil, "no INPUT given, and standard input"},
		{"two inputs", "", []string{"a", "b"}, "one INPUT"},
		{"malformed", "0.1,0.2\n0.3,x\n", []string{"-"}, "2"},
		{"outside the disk", "0.1,0.2\n1.5,0\n", []string{"-"}, "point"},
		{"repeated point", "0.1,0.2\n0.3,0.1\n0.1,0.2\n", []string{"-"}, "repeats"},
		{"too many points", many.String(), []string{"-"}, fmt.Sprintf("the hyperbolic exact solver takes at most %d terminals", exact.MaxHyperbolicTerminals)},
		{"too many points fst", thirteen.String(), []string{"--method", "fst", "-"}, "the fst method takes at most 12 terminals"},
		{"efst hyperbolic", pentagon, []string{"--method", "efst", "-"}, "--method efst needs --space euclidean"},
		{"negative time limit", pentagon, []string{"--time-limit", "-1s", "-"}, "--time-limit"},
		{"bad time limit", pentagon, []string{"--time-limit", "soon", "-"}, "time-limit"},
		{"bad space", pentagon, []string{"--space", "spherical", "-"}, "--space"},
		{"bad solver", pentagon, []string{"--solver", "nope", "-"}, "nope"},
		{"bad method", pentagon, []string{"--method", "smith", "-"}, "smith"},
		{"unknown flag", pentagon, []string{"--nope", "-"}, "nope"},
		{"missing file", "", []string{"/nonexistent/pts.csv"}, "nonexistent"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runExactCmd(t, tc.stdin, tc.args...)
			require.Equal(t, 2, code, "stderr: %s", errOut)
			require.Empty(t, out)
			require.Equal(t, 1, strings.Count(errOut, "\n"), "one line: %q", errOut)
			require.Contains(t, errOut, "hypersteiner exact: ")
			require.Contains(t, errOut, tc.want)
		})
	}
	_, errOut, code := runExactCmd(t, "", "-h")
	require.Equal(t, 0, code)
	require.Contains(t, errOut, "usage: hypersteiner exact")
}

// Above 12 points the Euclidean command uses GeoSteiner's method: the
// OR-Library instance estein30_01 comes out at its published optimal
// length (9 decimals), and every claim of the file is proved.
func TestExactCommandEuclideanLarge(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tree.json")
	code, tr, errOut := runTo(t, path, "exact", "--space", "euclidean", fixture.Path(t, "estein/estein30_01.txt"))
	require.Equal(t, 0, code, errOut)
	require.Equal(t, 30, tr.Terminals)
	require.Equal(t, "exact", tr.Solver)
	require.InEpsilon(t, fixture.EsteinOptima(t)["estein30_01"].SMT, tr.Length, 1e-9)
	require.Contains(t, errOut, "optimal within")
	require.Contains(t, errOut, "method efst:")
	require.NotContains(t, errOut, "time-limit")
	certified(t, path)
}

// A --time-limit that stops the search still writes a valid tree, exits
// 0 and says how close to optimal it is proved to be, never that it is
// optimal (also with --quiet).
func TestExactCommandTimeLimit(t *testing.T) {
	in := fixture.Path(t, "estein/estein50_01.txt")
	for _, quiet := range []bool{false, true} {
		path := filepath.Join(t.TempDir(), "tree.json")
		args := []string{"exact", "--space", "euclidean", "--time-limit", "1ns", in}
		if quiet {
			args = append(args, "--quiet")
		}
		code, tr, errOut := runTo(t, path, args...)
		require.Equal(t, 0, code, errOut)
		require.Equal(t, 50, tr.Terminals)
		require.GreaterOrEqual(t, tr.Length, fixture.EsteinOptima(t)["estein50_01"].SMT*(1-1e-9))
		require.Regexp(t, `stopped by --time-limit: within [0-9.e+-]+% of optimal \(proved\)`, errOut)
		require.NotContains(t, errOut, "optimal within")
		require.NotContains(t, errOut, " optimal,")
		if quiet {
			require.Equal(t, 1, strings.Count(errOut, "\n"), errOut)
		}
		certified(t, path)
	}
}
