package exact

import (
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/fixture"
	"github.com/hypersteiner/hypersteiner/sll"
	"github.com/stretchr/testify/require"
)

// Above MaxTerminals, Solve takes Euclidean inputs to the EFST method: on
// OR-Library instances of 20 to 50 terminals its tree has the published
// optimal length (9 decimals), a certified gap below 1e-10 and every
// Steiner point certified.
func TestEFSTEstein(t *testing.T) {
	opt := fixture.EsteinOptima(t)
	dir := fixture.Path(t, "estein")
	sp := sll.Euclidean()
	for _, name := range []string{"estein20_01", "estein30_01", "estein30_02", "estein40_01", "estein50_01"} {
		pts := readXY(t, filepath.Join(dir, name+".txt"))
		r, err := Solve(pts, Options{Space: sp})
		require.NoError(t, err, name)
		require.Equal(t, EFST, r.Method, name)
		checkResult(t, sp, pts, r)
		want, ok := opt[name]
		require.True(t, ok, name)
		// The published values have 9 decimals: half a unit of the last.
		require.InDelta(t, want.SMT, r.Tree.Length, 5e-10, name)
		require.Positive(t, r.EFST.FSTs)
		require.Equal(t, r.Tree.SteinerPoints(), r.EFST.Exact120, name)
	}
}

// The EFST method and the branch and bound agree on the estein10 set
// (length and number of Steiner points).
func TestEFSTAgreesWithBnB(t *testing.T) {
	dir := fixture.Path(t, "estein")
	sp := sll.Euclidean()
	for k := 1; k <= 15; k++ {
		pts := readXY(t, fmt.Sprintf("%s/estein10_%02d.txt", dir, k))
		bnb, err := Solve(pts, Options{Space: sp})
		require.NoError(t, err)
		require.Equal(t, BranchAndBound, bnb.Method)
		ef, err := Solve(pts, Options{Space: sp, Method: EFST})
		require.NoError(t, err)
		require.Equal(t, EFST, ef.Method)
		checkResult(t, sp, pts, ef)
		require.InEpsilon(t, bnb.Tree.Length, ef.Tree.Length, 1e-12, "estein10_%02d", k)
		require.Equal(t, bnb.Tree.SteinerPoints(), ef.Tree.SteinerPoints(), "estein10_%02d", k)
	}
}

// The EFST method (package efst's generation and fstcat's concatenation)
// against the branch and bound over all full topologies (an independent
// method, certified to 1e-10): random instances of up to 10 points —
// uniform, clustered at several scales, on a coarse grid, near a circle —
// the first 8 points of OR-Library instances, and a grid instance that
// caught a wrong pruning rule. (Moved here from package efst, whose tests
// cannot import this package.)
func TestEFSTAgainstBranchAndBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 19))
	sets := [][]hyperbolic.Point{
		{{X: 0, Y: 1}, {X: 3, Y: 2}, {X: 2, Y: 1}, {X: 2, Y: 0}, {X: 1, Y: 2}, {X: 2, Y: 4}},
	}
	for i := range 80 {
		n := 3 + rng.IntN(8)
		seen := map[hyperbolic.Point]bool{}
		var pts []hyperbolic.Point
		for len(pts) < n {
			var p hyperbolic.Point
			switch i % 4 {
			case 0:
				p = hyperbolic.Point{X: rng.Float64(), Y: rng.Float64()}
			case 1:
				s := math.Pow(10, -float64(rng.IntN(6)))
				p = hyperbolic.Point{X: float64(rng.IntN(2)) + s*rng.Float64(), Y: s * rng.Float64()}
			case 2:
				p = hyperbolic.Point{X: float64(rng.IntN(5)), Y: float64(rng.IntN(5))}
			default:
				a := rng.Float64() * 2 * math.Pi
				p = hyperbolic.Point{X: math.Cos(a), Y: math.Sin(a)}
			}
			if !seen[p] {
				seen[p] = true
				pts = append(pts, p)
			}
		}
		sets = append(sets, pts)
	}
	dir := fixture.Path(t, "estein")
	for k := 1; k <= 4; k++ {
		pts := readXY(t, fmt.Sprintf("%s/estein20_%02d.txt", dir, k))
		sets = append(sets, pts[:8])
	}
	sp := sll.Euclidean()
	for i, pts := range sets {
		want, err := Solve(pts, Options{Space: sp})
		require.NoError(t, err)
		require.LessOrEqual(t, want.Gap(), 1e-10)
		got, err := Solve(pts, Options{Space: sp, Method: EFST})
		require.NoError(t, err)
		require.Equal(t, EFST, got.Method) // every set has 3 points or more
		checkResult(t, sp, pts, got)
		require.InEpsilon(t, want.Tree.Length, got.Tree.Length, 1e-12, "set %d (n = %d)", i, len(pts))
	}
}

// The EFST method through Solve on few and on scaled terminals: fewer than
// three need no Steiner point; a tiny or huge copy of an instance is the
// same tree scaled.
func TestEFSTSmallAndScaled(t *testing.T) {
	sp := sll.Euclidean()
	for n := 1; n <= 2; n++ {
		pts := []hyperbolic.Point{{X: 0, Y: 0}, {X: 3, Y: 4}}[:n]
		r, err := Solve(pts, Options{Space: sp, Method: EFST})
		require.NoError(t, err)
		require.Equal(t, float64(5*(n-1)), r.Tree.Length)
	}
	pts := readXY(t, fixture.Path(t, "estein/estein20_02.txt"))
	base, err := Solve(pts, Options{Space: sp})
	require.NoError(t, err)
	for _, k := range []int{-600, 600} {
		r, err := Solve(sll.ScalePoints(pts, k), Options{Space: sp})
		require.NoError(t, err)
		require.Equal(t, math.Ldexp(base.Tree.Length, k), r.Tree.Length, "2^%d", k)
		require.Equal(t, math.Ldexp(base.LowerBound, k), r.LowerBound, "2^%d", k)
	}
}

// The plane's limit: the hyperbolic solver takes MaxHyperbolicTerminals
// terminals (Concatenation MaxTerminals), the Euclidean one
// MaxEuclideanTerminals; EFST is Euclidean only.
func TestTerminalLimits(t *testing.T) {
	hyp := autoSpace(t)
	require.Equal(t, MaxHyperbolicTerminals, MaxTerminalsIn(hyp))
	require.Equal(t, MaxEuclideanTerminals, MaxTerminalsIn(sll.Euclidean()))
	rng := rand.New(rand.NewPCG(19, 1))
	pts, err := hyperbolic.SampleUniformDisk(rng, MaxHyperbolicTerminals+1)
	require.NoError(t, err)
	_, err = Solve(pts, Options{Space: hyp})
	require.ErrorIs(t, err, ErrTooManyTerminals)
	require.EqualError(t, err, fmt.Sprintf("exact: %d terminals; the hyperbolic exact solver takes at most %d terminals", MaxHyperbolicTerminals+1, MaxHyperbolicTerminals))
	_, err = Solve(pts[:MaxTerminals+1], Options{Space: hyp, Method: Concatenation})
	require.ErrorIs(t, err, ErrTooManyTerminals)
	require.EqualError(t, err, "exact: 13 terminals; the fst method takes at most 12 terminals")
	_, err = Solve(pts[:5], Options{Space: hyp, Method: EFST})
	require.ErrorIs(t, err, ErrMethod)
	require.Contains(t, err.Error(), "Euclidean plane only")
	many := make([]hyperbolic.Point, MaxEuclideanTerminals+1)
	for i := range many {
		many[i] = hyperbolic.Point{X: rng.Float64(), Y: rng.Float64()}
	}
	_, err = Solve(many, Options{Space: sll.Euclidean()})
	require.ErrorIs(t, err, ErrTooManyTerminals)
	require.Contains(t, err.Error(), fmt.Sprintf("euclidean exact solver takes at most %d terminals", MaxEuclideanTerminals))
}

// A search stopped before it beats the heuristic returns the heuristic's
// tree (SLL with re-optimisation), never a longer one, with a bound that
// still holds: here 15 hyperbolic terminals and a search of 1 ns.
func TestStoppedSearchKeepsHeuristic(t *testing.T) {
	sp := autoSpace(t)
	pts, err := hyperbolic.SampleWrappedGaussian(rand.New(rand.NewPCG(1, 9)), 15, hyperbolic.Point{}, 0.5)
	require.NoError(t, err)
	ref, err := Solve(pts, Options{Space: sp, MaxNodes: 1})
	require.NoError(t, err)
	done, err := Solve(pts[:6], Options{Space: sp})
	require.NoError(t, err)
	require.True(t, done.Complete)
	require.Contains(t, done.Summary(), "optimal within")
	for _, opt := range []Options{{Space: sp, TimeLimit: 1}, {Space: sp, MaxNodes: 1}} {
		r, err := Solve(pts, opt)
		require.NoError(t, err)
		require.False(t, r.Complete)
		require.LessOrEqual(t, r.Tree.Length, r.Heuristic, "the stopped search returned a tree longer than the heuristic's")
		require.Equal(t, "exact", r.Tree.Solver)
		require.Equal(t, ref.Tree.Length, r.Tree.Length)
		require.LessOrEqual(t, r.LowerBound, r.Tree.Length)
		require.Positive(t, r.LowerBound)
		require.Zero(t, r.Uncertified, "the heuristic's Steiner points are certified like any other")
		require.Contains(t, r.Summary(), "not proved optimal")
		require.NotContains(t, r.Summary(), "optimal within")
	}
}

// Options.TimeLimit stops every method; the result keeps a tree no
// shorter than the optimum and a lower bound no longer than it.
func TestTimeLimit(t *testing.T) {
	sp := sll.Euclidean()
	pts, err := hyperbolic.SampleWrappedGaussian(rand.New(rand.NewPCG(5, 5)), 11, hyperbolic.Point{}, 0.5)
	require.NoError(t, err)
	full, err := Solve(pts, Options{Space: sp})
	require.NoError(t, err)
	big := readXY(t, fixture.Path(t, "estein/estein60_01.txt"))
	bigFull, err := Solve(big, Options{Space: sp})
	require.NoError(t, err)
	require.True(t, bigFull.Complete)
	for _, tc := range []struct {
		name string
		pts  []hyperbolic.Point
		opt  Options
		opt0 *Result
	}{
		{"bnb", pts, Options{Space: sp, NoHeuristic: true}, full},
		{"fst", pts, Options{Space: sp, Method: Concatenation, NoHeuristic: true}, full},
		{"efst", big, Options{Space: sp}, bigFull},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.opt.TimeLimit = 1 // nanosecond
			cut, err := Solve(tc.pts, tc.opt)
			require.NoError(t, err)
			require.False(t, cut.Complete)
			require.Equal(t, len(tc.pts), cut.Tree.Terminals)
			require.Len(t, cut.Tree.Edges, len(cut.Tree.Vertices)-1)
			require.LessOrEqual(t, cut.LowerBound, tc.opt0.Tree.Length*(1+1e-12))
			require.GreaterOrEqual(t, cut.Tree.Length, tc.opt0.Tree.Length*(1-1e-12))
			require.Positive(t, cut.LowerBound)
			require.Positive(t, cut.Gap())
		})
	}
}

// Terminals that are valid one by one but not together are input errors
// that name the terminals as a whole, not an internal error or "terminal
// -1": hyperbolic points whose Poincaré images round to one point, and
// Euclidean coordinates spanning more scales than float64 can rescale.
func TestTerminalsTogether(t *testing.T) {
	p := func(x, y float64) hyperbolic.Point { return hyperbolic.Point{X: x, Y: y} }
	for _, tc := range []struct {
		name string
		sp   sll.Space
		pts  []hyperbolic.Point
		want string
	}{
		{"subnormal hyperbolic", autoSpace(t), []hyperbolic.Point{p(5e-324, 0), p(0, 5e-324), p(-5e-324, -5e-324)}, "same rounded Poincaré image"},
		{"scales apart", sll.Euclidean(), []hyperbolic.Point{p(1e300, 0), p(-1e300, 0), p(0, 1e300), p(5e-324, 0)}, "more than float64 can scale exactly"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Solve(tc.pts, Options{Space: tc.sp})
			var pe *PointError
			require.ErrorAs(t, err, &pe)
			require.ErrorContains(t, err, tc.want)
			require.NotContains(t, err.Error(), "terminal -1")
			require.NotContains(t, err.Error(), "internal error")
		})
	}
}
