// Package cputime measures the CPU time of the calling thread, so that
// benchmarks and experiments on a shared machine time their own work, not
// their neighbours'.
package cputime
