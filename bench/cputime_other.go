//go:build !linux

package bench

// threadCPU is unavailable here: runs report their wall time as CPU time.
func threadCPU() (float64, bool) { return 0, false }
