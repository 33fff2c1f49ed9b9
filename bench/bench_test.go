package bench

import (
	"fmt"
	"sync"
	"testing"

	"github.com/hypersteiner/hypersteiner/delaunay"
	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/sll"
)

// The pipeline's benchmarks, on the centered preset's G(0, 0.5), one
// worker (one core). Targets of the pipeline issue: n = 10⁴ with 4-terminal
// trees and the default strategy in ≤ 50 ms; n = 10⁶ in ≤ 10 s and ≤ 2 GiB
// (see maxrss-MiB, the process's peak resident size, where reported).
//
//	go test -run '^$' -bench . -benchmem -benchtime 3x ./bench

var benchSizes = []int{1_000, 10_000, 100_000, 1_000_000}

var (
	samplesMu sync.Mutex
	samples   = map[int][]hyperbolic.Point{}
)

// centeredSample returns the (cached) run-0 sample of G(0, 0.5) with n points.
func centeredSample(b *testing.B, n int) []hyperbolic.Point {
	samplesMu.Lock()
	defer samplesMu.Unlock()
	if pts, ok := samples[n]; ok {
		return pts
	}
	_, pts := presetSample(b, "centered", n, 1, 0, false)
	samples[n] = pts
	return pts
}

func BenchmarkDelaunay(b *testing.B) {
	for _, n := range benchSizes {
		pts := centeredSample(b, n)
		dp := make([]delaunay.Point, n)
		for i, p := range pts {
			dp[i] = delaunay.Point{X: p.X, Y: p.Y}
		}
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := delaunay.Hyperbolic(dp); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkMST is sll.Build without a strategy: Delaunay and the MST.
func BenchmarkMST(b *testing.B) {
	for _, n := range benchSizes {
		pts := centeredSample(b, n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := sll.Build(pts, sll.Options{Space: sll.Hyperbolic(nil), Workers: 1}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkFermat times one Fermat solve of each strategy through
// sll.Space, over the Delaunay triangles of 10⁴ points (those of the
// marked kind and the others alike: a strategy also decides "none").
func BenchmarkFermat(b *testing.B) {
	pts := centeredSample(b, 10_000)
	mesh, err := sll.Hyperbolic(nil).Triangulate(pts)
	if err != nil {
		b.Fatal(err)
	}
	tris := mesh.Triangles
	for _, name := range fermat.Names() {
		s, err := fermat.ByName(name)
		if err != nil {
			b.Fatal(err)
		}
		sp := sll.Hyperbolic(s)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			i, found := 0, 0
			for b.Loop() {
				t := tris[i%len(tris)]
				if _, st := sp.Fermat(pts[t[0]], pts[t[1]], pts[t[2]]); st == sll.Found {
					found++
				}
				i++
			}
			b.ReportMetric(float64(found)/float64(i), "found/op")
		})
	}
}

// BenchmarkFST compares 3- and 4-terminal full Steiner trees at n = 10⁴
// with the default strategy; fst-ms/op is the pipeline's FST stage alone.
func BenchmarkFST(b *testing.B) {
	pts := centeredSample(b, 10_000)
	s, err := fermat.ByName("")
	if err != nil {
		b.Fatal(err)
	}
	for _, k := range []int{3, 4} {
		b.Run(fmt.Sprintf("fst=%d", k), func(b *testing.B) {
			b.ReportAllocs()
			fst, solves := 0.0, 0
			for b.Loop() {
				t, err := sll.Build(pts, sll.Options{Space: sll.Hyperbolic(s), FST: k, Workers: 1})
				if err != nil {
					b.Fatal(err)
				}
				fst += t.Stats.FSTSeconds
				solves += t.Stats.FermatSolves
			}
			b.ReportMetric(1e3*fst/float64(b.N), "fst-ms/op")
			b.ReportMetric(float64(solves)/float64(b.N), "solves/op")
		})
	}
}

// BenchmarkSLL is the whole pipeline: 4-terminal trees, the default
// strategy, one worker.
func BenchmarkSLL(b *testing.B) {
	s, err := fermat.ByName("")
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range benchSizes {
		pts := centeredSample(b, n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			var red float64
			for b.Loop() {
				t, err := sll.Build(pts, sll.Options{Space: sll.Hyperbolic(s), FST: 4, Workers: 1})
				if err != nil {
					b.Fatal(err)
				}
				red = t.RED()
			}
			b.ReportMetric(red, "RED%")
			if rss, ok := maxRSS(); ok {
				b.ReportMetric(float64(rss)/(1<<20), "maxrss-MiB")
			}
		})
	}
}

// BenchmarkEuclideanSLL is the Euclidean baseline on N(0, 0.5·I).
func BenchmarkEuclideanSLL(b *testing.B) {
	for _, n := range benchSizes[:3] {
		_, pts := presetSample(b, "centered", n, 1, 0, true)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := sll.Build(pts, sll.Options{Space: sll.Euclidean(), FST: 4, Workers: 1}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
