package certify

import (
	"testing"

	"github.com/hypersteiner/hypersteiner/internal/cputime"
)

// reportCPU runs f under b.Loop and reports CPU ns/op next to ns/op.
func reportCPU(b *testing.B, f func()) {
	start := cputime.Process()
	n := 0
	for b.Loop() {
		f()
		n++
	}
	if n > 0 {
		b.ReportMetric(float64(cputime.Process()-start)/float64(n), "cpu-ns/op")
	}
}
