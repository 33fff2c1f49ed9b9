package sll

import (
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/stretchr/testify/require"
)

func autoSpace(t testing.TB) Space {
	s, err := fermat.ByName("auto")
	require.NoError(t, err)
	return Hyperbolic(s)
}

func gaussianSample(t testing.TB, seed uint64, n int) []hyperbolic.Point {
	pts, err := hyperbolic.SampleWrappedGaussian(rand.New(rand.NewPCG(seed, 0)), n, hyperbolic.Point{}, 0.5)
	require.NoError(t, err)
	return pts
}

// pointSet is a named point set and the space to build its tree in.
type pointSet struct {
	name string
	sp   Space
	pts  []hyperbolic.Point
}

// bothPlanes is n points of G(0, 0.5) (seed) in the hyperbolic plane, and
// n others (seed + 1) as Euclidean points.
func bothPlanes(t testing.TB, seed uint64, n int) []pointSet {
	return []pointSet{
		{"hyperbolic", autoSpace(t), gaussianSample(t, seed, n)},
		{"euclidean", Euclidean(), gaussianSample(t, seed+1, n)},
	}
}

// A regular triangle at hyperbolic radius r around the origin has its
// Steiner point at the origin and length exactly 3r.
func TestRegularTriangle(t *testing.T) {
	sp := autoSpace(t)
	for _, r := range []float64{1e-6, 0.01, 0.5, 2, 8} {
		var pts []hyperbolic.Point
		for k := 0; k < 3; k++ {
			p, err := hyperbolic.Exp(hyperbolic.Point{}, hyperbolic.Vector{X: r * math.Cos(2*math.Pi*float64(k)/3+0.3), Y: r * math.Sin(2*math.Pi*float64(k)/3+0.3)})
			require.NoError(t, err)
			pts = append(pts, p)
		}
		tr, err := Build(pts, Options{Space: sp})
		require.NoError(t, err)
		checkTree(t, sp, tr)
		require.Equal(t, 1, tr.SteinerPoints(), "r=%g", r)
		s := tr.Vertices[3]
		// The Steiner point is the origin up to the rounding of the
		// terminals (|p| ≈ tanh r, each with relative error ~eps).
		require.LessOrEqual(t, math.Hypot(s.X, s.Y), 16*eps*math.Tanh(r)+1e-300, "r=%g", r)
		// The length is the sum of the terminals' distances to the origin.
		// The rounded terminals sit at distance r only up to their float64
		// resolution, eps/(1−|p|²) in distance (1e-11 relative at r = 8),
		// and the Steiner point's tiny offset changes the length only to
		// second order: compare with the rounded terminals' own distances.
		var want float64
		for _, p := range pts {
			want += hyperbolic.DistOrigin(p)
		}
		require.InEpsilon(t, want, tr.Length, 1e-13, "r=%g", r)
		require.InEpsilon(t, 3*r, want, 4*eps*math.Cosh(r)*math.Cosh(r)/r+1e-15, "r=%g", r)
	}
}

// Boosting all terminals by an isometry moves the tree with them: the same
// topology and the same length.
func TestIsometryInvariance(t *testing.T) {
	sp := autoSpace(t)
	rng := rand.New(rand.NewPCG(11, 12))
	for trial := 0; trial < 5; trial++ {
		pts := gaussianSample(t, uint64(trial), 300)
		g := hyperbolic.Boost(rng.Float64()*1.5, rng.Float64()*2*math.Pi).Compose(hyperbolic.Rotation(rng.Float64() * 2 * math.Pi))
		moved := make([]hyperbolic.Point, len(pts))
		for i, p := range pts {
			q, err := g.Apply(p)
			require.NoError(t, err)
			moved[i] = q
		}
		a, err := Build(pts, Options{Space: sp})
		require.NoError(t, err)
		b, err := Build(moved, Options{Space: sp})
		require.NoError(t, err)
		checkTree(t, sp, a)
		checkTree(t, sp, b)
		require.InEpsilon(t, a.Length, b.Length, 1e-10)
		require.InEpsilon(t, a.MSTLength, b.MSTLength, 1e-10)
		require.Equal(t, topology(a), topology(b), "trial %d", trial)
	}
}

// topology is the tree's edge set with Steiner points named by the sorted
// terminals around them, independent of the order they were added in.
func topology(t *Tree) map[[2]int]int {
	m := map[[2]int]int{}
	for _, e := range t.Edges {
		u, v := min(e[0], e[1]), max(e[0], e[1])
		if v >= t.Terminals {
			v = t.Terminals // all Steiner points alike: count edges by terminal
		}
		m[[2]int{u, v}]++
	}
	return m
}

func TestDeterministicAcrossGOMAXPROCS(t *testing.T) {
	sp := autoSpace(t)
	pts := gaussianSample(t, 5, 2000)
	prev := runtime.GOMAXPROCS(1)
	a, err := Build(pts, Options{Space: sp})
	runtime.GOMAXPROCS(2)
	require.NoError(t, err)
	b, err := Build(pts, Options{Space: sp, Workers: 7})
	runtime.GOMAXPROCS(prev)
	require.NoError(t, err)
	require.Equal(t, a.Vertices, b.Vertices)
	require.Equal(t, a.Edges, b.Edges)
	require.Equal(t, a.Length, b.Length)
}

// The paper's centred G(0, 0.5) at n = 1000 with 4-terminal trees: mean RED
// over 20 samplings not below the paper's 4+Precise figure (2.62 %) by more
// than its spread (0.17).
func TestCenteredGaussianRED(t *testing.T) {
	sp := autoSpace(t)
	var sum float64
	const runs = 20
	for r := 0; r < runs; r++ {
		tr, err := Build(gaussianSample(t, uint64(100+r), 1000), Options{Space: sp})
		require.NoError(t, err)
		checkTree(t, sp, tr)
		require.Zero(t, tr.Stats.FermatFailed+tr.Stats.FermatUndecided, "the auto strategy misses no Steiner point")
		sum += tr.RED()
	}
	mean := sum / runs
	t.Logf("G(0,0.5) n=1000 fst4 auto: mean RED %.3f%% (paper 4+Precise 2.62 ± 0.17)", mean)
	require.GreaterOrEqual(t, mean, 2.62-0.17)
}

// The tree does not depend on the number of workers: every stage that
// runs on them (the triangulation's conversion, Kruskal, the 3- and
// 4-terminal problems and the merge of their candidates, the
// concatenation's lengths) gives the one-worker result.
func TestTreeIndependentOfWorkers(t *testing.T) {
	for _, c := range bothPlanes(t, 11, 20000) {
		one, err := Build(c.pts, Options{Space: c.sp, Workers: 1})
		require.NoError(t, err)
		require.Positive(t, one.FST4, c.name)
		for _, w := range []int{2, 3, 5} {
			tr, err := Build(c.pts, Options{Space: c.sp, Workers: w})
			require.NoError(t, err)
			require.Equal(t, one.Vertices, tr.Vertices, "%s, %d workers", c.name, w)
			require.Equal(t, one.Edges, tr.Edges, "%s, %d workers", c.name, w)
			require.Equal(t, one.EdgeLengths, tr.EdgeLengths, "%s, %d workers", c.name, w)
			require.Equal(t, one.Stats.Candidates4, tr.Stats.Candidates4, "%s, %d workers", c.name, w)
		}
	}
}
