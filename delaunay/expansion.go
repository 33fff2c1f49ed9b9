package delaunay

import (
	"math"

	"github.com/hypersteiner/hypersteiner/internal/eft"
)

// Floating-point expansions (Priest, Shewchuk): an exact real number is held
// as a sum of float64 components, ordered by increasing magnitude and
// nonoverlapping, so the sign of the sum is the sign of the last component.
// Every operation below is error-free as long as no product overflows or
// underflows; predicates.go only calls them on inputs for which that is
// guaranteed (see safeCoord).
// The error-free sums and products are those of package eft.

// expSum writes the expansion e + f into h and returns it. h must have room
// for len(e)+len(f) components and must not alias e or f. The components of
// e and f are merged by magnitude and accumulated with a chain of eft.TwoSum;
// with round-to-nearest-even (Go's only mode) the result is again a strongly
// nonoverlapping expansion (Shewchuk 1997, Theorem 13). Zero components are
// dropped; the result has at least one component.
func expSum(h, e, f []float64) []float64 {
	h = h[:0]
	i, j := 0, 0
	next := func() float64 {
		var g float64
		if j >= len(f) || (i < len(e) && math.Abs(e[i]) <= math.Abs(f[j])) {
			g = e[i]
			i++
		} else {
			g = f[j]
			j++
		}
		return g
	}
	if len(e)+len(f) == 0 {
		return append(h, 0)
	}
	q := next()
	for i < len(e) || j < len(f) {
		var hh float64
		q, hh = eft.TwoSum(q, next())
		if hh != 0 {
			h = append(h, hh)
		}
	}
	if q != 0 || len(h) == 0 {
		h = append(h, q)
	}
	return h
}

// expScale writes the expansion e·b into h and returns it. h must have room
// for 2·len(e) components and must not alias e (Shewchuk's Scale-Expansion
// with zero elimination, using eft.TwoSum throughout).
func expScale(h, e []float64, b float64) []float64 {
	h = h[:0]
	if len(e) == 0 {
		return append(h, 0)
	}
	q, hh := eft.TwoProd(e[0], b)
	if hh != 0 {
		h = append(h, hh)
	}
	for _, c := range e[1:] {
		p1, p0 := eft.TwoProd(c, b)
		s, t := eft.TwoSum(q, p0)
		if t != 0 {
			h = append(h, t)
		}
		q, t = eft.TwoSum(p1, s)
		if t != 0 {
			h = append(h, t)
		}
	}
	if q != 0 || len(h) == 0 {
		h = append(h, q)
	}
	return h
}

// expNegate flips the sign of every component of e in place.
func expNegate(e []float64) {
	for i := range e {
		e[i] = -e[i]
	}
}

// expSign returns the sign of the exact value of a nonoverlapping expansion:
// that of its largest (last) component.
func expSign(e []float64) int {
	if len(e) == 0 {
		return 0
	}
	switch v := e[len(e)-1]; {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// expEstimate returns an approximation of the value of e, accurate to a few
// units in the last place: the components are added from the smallest up.
func expEstimate(e []float64) float64 {
	var s float64
	for _, c := range e {
		s += c
	}
	return s
}

// expCross writes p.X·q.Y − p.Y·q.X exactly into h (room for 4).
func expCross(h []float64, p, q Point) []float64 {
	a1, a0 := eft.TwoProd(p.X, q.Y)
	b1, b0 := eft.TwoProd(p.Y, q.X)
	// A rounding error is at most half an ulp of its product, so each pair
	// is already a two-component expansion in increasing order.
	x := [2]float64{a0, a1}
	y := [2]float64{-b0, -b1}
	return expSum(h, x[:], y[:])
}
