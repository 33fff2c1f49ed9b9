package sll

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// parallelFor calls body(i) for i in [0, n) on up to workers goroutines.
// Each call writes only its own result slot, so the outcome does not
// depend on scheduling or on GOMAXPROCS. report, when not nil, is called
// (serialised) with the number of items done so far.
func parallelFor(n, workers int, body func(i int), report func(done int)) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	const chunk = 64
	if workers == 1 || n <= chunk {
		for i := 0; i < n; i++ {
			body(i)
			if report != nil && (i+1)%chunk == 0 {
				report(i + 1)
			}
		}
		if report != nil {
			report(n)
		}
		return
	}
	var next, done atomic.Int64
	var mu sync.Mutex
	reported := 0
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				lo := int(next.Add(chunk)) - chunk
				if lo >= n {
					return
				}
				hi := min(lo+chunk, n)
				for i := lo; i < hi; i++ {
					body(i)
				}
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
		}()
	}
	wg.Wait()
}
