package sll

import (
	"testing"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/internal/fixture"
	"github.com/hypersteiner/hypersteiner/pointio"
	"github.com/stretchr/testify/require"
)

// Build with Reoptimize: never longer than the plain tree, and every
// Steiner point of the result proved (Krawczyk, package certify) to be the
// Fermat point of its three neighbours within the certifier's default
// tolerance.
func TestBuildReoptimizeCertified(t *testing.T) {
	sp := autoSpace(t)
	for seed := uint64(0); seed < 3; seed++ {
		pts := gaussianSample(t, 300+seed, 1000)
		plain, err := Build(pts, Options{Space: sp})
		require.NoError(t, err)
		tr, err := Build(pts, Options{Space: sp, Reoptimize: true})
		require.NoError(t, err)
		checkTree(t, sp, tr)
		require.NotNil(t, tr.Reopt)
		require.Zero(t, tr.Reopt.Unsettled)
		require.LessOrEqual(t, tr.Length, plain.Length*(1+4*eps))
		t.Logf("seed %d: RED %.3f%% → %.3f%%", seed, plain.RED(), tr.RED())
		requireCertified(t, tr)
	}
}

// The Planaria embedding (21 452 cells, up to 5e-7 from the ideal
// boundary): every Steiner point of the default tree is proved to be the
// Fermat point of its three neighbours.
func TestPlanariaTreeCertified(t *testing.T) {
	pts, err := pointio.ReadPoints(fixture.Path(t, "planaria/planaria_klein_cleaned.npy"), "klein")
	require.NoError(t, err)
	sp := autoSpace(t)
	tr, err := Build(pts, Options{Space: sp})
	require.NoError(t, err)
	checkTree(t, sp, tr)
	requireCertified(t, tr)
	t.Logf("%d Steiner points certified, RED %.3f%%", tr.SteinerPoints(), tr.RED())
}

// adjacency lists each vertex's neighbours in the tree (indices).
func adjacency(tr *Tree) [][]int {
	nbr := make([][]int, len(tr.Vertices))
	for _, e := range tr.Edges {
		nbr[e[0]] = append(nbr[e[0]], e[1])
		nbr[e[1]] = append(nbr[e[1]], e[0])
	}
	return nbr
}

// requireCertified proves (package certify, Krawczyk) that every Steiner
// point of tr is the Fermat point of its three neighbours within the
// certifier's default tolerance.
func requireCertified(t *testing.T, tr *Tree) {
	t.Helper()
	nbr := adjacency(tr)
	fc := certify.NewFermatCertifier()
	var cert certify.FermatCert
	for v := tr.Terminals; v < len(tr.Vertices); v++ {
		n := nbr[v]
		require.NoError(t, fc.Certify(&cert, tr.Vertices[n[0]], tr.Vertices[n[1]], tr.Vertices[n[2]], tr.Vertices[v], certify.FermatOptions{}))
		require.Equal(t, certify.FermatCertified, cert.Status, "Steiner point %d (neighbours %v)", v, n)
	}
}
