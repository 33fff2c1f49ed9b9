// Package eft holds the error-free transformations of floating-point
// arithmetic: TwoSum and TwoProd return the rounded result of an addition
// or a multiplication together with its rounding error, so that the pair
// equals the exact result. They are the building blocks of the
// compensated kernels in package hyperbolic, the exact expansions of the
// Delaunay predicates and the accurate 1 − x² − y² of package fermat.
//
// Both are exact for all finite float64 inputs under round-to-nearest
// (Go's only rounding mode) as long as nothing overflows; TwoProd also
// needs the product's error to be representable, which fails only when
// a·b underflows (|a·b| below about 2⁻⁹⁶⁹).
//
// References: D. E. Knuth, The Art of Computer Programming, vol. 2, §4.2.2
// (TwoSum); T. Ogita, S. M. Rump, S. Oishi, "Accurate sum and dot
// product", SIAM J. Sci. Comput. 26 (2005) 1955–1988 (TwoProd with a fused
// multiply–add).
package eft

import "math"

// TwoSum returns s = fl(a+b) and e with a + b = s + e exactly (Knuth's
// algorithm: six additions, no branch, no condition on |a| and |b|).
func TwoSum(a, b float64) (s, e float64) {
	s = a + b
	bv := s - a
	av := s - bv
	e = (a - av) + (b - bv)
	return s, e
}

// TwoProd returns p = fl(a·b) and e with a·b = p + e exactly. The explicit
// float64 conversion stops the compiler from fusing the product into a
// later addition (the Go spec allows fusion otherwise): e is only exact if
// p is a·b rounded on its own.
func TwoProd(a, b float64) (p, e float64) {
	p = float64(a * b)
	e = math.FMA(a, b, -p)
	return p, e
}
