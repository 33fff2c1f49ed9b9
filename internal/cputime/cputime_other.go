//go:build !linux

package cputime

// Thread is not available outside Linux: callers fall back to wall time.
func Thread() (float64, bool) { return 0, false }
