package parallel

import (
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
