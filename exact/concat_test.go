package exact

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/fixture"
	"github.com/hypersteiner/hypersteiner/sll"
	"github.com/stretchr/testify/require"
)

func fstOptions(sp sll.Space) Options { return Options{Space: sp, Method: Concatenation} }

// agree checks that the two methods found the same optimum: lengths equal
// to 1e-12 relative (both are polished trees of the same full components,
// whose Steiner points agree to rounding; the lengths then agree to the
// rounding of a few sums, far below 1e-12) and the same full components
// and terminal edges (unless the instance has several optima). It returns
// the two results.
func agree(t *testing.T, sp sll.Space, pts []hyperbolic.Point, what string) (bnb, fst *Result) {
	return agreeOpt(t, sp, pts, what, true)
}

func agreeOpt(t *testing.T, sp sll.Space, pts []hyperbolic.Point, what string, unique bool) (bnb, fst *Result) {
	t.Helper()
	bnb, err := Solve(pts, Options{Space: sp})
	require.NoError(t, err, what)
	fst, err = Solve(pts, fstOptions(sp))
	require.NoError(t, err, what)
	checkResult(t, sp, pts, bnb)
	checkResult(t, sp, pts, fst)
	require.InEpsilon(t, bnb.Tree.Length, fst.Tree.Length, 1e-12, what)
	if unique {
		require.Equal(t, signature(bnb.Tree), signature(fst.Tree), what)
	}
	return bnb, fst
}

func TestParseMethod(t *testing.T) {
	for _, tc := range []struct {
		name string
		want Method
	}{{"bnb", BranchAndBound}, {"fst", Concatenation}, {"efst", EFST}} {
		m, err := ParseMethod(tc.name)
		require.NoError(t, err)
		require.Equal(t, tc.want, m)
		require.Equal(t, tc.name, m.String())
	}
	for _, bad := range []string{"", "BNB", "geosteiner", "fst "} {
		_, err := ParseMethod(bad)
		require.ErrorIs(t, err, ErrMethod, "%q", bad)
		require.Contains(t, err.Error(), fmt.Sprintf("%q", bad))
	}
	require.Equal(t, "Method(7)", Method(7).String())
	_, err := Solve([]hyperbolic.Point{{X: 0, Y: 0}}, Options{Space: sll.Euclidean(), Method: 7})
	require.ErrorIs(t, err, ErrMethod)
}

// The OR-Library estein10 set, Euclidean: both methods agree on all 15
// instances (length and topology), and on the first 6 points of the first
// five the concatenation's optimum equals the minimum over all 105 full
// topologies.
func TestConcatEstein10(t *testing.T) {
	dir := fixture.Path(t, "estein")
	sp := sll.Euclidean()
	var tb, tf time.Duration
	for k := 1; k <= 15; k++ {
		pts := readXY(t, fmt.Sprintf("%s/estein10_%02d.txt", dir, k))
		what := fmt.Sprintf("estein10_%02d", k)
		b, f := agree(t, sp, pts, what)
		tb += time.Duration(b.Seconds * float64(time.Second))
		tf += time.Duration(f.Seconds * float64(time.Second))
		t.Logf("%s: SMT %.12f, bnb %.3f s (%d nodes), fst %.3f s (%d nodes, %d subsets searched, %d generated, %d kept + %d pairs)",
			what, f.Tree.Length, b.Seconds, b.Nodes, f.Seconds, f.Nodes, f.FST.Subsets, f.FST.Generated, f.FST.Kept, f.FST.PairsKept)
		if k <= 5 {
			sub := pts[:6]
			r, err := Solve(sub, fstOptions(sp))
			require.NoError(t, err)
			checkResult(t, sp, sub, r)
			bf, count := bruteForce(t, sp, sub)
			require.Equal(t, 105, count)
			require.InEpsilon(t, bf, r.Tree.Length, 1e-12, "%s first 6 points", what)
		}
	}
	t.Logf("estein10 total: bnb %v, fst %v", tb, tf)
}

// Random hyperbolic instances of 4 to 9 points from two distributions.
func TestConcatHyperbolicRandom(t *testing.T) {
	sp := autoSpace(t)
	dists := HyperbolicDistributions()
	for _, d := range []Distribution{dists[0], dists[1]} {
		for n := 4; n <= 9; n++ {
			for k := uint64(0); k < 2; k++ {
				pts, err := d.Sample(rand.New(rand.NewPCG(uint64(n), 100+k)), n)
				require.NoError(t, err)
				agree(t, sp, pts, fmt.Sprintf("%s n=%d #%d", d.Name, n, k))
			}
		}
	}
}

// The concatenation against all full topologies, no bounds at all.
func TestConcatBruteForce(t *testing.T) {
	for _, sp := range []sll.Space{autoSpace(t), sll.Euclidean()} {
		for seed := uint64(1); seed <= 4; seed++ {
			n := 4 + int(seed%3) // 5, 6, 4, 5
			pts, err := hyperbolic.SampleWrappedGaussian(rand.New(rand.NewPCG(seed, 77)), n, hyperbolic.Point{}, 0.7)
			require.NoError(t, err)
			r, err := Solve(pts, fstOptions(sp))
			require.NoError(t, err)
			checkResult(t, sp, pts, r)
			bf, _ := bruteForce(t, sp, pts)
			require.InEpsilon(t, bf, r.Tree.Length, 1e-12, "%s seed %d", sp.Name(), seed)
		}
	}
}

// Closed forms: the regular triangle (length 3r) and square (squareLength).
func TestConcatRegular(t *testing.T) {
	sp := autoSpace(t)
	for _, r := range []float64{0.01, 0.5, 2, 5} {
		pts := regularPolygon(t, 3, r, 0.3)
		res, err := Solve(pts, fstOptions(sp))
		require.NoError(t, err)
		checkResult(t, sp, pts, res)
		require.Equal(t, 1, res.Tree.SteinerPoints())
		var want float64
		for _, p := range pts {
			want += hyperbolic.DistOrigin(p)
		}
		// As in TestRegularTriangle.
		require.InEpsilon(t, want, res.Tree.Length, 1e-13, "r=%g", r)
	}
	for _, r := range []float64{0.01, 0.3, 1, 2.5} {
		pts := regularPolygon(t, 4, r, math.Pi/4)
		res, err := Solve(pts, fstOptions(sp))
		require.NoError(t, err)
		checkResult(t, sp, pts, res)
		require.Equal(t, 2, res.Tree.SteinerPoints(), "r=%g", r)
		require.Equal(t, 1, res.Tree.FST4)
		// As in TestSquare.
		require.InEpsilon(t, squareLength(r), res.Tree.Length, 1e-12, "r=%g", r)
	}
}

// A 3×3 grid (Euclidean): exactly 120° configurations, where a Steiner
// point of some full topologies sits on a terminal and float polishing
// leaves it within rounding of it. Where the certifier cannot prove such a
// point the candidate is undecided (not kept); the lower bound still
// covers it (snapBound makes it tight), and the methods agree, every
// Steiner point certified.
func TestConcatGrid(t *testing.T) {
	var grid []hyperbolic.Point
	for i := range 3 {
		for j := range 3 {
			grid = append(grid, hyperbolic.Point{X: float64(i) * 0.25, Y: float64(j) * 0.25})
		}
	}
	// The grid's symmetries map optima to optima: compare lengths only.
	_, f := agreeOpt(t, sll.Euclidean(), grid, "3×3 grid", false)
	t.Logf("3×3 grid: %+v", f.FST)
}

func TestConcatSmall(t *testing.T) {
	p := func(x, y float64) hyperbolic.Point { return hyperbolic.Point{X: x, Y: y} }
	for _, sp := range []sll.Space{autoSpace(t), sll.Euclidean()} {
		for _, pts := range [][]hyperbolic.Point{nil, {p(0.1, 0.2)}, {p(0.1, 0.2), p(-0.3, 0.1)}} {
			r, err := Solve(pts, fstOptions(sp))
			require.NoError(t, err)
			require.Equal(t, len(pts), len(r.Tree.Vertices))
			require.Equal(t, r.Tree.MSTLength, r.Tree.Length)
		}
		// An angle of 150° at the middle terminal: no Steiner point.
		pts := []hyperbolic.Point{p(0, 0), p(0.5, 0), p(-0.4, 0.2)}
		r, err := Solve(pts, fstOptions(sp))
		require.NoError(t, err)
		require.Zero(t, r.Tree.SteinerPoints())
		require.InEpsilon(t, sp.Dist(pts[0], pts[1])+sp.Dist(pts[0], pts[2]), r.Tree.Length, 1e-15)
		// Collinear terminals: the path.
		line := []hyperbolic.Point{p(-0.5, 0), p(0.25, 0), p(-0.1, 0), p(0.6, 0), p(0.05, 0)}
		r, err = Solve(line, fstOptions(sp))
		require.NoError(t, err)
		checkResult(t, sp, line, r)
		require.Zero(t, r.Tree.SteinerPoints())
		require.Zero(t, r.FST.Kept)
		require.Equal(t, 4, r.FST.PairsKept, "the path's edges only")
		require.InEpsilon(t, sp.Dist(line[0], line[3]), r.Tree.Length, 1e-14)
	}
}

func TestConcatBadInput(t *testing.T) {
	p := func(x, y float64) hyperbolic.Point { return hyperbolic.Point{X: x, Y: y} }
	sp := autoSpace(t)
	var pe *PointError
	_, err := Solve([]hyperbolic.Point{p(0, 0), p(math.NaN(), 0)}, fstOptions(sp))
	require.ErrorAs(t, err, &pe)
	require.Equal(t, 1, pe.Index)
	_, err = Solve([]hyperbolic.Point{p(0, 0), p(1, 0), p(0.5, 0.1)}, fstOptions(sp))
	require.ErrorAs(t, err, &pe)
	require.ErrorIs(t, err, hyperbolic.ErrOutsideDisk)
	_, err = Solve([]hyperbolic.Point{p(0, 0), p(0.5, 0), p(0.1, 0.3), p(0, 0)}, fstOptions(sp))
	require.ErrorIs(t, err, ErrDuplicate)
	require.ErrorAs(t, err, &pe)
	require.Equal(t, [2]int{3, 0}, [2]int{pe.Index, pe.Dup})
	_, err = Solve([]hyperbolic.Point{p(0, 0), p(math.Inf(1), 0), p(0.1, 0.3)}, fstOptions(sll.Euclidean()))
	require.ErrorAs(t, err, &pe)
	require.Equal(t, 1, pe.Index)
	many := make([]hyperbolic.Point, MaxTerminals+1)
	for i := range many {
		many[i] = p(float64(i)/20, 0.1)
	}
	_, err = Solve(many, fstOptions(sp))
	require.ErrorIs(t, err, ErrTooManyTerminals)
	require.Contains(t, err.Error(), "13 terminals")
	_, err = Solve(nil, Options{Method: Concatenation})
	require.ErrorIs(t, err, ErrSpace)
}

// MaxNodes stops the subset searches; the bound then still holds.
func TestConcatMaxNodes(t *testing.T) {
	sp := sll.Euclidean()
	pts, err := hyperbolic.SampleWrappedGaussian(rand.New(rand.NewPCG(5, 5)), 10, hyperbolic.Point{}, 0.5)
	require.NoError(t, err)
	full, err := Solve(pts, fstOptions(sp))
	require.NoError(t, err)
	require.True(t, full.Complete)
	opt := fstOptions(sp)
	opt.MaxNodes = 200
	cut, err := Solve(pts, opt)
	require.NoError(t, err)
	require.False(t, cut.Complete)
	require.Positive(t, cut.FST.Skipped)
	require.LessOrEqual(t, cut.LowerBound, full.Tree.Length*(1+1e-12))
	require.GreaterOrEqual(t, cut.Tree.Length, full.Tree.Length*(1-1e-12))
	require.Less(t, cut.Nodes, full.Nodes)
}

// fstSets runs the generation and returns the kept full trees (with
// Steiner points) and the kept pairs as sorted terminal lists, with the
// lengths of the full trees.
func fstSets(t *testing.T, sp sll.Space, pts []hyperbolic.Point) (full [][]int, lengths []float64, pairs [][]int) {
	g, err := newGeom(sp)
	require.NoError(t, err)
	c := newConcat(g, pts, 0)
	c.run(math.Inf(1))
	for _, f := range c.fsts {
		full = append(full, f.terms)
		lengths = append(lengths, f.length)
	}
	for s := uint32(3); s < uint32(len(c.lbw)); s++ {
		if bits.OnesCount32(s) == 2 && !math.IsInf(c.lbw[s], 1) {
			pairs = append(pairs, []int{bits.TrailingZeros32(s), 31 - bits.LeadingZeros32(s)})
		}
	}
	return full, lengths, pairs
}

// The FSTs of a square: its four sides, the four right isosceles triangles
// (Steiner point at 120°), and both full topologies of all four corners
// (mirror images of each other, of equal length); not the diagonals.
func TestSquareFSTs(t *testing.T) {
	sides := [][]int{{0, 1}, {0, 3}, {1, 2}, {2, 3}}
	triples := [][]int{{0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}}
	t.Run("euclidean", func(t *testing.T) {
		square := []hyperbolic.Point{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 1, Y: 1}, {X: 0, Y: 1}}
		full, lengths, pairs := fstSets(t, sll.Euclidean(), square)
		require.ElementsMatch(t, sides, pairs)
		require.Equal(t, append(slices.Clone(triples), []int{0, 1, 2, 3}, []int{0, 1, 2, 3}), full)
		// A right isosceles triangle of legs 1: the Steiner tree is
		// √((a² + b² + c²)/2 + 2√3·area) = √(2 + √3); the square's 1 + √3.
		// Both to the rounding of a few distances (1e-15 relative).
		for i, l := range lengths {
			want := math.Sqrt(2 + math.Sqrt(3))
			if len(full[i]) == 4 {
				want = 1 + math.Sqrt(3)
			}
			require.InEpsilon(t, want, l, 1e-14, "FST %v", full[i])
		}
	})
	t.Run("hyperbolic", func(t *testing.T) {
		sp := autoSpace(t)
		// Exactly symmetric under the reflections in the axes and the
		// diagonals (isometries of the Klein model), so that the sides
		// are exactly equal and all four are kept.
		square := []hyperbolic.Point{{X: 0.5, Y: 0.5}, {X: -0.5, Y: 0.5}, {X: -0.5, Y: -0.5}, {X: 0.5, Y: -0.5}}
		full, lengths, pairs := fstSets(t, sp, square)
		require.ElementsMatch(t, sides, pairs)
		require.Equal(t, append(slices.Clone(triples), []int{0, 1, 2, 3}, []int{0, 1, 2, 3}), full)
		// The two full trees of the square are mirror images: equal
		// lengths, the closed form (see TestSquare for the tolerance).
		r := hyperbolic.DistOrigin(square[0])
		require.InEpsilon(t, squareLength(r), lengths[4], 1e-12)
		require.InEpsilon(t, squareLength(r), lengths[5], 1e-12)
		for i := range 4 {
			require.InEpsilon(t, lengths[0], lengths[i], 1e-12, "the triples are congruent")
		}
	})
}

// Lune test on hand-made trees: a star from a Steiner point s to three
// terminals, and an extra terminal placed inside or outside the lune of
// one edge.
func TestLuneFree(t *testing.T) {
	type tc struct {
		name  string
		extra hyperbolic.Point
		want  bool
	}
	// Terminals a, b, c around s = origin at distance 0.4, 120° apart;
	// the edge s–a is 0.4 long: its lune is the points within 0.4 of both
	// s and a = (0.4, 0).
	a := hyperbolic.Point{X: 0.4, Y: 0}
	b := hyperbolic.Point{X: 0.4 * math.Cos(2*math.Pi/3), Y: 0.4 * math.Sin(2*math.Pi/3)}
	c := hyperbolic.Point{X: 0.4 * math.Cos(4*math.Pi/3), Y: 0.4 * math.Sin(4*math.Pi/3)}
	for _, sp := range []sll.Space{sll.Euclidean(), autoSpace(t)} {
		g, err := newGeom(sp)
		require.NoError(t, err)
		for _, x := range []tc{
			{"inside, near the middle of s–a", hyperbolic.Point{X: 0.2, Y: 0.05}, false},
			{"inside, near the apex", hyperbolic.Point{X: 0.2, Y: 0.3}, false},
			{"outside, beyond a", hyperbolic.Point{X: 0.7, Y: 0}, true},
			{"outside, above the lune", hyperbolic.Point{X: 0.2, Y: 0.4}, true},
			{"near s: inside the lunes of s–b and s–c", hyperbolic.Point{X: -0.1, Y: 0.0}, false},
			{"far", hyperbolic.Point{X: 0, Y: -0.9}, true},
		} {
			pts := []hyperbolic.Point{a, b, c, x.extra}
			f := &fstTree{terms: []int{0, 1, 2}, st: []hyperbolic.Point{{}}, edges: [][2]int32{{0, 3}, {1, 3}, {2, 3}}}
			require.Equal(t, x.want, f.luneFree(g, pts), "%s: %s", sp.Name(), x.name)
		}
	}
}

// Bottleneck test on hand-made trees: the star of TestLuneFree with a
// fourth terminal that makes one of b(a, b), b(a, c) small or not.
func TestBottleneckOK(t *testing.T) {
	a := hyperbolic.Point{X: 0.4, Y: 0}
	b := hyperbolic.Point{X: 0.4 * math.Cos(2*math.Pi/3), Y: 0.4 * math.Sin(2*math.Pi/3)}
	c := hyperbolic.Point{X: 0.4 * math.Cos(4*math.Pi/3), Y: 0.4 * math.Sin(4*math.Pi/3)}
	for _, sp := range []sll.Space{sll.Euclidean(), autoSpace(t)} {
		g, err := newGeom(sp)
		require.NoError(t, err)
		for _, x := range []struct {
			name  string
			extra hyperbolic.Point
			want  bool
		}{
			// Far away: the MST joins a, b, c by sides of the triangle
			// (0.69 long), longer than the star's edges (0.4).
			{"far", hyperbolic.Point{X: 0, Y: -0.9}, true},
			// The midpoint of a and b, 0.35 from each: b(a, b) = 0.35 < 0.4,
			// the star's edges on the path a–s–b.
			{"between a and b", hyperbolic.Point{X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2}, false},
			// Beyond c, 0.29 from it and far from a and b: b(a, b) and
			// b(a, c) stay the triangle's sides.
			{"beyond c", hyperbolic.Point{X: -0.45, Y: -0.5}, true},
		} {
			pts := []hyperbolic.Point{a, b, c, x.extra}
			bn := newBottleneck(g, pts)
			f := &fstTree{terms: []int{0, 1, 2}, st: []hyperbolic.Point{{}}, edges: [][2]int32{{0, 3}, {1, 3}, {2, 3}}}
			require.Equal(t, x.want, f.bottleneckOK(g, pts, bn), "%s: %s (b(a,b) = %g)", sp.Name(), x.name, bn.b[0][1])
		}
	}
}

// The bottleneck distances and MST_b bounds of collinear terminals at
// 0, 0.1, 0.3, 0.6 (M: the three gaps 0.1, 0.2, 0.3).
func TestBottleneckBound(t *testing.T) {
	pts := []hyperbolic.Point{{X: 0}, {X: 0.1}, {X: 0.3}, {X: 0.6}}
	g, err := newGeom(sll.Euclidean())
	require.NoError(t, err)
	bn := newBottleneck(g, pts)
	d := func(i, j int) float64 { return math.Abs(pts[i].X - pts[j].X) }
	for _, tc := range []struct {
		u, v int
		want float64
	}{{0, 1, d(0, 1)}, {0, 2, d(1, 2)}, {0, 3, d(2, 3)}, {1, 2, d(1, 2)}, {1, 3, d(2, 3)}} {
		require.Equal(t, tc.want, bn.b[tc.u][tc.v], "b(%d,%d)", tc.u, tc.v)
	}
	for _, tc := range []struct {
		s    uint32
		want float64
	}{
		{0b0011, d(0, 1)},
		{0b0101, d(1, 2)}, // 0 and 2 merge through the 0.2 gap
		{0b1001, d(2, 3)},
		{0b1101, d(1, 2) + d(2, 3)},
		{0b1111, d(0, 1) + d(1, 2) + d(2, 3)},
	} {
		require.Equal(t, tc.want, bn.bound(tc.s), "MST_b(%04b)", tc.s)
	}
	// Pairs: the gaps are kept; 0–2 fails the bottleneck test (b = 0.2 <
	// 0.3) and the lune test (1 is inside).
	for _, tc := range []struct {
		u, v int
		want bool
	}{{0, 1, true}, {1, 2, true}, {2, 3, true}, {0, 2, false}, {1, 3, false}, {0, 3, false}} {
		require.Equal(t, tc.want, bn.pairKept(g, pts, tc.u, tc.v), "pair %d-%d", tc.u, tc.v)
	}
}

// cmpDist decides ties exactly: mirror images are at exactly equal
// distances (the float filter cannot tell), and distances one ulp apart
// are told apart.
func TestCmpDist(t *testing.T) {
	o := hyperbolic.Point{X: 0.1, Y: 0.2}
	a := hyperbolic.Point{X: 0.4, Y: 0.2}
	up := hyperbolic.Point{X: math.Nextafter(a.X, 1), Y: 0.2}
	for _, sp := range []sll.Space{sll.Euclidean(), autoSpace(t)} {
		g, err := newGeom(sp)
		require.NoError(t, err)
		// Mirror images in the line x = 0 (an isometry of both planes).
		p := hyperbolic.Point{X: 0.3, Y: 0.25}
		q := hyperbolic.Point{X: -0.3, Y: 0.25}
		c := hyperbolic.Point{X: 0, Y: -0.4}
		require.Zero(t, cmpDist(g, p, c, q, c), sp.Name())
		require.Equal(t, -1, cmpDist(g, o, a, o, up), sp.Name())
		require.Equal(t, 1, cmpDist(g, o, up, o, a), sp.Name())
		require.Equal(t, 0, cmpDist(g, o, a, a, o), sp.Name())
	}
}

// The concatenation's counters are consistent.
func TestConcatCounters(t *testing.T) {
	pts, err := hyperbolic.SampleWrappedGaussian(rand.New(rand.NewPCG(2, 9)), 9, hyperbolic.Point{}, 0.5)
	require.NoError(t, err)
	r, err := Solve(pts, fstOptions(sll.Euclidean()))
	require.NoError(t, err)
	f := r.FST
	require.Equal(t, 36, f.Pairs)
	require.Equal(t, 512-1-9-36, f.Subsets+f.Skipped, "every subset of ≥ 3 terminals")
	require.Equal(t, f.Generated, f.Degenerate+f.Lune+f.Bottleneck+f.Undecided+f.Kept)
	require.GreaterOrEqual(t, f.PairsKept, 8, "the MST's edges")
	require.Positive(t, f.Kept)
	require.Positive(t, r.Nodes)
	t.Logf("%+v, %d nodes", f, r.Nodes)
}

func BenchmarkSolveConcat(b *testing.B) {
	for _, sp := range []sll.Space{autoSpace(b), sll.Euclidean()} {
		for _, n := range []int{8, 10} {
			pts, err := hyperbolic.SampleWrappedGaussian(rand.New(rand.NewPCG(1, uint64(n))), n, hyperbolic.Point{}, 0.5)
			require.NoError(b, err)
			for _, m := range []Method{BranchAndBound, Concatenation} {
				b.Run(fmt.Sprintf("%s/n=%d/%v", sp.Name(), n, m), func(b *testing.B) {
					var r *Result
					for i := 0; i < b.N; i++ {
						if r, err = Solve(pts, Options{Space: sp, Method: m}); err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(r.Nodes), "nodes")
					if m == Concatenation {
						b.ReportMetric(float64(r.FST.Generated), "generated")
						b.ReportMetric(float64(r.FST.Kept), "kept")
					}
				})
			}
		}
	}
}

// BenchmarkEstein10 solves the whole OR-Library estein10 set (15
// instances) per iteration, by each method.
func BenchmarkEstein10(b *testing.B) {
	dir := fixture.Path(b, "estein")
	var set [][]hyperbolic.Point
	for k := 1; k <= 15; k++ {
		set = append(set, readXY(b, fmt.Sprintf("%s/estein10_%02d.txt", dir, k)))
	}
	for _, m := range []Method{BranchAndBound, Concatenation} {
		b.Run(m.String(), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				for _, pts := range set {
					if _, err := Solve(pts, Options{Space: sll.Euclidean(), Method: m}); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
