package exact

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/sll"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// splits returns the topology of nd restricted to the terminals in keep
// (a bit mask): for each edge, the terminals of keep on the side without
// the lowest terminal of keep, leaving out the trivial splits (one
// terminal or all but one). Two full topologies on keep are the same
// exactly when their sets of splits are.
func splits(nd *node, n int, keep uint64) []uint64 {
	nv := n + len(nd.st)
	adj := make([][]int32, nv)
	for _, e := range nd.edges {
		adj[e[0]] = append(adj[e[0]], e[1])
		adj[e[1]] = append(adj[e[1]], e[0])
	}
	low := uint64(1) << bits.TrailingZeros64(keep)
	size := bits.OnesCount64(keep)
	var out []uint64
	for _, e := range nd.edges {
		// The terminals reached from e[1] without crossing e.
		var side uint64
		seen := map[int32]bool{e[0]: true, e[1]: true}
		stack := []int32{e[1]}
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if int(v) < n {
				side |= 1 << v
			}
			for _, w := range adj[v] {
				if !seen[w] {
					seen[w] = true
					stack = append(stack, w)
				}
			}
		}
		side &= keep
		if side&low != 0 {
			side = keep &^ side
		}
		if c := bits.OnesCount64(side); c >= 2 && c <= size-2 && !slices.Contains(out, side) {
			out = append(out, side)
		}
	}
	slices.Sort(out)
	return out
}

// TestInheritEdgeMap checks inherit's edge map against its claim: with
// another terminal t inserted into an edge e' of a child c, deleting c's
// own new leaf gives the parent with t in an edge e; inherit must let
// through, of an edge set of the parent, exactly the e' whose e is in it.
func TestInheritEdgeMap(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(5, 12).Draw(rt, "n")
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(rt, "seed"), 3))
		pts, err := hyperbolic.SampleWrappedGaussian(rng, n, hyperbolic.Point{}, 0.7)
		require.NoError(t, err)
		g, err := newGeom(autoSpace(t))
		require.NoError(t, err)
		s := &solver{g: g, term: pts, ub: math.Inf(1), lbMin: math.Inf(1)}
		perm := rng.Perm(n)
		for _, v := range perm {
			s.ord = append(s.ord, int32(v))
		}
		nn := int32(n)
		o := s.ord
		p := &node{ord: slices.Clone(o[:3]), edges: [][2]int32{{o[0], nn}, {o[1], nn}, {o[2], nn}}, nbr: [][3]int32{{o[0], o[1], o[2]}}, st: []hyperbolic.Point{pts[o[0]]}}
		// A random parent on the first j terminals of ord.
		j := rapid.IntRange(3, n-2).Draw(rt, "j")
		for len(p.ord) < j {
			t := o[len(p.ord)]
			p = s.child(p, rapid.IntRange(0, len(p.edges)-1).Draw(rt, "e"), t, append(slices.Clone(p.ord), t))
		}
		chosen, other := o[j], o[j+1]
		at := rapid.IntRange(0, len(p.edges)-1).Draw(rt, "at")
		c := s.child(p, at, chosen, append(slices.Clone(p.ord), chosen))
		c.at = at
		alive := make([]uint64, n)
		// Bits above the parent's edges are noise, as after ^0 at the root.
		alive[other] = rapid.Uint64().Draw(rt, "alive")
		s.inherit(p, []*node{c}, []int32{chosen, other}, chosen, alive)

		var keepP uint64
		for _, v := range p.ord {
			keepP |= 1 << v
		}
		keepP |= 1 << other
		for e2 := range c.edges {
			x := s.child(c, e2, other, append(slices.Clone(c.ord), other))
			image := -1
			for e := range p.edges {
				y := s.child(p, e, other, append(slices.Clone(p.ord), other))
				if slices.Equal(splits(x, n, keepP), splits(y, n, keepP)) {
					require.Equal(t, -1, image, "two images")
					image = e
				}
			}
			require.NotEqual(t, -1, image, "no image")
			require.Equal(t, alive[other]>>image&1, c.allow[other]>>e2&1, "edge %d of the child, image %d", e2, image)
		}
	})
}

// TestStrongMatchesStatic solves random instances with both terminal
// orders, with and without the heuristic's incumbent: the same length,
// and strong branching discards topologies by inheritance.
func TestStrongMatchesStatic(t *testing.T) {
	spaces := []struct {
		name string
		sp   sll.Space
	}{{"hyperbolic", autoSpace(t)}, {"euclidean", sll.Euclidean()}}
	inherited := 0
	for _, sp := range spaces {
		for seed := uint64(1); seed <= 6; seed++ {
			n := 6 + int(seed%4)
			pts, err := hyperbolic.SampleWrappedGaussian(rand.New(rand.NewPCG(seed, 41)), n, hyperbolic.Point{}, 0.6)
			require.NoError(t, err)
			noHeur := seed%2 == 0
			strong, err := Solve(pts, Options{Space: sp.sp, NoHeuristic: noHeur, NoCertify: true})
			require.NoError(t, err)
			static, err := Solve(pts, Options{Space: sp.sp, NoHeuristic: noHeur, NoCertify: true, StaticOrder: true})
			require.NoError(t, err)
			require.True(t, strong.Complete && static.Complete)
			require.InEpsilon(t, static.Tree.Length, strong.Tree.Length, 1e-12, "%s seed %d", sp.name, seed)
			require.Zero(t, static.Inherited)
			inherited += strong.Inherited
			if n <= 7 {
				bf, _ := bruteForce(t, sp.sp, pts)
				require.InEpsilon(t, bf, strong.Tree.Length, 1e-12, "%s seed %d", sp.name, seed)
			}
		}
	}
	require.Positive(t, inherited)
}

// The search keeps one bit per edge of a full topology (2n − 3 edges) in
// a uint64: every size Solve's branch and bound accepts must fit.
func TestEdgeMaskFits(t *testing.T) {
	for _, n := range []int{MaxHyperbolicTerminals, MaxTerminals} {
		require.LessOrEqual(t, 2*n-3, 64, "n = %d", n)
	}
}
