//go:build linux

package bench

import (
	"syscall"
	"unsafe"
)

// clockThreadCPUTime is Linux's CLOCK_THREAD_CPUTIME_ID: the CPU time of
// the calling thread, in the scheduler's nanosecond accounting.
const clockThreadCPUTime = 3

// threadCPU returns the CPU time of the calling OS thread in seconds, and
// whether it is available; the caller locks its goroutine to the thread.
func threadCPU() (float64, bool) {
	var ts syscall.Timespec
	_, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0)
	if errno != 0 {
		return 0, false
	}
	return float64(ts.Sec) + float64(ts.Nsec)*1e-9, true
}
