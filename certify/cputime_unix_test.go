//go:build unix

package certify

import (
	"syscall"
	"testing"
	"time"
)

// processCPU returns the CPU time (user + system) this process has used.
// On a shared machine wall-clock benchmark figures include time spent
// waiting for a core; CPU time per operation does not.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU runs f under b.Loop and reports CPU ns/op next to ns/op.
func reportCPU(b *testing.B, f func()) {
	start := processCPU()
	n := 0
	for b.Loop() {
		f()
		n++
	}
	if n > 0 {
		b.ReportMetric(float64(processCPU()-start)/float64(n), "cpu-ns/op")
	}
}
