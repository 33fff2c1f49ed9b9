package homotopy_test

import (
	"fmt"
	"slices"

	"github.com/hypersteiner/hypersteiner/homotopy"
	"github.com/hypersteiner/hypersteiner/poly"
)

// Solve the circle x² + y² = 4 against the hyperbola x·y = 1: Bézout
// number 4, four real intersection points, printed sorted by x.
func ExampleSolvePoly() {
	sys := poly.MustParse("x^2 + y^2 - 4; x*y - 1")
	res, err := homotopy.SolvePoly(sys, &homotopy.Options{Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Counts())
	var pts [][2]float64
	for _, s := range res.RealNonsingular() {
		pts = append(pts, [2]float64{real(s.X[0]), real(s.X[1])})
	}
	slices.SortFunc(pts, func(a, b [2]float64) int {
		switch {
		case a[0] < b[0]:
			return -1
		case a[0] > b[0]:
			return 1
		}
		return 0
	})
	for _, p := range pts {
		fmt.Printf("%s = %9.6f, %s = %9.6f\n", res.Vars[0], p[0], res.Vars[1], p[1])
	}
	// Output:
	// paths 4: 4 finite (4 nonsingular, 4 real; 0 singular), 0 at infinity, 0 failed
	// x = -1.931852, y = -0.517638
	// x = -0.517638, y = -1.931852
	// x =  0.517638, y =  1.931852
	// x =  1.931852, y =  0.517638
}

// Track the solutions of one member of a family to another: here the
// family of all systems with the support of {x² − a, y − b}, from a = 2,
// b = 1 to a = 9, b = −4.
func ExampleParameterSolver() {
	start := poly.MustParse("x^2 - 2; y - 1")
	fam, p0, err := homotopy.NewCoefficientFamily(start)
	if err != nil {
		fmt.Println(err)
		return
	}
	// Coefficients in poly's canonical order: x², 1 | y, 1.
	fmt.Println(p0)
	r2 := 1.4142135623730951
	ps, err := homotopy.NewParameterSolver(fam, p0, [][]complex128{{complex(r2, 0), 1}, {complex(-r2, 0), 1}}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := ps.Solve([]complex128{1, -9, 1, 4})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range res.Solutions {
		fmt.Printf("x = %4.1f, y = %4.1f\n", real(s.X[0]), real(s.X[1]))
	}
	// Output:
	// [(1+0i) (-2+0i) (1+0i) (-1+0i)]
	// x =  3.0, y = -4.0
	// x = -3.0, y = -4.0
}
