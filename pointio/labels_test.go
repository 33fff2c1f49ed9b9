package pointio

import (
	"errors"
	"strings"
	"testing"
)

func TestReadCSVLabels(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		cols   []int
		label  string // Options.LabelName
		data   []float64
		labels []string
		lines  []int
	}{
		{"header names the third column", "x,y,label\n0.1,0.2,a\n0.3,0.4,b\n", []int{2}, "",
			[]float64{0.1, 0.2, 0.3, 0.4}, []string{"a", "b"}, []int{2, 3}},
		{"header names the first column", "Label , x, y\ncell A,0.1,0.2\n", []int{2}, "",
			[]float64{0.1, 0.2}, []string{"cell A"}, []int{2}},
		{"header with another name", "name,x,y\nc0,0.5,0\n", []int{2}, "NAME",
			[]float64{0.5, 0}, []string{"c0"}, []int{2}},
		{"no header: text in the last column", "0.1,0.2,cell A\n0.3,0.4,7\n", []int{2}, "",
			[]float64{0.1, 0.2, 0.3, 0.4}, []string{"cell A", "7"}, []int{1, 2}},
		{"header without a label name, text last", "x,y,kind\n1,2,a\n", []int{2}, "",
			[]float64{1, 2}, []string{"a"}, []int{2}},
		{"whitespace separated", "1 2 a\n3 4 b\n", []int{2}, "",
			[]float64{1, 2, 3, 4}, []string{"a", "b"}, []int{1, 2}},
		{"quoted label", "1,2,\"a b\"\n", []int{2}, "", []float64{1, 2}, []string{"a b"}, []int{1}},
		{"empty label after the first", "1,2,a\n3,4,\n", []int{2}, "", []float64{1, 2, 3, 4}, []string{"a", ""}, []int{1, 2}},
		{"hyperboloid rows and a label", "t,x,y,label\n1,0,0,root\n", []int{3}, "", []float64{1, 0, 0}, []string{"root"}, []int{2}},
		{"no label column", "0.1,0.2\n0.3,0.4\n", []int{2}, "", []float64{0.1, 0.2, 0.3, 0.4}, nil, []int{1, 2}},
		{"header without a label column", "x,y\n0.1,0.2\n", []int{2}, "", []float64{0.1, 0.2}, nil, []int{2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tab, err := Options{Name: "in.csv", Cols: tc.cols, Labels: true, LabelName: tc.label}.Read(strings.NewReader(tc.in), CSV)
			mustNoErr(t, err)
			wantEqual(t, "tab.Cols", tab.Cols, tc.cols[0])
			wantEqual(t, "tab.Data", tab.Data, tc.data)
			wantEqual(t, "tab.Labels", tab.Labels, tc.labels)
			wantEqual(t, "tab.Lines", tab.Lines, tc.lines)
			mustNoErr(t, tab.Check())
		})
	}
}

func TestReadCSVLabelsBad(t *testing.T) {
	tests := []struct {
		name, in string
		msg      string // the whole Error() text
	}{
		{"a numeric third column is not a label", "0.1,0.2,3\n",
			"in.csv:1:1: row has 3 columns, expected 2"},
		{"a label not last needs a header", "a,0.1,0.2\n",
			"in.csv:1:1: row has 3 columns, expected 2"},
		{"a row without its label", "0.1,0.2,a\n0.3,0.4\n",
			"in.csv:2:1: row has 2 columns, expected 3 (with the label) as on line 1"},
		{"a row with one field more", "0.1,0.2,a\n0.3,0.4,b,c\n",
			"in.csv:2:1: row has 4 columns, expected 3 (with the label) as on line 1"},
		{"the header's label column missing", "x,y,label\n0.1,0.2\n",
			`in.csv:2:1: row has 2 columns, expected 2 and a label (the header on line 1 names column 3 "label")`},
		{"a bad number beside a label", "0.1,0.2,a\n0.3,0.x,b\n",
			`in.csv:2:5: cannot parse "0.x" as a number`},
		{"an empty first label is not a label column", "0.1,0.2,\n",
			"in.csv:1:1: row has 3 columns, expected 2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Options{Name: "in.csv", Cols: []int{2}, Labels: true}.Read(strings.NewReader(tc.in), CSV)
			if err == nil {
				t.Fatal("no error")
			}
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error of type %T, want *ParseError: %v", err, err)
			}
			wantEqual(t, "message", err.Error(), tc.msg)
		})
	}
}

// Without Options.Labels a label column is an error, as it always was.
func TestReadCSVLabelsOff(t *testing.T) {
	_, err := Options{Name: "in.csv", Cols: []int{2}}.Read(strings.NewReader("x,y,label\n0.1,0.2,a\n"), CSV)
	wantEqual(t, "message", err.Error(), "in.csv:2:1: row has 3 columns, expected 2")
}

// The labels ride along with the points through the model conversion.
func TestLabelledPointsToKlein(t *testing.T) {
	tab, err := Options{Name: "in.csv", Cols: []int{2}, Labels: true}.Read(strings.NewReader("x,y,label\n0.5,0,a\n0,0.25,b\n"), CSV)
	mustNoErr(t, err)
	pts, err := ToKlein(tab, "poincare")
	mustNoErr(t, err)
	wantEqual(t, "points", len(pts), 2)
	wantEqual(t, "labels", tab.Labels, []string{"a", "b"})
}

func FuzzReadCSVLabels(f *testing.F) {
	for _, s := range []string{"x,y,label\n0.1,0.2,a\n", "1 2 a\n3 4 b\n", "label,x,y\na,1,2\n", "1,2,\n", "1,2,a\n3,4\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		tab, err := Options{Name: "fuzz", Cols: []int{2}, Labels: true}.Read(strings.NewReader(in), CSV)
		checkOutcome(t, tab, err, true)
		if err == nil && tab.Labels != nil && len(tab.Labels) != tab.Rows {
			t.Fatalf("%d labels for %d rows", len(tab.Labels), tab.Rows)
		}
	})
}
