package hierarchy

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/cputime"
)

// benchPoints returns a Planaria subsample of n points (root first).
func benchPoints(b *testing.B, n int) []hyperbolic.Point {
	b.Helper()
	d := planaria(b)
	n = min(n, len(d.Points))
	return d.Restrict(Subsample(rand.New(rand.NewPCG(1, 2)), len(d.Points), n, 0)).Points
}

// reportCPU adds the thread CPU seconds per operation of f, which runs in
// the benchmark's goroutine, locked to its thread.
func reportCPU(b *testing.B, f func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	c0, _ := cputime.Thread()
	for b.Loop() {
		f()
	}
	c1, _ := cputime.Thread()
	b.ReportMetric((c1-c0)/float64(b.N), "cpu-s/op")
}

// BenchmarkNJ times Neighbor Joining of n points from their hyperbolic
// distances (the distance matrix included).
func BenchmarkNJ(b *testing.B) {
	for _, n := range []int{1000, 2000, 5000} {
		pts := benchPoints(b, n)
		for _, f32 := range []bool{false, true} {
			b.Run(fmt.Sprintf("n=%d/float32=%v", n, f32), func(b *testing.B) {
				m := NJMethod(NJOptions{Float32: f32}, 0)
				reportCPU(b, func() {
					if _, err := m.Build(pts); err != nil {
						b.Fatal(err)
					}
				})
			})
		}
	}
}

// BenchmarkMSTPlanaria times the hyperbolic MST and its root distances on
// the whole Planaria set.
func BenchmarkMSTPlanaria(b *testing.B) {
	d := planaria(b)
	reportCPU(b, func() {
		if _, err := Evaluate(MSTMethod(), d); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkTreeDistances walks a random tree of a million vertices.
func BenchmarkTreeDistances(b *testing.B) {
	const n = 1 << 20
	rng := rand.New(rand.NewPCG(1, 2))
	edges := make([][2]int, n-1)
	lengths := make([]float64, n-1)
	for v := 1; v < n; v++ {
		edges[v-1] = [2]int{v, rng.IntN(v)}
		lengths[v-1] = rng.Float64()
	}
	for b.Loop() {
		if _, err := TreeDistances(n, edges, lengths, 0); err != nil {
			b.Fatal(err)
		}
	}
}
