package pointio

import (
	"bytes"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

func TestFindDuplicate(t *testing.T) {
	tests := []struct {
		name   string
		format Format
		in     string
		msg    string // "" for none
	}{
		{"none", CSV, "0.1,0.2\n0.3,0.4\n", ""},
		{"csv", CSV, "x,y\n0.1,0.2\n0.3,0.4\n\n  0.1, 0.2\n", "in:5:3: (0.1, 0.2) repeats the row at line 2, column 1"},
		{"signed zero", CSV, "0,-0\n0.5,0\n0,0\n", "in:3:1: (0, 0) repeats the row at line 1, column 1"},
		{"same x only", CSV, "0.1,0.2\n0.1,0.3\n", ""},
		{"json one line", JSON, "[[0.1, 0.2], [0.5, 0], [0.1, 0.2]]", "in:1:25: (0.1, 0.2) repeats the row at line 1, column 3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tab, err := Options{Name: "in"}.Read(strings.NewReader(tc.in), tc.format)
			mustNoErr(t, err)
			err = tab.FindDuplicate()
			if tc.msg == "" {
				mustNoErr(t, err)
				if d, n := tab.Dedupe(); n != 0 || d.Rows != tab.Rows {
					t.Errorf("Dedupe dropped %d rows of a table without repeats", n)
				}
				return
			}
			var de *DuplicateError
			if !errors.As(err, &de) {
				t.Fatalf("got %v, want a *DuplicateError", err)
			}
			wantEqual(t, "Error()", err.Error(), tc.msg)
		})
	}
}

// TestDedupeNPY: a table without lines names rows, 1-based, of the file
// even after rows were dropped.
func TestDedupeNPY(t *testing.T) {
	data := buildNPY("{'descr': '<f8', 'fortran_order': False, 'shape': (5, 2), }", le64(0, 0, 0.5, 0, 0, 0, 0.5, 0, 2, 2))
	tab, err := Options{Name: "p.npy"}.Read(bytes.NewReader(data), NPY)
	mustNoErr(t, err)
	wantEqual(t, "FindDuplicate", tab.FindDuplicate().Error(), "p.npy: row 3 (0, 0) repeats row 1")
	d, n := tab.Dedupe()
	wantEqual(t, "dropped", n, 2)
	wantEqual(t, "Data", d.Data, []float64{0, 0, 0.5, 0, 2, 2})
	wantEqual(t, "Origin", d.Origin, []int{0, 1, 4})
	mustNoErr(t, d.Check())
	_, err = ToKlein(d, "klein")
	wantEqual(t, "ToKlein", err.Error(), "p.npy: row 5: point (2, 2) is on or outside the unit circle (the klein model needs x² + y² < 1)")
	wantEqual(t, "Where", d.Where(2), "p.npy: row 5")
}

// TestDedupeProperties: Dedupe keeps the first occurrence of every
// distinct row, in order, with its position; the result has no repeats,
// and FindDuplicate finds one exactly when Dedupe drops a row.
func TestDedupeProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cols := rapid.IntRange(1, 3).Draw(t, "cols")
		rows := rapid.IntRange(1, 30).Draw(t, "rows")
		vals := []float64{0, math.Copysign(0, -1), 0.5, -1, 1e-300}
		tab := Table{Rows: rows, Cols: cols, Source: "s"}
		for i := range rows {
			for range cols {
				tab.Data = append(tab.Data, vals[rapid.IntRange(0, len(vals)-1).Draw(t, "v")])
			}
			tab.Lines = append(tab.Lines, 2*i+1)
			for j := range cols {
				tab.Columns = append(tab.Columns, int32(i%3+4*j+1))
			}
		}
		d, n := tab.Dedupe()
		if d.Rows+n != rows || d.Check() != nil {
			t.Fatalf("%d rows kept + %d dropped ≠ %d, or %v", d.Rows, n, rows, d.Check())
		}
		if (tab.FindDuplicate() != nil) != (n > 0) {
			t.Fatalf("FindDuplicate %v but %d dropped", tab.FindDuplicate(), n)
		}
		if d.FindDuplicate() != nil {
			t.Fatalf("the deduplicated table has a repeat: %v", d.FindDuplicate())
		}
		next := 0
		for i := range rows { // every row equals a kept one at or before it
			found := false
			for k := 0; k < d.Rows && d.SourceRow(k) <= i; k++ {
				if equalRows(d.Row(k), tab.Row(i)) {
					found = true
				}
			}
			if !found {
				t.Fatalf("row %d has no kept equal", i)
			}
			if next < d.Rows && d.SourceRow(next) == i {
				if d.Pos(next) != tab.Pos(i) || !equalRows(d.Row(next), tab.Row(i)) {
					t.Fatalf("kept row %d is not source row %d", next, i)
				}
				next++
			}
		}
		if next != d.Rows {
			t.Fatalf("source rows of the kept rows are not increasing: %v", d.Origin)
		}
	})
}

func equalRows(a, b []float64) bool {
	for j := range a {
		if a[j] != b[j] {
			return false
		}
	}
	return true
}

func TestDetect(t *testing.T) {
	for in, want := range map[string]Format{
		"0.1,0.2\n":          CSV,
		"x y\n1 2\n":         CSV,
		"":                   CSV,
		"  \n\t[[0.1, 0.2]]": JSON,
		"\uFEFF[[1, 2]]":     JSON,
		npyMagic + "\x01":    NPY,
	} {
		wantEqual(t, "Detect("+in+")", Detect([]byte(in)), want)
	}
	for s, want := range map[string]Format{"auto": Auto, "CSV": CSV, "npy": NPY, "json": JSON} {
		f, err := ParseFormat(s)
		mustNoErr(t, err)
		wantEqual(t, "ParseFormat("+s+")", f, want)
	}
	wantEqual(t, "Auto.String()", Auto.String(), "auto")
}

// TestReadAuto: standard input in any format, and a file whose extension
// says nothing (or the wrong thing) read with Options.Format.
func TestReadAuto(t *testing.T) {
	npy := buildNPY("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 2), }", le64(0.1, 0.2, 0.3, 0.4))
	want := []float64{0.1, 0.2, 0.3, 0.4}
	for _, in := range []string{"0.1,0.2\n0.3,0.4\n", "[[0.1, 0.2], [0.3, 0.4]]", string(npy)} {
		tab, err := Options{Name: "stdin"}.Read(strings.NewReader(in), Auto)
		mustNoErr(t, err)
		wantEqual(t, "Data", tab.Data, want)
	}
	dir := t.TempDir()
	noExt := filepath.Join(dir, "points")
	mustNoErr(t, os.WriteFile(noExt, []byte("[[0.1, 0.2], [0.3, 0.4]]"), 0o644))
	if _, err := ReadFile(noExt); err == nil {
		t.Fatal("an unknown extension read without Format")
	}
	tab, err := Options{Format: Auto}.ReadFile(noExt)
	mustNoErr(t, err)
	wantEqual(t, "Data", tab.Data, want)
	wrongExt := filepath.Join(dir, "points.txt")
	mustNoErr(t, os.WriteFile(wrongExt, npy, 0o644))
	tab, err = Options{Format: NPY}.ReadFile(wrongExt)
	mustNoErr(t, err)
	wantEqual(t, "Data", tab.Data, want)
}

// TestRowPositions: every row's position is its line and the column where
// it starts, for CSV and for JSON (where many rows share a line).
func TestRowPositions(t *testing.T) {
	tab, err := Options{Name: "a.csv"}.Read(strings.NewReader("x,y\n  1,2\n\n3 4\n"), CSV)
	mustNoErr(t, err)
	wantEqual(t, "CSV", []string{tab.Where(0), tab.Where(1)}, []string{"a.csv:2:3", "a.csv:4:1"})
	tab, err = Options{Name: "a.json"}.Read(strings.NewReader("[[1, 2], [3, 4],\n  [5, 6]]"), JSON)
	mustNoErr(t, err)
	wantEqual(t, "JSON", []string{tab.Where(0), tab.Where(1), tab.Where(2)}, []string{"a.json:1:3", "a.json:1:11", "a.json:2:4"})
	wantEqual(t, "FieldPos", tab.FieldPos(1, 1).String(), "a.json:1:14")
}
