package hierarchy

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// primMST is the O(n²) minimum spanning tree over all pairs: the
// reference for MST's restriction to Delaunay edges. It returns the edges
// as sorted (min, max) pairs.
func primMST(pts []hyperbolic.Point) ([][2]int, float64) {
	n := len(pts)
	in := make([]bool, n)
	best := make([]float64, n)
	from := make([]int, n)
	for i := range best {
		best[i] = math.Inf(1)
	}
	best[0] = 0
	var edges [][2]int
	total := 0.0
	for range n {
		u := -1
		for v := 0; v < n; v++ {
			if !in[v] && (u < 0 || best[v] < best[u]) {
				u = v
			}
		}
		in[u] = true
		if u != 0 {
			edges = append(edges, [2]int{min(u, from[u]), max(u, from[u])})
			total += best[u]
		}
		for v := 0; v < n; v++ {
			if d := hyperbolic.Dist(pts[u], pts[v]); !in[v] && d < best[v] {
				best[v], from[v] = d, u
			}
		}
	}
	slices.SortFunc(edges, func(a, b [2]int) int { return slices.Compare(a[:], b[:]) })
	return edges, total
}

// TestMSTMatchesPrim: on random point sets (continuous coordinates, so all
// distances differ and the MST is unique) the Delaunay-restricted Kruskal
// must give exactly the edges of Prim on the complete graph, including
// points within 1e-6 of the boundary.
func TestMSTMatchesPrim(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for trial := 0; trial < 30; trial++ {
		n := 2 + rng.IntN(150)
		var pts []hyperbolic.Point
		var err error
		switch trial % 3 {
		case 0:
			pts, err = hyperbolic.SampleUniformDisk(rng, n)
		case 1:
			pts, err = hyperbolic.SampleWrappedGaussian(rng, n, hyperbolic.Point{X: 0.3}, 2)
		default:
			// Points near the ideal boundary, as in the Planaria data.
			for range n {
				a := 2 * math.Pi * rng.Float64()
				r := 1 - math.Pow(10, -2-4*rng.Float64())
				pts = append(pts, hyperbolic.Point{X: r * math.Cos(a), Y: r * math.Sin(a)})
			}
		}
		require.NoError(t, err)
		tr, err := MST(pts)
		require.NoError(t, err)
		require.Equal(t, n, tr.Vertices)
		require.Len(t, tr.Edges, n-1)
		got := make([][2]int, len(tr.Edges))
		for k, e := range tr.Edges {
			got[k] = [2]int{min(e[0], e[1]), max(e[0], e[1])}
			require.Equal(t, hyperbolic.Dist(pts[e[0]], pts[e[1]]), tr.Lengths[k])
		}
		slices.SortFunc(got, func(a, b [2]int) int { return slices.Compare(a[:], b[:]) })
		want, _ := primMST(pts)
		require.Equal(t, want, got, "trial %d, %d points", trial, n)
	}
}

func TestMSTSmall(t *testing.T) {
	// Three points on the x-axis (a geodesic), where the Klein distance
	// from the origin is atanh|x|: the path 0 – 1 – 2, edges in Kruskal's
	// order of weight, atanh(¾) − atanh(½) ≈ 0.424 before atanh(½) ≈ 0.549.
	// Tolerances: a few ulps of Dist and of the reference's atanh.
	pts := []hyperbolic.Point{{X: 0}, {X: 0.5}, {X: 0.75}}
	tr, err := MST(pts)
	require.NoError(t, err)
	assert.Equal(t, [][2]int{{1, 2}, {0, 1}}, tr.Edges)
	assert.InEpsilon(t, math.Atanh(0.75)-math.Atanh(0.5), tr.Lengths[0], 1e-14)
	assert.InEpsilon(t, math.Atanh(0.5), tr.Lengths[1], 1e-15)
	one, err := MST(pts[:1])
	require.NoError(t, err)
	assert.Equal(t, &Tree{Vertices: 1, Terminals: 1, Edges: [][2]int{}, Lengths: []float64{}}, one)
}

func TestMSTErrors(t *testing.T) {
	_, err := MST(nil)
	assert.Error(t, err)
	_, err = MST([]hyperbolic.Point{{X: 0.1}, {X: 1}})
	assert.ErrorContains(t, err, "point 1")
	_, err = MST([]hyperbolic.Point{{X: 0.1}, {Y: 0.2}, {X: 0.1}})
	assert.ErrorContains(t, err, "points 0 and 2 coincide")
	_, err = MST([]hyperbolic.Point{{X: math.NaN()}})
	assert.Error(t, err)
}
