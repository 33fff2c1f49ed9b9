package main

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/pointio"
	"github.com/hypersteiner/hypersteiner/treecert"
	"github.com/sbinet/npyio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/mat"
)

// runUX runs the command line args with stdin (nil: a terminal-like
// standard input that is not read) and returns the exit status and
// streams.
func runUX(stdin io.Reader, args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, stdin, &out, &errb)
	return code, out.String(), errb.String()
}

// writeTemp writes a file in a test's temporary folder.
func writeTemp(t *testing.T, name, data string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(p, []byte(data), 0o644))
	return p
}

// decodeTree reads a tree JSON with its extra fields.
func decodeTree(t *testing.T, s string) map[string]json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	require.NoError(t, json.Unmarshal([]byte(s), &m), s)
	return m
}

// TestDispatch: "hypersteiner FILE" is "hypersteiner tree FILE", help
// names a command's flags, --version prints the build.
func TestDispatch(t *testing.T) {
	in := writeTemp(t, "pentagon.csv", pentagon)
	code, out, errs := runUX(nil, in, "--quiet")
	require.Equal(t, 0, code, errs)
	assert.Equal(t, 5, int(mustInt(t, decodeTree(t, out)["terminals"])))

	code, out, errs = runUX(nil, "--quiet", in)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, `"terminals":5`)

	code, out, _ = runUX(nil, "help", "tree")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "usage: hypersteiner tree")
	assert.Contains(t, out, "-dedupe")

	code, out, _ = runUX(nil, "help", "exact")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "usage: hypersteiner exact")

	code, out, _ = runUX(nil, "--version")
	assert.Equal(t, 0, code)
	assert.True(t, strings.HasPrefix(out, "hypersteiner "), out)
	assert.Contains(t, out, "go1.")

	code, _, errs = runUX(nil, "treee")
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, `unknown command "treee"`)
}

func mustInt(t *testing.T, raw json.RawMessage) float64 {
	t.Helper()
	var x float64
	require.NoError(t, json.Unmarshal(raw, &x))
	return x
}

// npyBytes encodes rows as an .npy file.
func npyBytes(t *testing.T, rows, cols int, data []float64) []byte {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, npyio.Write(&b, mat.NewDense(rows, cols, data)))
	return b.Bytes()
}

// TestStdin: standard input that is not a terminal is the input, in any
// format; the built-in sample runs only without it.
func TestStdin(t *testing.T) {
	pts := []float64{0.3, 0.1, -0.2, 0.35, -0.4, -0.1, 0.05, -0.45, 0.5, -0.3}
	npy := npyBytes(t, 5, 2, pts)
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
	}{
		{"csv, no INPUT", pentagon, []string{"tree", "--quiet"}},
		{"json, no INPUT", "[[0.3, 0.1], [-0.2, 0.35], [-0.4, -0.1], [0.05, -0.45], [0.5, -0.3]]", []string{"tree", "--quiet"}},
		{"json, -", "[[0.3, 0.1], [-0.2, 0.35], [-0.4, -0.1], [0.05, -0.45], [0.5, -0.3]]", []string{"tree", "--quiet", "-"}},
		{"npy, -", string(npy), []string{"tree", "--quiet", "-"}},
		{"npy, --format", string(npy), []string{"tree", "--quiet", "--format", "npy"}},
		{"exact, no INPUT", pentagon, []string{"exact", "--quiet"}},
		{"exact, json", "[[0.3, 0.1], [-0.2, 0.35], [-0.4, -0.1], [0.05, -0.45], [0.5, -0.3]]", []string{"exact", "--quiet", "-"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Chdir(t.TempDir()) // nothing may be written here
			code, out, errs := runUX(strings.NewReader(tc.stdin), tc.args...)
			require.Equal(t, 0, code, errs)
			tr := decodeTree(t, out)
			assert.Equal(t, 5.0, mustInt(t, tr["terminals"]))
			var vs [][2]float64
			require.NoError(t, json.Unmarshal(tr["vertices"], &vs))
			assert.Equal(t, [2]float64{-0.2, 0.35}, vs[1], "the input, in order")
			files, _ := os.ReadDir(".")
			assert.Empty(t, files, "stdin input writes no tree.json or tree.svg")
		})
	}
	// fermat reads triangles from standard input in any format too.
	code, out, errs := runUX(strings.NewReader("[[0, 0, 0.5, 0, 0.1, 0.2]]"), "fermat")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, `"status":"ok"`)
	code, out, errs = runUX(bytes.NewReader(npyBytes(t, 1, 6, []float64{0, 0, 0.5, 0, 0.1, 0.2})), "fermat", "-")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, `"status":"ok"`)
	// --format csv forces CSV: a JSON input is then a header line alone.
	code, _, errs = runUX(strings.NewReader("[[0.1, 0.2]]"), "tree", "--format", "csv", "-")
	assert.Equal(t, 2, code)
	assert.Equal(t, "hypersteiner tree: stdin: no data rows (line 1 holds no number, so it was read as a header)\n", errs)
	code, _, errs = runUX(strings.NewReader(""), "tree", "--format", "xml", "-")
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "--format must be auto, csv, json or npy")
	// An empty pipe and no INPUT: say so, never run the sample instead.
	t.Chdir(t.TempDir())
	code, _, errs = runUX(strings.NewReader(""), "tree")
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "no INPUT given, and standard input")
	// No standard input (a terminal): the built-in sample, written to
	// tree.json and tree.svg.
	code, _, errs = runUX(nil, "tree", "--quiet")
	require.Equal(t, 0, code, errs)
	for _, f := range []string{"tree.json", "tree.svg"} {
		_, err := os.Stat(f)
		assert.NoError(t, err)
	}
}

// TestDuplicates: an exact repeat is refused naming both places and the
// user's coordinates, or dropped with --dedupe (and counted).
func TestDuplicates(t *testing.T) {
	in := writeTemp(t, "dup.csv", "x,y\n0.3,0.1\n-0.2,0.35\n\n-0.4,-0.1\n  0.3, 0.1\n0.05,-0.45\n-0.4,-0.1\n")
	for _, cmd := range []string{"tree", "exact"} {
		code, out, errs := runUX(nil, cmd, in)
		assert.Equal(t, 2, code)
		assert.Empty(t, out)
		assert.Equal(t, "hypersteiner "+cmd+": "+in+":6:3: (0.3, 0.1) repeats the row at line 2, column 1 (--dedupe drops exact repeats)\n", errs)

		code, out, errs = runUX(nil, cmd, "--dedupe", "--quiet", in)
		require.Equal(t, 0, code, errs)
		assert.Equal(t, "hypersteiner "+cmd+": --dedupe dropped 2 exact repeats of input points; 4 points remain\n", errs)
		var vs [][2]float64
		require.NoError(t, json.Unmarshal(decodeTree(t, out)["vertices"], &vs))
		assert.Equal(t, [][2]float64{{0.3, 0.1}, {-0.2, 0.35}, {-0.4, -0.1}, {0.05, -0.45}}, vs[:4])
	}
	// Distinct Poincaré points whose Klein images are equal in float64
	// (near the ideal boundary the map contracts by 1e-3 here).
	w := 0.999
	k, err := hyperbolic.PoincareToKlein(hyperbolic.PoincarePoint{X: w})
	require.NoError(t, err)
	w2 := w
	for range 64 {
		w2 = math.Nextafter(w2, 1)
		if k2, err := hyperbolic.PoincareToKlein(hyperbolic.PoincarePoint{X: w2}); err == nil && k2 == k {
			break
		}
	}
	k2, err := hyperbolic.PoincareToKlein(hyperbolic.PoincarePoint{X: w2})
	require.NoError(t, err)
	require.Equal(t, k, k2, "two Poincaré points that share their Klein image")
	p := writeTemp(t, "p.csv", "0.999,0\n0,0.3\n"+cli64(w2)+",0\n")
	code, _, errs := runUX(nil, "tree", "--model", "poincare", p)
	assert.Equal(t, 2, code)
	assert.Equal(t, "hypersteiner tree: "+p+":3:1: ("+cli64(w2)+", 0) coincides in the Klein model with (0.999, 0) at "+p+":1:1\n", errs)
}

func cli64(x float64) string { b, _ := json.Marshal(x); return string(b) }

// TestPositions: bad input is named file:line:column, 1-based, without
// 0-based row numbers or Go type names.
func TestPositions(t *testing.T) {
	in := writeTemp(t, "bad.csv", "# points\nx,y\n0.1,0.2\n\n0.3, 1.2\n")
	tri := writeTemp(t, "tri.csv", "0,0,0.5,0,0.1,0.2\n0,0, 0.5,0, 0.9,0.9\n")
	for _, tc := range []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"tree", in}, "", "hypersteiner tree: " + in + ":5:1: point (0.3, 1.2) is on or outside the unit circle (the klein model needs x² + y² < 1)\n"},
		{[]string{"exact", in}, "", "hypersteiner exact: " + in + ":5:1: point (0.3, 1.2) is on or outside the unit circle (the klein model needs x² + y² < 1)\n"},
		{[]string{"fermat", tri}, "", "hypersteiner fermat: " + tri + ":2:13: vertex c: point (0.9, 0.9) is on or outside the unit circle (the klein model needs x² + y² < 1)\n"},
		{[]string{"tree", "-"}, "[[0.1, 0.2], [0.3, \"x\"]]", "hypersteiner tree: stdin:1:20: expected a number, found the string \"x\"\n"},
		{[]string{"tree", "-"}, "0.1,0.2\n0.3,0.2,0.1\n", "hypersteiner tree: stdin:2:1: row has 3 columns, expected 2 as on line 1\n"},
	} {
		code, _, errs := runUX(strings.NewReader(tc.stdin), tc.args...)
		assert.Equal(t, 2, code)
		assert.Equal(t, tc.want, errs)
		assert.NotContains(t, errs, "row 0")
	}
}

// TestFlagChecks: values no run can use are usage errors (exit 2).
func TestFlagChecks(t *testing.T) {
	in := writeTemp(t, "pentagon.csv", pentagon)
	tri := writeTemp(t, "tri.csv", "0,0,0.5,0,0.1,0.2\n")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"tree", "--workers", "-3", in}, "--workers must be 0 (all cores) or more, not -3"},
		{[]string{"tree", "--solver", "", in}, "--solver needs a name"},
		{[]string{"exact", "--solver", "", in}, "--solver needs a name"},
		{[]string{"fermat", "--solver", "", tri}, "--solver needs a name"},
		{[]string{"fermat", "--solver", "certified", "--prec", "40", tri}, "--prec must be between 53 and 65536 bits, not 40"},
		{[]string{"fermat", "--solver", "certified", "--prec", "70000", tri}, "--prec must be between 53 and 65536 bits, not 70000"},
		{[]string{"tree", "--out-model", "sphere", in}, "--out-model"},
		{[]string{"tree", "--space", "euclidean", "--out-model", "poincare", in}, "the Euclidean plane has no models"},
	} {
		code, out, errs := runUX(nil, tc.args...)
		assert.Equal(t, 2, code, "%v: %s", tc.args, errs)
		assert.Empty(t, out)
		assert.Contains(t, errs, tc.want, "%v", tc.args)
	}
}

// TestTreeProgress: with the delay at zero every stage of a tree run
// reports on stderr, and --quiet silences them all.
func TestTreeProgress(t *testing.T) {
	defer func(d time.Duration) { progressDelay = d }(progressDelay)
	progressDelay = 0
	in := writeTemp(t, "pentagon.csv", pentagon)
	code, _, errs := runUX(nil, "tree", "--reopt", in)
	require.Equal(t, 0, code, errs)
	for _, stage := range []string{"Delaunay triangulation: done in", "minimum spanning tree: done in", "fst3: 100%",
		"concatenation: done in", "re-optimisation: done in", "certifying Steiner points: 100%", "enclosing edge lengths: 100%"} {
		assert.Contains(t, errs, stage)
	}
	code, _, errs = runUX(nil, "tree", "--quiet", in)
	require.Equal(t, 0, code)
	assert.Empty(t, errs)

	code, _, errs = runUX(nil, "exact", "--method", "fst", in)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, errs, "subsets: 100% (31/31)")
	code, _, errs = runUX(nil, "exact", in)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, errs, "branch and bound: ")

	tri := writeTemp(t, "tri.csv", "0,0,0.5,0,0.1,0.2\n0.1,0.2,-0.4,0.3,0.2,-0.5\n")
	code, _, errs = runUX(nil, "fermat", "--solver", "certified", "--prec", "200", tri)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, errs, "triangles: 100% (2/2)")
}

// TestTreeWorkers: --workers changes neither the bytes written nor, once
// the run is over, the number of cores the process may use.
func TestTreeWorkers(t *testing.T) {
	in := writeTemp(t, "pentagon.csv", pentagon)
	procs := runtime.GOMAXPROCS(0)
	var want string
	for _, w := range []string{"0", "1", "2", "3"} {
		code, out, errs := runUX(nil, "tree", "--quiet", "--workers", w, in)
		require.Equal(t, 0, code, errs)
		out = regexp.MustCompile(`"seconds":[^,}]*`).ReplaceAllString(out, "")
		if want == "" {
			want = out
		}
		assert.Equal(t, want, out, "--workers %s", w)
		assert.Equal(t, procs, runtime.GOMAXPROCS(0), "GOMAXPROCS after --workers %s", w)
	}
}

// TestOutModel: the tree comes back in the input's model beside the Klein
// vertices — the terminals exactly as given, the Steiner points converted
// — and the file still certifies.
func TestOutModel(t *testing.T) {
	in := writeTemp(t, "p.csv", "0.15,0.05\n-0.1,0.2\n-0.2,-0.05\n0.03,-0.25\n0.26,-0.15\n")
	tab, err := pointio.ReadFile(in)
	require.NoError(t, err)
	for _, tc := range []struct {
		args  []string
		model string // the key's model; "" for none
	}{
		{[]string{"tree", "--model", "poincare"}, "poincare"},
		{[]string{"exact", "--model", "poincare"}, "poincare"},
		{[]string{"tree", "--model", "poincare", "--out-model", "klein"}, ""},
		{[]string{"tree"}, ""},
		{[]string{"tree", "--out-model", "hyperboloid"}, "hyperboloid"},
		{[]string{"tree", "--model", "poincare", "--out-model", "halfplane"}, "halfplane"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, out, errs := runUX(nil, append(tc.args, "--quiet", in)...)
			require.Equal(t, 0, code, errs)
			m := decodeTree(t, out)
			tr, claims, err := treecert.Read([]byte(out), "out.json")
			require.NoError(t, err)
			rep, err := treecert.Check(tr, claims, treecert.Options{Workers: 1})
			require.NoError(t, err)
			require.True(t, rep.OK, rep.Summary())
			require.Greater(t, tr.SteinerPoints(), 0)
			for k := range m {
				if strings.HasPrefix(k, "vertices_") && k != "vertices_"+tc.model {
					t.Errorf("unexpected %s", k)
				}
			}
			if tc.model == "" {
				return
			}
			var rows [][]float64
			require.NoError(t, json.Unmarshal(m["vertices_"+tc.model], &rows))
			require.Len(t, rows, len(tr.Vertices))
			conv, err := pointio.FromKlein(tr.Vertices, tc.model)
			require.NoError(t, err)
			inModel := "klein"
			if tc.args[1] == "--model" {
				inModel = tc.args[2]
			}
			for i, r := range rows {
				if i < tr.Terminals && inModel == tc.model {
					assert.Equal(t, tab.Row(i), r, "terminal %d as given", i)
				} else {
					assert.Equal(t, conv.Row(i), r, "vertex %d converted", i)
				}
			}
			// The Steiner points in the output model are the images of
			// the certified Klein points: back in Klein, within 8 ulps.
			back, err := pointio.ToKlein(pointio.Table{Rows: len(rows), Cols: len(rows[0]), Data: flatten(rows)}, tc.model)
			require.NoError(t, err)
			for i := tr.Terminals; i < len(back); i++ {
				assert.InDelta(t, tr.Vertices[i].X, back[i].X, 8*0x1p-53)
				assert.InDelta(t, tr.Vertices[i].Y, back[i].Y, 8*0x1p-53)
			}
		})
	}
}

func flatten(rows [][]float64) []float64 {
	var out []float64
	for _, r := range rows {
		out = append(out, r...)
	}
	return out
}

// TestBenchWords: bench counts its progress in runs and says when the
// paper's figures are left out.
func TestBenchWords(t *testing.T) {
	code, _, errs := benchRun("--runs", "2", "--n", "20", "--config", "4+simple,euclidean", "--paper", "none", "--format", "tsv")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, errs, "--paper none: the paper's figures are left out")
	assert.Contains(t, errs, "bench runs: 100% (4/4)")
	assert.Contains(t, errs, "2 rows, 4 runs")
}

// TestMissedHint: a strategy that misses a Steiner point is warned about;
// the hint to try auto is given only in the hyperbolic plane, where there
// is another strategy to try (the Euclidean plane, whose only strategy
// cannot hold a Fermat point 1e-18 from two terminals 1 ulp apart, was
// told "--solver auto finds more", which it does not).
func TestMissedHint(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		args     []string
		hint     bool
	}{
		{"euclidean", "-0.012220521140040908,0.3889472092709091\n-0.012220521140040906,0.3889472092709091\n-0.252536112312,-0.14233747756507975\n",
			[]string{"tree", "--space", "euclidean"}, false},
		{"hyperbolic simple", "0.07554842674489608,0.9971421337768764\n-0.6843417304821025,0.7291614331816964\n-0.7038993234498147,-0.710299755263392\n",
			[]string{"tree", "--solver", "simple"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errs := runUX(strings.NewReader(tc.in), tc.args...)
			require.Equal(t, 0, code, errs)
			require.Contains(t, errs, "strategy missed 1 Steiner points")
			if tc.hint {
				assert.Contains(t, errs, "--solver auto may find more")
			} else {
				assert.NotContains(t, errs, "--solver")
			}
		})
	}
}
