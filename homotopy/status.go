package homotopy

import "github.com/hypersteiner/hypersteiner/internal/enum"

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

var (
	pathNames = enum.Table[PathStatus]{Pkg: "homotopy", Type: "PathStatus", Words: []enum.Words{
		PathFinite:     {Name: "finite"},
		PathAtInfinity: {Name: "at_infinity", Text: "at infinity"},
		PathFailed:     {Name: "failed"},
	}}
	trackNames = enum.Table[TrackStatus]{Pkg: "homotopy", Type: "TrackStatus", Words: []enum.Words{
		TrackOK:       {Name: "ok"},
		TrackBudget:   {Name: "step_budget", Text: "step budget exhausted"},
		TrackMinStep:  {Name: "min_step", Text: "step size too small"},
		TrackSingular: {Name: "singular_jacobian", Text: "singular Jacobian"},
		TrackLoopOpen: {Name: "loop_open", Text: "endgame loop did not close"},
	}}
	endgameNames = enum.Table[EndgameStatus]{Pkg: "homotopy", Type: "EndgameStatus", Words: []enum.Words{
		EndDirect:       {Name: "direct"},
		EndCauchy:       {Name: "cauchy"},
		EndDiverging:    {Name: "diverging"},
		EndNotConverged: {Name: "not_converged", Text: "not converged"},
		EndFailed:       {Name: "failed"},
	}}
)

func (s PathStatus) String() string { return pathNames.String(s) }

// Name returns the machine-readable name: finite, at_infinity, failed.
func (s PathStatus) Name() string { return pathNames.Name(s) }

func (s TrackStatus) String() string { return trackNames.String(s) }

// Name returns the machine-readable name: ok, step_budget, min_step,
// singular_jacobian, loop_open.
func (s TrackStatus) Name() string { return trackNames.Name(s) }

func (s EndgameStatus) String() string { return endgameNames.String(s) }

// Name returns the machine-readable name: direct, cauchy, diverging,
// not_converged, failed.
func (s EndgameStatus) Name() string { return endgameNames.Name(s) }

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

var infinityNames = enum.Table[InfinityReason]{Pkg: "homotopy", Type: "InfinityReason", Words: []enum.Words{
	InfinityNone:        {Name: "none", Text: "not at infinity"},
	InfinityByValuation: {Name: "valuation", Text: "positive valuation of z0"},
	InfinityByEndPoint:  {Name: "end_point", Text: "z0 = 0 within the end point's error"},
	InfinityByOverflow:  {Name: "overflow", Text: "overflows float64"},
}}

func (r InfinityReason) String() string { return infinityNames.String(r) }

// Name returns the machine-readable name: none, valuation, end_point,
// overflow.
func (r InfinityReason) Name() string { return infinityNames.Name(r) }
