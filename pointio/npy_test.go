package pointio

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sbinet/npyio"
	"gonum.org/v1/gonum/mat"
)

// writeNPY writes val with npyio into a fresh file and returns its path.
func writeNPY(t *testing.T, val any) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "in.npy")
	f, err := os.Create(path)
	mustNoErr(t, err)
	mustNoErr(t, npyio.Write(f, val))
	mustNoErr(t, f.Close())
	return path
}

// patchHeader replaces old by repl in the header of the .npy file at path,
// padding with spaces so that the header keeps its length.
func patchHeader(t *testing.T, path, old, repl string) {
	t.Helper()
	b, err := os.ReadFile(path)
	mustNoErr(t, err)
	if len(repl) > len(old) {
		t.Fatalf("patchHeader: replacement longer than the original")
	}
	i := bytes.Index(b, []byte(old))
	if i < 0 {
		t.Fatalf("patchHeader: %q not in header %q", old, b[:64])
	}
	nl := bytes.IndexByte(b, '\n')
	hdr := string(b[i+len(old) : nl])
	patched := repl + hdr + strings.Repeat(" ", len(old)-len(repl))
	copy(b[i:nl], patched)
	mustNoErr(t, os.WriteFile(path, b, 0o644))
}

// buildNPY assembles a version 1.0 .npy file from a header dictionary and
// raw data, padding the header as numpy does.
func buildNPY(dict string, data []byte) []byte {
	var b bytes.Buffer
	b.WriteString(npyMagic)
	b.Write([]byte{1, 0})
	h := dict
	for (10+len(h)+1)%64 != 0 {
		h += " "
	}
	h += "\n"
	binary.Write(&b, binary.LittleEndian, uint16(len(h)))
	b.WriteString(h)
	b.Write(data)
	return b.Bytes()
}

func le64(vals ...float64) []byte {
	b := make([]byte, 8*len(vals))
	for i, v := range vals {
		binary.LittleEndian.PutUint64(b[8*i:], math.Float64bits(v))
	}
	return b
}

func TestReadNPYGood(t *testing.T) {
	pts := [][2]float64{{0.1, -0.2}, {0.3, 0.4}, {-0.5, 0}}
	flat := []float64{0.1, -0.2, 0.3, 0.4, -0.5, 0}

	t.Run("float64 (n,2)", func(t *testing.T) {
		tab, err := ReadFile(writeNPY(t, pts))
		mustNoErr(t, err)
		wantEqual(t, "shape", [2]int{tab.Rows, tab.Cols}, [2]int{3, 2})
		wantEqual(t, "Data", tab.Data, flat)
		wantEqual(t, "Lines", tab.Lines, []int(nil))
	})
	t.Run("mat.Dense", func(t *testing.T) {
		tab, err := ReadFile(writeNPY(t, mat.NewDense(3, 2, flat)))
		mustNoErr(t, err)
		wantEqual(t, "Data", tab.Data, flat)
	})
	t.Run("float32 widened exactly", func(t *testing.T) {
		p32 := [][2]float32{{0.1, -0.2}, {0.3, 0.4}}
		tab, err := Options{Cols: []int{2}}.ReadFile(writeNPY(t, p32))
		mustNoErr(t, err)
		want := []float64{float64(float32(0.1)), float64(float32(-0.2)), float64(float32(0.3)), float64(float32(0.4))}
		wantEqual(t, "Data", tab.Data, want)
		if tab.Data[0] == 0.1 {
			t.Errorf("float32 0.1 read as float64 0.1: not the exact float32 value")
		}
	})
	t.Run("float64 (n,3)", func(t *testing.T) {
		tab, err := Options{Cols: []int{3}}.ReadFile(writeNPY(t, [][3]float64{{1.25, 0.5, 1}, {2, 1, 1.5}}))
		mustNoErr(t, err)
		wantEqual(t, "shape", [2]int{tab.Rows, tab.Cols}, [2]int{2, 3})
		wantEqual(t, "Data", tab.Data, []float64{1.25, 0.5, 1, 2, 1, 1.5})
	})
	t.Run("Fortran order", func(t *testing.T) {
		// Column-major (3,2) data are the bytes of the C-order (2,3) array
		// of its columns.
		cols := [][3]float64{{0.1, 0.3, -0.5}, {-0.2, 0.4, 0}}
		path := writeNPY(t, cols)
		patchHeader(t, path, "'fortran_order': False, 'shape': (2, 3)", "'fortran_order': True, 'shape': (3, 2)")
		tab, err := ReadFile(path)
		mustNoErr(t, err)
		wantEqual(t, "Data", tab.Data, flat)
	})
	t.Run("big endian", func(t *testing.T) {
		data := make([]byte, 16)
		binary.BigEndian.PutUint64(data, math.Float64bits(0.75))
		binary.BigEndian.PutUint64(data[8:], math.Float64bits(-0.125))
		tab, err := Read(bytes.NewReader(buildNPY("{'descr': '>f8', 'fortran_order': False, 'shape': (1, 2), }", data)), NPY)
		mustNoErr(t, err)
		wantEqual(t, "Data", tab.Data, []float64{0.75, -0.125})
	})
}

// Header dictionaries numpy would read but does not write in this form:
// keys in another order, double quotes, no trailing comma, white space.
func TestReadNPYHeaderForms(t *testing.T) {
	for _, dict := range []string{
		"{'shape': (2, 2), 'fortran_order': False, 'descr': '<f8', }",
		`{"descr": "<f8", "fortran_order": False, "shape": (2, 2)}`,
		"{ 'descr' : '<f8' ,'fortran_order':False,'shape':( 2 , 2 , ) }",
	} {
		tab, err := Read(bytes.NewReader(buildNPY(dict, le64(1, 2, 3, 4))), NPY)
		mustNoErr(t, err)
		wantEqual(t, dict, tab.Data, []float64{1, 2, 3, 4})
	}
}

func TestReadNPYBad(t *testing.T) {
	const hdr22 = "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 2), }"
	tests := []struct {
		name  string
		file  func(t *testing.T) []byte
		cols  []int
		msg   string
		value bool
		row   int
		field int
	}{
		{"int64", func(t *testing.T) []byte { return readBack(t, writeNPY(t, [][2]int64{{1, 2}})) }, nil,
			"in.npy: dtype '<i8' (int64) is not supported: expected float64 ('<f8') or float32 ('<f4')", false, 0, 0},
		{"1-D", func(t *testing.T) []byte { return readBack(t, writeNPY(t, []float64{1, 2, 3, 4})) }, []int{2},
			"in.npy: array has shape (4,); expected a 2-D array of shape (n, 2)", false, 0, 0},
		{"3 columns for 2", func(t *testing.T) []byte { return readBack(t, writeNPY(t, [][3]float64{{1, 2, 3}})) }, []int{2},
			"in.npy: array has shape (1, 3); expected (n, 2)", false, 0, 0},
		{"wrong k of two", func(t *testing.T) []byte { return readBack(t, writeNPY(t, [][3]float64{{1, 2, 3}})) }, []int{6, 8},
			"in.npy: array has shape (1, 3); expected (n, 6) or (n, 8)", false, 0, 0},
		{"3-D", func(t *testing.T) []byte {
			return buildNPY("{'descr': '<f8', 'fortran_order': False, 'shape': (1, 1, 2), }", le64(1, 2))
		}, nil, "in.npy: array has shape (1, 1, 2); expected shape (n,) or (n, k)", false, 0, 0},
		{"3-D for 2", func(t *testing.T) []byte {
			return buildNPY("{'descr': '<f8', 'fortran_order': False, 'shape': (1, 1, 2), }", le64(1, 2))
		}, []int{2}, "in.npy: array has shape (1, 1, 2); expected a 2-D array of shape (n, 2)", false, 0, 0},
		{"2 columns for a vector", func(t *testing.T) []byte { return readBack(t, writeNPY(t, [][2]float64{{1, 2}})) }, []int{1},
			"in.npy: array has shape (1, 2); expected (n,) or (n, 1)", false, 0, 0},
		{"NaN in a vector", func(t *testing.T) []byte { return readBack(t, writeNPY(t, []float64{1, math.NaN()})) }, []int{1},
			"in.npy: row 2, column 1: value NaN is not finite", true, 1, 0},
		{"vector truncated", func(t *testing.T) []byte { b := readBack(t, writeNPY(t, []float64{1, 2, 3})); return b[:len(b)-3] }, []int{1},
			"in.npy: .npy data section truncated: it holds 21 bytes, shape (3,) of '<f8' (float64) needs 24 bytes", false, 0, 0},
		{"NaN", func(t *testing.T) []byte { return buildNPY(hdr22, le64(0.1, 0.2, math.NaN(), 0)) }, nil,
			"in.npy: row 2, column 1: value NaN is not finite", true, 1, 0},
		{"+Inf float32", func(t *testing.T) []byte {
			return readBack(t, writeNPY(t, [][2]float32{{0, 0}, {0, float32(math.Inf(1))}}))
		}, nil, "in.npy: row 2, column 2: value +Inf is not finite", true, 1, 1},
		{"truncated data", func(t *testing.T) []byte { b := buildNPY(hdr22, le64(1, 2, 3, 4)); return b[:len(b)-3] }, nil,
			"in.npy: .npy data section truncated: it holds 29 bytes, shape (2, 2) of '<f8' (float64) needs 32 bytes", false, 0, 0},
		{"trailing bytes", func(t *testing.T) []byte { return buildNPY(hdr22, append(le64(1, 2, 3, 4), 0)) }, nil,
			"in.npy: .npy data section too long: it holds 33 bytes, shape (2, 2) of '<f8' (float64) needs 32 bytes", false, 0, 0},
		{"huge shape", func(t *testing.T) []byte {
			return buildNPY("{'descr': '<f8', 'fortran_order': False, 'shape': (4294967296, 4294967296), }", le64(1))
		}, nil, "in.npy: .npy data section truncated: it holds 8 bytes, shape (4294967296, 4294967296) of '<f8' (float64) needs more than 2^64 bytes", false, 0, 0},
		{"negative shape", func(t *testing.T) []byte {
			return buildNPY("{'descr': '<f8', 'fortran_order': False, 'shape': (-1, 2), }", nil)
		}, nil, "in.npy: array has shape (-1, 2); expected shape (n,) or (n, k)", false, 0, 0},
		{"negative vector", func(t *testing.T) []byte {
			return buildNPY("{'descr': '<f8', 'fortran_order': False, 'shape': (-3,), }", nil)
		}, []int{1}, "in.npy: array has shape (-3,); expected shape (n,) or (n, 1)", false, 0, 0},
		{"bad magic", func(t *testing.T) []byte { return []byte("x,y\n1,2\n") }, nil,
			`in.npy: not a .npy file: it does not begin with the magic string "\x93NUMPY"`, false, 0, 0},
		{"short preamble", func(t *testing.T) []byte { return []byte(npyMagic + "\x01") }, nil,
			"in.npy: .npy preamble truncated: the file has only 7 bytes", false, 0, 0},
		{"version 3", func(t *testing.T) []byte { b := buildNPY(hdr22, le64(1, 2, 3, 4)); b[6] = 3; return b }, nil,
			"in.npy: .npy format version 3.0 is not supported: expected 1.0 or 2.0", false, 0, 0},
		{"header length beyond file", func(t *testing.T) []byte { b := buildNPY(hdr22, nil); b[8], b[9] = 0xff, 0xff; return b }, nil,
			"in.npy: .npy header length 65535 exceeds the 118 bytes that follow the preamble", false, 0, 0},
		{"header without newline", func(t *testing.T) []byte { b := buildNPY(hdr22, le64(1, 2, 3, 4)); b[10+117] = ' '; return b }, nil,
			"in.npy: malformed .npy header: no terminating newline", false, 0, 0},
		{"unknown fortran_order", func(t *testing.T) []byte {
			return buildNPY("{'descr': '<f8', 'fortran_order': Maybe, 'shape': (2, 2), }", le64(1, 2, 3, 4))
		}, nil, `in.npy: malformed .npy header: unparsable header dictionary "{'descr': '<f8', 'fortran_order': Maybe, 'shape': (2, 2), }"`, false, 0, 0},
		{"missing shape", func(t *testing.T) []byte {
			return buildNPY("{'descr': '<f8', 'fortran_order': False}", le64(1, 2, 3, 4))
		}, nil, `in.npy: malformed .npy header: unparsable header dictionary "{'descr': '<f8', 'fortran_order': False}"`, false, 0, 0},
		{"unknown key", func(t *testing.T) []byte {
			return buildNPY("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 2), 'x': 1}", le64(1, 2, 3, 4))
		}, nil, `in.npy: malformed .npy header: unparsable header dictionary "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 2), 'x': 1}"`, false, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Options{Name: "in.npy", Cols: tc.cols}.Read(bytes.NewReader(tc.file(t)), NPY)
			if err == nil {
				t.Fatal("no error")
			}
			wantEqual(t, "Error()", err.Error(), tc.msg)
			if tc.value {
				var ve *ValueError
				if !errors.As(err, &ve) {
					t.Fatalf("want *ValueError, got %T", err)
				}
				wantEqual(t, "Row, Field", [2]int{ve.Row, ve.Field}, [2]int{tc.row, tc.field})
			} else {
				var pe *ParseError
				if !errors.As(err, &pe) {
					t.Fatalf("want *ParseError, got %T", err)
				}
			}
		})
	}
}

func TestReadNPYNoRows(t *testing.T) {
	b := buildNPY("{'descr': '<f8', 'fortran_order': False, 'shape': (0, 2), }", nil)
	_, err := Read(bytes.NewReader(b), NPY)
	if !errors.Is(err, ErrNoData) {
		t.Fatalf("error %v, want ErrNoData", err)
	}
}

func readBack(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	mustNoErr(t, err)
	return b
}

// ReadVector reads a 1-D array, an (n, 1) one and a one-column text table
// alike; float32 values are widened exactly.
func TestReadVector(t *testing.T) {
	tests := []struct {
		name string
		path func(t *testing.T) string
		want []float64
	}{
		{"(n,) float64", func(t *testing.T) string { return writeNPY(t, []float64{0, 0.25, 1}) }, []float64{0, 0.25, 1}},
		{"(n,) float32", func(t *testing.T) string { return writeNPY(t, []float32{0.5, 3, 0.1}) }, []float64{0.5, 3, float64(float32(0.1))}},
		{"(n, 1)", func(t *testing.T) string { return writeNPY(t, [][1]float64{{-2}, {7}}) }, []float64{-2, 7}},
		{"(n,) Fortran order", func(t *testing.T) string {
			p := writeNPY(t, []float64{4, 5})
			patchHeader(t, p, "'fortran_order': False", "'fortran_order': True")
			return p
		}, []float64{4, 5}},
		{"CSV column", func(t *testing.T) string {
			p := filepath.Join(t.TempDir(), "v.csv")
			mustNoErr(t, os.WriteFile(p, []byte("age\n0.5\n# comment\n1e-3\n"), 0o644))
			return p
		}, []float64{0.5, 1e-3}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v, err := ReadVector(tc.path(t))
			mustNoErr(t, err)
			wantEqual(t, "vector", v, tc.want)
		})
	}
	_, err := ReadVector(filepath.Join(t.TempDir(), "none.npy"))
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: error %v, want one wrapping os.ErrNotExist", err)
	}
	_, err = ReadVector(writeNPY(t, [][2]float64{{1, 2}, {3, 4}}))
	var pe *ParseError
	if !errors.As(err, &pe) || !strings.HasSuffix(err.Error(), "array has shape (2, 2); expected (n,) or (n, 1)") {
		t.Errorf("2-D array: error %v", err)
	}
}

// TestNpyType names every fixed-size numpy number as Go names its type,
// and nothing else.
func TestNpyType(t *testing.T) {
	for code, want := range map[string]string{
		"b1": "bool", "u1": "uint8", "u2": "uint16", "u4": "uint32", "u8": "uint64",
		"i1": "int8", "i2": "int16", "i4": "int32", "i8": "int64",
		"f2": "float16", "f4": "float32", "f8": "float64", "c8": "complex64", "c16": "complex128",
		"f16": "", "u3": "", "U8": "", "": "", "c4": "",
	} {
		if got := npyType(code); got != want {
			t.Errorf("npyType(%q) = %q, want %q", code, got, want)
		}
	}
}
