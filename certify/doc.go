// Package certify proves numerical claims: interval arithmetic with outward
// rounding, Krawczyk and alpha-theory certificates, certified Fermat points,
// angles and hyperbolic distances.
//
// # Interval arithmetic
//
// An interval [Lo, Hi] stands for every real number between its endpoints.
// An operation on intervals returns an interval containing the exact result
// for every choice of points in the operands; to keep that promise under
// floating-point rounding, lower endpoints are rounded toward −∞ and upper
// ones toward +∞ ("outward rounding"). Two representations share one set
// of operations (Add, Sub, Neg, Mul, Scale, Sqr, Quo, Sqrt, Pow, Mid, Rad,
// Width, Mag, Mig, Contains, Subset, Interior, Hull, Intersect):
//
//   - Interval64, float64 endpoints: the fast path. Values, no allocation.
//     Directed rounding is emulated exactly (error-free transformations;
//     exact rational arithmetic in the rare underflow corner), so a point
//     operation is exact when the result is a float64 and one ulp wide
//     otherwise.
//   - Interval, big.Float endpoints, in the math/big style (z.Add(x, y),
//     explicit precision per result). big.Float.Sqrt, Neg, Abs and 0 − y do
//     not honour directed rounding; this package works around each.
//
// Division by an interval that contains 0 and the square root of an
// interval with a negative part are errors (ErrDivByZero, ErrDomain),
// never a silent "whole line". Even powers are tight: [−2, 3]² = [0, 9].
// Interval.Text prints endpoints in decimal rounded outward too, so a
// printed enclosure still encloses.
//
// # Krawczyk proofs
//
// For a square system F: Rⁿ → Rⁿ, a box X, a point m ∈ X and any matrix Y
// (in practice an approximate inverse of F′(m)), the Krawczyk operator is
//
//	K(X) = m − Y·F(m) + (I − Y·F′(X))·(X − m).
//
// Every root of F in X lies in K(X). If K(X) lies in the interior of X,
// X holds exactly one root; if K(X) ∩ X is empty, X holds none. Only F(m)
// and an enclosure of the Jacobian over X are needed, in interval
// arithmetic; Y is taken as exact whatever its accuracy, so rounding in Y
// affects only whether a proof succeeds, never its truth.
//
// A System supplies those enclosures; PolySystem compiles exact rational
// polynomial systems from package poly (coefficients enter as the
// tightest enclosing intervals, derivatives are exact). A Prover runs the
// search: Certify refines a candidate by Newton's method, builds a box
// around it, tests, grows or shrinks the box, and raises the precision
// 53 (float64) → 128 → 256 → … up to a cap, answering Proved (with the
// box X of uniqueness and the enclosure Box = K(X)), NoRoot, or Undecided.
// Test decides one given box. Both reuse a Result and preallocated
// workspaces: a float64 proof allocates nothing, a big.Float one little.
//
// # Solutions of polynomial systems
//
// CertifySolutions proves candidate solutions of a square polynomial
// system F: Cⁿ → Cⁿ with exact complex rational coefficients
// (ComplexPolySystem): for each candidate p, Newton's method refines it to
// m, and the complex Krawczyk test K(X) ⊂ int X on a polydisc X about m,
// evaluated in disc arithmetic (CBall64: centres rounded to nearest, radii
// bounded above with every rounding), proves a unique root in X, enclosed
// in K(X). A certificate requires X to contain p as well: otherwise
// Newton walked from p to some other root, and p is not an approximate
// solution (ReasonNotApproximate). Where float64 cannot decide, the real
// form of the system (2n real unknowns) goes to the Prover in big.Float
// from 128 bits. A polydisc about a real point is invariant under
// conjugation, so for real coefficients one more Krawczyk test proves the
// root real (RealProved); an enclosure off the real axis proves it
// non-real. Enclosures that are disjoint prove roots distinct; an
// enclosure inside another certificate's region proves the same root
// (DuplicateOf). SetCert counts the certified candidates, a set proved
// pairwise distinct, and the real ones among those. CInterval64 and
// CInterval are the rectangular complex intervals of the package.
//
// ReadCandidates reads candidate solutions written by any program (JSON
// lines or a whole 'hypersteiner solve' report; decimal strings exactly),
// CandidatePrec chooses the first precision their digits call for, and
// CertifyCandidates certifies them into a SetReport, the JSON of 'verify
// solve'; CertLine is one certificate in that form.
//
// # Alpha theory
//
// AlphaTest is a second, independent certificate after Smale (as in
// alphaCertified, Hauenstein & Sottile 2012): from β = ‖F′(x)⁻¹F(x)‖ and an
// upper bound of γ, it decides α = βγ < (13 − 3√17)/4 in exact rational
// arithmetic. Then Newton's method from x converges quadratically to a
// root within 2β of x. It works over the complex rationals too
// (AlphaTestComplex).
//
// # Fermat points
//
// FermatCertifier proves where the Fermat (Steiner) point of a hyperbolic
// triangle of the Klein disk is, and judges a candidate point from any
// float solver: FermatCertified (the Fermat point lies within the
// tolerance of it), FermatRefuted (provably not), FermatNone (no Fermat
// point: an angle ≥ 120°, decided exactly by isoptic.SteinerExists — an
// angle of exactly 120° included), FermatUndecided (a precision cap was
// reached). The proof is a Krawczyk box for the ψ system
// (ψ_xy, ψ_yz), ψ = A² − B/4, evaluated over boxes straight from the
// terminals in isoptic's difference form, plus the branch test — A < 0
// for all three pairs and the box inside the disk — which makes the box's
// unique root THE Fermat point (the argument is in Certify's comment).
// The float64 fast path is one Newton refinement, one Krawczyk test and the
// branch test, allocation-free (costs in docs/results.md). The
// certificate carries the enclosure (Box, Mid, Radius), its precision,
// Digits(), the cosine enclosures of the three angles and AngleErr, a
// rigorous bound of how far they are from 120° anywhere in the box.
//
// FermatCert.Line prints a certificate as a line of 'verify fermat'
// (FermatLine), every bound rounded outward.
//
// EuclideanFermatCertifier does the same for the Euclidean plane, at any
// scale float64 holds (the triangle is scaled by a power of two). Geometry
// gathers, per plane, what a tree certificate needs (package treecert):
// HyperbolicGeometry and EuclideanGeometry.
//
// # Angles and distances
//
// CosAngle64 encloses the cosine of the angle at a vertex, A/√(Bx·By),
// from exact coordinates; Cmp120 compares the angle with 120° exactly
// (big.Rat where the enclosure cannot tell); SmallestAngleAt encloses the
// smallest angle between a vertex's edges in degrees. Acos64 is a
// rigorous arccos (interval Taylor series of arcsin with a tail bound),
// AngleDev120 the mean-value bound |θ − 120°| ≤ |cos θ + ½|/min sin,
// which keeps the width of a high-precision enclosure.
//
// Dist64 and Interval.Dist enclose hyperbolic distances from
// sinh²d = [|δ|²(1 − |x|²) + (x·δ)²]/((1 − |x|²)(1 − |y|²)), a quotient of
// non-negative sums, and asinh evaluated by its own series (asinh s =
// 2·atanh(s/(1 + √(1 + s²)))), so that no library transcendental function
// has to be trusted.
//
// Nothing here uses fudge thresholds: every answer is either proved, or
// "undecided".
package certify
