package certify

import (
	"math/big"

	"github.com/hypersteiner/hypersteiner/internal/dense"
)

// Approximate matrix inverses for the Krawczyk preconditioner Y ≈ F′⁻¹.
// Their accuracy affects only how often a proof succeeds, never its
// validity: every quantity that matters is recomputed in interval
// arithmetic with Y taken as exact.

// invert64 overwrites y (n×n, row-major) with an approximate inverse of a
// (dense.Invert; w is scratch of length n·n). It reports false if a is
// numerically singular.
func invert64(y, a, w []float64, n int) bool {
	var stack [32]int
	piv := stack[:]
	if n > len(stack) {
		piv = make([]int, n)
	}
	return dense.Invert(y, a, w, piv[:n], n)
}

// invertBig is invert64 in big.Float at the precision of y's and w's
// elements (set by the caller), rounding to nearest. tmp is scratch of
// the same precision; results never alias operands, which would make
// big.Float allocate.
func invertBig(y, a, w []big.Float, n int, tmp *[2]big.Float) bool {
	t, u := &tmp[0], &tmp[1]
	for i := range w {
		w[i].Set(&a[i])
		y[i].SetInt64(0)
	}
	for i := 0; i < n; i++ {
		y[i*n+i].SetInt64(1)
	}
	for col := 0; col < n; col++ {
		p := col
		for r := col + 1; r < n; r++ {
			if pivotBetter(&w[r*n+col], &w[p*n+col]) {
				p = r
			}
		}
		if w[p*n+col].Sign() == 0 {
			return false
		}
		if p != col {
			swapRowsBig(w, n, p, col)
			swapRowsBig(y, n, p, col)
		}
		t.Quo(one, &w[col*n+col])
		for j := 0; j < n; j++ {
			w[col*n+j].Set(u.Mul(&w[col*n+j], t))
			y[col*n+j].Set(u.Mul(&y[col*n+j], t))
		}
		for r := 0; r < n; r++ {
			if r == col || w[r*n+col].Sign() == 0 {
				continue
			}
			f := &w[r*n+col] // read before its own column is cleared
			for j := n - 1; j >= 0; j-- {
				if j != col {
					t.Mul(f, &w[col*n+j])
					w[r*n+j].Set(u.Sub(&w[r*n+j], t))
				}
				t.Mul(f, &y[col*n+j])
				y[r*n+j].Set(u.Sub(&y[r*n+j], t))
			}
			f.SetInt64(0)
		}
	}
	return true
}

var one = big.NewFloat(1)

// pivotBetter reports whether |a| is clearly larger than |b|, comparing
// binary exponents only: pivoting needs no precision, and big.Float's
// Float64 would allocate.
func pivotBetter(a, b *big.Float) bool {
	if b.Sign() == 0 {
		return a.Sign() != 0
	}
	return a.Sign() != 0 && a.MantExp(nil) > b.MantExp(nil)
}

func swapRowsBig(a []big.Float, n, i, j int) {
	for k := 0; k < n; k++ {
		a[i*n+k], a[j*n+k] = a[j*n+k], a[i*n+k]
	}
}
