// Package hyperbolic is the geometry of the hyperbolic plane: its models,
// distances, angles, geodesics, isometries and random samplers.
//
// # Models
//
// The hyperbolic plane H² (curvature −1) has several models; this package
// speaks four and converts between all of them in every direction.
//
//   - Klein–Beltrami (Point): the open unit disk X² + Y² < 1. Geodesics are
//     straight chords, so lines, convexity and Delaunay triangulations are
//     Euclidean; angles are not (the model is not conformal). This is the
//     canonical model of the module: every other package takes Klein
//     points, and a float64 coordinate is the exact dyadic rational it is.
//   - Poincaré disk (PoincarePoint): the open unit disk again, conformal;
//     geodesics are arcs orthogonal to the unit circle. Klein point k and
//     Poincaré point w are related by k = 2w/(1 + |w|²),
//     w = k/(1 + √(1 − |k|²)).
//   - Hyperboloid or Lorentz model (HyperboloidPoint): the sheet
//     T² − X² − Y² = 1, T > 0, of Minkowski space with the product
//     ⟨a, b⟩ = −a.T·b.T + a.X·b.X + a.Y·b.Y. Isometries are the linear maps
//     preserving it (see Isometry). The Klein point of (T, X, Y) is
//     (X/T, Y/T): the Klein disk is the projective picture of the sheet.
//   - Upper half-plane (HalfPlanePoint): X + iY with Y > 0, conformal,
//     reached from the Poincaré disk by the Cayley map z = i(1 + w)/(1 − w).
//
// The origin of both disks is the point (1, 0, 0) of the hyperboloid and
// the point i of the half-plane. Conversions are direct formulas, each
// chosen so that no cancellation occurs (1 − |k|² is never formed as a
// difference of rounded numbers; see below); a conversion whose exact
// result is valid but rounds onto the boundary of the target model returns
// an error wrapping ErrNotRepresentable.
//
// # Conventions shared with the rest of the module
//
// In homogeneous Klein coordinates the Lorentzian product is
// ⟨u, v⟩ = −1 + u·v, so ⟨u, u⟩ < 0 inside the disk, and
//
//	cosh d(x, y) = −⟨x, y⟩ / √(⟨x, x⟩⟨y, y⟩) = (1 − x·y) / √((1 − |x|²)(1 − |y|²)).
//
// The angle at s between the geodesics to x and to y has cos = A/√B with
// A = ⟨x,s⟩⟨y,s⟩ − ⟨x,y⟩⟨s,s⟩ and B = (⟨x,s⟩² − ⟨x,x⟩⟨s,s⟩)(⟨y,s⟩² − ⟨y,y⟩⟨s,s⟩)
// (the isoptic package builds its curves from these); CosAngle agrees with
// A/√B to a few ulps, which the tests check against exact rational A, B.
//
// # Accuracy
//
// Points near the ideal boundary and nearly coincident points make the
// textbook formulas cancel: at 1e-9 from the boundary, 1 − |x|² is about
// 2e-9 and the product (1 − x·y)² − (1 − |x|²)(1 − |y|²) loses everything.
// This package avoids every such difference:
//
//   - 1 − X² − Y² is computed with exact products (FMA) and error-free
//     additions, to a relative error of a few ulps for every point;
//   - sinh² d is evaluated as a sum of non-negative terms,
//     sinh² d = [(1 − |x|²)|δ|² + (x·δ)²] / ((1 − |x|²)(1 − |y|²)), δ = y − x,
//     with x·δ formed by a compensated dot product;
//   - angles are computed in the tangent plane at the vertex, from the
//     exact differences a − v, b − v (kept as hi + lo pairs), as
//     atan2(sin, cos) with the sine from a compensated cross product
//     (exact rational arithmetic for angles below about 1e-15);
//   - the area of a triangle comes from tan(Δ/2) = |det| / (1 + Σ cosh of
//     the sides), not from π minus the angle sum, which would lose all
//     digits for small triangles.
//
// The contract is a relative error of at most 1e-13 against the exact
// value at the float64 inputs; accuracy_test.go checks it against a
// 256-bit reference on families of hard cases (points down to 1e-15 from
// the boundary, pairs 1e-16 apart, angles within 1e-12 of 0 or π) and logs
// the worst errors seen (docs/results.md lists them: a few ulps).
//
// Float64 Klein coordinates themselves have a finite resolution: near the
// boundary one ulp in a coordinate is a hyperbolic displacement of up to
// u·t², where u = 2⁻⁵³ and t = 1/√(1 − |p|²) is the point's hyperboloid
// time coordinate (t ≈ 2.2e4 at 1e-9 from the boundary, so 5e-8). The
// functions above take their inputs as exact, so this does not affect
// them; functions that return a point (conversions to Klein, isometries,
// Exp, Geodesic) necessarily round it, and their tests state tolerances
// in these units.
//
// # Validity and errors
//
// Point.Check decides X² + Y² < 1 exactly (with a rational fallback for
// points within rounding of the circle) and returns a *PointError wrapping
// ErrNotFinite or ErrOutsideDisk; CheckPoints reports the index of the
// first bad point. Functions that construct points check their inputs and
// return errors; nothing panics. The allocation-free hot-path functions
// (Dist, SinhDist, CoshDist, DistOrigin, CosAngle, SinAngle, Angle, Area,
// SignedArea) return only a float64: they expect points that passed Check
// (validate once, where data enters) and return NaN — never a number — if
// a point is invalid or an angle is undefined (a vertex repeated).
//
// # Tangent vectors, geodesics, isometries
//
// A tangent vector at p (type Vector) is given in the orthonormal frame
// obtained by parallel transport of the standard frame at the origin along
// the geodesic from the origin to p, i.e. by the differential of the
// hyperbolic translation Translation(p). Its Euclidean length is its
// hyperbolic length, it corresponds to the hyperboloid tangent vector
// M_p·(0, X, Y), and at the origin it is the Klein chart itself. Exp and
// Log use this frame; Exp(p, v) follows the Klein chord in the direction of
// v for length |v| (the advance is a cross-ratio formula without
// cancellation), Log(p, q) has length Dist(p, q). Geodesic(p, q, s) is the
// point at fraction s of the way, Midpoint the midpoint; both are convex
// combinations of p and q in the Klein disk.
//
// An Isometry is a 3×3 matrix of the orthochronous Lorentz group acting on
// the hyperboloid and projectively on the Klein disk. Rotation, Reflection,
// Boost and Translation build them; Compose and Inverse combine them.
//
// # Samplers
//
// All samplers take a seeded *math/rand/v2.Rand and return Klein points.
//
//   - WrappedGaussian, SampleWrappedGaussian: the pseudo-hyperbolic Gaussian
//     G(μ, σ) of Nagano et al. (2019): v ~ N(0, σ²I₂) in the tangent plane
//     at the origin, parallel-transported to μ and mapped by Exp at μ. σ is
//     the standard deviation; the distance of a sample to μ is Rayleigh(σ).
//   - PolygonMeans, SamplePolygonMixture: the uniform mixture of
//     G(μ_{d,k}(t), σ), μ_{d,k}(t) = t·e^{2πik/d}, with ⌊n/d⌋ points per
//     component, as in the paper's mixture tables (d = 15, t = 0.9, σ = 0.5).
//   - SampleUniformDisk: the paper's "uniform", U([−1, 1]²) restricted to
//     the disk by rejection (Euclidean-uniform in Klein coordinates).
//   - SampleEuclideanGaussian: N(0, σ²I₂) points of R², the Euclidean
//     baseline (the paper's N(0, 0.5) is σ = √0.5: its code passes the
//     covariance 0.5·I).
//
// These conventions follow the authors' reference code
// (github.com/AGarciaCast/HyperSteiner, syntheticExperiments.ipynb: the
// functions meansPolygon, wrappedGaussian and uniformSamplingRest; the
// sampling module src/utils/hyperbolicWrappedGaussian.py, whose source is
// stored for the authors' follow-up repository RandomizedHyperSteiner):
// the means μ_{d,k}(t) are Klein coordinates (converted with
// klein_pt_to_hyperboloid), the Gaussian is sampled on the hyperboloid
// with covariance cov**2 where the experiments pass cov = 0.5·I (so 0.5 is
// the standard deviation), transported from (1, 0, 0) to the mean, mapped
// by the hyperboloid exponential map, and returned in Klein coordinates;
// components are listed from k = 0 (the same set as k = 1, …, d). The
// reference code adds 1e-6 to some denominators; the formulas here are
// exact.
//
// # Performance
//
// Dist and CoshDist are allocation-free (BenchmarkDist, BenchmarkCoshDist;
// figures in docs/results.md). CoshDist is cheaper and, being increasing
// in the distance, orders edges as Dist does (an MST built on CoshDist
// weights is the same tree, up to the order of edges whose lengths agree
// to rounding).
package hyperbolic
