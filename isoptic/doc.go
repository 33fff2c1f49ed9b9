// Package isoptic builds the isoptic curves of the Klein–Beltrami model
// (the loci that see two points under a fixed angle) and the Fermat-point
// systems made from them (HyperSteiner paper, §4.2 and appendix A).
//
// # The angle at s
//
// Points of the Klein disk lift to (p, 1) in Minkowski space with the
// Lorentzian product ⟨u,v⟩ = −1 + u·v, and cosh d(p,q) =
// −⟨p,q⟩/√(⟨p,p⟩⟨q,q⟩). Put that and sinh d = √(cosh²d − 1) into the
// hyperbolic cosine rule cosh d(x,y) = cosh d(x,s)·cosh d(y,s) −
// sinh d(x,s)·sinh d(y,s)·cos θ for the triangle (x, s, y): the factors
// √(⟨x,x⟩⟨y,y⟩)·|⟨s,s⟩| cancel and the angle θ at s satisfies
//
//	cos θ = A/√B,  A(s) = ⟨x,s⟩⟨y,s⟩ − ⟨x,y⟩⟨s,s⟩,
//	               B(s) = Bx·By,  Bx = ⟨x,s⟩² − ⟨x,x⟩⟨s,s⟩,  By = ⟨y,s⟩² − ⟨y,y⟩⟨s,s⟩.
//
// The isoptic curve C_α(x, y) is therefore {φ = 0} with
// φ = A − cos α·√B, and squaring gives the quartic ψ = A² − cos²α·B whose
// zero set is C_α ∪ C_{π−α} (cos² does not tell α from π − α). The branch
// test tells them apart: at a zero of ψ, A = ±cos α·√B, so s is on C_α iff
// A = 0 or A has the sign of cos α (Curve.OnBranch, OnBranchRat).
//
// # Evaluation
//
// Every evaluator uses the Lagrange identity for the lifted bivectors to
// write the same polynomials without the Lorentz products:
//
//	A  = (x−s)·(y−s) − (x×s)(y×s),   Bx = |x−s|² − (x×s)²,
//
// with u×v = u₁v₂ − u₂v₁. This "difference form" is cancellation-free near
// the boundary (where ⟨s,s⟩ → 0) and near a terminal (where ⟨x,s⟩² ≈
// ⟨x,x⟩⟨s,s⟩), shows Bx ≥ |x−s|²(1 − |x|²) ≥ 0 on all of R², and
// needs no precomputed constants; the tests check that it equals the
// Lorentzian form exactly, as polynomials and at rational points.
//
//   - Curve evaluates A, B, φ, ψ and their gradients in float64 (and ψ in
//     complex128) without allocating; the float64 error is a few ulps of
//     the size of the terms (measured against 200-bit values).
//   - Fermat3 is the Fermat-point problem of three terminals, with the φ
//     system (φ_xy, φ_yz) and the ψ system (ψ_xy, ψ_yz) and their 2×2
//     Jacobians, ψ also in complex128 for homotopy continuation.
//   - Fermat4 is the coupled system of two Steiner points for a full
//     topology (w,x | y,z), with 4×4 Jacobians, in both forms.
//   - BigTerms evaluates the same quantities and gradients in big.Float at
//     a chosen precision, for certification; RatTerms exactly in big.Rat.
//   - PsiPoly, ABPoly, Fermat3.PsiSystem and Fermat4.PsiSystem build exact
//     rational polynomials (package poly) from exact terminal coordinates.
//
// # Degrees and spurious roots
//
// ψ has total degree exactly 4 (PsiPoly). The 3-terminal ψ system has
// Bézout number 16. Besides the Fermat point (a nonsingular root) and the
// crossings of the C_α and C_{π−α} branches, it has spurious singular
// roots: the shared terminal y, and the two complex points where the
// absolute ⟨s,s⟩ = 0 meets the polar line ⟨y,s⟩ = 0 (see Fermat3). In the
// 4-terminal system the equations that couple the two Steiner points have
// degree 6, so its Bézout number is 4·6·4·6 = 576 (Fermat4PsiBezout).
//
// # Existence of a Steiner point
//
// A triangle has a Steiner point iff all its angles are < 2π/3, i.e. at
// each vertex v, with A, B built from the other two and s = v:
// A ≥ 0 or 4A² < B. SteinerExists decides this exactly for float64
// vertices (taken as the dyadic rationals they are): a float64 evaluation
// of the whole triangle with a semi-static error bound (c·u times a
// magnitude computed alongside) settles almost every vertex, one with a
// rigorous running error bound most of the rest, an
// exact fixed-point integer evaluation (coordinates as multiples of 2^−k,
// k ≤ 120, in stack-allocated 1024-bit integers) settles nearly all the
// rest, and big.Rat the remainder (subnormals, |v| ≥ 1) — in particular angles of exactly 2π/3, which
// count as "no Steiner point".
//
// # The upper half-plane
//
// HalfPlaneCurve and HalfPlanePsiPoly are the appendix's half-plane
// versions φ̃ = Ã − cos α·√Q and ψ̃ = Ã² − cos²α·Q, of degree 8 rather
// than 4; HalfPlaneToKleinRat is the exact model conversion in the
// rational direction.
//
// # Errors
//
// Constructors and predicates return an *InputError (wrapping
// hyperbolic's point errors or this package's sentinels) for a point that
// is not a finite point of the open disk, coincident terminals, or a
// cosine outside (−1, 1). The fast evaluators accept any s in R² (solver
// iterates may leave the disk) and report only ErrNotDifferentiable, for
// φ's gradient at a terminal.
package isoptic
