package mst

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/cputime"
	"github.com/hypersteiner/hypersteiner/plane"
)

// BenchmarkKruskalFaces is Kruskal's stage of the pipeline at 10⁶ points
// (a wrapped Gaussian in the hyperbolic plane, as sll's benchmarks), on
// the Delaunay mesh's edges and faces, with 1 and 2 workers. The mesh is
// built once, outside the timing. Besides the time, the CPU time of the
// process per run (both workers' when two run).
func BenchmarkKruskalFaces(b *testing.B) {
	pts, err := hyperbolic.SampleWrappedGaussian(rand.New(rand.NewPCG(1, 0)), 1_000_000, hyperbolic.Point{}, 0.5)
	require.NoError(b, err)
	mesh, err := plane.Triangulate(plane.Hyperbolic, pts, 0)
	require.NoError(b, err)
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("n=1000000/workers=%d", workers), func(b *testing.B) {
			c0 := cputime.Process()
			for b.Loop() {
				KruskalFaces(plane.Hyperbolic, pts, mesh.Edges, mesh.Faces, workers)
			}
			b.ReportMetric(float64(cputime.Process()-c0)/1e6/float64(b.N), "cpu-ms/op")
		})
	}
}
