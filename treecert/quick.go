package treecert

import (
	"math"
	"sync/atomic"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/eft"
	"github.com/hypersteiner/hypersteiner/internal/parallel"
	"github.com/hypersteiner/hypersteiner/sll"
)

// The quick length claims: a writer's check of a large tree encloses
// every edge with certify.QuickDist (float64, a running error analysis)
// instead of Geometry.Dist, and judges each stored length x against the
// enclosure [lo, hi] of its exact value ℓ in the strict form
//
//	hi·(1 − tol) ≤ x ≤ lo·(1 + tol),   tol = LengthRelTol,
//
// which proves |x − ℓ| ≤ tol·ℓ (as lo ≤ ℓ ≤ hi) and implies the test
// within applies to any enclosure of ℓ (x ∈ [lo′(1 − tol) − k·2⁻¹⁰⁷⁴,
// hi′(1 + tol) + k·2⁻¹⁰⁷⁴] for all lo′ ≤ ℓ ≤ hi′). So a claim the quick
// path passes, Check's full path passes too; whatever the quick path
// cannot pass (an enclosure it does not have, a claim it cannot prove in
// the strict form) goes to the full path, which decides as before. The
// strict form costs nothing in practice: the enclosures are tighter than
// 2⁻⁴⁶ relative, and the stored lengths are within a few ulps.
//
// In the hyperbolic plane, where the stored length x is there, the
// enclosure is first [x(1 − 2⁻⁴⁵), x(1 + 2⁻⁴⁵)] when certify.HyperbolicLengthQuick proves
// it (no asinh: sinh² of both sides compared); most edges at a Steiner
// point are proved so in the Steiner pass, whose neighbours are then at
// hand (edgeBounds).

// quickLengthsApply reports whether Check takes the quick path of the
// length claims.
func quickLengthsApply(g certify.Geometry, opt Options) bool {
	_, ok := g.(certify.QuickDist)
	return ok && opt.Verdicts && opt.Prec <= 53
}

// edgeBounds are quick enclosures [lo[k], hi[k]] of edge lengths proved
// before quickLengths runs; done[k] says which.
type edgeBounds struct {
	lo, hi []float64
	done   []bool
}

func newEdgeBounds(m int) *edgeBounds {
	return &edgeBounds{lo: make([]float64, m), hi: make([]float64, m), done: make([]bool, m)}
}

// steinerEdges tries certify.HyperbolicLengthQuick on the edges of the Steiner point v to a
// terminal or to a Steiner point of smaller index, so that each edge is
// tried once (and written by one worker).
func (pre *edgeBounds) steinerEdges(t *sll.Tree, c Claims, adj graph, v int) {
	nb, es := adj.of(v), adj.edgesOf(v)
	for i, u := range nb {
		if int(u) >= v {
			continue
		}
		k := es[i]
		e := t.Edges[k]
		a, b := t.Vertices[e[0]], t.Vertices[e[1]]
		pre.lo[k], pre.hi[k], pre.done[k] = certify.HyperbolicLengthQuick(a, b, c.EdgeLengths[k])
	}
}

// quickLengths reports whether every stored edge length and the stored
// total pass the strict test on quick enclosures (Geometry.Dist's, in
// float64, for the few edges QuickDist declines; pre's, where it has
// them); false decides nothing.
func quickLengths(g certify.Geometry, q certify.QuickDist, t *sll.Tree, c Claims, workers int, report func(int), pre *edgeBounds) bool {
	m := len(t.Edges)
	var lo, hi []float64
	if pre != nil {
		lo, hi = pre.lo, pre.hi
	} else {
		lo, hi = make([]float64, m), make([]float64, m)
	}
	scratch := make([]certify.Interval, parallel.Workers(workers))
	var failed atomic.Bool
	hyp := g == certify.HyperbolicGeometry && c.EdgeLengths != nil
	parallel.Blocks(m, workers, func(w, first, end int) {
		if failed.Load() {
			return
		}
		// The ends lie scattered: load a block's first.
		var ends [parallel.Chunk][2]hyperbolic.Point
		for k := first; k < end; k++ {
			if pre == nil || !pre.done[k] {
				e := t.Edges[k]
				ends[k-first] = [2]hyperbolic.Point{t.Vertices[e[0]], t.Vertices[e[1]]}
			}
		}
		for k := first; k < end; k++ {
			if pre != nil && pre.done[k] {
				if !strictlyWithin(c.EdgeLengths[k], lo[k], hi[k]) {
					failed.Store(true)
					return
				}
				continue
			}
			a, b := ends[k-first][0], ends[k-first][1]
			var d certify.Interval64
			ok := false
			if hyp {
				d.Lo, d.Hi, ok = certify.HyperbolicLengthQuick(a, b, c.EdgeLengths[k])
			}
			if !ok {
				d, ok = q.DistQuick(a, b)
			}
			if !ok {
				z, err := g.Dist(&scratch[w], a, b, 53)
				d, ok = z.Interval64(), err == nil
			}
			if !ok || (c.EdgeLengths != nil && !strictlyWithin(c.EdgeLengths[k], d.Lo, d.Hi)) {
				failed.Store(true)
				return
			}
			lo[k], hi[k] = d.Lo, d.Hi
		}
	}, report)
	if failed.Load() {
		return false
	}
	if c.Length == nil {
		return true
	}
	l, _ := sumBounds(lo)
	_, h := sumBounds(hi)
	return strictlyWithin(*c.Length, l, h)
}

// strictlyWithin reports hi·(1 − tol) ≤ x ≤ lo·(1 + tol), or x = 0 for
// lo = hi = 0, decided in float64: with t = tol·63/64 and f = fl(1 ∓ t),
// fl(hi·f) ≥ hi·(1 − t)·(1 − u)² ≥ hi·(1 − t − 2u) ≥ hi·(1 − tol), as
// tol/64 > 2u, and likewise above; below 2⁻¹⁰⁰⁰, where products may
// underflow, it answers false.
func strictlyWithin(x, lo, hi float64) bool {
	if lo == 0 && hi == 0 {
		return x == 0
	}
	if !(lo >= 0x1p-1000) || math.IsInf(hi, 0) {
		return false
	}
	const t = LengthRelTol * 63 / 64
	return x >= hi*(1-t) && x <= lo*(1+t)
}

// sumBounds returns lower and upper bounds of the exact sum of the
// non-negative xs. The sum is accumulated with TwoSum, so that Σx = s +
// Σeᵢ exactly; the errors eᵢ are summed in float64 (c), within
// γₙ·Σ|eᵢ| ≤ 1.01·n·u·E of their exact sum (E their computed absolute
// sum, n·u ≪ 1); S = fl(s + c) is within u·|S| of s + c. The bounds
// S·(1 ∓ 4u) ∓ 2B, B = 1.01·n·u·E, computed in round-to-nearest, hold
// those with room for their own rounding.
func sumBounds(xs []float64) (lo, hi float64) {
	const u = 0x1p-53
	var s, c, e float64
	for _, x := range xs {
		var err float64
		s, err = eft.TwoSum(s, x)
		c += err
		e += math.Abs(err)
	}
	S := s + c
	b := 2 * 1.01 * float64(len(xs)) * u * e
	return S*(1-4*u) - b, S*(1+4*u) + b
}
