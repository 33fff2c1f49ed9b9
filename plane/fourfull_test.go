package plane

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// rotate turns v by the angle t (radians).
func rotate(v Vector, t float64) Vector {
	c, s := math.Cos(t), math.Sin(t)
	return Vector{X: c*v.X - s*v.Y, Y: s*v.X + c*v.Y}
}

// fullTree builds the terminals of a full Steiner tree of topology
// (p,q | r,s) from its Steiner point a, the direction θ of the edge ab and
// the five edge lengths, by geodesic steps at exactly 120° in each
// Steiner point's orthonormal frame.
func fullTree(pl Plane, a Point, theta float64, l [5]float64) (t [4]Point, ok bool) {
	u := Vector{X: math.Cos(theta), Y: math.Sin(theta)}
	scale := func(v Vector, k float64) Vector { return Vector{X: k * v.X, Y: k * v.Y} }
	b, ok := pl.Exp(a, scale(u, l[0]))
	if !ok {
		return t, false
	}
	back, ok := pl.UnitToward(b, a)
	if !ok {
		return t, false
	}
	steps := [4]struct {
		from Point
		dir  Vector
		l    float64
	}{
		{a, rotate(u, 2*math.Pi/3), l[1]},
		{a, rotate(u, -2*math.Pi/3), l[2]},
		{b, rotate(back, 2*math.Pi/3), l[3]},
		{b, rotate(back, -2*math.Pi/3), l[4]},
	}
	for i, s := range steps {
		if t[i], ok = pl.Exp(s.from, scale(s.dir, s.l)); !ok {
			return t, false
		}
	}
	return t, true
}

// A topology with a full Steiner tree by construction is never excluded,
// in either plane, at any size and place the test reaches.
func TestFullExcludedKeepsFullTrees(t *testing.T) {
	for _, pl := range []Plane{Hyperbolic, Euclidean} {
		fe := pl.(FourBounder)
		rapid.Check(t, func(t *rapid.T) {
			size := math.Pow(10, rapid.Float64Range(-6, 0.5).Draw(t, "log size"))
			r := rapid.Float64Range(0, 0.999).Draw(t, "radius")
			phi := rapid.Float64Range(0, 2*math.Pi).Draw(t, "phi")
			a := Point{X: r * math.Cos(phi), Y: r * math.Sin(phi)}
			var l [5]float64
			for i := range l {
				l[i] = size * rapid.Float64Range(1e-3, 1).Draw(t, "length")
			}
			theta := rapid.Float64Range(0, 2*math.Pi).Draw(t, "theta")
			pts, ok := fullTree(pl, a, theta, l)
			if !ok || pl.Check(pts[0]) != nil || pl.Check(pts[1]) != nil || pl.Check(pts[2]) != nil || pl.Check(pts[3]) != nil {
				t.Skip("not representable")
			}
			require.False(t, fe.FullExcluded(pts[0], pts[1], pts[2], pts[3]), "%s: full tree at %v excluded", pl.Name(), pts)
			// The same points as the other topologies' terminals are often
			// excluded; only this one is known to have a full tree.
		})
	}
}

// A full tree near the ideal boundary that the test above found excluded
// when the chart's angle distortion was left out (δ = 0).
func TestFullExcludedKeepsDistortedTree(t *testing.T) {
	p := [4]Point{{X: 0.5297611563237035, Y: 0.8466923387971426}, {X: 0.5398293248679655, Y: 0.8405837916890182},
		{X: 0.5418375043008042, Y: 0.8395135551269851}, {X: 0.5301974758373318, Y: 0.8472536742789671}}
	require.False(t, Hyperbolic.(FourBounder).FullExcluded(p[0], p[1], p[2], p[3]))
}

// The apex of a triangle on pq whose angles are all within δ of 60°
// lies within 4δ|pq| of the equilateral apex, for δ ≤ 0.05: the bound
// FullExcluded uses (law of sines; checked on a grid of the extreme
// angles).
func TestApexDisplacementBound(t *testing.T) {
	for _, delta := range []float64{1e-8, 1e-4, 0.01, 0.03, 0.05} {
		p, q := Point{X: 0, Y: 0}, Point{X: 1, Y: 0}
		e := apex(p, q, 1)
		for i := 0; i <= 20; i++ {
			for j := 0; j <= 20; j++ {
				al := math.Pi/3 + delta*(2*float64(i)/20-1)
				be := math.Pi/3 + delta*(2*float64(j)/20-1)
				if math.Abs(math.Pi-al-be-math.Pi/3) > delta {
					continue // the angle at the apex is out of range
				}
				pw := math.Sin(be) / math.Sin(al+be) // |pW| / |pq|
				w := Point{X: pw * math.Cos(al), Y: pw * math.Sin(al)}
				require.LessOrEqual(t, math.Hypot(w.X-e.X, w.Y-e.Y), 3.1*delta, "δ=%g α=%g β=%g", delta, al, be)
			}
		}
	}
}

// Degenerate topologies are excluded: a quadrilateral where q sees p
// and the far pair at far more than 120° (the tree degenerates at q),
// and a Euclidean one where the Melzak segment passes beside pq.
func TestFullExcludedExcludes(t *testing.T) {
	cases := []struct {
		name       string
		pl         Plane
		p, q, r, s Point
	}{
		{"euclidean, q on the segment from p to the far pair", Euclidean,
			Point{X: 0, Y: 1}, Point{X: 0, Y: 0}, Point{X: -0.5, Y: -1}, Point{X: 0.5, Y: -1}},
		{"hyperbolic, the same, small", Hyperbolic,
			Point{X: 0, Y: 0.01}, Point{X: 0, Y: 0}, Point{X: -0.005, Y: -0.01}, Point{X: 0.005, Y: -0.01}},
		{"hyperbolic, the same, off centre", Hyperbolic,
			Point{X: 0.5, Y: 0.21}, Point{X: 0.5, Y: 0.2}, Point{X: 0.495, Y: 0.19}, Point{X: 0.505, Y: 0.19}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.True(t, c.pl.(FourBounder).FullExcluded(c.p, c.q, c.r, c.s))
		})
	}
}
