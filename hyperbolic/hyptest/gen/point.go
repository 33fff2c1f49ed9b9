package gen

import (
	"math"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/hyperbolic/hyptest"
	"pgregory.net/rapid"
)

// Polar is a point of the hyperbolic plane in geodesic polar coordinates
// about the origin: the hyperbolic distance R ≥ 0 from the origin and the
// direction Theta (radians, counterclockwise from the first axis). It is
// model-free; its methods give the point in each model, so that one law
// serves all four.
type Polar struct{ R, Theta float64 }

// Klein returns the Klein point tanh R·(cos θ, sin θ), rounded to
// float64. Beyond R ≈ 18.7 no float64 Klein point is that far out; a
// point whose rounding is not strictly inside the unit disk is moved
// inwards, one ulp per coordinate at a time, to the first one that is
// (so Klein never returns an invalid point).
func (p Polar) Klein() hyperbolic.Point {
	s, c := math.Sincos(p.Theta)
	r := math.Tanh(p.R)
	return inside(hyperbolic.Point{X: r * c, Y: r * s})
}

// Poincare returns the Poincaré point tanh(R/2)·(cos θ, sin θ), rounded
// (and moved inwards like Klein's, beyond R ≈ 37.4).
func (p Polar) Poincare() hyperbolic.PoincarePoint {
	s, c := math.Sincos(p.Theta)
	r := math.Tanh(p.R / 2)
	q := inside(hyperbolic.Point{X: r * c, Y: r * s})
	return hyperbolic.PoincarePoint{X: q.X, Y: q.Y}
}

// Hyperboloid returns (cosh R, sinh R·cos θ, sinh R·sin θ), rounded
// (finite for R < 710). Far out the rounded triple may fail
// T² > X² + Y² (the sheet is within rounding of the light cone); T is
// then raised one ulp at a time until it holds, so the point is valid.
func (p Polar) Hyperboloid() hyperbolic.HyperboloidPoint {
	s, c := math.Sincos(p.Theta)
	sh := math.Sinh(p.R)
	h := hyperbolic.HyperboloidPoint{T: math.Cosh(p.R), X: sh * c, Y: sh * s}
	for h.Check() != nil {
		h.T = math.Nextafter(h.T, math.Inf(1))
	}
	return h
}

// HalfPlane returns the half-plane image of the Poincaré point by the
// Cayley map z = i(1 + w)/(1 − w) (hyperbolic.PoincareToHalfPlane), so the
// origin is i. The conversion keeps full relative accuracy; an image too
// close to the real axis for float64 (Y = 0 after rounding) is replaced
// by the smallest positive Y.
func (p Polar) HalfPlane() hyperbolic.HalfPlanePoint {
	z, err := hyperbolic.PoincareToHalfPlane(p.Poincare())
	if err != nil {
		w := p.Poincare()
		u := 1 - w.X
		d := u*u + w.Y*w.Y
		return hyperbolic.HalfPlanePoint{X: -2 * w.Y / d, Y: math.SmallestNonzeroFloat64}
	}
	return z
}

// inside returns p if it is strictly inside the unit disk, else p moved
// towards the origin by one ulp per coordinate until it is.
func inside(p hyperbolic.Point) hyperbolic.Point {
	for p.Check() != nil {
		p = hyperbolic.Point{X: math.Nextafter(p.X, 0), Y: math.Nextafter(p.Y, 0)}
	}
	return p
}

// diskPolar draws the law of DiskPolar.
func diskPolar(t *rapid.T, radius float64) Polar {
	u := unit(t)
	theta := 2 * math.Pi * unit(t)
	return Polar{2 * math.Asinh(math.Sqrt(u)*math.Sinh(radius/2)), theta}
}

// DiskPolar returns a generator of points uniformly distributed, for the
// hyperbolic area, in the disk of the given radius about the origin:
//
//	P(d(0, p) ≤ r) = (cosh r − 1)/(cosh radius − 1) = sinh²(r/2)/sinh²(radius/2),
//
// the direction uniform and independent. Drawn as sinh(R/2) = √U·sinh(radius/2)
// and θ = 2πV (U, V as in Unit, so the law holds up to rounding). It
// shrinks towards the origin and θ = 0. It panics unless
// 0 ≤ radius ≤ 700.
func DiskPolar(radius float64) *rapid.Generator[Polar] {
	return diskIn("DiskPolar", radius, 700, "", func(p Polar) Polar { return p })
}

// diskIn returns DiskPolar(radius) mapped into a model by to. It panics
// unless 0 ≤ radius ≤ reach, naming the generator and why the reach.
func diskIn[P any](name string, radius, reach float64, why string, to func(Polar) P) *rapid.Generator[P] {
	mustf(radius >= 0 && radius <= reach, "%s(%v): want 0 ≤ radius ≤ %v%s", name, radius, reach, why)
	return rapid.Custom(func(t *rapid.T) P { return to(diskPolar(t, radius)) })
}

// Disk returns DiskPolar(radius) as Klein points. Float64 Klein
// coordinates reach at most about 18.7 from the origin, so it panics
// unless 0 ≤ radius ≤ 18.
func Disk(radius float64) *rapid.Generator[hyperbolic.Point] {
	return diskIn("Disk", radius, 18, " (the reach of float64 Klein coordinates)", Polar.Klein)
}

// PoincareDisk returns DiskPolar(radius) as Poincaré points. It panics
// unless 0 ≤ radius ≤ 36.
func PoincareDisk(radius float64) *rapid.Generator[hyperbolic.PoincarePoint] {
	return diskIn("PoincareDisk", radius, 36, "", Polar.Poincare)
}

// HyperboloidDisk returns DiskPolar(radius) as hyperboloid points. It
// panics unless 0 ≤ radius ≤ 700.
func HyperboloidDisk(radius float64) *rapid.Generator[hyperbolic.HyperboloidPoint] {
	return diskIn("HyperboloidDisk", radius, 700, "", Polar.Hyperboloid)
}

// HalfPlaneDisk returns DiskPolar(radius) as half-plane points (the
// origin is i). It panics unless 0 ≤ radius ≤ 36.
func HalfPlaneDisk(radius float64) *rapid.Generator[hyperbolic.HalfPlanePoint] {
	return diskIn("HalfPlaneDisk", radius, 36, "", Polar.HalfPlane)
}

// gapPolar returns the polar point whose disk radius in the model
// (tanh R for Klein, tanh(R/2) for Poincaré) is 1 − g.
func gapPolar(g, theta float64, poincare bool) Polar {
	r := 0.5 * (math.Log(2-g) - math.Log(g)) // atanh(1 − g)
	if poincare {
		r *= 2
	}
	return Polar{r, theta}
}

// NearBoundary returns a generator of Klein points close to the ideal
// boundary: the Euclidean gap 1 − |p| is 2⁻ˢ with s uniform on [1, bits],
// the direction uniform (θ = 2πV), rounded to float64 and moved inwards
// where rounding left the disk (see Polar.Klein; float64 cannot resolve
// gaps much below 2⁻⁵³, where the law holds only up to that rounding).
// It shrinks towards s = 1, θ = 0. It panics unless 1 ≤ bits ≤ 53.
func NearBoundary(bits float64) *rapid.Generator[hyperbolic.Point] {
	mustf(bits >= 1 && bits <= 53, "NearBoundary(%v): want 1 ≤ bits ≤ 53", bits)
	return rapid.Custom(func(t *rapid.T) hyperbolic.Point {
		s := uniform(t, 1, bits)
		return gapPolar(math.Exp2(-s), 2*math.Pi*unit(t), false).Klein()
	})
}

// PoincareNearBoundary is NearBoundary for the Poincaré disk: 1 − |w| is
// 2⁻ˢ, s uniform on [1, bits].
func PoincareNearBoundary(bits float64) *rapid.Generator[hyperbolic.PoincarePoint] {
	mustf(bits >= 1 && bits <= 53, "PoincareNearBoundary(%v): want 1 ≤ bits ≤ 53", bits)
	return rapid.Custom(func(t *rapid.T) hyperbolic.PoincarePoint {
		s := uniform(t, 1, bits)
		return gapPolar(math.Exp2(-s), 2*math.Pi*unit(t), true).Poincare()
	})
}

// NearOrigin returns a generator of Klein points at Euclidean distance
// 2⁻ˢ from the origin, s uniform on [1, bits], the direction uniform:
// tiny coordinates, down to subnormal ones for bits > 1022. It shrinks
// towards s = 1, θ = 0. It panics unless 1 ≤ bits ≤ 1070.
func NearOrigin(bits float64) *rapid.Generator[hyperbolic.Point] {
	mustf(bits >= 1 && bits <= 1070, "NearOrigin(%v): want 1 ≤ bits ≤ 1070", bits)
	return rapid.Custom(func(t *rapid.T) hyperbolic.Point {
		r := math.Exp2(-uniform(t, 1, bits))
		s, c := math.Sincos(2 * math.Pi * unit(t))
		return hyperbolic.Point{X: r * c, Y: r * s}
	})
}

// Dyadic returns a generator of exact dyadic Klein points: (i, j)/2ᵇ with
// integers i, j, uniform over those strictly inside the unit disk (drawn
// uniformly on the square |i|, |j| < 2ᵇ and redrawn when outside). Such
// points are exact in every arithmetic, and their differences, products
// and squares are exact in float64 for small b. It shrinks towards the
// origin. It panics unless 1 ≤ b ≤ 52.
func Dyadic(b int) *rapid.Generator[hyperbolic.Point] {
	mustf(b >= 1 && b <= 52, "Dyadic(%d): want 1 ≤ b ≤ 52", b)
	return rapid.Custom(func(t *rapid.T) hyperbolic.Point { return dyadic(t, b) })
}

func dyadic(t *rapid.T, b int) hyperbolic.Point {
	n := 1<<(b+1) - 1 // values −(2ᵇ−1) … 2ᵇ−1
	scale := math.Ldexp(1, -b)
	for range maxRedraws {
		p := hyperbolic.Point{X: float64(zigzag(intN(t, n))) * scale, Y: float64(zigzag(intN(t, n))) * scale}
		if p.Check() == nil {
			return p
		}
	}
	t.Skip("Dyadic: no point inside the disk")
	return hyperbolic.Point{}
}

// EuclideanDisk returns a generator of Klein points uniform for the
// Euclidean area of the unit disk (the paper's "uniform" samples): X and Y
// are ±U with independent signs, uniform on (−1, 1), redrawn when outside
// the disk. It shrinks towards the origin.
func EuclideanDisk() *rapid.Generator[hyperbolic.Point] {
	return rapid.Custom(func(t *rapid.T) hyperbolic.Point {
		for range maxRedraws {
			p := hyperbolic.Point{X: signed(t, unit(t)), Y: signed(t, unit(t))}
			if p.Check() == nil {
				return p
			}
		}
		t.Skip("EuclideanDisk: no point inside the disk")
		return hyperbolic.Point{}
	})
}

// signed returns ±x with a random sign (+ when shrunk).
func signed(t *rapid.T, x float64) float64 {
	if bit.Draw(t, "") {
		return -x
	}
	return x
}

// Points returns the default generator of Klein points, a mixture (each
// family with probability 1/5) of
//
//	Disk(6), NearBoundary(53), NearOrigin(60), Dyadic(b) with b uniform on [1, 20], EuclideanDisk()
//
// which covers points anywhere, points down to one ulp from the ideal
// boundary, tiny coordinates, exact dyadic points and the paper's
// uniform samples. It shrinks towards Disk(6)'s origin.
func Points() *rapid.Generator[hyperbolic.Point] { return pointsGen }

var pointsGen = rapid.Custom(func(t *rapid.T) hyperbolic.Point { return point(t) })

func point(t *rapid.T) hyperbolic.Point {
	switch intN(t, 5) {
	case 0:
		return diskPolar(t, 6).Klein()
	case 1:
		return nearBoundaryGen.Draw(t, "boundary")
	case 2:
		return nearOriginGen.Draw(t, "origin")
	case 3:
		return dyadic(t, intRange(t, 1, 20))
	}
	return euclideanGen.Draw(t, "euclidean")
}

var (
	nearBoundaryGen = NearBoundary(53)
	nearOriginGen   = NearOrigin(60)
	euclideanGen    = EuclideanDisk()
)

// Near returns a generator of points close to p: Exp(p, v) with
// |v| = 2ᵏ·hyptest.Resolution(p), k uniform on [4, K], K = min(50, log₂(1/Resolution(p))),
// the direction of v uniform (in the tangent frame of hyperbolic.Exp):
// from 16 times the float64 resolution at p (so the point differs from
// p) up to 2⁵⁰ times it but never beyond distance 1. Where that reaches
// past what float64 Klein coordinates can represent (p within about 2⁻⁴⁸
// of the boundary), a draw Exp cannot represent is redrawn, and the law
// is conditioned on representability. It shrinks towards k = 4,
// direction 0. It panics if p is not a point of the disk.
func Near(p hyperbolic.Point) *rapid.Generator[hyperbolic.Point] {
	mustf(p.Check() == nil, "Near(%v): not a point of the Klein disk", p)
	return rapid.Custom(func(t *rapid.T) hyperbolic.Point { return near(t, p) })
}

func near(t *rapid.T, p hyperbolic.Point) hyperbolic.Point {
	res := hyptest.Resolution(p)
	k := math.Max(4, math.Min(50, -math.Log2(res)))
	for range maxRedraws {
		l := res * math.Exp2(uniform(t, 4, k))
		s, c := math.Sincos(2 * math.Pi * unit(t))
		q, err := hyperbolic.Exp(p, hyperbolic.Vector{X: l * c, Y: l * s})
		if err == nil && q != p {
			return q
		}
	}
	t.Skip("Near: no representable neighbour found")
	return p
}

// maxRedraws bounds every redraw loop; a generator that exhausts it
// rejects the case (rapid then draws another), which for the laws here
// has probability far below 2⁻⁶⁴.
const maxRedraws = 256
