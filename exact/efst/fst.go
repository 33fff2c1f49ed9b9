package efst

import (
	"slices"
	"strconv"
	"strings"
)

// FST is a full Steiner tree: terminals as leaves, Steiner points of
// degree 3 meeting at 120°, every edge of positive length.
type FST struct {
	// Terminals are the indices of the terminals spanned, increasing.
	Terminals []int
	// Steiner are the Steiner points (len(Terminals) − 2 of them): the
	// midpoints of enclosures a few ulps wide of the exact points (Solve
	// returns the exact points rounded to nearest).
	Steiner [][2]float64
	// Edges join vertices numbered 0 … len(Terminals)−1 for Terminals (in
	// that order), then len(Terminals) + s for Steiner[s].
	Edges [][2]int
	// Length is the tree's length (the distance from its terminal of
	// largest index to the equilateral point of the others: the midpoint of
	// an enclosure); Lo and Hi enclose the exact length.
	Length, Lo, Hi float64
	// Exact is true when deciding the tree's validity needed exact
	// arithmetic in Q(√3) (a Steiner point within rounding of an arc end).
	Exact bool

	root, eqp int32 // construction: terminal root joined to equilateral point eqp
}

// fstBuild is a full Steiner tree under construction from a terminal and
// an equilateral point.
type fstBuild struct {
	g       *gen
	o       int32   // positions are relative to terminal o
	verts   []int32 // vertex → terminal index, or −1 for a Steiner point
	steiner []ipt
	edges   [][2]int32
	valid   int // +1 valid, −1 invalid, 0 undecided
	// outside is set when a Steiner point is proved outside the pruned
	// part [lo, hi] of its arc: the tree is then in no SMT.
	outside bool
}

// build constructs the tree joining terminal t to equilateral point k
// with interval arithmetic: each Steiner point is the second intersection
// of the segment from its outer neighbour to the equilateral point with
// the point's circle. The tree is valid when every such point falls
// strictly inside its arc (λ ∈ (0, 1)) and strictly between the outer
// neighbour and the equilateral point (s ∈ (0, 1)). b.valid is 0 when a
// sign is undecided.
func (g *gen) build(t int32, k int32) *fstBuild {
	b := &fstBuild{g: g, valid: 1, o: g.eq[k].o}
	b.verts = append(b.verts, t)
	b.attach(0, g.rel(t, b.o), k)
	return b
}

func (b *fstBuild) attach(parent int32, P ipt, k int32) {
	g := b.g
	e := &g.eq[k]
	if e.terminal() {
		v := int32(len(b.verts))
		b.verts = append(b.verts, k)
		b.edges = append(b.edges, [2]int32{parent, v})
		return
	}
	E, C := g.at(k, b.o), g.centreAt(k, b.o)
	d := P.sub(E)
	num := C.sub(E).dot(d).scale(2)
	den := d.norm2()
	// s = num/den ∈ (0, 1) ⇔ 0 < num < den.
	b.decide(signOf(num, 1))
	b.decide(signOf(den.sub(num), 1))
	A, B := g.at(e.a, b.o), g.at(e.b, b.o)
	oA, oB := orient(E, P, A), orient(E, P, B)
	// λ ∈ (0, 1) ⇔ oA and oB of opposite signs (the front is fixed by s > 0).
	b.decide(signOf(oA.mul(oB), -1))
	if l := oA.div(oA.sub(oB)); l.hi < e.lo || l.lo > e.hi {
		b.outside = true
	}
	S := E.add(d.mul(num.div(den)))
	v := int32(len(b.verts))
	b.verts = append(b.verts, -1)
	b.steiner = append(b.steiner, S)
	b.edges = append(b.edges, [2]int32{parent, v})
	b.attach(v, S, e.a)
	b.attach(v, S, e.b)
}

func (b *fstBuild) decide(s int) {
	switch {
	case s < 0:
		b.valid = -1
	case s == 0 && b.valid > 0:
		b.valid = 0
	}
}

// point returns the enclosure of vertex v.
func (b *fstBuild) point(v int32) ipt {
	if t := b.verts[v]; t >= 0 {
		return b.g.rel(t, b.o)
	}
	return b.steiner[b.steinerIndex(v)]
}

func (b *fstBuild) steinerIndex(v int32) int {
	s := 0
	for _, w := range b.verts[:v] {
		if w < 0 {
			s++
		}
	}
	return s
}

// terminals returns the sorted terminal indices of the tree.
func (b *fstBuild) terminals() []int32 {
	var ts []int32
	for _, t := range b.verts {
		if t >= 0 {
			ts = append(ts, t)
		}
	}
	slices.Sort(ts)
	return ts
}

func termKey(ts []int32) string {
	var sb strings.Builder
	for _, t := range ts {
		sb.WriteString(strconv.Itoa(int(t)))
		sb.WriteByte(',')
	}
	return sb.String()
}
