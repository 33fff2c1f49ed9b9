package fermat

import (
	"math"
	"math/rand/v2"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// tri is a test triangle.
type tri [3]hyperbolic.Point

// A triangle class: a name and a sampler (seeded by the caller).
type triClass struct {
	name string
	gen  func(rng *rand.Rand) (tri, bool)
}

// maxR is the largest Euclidean radius of a test vertex: |p| ≤ 1 − 1e-6.
const maxR = 1 - 1e-6

func inRange(t tri) bool {
	for _, p := range t {
		if p.Check() != nil || math.Hypot(p.X, p.Y) > maxR {
			return false
		}
	}
	return t[0] != t[1] && t[1] != t[2] && t[0] != t[2]
}

func polar(r, th float64) hyperbolic.Point {
	s, c := math.Sincos(th)
	return hyperbolic.Point{X: r * c, Y: r * s}
}

// nearBoundaryRadius returns r with 1 − r log-uniform in [1e-6, 1e-1].
func nearBoundaryRadius(rng *rand.Rand) float64 {
	return 1 - math.Pow(10, -1-5*rng.Float64())
}

// around returns the point at distance ℓ from m in direction th of the
// tangent frame at m.
func around(m hyperbolic.Point, l, th float64) (hyperbolic.Point, bool) {
	s, c := math.Sincos(th)
	p, err := hyperbolic.Exp(m, hyperbolic.Vector{X: l * c, Y: l * s})
	return p, err == nil
}

func localTri(rng *rand.Rand, m hyperbolic.Point, scale float64) (tri, bool) {
	var t tri
	for i := range t {
		p, ok := around(m, scale*(0.3+0.7*rng.Float64()), 2*math.Pi*rng.Float64())
		if !ok {
			return t, false
		}
		t[i] = p
	}
	return t, inRange(t)
}

// The classes of the oracle tests.
var triClasses = []triClass{
	{"uniform", func(rng *rand.Rand) (tri, bool) {
		ps, err := hyperbolic.SampleUniformDisk(rng, 3)
		if err != nil {
			return tri{}, false
		}
		t := tri{ps[0], ps[1], ps[2]}
		return t, inRange(t)
	}},
	{"gaussian", func(rng *rand.Rand) (tri, bool) {
		ps, err := hyperbolic.WrappedGaussian{Sigma: 0.5}.Sample(rng, 3)
		if err != nil {
			return tri{}, false
		}
		t := tri{ps[0], ps[1], ps[2]}
		return t, inRange(t)
	}},
	// Three vertices near the ideal boundary, anywhere on it: large
	// triangles whose Steiner point is deep inside.
	{"boundary-wide", func(rng *rand.Rand) (tri, bool) {
		var t tri
		for i := range t {
			t[i] = polar(nearBoundaryRadius(rng), 2*math.Pi*rng.Float64())
		}
		return t, inRange(t)
	}},
	// Triangles of hyperbolic size 0.01 to 3 around a point near the
	// boundary: the Steiner point is near the boundary too.
	{"boundary-local", func(rng *rand.Rand) (tri, bool) {
		m := polar(nearBoundaryRadius(rng), 2*math.Pi*rng.Float64())
		return localTri(rng, m, math.Pow(10, -2+2.5*rng.Float64()))
	}},
	// Sides near 1e-6, anywhere in the disk (also near the boundary).
	{"tiny", func(rng *rand.Rand) (tri, bool) {
		m := polar(1-math.Pow(10, -5*rng.Float64()), 2*math.Pi*rng.Float64())
		if rng.IntN(2) == 0 {
			m = polar(0.9*math.Sqrt(rng.Float64()), 2*math.Pi*rng.Float64())
		}
		return localTri(rng, m, 1e-6)
	}},
	// An angle within 1e-6 of 120°, on either side.
	{"near120", func(rng *rand.Rand) (tri, bool) {
		delta := math.Pow(10, -6-4*rng.Float64())
		if rng.IntN(2) == 0 {
			delta = -delta
		}
		return nearAngle(rng, 2*math.Pi/3-delta)
	}},
}

// nearAngle returns a triangle with angle theta at a random vertex (up to
// the rounding of the coordinates), vertex anywhere in the disk, sides from
// 1e-3 to 3.
func nearAngle(rng *rand.Rand, theta float64) (tri, bool) {
	v := polar(math.Sqrt(rng.Float64())*0.99, 2*math.Pi*rng.Float64())
	if rng.IntN(4) == 0 {
		v = polar(nearBoundaryRadius(rng), 2*math.Pi*rng.Float64())
	}
	th0 := 2 * math.Pi * rng.Float64()
	p, ok1 := around(v, math.Pow(10, -3+3.5*rng.Float64()), th0)
	q, ok2 := around(v, math.Pow(10, -3+3.5*rng.Float64()), th0+theta)
	if !ok1 || !ok2 {
		return tri{}, false
	}
	var t tri
	k := rng.IntN(3) // where the vertex goes in the triangle
	t[k], t[(k+1)%3], t[(k+2)%3] = v, p, q
	return t, inRange(t)
}

// sampleClass draws n triangles of class c.
func sampleClass(c triClass, seed uint64, n int) []tri {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	out := make([]tri, 0, n)
	for len(out) < n {
		if t, ok := c.gen(rng); ok {
			out = append(out, t)
		}
	}
	return out
}
