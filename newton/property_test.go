package newton_test

import (
	"math"
	"testing"

	"pgregory.net/rapid"

	"github.com/hypersteiner/hypersteiner/newton"
)

// TestSolversTerminate runs the three solvers on random smooth systems
// F_i(x) = Σ_j a_ij·x_j + c_i·sin(d_i·x_i·x_{i+1}) + e_i, with and without
// zeros nearby, and checks the invariants that hold whatever happens: no
// error except a NaN that F itself produces far out, a documented status, bounded work (MaxFev can be
// overrun by at most one Jacobian and one trial step, n + 1 calls; Newton
// does at most MaxIter iterations), and a final ‖F‖ that is the norm of the
// returned F and no larger than ‖F(x0)‖ (only steps that reduce ‖F‖ are
// accepted).
func TestSolversTerminate(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 4).Draw(t, "n")
		a := make([]float64, n*n)
		c, d, e, x0 := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
		for i := range a {
			a[i] = rapid.Float64Range(-3, 3).Draw(t, "a")
		}
		for i := 0; i < n; i++ {
			c[i] = rapid.Float64Range(-5, 5).Draw(t, "c")
			d[i] = rapid.Float64Range(-5, 5).Draw(t, "d")
			e[i] = rapid.Float64Range(-5, 5).Draw(t, "e")
			x0[i] = rapid.Float64Range(-10, 10).Draw(t, "x0")
		}
		sys := newton.System{M: n,
			F: func(f, x []float64) {
				for i := 0; i < n; i++ {
					s := e[i] + c[i]*math.Sin(d[i]*x[i]*x[(i+1)%n])
					for j := 0; j < n; j++ {
						s += a[i*n+j] * x[j]
					}
					f[i] = s
				}
			},
			Jac: func(jac, x []float64) {
				copy(jac, a)
				for i := 0; i < n; i++ {
					k := (i + 1) % n
					g := c[i] * d[i] * math.Cos(d[i]*x[i]*x[k])
					jac[i*n+i] += g * x[k]
					jac[i*n+k] += g * x[i]
				}
			},
		}
		f0 := make([]float64, n)
		sys.F(f0, x0)
		fnorm0 := norm(f0)
		check := func(name string, res *newton.Result, err error) {
			// F itself overflows to NaN far out (sin of an infinite
			// argument, after a huge step through a nearly singular J);
			// that must come back as ErrNonFinite with the result so far.
			var e *newton.Error
			if err != nil && !(asError(err, &e) && e.Kind == newton.ErrNonFinite && e.What == "F(x)" && e.Eval > 1 && res != nil) {
				t.Fatalf("%s: %v", name, err)
			}
			// Norms computed in different orders differ by a few ulps: 4ε.
			if fn := norm(res.F); math.Abs(fn-res.FNorm) > 4*0x1p-52*fn || res.FNorm > fnorm0*(1+4*0x1p-52) {
				t.Fatalf("%s: FNorm %.17g, ‖F‖ %.17g, ‖F(x0)‖ %.17g", name, res.FNorm, fn, fnorm0)
			}
		}
		hs := newton.Hybrd1Settings(n)
		res, err := newton.Hybrd(sys, x0, &hs)
		check("Hybrd", res, err)
		if err == nil && res.Status < 1 || res.Status > 5 || res.NFev > hs.MaxFev+n+1 {
			t.Fatalf("Hybrd: %v after %d calls", res.Status, res.NFev)
		}
		js := newton.Hybrj1Settings(n)
		res, err = newton.Hybrj(sys, x0, &js)
		check("Hybrj", res, err)
		if err == nil && res.Status < 1 || res.Status > 5 || res.NFev > js.MaxFev+1 {
			t.Fatalf("Hybrj: %v after %d calls", res.Status, res.NFev)
		}
		ns := newton.DefaultNewtonSettings()
		res, err = newton.Newton(sys, x0, &ns)
		check("Newton", res, err)
		if err == nil && res.Status < newton.Converged || res.Status > newton.MaxIterReached || res.Iterations > ns.MaxIter {
			t.Fatalf("Newton: %v after %d iterations", res.Status, res.Iterations)
		}
	})
}
