package pointio

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"math/bits"
	"strings"

	"github.com/sbinet/npyio"
)

// npyMagic starts every .npy file.
const npyMagic = "\x93NUMPY"

// readNPY reads a 2-D float64 or float32 NumPy array, C or Fortran order,
// or a 1-D array (n,) as the one column (n, 1) when one column is accepted.
//
// The header is parsed by github.com/sbinet/npyio after checks of our own
// that keep npyio from allocating a header larger than the file or slicing a
// header without a terminating newline; the dtype, the shape and the exact
// size of the data section are validated before any data are decoded, so a
// truncated or oversized file is reported rather than padded with zeros.
func (o Options) readNPY(r io.Reader) (t Table, err error) {
	fail := func(format string, args ...any) (Table, error) {
		return Table{}, &ParseError{Position: Position{File: o.Name}, Msg: fmt.Sprintf(format, args...)}
	}
	buf, err := io.ReadAll(r)
	if err != nil {
		return Table{}, &ParseError{Position: Position{File: o.Name}, Msg: "read error: " + err.Error(), Err: err}
	}
	if len(buf) < len(npyMagic) || string(buf[:len(npyMagic)]) != npyMagic {
		return fail("not a .npy file: it does not begin with the magic string \"\\x93NUMPY\"")
	}
	if len(buf) < 10 {
		return fail(".npy preamble truncated: the file has only %d bytes", len(buf))
	}
	major, minor := buf[6], buf[7]
	var pre, hlen int
	switch major {
	case 1:
		pre, hlen = 10, int(binary.LittleEndian.Uint16(buf[8:10]))
	case 2:
		if len(buf) < 12 {
			return fail(".npy preamble truncated: the file has only %d bytes", len(buf))
		}
		pre = 12
		h := binary.LittleEndian.Uint32(buf[8:12])
		if uint64(h) > uint64(len(buf)) {
			return fail(".npy header length %d exceeds the file size %d", h, len(buf))
		}
		hlen = int(h)
	default:
		return fail(".npy format version %d.%d is not supported: expected 1.0 or 2.0", major, minor)
	}
	if hlen > len(buf)-pre {
		return fail(".npy header length %d exceeds the %d bytes that follow the preamble", hlen, len(buf)-pre)
	}
	if bytes.IndexByte(buf[pre:pre+hlen], '\n') < 0 {
		return fail("malformed .npy header: no terminating newline")
	}

	rd, err := newNPYReader(buf)
	if err != nil {
		return fail("malformed .npy header: %v", err)
	}
	hdr := rd.Header.Descr
	dtype := hdr.Type
	var size int
	switch dtype {
	case "<f8", ">f8":
		size = 8
	case "<f4", ">f4":
		size = 4
	default:
		return fail("dtype %s is not supported: expected float64 ('<f8') or float32 ('<f4')", describeDtype(dtype))
	}
	column := o.colsOK(1) // a 1-D array is acceptable as one column
	var ws []string
	if column {
		ws = append(ws, "(n,)")
	}
	if len(o.Cols) == 0 {
		ws = append(ws, "(n, k)")
	}
	for _, c := range o.Cols {
		ws = append(ws, "(n, "+itoa(c)+")")
	}
	want := formatList(ws)
	shape := hdr.Shape
	if len(shape) == 1 && column {
		shape = []int{shape[0], 1}
	}
	if len(shape) != 2 || shape[0] < 0 || shape[1] < 0 {
		if column {
			return fail("array has shape %s; expected shape %s", numpyShape(hdr.Shape), want)
		}
		return fail("array has shape %s; expected a 2-D array of shape %s", numpyShape(hdr.Shape), want)
	}
	rows, cols := shape[0], shape[1]
	if !o.colsOK(cols) {
		return fail("array has shape %s; expected %s", numpyShape(hdr.Shape), want)
	}
	data := buf[pre+hlen:]
	hi, n := bits.Mul64(uint64(rows), uint64(cols))
	hi2, need := bits.Mul64(n, uint64(size))
	if hi != 0 || hi2 != 0 || need != uint64(len(data)) {
		what := "truncated"
		if hi == 0 && hi2 == 0 && need < uint64(len(data)) {
			what = "too long"
		}
		return fail(".npy data section %s: it holds %d bytes, shape %s of %s needs %s",
			what, len(data), numpyShape(hdr.Shape), describeDtype(dtype), bytesNeeded(hi, hi2, need))
	}
	if rows == 0 {
		return Table{}, &ParseError{Position: Position{File: o.Name}, Msg: "array has no rows: shape " + numpyShape(hdr.Shape), Err: ErrNoData}
	}

	vals, err := decodeNPY(rd, size, rows*cols)
	if err != nil {
		return fail("reading .npy data: %v", err)
	}
	t = Table{Rows: rows, Cols: cols, Data: vals, Source: o.Name}
	if hdr.Fortran { // column-major on disk: element (i, j) is at j*rows + i
		rm := make([]float64, len(vals))
		for j := 0; j < cols; j++ {
			for i := 0; i < rows; i++ {
				rm[i*cols+j] = vals[j*rows+i]
			}
		}
		t.Data = rm
	}
	for k, v := range t.Data {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			i, j := k/cols, k%cols
			return Table{}, &ValueError{Position: Position{File: o.Name}, Row: i, Field: j,
				Msg: "value " + formatFloat(v) + " is not finite"}
		}
	}
	return t, nil
}

// newNPYReader parses the header with npyio. npyio's dictionary parser
// slices the header at the positions of its keys and can panic on a header
// that is not in numpy's canonical form; that panic is turned into an error
// here, so that no input can crash the caller.
func newNPYReader(buf []byte) (rd *npyio.Reader, err error) {
	defer func() {
		if p := recover(); p != nil {
			rd, err = nil, fmt.Errorf("unparsable header dictionary %q", headerText(buf))
		}
	}()
	return npyio.NewReader(bytes.NewReader(buf))
}

// decodeNPY reads n values of the given size (8: float64, 4: float32) with
// npyio; float32 values are widened, which is exact.
func decodeNPY(rd *npyio.Reader, size, n int) (vals []float64, err error) {
	defer func() {
		if p := recover(); p != nil {
			vals, err = nil, fmt.Errorf("npyio: %v", p)
		}
	}()
	if size == 8 {
		vals = make([]float64, n)
		if err := rd.Read(&vals); err != nil && err != io.EOF {
			return nil, err
		}
		return vals, nil
	}
	f32 := make([]float32, n)
	if err := rd.Read(&f32); err != nil && err != io.EOF {
		return nil, err
	}
	vals = make([]float64, n)
	for i, v := range f32 {
		vals[i] = float64(v)
	}
	return vals, nil
}

// headerText returns the header dictionary for messages, shortened.
func headerText(buf []byte) string {
	s := string(buf[min(len(buf), 10):])
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	s = strings.TrimRight(s, " ")
	if len(s) > 120 {
		s = s[:120] + "…"
	}
	return s
}

// describeDtype names a numpy dtype string for messages, e.g. '<i8' (int64).
func describeDtype(d string) string {
	if t := npyio.TypeFrom(d); t != nil {
		return fmt.Sprintf("'%s' (%s)", d, t)
	}
	return fmt.Sprintf("%q", d)
}

// numpyShape prints a shape the way numpy does: (), (6,), (3, 2).
func numpyShape(s []int) string {
	switch len(s) {
	case 0:
		return "()"
	case 1:
		return "(" + itoa(s[0]) + ",)"
	}
	parts := make([]string, len(s))
	for i, v := range s {
		parts[i] = itoa(v)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

func bytesNeeded(hi, hi2, need uint64) string {
	if hi != 0 || hi2 != 0 {
		return "more than 2^64 bytes"
	}
	return fmt.Sprintf("%d bytes", need)
}

// formatList joins items as "a", "a or b", "a, b or c".
func formatList(items []string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}
