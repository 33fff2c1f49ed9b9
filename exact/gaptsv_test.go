package exact

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func sampleGapRows() []GapRow {
	return []GapRow{
		{Distribution: "G(0,0.5)", N: 20, Instances: 10, Proved: 10, Mean: 0.239344, SD: 0.291519, Max: 0.621489, Optimal: 10,
			MeanReopt: 0.134138, SDReopt: 0.217324, MaxReopt: 0.538562, OptimalReopt: 50, MaxCertGap: 2.34e-09,
			ExactSeconds: 53.0526, ExactMin: 1.24741, ExactMedian: 11.2582},
		{Distribution: "uniform", N: 24, Instances: 4, Proved: 0, Mean: math.NaN(), SD: math.NaN(), Max: math.NaN(), Optimal: math.NaN(),
			MeanReopt: math.NaN(), SDReopt: math.NaN(), MaxReopt: math.NaN(), OptimalReopt: math.NaN(), MaxCertGap: math.NaN(),
			ExactSeconds: 240, ExactMin: 240, ExactMedian: 240},
	}
}

// sameRows compares rows field by field, exactly, NaN equal to NaN.
func sameRows(t *testing.T, want, got []GapRow) {
	t.Helper()
	require.Len(t, got, len(want))
	for i := range want {
		w, g := want[i], got[i]
		require.Equal(t, [4]any{w.Distribution, w.N, w.Instances, w.Proved}, [4]any{g.Distribution, g.N, g.Instances, g.Proved})
		wf := []float64{w.Mean, w.SD, w.Max, w.Optimal, w.MeanReopt, w.SDReopt, w.MaxReopt, w.OptimalReopt, w.MaxCertGap, w.ExactSeconds, w.ExactMin, w.ExactMedian}
		gf := []float64{g.Mean, g.SD, g.Max, g.Optimal, g.MeanReopt, g.SDReopt, g.MaxReopt, g.OptimalReopt, g.MaxCertGap, g.ExactSeconds, g.ExactMin, g.ExactMedian}
		for k := range wf {
			if math.IsNaN(wf[k]) {
				require.True(t, math.IsNaN(gf[k]), "row %d field %d", i, k)
				continue
			}
			require.Equal(t, wf[k], gf[k], "row %d field %d", i, k)
		}
	}
}

func TestGapTSVRoundTrip(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, WriteGapTable(&b, sampleGapRows(), "tsv"))
	rows, err := ReadGapTSV(&b)
	require.NoError(t, err)
	sameRows(t, sampleGapRows(), rows)
}

func TestReadGapTSVErrors(t *testing.T) {
	var good bytes.Buffer
	require.NoError(t, WriteGapTable(&good, sampleGapRows()[:1], "tsv"))
	lines := strings.Split(strings.TrimSpace(good.String()), "\n")
	header, row := lines[0], strings.Split(lines[1], "\t")
	with := func(col int, v string) string {
		f := append([]string(nil), row...)
		f[col] = v
		return header + "\n" + strings.Join(f, "\t") + "\n"
	}
	tests := []struct {
		name, in  string
		line, col int
	}{
		{"empty", "", 1, 1},
		{"other header", "preset\tn\n", 1, 1},
		{"short row", header + "\nG\t20\n", 2, 3},
		{"empty distribution", with(0, " "), 2, 1},
		{"n too small", with(1, "2"), 2, 2},
		{"instances not a count", with(2, "ten"), 2, 3},
		{"proved above instances", with(3, "11"), 2, 4},
		{"gap not a number", with(4, "x"), 2, 5},
		{"gap negative", with(6, "-0.5"), 2, 7},
		{"gap infinite", with(8, "Inf"), 2, 9},
		{"time NaN", with(13, "NaN"), 2, 14},
		{"time negative", with(15, "-1"), 2, 16},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadGapTSV(strings.NewReader(tc.in))
			var ge *GapTSVError
			require.True(t, errors.As(err, &ge), "%v", err)
			require.Equal(t, [2]int{tc.line, tc.col}, [2]int{ge.Line, ge.Column}, ge.Error())
		})
	}
	// CRLF line ends and blank lines are read.
	rows, err := ReadGapTSV(strings.NewReader(strings.ReplaceAll(good.String(), "\n", "\r\n") + "\r\n"))
	require.NoError(t, err)
	require.Len(t, rows, 1)
}

// FuzzReadGapTSV: no input panics, and what is read writes back to a
// table that reads and writes back to the same text.
func FuzzReadGapTSV(f *testing.F) {
	var b bytes.Buffer
	if err := WriteGapTable(&b, sampleGapRows(), "tsv"); err != nil {
		f.Fatal(err)
	}
	f.Add(b.String())
	f.Add(gapTSVHeader + "\nG\t3\t1\t0\tNaN\tNaN\tNaN\tNaN\tNaN\tNaN\tNaN\tNaN\tNaN\t0\t0\t0\n")
	f.Fuzz(func(t *testing.T, in string) {
		rows, err := ReadGapTSV(strings.NewReader(in))
		if err != nil {
			return
		}
		var out, out2 bytes.Buffer
		require.NoError(t, WriteGapTable(&out, rows, "tsv"))
		again, err := ReadGapTSV(bytes.NewReader(out.Bytes()))
		require.NoError(t, err)
		require.NoError(t, WriteGapTable(&out2, again, "tsv"))
		require.Equal(t, out.String(), out2.String())
	})
}
