package pointio_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hypersteiner/hypersteiner/pointio"
	"github.com/sbinet/npyio"
)

func ExampleRead() {
	in := `# three terminals
x,y
0.1, 0.2
-0.3, 0.4   # a trailing comment

0 -0.5
`
	t, err := pointio.Read(strings.NewReader(in), pointio.CSV)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t.Rows, "rows of", t.Cols, "columns; header", t.Header)
	for i := range t.Rows {
		fmt.Println("line", t.Lines[i], "→", t.Row(i))
	}
	// Output:
	// 3 rows of 2 columns; header [x y]
	// line 3 → [0.1 0.2]
	// line 4 → [-0.3 0.4]
	// line 6 → [0 -0.5]
}

func ExampleOptions_Read() {
	// The fermat command reads triangles, six numbers a line.
	opt := pointio.Options{Name: "triangles.csv", Cols: []int{6}}
	_, err := opt.Read(strings.NewReader("0,0, 0.5,0, 0,0.5\n0.1,0.1, 0.2,0.2\n"), pointio.CSV)
	fmt.Println(err)
	// Output:
	// triangles.csv:2:1: row has 4 columns, expected 6 as on line 1
}

func ExampleToKlein() {
	in := "[[0, 0], [0.5, 0], [0, -0.5]]" // Poincaré disk
	t, err := pointio.Options{Name: "poincare.json"}.Read(strings.NewReader(in), pointio.JSON)
	if err != nil {
		fmt.Println(err)
		return
	}
	pts, err := pointio.ToKlein(t, "poincare")
	fmt.Println(pts, err)

	_, err = pointio.ToKlein(pointio.Table{Rows: 1, Cols: 2, Data: []float64{1.2, 0.1}, Source: "in.npy"}, "klein")
	fmt.Println(err)
	// Output:
	// [{0 0} {0.8 0} {0 -0.8}] <nil>
	// in.npy: row 1: point (1.2, 0.1) is on or outside the unit circle (the klein model needs x² + y² < 1)
}

func ExampleParseError() {
	_, err := pointio.Options{Name: "input.csv"}.Read(strings.NewReader("x,y\n0.1,0.2\n0.3,O.4\n"), pointio.CSV)
	var pe *pointio.ParseError
	if errors.As(err, &pe) {
		fmt.Printf("line %d, column %d: %s\n", pe.Line, pe.Column, pe.Msg)
	}
	fmt.Println(err)
	// Output:
	// line 3, column 5: cannot parse "O.4" as a number
	// input.csv:3:5: cannot parse "O.4" as a number
}

func ExampleReadFile() {
	dir, err := os.MkdirTemp("", "pointio")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "points.npy")
	f, err := os.Create(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	// A (2, 3) float32 array: hyperboloid points (t, x, y).
	if err := npyio.Write(f, [][3]float32{{1, 0, 0}, {1.25, 0.75, 0}}); err != nil {
		fmt.Println(err)
		return
	}
	f.Close()

	t, err := pointio.ReadFile(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t.Rows, t.Cols, t.Data)
	pts, err := pointio.ToKlein(t, "hyperboloid")
	fmt.Println(pts, err)
	// Output:
	// 2 3 [1 0 0 1.25 0.75 0]
	// [{0 0} {0.6 0}] <nil>
}
