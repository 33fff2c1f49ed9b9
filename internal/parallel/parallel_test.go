package parallel

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestFor(t *testing.T) {
	for _, n := range []int{0, 1, 63, 64, 65, 1000, 10007} {
		for _, w := range []int{0, 1, 2, 3, 8} {
			got := make([]int, n)
			var calls atomic.Int64
			last := -1
			For(n, w, func(worker, i int) {
				require.GreaterOrEqual(t, worker, 0)
				require.Less(t, worker, Workers(w))
				got[i] = i * i
				calls.Add(1)
			}, func(done int) {
				require.GreaterOrEqual(t, done, last, "reports never decrease")
				last = done
			})
			require.Equal(t, int64(n), calls.Load(), "n=%d workers=%d", n, w)
			for i := range got {
				require.Equal(t, i*i, got[i])
			}
			require.Equal(t, n, last, "the last report is n")
		}
	}
}

// Blocks covers [0, n) once, in blocks of at most Chunk items that start
// at multiples of Chunk, each worker's blocks in increasing order (the
// full Steiner tree stage merges the workers' lists by that order).
func TestBlocks(t *testing.T) {
	for _, n := range []int{0, 1, 63, 64, 65, 1000, 10007} {
		for _, w := range []int{0, 1, 2, 3, 8} {
			seen := make([]int32, n)
			lastLo := make([]int, Workers(w))
			for i := range lastLo {
				lastLo[i] = -1
			}
			last := -1
			Blocks(n, w, func(worker, lo, hi int) {
				require.Less(t, worker, Workers(w))
				require.Zero(t, lo%Chunk, "a block starts at a multiple of Chunk")
				require.True(t, lo < hi && hi-lo <= Chunk && hi <= n, "block [%d, %d) of %d", lo, hi, n)
				require.Greater(t, lo, lastLo[worker], "a worker's blocks increase")
				lastLo[worker] = lo
				for i := lo; i < hi; i++ {
					atomic.AddInt32(&seen[i], 1)
				}
			}, func(done int) {
				require.GreaterOrEqual(t, done, last, "reports never decrease")
				last = done
			})
			for i, c := range seen {
				require.Equal(t, int32(1), c, "item %d of %d, workers %d", i, n, w)
			}
			require.Equal(t, n, last, "the last report is n")
		}
	}
}

func TestEach(t *testing.T) {
	for _, n := range []int{0, 1, 5, 100} {
		for _, w := range []int{0, 1, 2, 3, 8} {
			got := make([]int, n)
			var calls atomic.Int64
			err := Each(n, w, func(worker, i int) error {
				require.GreaterOrEqual(t, worker, 0)
				require.Less(t, worker, Workers(w))
				got[i] = i * i
				calls.Add(1)
				return nil
			})
			require.NoError(t, err)
			require.Equal(t, int64(n), calls.Load(), "n=%d workers=%d", n, w)
			for i := range got {
				require.Equal(t, i*i, got[i])
			}
		}
	}
}

// Each returns the error of the lowest failing index, as a sequential loop
// does, for any number of workers; every item below it has run, and one
// worker runs the items in order and stops at the failure.
func TestEachError(t *testing.T) {
	const n = 200
	fail := map[int]bool{7: true, 8: true, 30: true, 150: true}
	for _, w := range []int{1, 2, 3, 8} {
		ran := make([]atomic.Bool, n)
		var order []int
		err := Each(n, w, func(_, i int) error {
			ran[i].Store(true)
			if w == 1 {
				order = append(order, i)
			}
			if fail[i] {
				return fmt.Errorf("item %d", i)
			}
			return nil
		})
		require.EqualError(t, err, "item 7", "workers=%d", w)
		for i := 0; i < 7; i++ {
			require.True(t, ran[i].Load(), "workers=%d: item %d below the failure ran", w, i)
		}
		if w == 1 {
			require.Equal(t, []int{0, 1, 2, 3, 4, 5, 6, 7}, order)
		}
	}
}

// Spread runs every index once, each on a goroutine of its own: n bodies
// that all wait for each other finish only if they run at the same time.
func TestSpread(t *testing.T) {
	for _, n := range []int{0, 1, 2, 5, 17} {
		var calls [17]atomic.Int32
		var arrived sync.WaitGroup
		arrived.Add(n)
		Spread(n, func(i int) {
			calls[i].Add(1)
			arrived.Done()
			arrived.Wait() // every body is under way
		})
		for i := range calls {
			want := int32(0)
			if i < n {
				want = 1
			}
			if got := calls[i].Load(); got != want {
				t.Fatalf("n=%d: body(%d) ran %d times, want %d", n, i, got, want)
			}
		}
	}
}
