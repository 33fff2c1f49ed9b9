package homotopy

import "strconv"

// The statuses of the solver family: where a path ended (PathStatus), how
// a call of Tracker.Track ended (TrackStatus) and how an endgame ended
// (EndgameStatus). Each has String, a phrase for people, and Name, a
// snake_case word for machine-readable output (JSON), which stays stable.

// PathStatus classifies where a path ended.
type PathStatus int

const (
	// PathFinite: the path converged to a finite point of Cⁿ.
	PathFinite PathStatus = iota
	// PathAtInfinity: the path goes to a point with z₀ = 0, i.e. it
	// diverges in Cⁿ. PathResult.Infinity says how that was decided.
	PathAtInfinity
	// PathFailed: tracking or the endgame failed (see Track, Endgame).
	PathFailed
)

// TrackStatus says how a call of Tracker.Track ended.
type TrackStatus int

const (
	// TrackOK: the path reached the end of the segment.
	TrackOK TrackStatus = iota
	// TrackBudget: the step budget ran out.
	TrackBudget
	// TrackMinStep: the step size fell below MinStep·|t|.
	TrackMinStep
	// TrackSingular: the Jacobian was singular to working precision or the
	// iterate was not finite at the current point.
	TrackSingular
	// TrackLoopOpen: a Cauchy endgame loop did not close within
	// EndgameOptions.MaxWinding turns.
	TrackLoopOpen
)

// EndgameStatus says how an endgame ended.
type EndgameStatus int

const (
	// EndDirect: the path was tracked straight to t = 0 and Newton's
	// method at the target converged quadratically (nonsingular end).
	EndDirect EndgameStatus = iota
	// EndCauchy: successive Cauchy estimates agreed within Tol and the
	// estimate passed the residual check.
	EndCauchy
	// EndDiverging: the valuation of z₀ is positive and stable: the path
	// goes to infinity (the returned z is the last checkpoint, not a limit).
	EndDiverging
	// EndNotConverged: the radius fell below MinRadius before the Cauchy
	// endgame converged; the last estimate is returned.
	EndNotConverged
	// EndFailed: tracking failed during the endgame.
	EndFailed
)

// statusWords holds a status's phrase and machine name.
type statusWords struct{ text, name string }

var (
	pathWords = []statusWords{
		PathFinite:     {"finite", "finite"},
		PathAtInfinity: {"at infinity", "at_infinity"},
		PathFailed:     {"failed", "failed"},
	}
	trackWords = []statusWords{
		TrackOK:       {"ok", "ok"},
		TrackBudget:   {"step budget exhausted", "step_budget"},
		TrackMinStep:  {"step size too small", "min_step"},
		TrackSingular: {"singular Jacobian", "singular_jacobian"},
		TrackLoopOpen: {"endgame loop did not close", "loop_open"},
	}
	endgameWords = []statusWords{
		EndDirect:       {"direct", "direct"},
		EndCauchy:       {"cauchy", "cauchy"},
		EndDiverging:    {"diverging", "diverging"},
		EndNotConverged: {"not converged", "not_converged"},
		EndFailed:       {"failed", "failed"},
	}
)

// words returns the entry of table for s, or the type's name and number.
func words(table []statusWords, s int, typ string) statusWords {
	if s >= 0 && s < len(table) {
		return table[s]
	}
	w := typ + "(" + strconv.Itoa(s) + ")"
	return statusWords{w, w}
}

func (s PathStatus) String() string { return words(pathWords, int(s), "PathStatus").text }

// Name returns the machine-readable name: finite, at_infinity, failed.
func (s PathStatus) Name() string { return words(pathWords, int(s), "PathStatus").name }

func (s TrackStatus) String() string { return words(trackWords, int(s), "TrackStatus").text }

// Name returns the machine-readable name: ok, step_budget, min_step,
// singular_jacobian, loop_open.
func (s TrackStatus) Name() string { return words(trackWords, int(s), "TrackStatus").name }

func (s EndgameStatus) String() string { return words(endgameWords, int(s), "EndgameStatus").text }

// Name returns the machine-readable name: direct, cauchy, diverging,
// not_converged, failed.
func (s EndgameStatus) Name() string { return words(endgameWords, int(s), "EndgameStatus").name }

// InfinityReason says how a path was judged to go to infinity.
type InfinityReason int

const (
	// InfinityNone: the path is not at infinity.
	InfinityNone InfinityReason = iota
	// InfinityByValuation: the endgame's valuation estimates
	// ν = d log|z₀|/d log t (z of unit length) were positive and stable at
	// successive checkpoints while |z₀| fell by EndgameOptions.MinGrowth:
	// |z₀| ~ t^ν → 0 (PathResult.Valuation holds the last estimate).
	InfinityByValuation
	// InfinityByEndPoint: the path reached t = 0 and its end point z
	// (unit length) has |z₀| within ten times its error estimate — the
	// endgame's accuracy or the rounding noise of Newton's corrections
	// there: z₀ = 0 as far as float64 can tell. A root whose modulus is
	// beyond about 1/ε times the scale of the (scaled) system is
	// reported this way.
	InfinityByEndPoint
	// InfinityByOverflow: the end point is finite in the scaled variables
	// but overflows float64 in the original ones.
	InfinityByOverflow
)

var infinityWords = []statusWords{
	InfinityNone:        {"not at infinity", "none"},
	InfinityByValuation: {"positive valuation of z0", "valuation"},
	InfinityByEndPoint:  {"z0 = 0 within the end point's error", "end_point"},
	InfinityByOverflow:  {"overflows float64", "overflow"},
}

func (r InfinityReason) String() string {
	return words(infinityWords, int(r), "InfinityReason").text
}

// Name returns the machine-readable name: none, valuation, end_point,
// overflow.
func (r InfinityReason) Name() string { return words(infinityWords, int(r), "InfinityReason").name }
