package fstcat

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/hypersteiner/hypersteiner/internal/unionfind"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// bruteForce returns the least length of a spanning tree made of p's FSTs
// (+Inf when there is none) by trying every subset.
func bruteForce(p Problem) float64 {
	best := math.Inf(1)
	m := len(p.FSTs)
	var uf unionfind.Forest
	for mask := 0; mask < 1<<m; mask++ {
		uf.Reset(p.N)
		edges, length, ok := 0, 0.0, true
		for j := 0; j < m && ok; j++ {
			if mask>>j&1 == 0 {
				continue
			}
			f := p.FSTs[j].Terminals
			for _, t := range f[1:] {
				if !uf.Union(int32(f[0]), int32(t)) {
					ok = false
					break
				}
				edges++
			}
			length += p.FSTs[j].Length
		}
		if ok && edges == p.N-1 {
			best = min(best, length)
		}
	}
	return best
}

func checkTree(t *testing.T, p Problem, r *Result) {
	t.Helper()
	var uf unionfind.Forest
	uf.Reset(p.N)
	edges := 0
	sum := 0.0
	for _, j := range r.Chosen {
		f := p.FSTs[j].Terminals
		for _, u := range f[1:] {
			require.True(t, uf.Union(int32(f[0]), int32(u)), "cycle through FST %d", j)
			edges++
		}
		sum += p.FSTs[j].Length
	}
	require.Equal(t, p.N-1, edges)
	require.InDelta(t, sum, r.Length, 1e-12*sum)
	require.LessOrEqual(t, r.LowerBound, r.Length)
}

func fst(l float64, ts ...int) FST { return FST{Terminals: ts, Length: l} }

// Hand-made hypergraphs with known optima.
func TestSolveHandMade(t *testing.T) {
	tests := []struct {
		name   string
		p      Problem
		want   float64
		chosen []int
	}{
		{"single terminal", Problem{N: 1}, 0, []int{}},
		{"one pair", Problem{N: 2, FSTs: []FST{fst(3, 0, 1)}}, 3, []int{0}},
		{"triangle of pairs", Problem{N: 3, FSTs: []FST{fst(1, 0, 1), fst(2, 1, 2), fst(1.5, 0, 2)}}, 2.5, []int{0, 2}},
		{"full tree beats pairs", Problem{N: 3, FSTs: []FST{fst(1, 0, 1), fst(1, 1, 2), fst(1, 0, 2), fst(1.9, 0, 1, 2)}}, 1.9, []int{3}},
		{"pairs beat full tree", Problem{N: 3, FSTs: []FST{fst(1, 0, 1), fst(1, 1, 2), fst(1, 0, 2), fst(2.1, 0, 1, 2)}}, 2, nil},
		// Three triples pairwise sharing one terminal around a centre-less
		// triangle of six terminals: the LP optimum without SECs takes
		// every triple at 1/2 … the SECs and branching must sort it out.
		{"overlapping triples", Problem{N: 4, FSTs: []FST{
			fst(2, 0, 1, 2), fst(2, 1, 2, 3), fst(2, 0, 2, 3), fst(2, 0, 1, 3),
			fst(1.5, 0, 1), fst(1.5, 2, 3),
		}}, 3.5, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Solve(tc.p, Options{})
			require.NoError(t, err)
			require.Equal(t, Optimal, r.Status)
			require.InDelta(t, tc.want, r.Length, 1e-12)
			require.InDelta(t, tc.want, r.LowerBound, 1e-9*max(tc.want, 1))
			if tc.chosen != nil {
				require.Equal(t, tc.chosen, r.Chosen)
			}
			checkTree(t, tc.p, r)
			require.InDelta(t, bruteForce(tc.p), tc.want, 1e-12)
		})
	}
}

// A hypergraph whose LP relaxation is fractional even with every SEC: the
// three triples through terminal 0 at x = 1/2 each satisfy the degree
// equation, every cutset and every SEC at cost 3 (one per unit of degree,
// the least possible), while the best tree is a triple and a pair, 3.5.
func TestSolveNeedsBranching(t *testing.T) {
	p := Problem{N: 4, FSTs: []FST{
		fst(2, 0, 1, 2), fst(2, 0, 1, 3), fst(2, 0, 2, 3),
		fst(1.5, 0, 1), fst(1.5, 0, 2), fst(1.5, 0, 3), fst(1.5, 1, 2), fst(1.5, 1, 3), fst(1.5, 2, 3),
	}}
	r, err := Solve(p, Options{})
	require.NoError(t, err)
	require.Equal(t, Optimal, r.Status)
	require.InDelta(t, 3.5, r.Length, 1e-12)
	require.InDelta(t, bruteForce(p), r.Length, 1e-12)
	checkTree(t, p, r)
	require.InDelta(t, 3, r.RootBound, 1e-12)
	require.Greater(t, r.Nodes, 1)
}

// A support that is disconnected at the first LP needs subtour cuts: two
// cheap triangles of pairs far apart joined by one expensive pair.
func TestSolveNeedsCuts(t *testing.T) {
	p := Problem{N: 6, FSTs: []FST{
		fst(1, 0, 1), fst(1, 1, 2), fst(1, 0, 2),
		fst(1, 3, 4), fst(1, 4, 5), fst(1, 3, 5),
		fst(10, 2, 3),
	}}
	r, err := Solve(p, Options{})
	require.NoError(t, err)
	require.Equal(t, Optimal, r.Status)
	require.InDelta(t, 14, r.Length, 1e-12)
	require.Greater(t, r.Cuts, 0)
	checkTree(t, p, r)
}

func TestSolveInfeasible(t *testing.T) {
	// Connected but no spanning tree: {0,1,2} and {1,2,3} share two.
	p := Problem{N: 4, FSTs: []FST{fst(1, 0, 1, 2), fst(1, 1, 2, 3)}}
	r, err := Solve(p, Options{})
	require.NoError(t, err)
	require.Equal(t, Infeasible, r.Status)
	require.Nil(t, r.Chosen)
	// A terminal no FST touches.
	r, err = Solve(Problem{N: 3, FSTs: []FST{fst(1, 0, 1)}}, Options{})
	require.NoError(t, err)
	require.Equal(t, Infeasible, r.Status)
}

func TestSolveBadInput(t *testing.T) {
	for _, p := range []Problem{
		{N: 0},
		{N: 2, FSTs: []FST{fst(1, 0)}},
		{N: 2, FSTs: []FST{fst(1, 0, 2)}},
		{N: 2, FSTs: []FST{fst(1, 0, 0)}},
		{N: 2, FSTs: []FST{fst(math.NaN(), 0, 1)}},
		{N: 2, FSTs: []FST{fst(-1, 0, 1)}},
		{N: 2, FSTs: []FST{{Terminals: []int{0, 1}, Length: 2, Lo: 2.5, Hi: 3}}},
	} {
		_, err := Solve(p, Options{})
		require.ErrorIs(t, err, ErrProblem, "%+v", p)
	}
}

// Random small hypergraphs against brute force.
func TestSolveRandom(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(2, 7).Draw(rt, "n")
		m := rapid.IntRange(1, 13).Draw(rt, "m")
		p := Problem{N: n}
		for k := range m {
			size := rapid.IntRange(2, min(n, 4)).Draw(rt, "size")
			perm := rapid.Permutation(seq(n)).Draw(rt, "perm")
			ts := slices.Clone(perm[:size])
			l := float64(rapid.IntRange(1, 40).Draw(rt, "len")) / 8
			// Lengths with a little irrational noise, some with enclosures.
			l += float64(k) * 1e-3 * math.Sqrt2
			f := FST{Terminals: ts, Length: l}
			if k%3 == 0 {
				f.Lo, f.Hi = l*(1-1e-14), l*(1+1e-14)
			}
			p.FSTs = append(p.FSTs, f)
		}
		want := bruteForce(p)
		r, err := Solve(p, Options{})
		require.NoError(rt, err)
		if math.IsInf(want, 1) {
			require.Equal(rt, Infeasible, r.Status)
			return
		}
		require.Equal(rt, Optimal, r.Status)
		require.InDelta(rt, want, r.Length, 1e-12*want)
		require.LessOrEqual(rt, r.LowerBound, want*(1+1e-13))
		require.LessOrEqual(rt, r.Gap(), DefaultRelGap*1.01)
		var uf unionfind.Forest
		uf.Reset(n)
		for _, j := range r.Chosen {
			f := p.FSTs[j].Terminals
			for _, u := range f[1:] {
				require.True(rt, uf.Union(int32(f[0]), int32(u)))
			}
		}
	})
}

func seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

// hardProblem is a random hypergraph whose LP relaxation is far from
// integral: all triples of n terminals drawn at random with costs close to
// those of pairs.
func hardProblem(seed uint64, n, m int) Problem {
	rng := rand.New(rand.NewPCG(seed, 3))
	p := Problem{N: n}
	for a := 0; a+1 < n; a++ {
		p.FSTs = append(p.FSTs, fst(1+rng.Float64(), a, a+1))
	}
	for range m {
		perm := rng.Perm(n)
		p.FSTs = append(p.FSTs, fst(1.2+0.6*rng.Float64(), perm[:3]...))
	}
	return p
}

// Stopped early by a node or time limit, Solve still returns a spanning
// tree and a lower bound that holds.
func TestSolveLimits(t *testing.T) {
	p := hardProblem(1, 16, 30)
	full, err := Solve(p, Options{})
	require.NoError(t, err)
	require.Equal(t, Optimal, full.Status)
	checkTree(t, p, full)
	t.Logf("full: %d nodes, root %.6f, optimum %.6f", full.Nodes, full.RootBound, full.Length)
	require.Greater(t, full.Nodes, 3, "the instance should need branching")

	var calls, last int
	r, err := Solve(p, Options{MaxNodes: 3, Progress: func(pr Progress) {
		calls++
		require.GreaterOrEqual(t, pr.Nodes, last)
		require.LessOrEqual(t, pr.LowerBound, pr.UpperBound)
		last = pr.Nodes
	}})
	require.NoError(t, err)
	require.Equal(t, NodeLimit, r.Status)
	require.Equal(t, 3, r.Nodes)
	require.Equal(t, 3, calls)
	require.LessOrEqual(t, r.LowerBound, full.Length)
	require.GreaterOrEqual(t, r.Length, full.Length*(1-1e-12))
	checkTree(t, p, r)

	r, err = Solve(p, Options{TimeLimit: time.Nanosecond})
	require.NoError(t, err)
	require.Equal(t, TimeLimit, r.Status)
	require.LessOrEqual(t, r.LowerBound, full.Length)
	require.NotNil(t, r.Chosen, "the greedy tree")
	checkTree(t, p, r)
}
