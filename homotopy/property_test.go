package homotopy

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/hypersteiner/hypersteiner/poly"
)

// TestPropertyKnownRoots: the system {Π(x − a_i) = 0, Π(y − b_j) = 0}
// with distinct roots has exactly the solutions (a_i, b_j), all
// nonsingular. Roots are drawn from a lattice with spacing 1/4 in the
// square |Re|, |Im| ≤ 2 so that they are distinct and the problem is well
// conditioned; every expected root must be found to 1e-9.
func TestPropertyKnownRoots(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		roots := func(label string) []complex128 {
			n := rapid.IntRange(1, 4).Draw(t, label+"-count")
			seen := map[complex128]bool{}
			var rs []complex128
			for len(rs) < n {
				re := rapid.IntRange(-8, 8).Draw(t, label+"-re")
				im := rapid.IntRange(-8, 8).Draw(t, label+"-im")
				r := complex(float64(re)/4, float64(im)/4)
				if !seen[r] {
					seen[r] = true
					rs = append(rs, r)
				}
			}
			return rs
		}
		a, b := roots("a"), roots("b")
		prod := func(v int, rs []complex128) poly.Poly[complex128] {
			p := poly.Const(2, complex(1, 0))
			for _, r := range rs {
				p = p.Mul(poly.Var[complex128](2, v).Sub(poly.Const(2, r)))
			}
			return p
		}
		s, err := poly.NewSystem([]string{"x", "y"}, prod(0, a), prod(1, b))
		if err != nil {
			t.Fatal(err)
		}
		res, err := SolvePoly(s, &Options{Seed: rapid.Uint64().Draw(t, "seed")})
		if err != nil {
			t.Fatal(err)
		}
		c := res.Counts()
		if c.Nonsingular != len(a)*len(b) || c.Finite != len(a)*len(b) {
			t.Fatalf("%v; want %d nonsingular", c, len(a)*len(b))
		}
		for _, ai := range a {
			for _, bj := range b {
				want := []complex128{ai, bj}
				best := 1e300
				for _, sol := range res.Solutions {
					best = min(best, distInf(sol.X, want))
				}
				if best > 1e-9 {
					t.Fatalf("root %v not found (nearest at %.1e)", want, best)
				}
			}
		}
	})
}
