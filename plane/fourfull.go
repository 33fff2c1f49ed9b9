package plane

import "math"

// Which 4-terminal topologies have no full Steiner tree.
//
// Let the full tree of (p,q | r,s) have Steiner points a (joined to p, q)
// and b (joined to r, s), and let ℓ be the geodesic through a and b. In a
// Euclidean plane Melzak's construction says where ℓ lies: through the
// apex E₁ of the equilateral triangle on pq on the side away from a, and
// through E₂ on rs away from b; going along ℓ one meets E₁, the side pq,
// a, b, the side rs and E₂ in this order (a sees pq under 120°, so it lies
// on the arc of the circle through p, q, E₁ that faces E₁ across pq, and
// the chord from E₁ through a crosses pq). So the segment E₁E₂ meets both
// segments pq and rs; when it passes beside one of them, the topology has
// no full tree.
//
// In the hyperbolic plane the same holds up to the distortion of angles
// in a Klein chart. Geodesics are the chart's lines, and the full tree
// lies in the convex hull of the terminals (projecting a tree onto a
// convex set does not lengthen it, and the full tree is the unique
// minimiser of its topology's length), hence within the chart radius ρ
// of the farthest terminal. There the metric is the Euclidean one
// stretched by κ = 1/√(1 − ρ²) along the radius, which changes an angle by
// at most 2·atan((√κ − 1/√κ)/2) ≤ κ − 1 =: δ. At a, in the chart, the
// angle paq is 120° ± δ, and the angles between the ray opposite to b
// (towards pq) and p or q are 60° ± δ. That ray meets the circle through
// p, a, q again at W₁, on the far side of pq, where the inscribed angles
// make the triangle p q W₁ have all its angles within δ of 60°; by the
// law of sines |W₁ − E₁| ≤ 3.1·δ·|pq| for δ ≤ 0.05, used as 4δ|pq|. The
// line ℓ meets W₁, pq, a, b, rs, W₂ in this order, so the segment W₁W₂
// meets pq and rs, and every point of it lies within max(4δ|pq|, 4δ|rs|)
// of the segment E₁E₂. A topology is excluded when pq or rs is farther
// than that (plus rounding) from E₁E₂.
//
// Which side of pq the apex lies on follows from a's side: a is inside
// the triangle (p, q, b) and b inside (r, s, a), so when r and s lie
// strictly on one side of the line pq, a and b lie on that side too (b's
// height over pq is a positive combination of the heights of r, s and a,
// a's a fraction of b's), and E₁ is on the other side. When r and s are
// not strictly on one side, both apexes are tried.

// FullExcluded in the Euclidean plane: Melzak's segment test on the
// coordinates, with no distortion.
func (euclideanPlane) FullExcluded(p, q, r, s Point) bool {
	return fullExcluded([4]Point{p, q, r, s}, 0, 0)
}

// FullExcluded in the hyperbolic plane: the segment test in the chart
// centred at the terminals' centroid, with the distortion of angles there
// and the error of the chart's coordinates.
//
// The chart: the boost of the float64 centroid c is an exact isometry,
// and the computed images of the terminals are within 60u·γ_c·γₜ of its
// exact images (FourBound's analysis); e takes twice that for all four.
func (hyperbolicPlane) FullExcluded(p, q, r, s Point) bool {
	ts := [4]Point{p, q, r, s}
	var gs [4]float64 // γ of each terminal: the centroid's weight, and the chart's error
	var sw, sx, sy float64
	for i, t := range ts {
		w := gamma(t)
		gs[i] = w
		sw, sx, sy = sw+w, sx+w*t.X, sy+w*t.Y
	}
	m, g, ok := boostToOrigin(Point{X: sx / sw, Y: sy / sw})
	if !ok {
		return false
	}
	var img [4]Point
	gmax, rho := 0.0, 0.0
	for i, t := range ts {
		img[i] = m.image(t)
		gmax = max(gmax, gs[i])
		rho = max(rho, math.Hypot(img[i].X, img[i].Y))
	}
	e := 128 * eps * g * gmax
	rho = (rho + e) * (1 + 4*eps)
	if !(rho <= 0.3) || !(e < 1e-3) {
		return false // the distortion bound would be weak, or is not valid
	}
	// δ = κ − 1 = ρ²/(√(1 − ρ²)·(1 + √(1 − ρ²))), rounded up generously.
	w := math.Sqrt(1 - rho*rho)
	delta := rho * rho / (w * (1 + w)) * (1 + 1e-12)
	return fullExcluded(img, e, delta)
}

// fullExcluded is the segment test on chart points t (p, q, r, s), each
// within e of the exact point, with angles distorted by at most delta
// (≤ 0.05) in the chart.
func fullExcluded(t [4]Point, e, delta float64) bool {
	m := 0.0
	for _, u := range t {
		m = max(m, math.Abs(u.X), math.Abs(u.Y))
	}
	// Apexes lie within 2.8m of the origin, differences within 6m in
	// each coordinate. The rounding of the few operations below is far
	// under 1024u·m² for an orientation and 256u·m for a distance (the
	// range keeps every product normal). Moving the terminals by e moves
	// an apex by under 2.8e, a distance by under 4e and an orientation by
	// under 2·2.8e·(17m) + 4(2.8e)².
	if !(m > 0x1p-400 && m < 0x1p400) {
		return false
	}
	orientErr := 1024*eps*m*m + 128*e*m + 32*e*e
	distErr := 256*eps*m + 4*e
	p, q, r, s := t[0], t[1], t[2], t[3]
	side1 := sideOf(p, q, r, s, orientErr) // side of pq holding a, 0 unknown
	side2 := sideOf(r, s, p, q, orientErr)
	rho := 4 * delta * (max(math.Hypot(q.X-p.X, q.Y-p.Y), math.Hypot(s.X-r.X, s.Y-r.Y)) + 2*e)
	tol := rho + distErr
	for _, s1 := range sides(side1) {
		e1 := apex(p, q, -s1)
		for _, s2 := range sides(side2) {
			e2 := apex(r, s, -s2)
			if segDistAbove(p, q, e1, e2, tol, orientErr) || segDistAbove(r, s, e1, e2, tol, orientErr) {
				continue
			}
			return false
		}
	}
	return true
}

// sideOf returns the side (+1 left, −1 right) of the line from p to q on
// which both x and y lie strictly (beyond err), or 0.
func sideOf(p, q, x, y Point, err float64) float64 {
	ox, oy := orient(p, q, x), orient(p, q, y)
	switch {
	case ox > err && oy > err:
		return 1
	case ox < -err && oy < -err:
		return -1
	}
	return 0
}

// sides lists the sides to try for a side that may be unknown (0).
func sides(side float64) []float64 {
	if side == 0 {
		return []float64{1, -1}
	}
	return []float64{side}
}

// orient is twice the signed area of (a, b, c): positive when c is left
// of the line from a to b.
func orient(a, b, c Point) float64 {
	return (b.X-a.X)*(c.Y-a.Y) - (b.Y-a.Y)*(c.X-a.X)
}

// apex is the apex of the equilateral triangle on pq on the given side of
// the line from p to q (+1 left).
func apex(p, q Point, side float64) Point {
	const h = 0.8660254037844386 // √3/2
	return Point{
		X: (p.X+q.X)/2 - side*h*(q.Y-p.Y),
		Y: (p.Y+q.Y)/2 + side*h*(q.X-p.X),
	}
}

// segDistAbove reports that the segments ab and cd are provably more than
// tol apart: they do not cross (one segment's ends lie strictly on one
// side of the other's line, beyond orientErr) and every end is more than
// tol from the other segment.
func segDistAbove(a, b, c, d Point, tol, orientErr float64) bool {
	if sideOf(a, b, c, d, orientErr) == 0 && sideOf(c, d, a, b, orientErr) == 0 {
		return false
	}
	return pointSegDist(a, c, d) > tol && pointSegDist(b, c, d) > tol &&
		pointSegDist(c, a, b) > tol && pointSegDist(d, a, b) > tol
}

// pointSegDist is the distance from x to the segment ab, to rounding: the
// point of the segment it measures to is within a few ulps of the
// nearest, whatever the length of ab.
func pointSegDist(x, a, b Point) float64 {
	dx, dy := b.X-a.X, b.Y-a.Y
	l2 := dx*dx + dy*dy
	t := 0.0
	if l2 > 0 {
		t = min(max(((x.X-a.X)*dx+(x.Y-a.Y)*dy)/l2, 0), 1)
	}
	return math.Hypot(x.X-(a.X+t*dx), x.Y-(a.Y+t*dy))
}
