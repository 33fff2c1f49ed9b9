package gen

import (
	"math"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"pgregory.net/rapid"
)

// Point sets for code that takes many points (triangulations, spanning
// trees, Steiner trees): the degenerate configurations such code must
// survive, with exact float64 coordinates so that "collinear" and
// "cocircular" hold exactly, not up to rounding.

// Grid returns a generator of rectangular grids of Klein points:
// {(i₀ + i)h, (j₀ + j)h} for 0 ≤ i < nx, 0 ≤ j < ny, with h = 2⁻ᵉ, e
// uniform on [1, 30], nx and ny uniform on [1, maxSide] (capped so the
// grid fits in [−0.7, 0.7]², which lies inside the disk), and the corner
// (i₀, j₀) uniform among the positions that keep it there. Every
// coordinate is exact; rows, columns and diagonals are exactly collinear
// and every unit square exactly cocircular (in the Euclidean sense of the
// Klein chart). Points are listed row by row. It shrinks towards a 1×1
// grid at the first admissible corner. It panics unless maxSide ≥ 1.
func Grid(maxSide int) *rapid.Generator[[]hyperbolic.Point] {
	mustf(maxSide >= 1, "Grid(%d): want maxSide ≥ 1", maxSide)
	return rapid.Custom(func(t *rapid.T) []hyperbolic.Point {
		e := intRange(t, 1, 30)
		h := math.Ldexp(1, -e)
		span := int(0.7/h) * 2 // grid steps across [−0.7, 0.7]
		fit := min(maxSide, span+1)
		nx, ny := intRange(t, 1, fit), intRange(t, 1, fit)
		lo := -int(0.7 / h)
		i0 := lo + intN(t, span+2-nx)
		j0 := lo + intN(t, span+2-ny)
		ps := make([]hyperbolic.Point, 0, nx*ny)
		for j := range ny {
			for i := range nx {
				ps = append(ps, hyperbolic.Point{X: float64(i0+i) * h, Y: float64(j0+j) * h})
			}
		}
		return ps
	})
}

// circleRadii are integers R with many representations R² = X² + Y²
// (products of primes ≡ 1 mod 4), and circlePoints[k] the lattice points
// on the circle of radius circleRadii[k].
var (
	circleRadii  = []int{5, 25, 65, 85, 325, 1105}
	circlePoints = func() [][][2]int {
		out := make([][][2]int, len(circleRadii))
		for k, r := range circleRadii {
			for x := -r; x <= r; x++ {
				y2 := r*r - x*x
				y := int(math.Round(math.Sqrt(float64(y2))))
				if y*y != y2 {
					continue
				}
				out[k] = append(out[k], [2]int{x, y})
				if y != 0 {
					out[k] = append(out[k], [2]int{x, -y})
				}
			}
		}
		return out
	}()
)

// Cocircular returns a generator of n points exactly on one circle about
// the origin, which is a hyperbolic circle about the origin too: the
// lattice points (X, Y) with X² + Y² = R², scaled by 2⁻ᵏ where 2ᵏ is the
// least power of two above R, for R uniform among 5, 25, 65, 85, 325, 1105
// with at least n lattice points (12 to 96 of them), and n of those
// points chosen uniformly without replacement, in random order. Exact
// coordinates: every four of them are exactly cocircular. It panics
// unless 1 ≤ n ≤ 96.
func Cocircular(n int) *rapid.Generator[[]hyperbolic.Point] {
	mustf(n >= 1 && n <= 96, "Cocircular(%d): want 1 ≤ n ≤ 96", n)
	var radii []int
	for k := range circleRadii {
		if len(circlePoints[k]) >= n {
			radii = append(radii, k)
		}
	}
	return rapid.Custom(func(t *rapid.T) []hyperbolic.Point {
		k := radii[intN(t, len(radii))]
		_, e := math.Frexp(float64(circleRadii[k])) // R < 2ᵉ
		s := math.Ldexp(1, -e)
		pts := circlePoints[k]
		idx := choose(t, len(pts), n)
		ps := make([]hyperbolic.Point, n)
		for i, j := range idx {
			ps[i] = hyperbolic.Point{X: float64(pts[j][0]) * s, Y: float64(pts[j][1]) * s}
		}
		return ps
	})
}

// choose returns n distinct indices of [0, m), uniform, in uniformly
// random order (a partial Fisher–Yates shuffle).
func choose(t *rapid.T, m, n int) []int {
	perm := make([]int, m)
	for i := range perm {
		perm[i] = i
	}
	for i := range n {
		j := i + intN(t, m-i)
		perm[i], perm[j] = perm[j], perm[i]
	}
	return perm[:n]
}

// OnGeodesic returns a generator of n ≥ 2 distinct points exactly on one
// geodesic (a chord of the Klein disk): A and B from Dyadic(20), distinct,
// and the points A + (k/2²⁰)(B − A) for n distinct k uniform on
// [0, 2²⁰] (so A and B themselves may appear), in random order. Every
// coordinate is exact, so every triple is exactly collinear. It panics
// unless 2 ≤ n ≤ 1024.
func OnGeodesic(n int) *rapid.Generator[[]hyperbolic.Point] {
	mustf(n >= 2 && n <= 1024, "OnGeodesic(%d): want 2 ≤ n ≤ 1024", n)
	return rapid.Custom(func(t *rapid.T) []hyperbolic.Point {
		var a, b hyperbolic.Point
		for range maxRedraws {
			if a, b = dyadic(t, 20), dyadic(t, 20); a != b {
				break
			}
		}
		if a == b {
			t.Skip("OnGeodesic: no distinct end points")
		}
		seen := make(map[int]bool, n)
		ps := make([]hyperbolic.Point, 0, n)
		for len(ps) < n {
			k := intN(t, 1<<20+1)
			if seen[k] {
				continue
			}
			seen[k] = true
			s := math.Ldexp(float64(k), -20)
			ps = append(ps, hyperbolic.Point{X: a.X + s*(b.X-a.X), Y: a.Y + s*(b.Y-a.Y)})
		}
		return ps
	})
}

// WithDuplicates returns a generator that draws a point set from g and
// appends k copies of its points, k uniform on [1, len], each copy of a
// point chosen uniformly, then shuffles the whole list uniformly. A set
// drawn empty is returned as it is. It shrinks towards one duplicate of
// the first point, unshuffled.
func WithDuplicates(g *rapid.Generator[[]hyperbolic.Point]) *rapid.Generator[[]hyperbolic.Point] {
	return rapid.Custom(func(t *rapid.T) []hyperbolic.Point {
		ps := g.Draw(t, "set")
		if len(ps) == 0 {
			return ps
		}
		out := append([]hyperbolic.Point(nil), ps...)
		for range 1 + intN(t, len(ps)) {
			out = append(out, ps[intN(t, len(ps))])
		}
		perm := choose(t, len(out), len(out))
		shuffled := make([]hyperbolic.Point, len(out))
		for i, j := range perm {
			shuffled[i] = out[j]
		}
		return shuffled
	})
}

// Cluster returns a generator of n points around a centre drawn from
// centre: each is Near(c) (an offset of 16 to 2⁵⁰ times the float64
// resolution at c, uniform direction), independently; the centre itself is
// not included. It panics unless n ≥ 1.
func Cluster(centre *rapid.Generator[hyperbolic.Point], n int) *rapid.Generator[[]hyperbolic.Point] {
	mustf(n >= 1, "Cluster(%d): want n ≥ 1", n)
	return rapid.Custom(func(t *rapid.T) []hyperbolic.Point {
		c := centre.Draw(t, "centre")
		ps := make([]hyperbolic.Point, n)
		for i := range ps {
			ps[i] = near(t, c)
		}
		return ps
	})
}
