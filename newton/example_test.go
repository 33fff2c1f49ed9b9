package newton_test

import (
	"fmt"

	"github.com/hypersteiner/hypersteiner/newton"
)

// Solve x² + y² = 1, x = y with Powell's hybrid method and MINPACK's hybrd1
// settings (forward-difference Jacobian).
func ExampleHybrd() {
	sys := newton.System{
		M: 2,
		F: func(f, x []float64) {
			f[0] = x[0]*x[0] + x[1]*x[1] - 1
			f[1] = x[0] - x[1]
		},
	}
	res, err := newton.Hybrd(sys, []float64{1, 0.5}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("x = (%.12f, %.12f)\n", res.X[0], res.X[1])
	fmt.Println(res.Status)
	fmt.Println("zero reached:", res.FNorm < 1e-12)
	// Output:
	// x = (0.707106781187, 0.707106781187)
	// info 1: relative error between two consecutive iterates is at most xtol
	// zero reached: true
}

// Solve many small systems with one Workspace and one Result: after the
// first solve nothing is allocated. Here the analytic Jacobian is used
// (MINPACK's hybrj) and the line x = y is moved.
func ExampleWorkspace_Hybrj() {
	var ws newton.Workspace
	var res newton.Result
	for _, c := range []float64{0, 0.5, 1} {
		sys := newton.System{
			M: 2,
			F: func(f, x []float64) {
				f[0] = x[0]*x[0] + x[1]*x[1] - 1
				f[1] = x[0] - x[1] - c
			},
			Jac: func(jac, x []float64) {
				jac[0], jac[1] = 2*x[0], 2*x[1] // row 0: ∂f0/∂x, ∂f0/∂y
				jac[2], jac[3] = 1, -1          // row 1
			},
		}
		if err := ws.Hybrj(&res, sys, []float64{1, 0}, nil); err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("c = %.1f: x = (%.9f, %.9f), status %d\n", c, res.X[0], res.X[1], int(res.Status))
	}
	// Output:
	// c = 0.0: x = (0.707106781, 0.707106781), status 1
	// c = 0.5: x = (0.911437828, 0.411437828), status 1
	// c = 1.0: x = (1.000000000, 0.000000000), status 1
}

// Damped Newton with a forward-difference Jacobian on Rosenbrock's system.
func ExampleNewton() {
	sys := newton.System{
		M: 2,
		F: func(f, x []float64) {
			f[0] = 1 - x[0]
			f[1] = 10 * (x[1] - x[0]*x[0])
		},
	}
	res, err := newton.Newton(sys, []float64{-1.2, 1}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.X, res.Status)
	// Output:
	// [1 1] converged
}

// Bad input is an error that says what is wrong.
func ExampleHybrd_nonSquare() {
	sys := newton.System{M: 3, F: func(f, x []float64) { f[0], f[1], f[2] = x[0], x[1], x[0]*x[1] }}
	_, err := newton.Hybrd(sys, []float64{1, 2}, nil)
	fmt.Println(err)
	// Output:
	// newton.Hybrd: dimension mismatch: System.M: non-square system: M = 3 equations, len(x0) = 2 unknowns
}
