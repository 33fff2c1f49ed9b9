package pointio

import (
	"bufio"
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
	// Auto tells the format from the data: the .npy magic string, a JSON
	// array's '[', or else CSV (see Detect). For a file, ReadFile goes by
	// the extension first.
	Auto
)

func (f Format) String() string {
	switch f {
	case CSV:
		return "csv"
	case NPY:
		return "npy"
	case JSON:
		return "json"
	case Auto:
		return "auto"
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

// ParseFormat returns the Format named by s: "csv", "npy", "json" or
// "auto".
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(s) {
	case "auto":
		return Auto, nil
	case "csv", "txt", "tsv":
		return CSV, nil
	case "npy":
		return NPY, nil
	case "json":
		return JSON, nil
	}
	return 0, fmt.Errorf("%w %q: expected csv, npy, json or auto", ErrUnknownFormat, s)
}

// Detect tells the format of data from its first bytes: NPY when it
// starts with the .npy magic string, JSON when its first character other
// than white space (after an optional UTF-8 byte-order mark) is '[', CSV
// otherwise. No number starts with '[', so only a CSV file whose header
// line does would be mistaken for JSON.
func Detect(prefix []byte) Format {
	if strings.HasPrefix(string(prefix), npyMagic) {
		return NPY
	}
	s := strings.TrimPrefix(string(prefix), "\uFEFF")
	s = strings.TrimLeft(s, " \t\r\n")
	if strings.HasPrefix(s, "[") {
		return JSON
	}
	return CSV
}

// detectPeek is how many bytes Read looks at to detect a format.
const detectPeek = 4096

// detect reads the start of r, tells its format, and returns a reader of
// the whole input.
func detect(r io.Reader) (Format, io.Reader, error) {
	br := bufio.NewReaderSize(r, detectPeek)
	b, err := br.Peek(detectPeek)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return 0, nil, err
	}
	return Detect(b), br, nil
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
	// Format, when set, is the format ReadFile reads, whatever the file's
	// extension; Auto (or 0) goes by the extension, and by the content
	// (Detect) for an extension it does not know.
	Format Format
	// Workers bounds the goroutines that read a CSV input's lines and
	// parse its numbers, and that check and convert ReadInput's points
	// (0: GOMAXPROCS); the table, the points and the first error reported
	// do not depend on it.
	Workers int
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
	f := o.Format
	if f == 0 || f == Auto {
		var err error
		if f, err = FormatOf(path); err != nil {
			if o.Format != Auto {
				return Table{}, err
			}
			f = Auto
		}
	}
	file, err := os.Open(path)
	if err != nil {
		return Table{}, err
	}
	defer file.Close()
	var size int64
	if st, err := file.Stat(); err == nil && st.Mode().IsRegular() {
		size = st.Size()
	}
	return o.read(file, f, size)
}

// Read reads a table in format f from r; Auto tells the format from the
// first bytes (Detect).
func (o Options) Read(r io.Reader, f Format) (Table, error) { return o.read(r, f, 0) }

// read is Read, told the input's length when it is known (0 if not).
func (o Options) read(r io.Reader, f Format, size int64) (Table, error) {
	for _, c := range o.Cols {
		if c < 1 {
			return Table{}, fmt.Errorf("pointio: Options.Cols holds %d; column counts must be ≥ 1", c)
		}
	}
	if f == Auto {
		var err error
		if f, r, err = detect(r); err != nil {
			return Table{}, &ParseError{Position: Position{File: o.Name}, Msg: "read error: " + err.Error(), Err: err}
		}
	}
	switch f {
	case CSV:
		return o.readCSV(r, size)
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
