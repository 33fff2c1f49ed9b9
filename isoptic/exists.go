package isoptic

import (
	"fmt"
	"math/big"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// Existence is the answer of SteinerExists for a triangle (v₀, v₁, v₂).
type Existence struct {
	// Exists: all three angles are < 2π/3, so the triangle has a Steiner
	// (Fermat) point distinct from its vertices.
	Exists bool
	// Wide[i]: the angle at vertex i is ≥ 2π/3. At most one entry is true
	// (the angles of a hyperbolic triangle sum to less than π).
	Wide [3]bool
	// Equal[i]: the angle at vertex i is exactly 2π/3 (then Wide[i] too).
	Equal [3]bool
	// Exact[i]: neither float64 filter (the semi-static one, then the
	// running-error one) could decide vertex i, and exact arithmetic did
	// (fixed-point integers, or big.Rat when the coordinates' exponents
	// are too far apart for those).
	Exact [3]bool
}

// WideVertex returns the index of the vertex with an angle ≥ 2π/3, or −1.
func (e Existence) WideVertex() int {
	for i, w := range e.Wide {
		if w {
			return i
		}
	}
	return -1
}

// SteinerExists decides exactly whether the hyperbolic triangle (v₀, v₁, v₂)
// of the Klein disk has all three angles < 2π/3, the condition for a
// Steiner point to exist. The float64 coordinates are taken as the exact
// dyadic rationals they are, and the answer is exact: at each vertex v,
// with A, B built from the two other vertices and evaluated at s = v,
//
//	angle(v) < 2π/3  ⟺  A ≥ 0  or  4A² < B.
//
// Each vertex is first decided in float64 with a rigorous forward error
// bound: a semi-static one for the whole triangle (semistatic.go), then,
// where that is too coarse, a running error bound per operation
// (errbound.go). When the bound is too wide (Existence.Exact: angles
// within about 1e-14 of 2π/3, including exactly 2π/3) the same
// polynomials are evaluated exactly in fixed-point integer arithmetic:
// all coordinates are integer multiples of a common 2^−k, and for
// k ≤ 120 the values fit 1024-bit integers on the stack (no allocation).
// Only coordinates whose exponents span more than that (|v| ≲ 2^−68 next
// to full-mantissa ones, subnormals) go to big.Rat. The three paths'
// costs are in docs/results.md ("Per-call costs"). An angle of exactly 2π/3 counts as wide (the "Steiner point"
// would be the vertex itself).
//
// It returns an *InputError if a vertex is not a finite point of the open
// unit disk or two vertices coincide.
func SteinerExists(v0, v1, v2 hyperbolic.Point) (Existence, error) {
	const fn = "SteinerExists"
	// checkTriangle only when its fast path (surelyInside, distinct) fails.
	if !surelyInside(v0) || !surelyInside(v1) || !surelyInside(v2) || v0 == v1 || v1 == v2 || v2 == v0 {
		if err := checkTriangle(fn, [3]hyperbolic.Point{v0, v1, v2}); err != nil {
			return Existence{}, err
		}
	}
	ps := [3]vec2[float64]{pt(v0), pt(v1), pt(v2)}
	cmps, ok := semiStaticCmp120(&ps)
	var e Existence
	e.Exists = true
	for i := range ps {
		cmp, exact := cmps[i], false
		if !ok[i] {
			cmp, exact = angleCmp120Filtered(ps[(i+1)%3], ps[(i+2)%3], ps[i])
		}
		e.record(i, cmp, exact)
	}
	return e, nil
}

func (e *Existence) record(i, cmp int, exact bool) {
	e.Exact[i] = exact
	if cmp >= 0 {
		e.Wide[i] = true
		e.Equal[i] = cmp == 0
		e.Exists = false
	}
}

func checkTriangle(fn string, vs [3]hyperbolic.Point) error {
	for i, v := range vs {
		if err := checkVertex(fn, i, v); err != nil {
			return err
		}
	}
	for i := range vs {
		a, b := min(i, (i+1)%3), max(i, (i+1)%3)
		if vs[a] == vs[b] {
			return checkDistinct(fn, fmt.Sprintf("vertex %d", a), fmt.Sprintf("vertex %d", b), vs[a], vs[b])
		}
	}
	return nil
}

// SteinerExistsRat is SteinerExists for exact rational vertices, in
// big.Rat throughout (Existence.Exact is all true). It returns an
// *InputError for a nil coordinate, a vertex not strictly inside the unit
// disk, or coincident vertices.
func SteinerExistsRat(v0, v1, v2 RatPoint) (Existence, error) {
	const fn = "SteinerExistsRat"
	vs := [3]RatPoint{v0, v1, v2}
	one := big.NewRat(1, 1)
	for i, v := range vs {
		arg := fmt.Sprintf("vertex %d", i)
		if err := v.check(fn, arg); err != nil {
			return Existence{}, err
		}
		n := new(big.Rat).Mul(v.X, v.X)
		n.Add(n, new(big.Rat).Mul(v.Y, v.Y))
		if n.Cmp(one) >= 0 {
			return Existence{}, &InputError{Func: fn, Arg: fmt.Sprintf("%s (%s, %s)", arg, v.X.RatString(), v.Y.RatString()), Err: ErrOutsideDisk}
		}
	}
	for i := range vs {
		j := (i + 1) % 3
		a, b := min(i, j), max(i, j)
		if vs[a].X.Cmp(vs[b].X) == 0 && vs[a].Y.Cmp(vs[b].Y) == 0 {
			return Existence{}, &InputError{Func: fn, Arg: fmt.Sprintf("vertex %d and vertex %d", a, b), Err: ErrCoincident}
		}
	}
	var e Existence
	e.Exists = true
	for i := range vs {
		t := ratTerms(vs[(i+1)%3], vs[(i+2)%3], vs[i])
		e.record(i, t.AngleCmp120(), true)
	}
	return e, nil
}

// AngleCmp120 compares the hyperbolic angle at v of the triangle (p, v, q)
// with 2π/3, exactly, for the float64 inputs taken as exact rationals: −1
// (smaller), 0 (equal), +1 (larger). It is the test SteinerExists makes at
// one vertex, with the same float64 filter and exact fallback. It returns
// an *InputError if a point is not a finite point of the open unit disk or
// v coincides with p or q.
func AngleCmp120(p, v, q hyperbolic.Point) (int, error) {
	const fn = "AngleCmp120"
	for i, u := range [3]hyperbolic.Point{p, v, q} {
		if err := checkVertex(fn, i, u); err != nil {
			return 0, err
		}
	}
	for _, u := range [2]hyperbolic.Point{p, q} {
		if u == v {
			return 0, checkDistinct(fn, "vertex 1", "an end", v, u)
		}
	}
	cmp, _ := angleCmp120(pt(p), pt(q), pt(v))
	return cmp, nil
}
