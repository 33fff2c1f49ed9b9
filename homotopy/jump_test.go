package homotopy

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeWorker returns scripted end points: the path-jumping check is tested
// without depending on a tracker actually jumping.
type fakeWorker struct {
	ends  map[int]complex128
	calls *[]int
}

func (w fakeWorker) track(k int) PathResult {
	*w.calls = append(*w.calls, k)
	return PathResult{Start: k, Status: PathFinite, X: []complex128{w.ends[k]}, Winding: 1, Cond: 1}
}

// TestJumpCheck: two paths at one nonsingular point are re-tracked with
// tighter control; if the re-tracking separates them, three distinct
// nonsingular solutions result; if not, the point is reported singular
// with multiplicity 2 (it cannot be a nonsingular solution).
func TestJumpCheck(t *testing.T) {
	start := []PathResult{
		{Start: 0, Status: PathFinite, X: []complex128{1}, Winding: 1, Cond: 1},
		{Start: 1, Status: PathFinite, X: []complex128{1 + 1e-12}, Winding: 1, Cond: 1},
		{Start: 2, Status: PathFinite, X: []complex128{5}, Winding: 1, Cond: 1},
		{Start: 3, Status: PathFailed},
	}
	o := (&Options{Workers: 1}).withDefaults()
	for _, tc := range []struct {
		name     string
		retrack  map[int]complex128
		wantSols int
		wantSing int
	}{
		{"separated", map[int]complex128{0: 1, 1: 2, 3: 7}, 4, 0},
		{"persistent", map[int]complex128{0: 1, 1: 1, 3: 7}, 3, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := &Result{Paths: append([]PathResult(nil), start...)}
			var calls []int
			finishResult(res, &o, func(round int) func() pathWorker {
				return func() pathWorker { return fakeWorker{ends: tc.retrack, calls: &calls} }
			})
			// Paths 0, 1 (the suspected jump) and 3 (failed) are
			// re-tracked; path 2 never is.
			assert.NotContains(t, calls, 2)
			assert.Contains(t, calls, 0)
			assert.Contains(t, calls, 1)
			assert.Contains(t, calls, 3)
			require.Len(t, res.Solutions, tc.wantSols)
			assert.Len(t, res.Singular(), tc.wantSing)
			if tc.wantSing == 1 {
				assert.Equal(t, 2, res.Singular()[0].Multiplicity)
				assert.True(t, res.Paths[0].Singular && res.Paths[1].Singular)
			}
			assert.Positive(t, res.Paths[1].Retracked)
			assert.Zero(t, res.Paths[2].Retracked)
		})
	}
}
