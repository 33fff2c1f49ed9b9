package sll

import (
	"math"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/dense"
	"github.com/hypersteiner/hypersteiner/isoptic"
)

// fst4Newton is the number of Newton iterations the direct 4-terminal
// solver may take before it hands the topology to the alternation.
const fst4Newton = 12

// fst4Direct solves the 4-terminal full topology (p,q | r,s) of the
// hyperbolic plane directly, an order of magnitude faster than the
// alternation of fst4: an isometry moves the quad's centre to the origin,
// where the Klein chart is nearly Euclidean; the Euclidean full Steiner
// tree of the moved points (Melzak's construction) is the start of
// Newton's method on the coupled φ system of isoptic.Fermat4 (four 120°
// conditions in the four coordinates of the Steiner points). A converged
// root is accepted only if it is a genuine full tree: both Steiner points
// inside the disk, the third angle at each one 120° (not the spurious 0°
// of the system), no point coinciding with a terminal or with the other
// Steiner point. The full Steiner tree of a topology is unique when it
// exists, so a converged invalid root means the topology degenerates.
// handled is false when Newton does not converge (or the start cannot be
// built): the caller then runs the alternation, which decides robustly.
func fst4Direct(sp Space, p, q, r, s hyperbolic.Point, local float64) (a, b hyperbolic.Point, ok, handled bool, solves int) {
	// Centre: the normalised sum of the hyperboloid points, a convex
	// combination of the Klein points with positive weights.
	var sw, sx, sy float64
	for _, t := range [...]hyperbolic.Point{p, q, r, s} {
		w := 1 / math.Sqrt((1-t.X)*(1+t.X)-t.Y*t.Y)
		sw, sx, sy = sw+w, sx+w*t.X, sy+w*t.Y
	}
	to, err := hyperbolic.Translation(hyperbolic.Point{X: sx / sw, Y: sy / sw})
	if err != nil {
		return a, b, false, false, solves
	}
	toM, fromM := to.Matrix(), to.Inverse().Matrix()
	var m [4]hyperbolic.Point
	for i, t := range [...]hyperbolic.Point{p, q, r, s} {
		m[i] = applyLorentz(&fromM, t)
	}
	ea, eb, good := melzak(m[0], m[1], m[2], m[3])
	if !good {
		// No Euclidean full tree in the chart: start from the first round
		// of the alternation instead (a on the isoptic of p, q). If that
		// has no Steiner point the topology degenerates, as fst4 decides.
		var st Status
		solves++
		if ea, st = sp.Fermat(m[0], m[1], hyperbolic.Point{X: (m[2].X + m[3].X) / 2, Y: (m[2].Y + m[3].Y) / 2}); st != Found {
			return a, b, false, st == None, solves
		}
		solves++
		if eb, st = sp.Fermat(m[2], m[3], ea); st != Found {
			return a, b, false, st == None, solves
		}
	}
	sys, err := isoptic.NewFermat4(m[0], m[1], m[2], m[3], isoptic.Cos120)
	if err != nil {
		return a, b, false, false, solves
	}
	v := [4]float64{ea.X, ea.Y, eb.X, eb.Y}
	// The tolerance cannot be finer than what the chart resolves at the
	// Steiner points (a few ulps of their coordinates, stretched by the
	// metric): below that, steps are rounding noise.
	tol := fst4Tol*local + 16*eps*(resolution(sp, ea)+resolution(sp, eb))
	converged := false
	prevMoved := 0.0
	for it := 0; it < fst4Newton; it++ {
		F, J, err := sys.PhiJac(v)
		if err != nil {
			return a, b, false, false, solves
		}
		h := [16]float64{J[0][0], J[0][1], J[0][2], J[0][3], J[1][0], J[1][1], J[1][2], J[1][3],
			J[2][0], J[2][1], J[2][2], J[2][3], J[3][0], J[3][1], J[3][2], J[3][3]}
		d := F
		if !dense.Solve(h[:], d[:], 4) {
			return a, b, false, false, solves
		}
		na := hyperbolic.Point{X: v[0] - d[0], Y: v[1] - d[1]}
		nb := hyperbolic.Point{X: v[2] - d[2], Y: v[3] - d[3]}
		if na.X*na.X+na.Y*na.Y >= 1 || nb.X*nb.X+nb.Y*nb.Y >= 1 {
			return a, b, false, false, solves
		}
		// The hyperbolic length of a Klein step δ at x is at most
		// |δ|/(1−|x|²): a bound on the move without an asinh.
		moved := math.Hypot(d[0], d[1])/((1-na.X)*(1+na.X)-na.Y*na.Y) +
			math.Hypot(d[2], d[3])/((1-nb.X)*(1+nb.X)-nb.Y*nb.Y)
		v = [4]float64{na.X, na.Y, nb.X, nb.Y}
		// Converged when the step is below tolerance, or when quadratic
		// convergence (|d_k+1| ≈ |d_k|³/|d_k−1|², once the steps are small)
		// predicts that the next one would be: the confirming iteration
		// is then skipped.
		if moved <= tol || (it > 0 && moved <= 1e-6*local && moved*moved*moved <= tol*prevMoved*prevMoved) {
			converged = true
			break
		}
		prevMoved = moved
	}
	if !converged {
		return a, b, false, false, solves
	}
	ca, cb := hyperbolic.Point{X: v[0], Y: v[1]}, hyperbolic.Point{X: v[2], Y: v[3]}
	// The system fixes two of the three angles at each Steiner point at
	// 120°; the third is then 120° or 0°: the sign of its cosine tells
	// them apart with no threshold (cos = −1/2 against +1).
	if !obtuse(m[0], ca, cb) || !obtuse(m[2], cb, ca) {
		return a, b, false, true, solves
	}
	if coincides(sp, ca, local, m[0], m[1], cb) || coincides(sp, cb, local, m[2], m[3]) {
		return a, b, false, true, solves
	}
	a, b = applyLorentz(&toM, ca), applyLorentz(&toM, cb)
	if a.X*a.X+a.Y*a.Y >= 1 || b.X*b.X+b.Y*b.Y >= 1 {
		// Rounding pushed an image onto the boundary: not representable.
		return a, b, false, false, solves
	}
	// Points apart in the centred chart can round together on the way
	// back, where the chart resolves less: check again at their place.
	if coincides(sp, a, local, p, q, b) || coincides(sp, b, local, r, s) {
		return a, b, false, true, solves
	}
	return a, b, true, true, solves
}

// melzak returns the Euclidean full Steiner tree of the topology
// (p,q | r,s) by Melzak's construction: E₁, E₂ are the apexes of the
// equilateral triangles on pq and rs facing away from the other pair; the
// Steiner points lie on the segment E₁E₂, where it meets the circles
// through p, q, E₁ and r, s, E₂. good is false when the construction
// degenerates (the full tree does not exist in the plane); the hyperbolic
// solver then starts elsewhere.
func melzak(p, q, r, s hyperbolic.Point) (a, b hyperbolic.Point, good bool) {
	apex := func(u, v, away hyperbolic.Point) hyperbolic.Point {
		mx, my := (u.X+v.X)/2, (u.Y+v.Y)/2
		hx, hy := -(v.Y-u.Y)*math.Sqrt(3)/2, (v.X-u.X)*math.Sqrt(3)/2
		if hx*(away.X-mx)+hy*(away.Y-my) > 0 {
			hx, hy = -hx, -hy
		}
		return hyperbolic.Point{X: mx + hx, Y: my + hy}
	}
	mid := func(u, v hyperbolic.Point) hyperbolic.Point {
		return hyperbolic.Point{X: (u.X + v.X) / 2, Y: (u.Y + v.Y) / 2}
	}
	e1 := apex(p, q, mid(r, s))
	e2 := apex(r, s, mid(p, q))
	// The second intersection of the line from e towards f with the circle
	// through e centred at c (the centroid of the equilateral triangle).
	hit := func(e, f, c hyperbolic.Point) (hyperbolic.Point, float64) {
		dx, dy := f.X-e.X, f.Y-e.Y
		t := -2 * ((e.X-c.X)*dx + (e.Y-c.Y)*dy) / (dx*dx + dy*dy)
		return hyperbolic.Point{X: e.X + t*dx, Y: e.Y + t*dy}, t
	}
	c1 := hyperbolic.Point{X: (p.X + q.X + e1.X) / 3, Y: (p.Y + q.Y + e1.Y) / 3}
	c2 := hyperbolic.Point{X: (r.X + s.X + e2.X) / 3, Y: (r.Y + s.Y + e2.Y) / 3}
	a, ta := hit(e1, e2, c1)
	b, tb := hit(e2, e1, c2)
	// Both points strictly inside the segment, a before b from e₁.
	good = ta > 0 && tb > 0 && ta+tb < 1 && !math.IsNaN(ta+tb)
	return a, b, good
}

// degenerates reports a proof that the full topology (p,q | r,s) has no
// full Steiner tree because its shortest tree puts a Steiner point on a
// terminal. The tree length L(a,b) = d(p,a)+d(q,a)+d(a,b)+d(b,r)+d(b,s) is
// geodesically convex on H²×H² (and in the plane), so a point where 0 lies
// in its subdifferential is the minimiser. At a = p with b* = F(r,s,p) the
// b-gradient vanishes, and the subdifferential in a contains 0 iff the unit
// vectors from p to q and to b* sum to length ≤ 1, that is iff the angle
// q–p–b* is at least 120° — exactly the existence test of the triangle
// (q, p, b*) failing at p. The same holds at q, r and s. The collapse a = b
// is not tested here; the caller's alternation decides it. The angle is
// decided exactly for the computed b*, which carries the Fermat solver's
// rounding: only triangles within rounding of the boundary case can be
// classified differently from exact arithmetic, and for those both trees
// have the same length to rounding.
func degenerates(sp Space, p, q, r, s hyperbolic.Point) (bool, int) {
	solves := 0
	for _, c := range [4][4]hyperbolic.Point{{p, q, r, s}, {q, p, r, s}, {r, s, p, q}, {s, r, p, q}} {
		// The Steiner point next to c[0] sits on it; the other one is the
		// Fermat point of c[0] and the far pair.
		solves++
		other, st := sp.Fermat(c[2], c[3], c[0])
		if st != Found {
			continue
		}
		if !angleBelow120(sp, c[1], c[0], other) {
			return true, solves
		}
	}
	return false, solves
}

// obtuse reports whether the hyperbolic angle at v between x and y has a
// negative cosine: the sign of A = ⟨x,v⟩⟨y,v⟩ − ⟨x,y⟩⟨v,v⟩ (cos = A/√B),
// in the difference form isoptic documents, which has no cancellation.
// Used only to tell 120° from 0°, so rounding cannot matter.
func obtuse(x, v, y hyperbolic.Point) bool {
	dx, dy := x.X-v.X, x.Y-v.Y
	ex, ey := y.X-v.X, y.Y-v.Y
	cx := x.X*v.Y - x.Y*v.X
	cy := y.X*v.Y - y.Y*v.X
	return dx*ex+dy*ey-cx*cy < 0
}

// angleBelow120 decides whether the angle at v of the triangle (p, v, q)
// is below 120° in the space's geometry. A float64 cosine decides when it
// is clearly away from −1/2; otherwise the exact predicate does.
func angleBelow120(sp Space, p, v, q hyperbolic.Point) bool {
	if _, hyp := sp.(hyperbolicSpace); !hyp {
		return EuclideanAngleBelow120(p, v, q)
	}
	if c, err := cosAt(p, v, q); err == nil {
		// The difference form's cosine is accurate to a few ulps of its
		// terms; 1e-9 is far outside that, and the exact test runs inside.
		if c > -0.5+1e-9 {
			return true
		}
		if c < -0.5-1e-9 {
			return false
		}
	}
	e, err := isoptic.SteinerExists(p, v, q)
	if err != nil {
		// A repeated or invalid vertex: no angle to speak of; not a proof.
		return true
	}
	return !e.Wide[1]
}

// cosAt is the cosine of the angle at v between x and y, A/√B in the
// difference form.
func cosAt(x, v, y hyperbolic.Point) (float64, error) {
	c, err := isoptic.NewCurve(x, y, isoptic.Cos120)
	if err != nil {
		return 0, err
	}
	return c.CosAngle(v)
}

// applyLorentz maps a Klein point by the Lorentz matrix m acting on
// (1, x, y), without the validation of Isometry.Apply: the solver's points
// are valid by construction, and its results are checked for the disk.
func applyLorentz(m *[3][3]float64, p hyperbolic.Point) hyperbolic.Point {
	t := m[0][0] + m[0][1]*p.X + m[0][2]*p.Y
	x := m[1][0] + m[1][1]*p.X + m[1][2]*p.Y
	y := m[2][0] + m[2][1]*p.X + m[2][2]*p.Y
	return hyperbolic.Point{X: x / t, Y: y / t}
}
