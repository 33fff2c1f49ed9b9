package newton

import "math"

// epsmch is the machine precision of float64 (MINPACK's dpmpar(1)).
const epsmch = 0x1p-52

// ScaleMode selects how the hybrid method scales the variables.
type ScaleMode int

const (
	// ScaleJacobian (MINPACK mode 1): the scale factors D are the column
	// norms of the first Jacobian (1 for a zero column), and afterwards
	// D_j = max(D_j, ‖column j‖) at every Jacobian evaluation.
	ScaleJacobian ScaleMode = 1
	// ScaleUser (MINPACK mode 2): D is given in HybridSettings.Diag.
	ScaleUser ScaleMode = 2
)

// HybridSettings are the parameters of MINPACK's hybrd/hybrj. Build them with
// Hybrd1Settings or Hybrj1Settings and adjust; every field is validated as
// given (a zero MaxFev or Factor is an error, not a default).
type HybridSettings struct {
	// XTol ≥ 0: stop when the trust-region radius δ ≤ XTol·‖D·x‖, i.e. the
	// relative error between two consecutive iterates is at most XTol.
	XTol float64
	// MaxFev > 0: stop once the calls of F (including the n per
	// finite-difference Jacobian) reach MaxFev at the end of an iteration.
	MaxFev int
	// EpsFcn: the assumed relative error of F. The forward-difference step for
	// x_j is h = sqrt(max(EpsFcn, ε))·|x_j|, or sqrt(max(EpsFcn, ε)) when
	// x_j = 0. Used by Hybrd only.
	EpsFcn float64
	// Scale: ScaleJacobian (mode 1) or ScaleUser (mode 2).
	Scale ScaleMode
	// Diag: with ScaleUser, n positive finite scale factors; nil means all 1.
	// Ignored with ScaleJacobian.
	Diag []float64
	// Factor > 0: the initial step bound is δ = Factor·‖D·x0‖, or Factor when
	// that is 0. MINPACK recommends a value in [0.1, 100].
	Factor float64
}

// Hybrd1Settings returns the settings MINPACK's hybrd1 passes to hybrd for a
// system of n equations: XTol = sqrt(ε) ≈ 1.49e-8, MaxFev = 200(n+1),
// EpsFcn = 0, mode 2 with D = 1 (no scaling), Factor = 100, dense Jacobian.
func Hybrd1Settings(n int) HybridSettings {
	return HybridSettings{XTol: math.Sqrt(epsmch), MaxFev: 200 * (n + 1), Scale: ScaleUser, Factor: 100}
}

// Hybrj1Settings returns the settings MINPACK's hybrj1 passes to hybrj: as
// Hybrd1Settings but MaxFev = 100(n+1).
func Hybrj1Settings(n int) HybridSettings {
	return HybridSettings{XTol: math.Sqrt(epsmch), MaxFev: 100 * (n + 1), Scale: ScaleUser, Factor: 100}
}

// NewtonSettings are the parameters of the damped Newton method.
type NewtonSettings struct {
	// MaxIter > 0: the maximum number of Newton iterations.
	MaxIter int
	// FTol ≥ 0: converged when ‖F(x)‖ ≤ FTol (F(x) = 0 always converges).
	FTol float64
	// XTol ≥ 0: converged when a full Newton step changes x by at most
	// XTol·‖x‖ (Euclidean norms).
	XTol float64
	// EpsFcn: forward-difference parameter as in HybridSettings, used when the
	// system has no analytic Jacobian.
	EpsFcn float64
	// Armijo in (0, 1): the sufficient-decrease constant c of the line search,
	// which accepts t when ½‖F(x+t·dx)‖² ≤ ½‖F(x)‖² + c·t·∇(½‖F‖²)·dx.
	Armijo float64
	// MaxBacktrack > 0: the most step reductions in one line search.
	MaxBacktrack int
}

// DefaultNewtonSettings returns MaxIter = 100, FTol = 0, XTol = sqrt(ε),
// EpsFcn = 0, Armijo = 1e-4, MaxBacktrack = 60. Sixty reductions by at least
// a factor 2 reach 2⁻⁶⁰ ≈ 1e-18 of the Newton step, below the relative
// resolution of float64, where the line search fails anyway.
func DefaultNewtonSettings() NewtonSettings {
	return NewtonSettings{MaxIter: 100, XTol: math.Sqrt(epsmch), Armijo: 1e-4, MaxBacktrack: 60}
}
