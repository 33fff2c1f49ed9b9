// Package hyptest is a property-testing kit for code that computes in the
// hyperbolic plane: certified oracles that enclose the exact answers, a
// catalogue of identities as reusable checks, and exact isometries; its
// subpackage gen has generators of hard inputs for pgregory.net/rapid.
// Use it to test your own hyperbolic code — a Poincaré-ball layer, a
// geodesic routine, a Fermat-point solver — in Go with rapid, or, through
// the command `verify identities`, code in any language that writes its
// results to a CSV table.
//
// The generators live apart, in package
// github.com/hypersteiner/hypersteiner/hyperbolic/hyptest/gen, because
// rapid links package testing: hyptest imports neither gen nor rapid, so a command can
// use its checks without linking test plumbing. Tests import both.
//
// A property reads like this:
//
//	rapid.Check(t, func(t *rapid.T) {
//		p := gen.Points().Draw(t, "p")
//		q := gen.Points().Draw(t, "q")
//		if err := hyptest.CheckDist(p, q, myDist(p, q), hyptest.Ulps(64)); err != nil {
//			t.Fatal(err)
//		}
//	})
//
// It claims that myDist is within 64 ulps (relative) of the exact distance
// of the float64 inputs, and fails — with a *Violation showing the claim
// and the certified enclosure that refutes it — only when that is proved
// false. rapid then shrinks the failing case (see Example_wrongDistance:
// a formula that forms 1 − |p|² directly is found wrong near the ideal
// boundary and shrunk to one point at the origin and one near the
// boundary).
//
// # Generators
//
// Package gen draws points in every model (uniform for the hyperbolic
// area, near the ideal boundary, near the origin, exact dyadic points),
// triangles (an angle of exactly 120°, 120° + δ, nearly degenerate),
// exact isometries and point sets with exact degeneracies, each with a
// stated law that its tests check; see its documentation.
//
// # Isometries
//
// Isometry is known exactly: a rational Lorentz matrix, built from
// rotations and boosts with rational cosine/sine and cosh/sinh
// (RotationIsometry, BoostIsometry) and a reflection
// (ReflectionIsometry), so the exact image of every float64 point is
// known and the error of a computed image is bounded rigorously
// (Displacement). Resolution, the float64 resolution at a point, is the
// unit in which computed points state their accuracy.
//
// # Oracles
//
// Dist, Angle, Area, Fermat and TreeLength enclose the exact values for
// the float64 inputs, taken as the exact dyadic rationals they are: the
// algebraic parts in exact rational arithmetic, square roots and the
// transcendental functions (asinh, arctan) in big.Float interval
// arithmetic with outward rounding (package certify), rounded outward to
// float64. The enclosures are one or two ulps wide (the Fermat point's
// box is as wide as its certificate needed); tests compare them
// with mpmath values at 2400 bits (testdata/hyptest/reference.tsv) and
// with independent 2048-bit formulas.
//
// # Identities
//
// A check takes values computed by the code under test together with the
// accuracy they claim (Tol for numbers; a hyperbolic displacement for
// computed points, often a multiple of Resolution) and returns a
// *Violation only when it proves that no exact values within those claims
// satisfy the identity: both sides are enclosed over every admissible
// value. Geometric decisions inside an identity — are three points on one
// geodesic, does a Steiner point exist — are made exactly. The catalogue:
//
//   - oracle checks: CheckDist, CheckAngle, CheckArea, CheckTreeLength,
//     CheckFermat (certify's Krawczyk rule);
//   - TriangleInequality (strict off a geodesic, equality on one),
//     LawOfCosines (both laws), LawOfSines, AngleSum (α + β + γ = π − Δ);
//   - isometry invariance: DistInvariance and AngleInvariance for values,
//     IsometryDist and IsometryAngle for computed images, with
//     AngleAllowance the rigorous bound of how far an angle moves when its
//     vertex and ends move; TreeInvariance for a tree's length;
//   - Fermat120 (the 120° condition at a Fermat point, or the wide vertex
//     when there is none) and FermatEquivariance;
//   - Conversion (a point's coordinates in another model against its Klein
//     coordinates, exactly).
//
// # Tables
//
// CheckTable runs one family of checks (Families) on every row of a CSV
// table with a header: points in any model, converted to their exact
// Klein images, and the values another program computed. The command
// `verify identities` is a thin wrapper; TableHelp is its documentation.
// See docs/hyptest.md for a guide.
package hyptest
