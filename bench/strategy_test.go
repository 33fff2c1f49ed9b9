package bench

import (
	"math/big"
	"testing"

	"github.com/hypersteiner/hypersteiner/fermat"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/sll"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// halfCertified wraps the auto strategy and "certifies" the points of
// every other solve, to test the bookkeeping of the certified rate.
type halfCertified struct {
	s     fermat.Strategy
	calls int
}

func (h *halfCertified) Name() string { return "half" }
func (h *halfCertified) Fermat(a, b, c hyperbolic.Point) (hyperbolic.Point, fermat.Status) {
	r, _ := h.Solve(a, b, c)
	return r.Point, r.Status
}
func (h *halfCertified) Solve(a, b, c hyperbolic.Point) (fermat.Result, error) {
	r, err := h.s.Solve(a, b, c)
	h.calls++
	if err == nil && r.Status == fermat.Found && h.calls%2 == 0 {
		r.Cert = &fermat.Certificate{X: big.NewFloat(r.Point.X), Y: big.NewFloat(r.Point.Y), Radius: big.NewFloat(0)}
	}
	return r, err
}
func (h *halfCertified) WithPrec(uint) (fermat.Solver, error) { return h, nil }

func TestCertRecorder(t *testing.T) {
	auto, err := fermat.ByName("auto")
	require.NoError(t, err)
	assert.False(t, certifying(auto), "auto does not certify")
	h := &halfCertified{s: auto.(fermat.Strategy)}
	require.True(t, certifying(h))
	rec := newCertRecorder(h)
	_, pts := presetSample(t, "centered", 200, 1, 0, false)
	tree, err := sll.Build(pts, sll.Options{Space: sll.Hyperbolic(rec), FST: 3, Workers: 1})
	require.NoError(t, err)
	assert.Equal(t, "half", tree.Solver, "the wrapper keeps the strategy's name")
	certified := 0
	for _, v := range tree.Vertices[tree.Terminals:] {
		if rec.certified[v] {
			certified++
		}
	}
	// With 3-terminal trees every Steiner point is a solve's output; about
	// half of them were certified.
	n := tree.SteinerPoints()
	require.Greater(t, n, 20)
	assert.Positive(t, certified)
	assert.Less(t, certified, n)
}

// The recorder must not change the 4-terminal method it times: wrapping
// the certified strategy (whose 4-terminal method is the direct Newton of
// its float strategy) gives the same trees and the same number of
// 3-terminal solves as the bare strategy; a strategy without a
// 4-terminal method gets the alternation, as sll builds it.
func TestCertRecorderKeepsFourTerminalMethod(t *testing.T) {
	_, pts := presetSample(t, "centered", 200, 1, 0, false)
	auto, err := fermat.ByName("auto")
	require.NoError(t, err)
	for _, s := range []fermat.Solver{fermat.Certified{}, &halfCertified{s: auto.(fermat.Strategy)}} {
		bare, err := sll.Build(pts, sll.Options{Space: sll.Hyperbolic(s), FST: 4, Workers: 1})
		require.NoError(t, err)
		wrapped, err := sll.Build(pts, sll.Options{Space: sll.Hyperbolic(newCertRecorder(s)), FST: 4, Workers: 1})
		require.NoError(t, err)
		assert.Equal(t, bare.Stats.FermatSolves, wrapped.Stats.FermatSolves, s.Name())
		assert.Equal(t, bare.Vertices, wrapped.Vertices, s.Name())
		assert.Equal(t, bare.Edges, wrapped.Edges, s.Name())
	}
}
