//go:build !unix

package certify

import "testing"

func reportCPU(b *testing.B, f func()) {
	for b.Loop() {
		f()
	}
}
