package hyperbolic

import "math"

// Isometry is an isometry of the hyperbolic plane, stored as a 3×3 matrix
// M of the orthochronous Lorentz group O⁺(2,1) acting on hyperboloid
// coordinates (T, X, Y): Mᵀ J M = J with J = diag(1, −1, −1) and M₀₀ ≥ 1.
// On a Klein point p it acts projectively: the image is the Klein point of
// M·(1, p.X, p.Y). Products of rotations, reflections and boosts give
// every isometry. The zero value is not an isometry; start from Identity.
type Isometry struct{ m [3][3]float64 }

// Identity returns the identity isometry.
func Identity() Isometry {
	return Isometry{[3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}
}

// Rotation returns the rotation by theta radians (counterclockwise) about
// the origin. A non-finite theta gives an isometry whose Apply fails.
func Rotation(theta float64) Isometry {
	s, c := math.Sincos(theta)
	return Isometry{[3][3]float64{{1, 0, 0}, {0, c, -s}, {0, s, c}}}
}

// Reflection returns the reflection in the geodesic through the origin at
// angle theta from the X axis. Reflection(0) maps (x, y) to (x, −y).
func Reflection(theta float64) Isometry {
	s, c := math.Sincos(2 * theta)
	return Isometry{[3][3]float64{{1, 0, 0}, {0, c, s}, {0, s, -c}}}
}

// Boost returns the hyperbolic translation (Lorentz boost) by distance
// dist along the geodesic through the origin in direction angle dir: it
// takes the origin to the point at distance dist in that direction and
// parallel-transports tangent vectors along that geodesic.
func Boost(dist, dir float64) Isometry {
	s, c := math.Sincos(dir)
	sh := math.Sinh(dist)
	return boost(math.Cosh(dist), sh*c, sh*s)
}

// Translation returns the hyperbolic translation (Lorentz boost) along the
// geodesic through the origin and p that takes the origin to p. Its
// differential at the origin is the parallel transport from the origin to
// p, which defines the tangent frame used by Exp and Log.
func Translation(p Point) (Isometry, error) {
	if err := p.Check(); err != nil {
		return Isometry{}, err
	}
	t := 1 / math.Sqrt(oneMinusNormSq(p.X, p.Y))
	return boost(t, t*p.X, t*p.Y), nil
}

// boost returns the boost taking (1, 0, 0) to (t, x, y), t² − x² − y² = 1.
func boost(t, x, y float64) Isometry {
	k := 1 / (t + 1)
	return Isometry{[3][3]float64{
		{t, x, y},
		{x, 1 + x*x*k, x * y * k},
		{y, x * y * k, 1 + y*y*k},
	}}
}

// Matrix returns the Lorentz matrix of m (rows and columns in the order
// T, X, Y).
func (m Isometry) Matrix() [3][3]float64 { return m.m }

// Compose returns m∘n, the isometry that applies n first, then m.
func (m Isometry) Compose(n Isometry) Isometry {
	var r Isometry
	for i := range 3 {
		for j := range 3 {
			r.m[i][j] = m.m[i][0]*n.m[0][j] + m.m[i][1]*n.m[1][j] + m.m[i][2]*n.m[2][j]
		}
	}
	return r
}

// Inverse returns the inverse isometry, J·Mᵀ·J (exact: only signs change).
func (m Isometry) Inverse() Isometry {
	var r Isometry
	for i := range 3 {
		for j := range 3 {
			v := m.m[j][i]
			if (i == 0) != (j == 0) {
				v = -v
			}
			r.m[i][j] = v
		}
	}
	return r
}

// Apply returns the image of the Klein point p, computed projectively; its
// error is a hyperbolic displacement of about u·‖M‖·t(p)·t(image), with
// u = 2⁻⁵³ and t the hyperboloid time coordinate. The error is a
// *PointError if p is invalid, or wraps ErrNotRepresentable if the
// isometry has non-finite entries or the image is too close to the ideal
// boundary for its rounding to represent it.
func (m Isometry) Apply(p Point) (Point, error) {
	if err := p.Check(); err != nil {
		return Point{}, err
	}
	t := m.m[0][0] + m.m[0][1]*p.X + m.m[0][2]*p.Y
	x := m.m[1][0] + m.m[1][1]*p.X + m.m[1][2]*p.Y
	y := m.m[2][0] + m.m[2][1]*p.X + m.m[2][2]*p.Y
	q := Point{x / t, y / t}
	// (t, x, y) = M·(1, p) has t² − x² − y² = 1 − |p|² exactly, so the
	// image has 1 − |q|² = (1 − |p|²)/t². Each homogeneous coordinate is
	// off by at most e = 3u·(row sum of |M|·(1, |p.X|, |p.Y|)), which moves
	// 1 − |q|² by up to about 4e/t. If that could exceed half of the exact
	// value the rounded image does not represent the true one (it may be
	// far too close to the origin), so report it.
	e := 0.0
	for i := range 3 {
		e = max(e, math.Abs(m.m[i][0])+math.Abs(m.m[i][1]*p.X)+math.Abs(m.m[i][2]*p.Y))
	}
	e *= 3 * unitRoundoff
	if !(t > 0) || !(8*e*t < oneMinusNormSq(p.X, p.Y)) {
		return Point{}, notRepresentable(Klein, 0, q.X, q.Y)
	}
	return checkResult(q)
}

// ApplyHyperboloid returns M·h. The error is a *PointError if h is invalid
// or the image overflows.
func (m Isometry) ApplyHyperboloid(h HyperboloidPoint) (HyperboloidPoint, error) {
	if err := h.Check(); err != nil {
		return HyperboloidPoint{}, err
	}
	r := HyperboloidPoint{
		m.m[0][0]*h.T + m.m[0][1]*h.X + m.m[0][2]*h.Y,
		m.m[1][0]*h.T + m.m[1][1]*h.X + m.m[1][2]*h.Y,
		m.m[2][0]*h.T + m.m[2][1]*h.X + m.m[2][2]*h.Y,
	}
	if err := r.Check(); err != nil {
		return HyperboloidPoint{}, notRepresentable(Hyperboloid, r.T, r.X, r.Y)
	}
	return r, nil
}
