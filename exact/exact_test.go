package exact

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/fixture"
	"github.com/hypersteiner/hypersteiner/pointio"
	"github.com/hypersteiner/hypersteiner/sll"
	"github.com/stretchr/testify/require"
)

func autoSpace(t testing.TB) sll.Space {
	s, err := fermat.ByName("auto")
	require.NoError(t, err)
	return sll.Hyperbolic(s)
}

func readXY(t testing.TB, path string) []hyperbolic.Point {
	tab, err := pointio.Options{Cols: []int{2}}.ReadFile(path)
	require.NoError(t, err)
	pts, err := pointio.PlanePoints(tab)
	require.NoError(t, err)
	return pts
}

// bruteForce is the minimum, over every full topology of the terminals
// (all (2n − 5)!! of them, no pruning), of the topology's relaxed length:
// the length of the Steiner minimal tree, found without the branch and
// bound's bounds, ordering or incumbent.
func bruteForce(t testing.TB, sp sll.Space, pts []hyperbolic.Point) (float64, int) {
	g, err := newGeom(sp)
	require.NoError(t, err)
	n := len(pts)
	s := &solver{g: g, term: pts, ub: math.Inf(1), lbMin: math.Inf(1)}
	for i := range pts {
		s.ord = append(s.ord, int32(i))
	}
	s.scale = 0
	for i := range pts {
		for j := range pts {
			s.scale = max(s.scale, g.dist(pts[i], pts[j]))
		}
	}
	nn := int32(n)
	root := &node{ord: []int32{0, 1, 2}, edges: [][2]int32{{0, nn}, {1, nn}, {2, nn}}, nbr: [][3]int32{{0, 1, 2}}}
	c, _ := g.minimiser([3]hyperbolic.Point{pts[0], pts[1], pts[2]})
	root.st = []hyperbolic.Point{c}
	best, count := math.Inf(1), 0
	var walk func(p *node)
	walk = func(p *node) {
		if len(p.ord) == n {
			s.relax(p, true)
			s.polish(p)
			best = min(best, p.f)
			count++
			return
		}
		t := int32(len(p.ord))
		ord := append(slices.Clone(p.ord), t)
		for e := range p.edges {
			walk(s.child(p, e, t, ord))
		}
	}
	walk(root)
	return best, count
}

// checkResult checks the structure of an exact tree and its certificate.
func checkResult(t *testing.T, sp sll.Space, pts []hyperbolic.Point, r *Result) {
	t.Helper()
	tr := r.Tree
	require.Equal(t, "exact", tr.Solver)
	require.Equal(t, len(pts), tr.Terminals)
	require.Equal(t, pts, tr.Vertices[:tr.Terminals])
	require.Len(t, tr.Edges, len(tr.Vertices)-1)
	deg := make([]int, len(tr.Vertices))
	for i, e := range tr.Edges {
		require.Equal(t, sp.Dist(tr.Vertices[e[0]], tr.Vertices[e[1]]), tr.EdgeLengths[i])
		deg[e[0]]++
		deg[e[1]]++
	}
	for v := tr.Terminals; v < len(tr.Vertices); v++ {
		require.Equal(t, 3, deg[v], "Steiner point %d", v)
	}
	require.LessOrEqual(t, tr.Length, tr.MSTLength*(1+1e-15))
	require.True(t, r.Complete)
	// The certified gap: the lower bound's rounding allowances are about
	// 1e-12 per Steiner point times the terminals' spread, so 1e-10
	// relative is what a converged solve reaches with room to spare.
	require.LessOrEqual(t, r.LowerBound, tr.Length)
	require.LessOrEqual(t, r.Gap(), 1e-10, "certified gap")
	require.Equal(t, tr.SteinerPoints(), r.Certified, "every Steiner point certified")
}

// The OR-Library estein10 set: the branch and bound's optimum is certified
// to 1e-10, and on the first 6 (all 15 instances) and 7 (three of them)
// points it equals the minimum over all full topologies to 1e-12.
func TestEstein10(t *testing.T) {
	dir := fixture.Path(t, "estein")
	sp := sll.Euclidean()
	var worst time.Duration
	for k := 1; k <= 15; k++ {
		pts := readXY(t, fmt.Sprintf("%s/estein10_%02d.txt", dir, k))
		require.Len(t, pts, 10)
		t0 := time.Now()
		r, err := Solve(pts, Options{Space: sp})
		require.NoError(t, err)
		worst = max(worst, time.Since(t0))
		checkResult(t, sp, pts, r)
		t.Logf("estein10_%02d: SMT %.12f MST %.12f ratio %.6f, %d Steiner points, heuristic %.12f, gap %.1e, %d nodes, %.3f s",
			k, r.Tree.Length, r.Tree.MSTLength, r.Tree.Ratio(), r.Tree.SteinerPoints(), r.Heuristic, r.Gap(), r.Nodes, r.Seconds)
		for _, m := range []int{6, 7} {
			if m == 7 && k > 3 {
				continue
			}
			sub := pts[:m]
			rs, err := Solve(sub, Options{Space: sp})
			require.NoError(t, err)
			checkResult(t, sp, sub, rs)
			bf, count := bruteForce(t, sp, sub)
			require.Equal(t, []int{105, 945}[m-6], count)
			// Both are the relaxed length of the same topology, polished
			// to the Fermat points: equal to the rounding of a few sums.
			require.InEpsilon(t, bf, rs.Tree.Length, 1e-12, "estein10_%02d first %d points", k, m)
		}
	}
	t.Logf("slowest n=10 solve: %v", worst)
}

// Random hyperbolic instances of 6 points: branch and bound against all
// 105 full topologies.
func TestHyperbolicBruteForce(t *testing.T) {
	sp := autoSpace(t)
	for seed := uint64(1); seed <= 6; seed++ {
		pts, err := hyperbolic.SampleWrappedGaussian(rand.New(rand.NewPCG(seed, 66)), 6, hyperbolic.Point{}, 0.7)
		require.NoError(t, err)
		r, err := Solve(pts, Options{Space: sp, NoHeuristic: seed%2 == 0})
		require.NoError(t, err)
		checkResult(t, sp, pts, r)
		bf, _ := bruteForce(t, sp, pts)
		require.InEpsilon(t, bf, r.Tree.Length, 1e-12, "seed %d", seed)
	}
}

// A regular triangle at hyperbolic radius r around the origin: the
// Steiner point is the centre, the length 3r.
func TestRegularTriangle(t *testing.T) {
	sp := autoSpace(t)
	for _, r := range []float64{0.01, 0.5, 2, 5} {
		pts := regularPolygon(t, 3, r, 0.3)
		res, err := Solve(pts, Options{Space: sp})
		require.NoError(t, err)
		checkResult(t, sp, pts, res)
		require.Equal(t, 1, res.Tree.SteinerPoints())
		// The rounded terminals are at distance r from the origin only to
		// their float64 resolution, eps·cosh²r relative; the length is
		// the sum of their own distances to the origin (the centre moves
		// by rounding only, which changes the length to second order).
		var want float64
		for _, p := range pts {
			want += hyperbolic.DistOrigin(p)
		}
		require.InEpsilon(t, want, res.Tree.Length, 1e-13, "r=%g", r)
		require.InEpsilon(t, 3*r, want, 4*0x1p-53*math.Cosh(r)*math.Cosh(r)/r+1e-15, "r=%g", r)
	}
}

// squareLength is the length of the Steiner minimal tree of the square of
// circumradius r centred at the origin, in closed form.
//
// Put the vertices at angles ±45° and 180° ± 45°, the two Steiner points
// s± on the x-axis at distance a from the origin O, joined to each other
// (length 2a) and each to two vertices (length b each): L = 2a + 4b. In
// the triangle O s₊ v (v the vertex at 45°) the angle at O is 45°; at s₊
// it is 120° (the edge to s₋ points along −x, the edges to the vertices
// leave at ±60° from +x, since all three angles at s₊ are 120°); the side
// Ov opposite s₊ is r. With γ the angle at v, the second law of cosines
// for angles, cos 120° = −cos 45°·cos γ + sin 45°·sin γ·cosh r, gives
// cosh r·sin γ − cos γ = −1/√2, i.e. with R = √(cosh²r + 1) and
// φ = atan(1/cosh r): sin(γ − φ) = −1/(√2·R), γ = φ − asin(1/(√2·R))
// (the root in (0, π/3); r → 0 gives 45° − 30° = 15°, the Euclidean
// angle). The law of sines, sinh r/sin 120° = sinh b/sin 45° =
// sinh a/sin γ, then gives a and b. (Euclidean limit: L/r → 2·sin 15°/sin 120°
// + 4·sin 45°/sin 120° = (1 + √3)·√2, the SMT of a square of side r√2.)
func squareLength(r float64) float64 {
	K := math.Cosh(r)
	R := math.Sqrt(K*K + 1)
	gamma := math.Atan(1/K) - math.Asin(1/(math.Sqrt2*R))
	s120 := math.Sqrt(3) / 2
	a := math.Asinh(math.Sinh(r) * math.Sin(gamma) / s120)
	b := math.Asinh(math.Sinh(r) * (math.Sqrt2 / 2) / s120)
	return 2*a + 4*b
}

func regularPolygon(t testing.TB, k int, r, phase float64) []hyperbolic.Point {
	var pts []hyperbolic.Point
	for i := 0; i < k; i++ {
		th := 2*math.Pi*float64(i)/float64(k) + phase
		p, err := hyperbolic.Exp(hyperbolic.Point{}, hyperbolic.Vector{X: r * math.Cos(th), Y: r * math.Sin(th)})
		require.NoError(t, err)
		pts = append(pts, p)
	}
	return pts
}

func TestSquare(t *testing.T) {
	sp := autoSpace(t)
	require.InEpsilon(t, (1+math.Sqrt(3))*math.Sqrt2, squareLength(1e-6)/1e-6, 1e-9, "Euclidean limit")
	for _, r := range []float64{0.01, 0.3, 1, 2.5} {
		pts := regularPolygon(t, 4, r, math.Pi/4)
		res, err := Solve(pts, Options{Space: sp})
		require.NoError(t, err)
		checkResult(t, sp, pts, res)
		require.Equal(t, 2, res.Tree.SteinerPoints(), "r=%g", r)
		require.Equal(t, 1, res.Tree.FST4)
		// The terminals are rounded to float64 (moving each by about
		// eps·cosh²r in distance, changing the length by as much); the
		// closed form's few operations add a few eps. 1e-12 covers both
		// for r ≤ 2.5 (cosh² 2.5 ≈ 38).
		require.InEpsilon(t, squareLength(r), res.Tree.Length, 1e-12, "r=%g", r)
		t.Logf("square r=%g: SMT %.15f, closed form %.15f, MST %.15f", r, res.Tree.Length, squareLength(r), res.Tree.MSTLength)
	}
}

// signature is the tree's topology in terms of terminals only: the
// terminal sets of the full components, and the terminal–terminal edges.
func signature(tr *sll.Tree) []string {
	n := tr.Terminals
	adj := make([][]int, len(tr.Vertices))
	var out []string
	for _, e := range tr.Edges {
		adj[e[0]] = append(adj[e[0]], e[1])
		adj[e[1]] = append(adj[e[1]], e[0])
		if e[0] < n && e[1] < n {
			out = append(out, fmt.Sprint(min(e[0], e[1]), "-", max(e[0], e[1])))
		}
	}
	seen := make([]bool, len(tr.Vertices))
	for v := n; v < len(tr.Vertices); v++ {
		if seen[v] {
			continue
		}
		var terms []int
		stack := []int{v}
		seen[v] = true
		for len(stack) > 0 {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, w := range adj[u] {
				switch {
				case w < n:
					terms = append(terms, w)
				case !seen[w]:
					seen[w] = true
					stack = append(stack, w)
				}
			}
		}
		slices.Sort(terms)
		out = append(out, fmt.Sprint(terms))
	}
	slices.Sort(out)
	return out
}

// Moving the terminals by an isometry moves the optimum with them.
// Both methods, each with its own samples.
func TestIsometryInvariance(t *testing.T) {
	sp := autoSpace(t)
	for _, m := range []struct {
		method Method
		seed   uint64
	}{{BranchAndBound, 3}, {Concatenation, 8}} {
		rng := rand.New(rand.NewPCG(m.seed, 4))
		for trial := 0; trial < 4; trial++ {
			pts, err := hyperbolic.SampleWrappedGaussian(rng, 8, hyperbolic.Point{}, 0.6)
			require.NoError(t, err)
			g := hyperbolic.Boost(0.3+rng.Float64(), rng.Float64()*2*math.Pi).Compose(hyperbolic.Rotation(rng.Float64() * 2 * math.Pi))
			moved := make([]hyperbolic.Point, len(pts))
			for i, p := range pts {
				moved[i], err = g.Apply(p)
				require.NoError(t, err)
			}
			a, err := Solve(pts, Options{Space: sp, Method: m.method})
			require.NoError(t, err)
			b, err := Solve(moved, Options{Space: sp, Method: m.method})
			require.NoError(t, err)
			checkResult(t, sp, pts, a)
			checkResult(t, sp, moved, b)
			// The isometry moves each terminal exactly only up to rounding
			// (about 1e-15 relative in distance), and both optima are
			// certified to 1e-10: 1e-10 covers it.
			require.InEpsilon(t, a.Tree.Length, b.Tree.Length, 1e-10, "%v trial %d", m.method, trial)
			require.Equal(t, signature(a.Tree), signature(b.Tree), "%v trial %d", m.method, trial)
		}
	}
}

// The optimum is never longer than the heuristic, and on these seeds the
// solver finds strictly better trees for some.
func TestNotLongerThanHeuristic(t *testing.T) {
	for _, sp := range []sll.Space{autoSpace(t), sll.Euclidean()} {
		better := 0
		for seed := uint64(1); seed <= 12; seed++ {
			pts, err := hyperbolic.SampleWrappedGaussian(rand.New(rand.NewPCG(seed, 9)), 9, hyperbolic.Point{}, 0.5)
			require.NoError(t, err)
			h, err := sll.Build(pts, sll.Options{Space: sp})
			require.NoError(t, err)
			r, err := Solve(pts, Options{Space: sp})
			require.NoError(t, err)
			checkResult(t, sp, pts, r)
			require.LessOrEqual(t, r.Tree.Length, h.Length*(1+1e-12))
			if r.Tree.Length < h.Length*(1-1e-9) {
				better++
			}
		}
		t.Logf("%s n=9: exact beats SLL on %d of 12", sp.Name(), better)
		require.Positive(t, better)
	}
}

func TestSolveSmall(t *testing.T) {
	p := func(x, y float64) hyperbolic.Point { return hyperbolic.Point{X: x, Y: y} }
	for _, sp := range []sll.Space{autoSpace(t), sll.Euclidean()} {
		for _, pts := range [][]hyperbolic.Point{nil, {p(0.1, 0.2)}, {p(0.1, 0.2), p(-0.3, 0.1)}} {
			r, err := Solve(pts, Options{Space: sp})
			require.NoError(t, err)
			require.Equal(t, len(pts), len(r.Tree.Vertices))
			require.Equal(t, r.Tree.MSTLength, r.Tree.Length)
		}
		// An angle of 150° at the middle terminal: no Steiner point.
		pts := []hyperbolic.Point{p(0, 0), p(0.5, 0), p(-0.4, 0.2)}
		r, err := Solve(pts, Options{Space: sp})
		require.NoError(t, err)
		require.Zero(t, r.Tree.SteinerPoints())
		require.InEpsilon(t, sp.Dist(pts[0], pts[1])+sp.Dist(pts[0], pts[2]), r.Tree.Length, 1e-15)
		// Collinear terminals: the path.
		line := []hyperbolic.Point{p(-0.5, 0), p(0.25, 0), p(-0.1, 0), p(0.6, 0), p(0.05, 0)}
		r, err = Solve(line, Options{Space: sp})
		require.NoError(t, err)
		checkResult(t, sp, line, r)
		require.Zero(t, r.Tree.SteinerPoints())
		require.InEpsilon(t, sp.Dist(line[0], line[3]), r.Tree.Length, 1e-14)
	}
}

func TestSolveBadInput(t *testing.T) {
	p := func(x, y float64) hyperbolic.Point { return hyperbolic.Point{X: x, Y: y} }
	sp := autoSpace(t)
	var pe *PointError
	_, err := Solve([]hyperbolic.Point{p(0, 0), p(math.NaN(), 0)}, Options{Space: sp})
	require.ErrorAs(t, err, &pe)
	require.Equal(t, 1, pe.Index)
	_, err = Solve([]hyperbolic.Point{p(0, 0), p(1, 0)}, Options{Space: sp})
	require.ErrorAs(t, err, &pe)
	require.ErrorIs(t, err, hyperbolic.ErrOutsideDisk)
	_, err = Solve([]hyperbolic.Point{p(0, 0), p(0.5, 0), p(0, 0)}, Options{Space: sp})
	require.ErrorIs(t, err, ErrDuplicate)
	require.ErrorAs(t, err, &pe)
	require.Equal(t, [2]int{2, 0}, [2]int{pe.Index, pe.Dup})
	many := make([]hyperbolic.Point, MaxHyperbolicTerminals+1)
	for i := range many {
		many[i] = p(float64(i)/float64(2*len(many)), 0.1)
	}
	_, err = Solve(many, Options{Space: sp})
	require.ErrorIs(t, err, ErrTooManyTerminals)
	require.Contains(t, err.Error(), fmt.Sprintf("%d terminals", MaxHyperbolicTerminals+1))
	_, err = Solve(nil, Options{})
	require.ErrorIs(t, err, ErrSpace)
	_, err = Solve(nil, Options{Space: sll.Hyperbolic(nil)})
	require.ErrorIs(t, err, ErrSpace)
}

// MaxNodes stops the search early; the bound then still holds.
func TestMaxNodes(t *testing.T) {
	sp := sll.Euclidean()
	pts, err := hyperbolic.SampleWrappedGaussian(rand.New(rand.NewPCG(5, 5)), 10, hyperbolic.Point{}, 0.5)
	require.NoError(t, err)
	full, err := Solve(pts, Options{Space: sp})
	require.NoError(t, err)
	cut, err := Solve(pts, Options{Space: sp, MaxNodes: 5, NoHeuristic: true})
	require.NoError(t, err)
	require.False(t, cut.Complete)
	require.LessOrEqual(t, cut.LowerBound, full.Tree.Length*(1+1e-12))
	require.GreaterOrEqual(t, cut.Tree.Length, full.Tree.Length*(1-1e-12))
}

func TestGap(t *testing.T) {
	rows, err := Gap(GapOptions{Space: autoSpace(t), Sizes: []int{5, 7}, Instances: 4, Seed: 1})
	require.NoError(t, err)
	require.Len(t, rows, 6)
	for _, r := range rows {
		// The optimum is never longer than the heuristic (beyond rounding).
		require.GreaterOrEqual(t, r.Mean, -1e-10)
		require.GreaterOrEqual(t, r.Max, r.Mean)
		require.GreaterOrEqual(t, r.Mean, r.MeanReopt-1e-10, "re-optimisation never lengthens")
		require.True(t, r.Optimal >= 0 && r.Optimal <= 100)
		require.LessOrEqual(t, r.MaxCertGap, 1e-8)
	}
	var md, tsv bytes.Buffer
	require.NoError(t, WriteGapTable(&md, rows, "markdown"))
	require.NoError(t, WriteGapTable(&tsv, rows, "tsv"))
	require.Equal(t, 2+len(rows), strings.Count(md.String(), "\n"))
	require.Equal(t, 1+len(rows), strings.Count(tsv.String(), "\n"))
	require.Error(t, WriteGapTable(&md, rows, "html"))
	t.Logf("\n%s", md.String())
	// Solved two at a time, the rows are the same but for the times.
	var done atomic.Int64
	opt2 := GapOptions{Space: autoSpace(t), Sizes: []int{5, 7}, Instances: 4, Seed: 1, Jobs: 2, Progress: func() { done.Add(1) }}
	rows2, err := Gap(opt2)
	require.NoError(t, err)
	total, err := opt2.Total()
	require.NoError(t, err)
	require.Equal(t, 3*2*4, total)
	require.Equal(t, int64(total), done.Load(), "progress calls")
	for i := range rows {
		a, b := rows[i], rows2[i]
		a.ExactSeconds, a.ExactMin, a.ExactMedian = 0, 0, 0
		b.ExactSeconds, b.ExactMin, b.ExactMedian = 0, 0, 0
		require.Equal(t, a, b)
		require.Equal(t, a.Instances, a.Proved)
	}
	// A time limit no search meets (the clock is read every clockEvery
	// nodes, and 12 terminals take thousands): nothing is proved, and the
	// gaps are not made up from the lower bounds.
	cut, err := Gap(GapOptions{Space: autoSpace(t), Sizes: []int{12}, Instances: 2, Seed: 1, TimeLimit: time.Nanosecond})
	require.NoError(t, err)
	for _, r := range cut {
		require.Zero(t, r.Proved)
		require.True(t, math.IsNaN(r.Mean) && math.IsNaN(r.MaxReopt) && math.IsNaN(r.MaxCertGap))
	}
	md.Reset()
	require.NoError(t, WriteGapTable(&md, cut, "markdown"))
	require.Contains(t, md.String(), "| 12 | 2 | 0 | NaN")
	_, err = Gap(GapOptions{})
	require.Error(t, err)
	_, err = Gap(GapOptions{Space: autoSpace(t), Sizes: []int{MaxHyperbolicTerminals + 1}, Instances: 1})
	require.ErrorContains(t, err, fmt.Sprintf("%d outside 3…%d (hyperbolic plane)", MaxHyperbolicTerminals+1, MaxHyperbolicTerminals))
	_, err = Gap(GapOptions{Space: sll.Euclidean(), Sizes: []int{MaxEuclideanTerminals + 1}, Instances: 1})
	require.Error(t, err)
}

func BenchmarkSolve(b *testing.B) {
	for _, sp := range []sll.Space{autoSpace(b), sll.Euclidean()} {
		for _, n := range []int{8, 10} {
			pts, err := hyperbolic.SampleWrappedGaussian(rand.New(rand.NewPCG(1, uint64(n))), n, hyperbolic.Point{}, 0.5)
			require.NoError(b, err)
			b.Run(fmt.Sprintf("%s/n=%d", sp.Name(), n), func(b *testing.B) {
				var r *Result
				for i := 0; i < b.N; i++ {
					if r, err = Solve(pts, Options{Space: sp}); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(r.Nodes), "nodes")
			})
		}
	}
}
