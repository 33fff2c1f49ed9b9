package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/hypersteiner/hypersteiner/delaunay"
	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/cputime"
	"github.com/hypersteiner/hypersteiner/internal/unionfind"
)

// The floor of a tree run: what a process that reads the points, builds a
// tree and writes it on one core cannot do without, from the fastest parts measured
// on these points — reading the CSV with strconv.ParseFloat, the
// project's Delaunay sweep alone, a minimal Kruskal (a key per edge that
// orders the hyperbolic distances, one sort, union-find), 0.3 Fermat
// solves per point by the default strategy, and a minimal writer of the
// vertices, edges and lengths with strconv.AppendFloat. BenchmarkFloor and
// BenchmarkTreeRun measure it and the whole `tree` command (in-process,
// one worker) on the same files, so that their ratio is reproducible:
//
//	go test -run '^$' -bench 'Floor|TreeRun' -benchtime 3x ./cmd/hypersteiner
//
// Both report CPU milliseconds per run (cpu-ms/op) beside the wall time.
// The largest size takes a minute; -bench 'Floor|TreeRun/n=10000$' is quick.

// floorSizes are the sizes of the floor and tree-run benchmarks.
var floorSizes = []int{10000, 100000, 1000000}

// floorInput writes n points of G(0, 0.5) (seed 1, the built-in sample's
// distribution) as a CSV file in dir, as shortest round-trip decimals.
func floorInput(b *testing.B, dir string, n int) string {
	b.Helper()
	pts, err := hyperbolic.SampleWrappedGaussian(rand.New(rand.NewPCG(1, 0)), n, hyperbolic.Point{}, 0.5)
	if err != nil {
		b.Fatal(err)
	}
	var buf []byte
	for _, p := range pts {
		buf = strconv.AppendFloat(buf, p.X, 'g', -1, 64)
		buf = append(buf, ',')
		buf = strconv.AppendFloat(buf, p.Y, 'g', -1, 64)
		buf = append(buf, '\n')
	}
	path := filepath.Join(dir, fmt.Sprintf("g%d.csv", n))
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		b.Fatal(err)
	}
	return path
}

// floorRun is one run of the floor on the CSV file in path, writing to out.
func floorRun(path, out string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	// Read: one ParseFloat per field, into a slice sized by the lines.
	pts := make([]hyperbolic.Point, 0, bytes.Count(data, []byte{'\n'})+1)
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			i = len(data)
		}
		line := data[:i]
		data = data[min(i+1, len(data)):]
		c := bytes.IndexByte(line, ',')
		x, err := strconv.ParseFloat(string(line[:c]), 64)
		if err != nil {
			return err
		}
		y, err := strconv.ParseFloat(string(line[c+1:]), 64)
		if err != nil {
			return err
		}
		pts = append(pts, hyperbolic.Point{X: x, Y: y})
	}
	n := len(pts)
	// Triangulate: the sweep alone.
	dp := make([]delaunay.Point, n)
	for i, p := range pts {
		dp[i] = delaunay.Point{X: p.X, Y: p.Y}
	}
	tr, err := delaunay.Triangulate(dp)
	if err != nil {
		return err
	}
	// Kruskal: sinh²d·(1 − |x|²)(1 − |y|²)… needs no transcendental
	// function; the key cosh d² = (1 − x·y)²/((1 − |x|²)(1 − |y|²)) orders
	// the distances.
	w := make([]float64, n)
	for i, p := range pts {
		w[i] = 1 - p.X*p.X - p.Y*p.Y
	}
	type keyed struct {
		k    float64
		u, v int32
	}
	es := make([]keyed, len(tr.Edges))
	for i, e := range tr.Edges {
		p, q := pts[e[0]], pts[e[1]]
		d := 1 - p.X*q.X - p.Y*q.Y
		es[i] = keyed{d * d / (w[e[0]] * w[e[1]]), int32(e[0]), int32(e[1])}
	}
	slices.SortFunc(es, func(a, b keyed) int {
		switch {
		case a.k < b.k:
			return -1
		case a.k > b.k:
			return 1
		}
		return 0
	})
	uf := unionfind.New(n)
	edges := make([][2]int32, 0, n-1)
	lengths := make([]float64, 0, n-1)
	for _, e := range es {
		if uf.Union(e.u, e.v) {
			edges = append(edges, [2]int32{e.u, e.v})
			lengths = append(lengths, hyperbolic.Dist(pts[e.u], pts[e.v]))
		}
	}
	// Fermat points: 0.3 solves per point, on triangles spread over the
	// triangulation.
	solves := 3 * n / 10
	steiner := make([]hyperbolic.Point, 0, solves)
	var s fermat.Auto
	for k := 0; k < solves; k++ {
		t := tr.Triangles[k*len(tr.Triangles)/solves]
		p, st := s.Fermat(pts[t[0]], pts[t[1]], pts[t[2]])
		if st == fermat.Found {
			steiner = append(steiner, p)
		}
	}
	// Write: through a 64 KiB buffer, flushed as it fills.
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	defer f.Close()
	bw := bufio.NewWriterSize(f, 64<<10)
	buf := make([]byte, 0, 64<<10)
	flush := func() {
		if len(buf) > 60<<10 {
			bw.Write(buf)
			buf = buf[:0]
		}
	}
	buf = append(buf, `{"vertices":[`...)
	for i, p := range pts {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = appendPoint(buf, p)
		flush()
	}
	for _, p := range steiner {
		buf = appendPoint(append(buf, ','), p)
		flush()
	}
	buf = append(buf, `],"edges":[`...)
	for i, e := range edges {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = append(buf, '[')
		buf = strconv.AppendInt(buf, int64(e[0]), 10)
		buf = append(buf, ',')
		buf = strconv.AppendInt(buf, int64(e[1]), 10)
		buf = append(buf, ']')
		flush()
	}
	buf = append(buf, `],"edge_lengths":[`...)
	for i, l := range lengths {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = strconv.AppendFloat(buf, l, 'g', -1, 64)
		flush()
	}
	buf = append(buf, "]}\n"...)
	if math.IsNaN(lengths[0]) {
		return fmt.Errorf("floor: NaN length")
	}
	bw.Write(buf)
	return bw.Flush()
}

// appendPoint appends p as a JSON pair of shortest round-trip decimals.
func appendPoint(buf []byte, p hyperbolic.Point) []byte {
	buf = append(buf, '[')
	buf = strconv.AppendFloat(buf, p.X, 'g', -1, 64)
	buf = append(buf, ',')
	buf = strconv.AppendFloat(buf, p.Y, 'g', -1, 64)
	return append(buf, ']')
}

// cpuBench runs f b.N times and reports the CPU time per run.
func cpuBench(b *testing.B, f func() error) {
	runtime.GC()
	c0 := cputime.Process()
	for i := 0; i < b.N; i++ {
		if err := f(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(cputime.Process()-c0)/1e6/float64(b.N), "cpu-ms/op")
}

func BenchmarkFloor(b *testing.B) {
	dir := b.TempDir()
	for _, n := range floorSizes {
		in := floorInput(b, dir, n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			// One core, as `tree --workers 1` runs: the collector marks on
			// it rather than on an idle second core.
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
			cpuBench(b, func() error { return floorRun(in, filepath.Join(dir, "floor.json")) })
		})
	}
}

// BenchmarkTreeRun is the whole `hypersteiner tree --workers 1` command on
// the floor's files, in-process: reading, building, the self-check and
// writing the JSON.
func BenchmarkTreeRun(b *testing.B) {
	dir := b.TempDir()
	for _, n := range floorSizes {
		in := floorInput(b, dir, n)
		for _, check := range []bool{true, false} {
			name := fmt.Sprintf("n=%d", n)
			args := []string{"tree", "--quiet", "--workers", "1", "--out", filepath.Join(dir, "tree.json")}
			if !check {
				name += "/no-check"
				args = append(args, "--no-check")
			}
			args = append(args, in)
			b.Run(name, func(b *testing.B) {
				cpuBench(b, func() error {
					var stderr bytes.Buffer
					if code := run(args, nil, io.Discard, &stderr); code != 0 {
						return fmt.Errorf("exit %d: %s", code, stderr.String())
					}
					return nil
				})
			})
		}
	}
}

// BenchmarkTreeOverFloor runs the floor and the whole `tree --workers 1`
// command alternately, one of each per iteration on the same file, and
// reports the medians of their wall times (floor-ns, tree-ns) and the
// ratio of the medians: on a shared machine, whose speed drifts from
// minute to minute, the two separate benchmarks above can disagree by
// more than the ratio's margin.
//
//	go test -run '^$' -bench 'TreeOverFloor/n=10000$' -benchtime 200x ./cmd/hypersteiner
func BenchmarkTreeOverFloor(b *testing.B) {
	dir := b.TempDir()
	for _, n := range floorSizes {
		in := floorInput(b, dir, n)
		args := []string{"tree", "--quiet", "--workers", "1", "--out", filepath.Join(dir, "tree.json"), in}
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			var floorT, treeT []time.Duration
			for b.Loop() {
				prev := runtime.GOMAXPROCS(1)
				t0 := time.Now()
				err := floorRun(in, filepath.Join(dir, "floor.json"))
				floorT = append(floorT, time.Since(t0))
				runtime.GOMAXPROCS(prev)
				if err != nil {
					b.Fatal(err)
				}
				var stderr bytes.Buffer
				t0 = time.Now()
				code := run(args, nil, io.Discard, &stderr)
				treeT = append(treeT, time.Since(t0))
				if code != 0 {
					b.Fatalf("exit %d: %s", code, stderr.String())
				}
			}
			b.ReportMetric(medianNs(floorT), "floor-ns")
			b.ReportMetric(medianNs(treeT), "tree-ns")
			b.ReportMetric(medianNs(treeT)/medianNs(floorT), "ratio")
		})
	}
}

// BenchmarkTreeWorkers runs the whole `tree` command with one worker and
// with two alternately, one of each per iteration, on the floor's files,
// and reports the medians of their wall times (one-ns, two-ns) and the
// speed-up (one over two). In-process, the heap is already mapped after
// the first iteration; whole processes fault in fresh pages besides.
//
//	go test -run '^$' -bench 'TreeWorkers/n=1000000$' -benchtime 6x ./cmd/hypersteiner
func BenchmarkTreeWorkers(b *testing.B) {
	if runtime.GOMAXPROCS(0) < 2 {
		b.Skip("needs two cores")
	}
	dir := b.TempDir()
	for _, n := range floorSizes {
		in := floorInput(b, dir, n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			var times [2][]time.Duration
			for b.Loop() {
				for w := range 2 {
					args := []string{"tree", "--quiet", "--workers", strconv.Itoa(w + 1), "--out", filepath.Join(dir, "tree.json"), in}
					var stderr bytes.Buffer
					t0 := time.Now()
					code := run(args, nil, io.Discard, &stderr)
					times[w] = append(times[w], time.Since(t0))
					if code != 0 {
						b.Fatalf("exit %d: %s", code, stderr.String())
					}
				}
			}
			b.ReportMetric(medianNs(times[0]), "one-ns")
			b.ReportMetric(medianNs(times[1]), "two-ns")
			b.ReportMetric(medianNs(times[0])/medianNs(times[1]), "speedup")
		})
	}
}

// medianNs is the median of the durations d (sorted in place), in
// nanoseconds, for ReportMetric.
func medianNs(d []time.Duration) float64 {
	slices.Sort(d)
	return float64(d[len(d)/2])
}
