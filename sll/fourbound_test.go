package sll

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/plane"
)

// fourBoundSets are point sets for the 4-terminal rejection tests: the
// default distribution, one reaching towards the ideal boundary, uniform
// ones, a tiny cluster, and Euclidean sets.
func fourBoundSets(t *testing.T) []pointSet {
	var sets []pointSet
	for seed := uint64(1); seed <= 3; seed++ {
		for _, c := range []struct {
			sigma float64
			n     int
		}{{0.5, 4000}, {2.5, 3000}, {1e-4, 1500}} {
			pts := gaussianSample(t, seed, c.n)
			if c.sigma != 0.5 {
				var err error
				pts, err = hyperbolic.SampleWrappedGaussian(rand.New(rand.NewPCG(seed, 9)), c.n, hyperbolic.Point{}, c.sigma)
				require.NoError(t, err)
			}
			sets = append(sets, pointSet{fmt.Sprintf("hyperbolic σ=%g seed %d", c.sigma, seed), autoSpace(t), pts})
		}
		u, err := hyperbolic.SampleUniformDisk(rand.New(rand.NewPCG(seed, 10)), 3000)
		require.NoError(t, err)
		sets = append(sets, pointSet{fmt.Sprintf("hyperbolic uniform seed %d", seed), autoSpace(t), u})
		sets = append(sets, pointSet{fmt.Sprintf("euclidean seed %d", seed), Euclidean(), gaussianSample(t, seed, 3000)})
	}
	return sets
}

// Every rejected topology is one the full computation would not have
// made a candidate of, and the bound is below the length of every tree
// the solvers find — checked on every topology of every pair of
// triangles holding two MST edges, a superset of the pairs the pipeline
// tries.
func TestFourBoundAgainstFullComputation(t *testing.T) {
	for _, set := range fourBoundSets(t) {
		sp, pts := set.sp, set.pts
		b, ok := sp.Plane().(plane.FourBounder)
		require.True(t, ok)
		mesh, err := sp.Triangulate(pts)
		require.NoError(t, err)
		span := kruskal(sp, pts, mesh, 0)
		tris := mesh.Triangles
		ts := markTriangles(mesh, span, 0)
		ts.ratio = make([]float64, len(ts.marked))
		for k, ti := range ts.marked {
			// The 3-terminal ratio as the pipeline computes it, without
			// its coincidence test (more pairs).
			tr := tris[ti]
			a, b, c := pts[tr[0]], pts[tr[1]], pts[tr[2]]
			if s, st := sp.Fermat(a, b, c); st == Found {
				ts.ratio[k] = min((sp.Dist(s, a)+sp.Dist(s, b)+sp.Dist(s, c))/ts.local(ti), 1)
			}
		}
		rejected, found, nExcluded, beaten := 0, 0, 0, 0
		for _, pr := range fourPairs(ts) {
			q := pr.quad
			for _, topo := range [2][4]int32{{q[0], q[1], q[2], q[3]}, {q[0], q[2], q[1], q[3]}} {
				p := [4]hyperbolic.Point{pts[topo[0]], pts[topo[1]], pts[topo[2]], pts[topo[3]]}
				bound := b.FourBound(p[0], p[1], p[2], p[3])
				f := sp.Fermat4(p[0], p[1], p[2], p[3], pr.local)
				reject := cannotBeat(bound, pr.local, 1)
				if reject {
					rejected++
				}
				beat := cannotBeat(bound, pr.local, pr.beat)
				if beat && !reject {
					beaten++
				}
				excluded := b.FullExcluded(p[0], p[1], p[2], p[3])
				if excluded {
					nExcluded++
				}
				if f.Status != Found {
					continue
				}
				require.False(t, excluded, "%s: a topology excluded as having no full tree has one at %v: %v", set.name, p, f)
				found++
				L := sp.Dist(f.A, p[0]) + sp.Dist(f.A, p[1]) + sp.Dist(f.A, f.B) + sp.Dist(f.B, p[2]) + sp.Dist(f.B, p[3])
				require.LessOrEqual(t, bound, L*(1+2*plane.DistRelErr), "%s: bound above a tree's length at %v", set.name, p)
				require.False(t, reject && L/pr.local < 1, "%s: a rejected topology wins at %v", set.name, p)
				require.False(t, beat && L/pr.local < pr.beat, "%s: a topology skipped for its pair's 3-terminal candidate has a lower ratio at %v", set.name, p)
			}
		}
		t.Logf("%s: %d topologies rejected by length, %d more by their pair's 3-terminal candidate, %d excluded by existence, %d full trees found", set.name, rejected, beaten, nExcluded, found)
		if !strings.HasPrefix(set.name, "hyperbolic σ=0.5") {
			continue
		}
		require.Greater(t, rejected, found/4, "%s: the bound rejects little", set.name)
	}
}

// The trees do not change with the rejection.
func TestFourBoundKeepsTrees(t *testing.T) {
	defer func() { useFourBound = true }()
	for _, set := range fourBoundSets(t) {
		var trees [2]*Tree
		for i, use := range [2]bool{false, true} {
			useFourBound = use
			tr, err := Build(set.pts, Options{Space: set.sp})
			require.NoError(t, err)
			trees[i] = tr
		}
		a, b := trees[0], trees[1]
		require.Equal(t, a.Vertices, b.Vertices, set.name)
		require.Equal(t, a.Edges, b.Edges, set.name)
		require.Equal(t, a.EdgeLengths, b.EdgeLengths, set.name)
		require.Equal(t, a.Length, b.Length, set.name)
	}
}

// fourPairs lists the pairs of a selected triangle (one with a
// 3-terminal candidate: ratio3 > 0) and a neighbour, each pair once, in
// order of the marked triangles and of their sides (pairsOf).
func fourPairs(ts *triangles) []pair {
	var pairs []pair
	for k, r := range ts.ratio {
		if r > 0 {
			ps, np := ts.pairsOf(int32(k))
			pairs = append(pairs, ps[:np]...)
		}
	}
	return pairs
}
