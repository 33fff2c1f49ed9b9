package sll

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/fsum"
	"github.com/stretchr/testify/require"
)

// primLength is the O(n²) Prim MST on the complete graph: an oracle that
// shares nothing with the Delaunay + Kruskal path but the distance.
func primLength(sp Space, pts []hyperbolic.Point) float64 {
	n := len(pts)
	in := make([]bool, n)
	best := make([]float64, n)
	for i := range best {
		best[i] = math.Inf(1)
	}
	best[0] = 0
	var lengths []float64
	for k := 0; k < n; k++ {
		u := -1
		for i := 0; i < n; i++ {
			if !in[i] && (u < 0 || best[i] < best[u]) {
				u = i
			}
		}
		in[u] = true
		if k > 0 {
			lengths = append(lengths, best[u])
		}
		for i := 0; i < n; i++ {
			if !in[i] {
				if d := sp.Dist(pts[u], pts[i]); d < best[i] {
					best[i] = d
				}
			}
		}
	}
	return fsum.Sum(lengths)
}

func TestMSTMatchesPrim(t *testing.T) {
	spaces := []Space{Euclidean(), Hyperbolic(nil)}
	for _, sp := range spaces {
		for _, n := range []int{3, 10, 100, 1000, 3000} {
			rng := rand.New(rand.NewPCG(uint64(n), 7))
			pts := make([]hyperbolic.Point, n)
			for i := range pts {
				for {
					p := hyperbolic.Point{X: 2*rng.Float64() - 1, Y: 2*rng.Float64() - 1}
					if p.X*p.X+p.Y*p.Y < 0.999 {
						pts[i] = p
						break
					}
				}
			}
			mesh, err := sp.Triangulate(pts)
			require.NoError(t, err)
			st := kruskal(sp, pts, mesh.Edges, 0)
			require.Len(t, st.edges, n-1)
			got, want := fsum.Sum(st.weights), primLength(sp, pts)
			// Both sum the same n−1 float64 distances (the MST is unique
			// for generic points) with compensated sums: agreement is to
			// a few ulps.
			require.InDelta(t, want, got, 1e-12*want, "%s n=%d", sp.Name(), n)
		}
	}
}
