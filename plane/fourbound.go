package plane

import "math"

// FourBounder is implemented by planes that bound from below the length
// of every tree of a 4-terminal topology, so that the pipeline need not
// solve a topology whose trees are all longer than the spanning tree they
// compete with.
type FourBounder interface {
	// FourBound returns a lower bound of the length of every tree of the
	// topology (p,q | r,s) — p and q joined to a point a, r and s to a
	// point b, and a to b — wherever a and b lie (on a terminal too). It
	// may be 0.
	FourBound(p, q, r, s Point) float64
	// FourBounds returns FourBound(p, q, r, s) and FourBound(p, r, q, s),
	// the bounds of the two topologies that split the diagonal qr, with
	// the work they share done once; the numbers are FourBound's.
	FourBounds(p, q, r, s Point) [2]float64
	// FullExcluded reports that the topology (p,q | r,s) provably has no
	// full Steiner tree — no tree with both Steiner points apart from
	// every terminal and each other, meeting at 120° — so that solving
	// it can only confirm a degenerate topology. false decides nothing.
	FullExcluded(p, q, r, s Point) bool
}

// The bound is Melzak's construction, made an inequality by Ptolemy's.
//
// In a Euclidean plane, let E be the apex of an equilateral triangle on
// pq, on either side. Ptolemy's inequality for the four points a, p, q, E,
// |aE|·|pq| ≤ |ap|·|qE| + |aq|·|pE|, reads |aE| ≤ |ap| + |aq| since
// |qE| = |pE| = |pq|. So every tree of the topology, of length
// |pa| + |qa| + |ab| + |br| + |bs|, is at least |E₁a| + |ab| + |bE₂| ≥
// |E₁E₂| for E₁ on pq and E₂ on rs, each on either side: the largest of
// the four is the bound (when the full Steiner tree exists, the pair
// facing away from each other gives its length: the bound is sharp).
//
// In the hyperbolic plane the Klein model's geodesics are chords and its
// metric dominates the Euclidean one, so a tree is at least as long as
// the Euclidean tree of the same points in any Klein chart; the bound is
// taken in a chart centred at one of the four points, where the two
// metrics agree to second order in the size of the quadrilateral.

// fourApexBound returns max |E₁E₂| over the apexes on either side, for
// points in a Euclidean chart.
func fourApexBound(p, q, r, s Point) float64 {
	best := 0.0
	for _, a := range [2]float64{1, -1} {
		e1 := apex(p, q, a)
		for _, b := range [2]float64{1, -1} {
			e2 := apex(r, s, b)
			ex, ey := e2.X-e1.X, e2.Y-e1.Y
			best = max(best, ex*ex+ey*ey)
		}
	}
	return math.Sqrt(best)
}

// FourBound in the Euclidean plane: Ptolemy's bound on the coordinates.
// Rounding: each coordinate of an apex is within 9u·M of its exact value
// (M the largest coordinate magnitude, u = 2⁻⁵³: the midpoint u·M, the
// difference scaled by the rounded √3/2 5.2u·M, the last subtraction
// 2.8u·M), so a coordinate of E₂ − E₁ within 24u·M and |E₁E₂| within
// 34u·M, and the final squares, sum and square root add under 4u
// relative; the bound subtracts both (64u·M and 8u).
func (euclideanPlane) FourBound(p, q, r, s Point) float64 {
	m := max(math.Abs(p.X), math.Abs(p.Y), math.Abs(q.X), math.Abs(q.Y),
		math.Abs(r.X), math.Abs(r.Y), math.Abs(s.X), math.Abs(s.Y))
	b := fourApexBound(p, q, r, s)
	return max(b*(1-8*eps)-64*eps*m, 0)
}

// FourBounds in the Euclidean plane: FourBound twice (it has no chart).
func (e euclideanPlane) FourBounds(p, q, r, s Point) [2]float64 {
	return [2]float64{e.FourBound(p, q, r, s), e.FourBound(p, r, q, s)}
}

// FourBound in the hyperbolic plane: Ptolemy's bound in the chart whose
// origin is p (an isometry moves p there; the other three terminals are
// within the quadrilateral's size of it). Rounding: with γ = 1/√(1 − |p|²),
// the boost's entries (at most γ in magnitude) carry a relative error of
// a few u = 2⁻⁵³; a point t, as (1, x, y), maps to v = M·(1, x, y) within
// 9u·3γ per component, and v₀ = √(1 − |t|²)·cosh d(t, p) ≥ 1/γₜ, so the
// chart coordinates v₁/v₀, v₂/v₀ (below 1) are within 60u·γ·γₜ of the
// exact images of t by the exact boost of the float64 point p — an exact
// isometry, which maps p to 0 itself. An apex moves by at most 1.4 times
// the move of its two points and |E₁E₂| by the sum, under
// 6 × 60u·γ·γmax = 360u·γ·γmax; the bound subtracts 2¹²·u·γ·γmax, and 8u
// relative for the last operations. Quadrilaterals near the ideal
// boundary (γ large) get a weak bound, or 0.
func (hyperbolicPlane) FourBound(p, q, r, s Point) float64 {
	c, ok := chartAt(p, q, r, s)
	if !ok {
		return 0
	}
	return c.bound(1, 2, 3)
}

// FourBounds in the hyperbolic plane: both topologies' bounds in the one
// chart centred at p, which they share.
func (hyperbolicPlane) FourBounds(p, q, r, s Point) [2]float64 {
	c, ok := chartAt(p, q, r, s)
	if !ok {
		return [2]float64{}
	}
	return [2]float64{c.bound(1, 2, 3), c.bound(2, 1, 3)}
}

// fourChart is four points in the chart centred at the first (FourBound's
// chart): their images, and γ of the centre and the largest γ.
type fourChart struct {
	mv      [4]Point // mv[0] = 0, the image of the centre
	g, gmax float64
}

// chartAt maps p, q, r, s to the chart centred at p; ok is false when p
// is not inside the disk by a representable margin.
func chartAt(p, q, r, s Point) (c fourChart, ok bool) {
	m, g, ok := boostToOrigin(p)
	if !ok {
		return c, false
	}
	c.g, c.gmax = g, g
	for i, t := range [3]Point{q, r, s} {
		c.mv[i+1] = m.image(t)
		c.gmax = max(c.gmax, gamma(t))
	}
	return c, true
}

// bound is FourBound of the topology (centre, i | j, k) from the chart.
func (c *fourChart) bound(i, j, k int) float64 {
	b := fourApexBound(c.mv[0], c.mv[i], c.mv[j], c.mv[k])
	b = b*(1-8*eps) - 0x1p12*eps*c.g*c.gmax
	if !(b > 0) {
		return 0
	}
	return b
}

// boost is the Lorentz matrix, acting on (1, x, y), of the boost that
// takes a point c to the origin.
type boost [3][3]float64

// boostToOrigin returns the boost taking c to 0 (as
// hyperbolic.Translation(c).Inverse()) and γ = 1/√(1 − |c|²); ok is false
// when c is not inside the disk by a representable margin.
func boostToOrigin(c Point) (m boost, g float64, ok bool) {
	w := (1-c.X)*(1+c.X) - c.Y*c.Y
	g = 1 / math.Sqrt(w)
	if !(w > 0) || math.IsInf(g, 0) {
		return m, 0, false
	}
	gx, gy := g*c.X, g*c.Y
	k := 1 / (g + 1)
	m = boost{
		{g, -gx, -gy},
		{-gx, 1 + gx*gx*k, gx * gy * k},
		{-gy, gx * gy * k, 1 + gy*gy*k},
	}
	return m, g, true
}

// image maps t by the boost.
func (m *boost) image(t Point) Point {
	v0 := m[0][0] + m[0][1]*t.X + m[0][2]*t.Y
	v1 := m[1][0] + m[1][1]*t.X + m[1][2]*t.Y
	v2 := m[2][0] + m[2][1]*t.X + m[2][2]*t.Y
	return Point{X: v1 / v0, Y: v2 / v0}
}

// gamma is γ of t, 1/√(1 − |t|²).
func gamma(t Point) float64 {
	return 1 / math.Sqrt((1-t.X)*(1+t.X)-t.Y*t.Y)
}
