package pointio

import (
	"errors"
	"strings"
	"testing"
)

func TestReadJSONGood(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		cols  []int
		rows  int
		ncols int
		data  []float64
		lines []int
	}{
		{"pairs", "[[0.1, 0.2], [-0.3, 0.4]]", nil, 2, 2, []float64{0.1, 0.2, -0.3, 0.4}, []int{1, 1}},
		{"triples on lines", "[\n  [1, 2, 3],\n  [4, 5e-1, -6E2]\n]\n", nil, 2, 3, []float64{1, 2, 3, 4, 0.5, -600}, []int{2, 3}},
		{"integers and negative zero", "[[0,-0]]", []int{2}, 1, 2, []float64{0, 0}, []int{1}},
		{"white space around", " \r\n\t[[1,2]] \n", nil, 1, 2, []float64{1, 2}, []int{2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tab, err := Options{Name: "p.json", Cols: tc.cols}.Read(strings.NewReader(tc.in), JSON)
			mustNoErr(t, err)
			wantEqual(t, "Rows", tab.Rows, tc.rows)
			wantEqual(t, "Cols", tab.Cols, tc.ncols)
			wantEqual(t, "Data", tab.Data, tc.data)
			wantEqual(t, "Lines", tab.Lines, tc.lines)
			mustNoErr(t, tab.Check())
		})
	}
}

func TestReadJSONBad(t *testing.T) {
	tests := []struct {
		name      string
		in        string
		cols      []int
		msg       string
		value     bool // *ValueError rather than *ParseError
		line, col int
	}{
		{"not an array", `{"x": 1}`, nil, "p.json:1:1: expected a JSON array of number arrays such as [[0.1, 0.2]], found an object", false, 1, 1},
		{"flat array", "[0.1, 0.2]", nil, "p.json:1:2: expected a row such as [0.1, 0.2], found the number 0.1", false, 1, 2},
		{"string value", "[[1, 2],\n [3, \"4\"]]", nil, `p.json:2:6: expected a number, found the string "4"`, false, 2, 6},
		{"null value", "[[null, 2]]", nil, "p.json:1:3: expected a number, found null", false, 1, 3},
		{"nested", "[[[1]]]", nil, "p.json:1:3: expected a number, found an array", false, 1, 3},
		{"ragged", "[[1, 2],\n [3, 4, 5]]", nil, "p.json:2:2: row has 3 values, expected 2 as on line 1", false, 2, 2},
		{"empty row", "[[]]", nil, "p.json:1:2: row has 0 values, expected at least 1", false, 1, 2},
		{"required count", "[[1, 2, 3]]", []int{2}, "p.json:1:2: row has 3 values, expected 2", false, 1, 2},
		{"overflow", "[[1, 1e999]]", nil, "p.json:1:6: value 1e999 is beyond the float64 range", true, 1, 6},
		{"syntax: NaN literal", "[[1, NaN]]", nil, "p.json:1:6: JSON syntax: invalid character 'N' looking for beginning of value", false, 1, 6},
		{"syntax: missing comma", "[[1 2]]", nil, "p.json:1:5: JSON syntax: invalid character '2' after array element", false, 1, 5},
		{"truncated", "[[1, 2],\n", nil, "p.json:2:1: JSON input ends too early", false, 2, 1},
		{"trailing data", "[[1, 2]] [[3, 4]]", nil, "p.json:1:10: unexpected data after the JSON array", false, 1, 10},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Options{Name: "p.json", Cols: tc.cols}.Read(strings.NewReader(tc.in), JSON)
			if err == nil {
				t.Fatal("no error")
			}
			wantEqual(t, "Error()", err.Error(), tc.msg)
			var pos Position
			if tc.value {
				var ve *ValueError
				if !errors.As(err, &ve) {
					t.Fatalf("want *ValueError, got %T", err)
				}
				pos = ve.Position
			} else {
				var pe *ParseError
				if !errors.As(err, &pe) {
					t.Fatalf("want *ParseError, got %T", err)
				}
				pos = pe.Position
			}
			wantEqual(t, "Position", pos, Position{"p.json", tc.line, tc.col})
		})
	}
}

func TestReadJSONNoData(t *testing.T) {
	for _, in := range []string{"", "  \n", "[]", "[ ]\n"} {
		_, err := Options{Name: "e.json"}.Read(strings.NewReader(in), JSON)
		if !errors.Is(err, ErrNoData) {
			t.Errorf("%q: error %v, want ErrNoData", in, err)
		}
	}
}
