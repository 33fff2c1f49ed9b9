package homotopy_test

import (
	"fmt"

	"github.com/hypersteiner/hypersteiner/homotopy"
	"github.com/hypersteiner/hypersteiner/poly"
)

// Solve x² = 2, x·y = 1 and refine the positive root to 200 bits.
func ExampleBigRefiner() {
	sys := poly.MustParse("x^2 - 2; x*y - 1")
	res, _ := homotopy.SolvePoly(sys, &homotopy.Options{Seed: 1})
	res.SortSolutions(0)
	r, _ := homotopy.NewBigRefiner(sys, 200)
	x, _ := res.Solutions[1].RealValues()
	p, ok := r.Refine([]complex128{complex(x[0], 0), complex(x[1], 0)})
	text := p.Text(40)
	fmt.Println(ok, text[0][0], text[1][0], text[0][1])
	// Output:
	// true 1.41421356237309504880168872420969807857 0.7071067811865475244008443621048490392848 0
}
