package certify

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/hypersteiner/hypersteiner/poly"
	"pgregory.net/rapid"
)

// mustPolySystem compiles the system of the text.
func mustPolySystem(tb testing.TB, text string) *PolySystem {
	tb.Helper()
	s, err := poly.Parse(text)
	if err != nil {
		tb.Fatal(err)
	}
	ps, err := NewPolySystemFrom(s)
	if err != nil {
		tb.Fatal(err)
	}
	return ps
}

// mustProver returns a Prover of the system of the text.
func mustProver(tb testing.TB, text string) *Prover {
	tb.Helper()
	p, err := NewProver(mustPolySystem(tb, text))
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// refPrec is the precision of reference values: far above any working
// precision tested, so the checks can leave a margin of 2⁻¹⁰⁰⁰ relative
// for the reference's own error (big.Float.Sqrt is good to an ulp or so).
const refPrec = 1100

func sqrtRef(v *big.Float) *big.Float {
	return new(big.Float).SetPrec(refPrec).Sqrt(new(big.Float).SetPrec(refPrec).Set(v))
}

// strictlyInside reports Lo < v − margin and v + margin < Hi.
func strictlyInside(b *Interval, v *big.Float, margin float64) bool {
	m := new(big.Float).SetPrec(refPrec).Mul(new(big.Float).SetPrec(refPrec).Abs(v), big.NewFloat(margin))
	lo := new(big.Float).SetPrec(refPrec).Sub(v, m)
	hi := new(big.Float).SetPrec(refPrec).Add(v, m)
	return b.Lo.Cmp(lo) < 0 && hi.Cmp(&b.Hi) < 0
}

func TestCertifySqrt2(t *testing.T) {
	p := mustProver(t, "x^2 - 2;")
	ref := sqrtRef(big.NewFloat(2))
	for _, prec := range []uint{0, 128, 256, 512} {
		t.Run(fmt.Sprint(prec), func(t *testing.T) {
			var res Result
			if err := p.Certify(&res, []float64{1.41}, Options{Prec: prec}); err != nil {
				t.Fatal(err)
			}
			if res.Status != Proved {
				t.Fatalf("status %v, want proved", res.Status)
			}
			if want := max(prec, 53); res.Prec != want {
				t.Fatalf("decided at %d bits, want %d", res.Prec, want)
			}
			// Exact check: Lo² < 2 < Hi², so √2 ∈ Box; and against 1100 bits.
			lo, hi := ratOf(&res.Box[0].Lo), ratOf(&res.Box[0].Hi)
			if lo.Mul(lo, lo).Cmp(big.NewRat(2, 1)) >= 0 || hi.Mul(hi, hi).Cmp(big.NewRat(2, 1)) <= 0 {
				t.Fatalf("box %v does not contain √2 (exact check)", &res.Box[0])
			}
			if !strictlyInside(&res.Box[0], ref, 0x1p-1000) {
				t.Fatalf("box %v does not contain the 1100-bit √2", &res.Box[0])
			}
			// The enclosure is as tight as the precision allows: radius
			// within 2⁸ ulps of √2 at the working precision.
			limit := math.Ldexp(1, 8-int(res.Prec))
			if r, _ := res.Rad[0].Float64(); r > limit {
				t.Fatalf("radius %g > %g at %d bits", r, limit, res.Prec)
			}
			if !res.Box[0].Subset(&res.X[0]) {
				t.Fatalf("Box %v not inside X %v", &res.Box[0], &res.X[0])
			}
		})
	}
}

// A candidate carrying more than float64 precision keeps it.
func TestCertifyFloatCandidate(t *testing.T) {
	p := mustProver(t, "x^2 - 2;")
	ref := sqrtRef(big.NewFloat(2))
	x0 := new(big.Float).SetPrec(300).Set(ref)
	var res Result
	if err := p.CertifyFloat(&res, []*big.Float{x0}, Options{Prec: 512}); err != nil {
		t.Fatal(err)
	}
	if res.Status != Proved || res.Prec != 512 || !strictlyInside(&res.Box[0], ref, 0x1p-1000) {
		t.Fatalf("status %v at %d bits, box %v", res.Status, res.Prec, &res.Box[0])
	}
	if r, _ := res.Rad[0].Float64(); r > 0x1p-500 {
		t.Fatalf("radius %g at 512 bits", r)
	}
}

func TestCertifyRationalRoot(t *testing.T) {
	p := mustProver(t, "x^2 + y^2 - 1; x - 3/4*y;")
	want := []*big.Rat{big.NewRat(3, 5), big.NewRat(4, 5)}
	for _, prec := range []uint{0, 256} {
		var res Result
		if err := p.Certify(&res, []float64{0.61, 0.79}, Options{Prec: prec}); err != nil {
			t.Fatal(err)
		}
		if res.Status != Proved {
			t.Fatalf("prec %d: status %v", prec, res.Status)
		}
		for i, w := range want {
			if !containsBig(&res.Box[i], w) {
				t.Fatalf("prec %d: box %v misses %s", prec, &res.Box[i], w)
			}
		}
	}
}

// x² + y² = 4, xy = 1 has the root x = (√6 + √2)/2, y = (√6 − √2)/2.
func TestCertifyIrrationalRoot(t *testing.T) {
	p := mustProver(t, "x^2 + y^2 - 4; x*y - 1;")
	s6, s2 := sqrtRef(big.NewFloat(6)), sqrtRef(big.NewFloat(2))
	x := new(big.Float).SetPrec(refPrec).Add(s6, s2)
	y := new(big.Float).SetPrec(refPrec).Sub(s6, s2)
	x.SetMantExp(x, -1)
	y.SetMantExp(y, -1)
	for _, prec := range []uint{0, 256} {
		var res Result
		if err := p.Certify(&res, []float64{1.9, 0.5}, Options{Prec: prec}); err != nil {
			t.Fatal(err)
		}
		if res.Status != Proved {
			t.Fatalf("status %v", res.Status)
		}
		if !strictlyInside(&res.Box[0], x, 0x1p-1000) || !strictlyInside(&res.Box[1], y, 0x1p-1000) {
			t.Fatalf("prec %d: box (%v, %v) misses the closed form", prec, &res.Box[0], &res.Box[1])
		}
	}
}

func box1(lo, hi float64) []Interval {
	b := make([]Interval, 1)
	if _, err := b[0].SetBounds(big.NewFloat(lo), big.NewFloat(hi)); err != nil {
		panic(err)
	}
	return b
}

func TestTestBox(t *testing.T) {
	tests := []struct {
		name   string
		system string
		lo, hi float64
		want   Status
		prec   uint // deciding precision
	}{
		{"no root", "x^2 - 2;", 1.5, 2, NoRoot, 53},
		{"one root", "x^2 - 2;", 1, 2, Proved, 53},
		{"two roots", "x^2 - 1/1000000;", -0.01, 0.01, Undecided, 0},
		{"double root", "x^2 - 2*x + 1;", 0.9, 1.1, Undecided, 0},
		{"no real root", "x^2 + 1;", -0.5, 0.5, Undecided, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustProver(t, tc.system)
			var res Result
			if err := p.Test(&res, box1(tc.lo, tc.hi), 512); err != nil {
				t.Fatal(err)
			}
			if res.Status != tc.want {
				t.Fatalf("status %v, want %v", res.Status, tc.want)
			}
			if tc.prec != 0 && res.Prec != tc.prec {
				t.Fatalf("decided at %d bits, want %d", res.Prec, tc.prec)
			}
		})
	}
}

// A box whose endpoints are not float64 values goes straight to the big
// path, and the statement is about exactly that box.
func TestTestBoxBig(t *testing.T) {
	p := mustProver(t, "3*x - 1;")
	b := make([]Interval, 1)
	b[0].SetPrec(200)
	third := new(Interval).SetPrec(200).SetRat(big.NewRat(1, 3))
	b[0].Set(third)
	var res Result
	if err := p.Test(&res, b, 0); err != nil {
		t.Fatal(err)
	}
	// A 2-ulp box around 1/3 whose endpoints straddle it: proved.
	if res.Status != Proved || res.Prec < 200 || !containsBig(&res.Box[0], big.NewRat(1, 3)) {
		t.Fatalf("status %v at %d bits, box %v", res.Status, res.Prec, &res.Box[0])
	}
	// The box just above 1/3 has no root.
	b[0].Lo.Set(&third.Hi)
	b[0].Hi.SetMode(big.ToPositiveInf).Add(&third.Hi, big.NewFloat(0x1p-190))
	if err := p.Test(&res, b, 0); err != nil {
		t.Fatal(err)
	}
	if res.Status != NoRoot {
		t.Fatalf("status %v, want no root", res.Status)
	}
}

// Two roots 10⁻¹² apart: float64 rounding noise (2⁻⁵³ relative) is far
// above the root's conditioning (|f′| = 10⁻¹²), so the prover must raise
// the precision, and the box must separate the roots.
func TestCertifyRaisesPrecision(t *testing.T) {
	p := mustProver(t, "(x - 1)*(x - 1 - 1/1000000000000);")
	var res Result
	if err := p.Certify(&res, []float64{1}, Options{}); err != nil {
		t.Fatal(err)
	}
	if res.Status != Proved || res.Prec <= 53 {
		t.Fatalf("status %v at %d bits, want proved above 53", res.Status, res.Prec)
	}
	other := new(big.Rat).Add(big.NewRat(1, 1), big.NewRat(1, 1000000000000))
	if !containsBig(&res.Box[0], big.NewRat(1, 1)) || containsBig(&res.X[0], other) {
		t.Fatalf("box %v (X %v) does not isolate the root 1", &res.Box[0], &res.X[0])
	}
}

func TestCertifyRadius(t *testing.T) {
	p := mustProver(t, "x^2 - 2;")
	var res Result
	// Uniqueness in the whole user box, tight enclosure from the search.
	if err := p.Certify(&res, []float64{1.4}, Options{Radius: 0.1}); err != nil {
		t.Fatal(err)
	}
	if res.Status != Proved {
		t.Fatalf("status %v", res.Status)
	}
	if lo, _ := res.X[0].Lo.Float64(); lo > 1.3 {
		t.Fatalf("X %v is not the user's box [1.3, 1.5]", &res.X[0])
	}
	if r, _ := res.Rad[0].Float64(); r > 1e-14 {
		t.Fatalf("enclosure radius %g not tightened", r)
	}
	// A box far from any root is excluded.
	q := mustProver(t, "x^2 + 1;")
	if err := q.Certify(&res, []float64{100}, Options{Radius: 1}); err != nil {
		t.Fatal(err)
	}
	if res.Status != NoRoot {
		t.Fatalf("x²+1 near 100: status %v, want no root", res.Status)
	}
	// Without a radius nothing can be proved there.
	if err := q.Certify(&res, []float64{100}, Options{MaxPrec: 256}); err != nil {
		t.Fatal(err)
	}
	if res.Status != Undecided {
		t.Fatalf("x²+1 from 100: status %v, want undecided", res.Status)
	}
}

func TestCertifyErrors(t *testing.T) {
	p := mustProver(t, "x^2 + y^2 - 1; x - y;")
	var res Result
	cases := []struct {
		name string
		err  error
	}{
		{"short", p.Certify(&res, []float64{1}, Options{})},
		{"nan", p.Certify(&res, []float64{math.NaN(), 0}, Options{})},
		{"inf", p.Certify(&res, []float64{0, math.Inf(1)}, Options{})},
		{"radius", p.Certify(&res, []float64{0, 0}, Options{Radius: -1})},
		{"nil big", p.CertifyFloat(&res, []*big.Float{big.NewFloat(0), nil}, Options{})},
		{"box length", p.Test(&res, box1(0, 1), 0)},
	}
	for _, c := range cases {
		if !errors.Is(c.err, ErrInvalid) {
			t.Errorf("%s: err = %v, want ErrInvalid", c.name, c.err)
		}
	}
	if _, err := NewPolySystemFrom(poly.MustParse("x^2 + y;")); !errors.Is(err, ErrInvalid) {
		t.Errorf("non-square: err = %v", err)
	}
	if _, err := NewProver(nil); !errors.Is(err, ErrInvalid) {
		t.Errorf("nil system: err = %v", err)
	}
}

// Random 2×2 systems with a known rational root r: f = A(x − r) +
// B(x − r)² terms. The prover, started near r, must prove a box holding
// r; and a Test on any box holding r must never answer NoRoot.
func TestCertifyRandomSystems(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := [2]*big.Rat{
			big.NewRat(rapid.Int64Range(-900, 900).Draw(t, "r0"), 1000),
			big.NewRat(rapid.Int64Range(-900, 900).Draw(t, "r1"), 1000),
		}
		c := func(l string) int64 { return rapid.Int64Range(-9, 9).Draw(t, l) }
		a := [4]int64{c("a00"), c("a01"), c("a10"), c("a11")}
		for a[0]*a[3]-a[1]*a[2] == 0 { // keep the root simple
			a[0]++
			a[3]++
		}
		u := fmt.Sprintf("(x - %s)", r[0].RatString())
		v := fmt.Sprintf("(y - %s)", r[1].RatString())
		text := fmt.Sprintf("%d*%s + %d*%s + %d*%s^2 + %d*%s*%s; %d*%s + %d*%s + %d*%s^2 + %d*%s^3;",
			a[0], u, a[1], v, c("b0"), u, c("b1"), u, v, a[2], u, a[3], v, c("b2"), v, c("b3"), u)
		ps, err := NewPolySystemFrom(poly.MustParse(text))
		if err != nil {
			t.Fatal(err)
		}
		p, _ := NewProver(ps)
		rf := [2]float64{}
		for i := range rf {
			rf[i], _ = r[i].Float64()
			rf[i] += rapid.Float64Range(-1e-9, 1e-9).Draw(t, fmt.Sprint("d", i))
		}
		var res Result
		if err := p.Certify(&res, rf[:], Options{MaxPrec: 512}); err != nil {
			t.Fatal(err)
		}
		if res.Status != Proved {
			t.Fatalf("%s from %v: status %v", text, rf, res.Status)
		}
		for i := range r {
			if !containsBig(&res.Box[i], r[i]) {
				t.Fatalf("%s: box %v misses root %s", text, &res.Box[i], r[i].RatString())
			}
		}
		// Soundness: a random box around r cannot be declared root-free.
		b := make([]Interval, 2)
		for i := range b {
			w := big.NewRat(rapid.Int64Range(1, 1000).Draw(t, fmt.Sprint("w", i)), 1000)
			b[i].SetPrec(64)
			b[i].Lo.SetMode(big.ToNegativeInf).SetRat(new(big.Rat).Sub(r[i], w))
			b[i].Hi.SetMode(big.ToPositiveInf).SetRat(new(big.Rat).Add(r[i], w))
		}
		if err := p.Test(&res, b, 256); err != nil {
			t.Fatal(err)
		}
		if res.Status == NoRoot {
			t.Fatalf("%s: box around the root declared root-free", text)
		}
		if res.Status == Proved && (!containsBig(&res.Box[0], r[0]) || !containsBig(&res.Box[1], r[1])) {
			t.Fatalf("%s: proved box misses the root", text)
		}
	})
}

// The Fermat system of a generic triangle: the float64 path decides, and
// the 256-bit enclosure lies inside the float64 one.
func TestCertifyFermatSystem(t *testing.T) {
	p, err := NewProver(fermatSystem(t))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	x0 := []float64{0.004961340564163846 + 1e-12*rng.NormFloat64(), -0.05038986309406556}
	var r53, r256 Result
	if err := p.Certify(&r53, x0, Options{}); err != nil {
		t.Fatal(err)
	}
	if err := p.Certify(&r256, x0, Options{Prec: 256}); err != nil {
		t.Fatal(err)
	}
	if r53.Status != Proved || r53.Prec != 53 || r256.Status != Proved || r256.Prec != 256 {
		t.Fatalf("53: %v at %d; 256: %v at %d", r53.Status, r53.Prec, r256.Status, r256.Prec)
	}
	for i := range 2 {
		if !r256.Box[i].Subset(&r53.Box[i]) {
			t.Fatalf("256-bit box %v not inside 53-bit box %v", &r256.Box[i], &r53.Box[i])
		}
		// Radii: ≤ 2⁻⁴⁸ at 53 bits and ≤ 2⁻²⁴⁰ at 256 bits (|root| < 1).
		if r, _ := r53.Rad[i].Float64(); r > 0x1p-48 {
			t.Fatalf("53-bit radius %g", r)
		}
		if r, _ := r256.Rad[i].Float64(); r > 0x1p-240 {
			t.Fatalf("256-bit radius %g", r)
		}
	}
}
