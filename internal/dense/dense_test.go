package dense

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// Solve against exact rational arithmetic on random well-conditioned
// systems: a diagonally dominant h keeps the condition number below ~3, so
// the float64 solution is within a few hundred ulps of the exact one.
func TestSolveMatchesExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 500; trial++ {
		n := 1 + rng.IntN(12)
		h := make([]float64, n*n)
		b := make([]float64, n)
		for i := range h {
			h[i] = rng.Float64()*2 - 1
		}
		for i := 0; i < n; i++ {
			h[i*n+i] += float64(n) * math.Copysign(1, h[i*n+i])
			b[i] = rng.Float64()*2 - 1
		}
		want := exactSolve(h, b, n)
		hc, x := append([]float64(nil), h...), append([]float64(nil), b...)
		if !Solve(hc, x, n) {
			t.Fatalf("trial %d: singular", trial)
		}
		for i := range x {
			if math.Abs(x[i]-want[i]) > 1e-13*(1+math.Abs(want[i])) {
				t.Fatalf("trial %d: x[%d] = %v, exact %v", trial, i, x[i], want[i])
			}
		}
	}
	if Solve([]float64{1, 2, 2, 4}, []float64{1, 1}, 2) {
		t.Fatal("a singular matrix was solved")
	}
}

func exactSolve(h, b []float64, n int) []float64 {
	a := make([][]*big.Rat, n)
	for i := range a {
		a[i] = make([]*big.Rat, n+1)
		for j := 0; j < n; j++ {
			a[i][j] = new(big.Rat).SetFloat64(h[i*n+j])
		}
		a[i][n] = new(big.Rat).SetFloat64(b[i])
	}
	for c := 0; c < n; c++ {
		p := c
		for a[p][c].Sign() == 0 {
			p++
		}
		a[c], a[p] = a[p], a[c]
		for i := 0; i < n; i++ {
			if i == c || a[i][c].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Quo(a[i][c], a[c][c])
			for j := c; j <= n; j++ {
				a[i][j].Sub(a[i][j], new(big.Rat).Mul(f, a[c][j]))
			}
		}
	}
	x := make([]float64, n)
	for i := range x {
		x[i], _ = new(big.Rat).Quo(a[i][n], a[i][i]).Float64()
	}
	return x
}

// Invert against exact rational inverses, and RCond on diagonal matrices
// (where 1/(‖A‖₁‖A⁻¹‖₁) = min|dᵢ| / max|dᵢ| exactly).
func TestInvertAndRCond(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 300; trial++ {
		n := 1 + rng.IntN(10)
		a := make([]float64, n*n)
		for i := range a {
			a[i] = rng.Float64()*2 - 1
		}
		for i := 0; i < n; i++ {
			a[i*n+i] += float64(n) * math.Copysign(1, a[i*n+i])
		}
		y, w, piv := make([]float64, n*n), make([]float64, n*n), make([]int, n)
		if !Invert(y, a, w, piv, n) {
			t.Fatalf("trial %d: singular", trial)
		}
		for k := 0; k < n; k++ {
			e := make([]float64, n)
			e[k] = 1
			col := exactSolve(a, e, n) // column k of the exact inverse
			for i := 0; i < n; i++ {
				if math.Abs(y[i*n+k]-col[i]) > 1e-13*(1+math.Abs(col[i])) {
					t.Fatalf("trial %d: inverse[%d][%d] = %v, exact %v", trial, i, k, y[i*n+k], col[i])
				}
			}
		}
		d := make([]float64, n*n)
		lo, hi := math.Inf(1), 0.0
		for i := 0; i < n; i++ {
			v := math.Ldexp(1+rng.Float64(), rng.IntN(40)-20)
			d[i*n+i] = v
			lo, hi = min(lo, v), max(hi, v)
		}
		if !Factor(d, piv, n) {
			t.Fatal("a diagonal matrix reported singular")
		}
		if got, want := RCond(d, piv, hi, make([]float64, n), n), lo/hi; math.Abs(got-want) > 1e-15*want {
			t.Fatalf("RCond = %v, want %v", got, want)
		}
	}
	if Invert(make([]float64, 4), []float64{1, 2, 2, 4}, make([]float64, 4), make([]int, 2), 2) {
		t.Fatal("a singular matrix was inverted")
	}
	if Factor([]float64{math.NaN()}, make([]int, 1), 1) {
		t.Fatal("a NaN pivot was accepted")
	}
}

// Solve4 gives Solve's bits and verdict, on random, scaled, singular and
// non-finite systems.
func TestSolve4MatchesSolve(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 20000; trial++ {
		var h [16]float64
		var b [4]float64
		for i := range h {
			h[i] = (rng.Float64()*2 - 1) * math.Ldexp(1, rng.IntN(40)-20)
			switch rng.IntN(40) {
			case 0:
				h[i] = 0
			case 1:
				h[i] = math.NaN()
			}
		}
		if trial%10 == 0 { // a repeated row: singular
			copy(h[4:8], h[0:4])
		}
		for i := range b {
			b[i] = rng.NormFloat64()
		}
		hs, bs := h, b
		want := Solve(hs[:], bs[:], 4)
		got := Solve4(&h, &b)
		if got != want {
			t.Fatalf("trial %d: Solve4 %v, Solve %v", trial, got, want)
		}
		if want {
			for i := range b {
				if math.Float64bits(b[i]) != math.Float64bits(bs[i]) {
					t.Fatalf("trial %d: x[%d] = %v, Solve %v", trial, i, b[i], bs[i])
				}
			}
		}
	}
}

func BenchmarkSolve4(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	var h0 [16]float64
	for i := range h0 {
		h0[i] = rng.Float64()
	}
	x0 := [4]float64{1, 2, 3, 4}
	b.Run("Solve", func(b *testing.B) {
		for b.Loop() {
			h, x := h0, x0
			Solve(h[:], x[:], 4)
		}
	})
	b.Run("Solve4", func(b *testing.B) {
		for b.Loop() {
			h, x := h0, x0
			Solve4(&h, &x)
		}
	})
}
