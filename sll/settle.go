package sll

import (
	"math"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/fsum"
)

// settleMaxSweeps caps the settling sweeps.
const settleMaxSweeps = 200

// settleTol is how close, relative to the size of its neighbours'
// triangle, a Steiner point must be to the Fermat strategy's answer to be
// left where it is: a hundredth of the certifier's default tolerance
// (certify.DefaultFermatTol = 1e-10), so that a point left in place is
// certified with room to spare, while the places of Newton's joint solve
// of a component are kept rather than replaced by noise-level answers
// that would set its neighbours moving again.
const settleTol = 1e-12

// settle brings every Steiner point of t to the Fermat point of its three
// neighbours, with a worklist (a point is revisited when a neighbour
// moved): a point farther than settleTol·size (or two ulps) from the
// strategy's answer for its neighbours moves there. Each move minimises
// the tree's length exactly in one point — a descent step of a convex
// function — so settling converges to positions a certifier accepts.
// Points whose neighbours have no Fermat point stay. The changed edge
// lengths and the total are recomputed. It returns the number of Steiner
// points still to settle after settleMaxSweeps. With start non-nil, only
// those Steiner points (and, as they move, their neighbours) are visited:
// the others are known to be settled already.
func settle(t *Tree, sp Space, start []int) int {
	n := len(t.Vertices)
	adj := make([][3]int, n)
	deg := make([]int, n)
	for _, e := range t.Edges {
		for _, d := range [2][2]int{{e[0], e[1]}, {e[1], e[0]}} {
			if d[0] >= t.Terminals && deg[d[0]] < 3 {
				adj[d[0]][deg[d[0]]] = d[1]
			}
			deg[d[0]]++
		}
	}
	queued := make([]bool, n)
	moved := make([]bool, n)
	var work, next []int
	if start == nil {
		for v := t.Terminals; v < n; v++ {
			start = append(start, v)
		}
	}
	for _, v := range start {
		if v >= t.Terminals && v < n && deg[v] == 3 && !queued[v] {
			work = append(work, v)
			queued[v] = true
		}
	}
	for sweep := 0; sweep < settleMaxSweeps && len(work) > 0; sweep++ {
		next = next[:0]
		for _, v := range work {
			queued[v] = false
		}
		for _, v := range work {
			a, b, c := t.Vertices[adj[v][0]], t.Vertices[adj[v][1]], t.Vertices[adj[v][2]]
			s, st := sp.Fermat(a, b, c)
			if st != Found || closeToFermat(t.Vertices[v], s, a, b, c) {
				continue
			}
			t.Vertices[v] = s
			moved[v] = true
			for _, w := range adj[v] {
				if w >= t.Terminals && deg[w] == 3 && !queued[w] {
					queued[w] = true
					next = append(next, w)
				}
			}
		}
		work, next = next, work
	}
	// Only the edges of moved points change length.
	if len(t.EdgeLengths) != len(t.Edges) {
		t.Measure(sp)
		return len(work)
	}
	for i, e := range t.Edges {
		if moved[e[0]] || moved[e[1]] {
			t.EdgeLengths[i] = sp.Dist(t.Vertices[e[0]], t.Vertices[e[1]])
		}
	}
	t.Length = fsum.Sum(t.EdgeLengths)
	return len(work)
}

// closeToFermat reports whether p is within settleTol times the size of
// the triangle (a, b, c) — its largest coordinate difference, as the
// certifier measures it — or two ulps, of s, the triangle's Fermat point.
func closeToFermat(p, s, a, b, c hyperbolic.Point) bool {
	if sameToUlps(p, s) {
		return true
	}
	size := max(math.Abs(a.X-b.X), math.Abs(a.Y-b.Y), math.Abs(a.X-c.X), math.Abs(a.Y-c.Y),
		math.Abs(b.X-c.X), math.Abs(b.Y-c.Y))
	return max(math.Abs(p.X-s.X), math.Abs(p.Y-s.Y)) <= settleTol*size
}

// Settle moves every Steiner point of t (degree 3) to the Fermat point of
// its three neighbours, by the space's strategy, until the points agree
// with the strategy's answers to rounding, and recomputes the edge
// lengths and the total. A point whose neighbours have no Fermat point
// stays. It returns the number of Steiner points that had not settled
// after the sweeps' cap (0 normally).
func Settle(t *Tree, sp Space) int { return settle(t, sp, nil) }
