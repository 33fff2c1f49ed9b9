package pointio

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/sbinet/npyio"
	"gonum.org/v1/gonum/mat"
)

// checkOutcome asserts what every reader promises: an error is a
// *ParseError or *ValueError with a message, and an accepted table is
// non-empty, rectangular and finite.
func checkOutcome(t *testing.T, tab Table, err error, text bool) {
	t.Helper()
	if err != nil {
		var pe *ParseError
		var ve *ValueError
		if !errors.As(err, &pe) && !errors.As(err, &ve) {
			t.Fatalf("error of type %T, want *ParseError or *ValueError: %v", err, err)
		}
		if err.Error() == "" {
			t.Fatal("empty error message")
		}
		return
	}
	if tab.Rows < 1 || tab.Cols < 1 || len(tab.Data) != tab.Rows*tab.Cols {
		t.Fatalf("accepted table is not rectangular: %d×%d with %d values", tab.Rows, tab.Cols, len(tab.Data))
	}
	for k, v := range tab.Data {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			t.Fatalf("accepted value %d is %v", k, v)
		}
	}
	if text {
		if len(tab.Lines) != tab.Rows {
			t.Fatalf("%d line numbers for %d rows", len(tab.Lines), tab.Rows)
		}
		for i := 1; i < len(tab.Lines); i++ {
			if tab.Lines[i] < tab.Lines[i-1] || tab.Lines[0] < 1 {
				t.Fatalf("line numbers not increasing: %v", tab.Lines)
			}
		}
		if len(tab.Columns) != len(tab.Data) {
			t.Fatalf("%d column numbers for %d values", len(tab.Columns), len(tab.Data))
		}
		for k, c := range tab.Columns {
			i := k / tab.Cols
			if c < 1 || (k > 0 && tab.Lines[(k-1)/tab.Cols] == tab.Lines[i] && c <= tab.Columns[k-1]) {
				t.Fatalf("value %d at line %d, column %d: not after the value before", k, tab.Lines[i], c)
			}
		}
	}
	if err := tab.Check(); err != nil {
		t.Fatalf("accepted table fails Check: %v", err)
	}
}

// sameTable reports whether two tables hold the same shape and bit-identical
// values.
func sameTable(t *testing.T, a, b Table) {
	t.Helper()
	if a.Rows != b.Rows || a.Cols != b.Cols {
		t.Fatalf("round trip changed the shape: %d×%d → %d×%d", a.Rows, a.Cols, b.Rows, b.Cols)
	}
	for k := range a.Data {
		if math.Float64bits(a.Data[k]) != math.Float64bits(b.Data[k]) {
			t.Fatalf("round trip changed value %d: %v → %v", k, a.Data[k], b.Data[k])
		}
	}
}

func FuzzCSV(f *testing.F) {
	f.Add([]byte("x,y\n0.1,0.2\n# c\n-0.3, 0.4 # t\n"))
	f.Add([]byte("0.1947649 0.7404301\n0.2717498 0.1820590\n"))
	f.Add([]byte("x,y,label\n0.1,0.2,a\n\n0.3,0.4,b\n0.1,zz,c\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		// The reader gives what the oracle (the sequential reader it
		// replaced) gives, for every worker count and piece length.
		checkCSVEquiv(t, Options{Name: "in"}, data)
		checkCSVEquiv(t, Options{Name: "in", Cols: []int{2}, Labels: true}, data)
		tab, err := Read(bytes.NewReader(data), CSV)
		checkOutcome(t, tab, err, true)
		if err != nil {
			return
		}
		// Printing the values with shortest round-trip formatting and
		// reading them back must give the same bits.
		var b strings.Builder
		for i := range tab.Rows {
			for j, v := range tab.Row(i) {
				if j > 0 {
					b.WriteByte(',')
				}
				b.WriteString(formatFloat(v))
			}
			b.WriteByte('\n')
		}
		back, err := Read(strings.NewReader(b.String()), CSV)
		if err != nil {
			t.Fatalf("re-reading %q: %v", b.String(), err)
		}
		sameTable(t, tab, back)
		checkToKlein(t, tab)
	})
}

// checkToKlein converts an accepted table with every model that fits its
// column count: the result is an error naming a row, or points strictly
// inside the Klein disk.
func checkToKlein(t *testing.T, tab Table) {
	t.Helper()
	for _, m := range Models {
		if k, _ := ModelCols(m); k != tab.Cols {
			continue
		}
		pts, err := ToKlein(tab, m)
		if err != nil {
			var ve *ValueError
			if !errors.As(err, &ve) || ve.Row < 0 || ve.Row >= tab.Rows {
				t.Fatalf("%s: error %T %v does not name a row", m, err, err)
			}
			continue
		}
		if len(pts) != tab.Rows {
			t.Fatalf("%s: %d points for %d rows", m, len(pts), tab.Rows)
		}
		for i, p := range pts {
			if err := p.Check(); err != nil {
				t.Fatalf("%s: row %d %v converts to an invalid Klein point: %v", m, i, tab.Row(i), err)
			}
		}
	}
}

func FuzzJSON(f *testing.F) {
	f.Add([]byte("[[0.1, 0.2], [-0.3, 0.4]]"))
	f.Add([]byte("[[1,2,3]]"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tab, err := Read(bytes.NewReader(data), JSON)
		checkOutcome(t, tab, err, true)
		if err != nil {
			return
		}
		rows := make([][]float64, tab.Rows)
		for i := range rows {
			rows[i] = tab.Row(i)
		}
		enc, err := json.Marshal(rows)
		if err != nil {
			t.Fatalf("marshal: %v", err)
		}
		back, err := Read(bytes.NewReader(enc), JSON)
		if err != nil {
			t.Fatalf("re-reading %s: %v", enc, err)
		}
		sameTable(t, tab, back)
	})
}

func FuzzNPY(f *testing.F) {
	f.Add(buildNPY("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 2), }", le64(0.1, 0.2, 0.3, 0.4)))
	f.Add(buildNPY("{'descr': '<f4', 'fortran_order': True, 'shape': (1, 2), }", []byte{0, 0, 0x80, 0x3f, 0, 0, 0, 0x40}))
	f.Add(buildNPY("{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }", le64(0, 0.5, 1)))
	f.Add([]byte(npyMagic + "\x02\x00\x00\x00\x00\x80"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tab, err := Read(bytes.NewReader(data), NPY)
		checkOutcome(t, tab, err, false)
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := npyio.Write(&b, mat.NewDense(tab.Rows, tab.Cols, tab.Data)); err != nil {
			t.Fatalf("npyio.Write: %v", err)
		}
		back, err := Read(&b, NPY)
		if err != nil {
			t.Fatalf("re-reading: %v", err)
		}
		sameTable(t, tab, back)
		checkToKlein(t, tab)
	})
}

// FuzzDetect: reading with Auto is reading in the format Detect names, and
// Detect never names a format the data cannot be (an .npy file starts with
// its magic string, a JSON array with '[').
func FuzzDetect(f *testing.F) {
	f.Add([]byte("x,y\n0.1,0.2\n"))
	f.Add([]byte("\uFEFF [[0.1, 0.2]]"))
	f.Add(buildNPY("{'descr': '<f8', 'fortran_order': False, 'shape': (1, 2), }", le64(0.1, 0.2)))
	f.Fuzz(func(t *testing.T, data []byte) {
		fm := Detect(data)
		auto, errAuto := Read(bytes.NewReader(data), Auto)
		direct, errDirect := Read(bytes.NewReader(data), fm)
		if (errAuto == nil) != (errDirect == nil) {
			t.Fatalf("Auto: %v; %v: %v", errAuto, fm, errDirect)
		}
		if errAuto != nil {
			if errAuto.Error() != errDirect.Error() {
				t.Fatalf("Auto: %v; %v: %v", errAuto, fm, errDirect)
			}
			return
		}
		sameTable(t, auto, direct)
		for _, other := range []Format{CSV, NPY, JSON} {
			if other == fm {
				continue
			}
			if _, err := Read(bytes.NewReader(data), other); err == nil && (other != CSV) {
				t.Fatalf("%q reads as %v but Detect says %v", data, other, fm)
			}
		}
	})
}
