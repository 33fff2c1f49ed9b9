package sll

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/fsum"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// fermatResidual returns |Σ u_i| over the unit vectors u_i at s towards
// its three neighbours (tangent vectors in an orthonormal frame at s for
// the hyperbolic plane): zero exactly when the three angles at s are
// 120°, and about δ/ℓ for a point δ away from the Fermat point of
// neighbours at distance ℓ.
func fermatResidual(sp Space, s hyperbolic.Point, nbrs []hyperbolic.Point) float64 {
	var x, y float64
	for _, q := range nbrs {
		var ux, uy float64
		if sp.Name() == "hyperbolic" {
			v, err := hyperbolic.Log(s, q)
			if err != nil {
				return math.NaN()
			}
			n := math.Hypot(v.X, v.Y)
			ux, uy = v.X/n, v.Y/n
		} else {
			n := math.Hypot(q.X-s.X, q.Y-s.Y)
			ux, uy = (q.X-s.X)/n, (q.Y-s.Y)/n
		}
		x, y = x+ux, y+uy
	}
	return math.Hypot(x, y)
}

// neighbours returns the positions of v's neighbours in t.
func neighbours(t *Tree, v int) []hyperbolic.Point {
	var out []hyperbolic.Point
	for _, e := range t.Edges {
		switch v {
		case e[0]:
			out = append(out, t.Vertices[e[1]])
		case e[1]:
			out = append(out, t.Vertices[e[0]])
		}
	}
	return out
}

// checkReoptimized checks the result of Reoptimize: a tree (checkTree),
// not longer than the input, and every Steiner point a genuine one.
func checkReoptimized(t *testing.T, sp Space, in, out *Tree, st ReoptStats) {
	t.Helper()
	checkTree(t, sp, out)
	require.Equal(t, in.Terminals, out.Terminals)
	require.Equal(t, in.Vertices[:in.Terminals], out.Vertices[:out.Terminals], "terminals kept in place")
	require.Equal(t, in.MSTLength, out.MSTLength)
	require.LessOrEqual(t, st.LengthAfter, st.LengthBefore)
	require.Equal(t, out.Length, st.LengthAfter)
	require.InEpsilon(t, in.Length, st.LengthBefore, 1e-15, "the input's length, recomputed")
	// Exact: the sum of the new edge lengths is at most the old sum.
	var xs []float64
	xs = append(xs, out.EdgeLengths...)
	for _, w := range in.EdgeLengths {
		xs = append(xs, -w)
	}
	require.LessOrEqual(t, bigSumSign(xs), 0, "exact Σ new − Σ old")
	// Genuine Steiner points: the unit vectors to the three neighbours sum
	// to zero. The sweeps stop when no point moves by more than
	// Tol = 1e-13 of its longest edge, so a point is off its Fermat point
	// by at most that times the Fermat map's Lipschitz constant; the
	// residual is that offset over the shortest edge. 1e-7 allows a ratio
	// of longest to shortest edge of 1e4 and a Lipschitz constant of 100.
	worst := 0.0
	for s := out.Terminals; s < len(out.Vertices); s++ {
		nb := neighbours(out, s)
		require.Len(t, nb, 3)
		worst = max(worst, fermatResidual(sp, out.Vertices[s], nb))
	}
	require.LessOrEqual(t, worst, 1e-7)
	t.Logf("worst Fermat residual %.2g", worst)
}

// bigSumSign is the exact sign of Σ xs, in big.Float with enough
// precision to add float64s exactly.
func bigSumSign(xs []float64) int {
	s := new(big.Float).SetPrec(4096)
	for _, x := range xs {
		s.Add(s, new(big.Float).SetFloat64(x))
	}
	return s.Sign()
}

func TestReoptimizeGaussian(t *testing.T) {
	spaces := []struct {
		sp  Space
		pts func(seed uint64) []hyperbolic.Point
	}{
		{autoSpace(t), func(seed uint64) []hyperbolic.Point { return gaussianSample(t, seed, 1000) }},
		{Euclidean(), func(seed uint64) []hyperbolic.Point {
			rng := rand.New(rand.NewPCG(seed, 7))
			pts := make([]hyperbolic.Point, 1000)
			for i := range pts {
				pts[i] = hyperbolic.Point{X: rng.NormFloat64(), Y: rng.NormFloat64()}
			}
			return pts
		}},
	}
	for _, c := range spaces {
		t.Run(c.sp.Name(), func(t *testing.T) {
			var before, after float64
			const runs = 3
			for seed := uint64(1); seed <= runs; seed++ {
				in, err := Build(c.pts(seed), Options{Space: c.sp})
				require.NoError(t, err)
				out, st, err := Reoptimize(in, c.sp, ReoptOptions{})
				require.NoError(t, err)
				checkReoptimized(t, c.sp, in, out, st)
				require.Zero(t, st.FermatFailed+st.FermatUndecided)
				before += st.REDBefore
				after += st.REDAfter
				t.Logf("seed %d: RED %.4f%% → %.4f%%, Steiner %d → %d, %d sweeps, %d rounds, moves %d, collapses %d, inserted %d, reattached %d, stuck %d, solves %d, largest FST %d, %.3g s (build %.3g s)",
					seed, st.REDBefore, st.REDAfter, st.SteinerBefore, st.SteinerAfter, st.Sweeps, st.Rounds,
					st.Moves, st.Collapses, st.Inserted, st.Reattached, st.Stuck, st.FermatSolves, st.LargestFST, st.Seconds, in.Seconds)
				require.Greater(t, st.REDAfter, st.REDBefore, "the local moves find something on 1000 points")
			}
			t.Logf("%s n=1000: mean RED %.4f%% → %.4f%% over %d seeds", c.sp.Name(), before/runs, after/runs, runs)
		})
	}
}

// BenchmarkReoptimize times Build (fermat auto, one worker) and then
// Reoptimize at n = 10⁴ on G(0, 0.5): the share Reoptimize adds to the
// pipeline is reopt-ms / build-ms.
func BenchmarkReoptimize(b *testing.B) {
	sp := autoSpace(b)
	for _, n := range []int{1000, 10000} {
		pts := gaussianSample(b, 1, n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			var buildSec, reoptSec float64
			var st ReoptStats
			for i := 0; i < b.N; i++ {
				t0 := time.Now()
				in, err := Build(pts, Options{Space: sp, Workers: 1})
				if err != nil {
					b.Fatal(err)
				}
				buildSec += time.Since(t0).Seconds()
				t0 = time.Now()
				if _, st, err = Reoptimize(in, sp, ReoptOptions{}); err != nil {
					b.Fatal(err)
				}
				reoptSec += time.Since(t0).Seconds()
			}
			b.ReportMetric(buildSec/float64(b.N)*1e3, "build-ms")
			b.ReportMetric(reoptSec/float64(b.N)*1e3, "reopt-ms")
			b.ReportMetric(100*reoptSec/buildSec, "reopt-%")
			b.ReportMetric(st.REDBefore, "RED-before-%")
			b.ReportMetric(st.REDAfter, "RED-after-%")
			b.ReportMetric(float64(st.FermatSolves), "solves")
		})
	}
}

// Certify a sample of re-optimised Steiner points: each is the Fermat
// point of its three neighbours to 1e-6 of the triangle's size. Moves are
// accepted only when the float64 length does not grow, and near the
// optimum the length changes by (offset)²/ℓ, so positions are settled to
// about √eps ≈ 1e-8 relative, not to eps: 1e-6 leaves a margin of 100.
func TestReoptimizeCertified(t *testing.T) {
	sp := autoSpace(t)
	in, err := Build(gaussianSample(t, 4, 1000), Options{Space: sp})
	require.NoError(t, err)
	out, st, err := Reoptimize(in, sp, ReoptOptions{})
	require.NoError(t, err)
	checkReoptimized(t, sp, in, out, st)
	certified := 0
	for s := out.Terminals; s < len(out.Vertices) && certified < 40; s += 7 {
		nb := neighbours(out, s)
		c, err := certify.CertifyFermat(nb[0], nb[1], nb[2], out.Vertices[s], certify.FermatOptions{Tol: 1e-6})
		require.NoError(t, err)
		require.Equal(t, certify.FermatCertified, c.Status, "Steiner point %d", s)
		certified++
	}
	require.Equal(t, 40, certified)
}

func TestReoptimizeLocalMoves(t *testing.T) {
	p := func(x, y float64) hyperbolic.Point { return hyperbolic.Point{X: x, Y: y} }
	s3 := math.Sqrt(3)
	tests := []struct {
		name  string
		sp    Space
		verts []hyperbolic.Point
		nt    int
		edges [][2]int
		// want: the result's length and its number of Steiner points.
		wantLen   func(sp Space, v []hyperbolic.Point) float64
		wantSt    int
		check     func(t *testing.T, st ReoptStats)
		fermatLen bool
	}{
		{
			// A path through the apex of an equilateral triangle: the 60°
			// angle at the middle terminal gets a Steiner point, and the
			// tree becomes the Steiner tree of the triangle, length √3.
			name: "insert euclidean", sp: Euclidean(),
			verts: []hyperbolic.Point{p(0, 0), p(1, 0), p(0.5, s3/2)}, nt: 3,
			edges:   [][2]int{{0, 1}, {0, 2}},
			wantLen: func(Space, []hyperbolic.Point) float64 { return s3 },
			wantSt:  1,
			check:   func(t *testing.T, st ReoptStats) { require.Equal(t, 1, st.Inserted) },
		},
		{
			name: "insert hyperbolic", sp: autoSpace(t),
			verts: []hyperbolic.Point{p(0.1, 0.1), p(0.5, 0), p(0.2, 0.5)}, nt: 3,
			edges:     [][2]int{{0, 1}, {0, 2}},
			fermatLen: true,
			wantSt:    1,
			check:     func(t *testing.T, st ReoptStats) { require.Equal(t, 1, st.Inserted) },
		},
		{
			// A Steiner point whose neighbours see 150° at terminal 0: it
			// merges into terminal 0.
			name: "collapse euclidean", sp: Euclidean(),
			verts: []hyperbolic.Point{p(0, 0), p(1, 0), p(-s3/2, 0.5), p(0.1, 0.2)}, nt: 3,
			edges: [][2]int{{0, 3}, {1, 3}, {2, 3}},
			wantLen: func(sp Space, v []hyperbolic.Point) float64 {
				return sp.Dist(v[0], v[1]) + sp.Dist(v[0], v[2])
			},
			check: func(t *testing.T, st ReoptStats) { require.Equal(t, 1, st.Collapses) },
		},
		{
			name: "collapse hyperbolic", sp: autoSpace(t),
			verts: []hyperbolic.Point{p(0, 0), p(0.6, 0), p(-0.5, 0.3), p(0.05, 0.1)}, nt: 3,
			edges: [][2]int{{0, 3}, {1, 3}, {2, 3}},
			wantLen: func(sp Space, v []hyperbolic.Point) float64 {
				return sp.Dist(v[0], v[1]) + sp.Dist(v[0], v[2])
			},
			check: func(t *testing.T, st ReoptStats) { require.Equal(t, 1, st.Collapses) },
		},
		{
			// Edges 0–1 and 0–2 where the triangle's wide angle (150°) is
			// at terminal 1: the edge 0–2 moves to 1–2.
			name: "reattach", sp: Euclidean(),
			verts: []hyperbolic.Point{p(-1, 0), p(0, 0), p(s3/2, 0.5)}, nt: 3,
			edges: [][2]int{{0, 1}, {0, 2}},
			wantLen: func(sp Space, v []hyperbolic.Point) float64 {
				return sp.Dist(v[0], v[1]) + sp.Dist(v[1], v[2])
			},
			check: func(t *testing.T, st ReoptStats) { require.Equal(t, 1, st.Reattached) },
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := &Tree{Space: tc.sp.Name(), Terminals: tc.nt, Vertices: tc.verts, Edges: tc.edges}
			for _, e := range tc.edges {
				in.EdgeLengths = append(in.EdgeLengths, tc.sp.Dist(tc.verts[e[0]], tc.verts[e[1]]))
			}
			in.Length = fsum.Sum(in.EdgeLengths)
			in.MSTLength = in.Length
			out, st, err := Reoptimize(in, tc.sp, ReoptOptions{})
			require.NoError(t, err)
			checkReoptimized(t, tc.sp, in, out, st)
			require.Equal(t, tc.wantSt, out.SteinerPoints())
			tc.check(t, st)
			want := 0.0
			if tc.fermatLen {
				f, status := tc.sp.Fermat(tc.verts[0], tc.verts[1], tc.verts[2])
				require.Equal(t, Found, status)
				for _, v := range tc.verts {
					want += tc.sp.Dist(f, v)
				}
			} else {
				want = tc.wantLen(tc.sp, tc.verts)
			}
			// The result is the optimal tree of three points (or its
			// exact edges): equal up to the rounding of three distances.
			require.InEpsilon(t, want, out.Length, 1e-14)
			require.Less(t, out.Length, in.Length)
		})
	}
}

func TestReoptimizeBadInput(t *testing.T) {
	p := func(x, y float64) hyperbolic.Point { return hyperbolic.Point{X: x, Y: y} }
	verts := []hyperbolic.Point{p(0, 0), p(0.5, 0), p(0, 0.5), p(0.1, 0.1)}
	star := [][2]int{{0, 3}, {1, 3}, {2, 3}}
	tests := []struct {
		name string
		tree *Tree
		sp   Space
	}{
		{"nil tree", nil, Euclidean()},
		{"wrong space", &Tree{Space: "hyperbolic", Terminals: 3, Vertices: verts, Edges: star}, Euclidean()},
		{"too many terminals", &Tree{Terminals: 5, Vertices: verts, Edges: star}, Euclidean()},
		{"edge count", &Tree{Terminals: 3, Vertices: verts, Edges: star[:2]}, Euclidean()},
		{"edge out of range", &Tree{Terminals: 3, Vertices: verts, Edges: [][2]int{{0, 3}, {1, 3}, {2, 4}}}, Euclidean()},
		{"loop", &Tree{Terminals: 3, Vertices: verts, Edges: [][2]int{{0, 3}, {1, 3}, {2, 2}}}, Euclidean()},
		{"cycle", &Tree{Terminals: 3, Vertices: verts, Edges: [][2]int{{0, 3}, {1, 3}, {0, 1}}}, Euclidean()},
		{"Steiner degree", &Tree{Terminals: 2, Vertices: verts[:3], Edges: [][2]int{{0, 2}, {1, 2}}}, Euclidean()},
		{"NaN vertex", &Tree{Terminals: 3, Vertices: []hyperbolic.Point{p(0, 0), p(math.NaN(), 0), p(0, 0.5), p(0.1, 0.1)}, Edges: star}, Euclidean()},
		{"outside the disk", &Tree{Terminals: 3, Vertices: []hyperbolic.Point{p(0, 0), p(1, 0), p(0, 0.5), p(0.1, 0.1)}, Edges: star}, Hyperbolic(nil)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Reoptimize(tc.tree, tc.sp, ReoptOptions{})
			require.ErrorIs(t, err, ErrBadTree)
		})
	}
	_, _, err := Reoptimize(&Tree{}, nil, ReoptOptions{})
	require.Error(t, err)
	// Trees too small to improve come back unchanged.
	for _, tr := range []*Tree{{}, {Terminals: 1, Vertices: verts[:1]}, {Terminals: 2, Vertices: verts[:2], Edges: [][2]int{{0, 1}}, EdgeLengths: []float64{0.5}}} {
		out, st, err := Reoptimize(tr, Euclidean(), ReoptOptions{})
		require.NoError(t, err)
		require.Equal(t, tr.Vertices, out.Vertices)
		require.Equal(t, st.LengthBefore, st.LengthAfter)
	}
}

func TestReoptimizeDeterministic(t *testing.T) {
	sp := autoSpace(t)
	in, err := Build(gaussianSample(t, 9, 500), Options{Space: sp})
	require.NoError(t, err)
	a, _, err := Reoptimize(in, sp, ReoptOptions{})
	require.NoError(t, err)
	b, _, err := Reoptimize(in, sp, ReoptOptions{})
	require.NoError(t, err)
	require.Equal(t, a, b)
	// Positions only: Build's Steiner points are already optimal for their
	// topology, so the length may only drop by rounding.
	c, st, err := Reoptimize(in, sp, ReoptOptions{NoTopology: true})
	require.NoError(t, err)
	checkReoptimized(t, sp, in, c, st)
	require.Zero(t, st.Inserted+st.Reattached+st.Rounds)
	require.InEpsilon(t, st.LengthBefore, st.LengthAfter, 1e-12)
}

// expansionSign is exact: compare with big.Float sums of float64s spread
// over many magnitudes, cancelling to tiny or zero totals.
func TestExpansionSign(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 12).Draw(t, "n")
		var xs []float64
		for i := 0; i < n; i++ {
			m := rapid.Float64Range(-1, 1).Draw(t, "m")
			e := rapid.IntRange(-60, 60).Draw(t, "e")
			x := math.Ldexp(m, e)
			xs = append(xs, x)
			if rapid.Bool().Draw(t, "cancel") {
				xs = append(xs, -x)
			}
		}
		if len(xs) > 0 && rapid.Bool().Draw(t, "ulp") {
			xs = append(xs, math.Nextafter(xs[0], 0)-xs[0])
		}
		if got, want := expansionSign(xs...), bigSumSign(xs); got != want {
			t.Fatalf("expansionSign(%v) = %d, want %d", xs, got, want)
		}
	})
}

// A path through the apex of an equilateral triangle has a 60° angle at
// its middle; re-optimisation inserts the Steiner point there.
func ExampleReoptimize() {
	s3 := math.Sqrt(3)
	pts := []hyperbolic.Point{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 0.5, Y: s3 / 2}}
	path := &Tree{Space: "euclidean", Terminals: 3, Vertices: pts,
		Edges: [][2]int{{0, 1}, {0, 2}}, EdgeLengths: []float64{1, 1}, Length: 2, MSTLength: 2}
	t, st, err := Reoptimize(path, Euclidean(), ReoptOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("length %.12f → %.12f (√3 = %.12f)\n", st.LengthBefore, t.Length, s3)
	fmt.Printf("RED %.3f%% → %.3f%%, %d Steiner point inserted\n", st.REDBefore, st.REDAfter, st.Inserted)
	// Output:
	// length 2.000000000000 → 1.732050807569 (√3 = 1.732050807569)
	// RED 0.000% → 13.397%, 1 Steiner point inserted
}
