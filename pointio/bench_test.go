package pointio

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/sbinet/npyio"
	"gonum.org/v1/gonum/mat"
)

// benchPoints returns n seeded random points of the open unit disk.
func benchPoints(n int) []float64 {
	r := rand.New(rand.NewPCG(1, 2))
	d := make([]float64, 0, 2*n)
	for len(d) < 2*n {
		x, y := 2*r.Float64()-1, 2*r.Float64()-1
		if x*x+y*y < 0.99 {
			d = append(d, x, y)
		}
	}
	return d
}

const benchN = 100000

func BenchmarkReadCSV(b *testing.B) {
	d := benchPoints(benchN)
	var buf bytes.Buffer
	buf.WriteString("x,y\n")
	for i := 0; i < len(d); i += 2 {
		buf.WriteString(strconv.FormatFloat(d[i], 'g', -1, 64))
		buf.WriteByte(',')
		buf.WriteString(strconv.FormatFloat(d[i+1], 'g', -1, 64))
		buf.WriteByte('\n')
	}
	raw := buf.Bytes()
	b.SetBytes(int64(len(raw)))
	for b.Loop() {
		if _, err := Read(bytes.NewReader(raw), CSV); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReadJSON(b *testing.B) {
	d := benchPoints(benchN)
	rows := make([][2]float64, benchN)
	for i := range rows {
		rows[i] = [2]float64{d[2*i], d[2*i+1]}
	}
	raw, err := json.Marshal(rows)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(raw)))
	for b.Loop() {
		if _, err := Read(bytes.NewReader(raw), JSON); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReadNPY(b *testing.B) {
	var buf bytes.Buffer
	if err := npyio.Write(&buf, mat.NewDense(benchN, 2, benchPoints(benchN))); err != nil {
		b.Fatal(err)
	}
	raw := buf.Bytes()
	b.SetBytes(int64(len(raw)))
	for b.Loop() {
		if _, err := Read(bytes.NewReader(raw), NPY); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkToKleinPoincare(b *testing.B) {
	tab := Table{Rows: benchN, Cols: 2, Data: benchPoints(benchN)}
	for b.Loop() {
		if _, err := ToKlein(tab, "poincare"); err != nil {
			b.Fatal(err)
		}
	}
}

// treeInputCSV returns the text of n seeded random points of the disk of
// Euclidean radius 0.9, one "x,y" line each in shortest round-trip
// decimals: the kind of file `hypersteiner tree` reads.
func treeInputCSV(n int) []byte {
	r := rand.New(rand.NewPCG(7, 11))
	buf := make([]byte, 0, 40*n)
	for k := 0; k < n; {
		x, y := 2*r.Float64()-1, 2*r.Float64()-1
		if x*x+y*y < 0.81 {
			buf = strconv.AppendFloat(buf, x, 'g', -1, 64)
			buf = append(buf, ',')
			buf = strconv.AppendFloat(buf, y, 'g', -1, 64)
			buf = append(buf, '\n')
			k++
		}
	}
	return buf
}

// BenchmarkReadInputTree reads 10⁶ points as the tree command does
// (ReadInput of a .csv file: Klein model, labels allowed, repeats an
// error), with 1 and 2 workers.
func BenchmarkReadInputTree(b *testing.B) {
	raw := treeInputCSV(1_000_000)
	path := filepath.Join(b.TempDir(), "points.csv")
	if err := os.WriteFile(path, raw, 0o600); err != nil {
		b.Fatal(err)
	}
	for _, w := range []int{1, 2} {
		b.Run("workers="+strconv.Itoa(w), func(b *testing.B) {
			b.SetBytes(int64(len(raw)))
			b.ReportAllocs()
			for b.Loop() {
				in, err := Options{Workers: w}.ReadInput(path, nil, "klein", false)
				if err != nil || len(in.Points) != 1_000_000 {
					b.Fatal(err, len(in.Points))
				}
			}
		})
	}
}

// BenchmarkReadCSVTree is the CSV reader alone on the input of
// BenchmarkReadInputTree, its length known as for a file.
func BenchmarkReadCSVTree(b *testing.B) {
	raw := treeInputCSV(1_000_000)
	for _, w := range []int{1, 2} {
		b.Run("workers="+strconv.Itoa(w), func(b *testing.B) {
			b.SetBytes(int64(len(raw)))
			b.ReportAllocs()
			o := Options{Cols: []int{2}, Labels: true, Workers: w}
			for b.Loop() {
				if _, err := o.readCSV(bytes.NewReader(raw), int64(len(raw))); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkFindDuplicate is ReadInput's duplicate check on 10⁶ distinct
// points with 1 and 2 workers.
func BenchmarkFindDuplicate(b *testing.B) {
	tab := Table{Rows: 1_000_000, Cols: 2, Data: benchPoints(1_000_000)}
	for _, w := range []int{1, 2} {
		b.Run("workers="+strconv.Itoa(w), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := tab.findDuplicate(w); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
