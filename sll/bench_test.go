package sll

import (
	"fmt"
	"testing"
)

func BenchmarkBuildHyperbolic(b *testing.B) {
	sp := autoSpace(b)
	for _, n := range []int{1000, 10000, 100000, 1000000} {
		pts := gaussianSample(b, 1, n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			var tr *Tree
			for i := 0; i < b.N; i++ {
				var err error
				if tr, err = Build(pts, Options{Space: sp, Workers: 1}); err != nil {
					b.Fatal(err)
				}
			}
			s := tr.Stats
			b.ReportMetric(s.DelaunaySeconds*1e3, "delaunay-ms")
			b.ReportMetric(s.MSTSeconds*1e3, "mst-ms")
			b.ReportMetric(s.FSTSeconds*1e3, "fst-ms")
			b.ReportMetric(float64(s.FermatSolves), "solves")
			b.ReportMetric(s.ConcatSeconds*1e3, "concat-ms")
			b.ReportMetric(tr.Seconds*1e3, "total-ms")
		})
	}
}
