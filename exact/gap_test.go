package exact

import (
	"testing"

	"github.com/hypersteiner/hypersteiner/sll"
	"github.com/stretchr/testify/assert"
)

// Result.Proved, the gap preset's "proved": a finished search with a
// tight bound; not a stopped one, nor a finished one whose bound stayed
// loose (a 22-terminal search of G(0, 0.5) finished 88 % below its tree).
func TestResultProved(t *testing.T) {
	tree := func(l float64) *sll.Tree { return &sll.Tree{Length: l} }
	tests := []struct {
		name string
		r    Result
		want bool
	}{
		{"tight", Result{Complete: true, Tree: tree(6.26), LowerBound: 6.26 * (1 - 3e-11)}, true},
		{"at the limit", Result{Complete: true, Tree: tree(1), LowerBound: 1 - ProvedGap}, true},
		{"loose", Result{Complete: true, Tree: tree(6.26), LowerBound: 0.735}, false},
		{"just loose", Result{Complete: true, Tree: tree(1), LowerBound: 1 - 2*ProvedGap}, false},
		{"stopped", Result{Complete: false, Tree: tree(6.26), LowerBound: 6.26}, false},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, tc.r.Proved(), tc.name)
	}
}

// The summary claims "optimal" only for a proved result.
func TestSummaryVerdict(t *testing.T) {
	tr := &sll.Tree{Space: "hyperbolic", Terminals: 3, Length: 6.26}
	loose := Result{Complete: true, Tree: tr, LowerBound: 0.735}
	assert.NotContains(t, loose.Summary(), "optimal within")
	assert.Contains(t, loose.Summary(), "lower bound stayed loose")
	tight := Result{Complete: true, Tree: tr, LowerBound: 6.26 * (1 - 3e-11)}
	assert.Contains(t, tight.Summary(), "optimal within")
}
