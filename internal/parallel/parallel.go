// Package parallel runs independent work items on a few goroutines, so
// that results do not depend on the schedule or on GOMAXPROCS: each item
// writes only its own result slot.
package parallel

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Chunk is the number of items a goroutine takes at a time: large enough
// that the shared counter is not contended, small enough to balance.
const Chunk = 64

// Workers is the number of goroutines For uses for a request of w: w
// when positive, GOMAXPROCS otherwise.
func Workers(w int) int {
	if w <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return w
}

// For calls body(worker, i) for every i in [0, n) on up to workers
// goroutines (Workers(workers)); worker ∈ [0, workers) identifies the
// goroutine, so that each may keep its own scratch space. report, when not
// nil, is called — serialised, with non-decreasing values — with the
// number of items done so far, and with n at the end.
func For(n, workers int, body func(worker, i int), report func(done int)) {
	Blocks(n, workers, func(w, lo, hi int) {
		for i := lo; i < hi; i++ {
			body(w, i)
		}
	}, report)
}

// Blocks is For with the items handed to body a block at a time, as For
// schedules them: body(w, lo, hi) does the items [lo, hi), at most Chunk
// of them, lo a multiple of Chunk, each worker's blocks in increasing
// order. A loop whose items read scattered memory can load what a block
// needs first, in a tight loop whose loads the processor overlaps, before
// the arithmetic.
func Blocks(n, workers int, body func(worker, lo, hi int), report func(done int)) {
	workers = Workers(workers)
	if workers == 1 || n <= Chunk {
		for lo := 0; lo < n; lo += Chunk {
			hi := min(lo+Chunk, n)
			body(0, lo, hi)
			if report != nil && hi < n {
				report(hi)
			}
		}
		if report != nil {
			report(n)
		}
		return
	}
	workers = min(workers, (n+Chunk-1)/Chunk)
	var next, done atomic.Int64
	var mu sync.Mutex
	reported := 0
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Go(func() {
			for {
				lo := int(next.Add(Chunk)) - Chunk
				if lo >= n {
					return
				}
				hi := min(lo+Chunk, n)
				body(w, lo, hi)
				d := done.Add(int64(hi - lo))
				if report != nil {
					mu.Lock()
					if int(d) > reported {
						reported = int(d)
						report(reported)
					}
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	if report != nil && reported < n {
		report(n)
	}
}

// Each calls body(worker, i) for every i in [0, n) on up to Workers(workers)
// goroutines, handing out one item at a time: it is For for few items that
// each take long (a benchmark run, an experiment's run), where For's
// batches would leave goroutines idle. With one worker the items run in
// order on the calling goroutine.
//
// Once body fails, no further item starts; Each waits for the items under
// way and returns the error of the lowest failed index. Items start in
// index order, so every item below that index has run: the error is the
// one a sequential loop returns, whatever the schedule or GOMAXPROCS.
func Each(n, workers int, body func(worker, i int) error) error {
	workers = min(Workers(workers), n)
	if workers <= 1 {
		for i := 0; i < n; i++ {
			if err := body(0, i); err != nil {
				return err
			}
		}
		return nil
	}
	var (
		next     atomic.Int64
		failed   atomic.Bool
		mu       sync.Mutex
		first    = n // the lowest failed index so far
		firstErr error
		wg       sync.WaitGroup
	)
	for w := 0; w < workers; w++ {
		wg.Go(func() {
			for !failed.Load() {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				if err := body(w, i); err != nil {
					mu.Lock()
					if i < first {
						first, firstErr = i, err
					}
					mu.Unlock()
					failed.Store(true)
					return
				}
			}
		})
	}
	wg.Wait()
	return firstErr
}

// Spread calls body(i) for every i in [0, n), each on a goroutine of its
// own (on the calling goroutine when n is 1), and waits for them: for work
// already cut into n even blocks, one per worker, such as the blocks of a
// parallel radix sort.
func Spread(n int, body func(i int)) {
	if n == 1 {
		body(0)
		return
	}
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { body(i) })
	}
	wg.Wait()
}
