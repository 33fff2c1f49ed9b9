package hierarchy

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"

	"github.com/sbinet/npyio"
)

// ErrVector is wrapped by every error of ReadVector.
var ErrVector = errors.New("bad .npy vector")

// ReadVector reads a 1-D NumPy array of float64 or float32 ('<f8', '>f8',
// '<f4', '>f4'; shape (n,) or (n, 1)), such as the PAGA pseudotime of the
// Planaria data. The preamble and header are checked before npyio parses
// them, the data section must hold exactly the bytes the shape needs, and
// every value must be finite; float32 values are widened exactly. Errors
// wrap ErrVector and name the file and, for a bad value, its index.
func ReadVector(path string) ([]float64, error) {
	buf, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return DecodeVector(buf, path)
}

// DecodeVector is ReadVector on the bytes of a file; name is used in
// messages.
func DecodeVector(buf []byte, name string) (v []float64, err error) {
	fail := func(format string, args ...any) ([]float64, error) {
		return nil, fmt.Errorf("%s: %w: %s", name, ErrVector, fmt.Sprintf(format, args...))
	}
	const magic = "\x93NUMPY"
	if len(buf) < 10 || string(buf[:6]) != magic {
		return fail("not a .npy file (no \\x93NUMPY preamble)")
	}
	var pre, hlen int
	switch buf[6] {
	case 1:
		pre, hlen = 10, int(binary.LittleEndian.Uint16(buf[8:10]))
	case 2, 3:
		if len(buf) < 12 {
			return fail("preamble truncated")
		}
		pre = 12
		h := binary.LittleEndian.Uint32(buf[8:12])
		if uint64(h) > uint64(len(buf)) {
			return fail("header length %d exceeds the %d bytes after the preamble", h, len(buf)-pre)
		}
		hlen = int(h)
	default:
		return fail("format version %d.%d is not supported", buf[6], buf[7])
	}
	if hlen > len(buf)-pre {
		return fail("header length %d exceeds the %d bytes after the preamble", hlen, len(buf)-pre)
	}
	if bytes.IndexByte(buf[pre:pre+hlen], '\n') < 0 {
		return fail("header without its terminating newline")
	}
	rd, err := parseNPYHeader(buf)
	if err != nil {
		return fail("malformed header: %v", err)
	}
	h := rd.Header.Descr
	var size int
	switch h.Type {
	case "<f8", ">f8":
		size = 8
	case "<f4", ">f4":
		size = 4
	default:
		return fail("dtype %q is not supported: expected float64 ('<f8') or float32 ('<f4')", h.Type)
	}
	var n int
	switch {
	case len(h.Shape) == 1 && h.Shape[0] >= 0:
		n = h.Shape[0]
	case len(h.Shape) == 2 && h.Shape[0] >= 0 && h.Shape[1] == 1:
		n = h.Shape[0]
	default:
		return fail("shape %v is not a vector: expected (n,) or (n, 1)", h.Shape)
	}
	if data := len(buf) - pre - hlen; n > math.MaxInt/8 || data != n*size {
		return fail("data section holds %d bytes, shape %v of %d-byte values needs %d", data, h.Shape, size, n*size)
	}
	if n == 0 {
		return fail("empty vector")
	}
	v, err = decodeNPYValues(rd, size, n)
	if err != nil {
		return fail("reading data: %v", err)
	}
	for i, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fail("value %d is %v, not finite", i, x)
		}
	}
	return v, nil
}

// parseNPYHeader runs npyio's header parser, turning a panic on a header
// that is not in numpy's canonical form into an error.
func parseNPYHeader(buf []byte) (rd *npyio.Reader, err error) {
	defer func() {
		if p := recover(); p != nil {
			rd, err = nil, fmt.Errorf("unparsable header dictionary")
		}
	}()
	return npyio.NewReader(bytes.NewReader(buf))
}

func decodeNPYValues(rd *npyio.Reader, size, n int) (v []float64, err error) {
	defer func() {
		if p := recover(); p != nil {
			v, err = nil, fmt.Errorf("npyio: %v", p)
		}
	}()
	if size == 8 {
		v = make([]float64, n)
		if err := rd.Read(&v); err != nil && err != io.EOF {
			return nil, err
		}
		return v, nil
	}
	f := make([]float32, n)
	if err := rd.Read(&f); err != nil && err != io.EOF {
		return nil, err
	}
	v = make([]float64, n)
	for i, x := range f {
		v[i] = float64(x)
	}
	return v, nil
}
