package fermat

import (
	"math"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/isoptic"
)

// Newton is the strategy "newton": Newton's method on the φ system with
// the analytic Jacobian (isoptic.Fermat3.PhiJac), in a frame where the
// triangle is centred at the origin, from the Euclidean Fermat point of
// the centred Klein triangle.
//
// Why this start is good: an isometry taking a point s to the origin makes
// the Klein model conformal at s, and geodesics through the origin are
// straight; so when s is the Steiner point, the origin is exactly the
// Euclidean Fermat point of the mapped Klein triangle. Near the origin the
// Klein metric differs from the Euclidean one only at second order, so the
// Euclidean Fermat point of a triangle centred near its Steiner point is
// an estimate with an error of second order — inside Newton's basin for
// all but very wide triangles.
//
// The solve makes up to two attempts:
//
//  1. centre: the normalised hyperboloid centroid of the vertices (in
//     Klein coordinates Σλᵢvᵢ/Σλᵢ, λᵢ = 1/√(1−|vᵢ|²)); start: the Euclidean
//     Fermat point, Kimberling's X(13), of the mapped triangle;
//  2. if the mapped triangle has a Euclidean angle ≥ 120° (X(13) is then
//     the vertex, where φ is not differentiable) or Newton fails: centre at
//     the vertex with the largest angle. There its Euclidean angle equals
//     its hyperbolic angle, which is < 120°, and the Steiner point — close
//     to that vertex in such triangles — is where Klein ≈ Euclidean.
//
// The shared terminal y of the two equations (φ_xy, φ_yz) is a spurious
// root of both (B = 0 there), and Newton's linearisation of two functions
// homogeneous of degree one about y points at y itself; so y is chosen as
// the vertex with the smallest angle (opposite the shortest side), which
// the Steiner point is never close to.
//
// A root is accepted when Newton's steps have converged to the rounding
// level, the point is in the disk and it sees all three pairs of vertices
// under 120° (seesAt120). The solve allocates nothing.
type Newton struct{}

// Name returns "newton".
func (Newton) Name() string { return "newton" }

// Fermat implements Solver.
func (s Newton) Fermat(a, b, c hyperbolic.Point) (hyperbolic.Point, Status) {
	return fermatOf(s, a, b, c)
}

// Solve implements Strategy.
func (Newton) Solve(a, b, c hyperbolic.Point) (Result, error) {
	return solveBy(a, b, c, byNewton)
}

// Settings of the Newton iteration.
const (
	maxNewtonIter = 40
	// A step below 4ε·scale (scale: the largest coordinate of the centred
	// triangle) leaves the iterate where rounding already places it; steps
	// that no longer halve once below 2⁻⁴⁴·scale are at the noise floor of
	// φ. Either ends the iteration as converged. Before that convergence
	// is quadratic, though near a vertex only once the error is below the
	// distance to the vertex: there φ is homogeneous of degree one about
	// the vertex, and steps may shrink slowly while they are larger than
	// that distance (seen down to 1e-9·scale), so the noise test must not
	// start earlier.
	stepTiny  = 4 * 0x1p-52
	stepNoise = 0x1p-44
)

// newtonSolve runs the attempts described at Newton and returns the
// Steiner point of t.
func newtonSolve(t *triangle, r *Result) (hyperbolic.Point, bool) {
	// Attempt 1: centre at the hyperboloid centroid.
	f, q := centroidFrame(t)
	if p, ok := tinyFermat(&f, &q); ok {
		return p, true
	}
	if s, ok := euclidFermat(&q); ok {
		if sol, ok := newtonLocal(&q, s, r); ok {
			if p, ok := finish(&f, &q, sol); ok {
				return recentre(t, &q, sol, p, r), true
			}
		}
	}
	// Attempt 2: centre at the vertex with the largest angle, the one
	// opposite the longest side of the mapped triangle.
	w := longestSideOpposite(&q)
	f = newFrame(t.v[w])
	for i := range 3 {
		if i == w {
			q[i] = [2]float64{}
			continue
		}
		q[i] = f.toLocal(t.v[i], t.d[i])
	}
	if s, ok := euclidFermat(&q); ok {
		if sol, ok := newtonLocal(&q, s, r); ok {
			if p, ok := finish(&f, &q, sol); ok {
				return p, true
			}
		}
	}
	return hyperbolic.Point{}, false
}

// recentreRadius is the local radius of a solution above which newtonSolve
// polishes it in a frame centred on it.
const recentreRadius = 0.5

// pullRadius is the local radius recentre pulls far vertices in to.
const pullRadius = 1 - 0x1p-26

// recentre polishes a solution found far from the frame's centre (sol, in
// the local triangle q; p in the disk). The hyperboloid centroid weighs a
// vertex by 1/√(1 − |v|²): a vertex 1e-16 from the ideal boundary pulls
// the centre onto itself, and the Steiner point then sits near the local
// boundary, where Newton's noise of a few ulps of the local coordinates
// is a large hyperbolic distance. In a frame centred on p the same
// iteration runs where the chart is conformal and resolves best; its
// answer replaces p when it converges there.
func recentre(t *triangle, q *[3][2]float64, sol [2]float64, p hyperbolic.Point, r *Result) hyperbolic.Point {
	if math.Hypot(sol[0], sol[1]) <= recentreRadius {
		return p
	}
	f := newFrame([2]float64{p.X, p.Y})
	var q2 [3][2]float64
	for i := range 3 {
		q2[i] = f.toLocal(t.v[i], t.d[i])
		// A vertex far from p maps next to the local ideal boundary,
		// where rounding may put it on or outside the unit circle. Only
		// its direction from the Steiner point matters: pulled in along
		// its ray from p (a geodesic) to radius pullRadius, it moves the
		// Steiner point by about |p − s*|·(1 − pullRadius) — far below
		// rounding — while staying a valid point.
		if r := math.Hypot(q2[i][0], q2[i][1]); r > pullRadius {
			q2[i][0] *= pullRadius / r
			q2[i][1] *= pullRadius / r
		}
	}
	sol2, ok := newtonLocal(&q2, [2]float64{}, r)
	if !ok {
		return p
	}
	if p2, ok := finish(&f, &q2, sol2); ok {
		return p2
	}
	return p
}

// tinyExtent bounds the centred triangles that tinyFermat solves: below it
// the hyperbolic plane is Euclidean to float64 precision.
const tinyExtent = 0x1p-30

// tinyFermat solves a centred triangle q of extent below tinyExtent by
// the Euclidean closed form (Torricelli, scale invariant) and maps it
// back. Near the origin the Klein metric is Euclidean up to a relative
// O(r²): for r < 2⁻³⁰ the hyperbolic and Euclidean Fermat points differ
// by less than 2⁻⁶⁰ of the triangle's size, far below float64's
// resolution — while the φ system's fourth powers of r would underflow
// for r below 1e-77. ok is false for larger triangles.
func tinyFermat(f *frame, q *[3][2]float64) (hyperbolic.Point, bool) {
	ext := 0.0
	for i := range q {
		ext = max(ext, math.Abs(q[i][0]), math.Abs(q[i][1]))
	}
	if !(ext < tinyExtent) {
		return hyperbolic.Point{}, false
	}
	s, st := Torricelli{}.Fermat(point(q[0]), point(q[1]), point(q[2]))
	if st != Found {
		return hyperbolic.Point{}, false
	}
	p := f.toGlobal([2]float64{s.X, s.Y})
	if p.Check() != nil {
		return hyperbolic.Point{}, false
	}
	return p, true
}

// centroidFrame returns the frame centred at the normalised hyperboloid
// centroid of t and the vertices in it.
func centroidFrame(t *triangle) (frame, [3][2]float64) {
	var c [2]float64
	var sw float64
	for i := range 3 {
		l := 1 / math.Sqrt(t.d[i])
		c[0] += l * t.v[i][0]
		c[1] += l * t.v[i][1]
		sw += l
	}
	c[0] /= sw
	c[1] /= sw
	f := newFrame(c)
	var q [3][2]float64
	for i := range 3 {
		q[i] = f.toLocal(t.v[i], t.d[i])
	}
	return f, q
}

// finish accepts the local root s and maps it back to the disk.
func finish(f *frame, q *[3][2]float64, s [2]float64) (hyperbolic.Point, bool) {
	if !(s[0]*s[0]+s[1]*s[1] < 1) || !seesAt120(q, s) {
		return hyperbolic.Point{}, false
	}
	p := f.toGlobal(s)
	if p.Check() != nil {
		return hyperbolic.Point{}, false
	}
	return p, true
}

// longestSideOpposite returns the index of the vertex opposite the longest
// side of q (the vertex with the largest angle).
func longestSideOpposite(q *[3][2]float64) int {
	best, bi := -1.0, 0
	for i := range 3 {
		j, k := (i+1)%3, (i+2)%3
		l := sq(q[j][0]-q[k][0]) + sq(q[j][1]-q[k][1])
		if l > best {
			best, bi = l, i
		}
	}
	return bi
}

// newtonLocal runs Newton's method on the φ system of the local triangle q
// from s. The shared terminal is the vertex opposite the shortest side.
func newtonLocal(q *[3][2]float64, s [2]float64, r *Result) ([2]float64, bool) {
	y := shortestSideOpposite(q)
	x, z := (y+2)%3, (y+1)%3
	f3, err := isoptic.NewFermat3(point(q[x]), point(q[y]), point(q[z]), isoptic.Cos120)
	if err != nil {
		return s, false
	}
	scale := 0.0
	for i := range 3 {
		scale = max(scale, math.Abs(q[i][0]), math.Abs(q[i][1]))
	}
	prev := math.Inf(1)
	for range maxNewtonIter {
		F, J, err := f3.PhiJac(s)
		r.Evaluations++
		if err != nil {
			return s, false
		}
		det := J[0][0]*J[1][1] - J[0][1]*J[1][0]
		d0 := (J[0][1]*F[1] - J[1][1]*F[0]) / det
		d1 := (J[1][0]*F[0] - J[0][0]*F[1]) / det
		step := max(math.Abs(d0), math.Abs(d1))
		if !(step < math.Inf(1)) { // NaN or Inf: singular Jacobian
			return s, false
		}
		s[0] += d0
		s[1] += d1
		r.Iterations++
		if step <= stepTiny*scale || (step > prev/2 && prev <= stepNoise*scale) {
			return s, true
		}
		prev = step
	}
	return s, false
}

// shortestSideOpposite returns the index of the vertex opposite the
// shortest side of q (the vertex with the smallest angle).
func shortestSideOpposite(q *[3][2]float64) int {
	best, bi := math.Inf(1), 0
	for i := range 3 {
		j, k := (i+1)%3, (i+2)%3
		l := sq(q[j][0]-q[k][0]) + sq(q[j][1]-q[k][1])
		if l < best {
			best, bi = l, i
		}
	}
	return bi
}
