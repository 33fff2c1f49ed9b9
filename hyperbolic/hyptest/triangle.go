package hyptest

import "github.com/hypersteiner/hypersteiner/hyperbolic"

// Triangle is three Klein points; the generators of package gen that
// control an angle control the one at B, between the geodesics to A and
// to C.
type Triangle struct{ A, B, C hyperbolic.Point }

// Vertices returns A, B, C.
func (tr Triangle) Vertices() (a, b, c hyperbolic.Point) { return tr.A, tr.B, tr.C }
