package fermat

import (
	"math"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/plane"
)

// Four is the answer for a 4-terminal full topology (p,q | r,s): Steiner
// point A joined to p, q and B; B joined to r, s and A.
type Four struct {
	A, B hyperbolic.Point
	// Status is Found when the topology has a full Steiner tree (both
	// Steiner points distinct from the terminals and from each other) and
	// A, B are its Steiner points; None when it provably has none (its
	// shortest tree is degenerate); Failed when the solver could not tell.
	Status Status
	// Solves counts the 3-terminal solves it took (for statistics).
	Solves int
	// Unconverged is set when an iteration hit its cap.
	Unconverged bool
}

// FourSolver computes full Steiner trees of four terminals. local is the
// length of the local minimum spanning tree the tree competes with: the
// scale of the solver's tolerances.
type FourSolver interface {
	Fermat4(p, q, r, s hyperbolic.Point, local float64) Four
}

// FourOf returns the 4-terminal method of the solver s in the plane pl:
// its own when it has one (a FourSolver), otherwise the alternation of
// 3-terminal solves of Halverson and Lewis (the paper's §4.3), built from s.
func FourOf(pl plane.Plane, s Solver) FourSolver {
	if f, ok := s.(FourSolver); ok {
		return f
	}
	return Alternation{Plane: pl, Solver: s}
}

// Alternation is the 4-terminal method built from a 3-terminal solver:
// the two Steiner points of (p,q | r,s) are the fixed point of
// a = F(p,q,b), b = F(r,s,a) (Halverson & Lewis; the paper's §4.3). A
// convexity certificate of degeneracy is tried first (see degenerates).
type Alternation struct {
	Plane  plane.Plane
	Solver Solver
}

// Settings of the alternation.
const (
	// fourTol is the convergence tolerance, relative to the local MST.
	fourTol = 1e-14
	// fourMaxIter caps the accelerated rounds; a topology that has not
	// converged by then is dropped (Four.Unconverged).
	fourMaxIter = 8
	// fourPlainRounds is the number of unaccelerated rounds.
	fourPlainRounds = 3
)

// Fermat4 implements FourSolver.
func (al Alternation) Fermat4(p, q, r, s hyperbolic.Point, local float64) Four {
	if deg, n := degenerates(al.Plane, al.Solver, p, q, r, s); deg {
		return Four{Status: None, Solves: n}
	} else {
		f := al.alternate(p, q, r, s, local)
		f.Solves += n
		return f
	}
}

// alternate iterates a = F(p,q,b), b = F(r,s,a), started from a₁ on the
// isoptic of p, q. The alternation converges only linearly (slowly when the
// tree is nearly degenerate), so it is accelerated by Newton's method on
// the residual G(a) = a − g(a), g(a) = F(p,q,F(r,s,a)), with a
// forward-difference Jacobian; a Newton point is taken only when it
// shrinks the residual, otherwise the plain alternation step is. It stops
// when the residual |a − g(a)| and the move of b are below fourTol times
// the local MST length. The status is None when the plain alternation
// reaches a triangle with no Steiner point (the topology degenerates), or
// a Steiner point coincides with a terminal or with the other Steiner
// point.
func (al Alternation) alternate(p, q, r, s hyperbolic.Point, local float64) Four {
	pl := al.Plane
	var f Four
	solve := func(u, v, w hyperbolic.Point) (hyperbolic.Point, bool) {
		f.Solves++
		x, st := al.Solver.Fermat(u, v, w)
		return x, st == Found
	}
	// step returns b = F(r,s,a) and g(a) = F(p,q,b).
	step := func(a hyperbolic.Point) (b, ga hyperbolic.Point, ok bool) {
		if b, ok = solve(r, s, a); !ok {
			return
		}
		ga, ok = solve(p, q, b)
		return
	}
	var a, b hyperbolic.Point
	done := func() Four {
		if coincides(pl, a, local, p, q, b) || coincides(pl, b, local, r, s) {
			f.Status = None
			return f
		}
		f.A, f.B, f.Status = a, b, Found
		return f
	}
	none := func() Four { f.Status = None; return f }
	var ok bool
	if a, ok = solve(p, q, pl.Midpoint(r, s)); !ok {
		return none()
	}
	b, ga, ok := step(a)
	if !ok {
		return none()
	}
	res := pl.Dist(a, ga)
	tol := fourTol * local
	// A few plain rounds first: they cost two solves each, and a
	// degenerating topology usually reaches a triangle with no Steiner
	// point within them, before the costlier accelerated rounds.
	for it := 0; it < fourPlainRounds; it++ {
		nb, nga, ok := step(ga)
		if !ok {
			return none()
		}
		moveB := pl.Dist(nb, b)
		a, b, ga, res = ga, nb, nga, pl.Dist(ga, nga)
		if res <= tol && moveB <= tol {
			return done()
		}
	}
	// Coordinate step for the difference quotients: √eps of the quad's
	// extent in the chart, the usual forward-difference choice.
	ext := 0.0
	for _, t := range [...]hyperbolic.Point{p, q, r, s} {
		ext = max(ext, math.Abs(t.X-a.X), math.Abs(t.Y-a.Y))
	}
	h := 1.5e-8 * ext
	for it := 0; it < fourMaxIter; it++ {
		var na, nb, nga hyperbolic.Point
		nres := math.Inf(1)
		// Newton on G(a) = a − g(a).
		_, ax, ok1 := step(hyperbolic.Point{X: a.X + h, Y: a.Y})
		_, ay, ok2 := step(hyperbolic.Point{X: a.X, Y: a.Y + h})
		if ok1 && ok2 {
			gx, gy := a.X-ga.X, a.Y-ga.Y
			j11 := 1 - (ax.X-ga.X)/h
			j21 := -(ax.Y - ga.Y) / h
			j12 := -(ay.X - ga.X) / h
			j22 := 1 - (ay.Y-ga.Y)/h
			if det := j11*j22 - j12*j21; det != 0 && !math.IsNaN(det) {
				ca := hyperbolic.Point{X: a.X - (j22*gx-j12*gy)/det, Y: a.Y - (j11*gy-j21*gx)/det}
				if cb, cga, ok := step(ca); ok {
					if cres := pl.Dist(ca, cga); cres < res {
						na, nb, nga, nres = ca, cb, cga, cres
					}
				}
			}
		}
		if math.IsInf(nres, 1) {
			// The plain alternation step a ← g(a).
			if nb, nga, ok = step(ga); !ok {
				return none()
			}
			na, nres = ga, pl.Dist(ga, nga)
		}
		moveB := pl.Dist(nb, b)
		a, b, ga, res = na, nb, nga, nres
		if res <= tol && moveB <= tol {
			return done()
		}
	}
	f.Status, f.Unconverged = Failed, true
	return f
}

// coincides reports whether s coincides with one of others to within the
// resolution of a computation at the scale local.
func coincides(pl plane.Plane, s hyperbolic.Point, local float64, others ...hyperbolic.Point) bool {
	for _, o := range others {
		if plane.Coincide(pl, s, o, pl.Dist(s, o), local) {
			return true
		}
	}
	return false
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
func degenerates(pl plane.Plane, sv Solver, p, q, r, s hyperbolic.Point) (bool, int) {
	solves := 0
	for _, c := range [4][4]hyperbolic.Point{{p, q, r, s}, {q, p, r, s}, {r, s, p, q}, {s, r, p, q}} {
		// The Steiner point next to c[0] sits on it; the other one is the
		// Fermat point of c[0] and the far pair.
		solves++
		other, st := sv.Fermat(c[2], c[3], c[0])
		if st != Found {
			continue
		}
		if !pl.Below120(c[1], c[0], other) {
			return true, solves
		}
	}
	return false, solves
}
