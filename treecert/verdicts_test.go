package treecert_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/sll"
	"github.com/hypersteiner/hypersteiner/treecert"
)

// verdictTrees are trees of both planes at several scales: in the disk's
// interior, reaching towards the ideal boundary, and Euclidean trees tiny
// and huge (stored at the input's scale).
func verdictTrees(t *testing.T) map[string]*sll.Tree {
	trees := map[string]*sll.Tree{}
	for _, c := range []struct {
		name  string
		sigma float64
		sp    sll.Space
		scale float64
	}{
		{"hyperbolic σ=0.7", 0.7, nil, 1},
		{"hyperbolic σ=2.5", 2.5, nil, 1},
		{"euclidean", 0.7, sll.Euclidean(), 1},
		{"euclidean 2^-700", 0.7, sll.Euclidean(), 0x1p-700},
		{"euclidean 2^600", 0.7, sll.Euclidean(), 0x1p600},
	} {
		pts, err := hyperbolic.SampleWrappedGaussian(rand.New(rand.NewPCG(5, 6)), 150, hyperbolic.Point{}, c.sigma)
		require.NoError(t, err)
		for i := range pts {
			pts[i].X *= c.scale
			pts[i].Y *= c.scale
		}
		tree, err := sll.Build(pts, sll.Options{Space: c.sp})
		require.NoError(t, err)
		require.Greater(t, tree.SteinerPoints(), 10, c.name)
		trees[c.name] = tree
	}
	return trees
}

// verdictsOf is what Options.Verdicts keeps of a report: the verdict on
// every claim and every Steiner point, and every failure.
func verdictsOf(r *treecert.Report) string {
	s := fmt.Sprintf("ok=%v tree=%v steiner=%d/%d/%d/%d/%d failures=%v\n", r.OK, r.IsTree,
		r.Steiner.Count, r.Steiner.Certified, r.Steiner.Relaxed, r.Steiner.Declared, r.Steiner.Failed, r.Failures)
	for _, c := range r.Claims {
		s += fmt.Sprintf("claim %s %v %s\n", c.Name, c.OK, c.Message)
	}
	for _, p := range r.SteinerPoints {
		s += fmt.Sprintf("point %d %s %s\n", p.Vertex, p.Status, p.Message)
	}
	return s
}

// Options.Verdicts decides every claim as the full check does — on
// trees as built and on trees whose stored numbers are moved by amounts
// around the tolerance, where the quick length path must hand over to
// the full one.
func TestVerdictsAgreeWithFullCheck(t *testing.T) {
	for name, tree := range verdictTrees(t) {
		cases := map[string]func(tr *sll.Tree){"as built": func(*sll.Tree) {}}
		for _, rel := range []float64{-2e-13, -1.2e-13, -9e-14, -5e-14, 3e-14, 8e-14, 1.05e-13, 1.5e-13, 1e-9} {
			cases[fmt.Sprintf("length ×(1%+g)", rel)] = func(tr *sll.Tree) { tr.Length *= 1 + rel }
			cases[fmt.Sprintf("edge 7 ×(1%+g)", rel)] = func(tr *sll.Tree) { tr.EdgeLengths[7] *= 1 + rel }
		}
		cases["every edge one ulp up"] = func(tr *sll.Tree) {
			for k, l := range tr.EdgeLengths {
				tr.EdgeLengths[k] = math.Nextafter(l, math.Inf(1))
			}
		}
		cases["edge 3 zero"] = func(tr *sll.Tree) { tr.EdgeLengths[3] = 0 }
		cases["moved Steiner point"] = func(tr *sll.Tree) { tr.Vertices[tr.Terminals+2].X += 1e-9 * math.Abs(tr.Vertices[0].X) }
		cases["declared unproved"] = func(tr *sll.Tree) {
			tr.Unproved = []sll.Unproved{{Vertex: tr.Terminals + 1, Reason: "test"}}
		}
		cases["declared radius"] = func(tr *sll.Tree) {
			tr.Unproved = []sll.Unproved{{Vertex: tr.Terminals, Radius: 1e-3 * math.Abs(tr.Vertices[0].X), Reason: "test"}}
		}
		for what, tamper := range cases {
			tr := *tree
			tr.Vertices = slices.Clone(tree.Vertices)
			tr.EdgeLengths = slices.Clone(tree.EdgeLengths)
			tamper(&tr)
			full, err := treecert.Check(&tr, treecert.ClaimsOf(&tr), treecert.Options{SkipAngles: true})
			require.NoError(t, err)
			quick, err := treecert.Check(&tr, treecert.ClaimsOf(&tr), treecert.Options{SkipAngles: true, Verdicts: true})
			require.NoError(t, err)
			require.Equal(t, verdictsOf(full), verdictsOf(quick), "%s, %s", name, what)
		}
	}
}
