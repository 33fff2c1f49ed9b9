package efst

// wedge examines the terminals that may continue the tree beyond k's
// Steiner point S. Seen from S, the rest of any full Steiner tree through
// k lies in the 120° wedge W(S) centred on the third edge (its edges turn
// by ±60° only); following the turns back towards that edge reaches a
// terminal in each half of W(S). So a tree through k has a terminal in
// the region swept by W(S) for S on the feasible arc — beyond the lines
// from a through the arc's b-side end and from b through its a-side end —
// and either a terminal in the middle part (the cone from E through the
// arc), or terminals on both sides of it, if k is to grow into a larger
// equilateral point. Each tree is generated once, from its terminal of
// largest index as the third neighbour of the Steiner point next to it:
// each terminal t in the middle part with index above every terminal of k
// is offered, giving the tree (t, k); so k may grow only if it does not
// hold the last terminal. wedge returns whether k may be extended.
func (g *gen) wedge(ki int32) bool {
	k := &g.eq[ki]
	A, B := g.ends(k)
	xl, xh := g.arcPoint(k, k.lo), g.arcPoint(k, k.hi)
	maxT := k.terms[len(k.terms)-1]
	var mid, low, high int
	lo, hi := k.lo, k.hi
	C, r2 := k.C, k.r2
	for t := range int32(g.n) {
		if g.inK(ki, t) {
			continue
		}
		p := g.rel(t, k.o)
		if orient(A, xh, p).hi < 0 || orient(B, xl, p).lo > 0 {
			continue
		}
		l := g.lam(&g.eq[ki], p)
		if l.lo < lo {
			low++
		}
		if l.hi > hi {
			high++
		}
		if l.hi < lo || l.lo > hi {
			continue
		}
		mid++
		if t < maxT || dist2(p, C).hi <= r2.lo {
			continue
		}
		g.candidate(t, ki)
	}
	// An equilateral point holding the last terminal can neither give a
	// tree (its root would need a larger index) nor grow into one that
	// does.
	if maxT == int32(g.n-1) {
		return false
	}
	return mid >= 2 || (mid >= 1 && low+high >= 1) || (low >= 1 && high >= 1)
}

// inK reports whether terminal t belongs to equilateral point k.
func (g *gen) inK(k, t int32) bool {
	ts := g.eq[k].terms
	lo, hi := 0, len(ts)
	for lo < hi {
		m := (lo + hi) / 2
		if ts[m] < t {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo < len(ts) && ts[lo] == t
}

// candidate builds the tree joining terminal t to equilateral point k,
// decides its validity (exactly where intervals cannot), applies the
// tests on the whole tree and saves it.
func (g *gen) candidate(t, k int32) {
	g.stats.Candidates++
	b := g.build(t, k)
	if b.outside || b.valid < 0 {
		return
	}
	exact := false
	if b.valid == 0 {
		g.stats.Exact++
		if !g.exactBuild(t, k).valid {
			return
		}
		exact = true
	}
	L := dist(g.rel(t, g.eq[k].o), g.eq[k].E)
	terms := b.terminals()
	if L.lo > g.mst.bmst(terms) {
		return
	}
	if !g.edgeTests(b) {
		return
	}
	g.save(b, terms, L, exact, t, k)
}

// edgeTests applies the bottleneck and lune tests to every edge: an edge
// of an SMT is no longer than the bottleneck distance of any two terminals
// it separates, and no terminal lies strictly inside its lune. A tree is
// rejected only when a test is proved to fail.
func (g *gen) edgeTests(b *fstBuild) bool {
	nv := len(b.verts)
	adj := make([][]int32, nv)
	for _, e := range b.edges {
		adj[e[0]] = append(adj[e[0]], e[1])
		adj[e[1]] = append(adj[e[1]], e[0])
	}
	side := make([]bool, nv)
	for _, e := range b.edges {
		p, q := b.point(e[0]), b.point(e[1])
		d2 := dist2(p, q)
		// Bottleneck: terminals on e[1]'s side against the others.
		clear(side)
		var walk func(v, from int32)
		walk = func(v, from int32) {
			side[v] = true
			for _, w := range adj[v] {
				if w != from {
					walk(w, v)
				}
			}
		}
		walk(e[1], e[0])
		bmin := -1.0
		for u := range nv {
			tu := b.verts[u]
			if tu < 0 || !side[u] {
				continue
			}
			for v := range nv {
				tv := b.verts[v]
				if tv < 0 || side[v] {
					continue
				}
				if x := g.mst.bsd(tu, tv); bmin < 0 || x < bmin {
					bmin = x
				}
			}
		}
		if bmin >= 0 && d2.lo > pt(bmin).sqr().hi {
			return false
		}
		// Lune.
		rad := d2.sqrt().hi
		px, py := g.abs(p, b.o).mid()
		var inLune bool
		g.tgrid.query([4]float64{px - rad, px + rad, py - rad, py + rad}, func(r int32) {
			if inLune || r == b.verts[e[0]] || r == b.verts[e[1]] {
				return
			}
			rp := g.rel(r, b.o)
			if dist2(rp, p).hi < d2.lo && dist2(rp, q).hi < d2.lo {
				inLune = true
			}
		})
		if inLune {
			return false
		}
	}
	return true
}

// save records a tree that passed every test; among trees on the same
// terminals, one proved longer than another is dropped.
func (g *gen) save(b *fstBuild, terms []int32, L iv, exact bool, t, k int32) {
	key := termKey(terms)
	for _, i := range g.byKey[key] {
		if g.dropped[i] {
			continue
		}
		o := &g.fsts[i]
		if o.Hi < L.lo {
			return
		}
		if L.hi < o.Lo {
			g.dropped[i] = true
		}
	}
	f := FST{Length: L.mid(), Lo: L.lo, Hi: L.hi, Exact: exact, root: t, eqp: k}
	pos := make(map[int32]int, len(terms))
	for i, u := range terms {
		f.Terminals = append(f.Terminals, int(u))
		pos[u] = i
	}
	vid := make([]int, len(b.verts))
	s := 0
	for v, u := range b.verts {
		if u >= 0 {
			vid[v] = pos[u]
		} else {
			vid[v] = len(terms) + s
			x, y := g.abs(b.steiner[s], b.o).mid()
			f.Steiner = append(f.Steiner, [2]float64{x, y})
			s++
		}
	}
	for _, e := range b.edges {
		f.Edges = append(f.Edges, [2]int{vid[e[0]], vid[e[1]]})
	}
	g.byKey[key] = append(g.byKey[key], len(g.fsts))
	g.fsts = append(g.fsts, f)
	g.dropped = append(g.dropped, false)
}
