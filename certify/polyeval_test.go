package certify

import (
	"math/big"
	"testing"

	"github.com/hypersteiner/hypersteiner/poly"
	"pgregory.net/rapid"
)

// Enclosures of F and F′ over random boxes contain the exact values
// (poly's exact rational evaluation) at random rational points of the box,
// in both arithmetics.
func TestPolySystemEnclosesExact(t *testing.T) {
	systems := []string{
		"x^2 + y^2 - 1; x - 3/4*y;",
		"1/3*x^3*y - 7/5*y^4 + x - 2/7; x^2*y^2 - 1/10*x*y + 3;",
		fermatText([2]string{"0.1", "0.2"}, [2]string{"-0.3", "-0.1"}, [2]string{"0.25", "-0.35"}),
	}
	for _, text := range systems {
		sys := poly.MustParse(text)
		jac := sys.Jacobian()
		ps, err := NewPolySystemFrom(sys)
		if err != nil {
			t.Fatal(err)
		}
		rapid.Check(t, func(t *rapid.T) {
			var x64 [2]Interval64
			var xb [2]Interval
			for i := range x64 {
				a := rapid.Float64Range(-2, 2).Draw(t, "a")
				w := rapid.SampledFrom([]float64{0, 1e-12, 1e-3, 0.5}).Draw(t, "w")
				x64[i] = Interval64{a, a + w}
				xb[i].SetInterval64(x64[i])
			}
			prec := uint(rapid.IntRange(20, 300).Draw(t, "prec"))
			var f64 [2]Interval64
			var j64 [4]Interval64
			ps.Enclose64(f64[:], j64[:], x64[:])
			fb := make([]Interval, 2)
			jb := make([]Interval, 4)
			ps.Enclose(fb, jb, xb[:], prec)
			pt := []*big.Rat{pointIn64Rat(t, x64[0], "p0"), pointIn64Rat(t, x64[1], "p1")}
			for i := range 2 {
				v, _ := sys.Poly(i).Eval(pt)
				if !contains64(f64[i], v) || !containsBig(&fb[i], v) {
					t.Fatalf("F%d: %v / %v misses %s", i, f64[i], &fb[i], v.FloatString(20))
				}
				for j := range 2 {
					d, _ := jac[i][j].Eval(pt)
					if !contains64(j64[i*2+j], d) || !containsBig(&jb[i*2+j], d) {
						t.Fatalf("J%d%d: %v / %v misses %s", i, j, j64[i*2+j], &jb[i*2+j], d.FloatString(20))
					}
				}
			}
		})
	}
}

// pointIn64Rat returns an exact rational point of a finite x.
func pointIn64Rat(t *rapid.T, x Interval64, label string) *big.Rat {
	lo, hi := rat(x.Lo), rat(x.Hi)
	k := rapid.Int64Range(0, 1<<20).Draw(t, label)
	d := new(big.Rat).Sub(hi, lo)
	return d.Mul(d, big.NewRat(k, 1<<20)).Add(d, lo)
}

// The point evaluators (used only for Newton steps) agree with the exact
// values to their precision.
func TestPolySystemPointEval(t *testing.T) {
	sys := poly.MustParse("1/3*x^3*y - 7/5*y^4 + x - 2/7; x^2*y^2 - 1/10*x*y + 3;")
	ps, _ := NewPolySystemFrom(sys)
	x := []float64{0.7, -1.3}
	f, j := make([]float64, 2), make([]float64, 4)
	ps.Eval64(f, j, x)
	xb := make([]big.Float, 2)
	for i := range xb {
		xb[i].SetPrec(200).SetFloat64(x[i])
	}
	fb, jb := make([]big.Float, 2), make([]big.Float, 4)
	ps.EvalBig(fb, jb, xb, 200)
	pt := rats(x...)
	for i := range 2 {
		v, _ := sys.Poly(i).Eval(pt)
		vf, _ := v.Float64()
		// float64: a handful of roundings on terms of size ≤ 10: 1e-14.
		if d := f[i] - vf; d > 1e-14 || d < -1e-14 {
			t.Fatalf("Eval64 F%d = %v, exact %v", i, f[i], vf)
		}
		e := new(big.Rat).Sub(ratOf(&fb[i]), v)
		if e.Abs(e).Cmp(new(big.Rat).SetFloat64(0x1p-190)) > 0 {
			t.Fatalf("EvalBig F%d off by %s", i, e.FloatString(60))
		}
	}
	// A clone evaluates the same and does not share scratch.
	c := ps.Clone()
	f2 := make([]float64, 2)
	c.Eval64(f2, nil, x)
	if f2[0] != f[0] || f2[1] != f[1] || c.Dim() != 2 {
		t.Fatal("clone disagrees")
	}
}
