package plane

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// Link rebuilds the adjacency the triangulations give.
func TestMeshLink(t *testing.T) {
	pts, err := hyperbolic.SampleWrappedGaussian(rand.New(rand.NewPCG(1, 2)), 2000, hyperbolic.Point{}, 1.5)
	require.NoError(t, err)
	for _, pl := range []Plane{Hyperbolic, Euclidean} {
		m, err := pl.Triangulate(pts)
		require.NoError(t, err)
		require.NoError(t, m.Link()) // already linked: unchanged
		bare := &Mesh{Edges: m.Edges, Triangles: m.Triangles}
		require.NoError(t, bare.Link())
		require.Equal(t, m.TriEdges, bare.TriEdges, pl.Name())
		require.Equal(t, m.Across, bare.Across, pl.Name())
	}
	bad := &Mesh{Edges: [][2]int32{{0, 1}}, Triangles: [][3]int32{{0, 1, 2}}}
	require.Error(t, bad.Link())
}
