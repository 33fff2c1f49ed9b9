package bench

import "errors"

// Sentinel errors, wrapped with the offending name.
var (
	// ErrUnknownPreset: no preset has the name.
	ErrUnknownPreset = errors.New("unknown preset")
	// ErrBadConfig: a configuration is not "euclidean", "K+euclidean" or
	// "K+NAME" with K ∈ {3, 4} and NAME a Fermat strategy.
	ErrBadConfig = errors.New("bad configuration")
)
