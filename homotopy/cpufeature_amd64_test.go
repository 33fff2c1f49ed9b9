package homotopy

import (
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/sys/cpu"
)

// TestHasAVX2FMA checks our processor query against golang.org/x/sys/cpu,
// which the binary no longer links (see hasAVX2FMA).
func TestHasAVX2FMA(t *testing.T) {
	require.Equal(t, cpu.X86.HasAVX2 && cpu.X86.HasFMA, hasAVX2FMA())
}
