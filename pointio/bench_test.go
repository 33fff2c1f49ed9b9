package pointio

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
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
