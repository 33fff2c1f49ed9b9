package hyperbolic

import "math"

// Conversions between the four models. Each direction is written directly
// (not as a chain) with formulas free of cancellation, so a point within
// 1e-9 of the ideal boundary keeps its full relative accuracy. Every
// function checks its input and returns a *PointError for an invalid one;
// when the exact image is a valid point whose float64 rounding is not (for
// example a Poincaré point within 1e-8 of the circle, whose Klein image is
// within 1e-16 of it) the error wraps ErrNotRepresentable.
//
// The identifications used are the standard ones:
//
//	hyperboloid (T, X, Y)  →  Klein    (X, Y)/T
//	hyperboloid (T, X, Y)  →  Poincaré (X, Y)/(1 + T)
//	Poincaré w  →  half-plane z = i(1 + w)/(1 − w)   (the Cayley map; 0 ↦ i, 1 ↦ ∞, −1 ↦ 0)
//
// so the origin of both disks is the point (1, 0, 0) of the hyperboloid and
// the point i of the half-plane.

// KleinToPoincare maps p to p/(1 + √(1 − |p|²)).
func KleinToPoincare(p Point) (PoincarePoint, error) {
	if err := p.Check(); err != nil {
		return PoincarePoint{}, err
	}
	d := 1 + math.Sqrt(oneMinusNormSq(p.X, p.Y))
	// |result|² = (1−s)/(1+s) with s = √(1−|p|²) ≥ 2⁻²⁷: no rounding can
	// reach the circle, so no result check is needed.
	return PoincarePoint{p.X / d, p.Y / d}, nil
}

// PoincareToKlein maps w to 2w/(1 + |w|²).
func PoincareToKlein(w PoincarePoint) (Point, error) {
	if err := w.Check(); err != nil {
		return Point{}, err
	}
	d := 1 + (w.X*w.X + w.Y*w.Y)
	return checkResult(Point{2 * w.X / d, 2 * w.Y / d})
}

// KleinToHyperboloid maps p to (1, X, Y)/√(1 − |p|²).
func KleinToHyperboloid(p Point) (HyperboloidPoint, error) {
	if err := p.Check(); err != nil {
		return HyperboloidPoint{}, err
	}
	s := math.Sqrt(oneMinusNormSq(p.X, p.Y))
	return hyperboloidResult(HyperboloidPoint{1 / s, p.X / s, p.Y / s})
}

// hyperboloidResult validates a computed hyperboloid point. Near the
// ideal boundary T ≈ √(X² + Y²) and the rounding of the three coordinates
// can leave the triple just outside the light cone; raising T by the few
// ulps the computation is off by makes it timelike again — a point of the
// same ray's neighbourhood, as close to the exact image as the rounding
// already put it. A triple that a few ulps do not mend, or one that is not
// finite, is not representable.
func hyperboloidResult(h HyperboloidPoint) (HyperboloidPoint, error) {
	if !finite(h.T) || !finite(h.X) || !finite(h.Y) {
		return HyperboloidPoint{}, notRepresentable(Hyperboloid, h.T, h.X, h.Y)
	}
	for range 8 {
		if h.T > 0 && timelike(h.T, h.X, h.Y) {
			return h, nil
		}
		h.T = math.Nextafter(h.T, math.Inf(1))
	}
	return HyperboloidPoint{}, notRepresentable(Hyperboloid, h.T, h.X, h.Y)
}

// HyperboloidToKlein maps h to (X/T, Y/T).
func HyperboloidToKlein(h HyperboloidPoint) (Point, error) {
	if err := h.Check(); err != nil {
		return Point{}, err
	}
	return checkResult(Point{h.X / h.T, h.Y / h.T})
}

// KleinToHalfPlane maps p to (−Y + i√(1 − |p|²))/(1 − X).
func KleinToHalfPlane(p Point) (HalfPlanePoint, error) {
	if err := p.Check(); err != nil {
		return HalfPlanePoint{}, err
	}
	s := math.Sqrt(oneMinusNormSq(p.X, p.Y))
	d := 1 - p.X // exact for X ≥ 1/2, and no cancellation otherwise
	return HalfPlanePoint{-p.Y / d, s / d}, nil
}

// HalfPlaneToKlein maps z = x + iy to (|z|² − 1, −2x)/(|z|² + 1).
func HalfPlaneToKlein(z HalfPlanePoint) (Point, error) {
	if err := z.Check(); err != nil {
		return Point{}, err
	}
	n := -lorentzQuad(1, z.X, z.Y) // |z|² − 1 without cancellation
	d := 1 + (z.X*z.X + z.Y*z.Y)
	return checkResult(Point{n / d, -2 * z.X / d})
}

// PoincareToHyperboloid maps w to (1 + |w|², 2X, 2Y)/(1 − |w|²).
func PoincareToHyperboloid(w PoincarePoint) (HyperboloidPoint, error) {
	if err := w.Check(); err != nil {
		return HyperboloidPoint{}, err
	}
	b := oneMinusNormSq(w.X, w.Y)
	return hyperboloidResult(HyperboloidPoint{(1 + (w.X*w.X + w.Y*w.Y)) / b, 2 * w.X / b, 2 * w.Y / b})
}

// HyperboloidToPoincare maps h to (X, Y)/(1 + T).
func HyperboloidToPoincare(h HyperboloidPoint) (PoincarePoint, error) {
	if err := h.Check(); err != nil {
		return PoincarePoint{}, err
	}
	d := 1 + h.T
	w := PoincarePoint{h.X / d, h.Y / d}
	if !timelike(1, w.X, w.Y) {
		return PoincarePoint{}, notRepresentable(Poincare, 0, w.X, w.Y)
	}
	return w, nil
}

// Normalize returns the point where the ray of h meets the sheet,
// h/√(T² − X² − Y²), the quadratic form evaluated without cancellation
// and after an exact power-of-two scaling (no overflow). Use it for
// triples that are off the sheet by more than rounding.
func (h HyperboloidPoint) Normalize() (HyperboloidPoint, error) {
	if err := h.Check(); err != nil {
		return HyperboloidPoint{}, err
	}
	_, e := math.Frexp(h.T)
	t, x, y := math.Ldexp(h.T, -e), math.Ldexp(h.X, -e), math.Ldexp(h.Y, -e)
	n := math.Sqrt(lorentzQuad(t, x, y))
	r := HyperboloidPoint{t / n, x / n, y / n}
	if !finite(r.T) || !finite(r.X) || !finite(r.Y) {
		return HyperboloidPoint{}, notRepresentable(Hyperboloid, r.T, r.X, r.Y)
	}
	return r, nil
}

// PoincareToHalfPlane maps w to i(1 + w)/(1 − w) = (−2Y + i(1 − |w|²))/|1 − w|².
func PoincareToHalfPlane(w PoincarePoint) (HalfPlanePoint, error) {
	if err := w.Check(); err != nil {
		return HalfPlanePoint{}, err
	}
	b := oneMinusNormSq(w.X, w.Y)
	u := 1 - w.X
	d := u*u + w.Y*w.Y
	return halfPlaneResult(HalfPlanePoint{-2 * w.Y / d, b / d})
}

// HalfPlaneToPoincare maps z = x + iy to (z − i)/(z + i) = (|z|² − 1, −2x)/(x² + (y+1)²).
func HalfPlaneToPoincare(z HalfPlanePoint) (PoincarePoint, error) {
	if err := z.Check(); err != nil {
		return PoincarePoint{}, err
	}
	n := -lorentzQuad(1, z.X, z.Y)
	yp := z.Y + 1
	d := z.X*z.X + yp*yp
	w := PoincarePoint{n / d, -2 * z.X / d}
	if !finite(w.X) || !finite(w.Y) || !timelike(1, w.X, w.Y) {
		return PoincarePoint{}, notRepresentable(Poincare, 0, w.X, w.Y)
	}
	return w, nil
}

// HyperboloidToHalfPlane maps h to (−Y + i)/(T − X), with T − X formed as
// (1 + Y²)/(T + X) when X > 0 (T² − X² = 1 + Y² on the sheet), which
// avoids cancellation.
func HyperboloidToHalfPlane(h HyperboloidPoint) (HalfPlanePoint, error) {
	if err := h.Check(); err != nil {
		return HalfPlanePoint{}, err
	}
	d := h.T - h.X
	if h.X > 0 {
		d = (1 + h.Y*h.Y) / (h.T + h.X)
	}
	return halfPlaneResult(HalfPlanePoint{-h.Y / d, 1 / d})
}

// halfPlaneResult validates a computed half-plane point: finite, Y > 0.
func halfPlaneResult(z HalfPlanePoint) (HalfPlanePoint, error) {
	if z.Check() != nil {
		return HalfPlanePoint{}, notRepresentable(HalfPlane, 0, z.X, z.Y)
	}
	return z, nil
}

// HalfPlaneToHyperboloid maps z = x + iy to ((|z|²+1)/(2y), (|z|²−1)/(2y), −x/y).
func HalfPlaneToHyperboloid(z HalfPlanePoint) (HyperboloidPoint, error) {
	if err := z.Check(); err != nil {
		return HyperboloidPoint{}, err
	}
	m := z.X*z.X + z.Y*z.Y
	n := -lorentzQuad(1, z.X, z.Y)
	return hyperboloidResult(HyperboloidPoint{(m + 1) / (2 * z.Y), n / (2 * z.Y), -z.X / z.Y})
}
