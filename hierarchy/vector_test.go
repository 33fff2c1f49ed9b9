package hierarchy

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/sbinet/npyio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/internal/fixture"
)

func npyBytes(tb testing.TB, v any) []byte {
	tb.Helper()
	var b bytes.Buffer
	require.NoError(tb, npyio.Write(&b, v))
	return b.Bytes()
}

func TestDecodeVector(t *testing.T) {
	v, err := DecodeVector(npyBytes(t, []float64{0, 0.25, 1}), "a.npy")
	require.NoError(t, err)
	assert.Equal(t, []float64{0, 0.25, 1}, v)
	v, err = DecodeVector(npyBytes(t, []float32{0.5, 3}), "b.npy")
	require.NoError(t, err)
	assert.Equal(t, []float64{0.5, 3}, v) // float32 → float64 is exact
}

func TestDecodeVectorBad(t *testing.T) {
	good := npyBytes(t, []float64{1, 2, 3})
	nan := npyBytes(t, []float64{1, math.NaN()})
	ints := npyBytes(t, []int64{1, 2})
	tests := []struct {
		name string
		buf  []byte
		msg  string
	}{
		{"empty", nil, "not a .npy file"},
		{"not npy", []byte("x,y\n1,2\n"), "not a .npy file"},
		{"truncated data", good[:len(good)-3], "data section holds 21 bytes"},
		{"extra data", append(append([]byte{}, good...), 0), "data section holds 25 bytes"},
		{"truncated header", good[:20], "exceeds the"},
		{"version", append([]byte("\x93NUMPY\x07\x00"), good[8:]...), "format version 7.0"},
		{"NaN", nan, "value 1 is NaN"},
		{"int dtype", ints, "dtype \"<i8\""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := DecodeVector(tc.buf, "gt.npy")
			require.ErrorIs(t, err, ErrVector)
			assert.Contains(t, err.Error(), "gt.npy: ")
			assert.Contains(t, err.Error(), tc.msg)
		})
	}
	// A 2-D array that is not a column is not a vector.
	var b bytes.Buffer
	require.NoError(t, npyio.Write(&b, []float64{1, 2, 3, 4}))
	two := b.Bytes()
	// Same header length: one padding space before the newline goes.
	two = bytes.Replace(two, []byte("(4,)"), []byte("(2,2)"), 1)
	nl := bytes.IndexByte(two, '\n')
	two = append(two[:nl-1:nl-1], two[nl:]...)
	_, err := DecodeVector(two, "m.npy")
	require.ErrorIs(t, err, ErrVector)
	assert.Contains(t, err.Error(), "not a vector")
}

func TestReadVectorMissing(t *testing.T) {
	_, err := ReadVector(filepath.Join(t.TempDir(), "none.npy"))
	assert.True(t, errors.Is(err, os.ErrNotExist))
}

// TestReadVectorPlanaria reads the real ground truth: 21 452 pseudotimes
// in [0, 1], the root cell's being 0.
func TestReadVectorPlanaria(t *testing.T) {
	v, err := ReadVector(fixture.Path(t, "planaria/"+PlanariaTruth))
	require.NoError(t, err)
	require.Len(t, v, 21452)
	assert.Equal(t, 0.0, v[0])
	for i, x := range v {
		require.True(t, x >= 0 && x <= 1, "value %d = %v", i, x)
	}
}

func FuzzDecodeVector(f *testing.F) {
	f.Add(npyBytes(f, []float64{0, 0.5}))
	f.Add(npyBytes(f, []float32{1}))
	f.Add([]byte("\x93NUMPY\x01\x00\x10\x00{'descr': '<f8'}\n"))
	h := make([]byte, 12)
	copy(h, "\x93NUMPY\x02\x00")
	binary.LittleEndian.PutUint32(h[8:], 1<<31)
	f.Add(h)
	f.Fuzz(func(t *testing.T, b []byte) {
		v, err := DecodeVector(b, "fuzz.npy")
		if err != nil {
			if !errors.Is(err, ErrVector) {
				t.Fatalf("error %v does not wrap ErrVector", err)
			}
			return
		}
		if len(v) == 0 {
			t.Fatal("empty vector without error")
		}
		for _, x := range v {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				t.Fatalf("non-finite value %v accepted", x)
			}
		}
	})
}
