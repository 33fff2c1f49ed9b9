// Package homotopy solves square polynomial systems by homotopy
// continuation: total-degree and parameter homotopies, predictor–corrector
// path tracking, a Cauchy endgame and the classification of the end
// points. Its design follows HomotopyContinuation.jl: systems, homotopies,
// the tracker, the endgame and the result are separate concepts.
//
// # Quick start
//
//	sys := poly.MustParse("x^2 + y^2 - 4; x*y - 1")
//	res, err := homotopy.SolvePoly(sys, &homotopy.Options{Seed: 1})
//	for _, s := range res.RealNonsingular() { ... s.X ... }
//
// # Systems and homotopies
//
// A System is a square system F: Cⁿ → Cⁿ seen through its homogenisation
// F^h(z₀, x) = z₀^{d}·F(x/z₀). PolySystem adapts a poly.System (with
// NewScaledPolySystem, which SolvePoly uses, first in scaled variables
// x_j = 2^{k_j}·y_j chosen by least squares so that the coefficients are
// as close to modulus 1 as a scaling can make them (VariableScaling):
// roots of size 10⁶ of a system with coefficients spanning 10¹² become
// roots of size 1; then each
// equation scaled to unit largest coefficient, homogenised, compiled to an
// evaluator that shares monomials between values and derivatives; with the
// Jacobian wanted, the values come from Euler's identity d·F = Σ z_j ∂_jF,
// so only the derivatives' terms are evaluated). On x86-64 processors with
// AVX2 and FMA the monomial products and every derivative whose monomials
// form one contiguous run (all of them for a dense equation: the monomials
// are numbered by degree, then lexicographically) run in a small assembly
// kernel, two complex terms per instruction; elsewhere, and for sparse
// rows, plain Go does the same sums.
//
// The total-degree homotopy (StraightLine) is
//
//	H(z, t) = t·γ·G(z) + (1−t)·F(z),   G_i = z_i^{d_i} − b_i·z₀^{d_i},
//
// from the start system G at t = 1, whose d₁⋯dₙ solutions are the roots
// of the b_i, to F at t = 0 (in u = 1−t the textbook (1−u)γG + uF). γ and
// the b_i are random points of the unit circle (seeded): for all but
// finitely many γ no path meets a singular point before t = 0 (the gamma
// trick), and random b_i keep the start system from sharing a root with F
// (with b_i = 1, a root of F at (1, …, 1) would solve H for every t). Paths live in
// projective space Pⁿ: the tracker appends an affine patch a·z = 1,
// re-chosen after each step as a = z̄/‖z‖² (the orthogonal patch), so a
// path whose affine coordinates diverge simply approaches z₀ = 0 and is
// followed to the end.
//
// A ParameterSystem is a family F(x; p); ParameterHomotopy tracks along
// p(t) = t·p₀ + (1−t)·p₁ (+ an optional complex detour t(1−t)·d), and
// ParameterSolver moves the solutions of one solved generic instance p₀
// to any number of targets p₁, reusing its workspace. CoefficientFamily is
// the family of all systems with a given monomial support. A family that
// implements ParameterDirectional gives H_t = (∂F/∂p)·p′ directly, without
// the n×m matrix ∂F/∂p. SolveReuse returns a Result owned by the solver
// and allocates nothing; TrackPath tracks a single path, for callers that
// want one particular root and can recognise it (tracking the likeliest
// paths first). ParameterOptions.Loose skips the endgame and the final
// classification for callers that polish end points themselves and have
// a complete fallback.
//
// # Tracking
//
// Tracker follows one path with an RK4 predictor and a Newton corrector.
// Each Newton step also evaluates H_t, and the factorisation of the last
// one gives the velocity at the accepted point (its error, relative
// O(CorrectorTol), is negligible in a predictor): an RK4 step costs three
// evaluations besides the corrector's. TrackerOptions.Predictor selects
// the cubic Hermite extrapolation instead (no evaluations, order 3; less
// robust on hard systems).
// A step is accepted when the corrector converges to CorrectorTol within
// MaxCorrectorIters iterations (the error left after a correction d that
// follows one of size p is estimated as d³/p², quadratic convergence with
// the Kantorovich constant measured by the step itself), the first
// correction (the predictor error) is below MaxPredictorError, and every
// Newton correction is at least MaxContraction times the one before (a
// Newton–Kantorovich test: fast contraction means the prediction is well
// inside the basin of the current path). Both bounds keep the corrector
// from jumping to a neighbouring path. The step shrinks by half on
// rejection and otherwise moves by (target/observed)^{1/5} (RK4's error is
// O(h⁵)), at most doubling, where the targets are TargetContraction and
// TargetPredictorError (2.5e-4, 40 times below the rejection bound: a
// rejected step costs four evaluations). Every
// path has a step budget (MaxSteps): tracking never hangs. Near
// ill-conditioned points a correction at the rounding-noise level (ε times
// the term sizes, propagated through J⁻¹) is accepted as converged.
//
// # Endgame
//
// From t = 0.1 the Endgame heads for t = 0 in legs of a few steps. A
// nonsingular end point is normally reached in the first leg and accepted
// when Newton's method there converges quadratically (the corrector's own
// last two steps at t = 0 count when they already show it), with steps
// that do not increase the residual beyond its rounding level. Otherwise the ends of the legs are
// checkpoints where the valuation ν = d log|z₀|/d log t is estimated: a
// stable positive ν (|z₀| ~ t^ν, and |z₀| shrunk by MinGrowth) means the
// path diverges; ν ≈ 0 means a finite singular end point, computed by the
// Cauchy endgame: in a fixed patch the path is a Puiseux series in
// t^{1/c}, loops around |t| = r return to the start after exactly c turns
// (the winding number), and the mean of z over equally spaced points of
// those loops is z(0) by Cauchy's integral formula. The radius shrinks
// until two estimates agree and the estimate solves F (two estimates can
// agree and be wrong when the circles enclose another branch point). A
// Cauchy estimate of winding number c > 1 may be the mean of a cluster of
// simple roots (circles wider than the cluster's branch point circle it
// as they would a multiple root): rays from the loop radius to t = 0 are
// tried, and an end point they reach is kept if Newton's method converges
// quadratically there (also from a point moved beyond its rounding noise)
// and it lies inside the loops.
//
// # Results
//
// Every path gets a PathResult (finite, at infinity, failed; winding
// number, accuracy, condition number, residuals). A path is at infinity
// when the endgame's valuation estimates say so (InfinityByValuation), or
// when it reached t = 0 at a point whose z₀ is zero within the point's
// error: ten times the endgame's accuracy estimate or, at a nonsingular
// point, the rounding noise of Newton's corrections there
// (InfinityByEndPoint). No magnitude threshold is involved: a root of
// size 10¹² of a well-scaled system is finite; a root whose size in the
// scaled variables exceeds about 1/ε of the scale of the others cannot be
// told from infinity in float64, and is reported that way. Finite end points within
// MergeTol (plus their accuracy) are one Solution with its multiplicity,
// the number of paths ending there: for an isolated root of a total-degree
// homotopy this is its multiplicity. A solution is singular when its
// winding number exceeds 1, Newton's method does not converge
// quadratically, its condition number exceeds SingularCond, or several
// paths end there. Two paths at one nonsingular point mean one of them
// jumped: both are re-tracked with tighter step control (RetrackRounds);
// failed paths too. Realness: max|Im x_i| ≤ RealTol·max(1, ‖x‖∞) with
// RealTol = 1e-8 (Solution.RealValues gives the real parts; a proof of
// realness is package certify's job: Result.Candidates hands the
// solutions to certify.CertifySolutions). Each Solution carries two
// residuals: ScaledResidual, of the system as tracked (relative to its
// terms), and Residual, max_i |f_i(x)| of the equations as written.
//
// Paths run on a pool of goroutines, each result stored at its path's
// index; nothing random depends on scheduling, so a seed gives identical
// results for any GOMAXPROCS. Bad input (non-square systems, zero
// equations, non-finite coefficients, wrong lengths) is an error matching
// ErrBadSystem; systems with positive-dimensional solution sets give
// singular end points, never spurious nonsingular solutions.
//
// # Reports
//
// NewReport is what 'hypersteiner solve' prints, for callers that want the
// same answer as a value: it runs SolvePoly, or package newton's hybrid or
// damped Newton method from a starting point, sorts the solutions, prints
// real solutions of real systems with imaginary parts exactly 0, takes the
// residual of the equations as written at exactly the printed values,
// refines to more bits with BigRefiner on request and proves each printed
// solution with certify.CertifySolutions on request. Report encodes as
// the command's JSON (ReportHelp documents it); what the numbers leave
// open goes to Report.Warnings.
//
// # Accuracy and limits
//
// Nonsingular solutions are refined in float64 to within a few units of
// rounding times their condition number, coordinate by coordinate (a root
// at 1e-100 is found to full relative precision; checked against 256-bit
// Newton refinements in the tests). RefineBig refines further in
// big.Float. Singular solutions carry the accuracy of the Cauchy estimate
// (typically 1e-10 to 1e-12 relative). Paths at infinity with very large
// winding numbers may be reported failed rather than at infinity.
package homotopy
