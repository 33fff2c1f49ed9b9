package certify

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// ballCase certifies the candidate of a triangle with ball64 alone and,
// when it certifies, checks that its box holds the 256-bit enclosure of
// the Fermat point (an independent proof at far higher precision) and
// that fast64 does not refute it. It reports whether ball64 decided.
func ballCase(t *testing.T, fc *FermatCertifier, tri [3]hyperbolic.Point, cand hyperbolic.Point) bool {
	t.Helper()
	var ball, ref FermatCert
	opt := FermatOptions{}
	require.NoError(t, fc.Certify(&ref, tri[0], tri[1], tri[2], cand, FermatOptions{Prec: 256}))
	// Certify's set-up, then ball64 on its own.
	done, err := fc.prepare(&ball, tri[0], tri[1], tri[2], cand, opt)
	require.NoError(t, err)
	require.False(t, done)
	if !fc.ball64(&ball) {
		return false
	}
	require.Equal(t, FermatCertified, ball.Status)
	require.True(t, ref.Proved, "the 256-bit proof: %v", ref.Status)
	for i := range 2 {
		lo, hi := &ball.Box[i].Lo, &ball.Box[i].Hi
		require.True(t, lo.Cmp(&ref.Box[i].Lo) <= 0 && ref.Box[i].Hi.Cmp(hi) <= 0,
			"ball box %v misses the 256-bit one %v (triangle %v)", ball.Box[i].String(), ref.Box[i].String(), tri)
	}
	for k := range 3 {
		require.True(t, ball.Cos[k].Contains(big.NewFloat(-0.5)), "Cos[%d]", k)
	}
	var fast FermatCert
	require.NoError(t, fc.Certify(&fast, tri[0], tri[1], tri[2], cand, FermatOptions{Prec: 53}))
	require.NotEqual(t, FermatRefuted, fast.Status)
	return true
}

// ball64 certifies what fast64 certifies on the triangles of a tree, with
// boxes that hold the 256-bit ones; on hard triangles (tiny, a vertex
// next to the Fermat point, near the ideal boundary) it may decline, and
// is never wrong.
func TestBall64(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	fc := NewFermatCertifier()
	decided, total := 0, 0
	for it := range 400 {
		var r [3]float64
		for k := range r {
			r[k] = 0.001 + 0.05*rng.Float64()
		}
		place := 0.9
		switch it % 8 {
		case 5:
			r[0] *= 1e-7 // a terminal next to the Fermat point
		case 6:
			for k := range r {
				r[k] *= 1e-8 // tiny
			}
		case 7:
			place = 0.999999 // near the ideal boundary
		}
		p := randDisk(rng, place)
		tri, err := steinerTriangle(p, 2*math.Pi*rng.Float64(), r)
		if err != nil {
			continue
		}
		cand := float64Newton(t, tri, p)
		ok := ballCase(t, fc, tri, cand)
		if it%8 < 5 {
			total++
			if ok {
				decided++
			}
		}
	}
	t.Logf("ball64 decided %d of %d ordinary triangles", decided, total)
	require.Greater(t, decided, total*95/100, "ball64 decides the ordinary triangles")
	for range 50 {
		tri, err := nearVertex(rng, -math.Pow(10, -2-6*rng.Float64()))
		require.NoError(t, err)
		for _, cand := range nearCandidates(t, tri) {
			ballCase(t, fc, tri, cand)
		}
	}
}
