package certify

import (
	"math"
	"math/big"
	"testing"

	"pgregory.net/rapid"
)

// Generators and exact checks shared by the interval tests. Exact values
// are big.Rat: every finite float64 and big.Float is a dyadic rational.

var specials = []float64{0, 1, -1, 0.5, 3, math.MaxFloat64, -math.MaxFloat64,
	math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64, 0x1p-1022, 0x1p-900, -0x1p-901,
	1e308, -1e308, 1e-308, 0.1, -0.1}

// genFloat draws a finite float64 anywhere in the exponent range, with
// small numbers, huge and subnormal ones and special values all likely.
func genFloat(t *rapid.T, label string) float64 {
	switch rapid.IntRange(0, 3).Draw(t, label+"_kind") {
	case 0:
		return rapid.Float64Range(-10, 10).Draw(t, label)
	case 1:
		m := rapid.Int64Range(-(1<<53), 1<<53).Draw(t, label+"_mant")
		e := rapid.IntRange(-1126, 970).Draw(t, label+"_exp")
		return math.Ldexp(float64(m), e)
	case 2:
		return rapid.SampledFrom(specials).Draw(t, label)
	}
	// a few ulps from a simple value: near-cancellations in x − y
	v := rapid.SampledFrom([]float64{1, -1, 0.1, 3, 1e10, 1e-10}).Draw(t, label+"_base")
	for k := rapid.IntRange(-3, 3).Draw(t, label+"_ulps"); k != 0; {
		if k > 0 {
			v, k = up(v), k-1
		} else {
			v, k = down(v), k+1
		}
	}
	return v
}

// genInterval64 draws a valid finite interval; often a point, often two
// values a few ulps apart.
func genInterval64(t *rapid.T, label string) Interval64 {
	a := genFloat(t, label+"_a")
	var b float64
	switch rapid.IntRange(0, 2).Draw(t, label+"_shape") {
	case 0:
		b = a
	case 1:
		b = a
		for k := rapid.IntRange(1, 4).Draw(t, label+"_w"); k > 0; k-- {
			b = up(b)
		}
		if math.IsInf(b, 0) {
			b = a
		}
	default:
		b = genFloat(t, label+"_b")
	}
	return Interval64{min(a, b), max(a, b)}
}

// pointIn64 draws a float64 in x: an endpoint or an interior value.
func pointIn64(t *rapid.T, x Interval64, label string) float64 {
	switch rapid.IntRange(0, 2).Draw(t, label) {
	case 0:
		return x.Lo
	case 1:
		return x.Hi
	}
	f := rapid.Float64Range(0, 1).Draw(t, label+"_f")
	v := x.Lo + f*(x.Hi-x.Lo)
	if math.IsInf(v, 0) || math.IsNaN(v) {
		v = 0.5*x.Lo + 0.5*x.Hi
	}
	return min(max(v, x.Lo), x.Hi)
}

func rat(v float64) *big.Rat { return new(big.Rat).SetFloat64(v) }

func ratOf(f *big.Float) *big.Rat {
	r, _ := f.Rat(nil)
	return r
}

// contains64 reports whether the exact q lies in r (infinite endpoints
// are unbounded).
func contains64(r Interval64, q *big.Rat) bool {
	if !math.IsInf(r.Lo, -1) && rat(r.Lo).Cmp(q) > 0 {
		return false
	}
	if !math.IsInf(r.Hi, 1) && rat(r.Hi).Cmp(q) < 0 {
		return false
	}
	return true
}

func containsBig(r *Interval, q *big.Rat) bool {
	return ratOf(&r.Lo).Cmp(q) <= 0 && q.Cmp(ratOf(&r.Hi)) <= 0
}

func ratPowInt(x *big.Rat, n int) *big.Rat {
	r := big.NewRat(1, 1)
	for range n {
		r.Mul(r, x)
	}
	return r
}

func requireValid64(t *rapid.T, op string, r Interval64) {
	if err := r.Check(); err != nil {
		t.Fatalf("%s: invalid result %v: %v", op, r, err)
	}
}

// genBig draws a finite big.Float with prec bits: a float64 plus a far
// smaller float64, so that it may carry more than 53 significant bits.
func genBig(t *rapid.T, prec uint, label string) *big.Float {
	a := rapid.Float64Range(-1e6, 1e6).Draw(t, label+"_a")
	e := rapid.IntRange(-200, 200).Draw(t, label+"_exp")
	f := new(big.Float).SetPrec(prec).SetFloat64(a)
	f.SetMantExp(f, e)
	if rapid.Bool().Draw(t, label+"_long") {
		b := rapid.Float64Range(-1, 1).Draw(t, label+"_b")
		g := new(big.Float).SetFloat64(b)
		g.SetMantExp(g, e-60)
		f.Add(f, g)
	}
	return f
}

func genIntervalBig(t *rapid.T, label string) *Interval {
	prec := uint(rapid.IntRange(2, 300).Draw(t, label+"_prec"))
	a := genBig(t, prec, label+"_lo")
	b := a
	if !rapid.Bool().Draw(t, label+"_point") {
		b = genBig(t, prec, label+"_hi")
	}
	if a.Cmp(b) > 0 {
		a, b = b, a
	}
	x := new(Interval).SetPrec(prec)
	if _, err := x.SetBounds(a, b); err != nil {
		t.Fatal(err)
	}
	return x
}

// pointInBig returns an exact rational point of x: an endpoint or a
// rational combination of both.
func pointInBig(t *rapid.T, x *Interval, label string) *big.Rat {
	lo, hi := ratOf(&x.Lo), ratOf(&x.Hi)
	switch rapid.IntRange(0, 2).Draw(t, label) {
	case 0:
		return lo
	case 1:
		return hi
	}
	k := rapid.Int64Range(0, 1000).Draw(t, label+"_k")
	f := big.NewRat(k, 1000)
	d := new(big.Rat).Sub(hi, lo)
	return d.Mul(d, f).Add(d, lo)
}

func TestGeneratorsAreFinite(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		x := genInterval64(t, "x")
		if !x.IsFinite() || x.Check() != nil {
			t.Fatalf("generator produced %v", x)
		}
	})
}
