// Package newton solves square nonlinear systems F(x) = 0, F: Rⁿ → Rⁿ,
// with Powell's hybrid method (MINPACK's hybrd and hybrj) and with a damped
// Newton method.
//
// # The hybrid method
//
// Hybrd and Hybrj follow MINPACK-1 (Moré, Garbow, Hillstrom, Argonne
// 1980) step for step, so that they stop for the same reasons after nearly
// the same number of function evaluations. Each iteration
//
//   - computes a dogleg step p inside the trust region ‖D·p‖ ≤ δ, from the
//     QR factorisation J = Q·R of the current Jacobian approximation: the
//     Gauss–Newton step −R⁻¹·Qᵀ·F when it fits, otherwise a convex
//     combination with the scaled steepest-descent step;
//   - compares the actual reduction of ‖F‖² with the reduction predicted by
//     the linear model (their ratio ρ): ρ < 0.1 halves δ, ρ ≥ 0.5 (or two
//     successes in a row) lets δ grow to 2‖D·p‖, and the step is accepted
//     when ρ ≥ 0.0001;
//   - updates J by Broyden's rank-one formula, applied directly to Q and R
//     with Givens rotations (MINPACK's r1updt and r1mpyq) — no new Jacobian
//     is evaluated until two trial steps in a row have failed.
//
// The Jacobian is a forward-difference approximation in Hybrd (step
// sqrt(max(EpsFcn, ε))·|x_j|, n calls of F) and the user's analytic one in
// Hybrj. The variables are scaled by D: the user's Diag (ScaleUser, MINPACK
// mode 2; nil means no scaling) or the column norms of the Jacobian
// (ScaleJacobian, mode 1). The first trust region has radius
// δ = Factor·‖D·x0‖, or Factor when x0 = 0.
//
// The Status values 1–5 are MINPACK's info codes: 1 when δ ≤ XTol·‖D·x‖ (the
// estimated relative error of x is at most XTol) or F(x) = 0; 2 when the
// calls of F reach MaxFev; 3 when no step can change x any more; 4 when the
// last five Jacobian evaluations and 5 when the last ten iterations did not
// reduce ‖F‖ usefully. Only FNorm says whether X is a zero: status 1 is
// MINPACK's claim of convergence, 4 and 5 usually mean a local minimum of
// ‖F‖ that is not a zero (or a singular zero approached slowly).
// Hybrd1Settings and Hybrj1Settings give the settings of MINPACK's easy
// drivers hybrd1 and hybrj1 (which report 5 as 4).
//
// On the 55 standard runs of the MINPACK-1 test suite (14 problems, starting
// points scaled by 1, 10, 100) Hybrd and Hybrj reach a zero exactly where
// MINPACK's hybrd1 and hybrj1 do, end with MINPACK's info in all 55 runs,
// and need the same number of function evaluations in most of them; the
// per-run comparison is in testdata/minpack_results.tsv.
//
// # Damped Newton
//
// Newton solves J(x)·dx = −F(x) by LU with partial pivoting and backtracks
// along dx until ½‖F‖² decreases by the Armijo condition. It stops with
// Converged (‖F‖ ≤ FTol, or a full step of relative size ≤ XTol),
// SingularJacobian (a zero pivot, or a reciprocal condition number below ε),
// LineSearchFailed or MaxIterReached. It converges quadratically near a
// regular zero but, unlike the hybrid method, has no trust region to keep
// its steps sensible far from one.
//
// # Using the solvers
//
// A System gives the number of equations M (which must equal len(x0)), the
// function F(f, x) that writes F(x) into f, and optionally the Jacobian
// Jac(jac, x), row-major. The package functions allocate their Result; for
// many small solves, keep a Workspace and a Result and call its methods,
// which then allocate nothing.
//
// Bad input — n = 0, a non-square system, NaN or Inf in x0, invalid
// settings — returns an *Error wrapping ErrDimension, ErrNonFinite,
// ErrSettings or ErrNilFunc. A NaN or Inf computed by F or the Jacobian
// during the run ends it with an *Error wrapping ErrNonFinite (and the
// Result so far). The solvers never loop without bound: MaxFev or MaxIter
// (and MaxBacktrack) limit every run.
package newton
