package pointio

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"math/bits"
	"strings"
)

// npyMagic starts every .npy file.
const npyMagic = "\x93NUMPY"

// readNPY reads a 2-D float64 or float32 NumPy array, C or Fortran order,
// or a 1-D array (n,) as the one column (n, 1) when one column is accepted.
//
// The header dictionary is parsed here (parseNPYHeader); its length, the
// dtype, the shape and the exact size of the data section are validated
// before any data are decoded, so a truncated or oversized file is
// reported rather than padded with zeros.
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

	hdr, err := parseNPYHeader(headerText(buf[pre : pre+hlen]))
	if err != nil {
		return fail("malformed .npy header: %v", err)
	}
	dtype := hdr.descr
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
	shape := hdr.shape
	if len(shape) == 1 && column {
		shape = []int{shape[0], 1}
	}
	if len(shape) != 2 || shape[0] < 0 || shape[1] < 0 {
		if column {
			return fail("array has shape %s; expected shape %s", numpyShape(hdr.shape), want)
		}
		return fail("array has shape %s; expected a 2-D array of shape %s", numpyShape(hdr.shape), want)
	}
	rows, cols := shape[0], shape[1]
	if !o.colsOK(cols) {
		return fail("array has shape %s; expected %s", numpyShape(hdr.shape), want)
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
			what, len(data), numpyShape(hdr.shape), describeDtype(dtype), bytesNeeded(hi, hi2, need))
	}
	if rows == 0 {
		return Table{}, &ParseError{Position: Position{File: o.Name}, Msg: "array has no rows: shape " + numpyShape(hdr.shape), Err: ErrNoData}
	}

	vals := decodeNPY(data, size, dtype[0] == '>')
	t = Table{Rows: rows, Cols: cols, Data: vals, Source: o.Name}
	if hdr.fortran { // column-major on disk: element (i, j) is at j*rows + i
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

// decodeNPY decodes the data section, float64 or float32 (size 8 or 4)
// in either byte order; float32 values are widened, which is exact.
func decodeNPY(data []byte, size int, big bool) []float64 {
	var order binary.ByteOrder = binary.LittleEndian
	if big {
		order = binary.BigEndian
	}
	vals := make([]float64, len(data)/size)
	for i := range vals {
		if size == 8 {
			vals[i] = math.Float64frombits(order.Uint64(data[8*i:]))
		} else {
			vals[i] = float64(math.Float32frombits(order.Uint32(data[4*i:])))
		}
	}
	return vals
}

// headerText returns the header dictionary: the header up to its
// terminating newline, without the padding.
func headerText(h []byte) string {
	s := string(h)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return strings.TrimRight(s, " ")
}

// shorten cuts a header dictionary for messages.
func shorten(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 120 {
		s = s[:120] + "…"
	}
	return s
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
