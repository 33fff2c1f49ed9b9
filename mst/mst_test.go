package mst

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/fsum"
	"github.com/hypersteiner/hypersteiner/internal/unionfind"
	"github.com/hypersteiner/hypersteiner/plane"
	"github.com/stretchr/testify/require"
)

// prim is the O(n²) Prim MST over all pairs: an oracle that shares nothing
// with the triangulation + Kruskal path but the plane's distance. It
// returns the edges as sorted (min, max) pairs and the length.
func prim(pl plane.Plane, pts []hyperbolic.Point) ([][2]int32, float64) {
	n := len(pts)
	in := make([]bool, n)
	best := make([]float64, n)
	from := make([]int32, n)
	for i := range best {
		best[i] = math.Inf(1)
	}
	best[0] = 0
	var edges [][2]int32
	var lengths []float64
	for range n {
		u := -1
		for v := 0; v < n; v++ {
			if !in[v] && (u < 0 || best[v] < best[u]) {
				u = v
			}
		}
		in[u] = true
		if u != 0 {
			edges = append(edges, [2]int32{min(int32(u), from[u]), max(int32(u), from[u])})
			lengths = append(lengths, best[u])
		}
		for v := 0; v < n; v++ {
			if d := pl.Dist(pts[u], pts[v]); !in[v] && d < best[v] {
				best[v], from[v] = d, int32(u)
			}
		}
	}
	slices.SortFunc(edges, func(a, b [2]int32) int { return slices.Compare(a[:], b[:]) })
	return edges, fsum.Sum(lengths)
}

func sorted(es [][2]int32) [][2]int32 {
	out := slices.Clone(es)
	slices.SortFunc(out, func(a, b [2]int32) int { return slices.Compare(a[:], b[:]) })
	return out
}

// On random point sets (continuous coordinates: all distances differ and
// the MST is unique) Build gives exactly Prim's edges on the complete
// graph, in both planes, for points near the ideal boundary, and for
// Euclidean sets scaled by 2^±1000 (the same edges, lengths scaled
// exactly); the result does not depend on the number of workers.
func TestBuildMatchesPrim(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	cases := 0
	for trial := 0; trial < 40; trial++ {
		n := 2 + rng.IntN(200)
		var pts []hyperbolic.Point
		var err error
		switch trial % 4 {
		case 0:
			pts, err = hyperbolic.SampleUniformDisk(rng, n)
		case 1:
			pts, err = hyperbolic.SampleWrappedGaussian(rng, n, hyperbolic.Point{X: 0.3}, 2)
		default:
			// Points near the ideal boundary, as in the Planaria data.
			for range n {
				a := 2 * math.Pi * rng.Float64()
				r := 1 - math.Pow(10, -2-12*rng.Float64())
				pts = append(pts, hyperbolic.Point{X: r * math.Cos(a), Y: r * math.Sin(a)})
			}
		}
		require.NoError(t, err)
		for _, pl := range []plane.Plane{plane.Hyperbolic, plane.Euclidean} {
			want, wantLen := prim(pl, pts)
			var first *Tree
			for _, workers := range []int{1, 2, 5} {
				tr, err := Build(pl, pts, workers)
				require.NoError(t, err)
				require.Equal(t, want, sorted(tr.Edges), "%s trial %d, %d points", pl.Name(), trial, n)
				require.InEpsilon(t, wantLen, fsum.Sum(tr.Lengths), 1e-14)
				for k, e := range tr.Edges {
					require.Equal(t, pl.Dist(pts[e[0]], pts[e[1]]), tr.Lengths[k])
					if k > 0 {
						require.LessOrEqual(t, tr.Lengths[k-1], tr.Lengths[k]*(1+1e-15), "Kruskal order")
					}
				}
				if first == nil {
					first = tr
				}
				require.Equal(t, first, tr, "workers %d", workers)
				cases++
			}
		}
		for _, k := range []int{-1000, -60, 60, 1000} {
			scaled := make([]hyperbolic.Point, n)
			for i, p := range pts {
				scaled[i] = hyperbolic.Point{X: math.Ldexp(p.X, k), Y: math.Ldexp(p.Y, k)}
			}
			ref, err := Build(plane.Euclidean, pts, 1)
			require.NoError(t, err)
			tr, err := Build(plane.Euclidean, scaled, 1)
			require.NoError(t, err)
			require.Equal(t, ref.Edges, tr.Edges, "scaled by 2^%d", k)
			for i := range ref.Lengths {
				require.Equal(t, math.Ldexp(ref.Lengths[i], k), tr.Lengths[i])
			}
		}
	}
	t.Logf("%d cases", cases)
}

func TestBuildSmallAndBad(t *testing.T) {
	tr, err := Build(plane.Hyperbolic, []hyperbolic.Point{{X: 0.1}}, 0)
	require.NoError(t, err)
	require.Empty(t, tr.Edges)
	_, err = Build(plane.Hyperbolic, []hyperbolic.Point{{X: 0.1}, {X: 1}}, 0)
	require.ErrorContains(t, err, "point 1")
	_, err = Build(plane.Euclidean, []hyperbolic.Point{{X: 0.1}, {Y: 0.2}, {X: 0.1}}, 0)
	require.ErrorContains(t, err, "coincide")
	_, err = Build(plane.Euclidean, []hyperbolic.Point{{X: math.NaN()}}, 0)
	require.Error(t, err)
}

// remUnion joins the same sets as unionfind.Forest, pair after pair, including
// pairs already joined and a point with itself.
func TestRemUnion(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for _, n := range []int{1, 2, 10, 300} {
		u := unionfind.New(n)
		p := make([]int32, n)
		for i := range p {
			p[i] = int32(i)
		}
		for range 4 * n {
			a, b := int32(rng.IntN(n)), int32(rng.IntN(n))
			require.Equal(t, u.Union(a, b), remUnion(p, a, b), "n %d: %d, %d", n, a, b)
		}
		for i, q := range p {
			require.GreaterOrEqual(t, q, int32(i), "parents above their children")
		}
	}
}
