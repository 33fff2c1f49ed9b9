package poly

import (
	"math/big"
	"testing"
)

// checkField checks the arithmetic of one coefficient kind on small
// integers, where every kind is exact, and FromInt against the exact value.
func checkField[K Coeff](t *testing.T, name string) {
	t.Helper()
	f := FieldOf[K]()
	n := f.FromInt
	for _, c := range []struct {
		what      string
		got, want K
	}{
		{"2·3", f.Mul(n(2), n(3)), n(6)},
		{"6/3", f.Quo(n(6), n(3)), n(2)},
		{"−5", f.Neg(n(5)), n(-5)},
		{"4 − 7", f.Sub(n(4), n(7)), n(-3)},
		{"0 + 1", f.Add(f.Zero(), f.One()), n(1)},
	} {
		if !f.Equal(c.got, c.want) {
			t.Errorf("%s: %s = %v, want %v", name, c.what, c.got, c.want)
		}
	}
	if !f.IsZero(f.Sub(n(9), n(9))) || f.IsZero(f.One()) {
		t.Errorf("%s: IsZero wrong", name)
	}
	if r, err := ConvertValue[*big.Rat](n(-1234567), 0); err != nil || r.Cmp(big.NewRat(-1234567, 1)) != 0 {
		t.Errorf("%s: FromInt(-1234567) = %v (%v)", name, r, err)
	}
}

func TestFieldOf(t *testing.T) {
	checkField[float64](t, "float64")
	checkField[complex128](t, "complex128")
	checkField[*big.Rat](t, "*big.Rat")
	checkField[*big.Float](t, "*big.Float")
	checkField[*ComplexRat](t, "*ComplexRat")
}
