package sll

// settleUlps scales the chart's resolution in agrees: two computations of
// one Steiner point agree when they are this many units of roundoff apart.
const settleUlps = 16

// settleMaxSweeps caps the settling sweeps.
const settleMaxSweeps = 200

// settle moves every Steiner point of t to the Fermat point of its three
// neighbours, with a worklist (a point is revisited when a neighbour
// moved), until no point moves by more than two ulps of its coordinates (the noise of a Fermat solve).
// Each move minimises the tree's length exactly in one point — a descent
// step of a convex function — so settling converges to the positions a
// certifier accepts: every Steiner point the strategy's answer for its
// neighbours. Points whose neighbours have no Fermat point stay. The edge
// lengths and the total are recomputed. It returns the number of Steiner
// points that did not settle within settleMaxSweeps.
func settle(t *Tree, sp Space) int {
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
	var work, next []int
	for v := t.Terminals; v < n; v++ {
		if deg[v] == 3 {
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
			if st != Found {
				continue
			}
			old := t.Vertices[v]
			t.Vertices[v] = s
			if sameToUlps(s, old) {
				continue
			}
			for _, w := range adj[v] {
				if w >= t.Terminals && deg[w] == 3 && !queued[w] {
					queued[w] = true
					next = append(next, w)
				}
			}
		}
		work, next = next, work
	}
	t.Measure(sp)
	return len(work)
}
