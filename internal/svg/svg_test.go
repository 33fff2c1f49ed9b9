package svg

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"math"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

func TestNum(t *testing.T) {
	for _, tc := range []struct {
		x    float64
		want string
	}{{0, "0"}, {1, "1"}, {1.5, "1.5"}, {1.005, "1"}, {2.126, "2.13"}, {-0.001, "0"}, {-3.1, "-3.1"}, {800, "800"}} {
		assert.Equal(t, tc.want, Num(tc.x), "%v", tc.x)
	}
}

func TestDocIsXML(t *testing.T) {
	var b bytes.Buffer
	d := Begin(&b, 200, 100)
	clip := d.Clip(10, 10, 50, 50)
	d.Line(0, 0, 10, 10, "#000", 1, clip)
	d.Rect(1, 2, 3, 4, `fill="none"`)
	d.Circle(5, 5, 2)
	d.Text(10, 20, 12, "middle", "#333", `a < b & "c" 'd'`)
	require.NoError(t, d.End())
	dec := xml.NewDecoder(&b)
	var names []string
	var text string
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		require.NoError(t, err)
		switch tk := tok.(type) {
		case xml.StartElement:
			names = append(names, tk.Name.Local)
		case xml.CharData:
			text += string(tk)
		}
	}
	assert.Equal(t, []string{"svg", "rect", "clipPath", "rect", "line", "rect", "circle", "text"}, names)
	assert.Contains(t, text, `a < b & "c" 'd'`)
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestDocWriteError(t *testing.T) {
	d := Begin(failWriter{}, 10, 10)
	assert.ErrorContains(t, d.End(), "disk full")
}

func TestLinearTicks(t *testing.T) {
	for _, tc := range []struct {
		lo, hi float64
		n      int
		want   []string
	}{
		{0, 1, 5, []string{"0.00", "0.25", "0.50", "0.75", "1.00"}},
		{0, 10, 6, []string{"0", "2", "4", "6", "8", "10"}},
		{1.72, 3.31, 6, []string{"2.0", "2.5", "3.0"}},
		{0.155, 0.215, 6, []string{"0.16", "0.17", "0.18", "0.19", "0.20", "0.21"}},
		{-0.05, 0.05, 5, []string{"-0.04", "-0.02", "0.00", "0.02", "0.04"}},
		{-3, 123, 6, []string{"0", "25", "50", "75", "100"}},
		{-3, 123, 4, []string{"0", "50", "100"}},
		{0, 7.5, 4, []string{"0", "2", "4", "6"}},
		{0, 0.3, 2, []string{"0.0", "0.2"}},
		{-1e-17, 1e-17, 4, []string{"-1e-17", "0", "1e-17"}},
		{2.5e6, 4.1e6, 4, []string{"2.5e+06", "3e+06", "3.5e+06", "4e+06"}},
		{40, 12000, 6, []string{"2000", "4000", "6000", "8000", "10000", "12000"}},
	} {
		_, labels := LinearTicks(tc.lo, tc.hi, tc.n)
		assert.Equal(t, tc.want, labels, "[%g, %g]", tc.lo, tc.hi)
	}
	ticks, _ := LinearTicks(1, 1, 5)
	assert.Empty(t, ticks, "an empty range has no ticks")
}

// Ticks lie in the range, at least two and at most n of them (six when n
// is smaller: steps grow by at most 2.5 times), equally spaced, and their
// labels read back as the ticks.
func TestLinearTicksProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		lo := rapid.Float64Range(-1e6, 1e6).Draw(t, "lo")
		span := math.Pow(10, rapid.Float64Range(-6, 6).Draw(t, "logspan"))
		hi := lo + span
		if !(hi > lo) {
			t.Skip("span lost to rounding")
		}
		n := rapid.IntRange(2, 10).Draw(t, "n")
		ticks, labels := LinearTicks(lo, hi, n)
		if len(ticks) < 2 || len(ticks) > max(n, 6) {
			t.Fatalf("[%g, %g] n=%d: %d ticks %v", lo, hi, n, len(ticks), labels)
		}
		step := ticks[1] - ticks[0]
		tol := 1e-6*step + 4*math.Abs(hi)*0x1p-52 // the ticks' own rounding
		for i, v := range ticks {
			if v < lo || v > hi {
				t.Fatalf("tick %g outside [%g, %g]", v, lo, hi)
			}
			if i > 0 && math.Abs(v-ticks[i-1]-step) > tol {
				t.Fatalf("uneven ticks %v", ticks)
			}
			got, err := strconv.ParseFloat(labels[i], 64)
			// A label is exact to a thousandth of a step, or to the
			// float64 spacing at the tick's magnitude when that is coarser.
			if err != nil || math.Abs(got-v) > 1e-3*step+4*math.Abs(v)*0x1p-52 {
				t.Fatalf("label %q for tick %g", labels[i], v)
			}
		}
	})
}

func TestLogTicks(t *testing.T) {
	for _, tc := range []struct {
		lo, hi float64
		want   []string
		minor  int
	}{
		{40, 12000, []string{"100", "1000", "10000"}, 6 + 8 + 8},
		{1e-4, 400, []string{"10⁻⁴", "10⁻³", "10⁻²", "10⁻¹", "10⁰", "10¹", "10²"}, 6*8 + 3},
		{0.001, 20, []string{"0.001", "0.01", "0.1", "1", "10"}, 4*8 + 1},
		{0.004, 0.06, []string{"0.005", "0.01", "0.02", "0.05"}, 0},
		{3e-6, 9e-6, []string{"4×10⁻⁶", "6×10⁻⁶", "8×10⁻⁶"}, 0},
		{1e-9, 1e3, []string{"10⁻⁸", "10⁻⁶", "10⁻⁴", "10⁻²", "10⁰", "10²"}, 12 * 8},
	} {
		_, labels, minor := LogTicks(tc.lo, tc.hi)
		assert.Equal(t, tc.want, labels, "[%g, %g]", tc.lo, tc.hi)
		assert.Len(t, minor, tc.minor, "[%g, %g]", tc.lo, tc.hi)
	}
	major, _, _ := LogTicks(0, 1)
	assert.Empty(t, major, "a log axis needs lo > 0")
}

func TestLogTicksProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		lo := math.Pow(10, rapid.Float64Range(-12, 12).Draw(t, "loglo"))
		hi := lo * math.Pow(10, rapid.Float64Range(0.05, 15).Draw(t, "decades"))
		major, labels, minor := LogTicks(lo, hi)
		if len(major) < 2 || len(labels) != len(major) {
			t.Fatalf("[%g, %g]: ticks %v labels %v", lo, hi, major, labels)
		}
		for _, v := range append(append([]float64(nil), major...), minor...) {
			if v < lo*(1-1e-9) || v > hi*(1+1e-9) {
				t.Fatalf("tick %g outside [%g, %g]", v, lo, hi)
			}
		}
		for i := 1; i < len(major); i++ {
			if major[i] <= major[i-1] {
				t.Fatalf("ticks not increasing: %v", major)
			}
		}
	})
}

func TestEscape(t *testing.T) {
	assert.Equal(t, "plain", Escape("plain"))
	assert.Equal(t, "&lt;a&gt; &amp; &quot;b&quot; &#39;c&#39;", Escape(`<a> & "b" 'c'`))
}

func TestTextWidth(t *testing.T) {
	assert.InDelta(t, 0.6*10*5, TextWidth("RED %", 10), 1e-12)
	assert.InDelta(t, 0.6*10*2, TextWidth("≥°", 10), 1e-12, "characters, not bytes")
}
