// Package fermat computes Fermat (Steiner) points of hyperbolic triangles
// with interchangeable solver strategies.
//
// The Steiner point of a triangle (a, b, c) of the Klein disk is the point
// s that sees each side under 120°: the unit tangents at s towards the
// three vertices sum to zero, and s minimises the total distance to the
// vertices. It exists, distinct from the vertices, exactly when every
// angle of the triangle is below 120°. Every strategy decides that first,
// exactly (isoptic.SteinerExists, in rational arithmetic when floats
// cannot tell), and returns None without solving when an angle is ≥ 120°.
// So Failed — a Steiner point exists but was not found — is always
// detected, never confused with None.
//
// # Strategies
//
//	name      what it does
//	simple    the paper's Simple: Powell hybrid (MINPACK hybrd1 settings)
//	          on the φ system from vertex a, then from c
//	newton    Newton on φ with the analytic Jacobian, in a frame centred
//	          on the triangle, from the Euclidean Fermat point there
//	homotopy  the ψ system (two quartics) by parameter homotopy, polished
//	          by Newton on φ
//	precise   the paper's Precise: simple, then homotopy
//	auto      newton, then homotopy (the default)
//
// Their costs per triangle are measured by BenchmarkNewton, BenchmarkAuto,
// … and listed in docs/results.md ("Per-call costs").
//
// Look them up with ByName; Names lists them. All are safe for concurrent
// use (per-call stack state, pools for workspaces) and return the same
// answers however many goroutines call them. Every strategy is a Strategy,
// whose Solve reports a Result (the method that found the point, counts of
// iterations and evaluations, the wide vertex of a None). A certifying
// strategy (in a file of its own) registers itself the same way, fills in
// Result.Cert and implements Precision.
//
// LineOf is a triangle's answer as 'hypersteiner fermat' prints it (Line);
// CertifyClaim judges a claimed point, or the float strategies' answer,
// with certify.FermatCertifier, for 'verify fermat'.
//
// # The two systems
//
// With A(s) = ⟨x,s⟩⟨y,s⟩ − ⟨x,y⟩⟨s,s⟩ and B(s) = (⟨x,s⟩² − ⟨x,x⟩⟨s,s⟩)·
// (⟨y,s⟩² − ⟨y,y⟩⟨s,s⟩) (Lorentzian products of homogeneous coordinates),
// the cosine of the angle at s between the geodesics to x and y is A/√B.
// The isoptic curve of 120° is φ = A + ½√B = 0; squaring gives the quartic
// ψ = A² − ¼B, whose zeros are the curves of 120° and of 60°. The Steiner
// point solves φ_ab = φ_bc = 0 (the third angle is then 120° or, on a
// spurious root, 0°) and is one of the roots of ψ_ab = ψ_bc = 0.
//
// # Accuracy
//
// newton, homotopy and auto return the Steiner point to within
// 1e-13·perimeter + ulpLength(s) hyperbolic distance, where ulpLength(s)
// is the resolution of float64 Klein coordinates at s (one ulp in each
// coordinate, stretched by the Klein metric, at most 1/(1 − |s|²)). The
// second term is the floor for any float64 output; it dominates for tiny
// triangles away from the origin and near the ideal boundary. The tests
// check it against a 200-bit oracle on random triangles (vertices within
// 1e-6 of the boundary, sides of 1e-6, angles within 1e-6 of 120°) and
// against 256-bit Krawczyk enclosures on triangles with vertices down to
// 1 − |v| = 10^-16.5: the answer is the Steiner point to within about the
// rounding of its coordinates. A solution found far from the centre of
// its frame (a vertex near the boundary pulls the hyperboloid centroid
// onto itself) is polished in a frame centred on it.
//
// simple returns hybrd's iterate, whose accuracy is hybrd's xtol (1.49e-8)
// relative to the Klein norm of the point — coarse for small triangles —
// and it misses some Steiner points (mostly near the ideal boundary). It
// reproduces the paper; prefer auto.
//
// # Why newton converges
//
// An isometry taking a point s to the origin makes the Klein model
// conformal there, and geodesics through the origin are straight; so if s
// is the Steiner point, the origin is the Euclidean Fermat point of the
// mapped Klein triangle. Centring the triangle at its hyperboloid centroid
// and taking the Euclidean Fermat point there (Kimberling's X(13), in
// closed form) gives a start whose error is of second order in the
// distance from centroid to Steiner point. The map itself is written as an
// Einstein velocity subtraction in terms of differences and of 1 − |p|² in
// double-double, so that it rounds like the data, not worse, even within
// 1e-6 of the boundary. When the centred Klein triangle has an angle ≥ 120°
// (its Euclidean Fermat point is then a vertex, where φ has no Jacobian) a
// second attempt centres the frame on the widest vertex, whose Klein angle
// then is its true angle.
package fermat
