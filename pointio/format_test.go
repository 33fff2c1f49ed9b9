package pointio

import (
	"errors"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"testing"
)

func TestFormatOf(t *testing.T) {
	for path, want := range map[string]Format{"a.csv": CSV, "b.TXT": CSV, "c.tsv": CSV, "d.npy": NPY, "dir.x/e.Json": JSON} {
		f, err := FormatOf(path)
		if err != nil || f != want {
			t.Errorf("FormatOf(%q) = %v, %v; want %v", path, f, err, want)
		}
	}
	_, err := FormatOf("points.xlsx")
	wantEqual(t, "Error()", err.Error(), `points.xlsx: cannot tell the format from the extension ".xlsx": expected .csv, .txt, .tsv, .npy or .json`)
	for s, want := range map[string]Format{"csv": CSV, "NPY": NPY, "json": JSON} {
		if f, err := ParseFormat(s); err != nil || f != want {
			t.Errorf("ParseFormat(%q) = %v, %v", s, f, err)
		}
	}
	if _, err := ParseFormat("xlsx"); !errors.Is(err, ErrUnknownFormat) {
		t.Errorf("ParseFormat(xlsx): %v", err)
	}
	wantEqual(t, "String", []string{CSV.String(), NPY.String(), JSON.String(), Format(9).String()}, []string{"csv", "npy", "json", "Format(9)"})
}

func TestReadFileByExtension(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{"p.csv": "0.5,0.25\n", "p.txt": "0.5 0.25\n", "p.json": "[[0.5, 0.25]]"}
	for name, text := range files {
		path := filepath.Join(dir, name)
		mustNoErr(t, os.WriteFile(path, []byte(text), 0o644))
		tab, err := ReadFile(path)
		mustNoErr(t, err, name)
		wantEqual(t, name, tab.Data, []float64{0.5, 0.25})
		wantEqual(t, name+" Source", tab.Source, path)
	}
	_, err := ReadFile(filepath.Join(dir, "missing.csv"))
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		t.Errorf("missing file: %T %v", err, err)
	}
	_, err = Options{Cols: []int{0}}.Read(nil, CSV)
	if err == nil {
		t.Errorf("Cols {0} accepted")
	}
}

func TestTableAccessors(t *testing.T) {
	tab := Table{Rows: 2, Cols: 3, Data: []float64{1, 2, 3, 4, 5, 6}, Source: "s", Lines: []int{3, 7}}
	wantEqual(t, "At(1,2)", tab.At(1, 2), 6.0)
	wantEqual(t, "Row(1)", tab.Row(1), []float64{4, 5, 6})
	wantEqual(t, "Column(1)", tab.Column(1), []float64{2, 5})
	wantEqual(t, "Pos(1)", tab.Pos(1), Position{File: "s", Line: 7})
	mustNoErr(t, tab.Check())
	bad := Table{Rows: 2, Cols: 2, Data: []float64{1, 2, 3}}
	if bad.Check() == nil {
		t.Errorf("Check accepted 3 values for (2, 2)")
	}
	nan := Table{Rows: 1, Cols: 2, Data: []float64{1, math.NaN()}, Source: "h"}
	wantEqual(t, "Check NaN", nan.Check().Error(), "h: row 1, column 2: value NaN is not finite")
	// Row appends cannot run into the next row.
	r := tab.Row(0)
	_ = append(r, 99)
	wantEqual(t, "Data after append", tab.Data, []float64{1, 2, 3, 4, 5, 6})
}
