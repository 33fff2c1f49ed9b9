package sll

import (
	"fmt"
	"io"
	"testing"

	"github.com/hypersteiner/hypersteiner/internal/cputime"
)

// BenchmarkBuildHyperbolic runs the whole pipeline (fst 4, the default
// strategy) on one core: Workers 1. Run with -bench BuildHyperbolic/n=1000000
// for the largest size (about half a minute).
func BenchmarkBuildHyperbolic(b *testing.B) {
	sp := autoSpace(b)
	for _, n := range []int{1000, 10000, 100000, 1000000} {
		pts := gaussianSample(b, 1, n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			var tr *Tree
			c0 := cputime.Process()
			for i := 0; i < b.N; i++ {
				var err error
				if tr, err = Build(pts, Options{Space: sp, Workers: 1}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cputime.Process()-c0)/1e6/float64(b.N), "cpu-ms/op")
			s := tr.Stats
			b.ReportMetric(s.DelaunaySeconds*1e3, "delaunay-ms")
			b.ReportMetric(s.MSTSeconds*1e3, "mst-ms")
			b.ReportMetric(s.FSTSeconds*1e3, "fst-ms")
			b.ReportMetric(s.ConcatSeconds*1e3, "concat-ms")
			b.ReportMetric(float64(s.FermatSolves), "solves")
		})
	}
}

func BenchmarkBuildEuclidean(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		pts := gaussianSample(b, 1, n) // any spread-out set will do
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			c0 := cputime.Process()
			for i := 0; i < b.N; i++ {
				if _, err := Build(pts, Options{Space: Euclidean(), Workers: 1}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cputime.Process()-c0)/1e6/float64(b.N), "cpu-ms/op")
		})
	}
}

// BenchmarkReoptimizeOverhead is Build at n = 10⁴ on one core with and
// without Options.Reoptimize (re-optimisation plus settling).
func BenchmarkReoptimizeOverhead(b *testing.B) {
	sp := autoSpace(b)
	pts := gaussianSample(b, 1, 10000)
	for _, reopt := range []bool{false, true} {
		b.Run(fmt.Sprintf("reopt=%v", reopt), func(b *testing.B) {
			c0 := cputime.Process()
			for i := 0; i < b.N; i++ {
				if _, err := Build(pts, Options{Space: sp, Workers: 1, Reoptimize: reopt}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cputime.Process()-c0)/1e6/float64(b.N), "cpu-ms/op")
		})
	}
}

// BenchmarkWriteJSON writes the tree of 10⁵ points of G(0, 0.5) with one
// and two workers: the long lists are formatted side by side, so two
// workers should take a little over half the wall time of one.
func BenchmarkWriteJSON(b *testing.B) {
	tr, err := Build(gaussianSample(b, 1, 100000), Options{Space: autoSpace(b)})
	if err != nil {
		b.Fatal(err)
	}
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := tr.WriteJSON(io.Discard, JSONOptions{Workers: w}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
