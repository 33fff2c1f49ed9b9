package pointio

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"
)

func TestReadCSVGood(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		cols   []int
		rows   int
		ncols  int
		data   []float64
		lines  []int
		header []string
	}{
		{"commas", "0.1,0.2\n-0.3,0.4\n", nil, 2, 2, []float64{0.1, 0.2, -0.3, 0.4}, []int{1, 2}, nil},
		{"spaces around commas", " 0.1 ,\t0.2 \n-0.3 , 0.4", nil, 2, 2, []float64{0.1, 0.2, -0.3, 0.4}, []int{1, 2}, nil},
		{"whitespace separated", "0.1947649 0.7404301\n0.2717498\t0.1820590\n", nil, 2, 2,
			[]float64{0.1947649, 0.7404301, 0.2717498, 0.1820590}, []int{1, 2}, nil},
		{"tsplib exponent", "0.00000e+00 0.00000e+00\n5.51200e+02 9.96400e+02\n", nil, 2, 2, []float64{0, 0, 551.2, 996.4}, []int{1, 2}, nil},
		{"header comments blanks", "# points\nx,y\n\n0.5,0.25 # first\n  \n# gap\n1,2\n", nil, 2, 2,
			[]float64{0.5, 0.25, 1, 2}, []int{4, 7}, []string{"x", "y"}},
		{"pandas index header", ",x,y\n0,0.1,0.2\n", nil, 1, 3, []float64{0, 0.1, 0.2}, []int{2}, []string{"", "x", "y"}},
		{"crlf", "x,y\r\n1,2\r\n3,4\r\n", nil, 2, 2, []float64{1, 2, 3, 4}, []int{2, 3}, []string{"x", "y"}},
		{"quoted fields", "\"x\",\"y\"\n\"1\",\"2\"\n", nil, 1, 2, []float64{1, 2}, []int{2}, []string{"x", "y"}},
		{"byte order mark", "\uFEFF1,2\n", nil, 1, 2, []float64{1, 2}, []int{1}, nil},
		{"hex float exact", "0x1p-3,-0x1.8p1\n", nil, 1, 2, []float64{0.125, -3}, []int{1}, nil},
		{"underflow rounds to zero", "1e-400,4e-324\n", nil, 1, 2, []float64{0, 5e-324}, []int{1}, nil},
		{"no final newline", "1 2 3", nil, 1, 3, []float64{1, 2, 3}, []int{1}, nil},
		{"required six", "ax,ay,bx,by,cx,cy\n0,0,0.5,0,0,0.5\n", []int{6}, 1, 6, []float64{0, 0, 0.5, 0, 0, 0.5}, []int{2}, []string{"ax", "ay", "bx", "by", "cx", "cy"}},
		{"six or eight", "1,2,3,4,5,6,7,8\n", []int{6, 8}, 1, 8, []float64{1, 2, 3, 4, 5, 6, 7, 8}, []int{1}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tab, err := Options{Name: "in.csv", Cols: tc.cols}.Read(strings.NewReader(tc.in), CSV)
			mustNoErr(t, err)
			wantEqual(t, "tab.Rows", tab.Rows, tc.rows)
			wantEqual(t, "tab.Cols", tab.Cols, tc.ncols)
			wantEqual(t, "tab.Data", tab.Data, tc.data)
			wantEqual(t, "tab.Lines", tab.Lines, tc.lines)
			wantEqual(t, "tab.Header", tab.Header, tc.header)
			wantEqual(t, "tab.Source", tab.Source, "in.csv")
			mustNoErr(t, tab.Check())
		})
	}
}

func TestReadCSVBad(t *testing.T) {
	tests := []struct {
		name      string
		in        string
		cols      []int
		msg       string // the whole Error() text
		parse     bool   // *ParseError (else *ValueError)
		line, col int
		row, fld  int // for *ValueError
	}{
		{"ragged", "1,2\n3,4,5\n", nil, "in.csv:2:1: row has 3 columns, expected 2 as on line 1", true, 2, 1, 0, 0},
		{"ragged whitespace", "x y\n1 2\n\n  3\n", nil, "in.csv:4:3: row has 1 column, expected 2 as on line 2", true, 4, 3, 0, 0},
		{"not a number", "1,2\n3,abc\n", nil, `in.csv:2:3: cannot parse "abc" as a number`, true, 2, 3, 0, 0},
		{"mixed first line is not a header", "x,0.5\n", nil, `in.csv:1:1: cannot parse "x" as a number`, true, 1, 1, 0, 0},
		{"empty field", "1,,2\n", nil, "in.csv:1:3: empty field", true, 1, 3, 0, 0},
		{"trailing comma", "1,2,\n", nil, "in.csv:1:5: empty field", true, 1, 5, 0, 0},
		{"underscore", "1_0,2\n", nil, `in.csv:1:1: cannot parse "1_0" as a number`, true, 1, 1, 0, 0},
		{"nan", "1,2\n0.5, NaN\n", nil, "in.csv:2:6: value NaN is not finite", false, 2, 6, 1, 1},
		{"inf", "-Inf,0\n", nil, "in.csv:1:1: value -Inf is not finite", false, 1, 1, 0, 0},
		{"overflow", "0,1e400\n", nil, "in.csv:1:3: value 1e400 is beyond the float64 range", false, 1, 3, 0, 1},
		{"required count", "h\n1,2\n", []int{6}, "in.csv:2:1: row has 2 columns, expected 6", true, 2, 1, 0, 0},
		{"six or eight", "1,2,3,4,5,6,7\n", []int{6, 8}, "in.csv:1:1: row has 7 columns, expected 6 or 8", true, 1, 1, 0, 0},
		{"fixed by first row", "1,2,3,4,5,6\n1,2,3,4,5,6,7,8\n", []int{6, 8}, "in.csv:2:1: row has 8 columns, expected 6 as on line 1", true, 2, 1, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Options{Name: "in.csv", Cols: tc.cols}.Read(strings.NewReader(tc.in), CSV)
			if err == nil {
				t.Fatal("no error")
			}
			wantEqual(t, "err.Error()", err.Error(), tc.msg)
			if tc.parse {
				var pe *ParseError
				if !errors.As(err, &pe) {
					t.Fatalf("want *ParseError, got %T", err)
				}
				wantEqual(t, "Position", pe.Position, Position{"in.csv", tc.line, tc.col})
			} else {
				var ve *ValueError
				if !errors.As(err, &ve) {
					t.Fatalf("want *ValueError, got %T", err)
				}
				wantEqual(t, "Position", ve.Position, Position{"in.csv", tc.line, tc.col})
				wantEqual(t, "ve.Row", ve.Row, tc.row)
				wantEqual(t, "ve.Field", ve.Field, tc.fld)
			}
		})
	}
}

func TestReadCSVNoData(t *testing.T) {
	for _, in := range []string{"", "\n\n", "# only a comment\n", "x,y\n", "x,y\n# nothing\n"} {
		_, err := Options{Name: "e.csv"}.Read(strings.NewReader(in), CSV)
		if !errors.Is(err, ErrNoData) {
			t.Errorf("%q: error %v, want ErrNoData", in, err)
			continue
		}
		want := "e.csv: no data rows"
		if strings.HasPrefix(in, "x,y") {
			want += " (line 1 holds no number, so it was read as a header)"
		}
		wantEqual(t, "err.Error()", err.Error(), want)
	}
}

func TestReadCSVLongLine(t *testing.T) {
	// A 200 000-column row is longer than bufio's default 64 KiB token and
	// must still be read.
	const n = 200000
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("0.125")
	}
	tab, err := Read(strings.NewReader(b.String()), CSV)
	mustNoErr(t, err)
	wantEqual(t, "tab.Cols", tab.Cols, n)
	wantEqual(t, "tab.Rows", tab.Rows, 1)
	for _, v := range tab.Data {
		if v != 0.125 {
			t.Fatalf("value %v, want 0.125", v)
		}
	}
}

func TestParseNumberRounding(t *testing.T) {
	// The reader must round correctly: 0.1 is the float64 nearest 1/10,
	// and the midpoint 1+2^-53 rounds to even (1).
	for s, want := range map[string]float64{
		"0.1": 0.1,
		"1.00000000000000011102230246251565404236316680908203125": 1,
		"1.7976931348623157e308":                                  math.MaxFloat64,
		"-0":                                                      math.Copysign(0, -1),
	} {
		got, err := parseNumber(s)
		mustNoErr(t, err, s)
		wantEqual(t, s, math.Float64bits(got), math.Float64bits(want))
	}
}

// With the numbers parsed on several workers, the error reported is still
// the first in the input, whether a number or the shape of a row.
func TestCSVFirstErrorWithWorkers(t *testing.T) {
	rows := func(bad map[int]string) string {
		var b strings.Builder
		for i := range 20000 {
			if s, ok := bad[i]; ok {
				b.WriteString(s + "\n")
				continue
			}
			b.WriteString(strconv.Itoa(i) + ".5," + strconv.Itoa(i) + "\n")
		}
		return b.String()
	}
	for _, c := range []struct {
		bad  map[int]string
		want string
	}{
		{map[int]string{15000: "1,x", 9000: "y,2"}, `in.csv:9001:1: cannot parse "y" as a number`},
		{map[int]string{12000: "1,2,3", 9000: "1,z"}, `in.csv:9001:3: cannot parse "z" as a number`},
		{map[int]string{12000: "1,2,3", 13000: "1,z"}, "in.csv:12001:1: row has 3 columns, expected 2 as on line 1"},
		{map[int]string{19999: "1,1e999"}, "in.csv:20000:3: value 1e999 is beyond the float64 range"},
	} {
		for _, w := range []int{1, 2, 5} {
			_, err := Options{Name: "in.csv", Cols: []int{2}, Workers: w}.Read(strings.NewReader(rows(c.bad)), CSV)
			if err == nil || err.Error() != c.want {
				t.Fatalf("workers %d: got %v, want %s", w, err, c.want)
			}
		}
	}
}
