package pointio

import (
	"errors"
	"strings"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// TestReadInput: each model's columns, plane points, labels, repeats
// refused or dropped, an unknown model refused before reading.
func TestReadInput(t *testing.T) {
	for _, tc := range []struct {
		in, model string
		dedupe    bool
		want      []hyperbolic.Point
		dropped   int
		err       string
	}{
		{"0.1,0.2\n0.3,0.4\n", "klein", false, []hyperbolic.Point{{X: 0.1, Y: 0.2}, {X: 0.3, Y: 0.4}}, 0, ""},
		{"0.5,0\n", "poincare", false, []hyperbolic.Point{{X: 0.8}}, 0, ""},
		{"1.25,0.75,0\n", "hyperboloid", false, []hyperbolic.Point{{X: 0.6}}, 0, ""},
		{"3,4\n3,5\n", "", false, []hyperbolic.Point{{X: 3, Y: 4}, {X: 3, Y: 5}}, 0, ""},
		{"x,y,label\n0.1,0.2,a\n0.3,0.4,b\n0.1,0.2,c\n", "klein", true, []hyperbolic.Point{{X: 0.1, Y: 0.2}, {X: 0.3, Y: 0.4}}, 1, ""},
		{"0.1,0.2\n0.3,0.4\n0.1,0.2\n", "klein", false, nil, 0, "stdin:3:1: "},
		{"3,4\n", "", false, []hyperbolic.Point{{X: 3, Y: 4}}, 0, ""},
		{"3,4\n", "klein", false, nil, 0, "stdin:1:1: point (3, 4) is on or outside the unit circle"},
		{"0.1,0.2\n", "sphere", false, nil, 0, "unknown model"},
	} {
		in, err := Options{}.ReadInput("-", strings.NewReader(tc.in), tc.model, tc.dedupe)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q %s: error %v, want %q", tc.in, tc.model, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q %s: %v", tc.in, tc.model, err)
			continue
		}
		wantEqual(t, tc.in+" points", len(in.Points), len(tc.want))
		for i, p := range tc.want {
			if dx, dy := in.Points[i].X-p.X, in.Points[i].Y-p.Y; dx*dx+dy*dy > 1e-30 {
				t.Errorf("%q %s: point %d = %v, want %v", tc.in, tc.model, i, in.Points[i], p)
			}
		}
		wantEqual(t, tc.in+" dropped", in.Dropped, tc.dropped)
		wantEqual(t, tc.in+" rows", in.Table.Rows, len(tc.want))
	}
	_, err := Options{}.ReadInput("-", strings.NewReader("0.1,0.2\n0.1,0.2\n"), "klein", false)
	var de *DuplicateError
	if !errors.As(err, &de) {
		t.Errorf("a repeat: %v, want a *DuplicateError", err)
	}
	_, err = Options{}.ReadInput("/nonexistent.csv", nil, "sphere", false)
	if !errors.Is(err, ErrUnknownModel) {
		t.Errorf("the model is checked first: %v", err)
	}
}

func TestRowText(t *testing.T) {
	tab, err := Read(strings.NewReader("0.1,-2e-300\n1e21,3\n"), CSV)
	if err != nil {
		t.Fatal(err)
	}
	wantEqual(t, "row 0", tab.RowText(0), "(0.1, -2e-300)")
	wantEqual(t, "row 1", tab.RowText(1), "(1e+21, 3)")
}
