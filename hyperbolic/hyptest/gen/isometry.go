package gen

import (
	"math"

	"github.com/hypersteiner/hypersteiner/hyperbolic/hyptest"
	"pgregory.net/rapid"
)

// drawAngle draws θ uniform on [0, 2π) as k quarter turns plus
// 2·atan(τ), |τ| ≤ tan(π/8), τ = tan(φ/2) rounded to float64.
func drawAngle(t *rapid.T) (k int, tau float64) {
	theta := 2 * math.Pi * unit(t)
	k = int(math.Round(theta / (math.Pi / 2)))
	phi := theta - float64(k)*math.Pi/2 // in [−π/4, π/4]
	return k, math.Tan(phi / 2)
}

// drawRotation draws the law of Rotations.
func drawRotation(t *rapid.T) hyptest.Isometry { return hyptest.RotationIsometry(drawAngle(t)) }

// Rotations returns a generator of rotations about the origin by an angle
// uniform on [0, 2π) (the angle kπ/2 + 2·atan τ with τ = tan(φ/2) rounded
// to float64, so uniform up to that rounding). It shrinks towards the
// identity.
func Rotations() *rapid.Generator[hyptest.Isometry] {
	return rapid.Custom(drawRotation)
}

// maxBoost is the largest boost length whose σ = tanh(r/2) stays below 1
// in float64.
const maxBoost = 36

// drawBoost draws the law of Boosts.
func drawBoost(t *rapid.T, maxDist float64) hyptest.Isometry {
	r := uniform(t, 0, maxDist)
	k, tau := drawAngle(t)
	return hyptest.BoostIsometry(math.Tanh(r/2), k, tau)
}

// Boosts returns a generator of hyperbolic translations along a geodesic
// through the origin: length r uniform on [0, maxDist] (σ = tanh(r/2)
// rounded to float64), direction uniform (with rational cosine and sine,
// as in Rotations). It shrinks towards the identity. It panics unless
// 0 ≤ maxDist ≤ 36.
func Boosts(maxDist float64) *rapid.Generator[hyptest.Isometry] {
	mustf(maxDist >= 0 && maxDist <= maxBoost, "Boosts(%v): want 0 ≤ maxDist ≤ %d", maxDist, maxBoost)
	return rapid.Custom(func(t *rapid.T) hyptest.Isometry { return drawBoost(t, maxDist) })
}

// drawIsometry draws the law of Isometries.
func drawIsometry(t *rapid.T, maxDist float64) hyptest.Isometry {
	g := drawBoost(t, maxDist).Compose(drawRotation(t))
	if bit.Draw(t, "") {
		g = g.Compose(hyptest.ReflectionIsometry())
	}
	return g
}

// Isometries returns a generator of general isometries g = B·R or B·R·S:
// B from Boosts(maxDist) (so d(0, g(0)) is uniform on [0, maxDist]), R
// from Rotations, and with probability ½ the reflection S: (x, y) ↦ (x, −y)
// (orientation-reversing). It shrinks towards the identity. It panics
// unless 0 ≤ maxDist ≤ 36.
func Isometries(maxDist float64) *rapid.Generator[hyptest.Isometry] {
	mustf(maxDist >= 0 && maxDist <= maxBoost, "Isometries(%v): want 0 ≤ maxDist ≤ %d", maxDist, maxBoost)
	return rapid.Custom(func(t *rapid.T) hyptest.Isometry { return drawIsometry(t, maxDist) })
}

// Compositions returns a generator of products g₁∘…∘gₙ of n independent
// draws of Isometries(maxDist): translation lengths up to n·maxDist and
// matrices whose float64 rounding is far from the exact product. The
// exact rationals grow with n, so it panics unless 1 ≤ n ≤ 8 (and
// 0 ≤ maxDist ≤ 36).
func Compositions(n int, maxDist float64) *rapid.Generator[hyptest.Isometry] {
	mustf(n >= 1 && n <= 8, "Compositions(%d, %v): want 1 ≤ n ≤ 8", n, maxDist)
	mustf(maxDist >= 0 && maxDist <= maxBoost, "Compositions(%d, %v): want 0 ≤ maxDist ≤ %d", n, maxDist, maxBoost)
	return rapid.Custom(func(t *rapid.T) hyptest.Isometry {
		g := drawIsometry(t, maxDist)
		for range n - 1 {
			g = g.Compose(drawIsometry(t, maxDist))
		}
		return g
	})
}

// Symmetries returns a generator of the eight symmetries of the square
// (rotations by multiples of π/2, reflections in the axes and the
// diagonals), uniform: isometries whose action on float64 Klein points is
// exact (Apply returns the exact image). It shrinks towards the identity.
func Symmetries() *rapid.Generator[hyptest.Isometry] {
	return rapid.Custom(func(t *rapid.T) hyptest.Isometry {
		g := hyptest.RotationIsometry(intN(t, 4), 0)
		if bit.Draw(t, "") {
			g = g.Compose(hyptest.ReflectionIsometry())
		}
		return g
	})
}
