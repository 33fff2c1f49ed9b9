package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sbinet/npyio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/mat"

	"github.com/hypersteiner/hypersteiner/hierarchy"
	"github.com/hypersteiner/hypersteiner/sll"
)

// writePlanariaDir writes a synthetic hierarchy in the Planaria file
// layout to a temporary folder: the points as an (n, 2) .npy table and
// their depths as an (n,) vector, the root first.
func writePlanariaDir(t *testing.T, s *hierarchy.Synthetic, truth []float64) string {
	t.Helper()
	dir := t.TempDir()
	pts := s.Data.Points
	flat := make([]float64, 0, 2*len(pts))
	for _, p := range pts {
		flat = append(flat, p.X, p.Y)
	}
	write := func(name string, v any) {
		f, err := os.Create(filepath.Join(dir, name))
		require.NoError(t, err)
		require.NoError(t, npyio.Write(f, v))
		require.NoError(t, f.Close())
	}
	write(hierarchy.PlanariaPoints, mat.NewDense(len(pts), 2, flat))
	write(hierarchy.PlanariaTruth, truth)
	return dir
}

func syntheticDir(t *testing.T) (string, *hierarchy.Synthetic) {
	s, err := hierarchy.NewSynthetic(hierarchy.SyntheticConfig{Depth: 3, PerBranch: 15, Branch: 1, Noise: 1e-4, Seed: 1})
	require.NoError(t, err)
	return writePlanariaDir(t, s, s.Data.Truth), s
}

func runCmd(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(append([]string{"planaria"}, args...), strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// parseTSV returns the rows of a TSV table as maps from column to field.
func parseTSV(t *testing.T, s string) []map[string]string {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	require.NotEmpty(t, lines)
	head := strings.Split(lines[0], "\t")
	var rows []map[string]string
	for _, l := range lines[1:] {
		f := strings.Split(l, "\t")
		require.Len(t, f, len(head), "row %q", l)
		m := map[string]string{}
		for i, h := range head {
			m[h] = f[i]
		}
		rows = append(rows, m)
	}
	return rows
}

func num(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	require.NoError(t, err)
	return v
}

func TestPlanariaWhole(t *testing.T) {
	dir, s := syntheticDir(t)
	code, out, stderr := runCmd("--data", dir, "--format", "tsv", "--quiet")
	require.Equal(t, 0, code, stderr)
	rows := parseTSV(t, out)
	require.Len(t, rows, 2)
	bound := s.ErrorBound(1e-4)
	for i, m := range []string{"hypersteiner", "mst"} {
		r := rows[i]
		assert.Equal(t, m, r["method"])
		assert.Equal(t, "0", r["missing"])
		assert.Equal(t, "1", r["runs"])
		assert.Equal(t, strconv.Itoa(len(s.Data.Points)), r["points"])
		assert.Equal(t, "NaN", r["error_sd"])
		assert.GreaterOrEqual(t, num(t, r["cpu_s"]), 0.0)
		// Both trees follow the branches: the bound of Synthetic.ErrorBound
		// (for HyperSteiner by the same locality: its full Steiner trees
		// replace MST edges inside one Delaunay triangle or pair).
		assert.Less(t, num(t, r["error_mean"]), bound, "%s", m)
	}
}

func TestPlanariaSweep(t *testing.T) {
	dir, _ := syntheticDir(t)
	svg := filepath.Join(t.TempDir(), "fig.svg")
	args := []string{"--data", dir, "--missing", "60,30", "--runs", "3", "--seed", "7",
		"--methods", "hypersteiner,mst,nj", "--format", "tsv", "--quiet"}
	code, out, stderr := runCmd(append(args, "--jobs", "1", "--plot", svg)...)
	require.Equal(t, 0, code, stderr)
	rows := parseTSV(t, out)
	require.Len(t, rows, 6)
	for _, col := range []string{"method", "missing", "runs", "error_mean", "error_sd", "cpu_s"} {
		assert.Contains(t, rows[0], col)
	}
	assert.Equal(t, []string{"hypersteiner", "mst", "nj", "hypersteiner", "mst", "nj"},
		[]string{rows[0]["method"], rows[1]["method"], rows[2]["method"], rows[3]["method"], rows[4]["method"], rows[5]["method"]})
	assert.Equal(t, "60", rows[0]["missing"])
	assert.Equal(t, "30", rows[5]["missing"])
	assert.Equal(t, "3", rows[0]["runs"])
	assert.Greater(t, num(t, rows[0]["error_sd"]), 0.0)
	fig, err := os.ReadFile(svg)
	require.NoError(t, err)
	assert.Contains(t, string(fig), "<svg")

	// The same seed with two workers gives the same errors.
	code, out2, stderr := runCmd(append(args, "--jobs", "2")...)
	require.Equal(t, 0, code, stderr)
	rows2 := parseTSV(t, out2)
	for i := range rows {
		assert.Equal(t, rows[i]["error_mean"], rows2[i]["error_mean"])
		assert.Equal(t, rows[i]["error_sd"], rows2[i]["error_sd"])
	}

	// Markdown.
	code, md, stderr := runCmd("--data", dir, "--missing", "50", "--runs", "2", "--methods", "mst", "--quiet")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, md, "| method | missing % | points | runs | error | CPU s | wall s |")
	assert.Contains(t, md, "| mst | 50 | ")
}

func TestPlanariaErrors(t *testing.T) {
	dir, s := syntheticDir(t)
	empty := t.TempDir()
	short := writePlanariaDir(t, s, s.Data.Truth[:len(s.Data.Truth)-1])
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no data files", []string{"--data", empty}, hierarchy.PlanariaPoints},
		{"lengths differ", []string{"--data", short}, "ground-truth ages"},
		{"format", []string{"--data", dir, "--format", "xml"}, "--format"},
		{"missing 100", []string{"--data", dir, "--missing", "100"}, "--missing"},
		{"missing text", []string{"--data", dir, "--missing", "95,x"}, "item 2"},
		{"method", []string{"--data", dir, "--methods", "upgma"}, "unknown method"},
		{"plot ext", []string{"--data", dir, "--missing", "50", "--plot", "f.png"}, "must end in .svg"},
		{"plot alone", []string{"--data", dir, "--plot", "f.svg"}, "--plot needs --missing"},
		{"runs", []string{"--data", dir, "--runs", "0"}, "--runs"},
		{"nj limit", []string{"--data", dir, "--methods", "nj", "--nj-max", "10"}, "--nj-max 10"},
		{"solver", []string{"--data", dir, "--solver", "magic"}, "magic"},
		{"positional", []string{"--data", dir, "extra"}, "positional"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, stderr := runCmd(append(tc.args, "--quiet")...)
			assert.Equal(t, 2, code, stderr)
			assert.Empty(t, out)
			assert.Contains(t, stderr, tc.want)
			assert.True(t, strings.HasPrefix(stderr, "hypersteiner planaria: "), stderr)
			assert.Equal(t, 1, strings.Count(stderr, "\n"), "one line: %q", stderr)
		})
	}
	// The missing-file message says where the data are.
	_, _, stderr := runCmd("--data", empty, "--quiet")
	assert.Contains(t, stderr, "AGarciaCast/HyperSteiner")
	code, out, _ := runCmd("-h")
	assert.Equal(t, 0, code)
	assert.Empty(t, out)
}

// TestPlanariaMSTMatchesSLL: the hierarchy package's MST and sll's tree
// without a Fermat solver (the MST of the same pipeline) have the same
// length on a synthetic set (the same edges up to ties; the sums agree to
// rounding, 1e-12 relative over a few hundred terms).
func TestPlanariaMSTMatchesSLL(t *testing.T) {
	s, err := hierarchy.NewSynthetic(hierarchy.SyntheticConfig{Depth: 4, PerBranch: 10, Branch: 1, Noise: 1e-3, Seed: 4})
	require.NoError(t, err)
	ours, err := hierarchy.MST(s.Data.Points)
	require.NoError(t, err)
	theirs, err := sll.Build(s.Data.Points, sll.Options{Space: sll.Hyperbolic(nil), Workers: 1})
	require.NoError(t, err)
	sum := 0.0
	for _, l := range ours.Lengths {
		sum += l
	}
	assert.InEpsilon(t, theirs.MSTLength, sum, 1e-12)
}
