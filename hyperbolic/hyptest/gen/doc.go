// Package gen has the generators of the hyptest kit: hard inputs for
// pgregory.net/rapid properties of code that computes in the hyperbolic
// plane — points in every model, triangles, exact isometries, degenerate
// point sets. Pair them with the oracles and identity checks of package
// hyptest:
//
//	rapid.Check(t, func(t *rapid.T) {
//		p := gen.Points().Draw(t, "p")
//		q := gen.Points().Draw(t, "q")
//		if err := hyptest.CheckDist(p, q, myDist(p, q), hyptest.Ulps(64)); err != nil {
//			t.Fatal(err)
//		}
//	})
//
// gen imports rapid, which links package testing, so only tests should
// import it; hyptest itself does not import gen or rapid, so commands can
// use the checks.
//
// Every generator states its law, and the package's tests check it (KS
// tests for continuous laws, χ² for discrete ones, exact arithmetic for
// exactness claims). rapid's own number generators are biased on purpose
// (towards small values and few significant bits), so the laws here are
// built on unbiased random bits (Unit: k·2⁻⁵³ uniform); they still shrink:
// each random bit shrinks on its own, so a draw shrinks towards the bottom
// of its range through short dyadic values (a failing uniform draw ends
// at something like 1/4, not at the least failing value), and a case
// towards the simplest member of its law (the origin, the identity, the
// first family of a mixture).
//
//   - Points in every model: DiskPolar(r), uniform for the hyperbolic area
//     in a disk of radius r (P(d ≤ ρ) = sinh²(ρ/2)/sinh²(r/2)), as Klein
//     (Disk), Poincaré, hyperboloid or half-plane points; NearBoundary,
//     gaps 1 − |p| = 2⁻ˢ down to 2⁻⁵³; NearOrigin, tiny and subnormal
//     coordinates; Dyadic(b), exact points (i, j)/2ᵇ; EuclideanDisk, the
//     paper's "uniform"; Near(p), points 16 to 2⁵⁰ float64 resolutions
//     (hyptest.Resolution) from p; Points(), a mixture of them all.
//   - Triangles (hyptest.Triangle): Exact120 (an angle of exactly 120°,
//     exact dyadic vertices), Near120 (120° + δ, δ ≠ 0 down to about
//     1e-32), WithAngle and Obtuse (the angle uniform on a range),
//     NearDegenerate (flat, needle, a short side, exactly collinear),
//     Triangles() a mixture.
//   - Isometries, known exactly (hyptest.Isometry, a rational Lorentz
//     matrix, so the exact image of every float64 point is known):
//     Rotations, Boosts, Isometries, Compositions (large translation
//     lengths), Symmetries (the eight maps exact on float64 coordinates).
//   - Point sets: Grid, Cocircular, OnGeodesic (exactly degenerate, exact
//     coordinates), WithDuplicates, Cluster.
//
// Constructors panic on invalid parameters, as rapid's do (a generator is
// built once, in test code).
package gen
