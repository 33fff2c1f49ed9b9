package main

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/hypersteiner/hypersteiner/bench"
	"github.com/hypersteiner/hypersteiner/exact"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func benchRun(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(append([]string{"bench"}, args...), nil, &out, &errb)
	return code, out.String(), errb.String()
}

// benchPaper writes a paper file (invented figures) for the tests.
func benchPaper(t *testing.T) string {
	p := filepath.Join(t.TempDir(), "paper.tsv")
	require.NoError(t, os.WriteFile(p, []byte("# test\ntable\tdistribution\tconfig\tn\tn3\tn4\tred_mean\tred_sd\tcpu_s\n"+
		"centered\tG\t4+simple\t50\t12.5\t1.5\t2.5\t0.5\t0.25\n"), 0o644))
	return p
}

func TestBenchTSV(t *testing.T) {
	code, out, errs := benchRun("--runs", "2", "--n", "50", "--format", "tsv", "--paper", benchPaper(t))
	require.Equal(t, 0, code, errs)
	r := csv.NewReader(strings.NewReader(out))
	r.Comma = '\t'
	recs, err := r.ReadAll()
	require.NoError(t, err, out)
	require.Equal(t, bench.TSVColumns, recs[0], "every column, in order")
	for _, need := range []string{"preset", "n", "config", "runs", "n3", "n4", "red_mean", "red_sd", "cpu_s",
		"paper_red_mean", "paper_red_sd", "paper_cpu_s", "fermat_failed"} {
		assert.Contains(t, recs[0], need)
	}
	col := map[string]int{}
	for i, c := range recs[0] {
		col[c] = i
	}
	// The default configurations that this build can resolve, one row each.
	p, _ := bench.LookupPreset("centered")
	var want []string
	for _, name := range p.Configs {
		c, err := bench.ParseConfig(name)
		require.NoError(t, err)
		if c.Available() {
			want = append(want, name)
		} else {
			assert.Contains(t, errs, "skipping "+name)
		}
	}
	require.Len(t, recs, 1+len(want))
	for i, rec := range recs[1:] {
		assert.Equal(t, "centered", rec[col["preset"]])
		assert.Equal(t, "50", rec[col["n"]])
		assert.Equal(t, want[i], rec[col["config"]])
		assert.Equal(t, "2", rec[col["runs"]])
		red, err := strconv.ParseFloat(rec[col["red_mean"]], 64)
		require.NoError(t, err)
		assert.Greater(t, red, 0.0, "%s: a Steiner tree shorter than its MST", want[i])
		if rate := rec[col["certified_rate"]]; want[i] == "4+certified" {
			v, err := strconv.ParseFloat(rate, 64)
			require.NoError(t, err, "a certifying strategy reports its rate")
			assert.True(t, v >= 0 && v <= 1, "rate %v", v)
		} else {
			assert.Empty(t, rate, "%s does not certify", want[i])
		}
		if want[i] == "4+simple" {
			assert.Equal(t, "2.5", rec[col["paper_red_mean"]])
		} else {
			assert.Empty(t, rec[col["paper_red_mean"]])
		}
	}
	assert.Contains(t, errs, "runs in", "a summary on stderr")
}

func TestBenchMarkdownAndPlots(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "t.md")
	code, stdout, errs := benchRun("--runs", "2", "--n", "50,100", "--config", "euclidean,4+simple", "--jobs", "2",
		"--paper", benchPaper(t), "--out", out, "--plot", filepath.Join(dir, "c.svg"), "--seed", "3",
		"--tsv", filepath.Join(dir, "t.tsv"))
	require.Equal(t, 0, code, errs)
	assert.Empty(t, stdout, "the table went to --out")
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	md := string(b)
	assert.Contains(t, md, "### centered")
	assert.Contains(t, md, "| `4+simple` | 50 |")
	assert.Contains(t, md, "*(2.50 ± 0.50)*")
	assert.Contains(t, md, "2 runs per row, seed 3")
	tsv, err := os.ReadFile(filepath.Join(dir, "t.tsv"))
	require.NoError(t, err)
	assert.Len(t, strings.Split(strings.TrimSpace(string(tsv)), "\n"), 1+4, "the same rows as TSV")
	for _, f := range []string{"c_red.svg", "c_cpu.svg"} {
		st, err := os.Stat(filepath.Join(dir, f))
		require.NoError(t, err, f)
		assert.Positive(t, st.Size())
	}
	// The same seed gives the same table (CPU times aside): compare REDs.
	code, tsv1, _ := benchRun("--runs", "2", "--n", "50", "--config", "4+simple", "--format", "tsv", "--jobs", "1", "--paper", "none", "--quiet")
	require.Equal(t, 0, code)
	code, tsv2, _ := benchRun("--runs", "2", "--n", "50", "--config", "4+simple", "--format", "tsv", "--jobs", "2", "--paper", "none", "--quiet")
	require.Equal(t, 0, code)
	red := func(s string) string { return strings.Split(strings.Split(s, "\n")[1], "\t")[13] }
	assert.Equal(t, red(tsv1), red(tsv2))
}

func TestBenchPresets(t *testing.T) {
	code, out, errs := benchRun("--preset", "mixture,uniform,convergence", "--runs", "1", "--n", "2", "--config", "4+simple", "--format", "tsv", "--paper", "none", "--quiet")
	require.Equal(t, 0, code, errs)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	// mixture n=2 has no point (⌊2/15⌋ = 0); convergence |P|/d = 2 for d = 3, 4 and six t.
	assert.Len(t, lines, 1+1+1+12)
	assert.Empty(t, errs, "--quiet")
}

func TestBenchUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--preset", "nope"}, `unknown preset "nope"`},
		{[]string{"--config", "5+simple"}, "is not 3 or 4"},
		{[]string{"--config", "4+nosuch"}, "nosuch"},
		{[]string{"--config", "simple"}, "want euclidean or K+NAME"},
		{[]string{"--n", "0"}, "not a positive integer"},
		{[]string{"--n", "10,x"}, `item 2, "x"`},
		{[]string{"--runs", "0"}, "--runs"},
		{[]string{"--jobs", "0"}, "--jobs"},
		{[]string{"--format", "xml"}, "md or tsv"},
		{[]string{"--plot", "out.txt"}, ".svg"},
		{[]string{"--plot", "out.png"}, "ending in .svg"},
		{[]string{"--bogus"}, "bogus"},
		{[]string{"extra"}, "no arguments"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			// Small runs first, so that a flag wrongly accepted costs little.
			code, out, errs := benchRun(append([]string{"--runs=1", "--n=20", "--paper=none"}, tc.args...)...)
			assert.Equal(t, 2, code)
			assert.Empty(t, out)
			assert.Contains(t, errs, tc.msg)
			assert.Equal(t, 1, strings.Count(errs, "\n"), "one line: %q", errs)
		})
	}
	// A malformed paper file is bad input: exit 2, naming line and column.
	p := filepath.Join(t.TempDir(), "bad.tsv")
	require.NoError(t, os.WriteFile(p, []byte("table\tdistribution\tconfig\tn\tn3\tn4\tred_mean\tred_sd\tcpu_s\ncentered\tG\t4+simple\tfifty\n"), 0o644))
	code, _, errs := benchRun("--paper", p, "--runs", "1", "--n", "20")
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "bad.tsv:2:21")
	code, out, _ := benchRun("-h")
	assert.Equal(t, 0, code)
	assert.Empty(t, out)
}

// --from redraws a saved run: the same table, without running anything.
func TestBenchFrom(t *testing.T) {
	dir := t.TempDir()
	tsv := filepath.Join(dir, "r.tsv")
	code, md1, errs := benchRun("--runs", "2", "--n", "50", "--config", "euclidean,4+simple", "--paper", benchPaper(t),
		"--tsv", tsv, "--quiet")
	require.Equal(t, 0, code, errs)
	code, md2, errs := benchRun("--from", tsv, "--plot", filepath.Join(dir, "p.svg"))
	require.Equal(t, 0, code, errs)
	table := func(md string) string { return md[strings.Index(md, "###"):] }
	assert.Equal(t, table(md1), table(md2))
	assert.Contains(t, md2, "Rows read from r.tsv")
	_, err := os.Stat(filepath.Join(dir, "p_red.svg"))
	require.NoError(t, err)

	bad := filepath.Join(dir, "bad.tsv")
	require.NoError(t, os.WriteFile(bad, []byte("preset\tn\n"), 0o644))
	code, _, errs = benchRun("--from", bad)
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "bad.tsv:1:1")
	code, _, errs = benchRun("--from", filepath.Join(dir, "missing.tsv"))
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "missing.tsv")
}

// The gap preset writes its rows as TSV with --tsv too, and --from reads
// them back to the same Markdown table; a bad row is named.
func TestBenchFromGap(t *testing.T) {
	dir := t.TempDir()
	tsv := filepath.Join(dir, "gap.tsv")
	code, md, errs := benchRun("--preset", "gap", "--runs", "2", "--n", "5", "--tsv", tsv, "--quiet")
	require.Equal(t, 0, code, errs)
	rows, err := os.ReadFile(tsv)
	require.NoError(t, err)
	code, md2, errs := benchRun("--from", tsv, "--out", filepath.Join(dir, "t.md"))
	require.Equal(t, 0, code, errs)
	require.Empty(t, md2)
	b, err := os.ReadFile(filepath.Join(dir, "t.md"))
	require.NoError(t, err)
	table := func(md string) string { return md[strings.Index(md, "| distribution"):] }
	// The times pass through the TSV's six digits before the table's
	// three decimals, which may move a last digit: compare the columns
	// before them.
	cut := func(md string) []string {
		var out []string
		for _, l := range strings.Split(table(md), "\n") {
			if f := strings.Split(l, "|"); len(f) > 12 {
				out = append(out, strings.Join(f[:12], "|"))
			}
		}
		return out
	}
	assert.Equal(t, cut(md), cut(string(b)))
	assert.Contains(t, string(b), "Rows read from gap.tsv")

	bad := filepath.Join(dir, "bad.tsv")
	require.NoError(t, os.WriteFile(bad, []byte(strings.Replace(string(rows), "\t5\t", "\t2\t", 1)), 0o644))
	code, _, errs = benchRun("--from", bad)
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "gap TSV line 2, column 2")
}

func TestBenchGapPreset(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"bench", "--preset", "gap", "--runs", "2", "--n", "5", "--format", "tsv"}, nil, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "distribution\tn\tinstances\tproved\tgap_mean_pct") {
		t.Fatalf("unexpected TSV:\n%s", out.String())
	}
	for _, l := range lines[1:] {
		f := strings.Split(l, "\t")
		if len(f) != 16 || f[1] != "5" || f[2] != "2" || f[3] != "2" {
			t.Fatalf("bad row %q", l)
		}
		if gap, err := strconv.ParseFloat(f[4], 64); err != nil || gap < -1e-6 {
			t.Fatalf("bad gap in row %q", l)
		}
	}
	errb.Reset()
	over := exact.MaxHyperbolicTerminals + 1
	if code := run([]string{"bench", "--preset", "gap", "--n", strconv.Itoa(over)}, nil, &out, &errb); code != 2 {
		t.Fatalf("hyperbolic n = %d exit %d, want 2", over, code)
	}
	require.Contains(t, errb.String(), fmt.Sprintf("the hyperbolic exact solver takes 3 to %d terminals, not %d", exact.MaxHyperbolicTerminals, over))
	errb.Reset()
	if code := run([]string{"bench", "--preset", "gap", "--config", "euclidean", "--n", "501"}, nil, &out, &errb); code != 2 {
		t.Fatalf("Euclidean n = 501 exit %d, want 2", code)
	}
	require.Contains(t, errb.String(), "the euclidean exact solver takes 3 to 500 terminals, not 501")
	errb.Reset()
	if code := run([]string{"bench", "--preset", "gap", "--time-limit", "-1s"}, nil, &out, &errb); code != 2 {
		t.Fatalf("negative time limit exit %d, want 2", code)
	}
	require.Contains(t, errb.String(), "--time-limit must not be negative")
}

// The gap preset in the Euclidean plane above the branch and bound's 12
// terminals (the EFST method): rows for both distributions at n = 20,
// heuristic gaps not negative, certified gaps tiny.
func TestBenchGapPresetEuclidean20(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"bench", "--preset", "gap", "--config", "euclidean", "--runs", "2", "--n", "20", "--format", "tsv"}, nil, &out, &errb)
	require.Equal(t, 0, code, errb.String())
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, lines, 3, out.String())
	for _, l := range lines[1:] {
		f := strings.Split(l, "\t")
		require.Len(t, f, 16, l)
		require.Equal(t, []string{"20", "2", "2"}, f[1:4], l)
		for _, k := range []int{4, 8} { // SLL and SLL+reopt mean gaps
			gap, err := strconv.ParseFloat(f[k], 64)
			require.NoError(t, err, l)
			require.GreaterOrEqual(t, gap, -1e-8, l)
		}
		cert, err := strconv.ParseFloat(f[12], 64)
		require.NoError(t, err, l)
		require.Less(t, cert, 1e-8, l)
	}
}
