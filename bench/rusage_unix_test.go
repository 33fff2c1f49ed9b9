//go:build unix

package bench

import (
	"runtime"
	"syscall"
)

// maxRSS returns the peak resident set size of the process in bytes.
func maxRSS() (int64, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
		return ru.Maxrss, true // bytes
	}
	return ru.Maxrss * 1024, true // kilobytes elsewhere
}
