// Package plane is the geometry that the Steiner-tree algorithms work in:
// the hyperbolic plane in the Klein model, the Euclidean plane, or any
// other plane that implements Plane.
//
// The pipeline (package sll), re-optimisation, the exact solver (package
// exact) and tree certification (package treecert) ask a Plane for
// everything that depends on the geometry — distances, geodesic steps,
// the derivatives of the distance that Newton's method needs, the exact
// 120° predicates, the triangulation, the float64 resolution of a point —
// and never test which plane they were given. A new plane is a new
// implementation of Plane; package plane's tests run the pipeline on a
// scaled Euclidean plane to show that nothing else needs to change.
//
// # Tangent frames
//
// UnitToward and Exp work in an orthonormal frame at each point: the
// identity frame in the Euclidean plane; in the hyperbolic plane the
// standard frame at the origin parallel-transported to the point (the
// frame of hyperbolic.Exp and hyperbolic.Log). The Hessian of the
// distance between the ends of a geodesic of length d has no component
// along the geodesic; across it, moving the ends by a·n and b·n′ (n a
// unit normal at one end, n′ its parallel transport to the other) changes
// d by (diag·(a² + b²) − 2·off·ab)/2 to second order, with
// (diag, off) = (coth d, 1/sinh d) at curvature −1 and (1/d, 1/d) in the
// Euclidean plane (Jacobi fields).
//
// # Exact predicates
//
// Wide and Below120 decide the 120° conditions exactly for the float64
// inputs taken as the dyadic rationals they are: a float64 filter with a
// rigorous error bound first, exact rational arithmetic inside the band.
//
// # Scale
//
// The Euclidean plane is scale invariant: Normalize returns the power of
// two that brings a point set's largest coordinate near 1, so that the
// algorithms run on numbers whose squares neither underflow nor overflow,
// and their results scale back exactly. The hyperbolic plane has a
// length scale (its curvature) and returns 1.
package plane
