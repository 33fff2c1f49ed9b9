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
			if strings.Contains(tc.name, "fst") {
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
	var many strings.Builder
	for i := 0; i < 13; i++ {
		fmt.Fprintf(&many, "%g,%g\n", 0.5*math.Cos(float64(i)), 0.5*math.Sin(float64(i)))
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
		{"too many points", many.String(), []string{"-"}, "at most 12"},
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
