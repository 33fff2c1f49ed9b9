//go:build linux

package cputime

import (
	"syscall"
	"unsafe"
)

// clockThreadCPUTime is Linux's CLOCK_THREAD_CPUTIME_ID: the CPU time of
// the calling thread, from the scheduler's nanosecond accounting (getrusage
// with RUSAGE_THREAD counts in clock ticks on many kernels, too coarse for
// runs of a few milliseconds).
const clockThreadCPUTime = 3

// Thread returns the CPU time of the calling OS thread in seconds, and
// whether it is available. The caller locks its goroutine to the thread
// (runtime.LockOSThread) around the measured work.
func Thread() (float64, bool) {
	var ts syscall.Timespec
	_, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0)
	if errno != 0 {
		return 0, false
	}
	return float64(ts.Sec) + float64(ts.Nsec)*1e-9, true
}
