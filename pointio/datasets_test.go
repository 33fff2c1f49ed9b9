package pointio

import (
	"os"
	"strings"
	"testing"

	"github.com/hypersteiner/hypersteiner/internal/fixture"
)

// These tests read the public data sets in the module's testdata folder.

func TestPlanariaFile(t *testing.T) {
	path := fixture.Path(t, "planaria/planaria_klein_cleaned.npy")
	tab, err := ReadFile(path)
	mustNoErr(t, err)
	if tab.Rows != 21452 || tab.Cols != 2 {
		t.Fatalf("shape (%d, %d), want (21452, 2)", tab.Rows, tab.Cols)
	}
	pts, err := ToKlein(tab, "klein")
	mustNoErr(t, err) // every point strictly inside the disk, decided exactly
	if len(pts) != 21452 {
		t.Fatalf("%d points", len(pts))
	}
}

func TestPlanariaPseudotimeIsNotPoints(t *testing.T) {
	// The ground-truth file is a 1-D float64 array of 21452 pseudotimes:
	// asking for points must say what was found and what was expected.
	path := fixture.Path(t, "planaria/planaria_pseudotime_groundtruth_cleaned.npy")
	_, err := ReadPoints(path, "klein")
	if err == nil || !strings.HasSuffix(err.Error(), "array has shape (21452,); expected a 2-D array of shape (n, 2)") {
		t.Fatalf("error %v", err)
	}
}

func TestEsteinFile(t *testing.T) {
	path := fixture.Path(t, "estein/estein500_01.txt")
	tab, err := Options{Cols: []int{2}}.ReadFile(path)
	mustNoErr(t, err)
	if tab.Rows != 500 {
		t.Fatalf("%d rows, want 500", tab.Rows)
	}
	wantEqual(t, "row 0", tab.Row(0), []float64{0.8034554, 0.2977321}) // the file's first line
	for _, v := range tab.Data {
		if v < 0 || v > 1 {
			t.Fatalf("value %v outside the unit square", v)
		}
	}
}

func TestTSPLIBFiles(t *testing.T) {
	for name, n := range map[string]int{"d198.txt": 198, "lin318.txt": 318, "pr2392.txt": 2392} {
		path := fixture.Path(t, "tsplib/"+name)
		tab, err := ReadFile(path)
		mustNoErr(t, err, name)
		if tab.Rows != n || tab.Cols != 2 {
			t.Errorf("%s: shape (%d, %d), want (%d, 2)", name, tab.Rows, tab.Cols, n)
		}
	}
}

func BenchmarkReadPlanariaNPY(b *testing.B) {
	path := fixture.Path(b, "planaria/planaria_klein_cleaned.npy")
	raw, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(raw)))
	for b.Loop() {
		if _, err := Read(strings.NewReader(string(raw)), NPY); err != nil {
			b.Fatal(err)
		}
	}
}

// TestReadVectorPlanaria reads the real ground truth: 21 452 pseudotimes
// in [0, 1], the root cell's being 0.
func TestReadVectorPlanaria(t *testing.T) {
	v, err := ReadVector(fixture.Path(t, "planaria/planaria_pseudotime_groundtruth_cleaned.npy"))
	mustNoErr(t, err)
	if len(v) != 21452 {
		t.Fatalf("%d values, want 21452", len(v))
	}
	if v[0] != 0 {
		t.Errorf("root cell's pseudotime %v, want 0", v[0])
	}
	for i, x := range v {
		if !(x >= 0 && x <= 1) {
			t.Fatalf("value %d = %v, not in [0, 1]", i, x)
		}
	}
}
