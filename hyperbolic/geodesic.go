package hyperbolic

import "math"

// frame holds what Exp and Log need at a base point p: a = 1 − |p|²,
// s = √a, and the unit radial direction e = p/|p| (zero at the origin).
//
// The tangent frame at p is the parallel transport of the standard frame
// at the origin along the geodesic from the origin to p. Transport keeps
// the radial direction e and the tangential direction e⊥ = (−e.Y, e.X);
// in the Klein chart at p the unit radial vector is a·e and the unit
// tangential vector is s·e⊥. So the frame vector c_r·e + c_t·e⊥ points
// along the chord direction s·c_r·e + c_t·e⊥, with length |(c_r, c_t)|.
type frame struct {
	p        Point
	a, s     float64
	ex, ey   float64
	atOrigin bool
}

func newFrame(p Point) frame {
	a := oneMinusNormSq(p.X, p.Y)
	f := frame{p: p, a: a, s: math.Sqrt(a)}
	m := math.Max(math.Abs(p.X), math.Abs(p.Y))
	if m == 0 {
		f.atOrigin = true
		return f
	}
	// Scale by a power of two first: for subnormal coordinates the
	// quotient by the norm would lose its relative accuracy.
	_, e := math.Frexp(m)
	x, y := math.Ldexp(p.X, -e), math.Ldexp(p.Y, -e)
	n := math.Hypot(x, y)
	f.ex, f.ey = x/n, y/n
	return f
}

// exp follows the chord from p in the direction of v for hyperbolic
// length r = |v|. With α, β the Euclidean distances from p to the two ends
// of the chord (behind, ahead; αβ = 1 − |p|²), the cross-ratio form of the
// Klein distance gives the Euclidean advance
//
//	x = αβ(1 − e⁻²ʳ)/(β·e⁻²ʳ + α),
//
// every term positive; α and β come from the quadratic |p + λw|² = 1
// without cancellation (the smaller root as αβ over the larger).
func (f frame) exp(v Vector) (Point, error) {
	r := math.Hypot(v.X, v.Y)
	if r == 0 {
		return f.p, nil
	}
	vx, vy := v.X/r, v.Y/r
	wx, wy := vx, vy
	if !f.atOrigin {
		cr := vx*f.ex + vy*f.ey // radial component
		ct := vy*f.ex - vx*f.ey // tangential component
		wx = f.s*cr*f.ex - ct*f.ey
		wy = f.s*cr*f.ey + ct*f.ex
		m := math.Hypot(wx, wy)
		wx, wy = wx/m, wy/m
	}
	p := f.p
	pw := dot2(p.X, wx, p.Y, wy)
	root := math.Sqrt(pw*pw + f.a)
	var alpha, beta float64
	if pw > 0 {
		alpha = pw + root
		beta = f.a / alpha
	} else {
		beta = root - pw
		alpha = f.a / beta
	}
	e := math.Exp(-2 * r)
	den := beta*e + alpha
	x := f.a * -math.Expm1(-2*r) / den
	q := Point{math.FMA(x, wx, p.X), math.FMA(x, wy, p.Y)}
	// On the chord 1 − |p + λw|² = (α + λ)(β − λ), and β − x equals
	// β·e·(α+β)/den, so the exact 1 − |q|² is known without cancellation.
	// The computed q is off by δ ≤ 10u(x + 1) (relative errors of a few u
	// in x and w, one rounding of q), which moves 1 − |q|² by up to 2δ. If
	// that could exceed half of the exact value, the rounded point does not
	// represent the result (it would be far too close to the origin, or
	// outside), so report it.
	gap := (alpha + x) * (beta * e * (alpha + beta) / den)
	if !(40*unitRoundoff*(x+1) < gap) {
		return Point{}, notRepresentable(Klein, 0, q.X, q.Y)
	}
	return checkResult(q)
}

// log returns the tangent vector at f.p of the geodesic to q: length
// Dist(p, q), direction from the exact chord direction q − p by the frame
// relation above (radial part divided by s, i.e. (u·e, s·(e × u)) after
// scaling by s).
func (f frame) log(q Point) Vector {
	d := Dist(f.p, q)
	if d == 0 {
		return Vector{}
	}
	u := sub2(q, f.p)
	if f.atOrigin {
		ux, uy := u.x+u.xl, u.y+u.yl
		n := math.Hypot(ux, uy)
		return Vector{d * (ux / n), d * (uy / n)}
	}
	e := ddVec{x: f.ex, y: f.ey}
	cr := u.dot(e)
	ec, _ := e.cross(u)
	ct := f.s * ec
	n := math.Hypot(cr, ct)
	cr, ct = d*(cr/n), d*(ct/n)
	return Vector{cr*f.ex - ct*f.ey, cr*f.ey + ct*f.ex}
}

// Exp returns the exponential map at p applied to v: the point reached at
// time 1 by the geodesic leaving p with velocity v. Tangent vectors at p
// are given in the orthonormal frame obtained by parallel transport of
// the standard frame at the origin along the geodesic from the origin to p
// (the differential of Translation(p) at the origin); so |v| is the
// hyperbolic length, and v corresponds to the hyperboloid tangent vector
// M_p·(0, v.X, v.Y) at p. At the origin this is the Klein chart itself.
//
// Errors: a *PointError for an invalid p, ErrInvalidArgument for a
// non-finite v, ErrNotRepresentable if the result is too close to the
// ideal boundary for float64 Klein coordinates to represent it (1 − |q|²
// below 40u(1 + advance) ≤ 1.4e-14, i.e. within about 5e-15 of the
// boundary, about 17 from the origin): rather than return the nearest
// representable point, which could be arbitrarily far from the true
// result, Exp reports it.
func Exp(p Point, v Vector) (Point, error) {
	if err := p.Check(); err != nil {
		return Point{}, err
	}
	if !finite(v.X) || !finite(v.Y) {
		return Point{}, invalidArg("tangent vector (%v, %v) is not finite", v.X, v.Y)
	}
	return newFrame(p).exp(v)
}

// Log returns the tangent vector at p of the geodesic from p to q, of
// length Dist(p, q), in the frame described at Exp; Exp(p, Log(p, q)) = q.
func Log(p, q Point) (Vector, error) {
	if err := p.Check(); err != nil {
		return Vector{}, err
	}
	if err := q.Check(); err != nil {
		return Vector{}, err
	}
	return newFrame(p).log(q), nil
}

// Geodesic returns the point γ(s) of the geodesic with γ(0) = p and
// γ(1) = q, parametrised proportionally to arc length. For s in [0, 1] it
// is the Klein point p + λ(q − p) with
//
//	λ = sinh(s·d)√(1−|p|²) / (sinh((1−s)·d)√(1−|q|²) + sinh(s·d)√(1−|p|²)),
//
// d = Dist(p, q) (the hyperboloid combination of p and q, projected); for
// other s it is Exp(p, s·Log(p, q)).
func Geodesic(p, q Point, s float64) (Point, error) {
	if err := p.Check(); err != nil {
		return Point{}, err
	}
	if err := q.Check(); err != nil {
		return Point{}, err
	}
	if !finite(s) {
		return Point{}, invalidArg("geodesic parameter %v is not finite", s)
	}
	if s < 0 || s > 1 {
		f := newFrame(p)
		v := f.log(q)
		return f.exp(Vector{s * v.X, s * v.Y})
	}
	d := Dist(p, q)
	if d == 0 || s == 0 {
		return p, nil
	}
	if s == 1 {
		return q, nil
	}
	wp := math.Sinh((1-s)*d) * math.Sqrt(oneMinusNormSq(q.X, q.Y))
	wq := math.Sinh(s*d) * math.Sqrt(oneMinusNormSq(p.X, p.Y))
	return along(p, q, wq/(wp+wq))
}

// Midpoint returns the geodesic midpoint of p and q,
// (√(1−|q|²)·p + √(1−|p|²)·q) / (√(1−|q|²) + √(1−|p|²)), a convex
// combination, so it is equidistant from p and q to rounding.
func Midpoint(p, q Point) (Point, error) {
	if err := p.Check(); err != nil {
		return Point{}, err
	}
	if err := q.Check(); err != nil {
		return Point{}, err
	}
	sp := math.Sqrt(oneMinusNormSq(p.X, p.Y))
	sq := math.Sqrt(oneMinusNormSq(q.X, q.Y))
	return along(p, q, sp/(sp+sq))
}

// along returns p + λ(q − p) with the difference kept exact.
func along(p, q Point, lambda float64) (Point, error) {
	u := sub2(q, p)
	x := math.FMA(lambda, u.x, p.X) + lambda*u.xl
	y := math.FMA(lambda, u.y, p.Y) + lambda*u.yl
	return checkResult(Point{x, y})
}
