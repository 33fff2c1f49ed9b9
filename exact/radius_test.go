package exact

import (
	"math"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestRadiusIsMaxDist checks that radius, which takes the maximum on
// distance keys, returns bit for bit √(Σᵢ (max_t d(xᵢ, t))²) computed
// from every distance: on points anywhere in the disk, near the ideal
// boundary, and clustered a hair apart, where keys of different
// terminals nearly tie; and that radiusBelow stays below it after the
// points move.
func TestRadiusIsMaxDist(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		point := func(label string) hyperbolic.Point {
			r := rapid.OneOf(
				rapid.Float64Range(0, 0.999),
				rapid.Float64Range(1-1e-9, 1-1e-12),
				rapid.Float64Range(0, 1e-6),
			).Draw(rt, label+"r")
			a := rapid.Float64Range(0, 2*math.Pi).Draw(rt, label+"a")
			return hyperbolic.Point{X: r * math.Cos(a), Y: r * math.Sin(a)}
		}
		nt := rapid.IntRange(1, 12).Draw(rt, "terminals")
		s := &solver{g: geom{sp: autoSpace(t)}}
		for i := range nt {
			s.term = append(s.term, point("t"))
			s.ord = append(s.ord, int32(i))
		}
		if rapid.Bool().Draw(rt, "twins") {
			// A terminal an ulp from another: equal or nearly equal keys.
			p := s.term[0]
			s.term = append(s.term, hyperbolic.Point{X: math.Nextafter(p.X, 0), Y: p.Y})
			s.ord = append(s.ord, int32(nt))
		}
		nd := &node{ord: s.ord[:rapid.IntRange(1, len(s.term)).Draw(rt, "j")]}
		for range rapid.IntRange(1, 6).Draw(rt, "steiner") {
			nd.st = append(nd.st, point("s"))
		}
		var r2 float64
		for _, x := range nd.st {
			m := 0.0
			for _, ti := range nd.ord {
				m = max(m, s.g.dist(x, s.term[ti]))
			}
			r2 += m * m
		}
		require.Equal(t, math.Float64bits(math.Sqrt(r2)), math.Float64bits(s.radius(nd)))
		require.Equal(t, math.Float64bits(math.Sqrt(r2)), math.Float64bits(s.radius(nd)), "kept result")
		// The points move: radiusBelow, from the farthest terminals of the
		// last positions, must not exceed radius at the new ones.
		for i := range nd.st {
			if rapid.Bool().Draw(rt, "move") {
				nd.st[i] = point("m")
			}
		}
		lo, ok := s.radiusBelow(nd)
		require.True(t, ok)
		require.LessOrEqual(t, lo, s.radius(nd))
		// Another insertion order (strong branching: a topology that
		// inserted other terminals): radiusBelow may decline, but what it
		// gives is below radius over that order's terminals.
		other := &node{st: nd.st, ord: rapid.Permutation(s.ord).Draw(rt, "order")}
		other.ord = other.ord[:rapid.IntRange(1, len(other.ord)).Draw(rt, "k")]
		s.radius(nd)
		if lo, ok := s.radiusBelow(other); ok {
			require.LessOrEqual(t, lo, s.radius(other))
		}
	})
}
