package poly

import (
	"testing"

	"pgregory.net/rapid"
)

// Every monomial registered is its parent times its variable, parents
// come first, and a monomial added twice keeps its number.
func TestMonomialIndex(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 4).Draw(t, "n")
		m := NewMonomialIndex(n)
		var added []int32
		var exps []Monomial
		for range rapid.IntRange(1, 12).Draw(t, "count") {
			e := make(Monomial, n)
			for j := range e {
				e[j] = rapid.IntRange(0, 4).Draw(t, "e")
			}
			added, exps = append(added, m.Add(e)), append(exps, e)
		}
		if m.Parent[0] != -1 || m.Exp[0].Degree() != 0 {
			t.Fatalf("monomial 0 is %v", m.Exp[0])
		}
		for k := 1; k < m.Len(); k++ {
			p, v := m.Parent[k], m.Var[k]
			if p < 0 || int(p) >= k {
				t.Fatalf("monomial %d has parent %d", k, p)
			}
			want := append(Monomial(nil), m.Exp[p]...)
			want[v]++
			if !want.Equal(m.Exp[k]) {
				t.Fatalf("monomial %d = %v, parent %v times variable %d", k, m.Exp[k], m.Exp[p], v)
			}
		}
		for i, e := range exps {
			if !m.Exp[added[i]].Equal(e) || m.Add(e) != added[i] {
				t.Fatalf("%v: number %d, exponent %v", e, added[i], m.Exp[added[i]])
			}
		}
	})
}
