package efst

// Exact constructions in Q(√3), used where interval arithmetic cannot
// decide whether a full Steiner tree is valid, and to prove the 120°
// condition at every Steiner point of a solution.

// exactE returns the exact position of equilateral point k.
func (g *gen) exactE(k int32) *qpt {
	e := &g.eq[k]
	if e.q != nil {
		return e.q
	}
	if e.terminal() {
		e.q = qptf(g.pts[k][0], g.pts[k][1])
		return e.q
	}
	A, B := g.exactE(e.a), g.exactE(e.b)
	e.q = A.add(qrotm60(B.sub(A)))
	return e.q
}

// exactC returns the exact centre of k's circle: the centroid of the
// equilateral triangle.
func (g *gen) exactC(k int32) *qpt {
	e := &g.eq[k]
	if e.qc != nil {
		return e.qc
	}
	s := g.exactE(e.a).add(g.exactE(e.b)).add(g.exactE(k))
	c := new(qpt)
	c.x.scaleRat(&s.x, 1, 3)
	c.y.scaleRat(&s.y, 1, 3)
	e.qc = c
	return c
}

// exactTree is a full Steiner tree with exact Steiner points.
type exactTree struct {
	verts   []int32 // vertex → terminal, or −1 for a Steiner point
	steiner []*qpt
	edges   [][2]int32
	valid   bool
}

// exactBuild constructs the tree joining terminal t to equilateral point
// k exactly and decides its validity (see build).
func (g *gen) exactBuild(t, k int32) *exactTree {
	x := &exactTree{valid: true}
	x.verts = append(x.verts, t)
	g.exactAttach(x, 0, g.exactE(t), k)
	return x
}

func (g *gen) exactAttach(x *exactTree, parent int32, P *qpt, k int32) {
	e := &g.eq[k]
	if e.terminal() {
		v := int32(len(x.verts))
		x.verts = append(x.verts, k)
		x.edges = append(x.edges, [2]int32{parent, v})
		return
	}
	E, C := g.exactE(k), g.exactC(k)
	d := P.sub(E)
	num := C.sub(E).dot(d)
	num.add(num, num)
	den := d.dot(d)
	var t q3
	if num.sign() <= 0 || t.sub(den, num).sign() <= 0 {
		x.valid = false
	}
	A, B := g.exactE(e.a), g.exactE(e.b)
	oA, oB := qorient(E, P, A), qorient(E, P, B)
	if oA.sign()*oB.sign() >= 0 {
		x.valid = false
	}
	if !x.valid {
		return
	}
	s := new(q3).quo(num, den)
	S := E.add(d.scale(s))
	v := int32(len(x.verts))
	x.verts = append(x.verts, -1)
	x.steiner = append(x.steiner, S)
	x.edges = append(x.edges, [2]int32{parent, v})
	g.exactAttach(x, v, S, e.a)
	g.exactAttach(x, v, S, e.b)
}

// meets120 reports whether the three edges at s leave it at exactly 120°
// to each other, decided exactly: for each pair of edge vectors u, w,
// u·w < 0 and 4(u·w)² = |u|²|w|², i.e. cos = −1/2.
func meets120(s *qpt, nb [3]*qpt) bool {
	var u [3]*qpt
	for i, p := range nb {
		u[i] = p.sub(s)
	}
	for i := range 3 {
		a, b := u[i], u[(i+1)%3]
		d := a.dot(b)
		if d.sign() >= 0 {
			return false
		}
		var lhs, rhs q3
		lhs.mul(d, d)
		lhs.scaleRat(&lhs, 4, 1)
		rhs.mul(a.dot(a), b.dot(b))
		var diff q3
		if diff.sub(&lhs, &rhs).sign() != 0 {
			return false
		}
	}
	return true
}
