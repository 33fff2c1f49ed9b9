package treecert_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/sll"
	"github.com/hypersteiner/hypersteiner/treecert"
)

// BenchmarkSelfCheck is the writer's check of `hypersteiner tree
// --workers 1` alone, on trees of n points of G(0, 0.5) (the floor's
// distribution, cmd/hypersteiner's BenchmarkTreeRun):
//
//	go test -run '^$' -bench SelfCheck -benchtime 5x ./treecert
func BenchmarkSelfCheck(b *testing.B) {
	for _, n := range []int{10000, 100000} {
		pts, err := hyperbolic.SampleWrappedGaussian(rand.New(rand.NewPCG(1, 0)), n, hyperbolic.Point{}, 0.5)
		if err != nil {
			b.Fatal(err)
		}
		tree, err := sll.Build(pts, sll.Options{Workers: 1})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				tr := *tree
				tr.Unproved = slices.Clone(tree.Unproved)
				rep, err := treecert.SelfCheck(&tr, treecert.Options{Workers: 1, SkipAngles: true})
				if err != nil || !rep.OK {
					b.Fatal(err, rep.Summary())
				}
			}
		})
	}
}
