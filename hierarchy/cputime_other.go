//go:build !linux

package hierarchy

// threadCPU is not available outside Linux; Evaluate falls back to wall
// time.
func threadCPU() (float64, bool) { return 0, false }
