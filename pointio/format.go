package pointio

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Format is an input file format.
type Format int

// The formats the readers understand.
const (
	CSV  Format = iota + 1 // text: numbers separated by commas or white space
	NPY                    // NumPy .npy: float64 or float32, 2-D
	JSON                   // a JSON array of number arrays
)

func (f Format) String() string {
	switch f {
	case CSV:
		return "csv"
	case NPY:
		return "npy"
	case JSON:
		return "json"
	}
	return "Format(" + strconv.Itoa(int(f)) + ")"
}

// FormatOf chooses the format from the file name's extension: .csv, .txt
// and .tsv are CSV, .npy is NPY, .json is JSON (case-insensitive).
func FormatOf(path string) (Format, error) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".csv", ".txt", ".tsv":
		return CSV, nil
	case ".npy":
		return NPY, nil
	case ".json":
		return JSON, nil
	}
	return 0, &ParseError{Position: Position{File: path},
		Msg: fmt.Sprintf("cannot tell the format from the extension %q: expected .csv, .txt, .tsv, .npy or .json", filepath.Ext(path))}
}

// ParseFormat returns the Format named by s: "csv", "npy" or "json".
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(s) {
	case "csv", "txt", "tsv":
		return CSV, nil
	case "npy":
		return NPY, nil
	case "json":
		return JSON, nil
	}
	return 0, fmt.Errorf("%w %q: expected csv, npy or json", ErrUnknownFormat, s)
}

// Options control a read. The zero value accepts any number of columns,
// fixed by the first data row (or by the .npy shape).
type Options struct {
	// Name names the input in error messages and in Table.Source. ReadFile
	// sets it to the path when it is empty.
	Name string
	// Cols lists the accepted column counts, e.g. {2} for planar points or
	// {6, 8} for `verify fermat`. Empty accepts any count ≥ 1. Whatever the
	// list, all rows of a table have the same count.
	Cols []int
	// Labels accepts a column of labels (any text, kept in Table.Labels)
	// beside the numbers of a CSV input: the column the header names
	// LabelName, wherever it is, or, without such a header, a last column
	// whose first value is neither empty nor a number. Cols counts the
	// numbers only. An input without a label column reads as without the
	// option. .npy and JSON inputs have no labels.
	Labels bool
	// LabelName is the header of the label column; "" means
	// DefaultLabelName ("label"). It is matched without regard to case.
	LabelName string
}

// Read reads a table in format f from r with the zero Options.
func Read(r io.Reader, f Format) (Table, error) { return Options{}.Read(r, f) }

// ReadFile reads the table in path, choosing the format by extension (see
// FormatOf), with the zero Options.
func ReadFile(path string) (Table, error) { return Options{}.ReadFile(path) }

// ReadVector reads a column of numbers from path, choosing the format by
// extension: a 1-D .npy array (n,) or an (n, 1) one, or a table of one
// column in CSV or JSON. Errors are those of ReadFile.
func ReadVector(path string) ([]float64, error) {
	t, err := Options{Cols: []int{1}}.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return t.Data, nil
}

// ReadFile reads the table in path, choosing the format by extension.
func (o Options) ReadFile(path string) (Table, error) {
	if o.Name == "" {
		o.Name = path
	}
	f, err := FormatOf(path)
	if err != nil {
		return Table{}, err
	}
	file, err := os.Open(path)
	if err != nil {
		return Table{}, err
	}
	defer file.Close()
	return o.Read(file, f)
}

// Read reads a table in format f from r.
func (o Options) Read(r io.Reader, f Format) (Table, error) {
	for _, c := range o.Cols {
		if c < 1 {
			return Table{}, fmt.Errorf("pointio: Options.Cols holds %d; column counts must be ≥ 1", c)
		}
	}
	switch f {
	case CSV:
		return o.readCSV(r)
	case NPY:
		return o.readNPY(r)
	case JSON:
		return o.readJSON(r)
	}
	return Table{}, fmt.Errorf("pointio: unknown format %v", f)
}

// colsOK reports whether a row of n values is acceptable as the first row.
func (o Options) colsOK(n int) bool {
	if len(o.Cols) == 0 {
		return n >= 1
	}
	return slices.Contains(o.Cols, n)
}

// expected describes the accepted column counts for messages.
func (o Options) expected() string {
	if len(o.Cols) == 0 {
		return "at least 1"
	}
	return formatCounts(o.Cols)
}

func itoa(i int) string { return strconv.Itoa(i) }

func shapeString(rows, cols int) string { return "(" + itoa(rows) + ", " + itoa(cols) + ")" }
