package newton

import "math"

// dogleg computes the step of the hybrid method inside the trust region
// ‖D·x‖ ≤ delta: the convex combination of the Gauss–Newton direction
// R⁻¹·qtb and the scaled steepest-descent direction that minimises
// ‖R·x − qtb‖ along Powell's dogleg path. The caller steps by −x.
// r is n×n row-major upper triangular; wa1 and wa2 are scratch.
func dogleg(n int, r, diag, qtb []float64, delta float64, x, wa1, wa2 []float64) {
	// Gauss–Newton direction by back substitution. A zero diagonal entry is
	// replaced by ε times the largest entry of its column (or ε), so a
	// singular R still yields a (very long) direction, as in MINPACK.
	for j := n - 1; j >= 0; j-- {
		row := r[j*n : j*n+n]
		var sum float64
		for i := j + 1; i < n; i++ {
			sum += row[i] * x[i]
		}
		d := row[j]
		if d == 0 {
			for i := 0; i <= j; i++ {
				d = math.Max(d, math.Abs(r[i*n+j]))
			}
			d *= epsmch
			if d == 0 {
				d = epsmch
			}
		}
		x[j] = (qtb[j] - sum) / d
	}
	for j := 0; j < n; j++ {
		wa1[j] = 0
		wa2[j] = diag[j] * x[j]
	}
	qnorm := enorm(wa2)
	if qnorm <= delta {
		return // the Gauss–Newton step is inside the trust region
	}
	// A nearly singular R (after Broyden updates) can make the Gauss–Newton
	// direction overflow; then only the gradient direction is usable.
	gnUsable := !math.IsInf(qnorm, 1) && !math.IsNaN(qnorm)

	// Scaled gradient direction g = D⁻¹·Rᵀ·qtb.
	for j := 0; j < n; j++ {
		row := r[j*n : j*n+n]
		t := qtb[j]
		for i := j; i < n; i++ {
			wa1[i] += row[i] * t
		}
		wa1[j] /= diag[j]
	}
	gnorm := enorm(wa1)
	sgnorm := 0.0
	alpha := delta / qnorm
	if gnorm != 0 {
		// The minimiser of the quadratic along the scaled gradient lies at
		// distance sgnorm = ‖g‖/‖R·D⁻¹·ĝ‖² (ĝ = g/‖g‖) in the scaled norm.
		for j := 0; j < n; j++ {
			wa1[j] = (wa1[j] / gnorm) / diag[j]
		}
		for j := 0; j < n; j++ {
			row := r[j*n : j*n+n]
			var sum float64
			for i := j; i < n; i++ {
				sum += row[i] * wa1[i]
			}
			wa2[j] = sum
		}
		t := enorm(wa2)
		sgnorm = (gnorm / t) / t
		alpha = 0
		if sgnorm < delta {
			// The Cauchy point is inside: go along the dogleg's second leg to
			// the boundary. alpha is the weight of the Gauss–Newton point,
			// written (as in MINPACK) to avoid cancellation.
			bnorm := enorm(qtb)
			dq := delta / qnorm
			sd := sgnorm / delta
			a := (bnorm / gnorm) * (bnorm / qnorm) * sd
			t = a - dq*sd*sd + math.Sqrt((a-dq)*(a-dq)+(1-dq*dq)*(1-sd*sd))
			alpha = dq * (1 - sd*sd) / t
		}
	}
	if !gnUsable {
		alpha = 0
	}
	t := (1 - alpha) * math.Min(sgnorm, delta)
	for j := 0; j < n; j++ {
		if alpha == 0 {
			x[j] = t * wa1[j] // also avoids 0·∞ with an overflowed x
		} else {
			x[j] = t*wa1[j] + alpha*x[j]
		}
	}
}
