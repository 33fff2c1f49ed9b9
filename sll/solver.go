package sll

import "github.com/hypersteiner/hypersteiner/fermat"

// Status says what a Fermat solve found (see package fermat).
type Status = fermat.Status

// The statuses of a Fermat solve.
const (
	Found     = fermat.Found
	None      = fermat.None
	Failed    = fermat.Failed
	Undecided = fermat.Undecided
)

// FermatSolver is the strategy interface through which the pipeline sees a
// Fermat-point solver of the hyperbolic plane (Klein model). The pipeline
// never depends on how a strategy works: package fermat provides them.
type FermatSolver = fermat.Solver
