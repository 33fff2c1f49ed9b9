package newton

import (
	"math"
	"testing"

	"pgregory.net/rapid"
)

// Identities of the QR machinery on random matrices. Householder QR and
// Givens rotations are backward stable: the reconstructed product differs
// from the exact one by a few n·ε relative to the matrix norm, so the tests
// allow 100·n·ε·‖A‖ (n ≤ 8 here).

func drawMatrix(t *rapid.T, n int, label string) []float64 {
	a := make([]float64, n*n)
	for i := range a {
		a[i] = rapid.Float64Range(-10, 10).Draw(t, label)
	}
	return a
}

func drawVector(t *rapid.T, n int, label string) []float64 {
	v := make([]float64, n)
	for i := range v {
		v[i] = rapid.Float64Range(-10, 10).Draw(t, label)
	}
	return v
}

func frobenius(a []float64) float64 { return enorm(a) }

// mulQR returns Q·R (column-major result) for column-major q and
// row-major upper-triangular r.
func mulQR(n int, q, r []float64) []float64 {
	out := make([]float64, n*n)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			var s float64
			for k := 0; k <= j; k++ {
				s += q[i+k*n] * r[k*n+j]
			}
			out[i+j*n] = s
		}
	}
	return out
}

func checkOrthogonal(t *rapid.T, n int, q []float64) {
	tol := 100 * float64(n) * epsmch
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			var s float64
			for k := 0; k < n; k++ {
				s += q[k+i*n] * q[k+j*n]
			}
			want := 0.0
			if i == j {
				want = 1
			}
			if math.Abs(s-want) > tol {
				t.Fatalf("QᵀQ[%d][%d] = %.17g", i, j, s)
			}
		}
	}
}

func checkClose(t *rapid.T, what string, got, want []float64, scale float64, n int) {
	tol := 100 * float64(n) * epsmch * scale
	for i := range got {
		if math.Abs(got[i]-want[i]) > tol {
			t.Fatalf("%s[%d] = %.17g, want %.17g (tol %.3g)", what, i, got[i], want[i], tol)
		}
	}
}

// checkQR checks a QR factorisation of a: Q (explicit, column-major) is
// orthogonal, Q·R = a and qtb = Qᵀ·b, to rounding. mark tags the names
// in the messages (' for an updated factorisation).
func checkQR(t *rapid.T, n int, q, r, a, qtb, b []float64, mark string) {
	checkOrthogonal(t, n, q)
	checkClose(t, "Q"+mark+"R"+mark, mulQR(n, q, r), a, frobenius(a), n)
	checkClose(t, "Q"+mark+"ᵀb", qtb, qtMul(n, q, b), enorm(b), n)
}

// qtMul returns Qᵀ·b for the explicit column-major n×n matrix q.
func qtMul(n int, q, b []float64) []float64 {
	y := make([]float64, n)
	for j := 0; j < n; j++ {
		for i := 0; i < n; i++ {
			y[j] += q[i+j*n] * b[i]
		}
	}
	return y
}

func TestQRFactor(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 8).Draw(t, "n")
		a := drawMatrix(t, n, "a")
		b := drawVector(t, n, "b")
		f := append([]float64(nil), a...)
		rdiag, acnorm, wa := make([]float64, n), make([]float64, n), make([]float64, n)
		r := make([]float64, n*n)
		qrFactor(n, f, rdiag, acnorm)
		for j := 0; j < n; j++ {
			if want := enorm(a[j*n : j*n+n]); acnorm[j] != want {
				t.Fatalf("acnorm[%d] = %g, want %g", j, acnorm[j], want)
			}
		}
		qtb := append([]float64(nil), b...)
		applyQt(n, f, qtb)
		extractR(n, f, rdiag, r)
		formQ(n, f, wa)
		checkQR(t, n, f, r, a, qtb, b, "")
	})
}

func TestRankOneUpdate(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 8).Draw(t, "n")
		a := drawMatrix(t, n, "a")
		u := drawVector(t, n, "u")
		v := drawVector(t, n, "v")
		fv := drawVector(t, n, "f")
		rdiag, acnorm, wa := make([]float64, n), make([]float64, n), make([]float64, n)
		q := append([]float64(nil), a...)
		r := make([]float64, n*n)
		qrFactor(n, q, rdiag, acnorm)
		extractR(n, q, rdiag, r)
		formQ(n, q, wa)
		// The updated matrix Q·(R + v·uᵀ) and Qᵀ·f, before the update.
		rv := append([]float64(nil), r...)
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				rv[i*n+j] += v[i] * u[j]
			}
		}
		target := make([]float64, n*n)
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				for k := 0; k < n; k++ {
					target[i+j*n] += q[i+k*n] * rv[k*n+j]
				}
			}
		}
		qtf := qtMul(n, q, fv)
		rankOneUpdate(n, r, u, append([]float64(nil), v...), q, qtf, wa)
		for i := 0; i < n; i++ {
			for j := 0; j < i; j++ {
				if r[i*n+j] != 0 {
					t.Fatalf("R'[%d][%d] = %g below the diagonal", i, j, r[i*n+j])
				}
			}
		}
		checkQR(t, n, q, r, target, qtf, fv, "'")
	})
}

// TestDogleg checks the two defining properties of the dogleg step: inside
// the trust region it is the Gauss–Newton step R⁻¹·qtb, and otherwise it
// lies on the boundary ‖D·p‖ = Δ (to rounding) and does not increase the
// model residual ‖R·p − qtb‖ above ‖qtb‖ (p = 0).
func TestDogleg(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 6).Draw(t, "n")
		r := make([]float64, n*n)
		for i := 0; i < n; i++ {
			for j := i; j < n; j++ {
				r[i*n+j] = rapid.Float64Range(-5, 5).Draw(t, "r")
			}
			// Keep R well away from singular so R⁻¹·qtb is meaningful.
			r[i*n+i] = math.Copysign(rapid.Float64Range(1, 5).Draw(t, "d"), r[i*n+i])
		}
		qtb := drawVector(t, n, "qtb")
		diag := make([]float64, n)
		for i := range diag {
			diag[i] = rapid.Float64Range(0.1, 10).Draw(t, "diag")
		}
		delta := rapid.Float64Range(1e-3, 1e3).Draw(t, "delta")
		x, wa1, wa2 := make([]float64, n), make([]float64, n), make([]float64, n)
		dogleg(n, r, diag, qtb, delta, x, wa1, wa2)

		gn := make([]float64, n) // Gauss–Newton step by back substitution
		for j := n - 1; j >= 0; j-- {
			s := qtb[j]
			for i := j + 1; i < n; i++ {
				s -= r[j*n+i] * gn[i]
			}
			gn[j] = s / r[j*n+j]
		}
		dgn := make([]float64, n)
		dx := make([]float64, n)
		for i := range gn {
			dgn[i] = diag[i] * gn[i]
			dx[i] = diag[i] * x[i]
		}
		// Our back substitution rounds differently from dogleg's; with these
		// draws R's condition number stays below ~10⁵ (|r_ij| ≤ 5·|r_ii|,
		// n ≤ 6), so the two differ by at most ~10⁵·ε ≈ 2e-11 relative:
		// allow 1e-10, and skip draws that close to the boundary.
		switch q := enorm(dgn); {
		case q <= delta*(1-1e-10):
			diff := make([]float64, n)
			for i := range x {
				diff[i] = x[i] - gn[i]
			}
			if enorm(diff) > 1e-10*enorm(gn) {
				t.Fatalf("inside the region the step must be Gauss–Newton: x = %v, gn = %v", x, gn)
			}
			return
		case q < delta*(1+1e-10):
			t.Skip("on the boundary to rounding")
		}
		if got := enorm(dx); math.Abs(got-delta) > 1e-12*delta {
			t.Fatalf("‖D·x‖ = %.17g, want Δ = %.17g", got, delta)
		}
		res := make([]float64, n)
		for i := 0; i < n; i++ {
			s := -qtb[i]
			for j := i; j < n; j++ {
				s += r[i*n+j] * x[j]
			}
			res[i] = s
		}
		if enorm(res) > enorm(qtb)*(1+1e-12) {
			t.Fatalf("model residual %.17g exceeds ‖qtb‖ = %.17g", enorm(res), enorm(qtb))
		}
	})
}

func TestEnorm(t *testing.T) {
	cases := []struct {
		x    []float64
		want float64
	}{
		{[]float64{3, 4}, 5},
		{[]float64{0, 0}, 0},
		{[]float64{3e200, 4e200}, 5e200},    // squares overflow
		{[]float64{3e-200, 4e-200}, 5e-200}, // squares underflow
		{[]float64{math.MaxFloat64, 0}, math.MaxFloat64},
		{[]float64{5e-324, 0}, 5e-324},
	}
	for _, c := range cases {
		if got := enorm(c.x); math.Abs(got-c.want) > 2*epsmch*c.want {
			t.Errorf("enorm(%v) = %.17g, want %.17g", c.x, got, c.want)
		}
	}
	if got := enorm([]float64{1, math.NaN()}); !math.IsNaN(got) {
		t.Errorf("enorm with NaN = %g", got)
	}
	if got := enorm([]float64{1, math.Inf(-1)}); !math.IsInf(got, 1) {
		t.Errorf("enorm with -Inf = %g", got)
	}
}
