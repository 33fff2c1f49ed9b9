package hyptest

import (
	"errors"
	"fmt"
	"math"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// Oracles: certified enclosures of the exact values, for the float64
// inputs taken as the exact dyadic rationals they are. Each is computed in
// big.Float interval arithmetic with outward rounding (package certify)
// at 128 bits and rounded outward to float64, so the true value lies in
// [Lo, Hi] and the enclosure is one or two ulps wide (Fermat: the
// Krawczyk box, as wide as the certificate needed).

// oraclePrec is the working precision of the oracles.
const oraclePrec = 128

// ErrUndecided is wrapped by the errors of oracles and checks that could
// not decide within their precision cap (a Fermat point whose certificate
// ran out of precision): nothing was proved either way.
var ErrUndecided = errors.New("undecided")

// Dist encloses the hyperbolic distance between Klein points (certify's
// Interval.Dist: the cancellation-free sinh² form and a series asinh). It
// fails for a point that is not a finite point of the open disk.
func Dist(p, q hyperbolic.Point) (certify.Interval64, error) {
	var z certify.Interval
	if _, err := z.Dist(p, q, oraclePrec); err != nil {
		return certify.Interval64{}, err
	}
	return z.Interval64(), nil
}

// Angle encloses the angle in radians at v between the geodesics to a
// and to b (certify.Angle64: atan2 of exact rational terms, full relative
// accuracy for tiny angles and angles near π). It fails for invalid
// points and for v equal to a or b.
func Angle(a, v, b hyperbolic.Point) (certify.Interval64, error) { return certify.Angle64(a, v, b) }

// Area encloses the area of the triangle (a, b, c) (certify.Area64: the
// hyperbolic Van Oosterom–Strackee formula on exact rationals). It is
// exactly 0 for collinear vertices. It fails for invalid points.
func Area(a, b, c hyperbolic.Point) (certify.Interval64, error) { return certify.Area64(a, b, c) }

// FermatPoint is the certified Fermat (Steiner) point of a triangle.
type FermatPoint struct {
	// Exists reports whether the triangle has a Steiner point: every angle
	// below 120°, decided exactly. When false, Wide is the vertex (0, 1, 2
	// for a, b, c) whose angle is ≥ 120°, or −1 for a repeated vertex,
	// and the Fermat point of the triangle is that vertex.
	Exists bool
	Wide   int
	// X and Y enclose the Steiner point's coordinates (Klein model) when
	// Exists.
	X, Y certify.Interval64
}

// Fermat encloses the Fermat point of the triangle (a, b, c): the point
// minimising the sum of the distances to the vertices. Existence of a
// Steiner point (all angles < 120°) is decided exactly; the point is
// proved by a Krawczyk certificate (fermat.Certified, which starts from a
// float solver's candidate). It fails for invalid vertices, and with an
// error wrapping ErrUndecided if no certificate was found within the
// precision cap.
func Fermat(a, b, c hyperbolic.Point) (FermatPoint, error) {
	r, cert, err := fermat.Certified{}.Prove(a, b, c)
	if err != nil {
		return FermatPoint{}, err
	}
	switch {
	case r.Status == fermat.None:
		return FermatPoint{Wide: r.Wide}, nil
	case cert == nil || !cert.Proved:
		return FermatPoint{}, fmt.Errorf("hyptest: Fermat point of %v, %v, %v: no certificate (%v): %w", a, b, c, r.Status, ErrUndecided)
	}
	return FermatPoint{Exists: true, Wide: -1, X: cert.Box[0].Interval64(), Y: cert.Box[1].Interval64()}, nil
}

// Edge is an edge of a tree or graph: two indices into its vertex slice.
type Edge [2]int

// TreeLength encloses the total hyperbolic length Σ d(v[i], v[j]) over
// the edges, each distance enclosed at 128 bits and summed with outward
// rounding. It fails for an invalid vertex or an edge index out of range;
// it does not require the edges to form a tree.
func TreeLength(vertices []hyperbolic.Point, edges []Edge) (certify.Interval64, error) {
	var sum, d certify.Interval
	sum.SetPrec(oraclePrec + 64).SetInt64(0)
	for k, e := range edges {
		for _, i := range e {
			if i < 0 || i >= len(vertices) {
				return certify.Interval64{}, fmt.Errorf("hyptest: edge %d (%d, %d): vertex index out of range [0, %d)", k, e[0], e[1], len(vertices))
			}
		}
		if _, err := d.Dist(vertices[e[0]], vertices[e[1]], oraclePrec+64); err != nil {
			return certify.Interval64{}, fmt.Errorf("hyptest: edge %d: %w", k, err)
		}
		sum.Add(&sum, &d)
	}
	return sum.Interval64(), nil
}

// Tol is the accuracy a computed value claims: the exact value e and the
// computed v satisfy |v − e| ≤ Rel·|e| + Abs. Rel must be in [0, 1) and
// Abs ≥ 0, both finite.
type Tol struct{ Rel, Abs float64 }

// Ulps returns Tol{Rel: n·2⁻⁵³}: n units of float64 rounding, relative.
func Ulps(n float64) Tol { return Tol{Rel: n * 0x1p-53} }

// check validates t.
func (t Tol) check() error {
	if !(t.Rel >= 0 && t.Rel < 1) || !(t.Abs >= 0) || math.IsInf(t.Abs, 1) {
		return fmt.Errorf("hyptest: tolerance %+v: want 0 ≤ Rel < 1 and finite Abs ≥ 0", t)
	}
	return nil
}

// Claim returns the set of exact values the claim "v, accurate to t"
// admits, {e : |v − e| ≤ Rel·|e| + Abs}, as a float64 enclosure rounded
// outward. For Rel < 1 that set is the interval with upper end
// (v + Abs)/(1 − Rel) if v + Abs ≥ 0, else (v + Abs)/(1 + Rel), and the
// mirror lower end. It fails for a non-finite v or an invalid t.
func (t Tol) Claim(v float64) (certify.Interval64, error) {
	if err := t.check(); err != nil {
		return certify.Interval64{}, err
	}
	if !finite(v) {
		return certify.Interval64{}, fmt.Errorf("hyptest: claimed value %v is not finite", v)
	}
	hi := claimEnd(v, t)
	lo := -claimEnd(-v, t)
	return certify.Interval64{Lo: lo, Hi: hi}, nil
}

// claimEnd returns an upper bound of the largest e with |v − e| ≤ Rel·|e| + Abs.
func claimEnd(v float64, t Tol) float64 {
	num := certify.Point64(v).Add(certify.Point64(t.Abs))
	den := certify.Point64(1).Add(certify.Point64(t.Rel))
	if num.Hi >= 0 {
		den = certify.Point64(1).Sub(certify.Point64(t.Rel))
	}
	q, _ := num.Quo(den) // den ⊂ (0, 2]
	return q.Hi
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
