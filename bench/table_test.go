package bench

import (
	"bytes"
	"encoding/csv"
	"io"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func smallRows(t *testing.T) []Row {
	t.Helper()
	p, _ := LookupPreset("centered")
	cfgs, err := ParseConfigs("euclidean,4+simple")
	require.NoError(t, err)
	rows, err := Run(p.Cases([]int{40, 80}), cfgs, Options{Seed: 1, Runs: 2, Jobs: 2})
	require.NoError(t, err)
	paper, err := ReadPaper(strings.NewReader("table\tdistribution\tconfig\tn\tn3\tn4\tred_mean\tred_sd\tcpu_s\n" +
		"centered\tG\t4+simple\t80\t12.5\t1.5\t2.5\t0.5\t0.25\n"))
	require.NoError(t, err)
	Attach(rows, paper)
	return rows
}

func TestWriteTSV(t *testing.T) {
	rows := smallRows(t)
	var buf bytes.Buffer
	require.NoError(t, WriteTSV(&buf, rows))
	r := csv.NewReader(&buf)
	r.Comma = '\t'
	recs, err := r.ReadAll()
	require.NoError(t, err, "rectangular TSV")
	require.Len(t, recs, 1+len(rows))
	assert.Equal(t, TSVColumns, recs[0])
	col := map[string]int{}
	for i, name := range recs[0] {
		col[name] = i
	}
	for i, rec := range recs[1:] {
		row := rows[i]
		assert.Equal(t, "centered", rec[col["preset"]])
		assert.Equal(t, row.Config.Name, rec[col["config"]])
		assert.Equal(t, "2", rec[col["runs"]])
		red, err := strconv.ParseFloat(rec[col["red_mean"]], 64)
		require.NoError(t, err)
		assert.InDelta(t, row.RED.Mean, red, 1e-5*math.Abs(row.RED.Mean), "6 significant digits")
		assert.Empty(t, rec[col["certified_rate"]], "no certifying strategy: empty, not 0")
		sigma := rec[col["sigma"]]
		if row.Config.Euclidean {
			assert.Equal(t, "0.707107", sigma)
		} else {
			assert.Equal(t, "0.5", sigma)
		}
		if row.Paper != nil {
			assert.Equal(t, "2.5", rec[col["paper_red_mean"]])
			assert.Equal(t, "0.25", rec[col["paper_cpu_s"]])
		} else {
			assert.Empty(t, rec[col["paper_red_mean"]])
		}
		for _, name := range []string{"n3", "n4", "red_sd", "cpu_s", "fermat_solves", "fermat_failed", "wide120_share"} {
			_, err := strconv.ParseFloat(rec[col[name]], 64)
			assert.NoError(t, err, "row %d column %s", i, name)
		}
	}
}

func TestWriteMarkdown(t *testing.T) {
	rows := smallRows(t)
	var buf bytes.Buffer
	require.NoError(t, WriteMarkdown(&buf, rows))
	md := buf.String()
	assert.Contains(t, md, "### centered — G(0, 0.5)")
	assert.Contains(t, md, "*(2.50 ± 0.50)*", "the paper's RED beside ours")
	lines := strings.Split(strings.TrimSpace(md), "\n")
	var table []string
	for _, l := range lines {
		if strings.HasPrefix(l, "|") {
			table = append(table, l)
		}
	}
	require.Len(t, table, 2+len(rows), "header, rule, one line per row")
	cells := func(l string) int { return strings.Count(strings.ReplaceAll(l, `\|`, ""), "|") }
	for _, l := range table {
		assert.Equal(t, cells(table[0]), cells(l), "every line has the header's cells: %s", l)
	}
	// Grouped by configuration: both euclidean rows first.
	assert.Contains(t, table[2], "`euclidean` | 40 |")
	assert.Contains(t, table[3], "`euclidean` | 80 |")
}

func TestFmtSeconds(t *testing.T) {
	for _, tc := range []struct {
		s    float64
		want string
	}{{0.000123, "0.00012"}, {0.0123, "0.0123"}, {1.234, "1.23"}, {12.34, "12.3"}, {291.5, "292"}} {
		assert.Equal(t, tc.want, fmtSeconds(tc.s))
	}
}

// WriteTSV then ReadTSV gives back the rows' figures to the 6 digits
// written, and the same TSV.
func TestReadTSVRoundTrip(t *testing.T) {
	rows := smallRows(t)
	var a, b bytes.Buffer
	require.NoError(t, WriteTSV(&a, rows))
	back, err := ReadTSV(bytes.NewReader(a.Bytes()))
	require.NoError(t, err)
	require.Len(t, back, len(rows))
	for i := range rows {
		assert.Equal(t, rows[i].Case, back[i].Case)
		assert.Equal(t, rows[i].Config, back[i].Config)
		assert.InDelta(t, rows[i].RED.Mean, back[i].RED.Mean, 1e-5*math.Abs(rows[i].RED.Mean))
		assert.Equal(t, rows[i].Paper != nil, back[i].Paper != nil)
	}
	require.NoError(t, WriteTSV(&b, back))
	assert.Equal(t, a.String(), b.String())
	var m1, m2 bytes.Buffer
	require.NoError(t, WriteMarkdown(&m1, rows))
	require.NoError(t, WriteMarkdown(&m2, back))
	assert.Equal(t, m1.String(), m2.String())
}

func TestReadTSVErrors(t *testing.T) {
	head := strings.Join(TSVColumns, "\t") + "\n"
	row := func(edit map[int]string) string {
		f := make([]string, len(TSVColumns))
		f[0], f[1], f[7], f[8] = "centered", "50", "4+simple", "2"
		for k, v := range edit {
			f[k] = v
		}
		return strings.Join(f, "\t") + "\n"
	}
	checkParseErrors(t, ReadTSV, []parseErrorCase{
		{"no header", "", 1, 1, "no header"},
		{"short header", "preset\tn\n", 1, 1, `"points"`},
		{"bad count", head + row(map[int]string{1: "x"}), 2, 10, `n = "x"`},
		{"bad config", head + row(map[int]string{7: "9+a"}), 2, 18, "not 3 or 4"},
		{"bad number", head + row(map[int]string{13: "abc"}), 2, 0, `red_mean = "abc"`},
		{"no preset", head + row(map[int]string{0: ""}), 2, 1, "empty preset"},
	})
}

// parseErrorCase is a malformed input and the *ParseError it must give:
// its line, its column (0: not checked) and a part of its message.
type parseErrorCase struct {
	name, in     string
	line, column int
	msg          string
}

// checkParseErrors runs read on each case's input.
func checkParseErrors[T any](t *testing.T, read func(io.Reader) (T, error), cases []parseErrorCase) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := read(strings.NewReader(tc.in))
			var pe *ParseError
			require.ErrorAs(t, err, &pe)
			assert.Equal(t, tc.line, pe.Line, "line")
			if tc.column > 0 {
				assert.Equal(t, tc.column, pe.Column, "column")
			}
			assert.Contains(t, pe.Error(), tc.msg)
		})
	}
}

func FuzzReadTSV(f *testing.F) {
	head := strings.Join(TSVColumns, "\t") + "\n"
	f.Add(head + "centered\t50\t50\t\t\t\t0.5\t4+simple\t2\t1\t0\t1\t0\t2.5\t0.1\t0.01\t0\t0.01\t10\t0\t0\t0\t3\t\t0.9\t1e-10\t\t\t\t\t\n")
	f.Add(head + "convergence\t3\t3\t3\t0.4\t1\t0.01\t4+auto\t1\n")
	f.Add("x\n")
	f.Fuzz(func(t *testing.T, s string) {
		rows, err := ReadTSV(strings.NewReader(s))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		require.NoError(t, WriteTSV(&buf, rows))
		require.NoError(t, WriteMarkdown(&buf, rows))
	})
}
