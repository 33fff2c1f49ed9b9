package treecert_test

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/cputime"
	"github.com/hypersteiner/hypersteiner/sll"
	"github.com/hypersteiner/hypersteiner/treecert"
)

// BenchmarkSelfCheck is the writer's check of `hypersteiner tree
// --workers 1` alone, on trees of n points of G(0, 0.5) (the floor's
// distribution, cmd/hypersteiner's BenchmarkTreeRun), in CPU
// milliseconds per check (cpu-ms/op):
//
//	go test -run '^$' -bench 'SelfCheck/n=100000$' -benchtime 10x ./treecert
//
// The largest size builds its tree for several seconds first (untimed).
func BenchmarkSelfCheck(b *testing.B) {
	for _, n := range []int{10000, 100000, 1000000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			pts, err := hyperbolic.SampleWrappedGaussian(rand.New(rand.NewPCG(1, 0)), n, hyperbolic.Point{}, 0.5)
			if err != nil {
				b.Fatal(err)
			}
			tree, err := sll.Build(pts, sll.Options{Workers: 1})
			if err != nil {
				b.Fatal(err)
			}
			runtime.GC()
			c0 := cputime.Process()
			for b.Loop() {
				tr := *tree
				tr.Unproved = slices.Clone(tree.Unproved)
				rep, err := treecert.SelfCheck(&tr, treecert.Options{Workers: 1, SkipAngles: true})
				if err != nil || !rep.OK {
					b.Fatal(err, rep.Summary())
				}
			}
			b.ReportMetric(float64(cputime.Process()-c0)/1e6/float64(b.N), "cpu-ms/op")
		})
	}
}
