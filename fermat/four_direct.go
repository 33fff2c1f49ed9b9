package fermat

import (
	"math"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/dense"
	"github.com/hypersteiner/hypersteiner/isoptic"
	"github.com/hypersteiner/hypersteiner/plane"
)

// eps is the unit roundoff of float64.
const eps = 0x1p-53

// direct4 is the 4-terminal method of the newton and auto strategies:
// fourDirect, then — when its Newton iteration does not converge — the
// convexity certificate of degeneracy and the alternation.
//
// When Newton converges to a root that is not a full tree (the φ system
// has spurious roots) the topology is taken as degenerate: the full
// Steiner tree of a topology is unique when it exists, and every root
// of the φ system with both third angles at 120° is one.
func direct4(sv Solver, p, q, r, s hyperbolic.Point, local float64) Four {
	a, b, ok, handled, n := fourDirect(sv, p, q, r, s, local)
	switch {
	case ok:
		return Four{A: a, B: b, Status: Found, Solves: n}
	case handled:
		return Four{Status: None, Solves: n}
	}
	f := Alternation{Plane: plane.Hyperbolic, Solver: sv}.Fermat4(p, q, r, s, local)
	f.Solves += n
	return f
}

// directFour is the direct 4-terminal method with the 3-terminal solves
// (starts, fallback) of Solver.
type directFour struct{ Solver Solver }

func (d directFour) Fermat4(p, q, r, s hyperbolic.Point, local float64) Four {
	return direct4(d.Solver, p, q, r, s, local)
}

// fourWith is implemented by strategies whose 4-terminal method can run on
// another strategy's 3-terminal solves (a certifying strategy uses its
// float strategy's method with its own, certified, solves).
type fourWith interface {
	fourWith(sv Solver) FourSolver
}

// Fermat4 implements FourSolver: Newton's method on the coupled φ system
// from Melzak's Euclidean construction (see fourDirect).
func (s Newton) Fermat4(p, q, r, u hyperbolic.Point, local float64) Four {
	return direct4(s, p, q, r, u, local)
}

func (Newton) fourWith(sv Solver) FourSolver { return directFour{sv} }

// Fermat4 implements FourSolver, as Newton does.
func (s Auto) Fermat4(p, q, r, u hyperbolic.Point, local float64) Four {
	return direct4(s, p, q, r, u, local)
}

func (Auto) fourWith(sv Solver) FourSolver { return directFour{sv} }

// fourNewton is the number of Newton iterations the direct 4-terminal
// solver may take before it hands the topology to the alternation.
const fourNewton = 12

// fourDirect solves the 4-terminal full topology (p,q | r,s) of the
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
func fourDirect(sv Solver, p, q, r, s hyperbolic.Point, local float64) (a, b hyperbolic.Point, ok, handled bool, solves int) {
	pl := plane.Hyperbolic
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
		if ea, st = sv.Fermat(m[0], m[1], hyperbolic.Point{X: (m[2].X + m[3].X) / 2, Y: (m[2].Y + m[3].Y) / 2}); st != Found {
			return a, b, false, st == None, solves
		}
		solves++
		if eb, st = sv.Fermat(m[2], m[3], ea); st != Found {
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
	tol := fourTol*local + 16*eps*(pl.Resolution(ea)+pl.Resolution(eb))
	converged := false
	prevMoved := 0.0
	for it := 0; it < fourNewton; it++ {
		F, J, err := sys.PhiJac(v)
		if err != nil {
			return a, b, false, false, solves
		}
		h := [16]float64{J[0][0], J[0][1], J[0][2], J[0][3], J[1][0], J[1][1], J[1][2], J[1][3],
			J[2][0], J[2][1], J[2][2], J[2][3], J[3][0], J[3][1], J[3][2], J[3][3]}
		d := F
		if !dense.Solve4(&h, &d) {
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
	if coincidesKlein(ca, local, m[0], m[1], cb) || coincidesKlein(cb, local, m[2], m[3]) {
		return a, b, false, true, solves
	}
	a, b = applyLorentz(&toM, ca), applyLorentz(&toM, cb)
	if a.X*a.X+a.Y*a.Y >= 1 || b.X*b.X+b.Y*b.Y >= 1 {
		// Rounding pushed an image onto the boundary: not representable.
		return a, b, false, false, solves
	}
	// Points apart in the centred chart can round together on the way
	// back, where the chart resolves less: check again at their place.
	if coincidesKlein(a, local, p, q, b) || coincidesKlein(b, local, r, s) {
		return a, b, false, true, solves
	}
	// Newton can also converge onto a terminal where the topology
	// degenerates, leaving the Steiner point a few ulps away: the angles
	// of the φ system are undefined there. Such a point is not the Fermat
	// point of its neighbours, whose triangle has an angle ≥ 120° (decided
	// exactly).
	if !hasFermat(p, q, b) || !hasFermat(r, s, a) {
		return a, b, false, true, solves
	}
	return a, b, true, true, solves
}

// hasFermat decides exactly that the triangle (x, y, z) has a Fermat
// point apart from its vertices.
func hasFermat(x, y, z hyperbolic.Point) bool {
	e, err := isoptic.SteinerExists(x, y, z)
	return err == nil && e.Exists
}

// coincidesKlein is coincides in the hyperbolic plane, which computes a
// distance only where it can decide (plane.CoincideChord).
func coincidesKlein(s hyperbolic.Point, local float64, others ...hyperbolic.Point) bool {
	for _, o := range others {
		if plane.CoincideChord(plane.Hyperbolic, s, o, local) {
			return true
		}
	}
	return false
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

// applyLorentz maps a Klein point by the Lorentz matrix m acting on
// (1, x, y), without the validation of Isometry.Apply: the solver's points
// are valid by construction, and its results are checked for the disk.
func applyLorentz(m *[3][3]float64, p hyperbolic.Point) hyperbolic.Point {
	t := m[0][0] + m[0][1]*p.X + m[0][2]*p.Y
	x := m[1][0] + m[1][1]*p.X + m[1][2]*p.Y
	y := m[2][0] + m[2][1]*p.X + m[2][2]*p.Y
	return hyperbolic.Point{X: x / t, Y: y / t}
}
