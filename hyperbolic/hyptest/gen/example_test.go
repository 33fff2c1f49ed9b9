package gen_test

import (
	"fmt"
	"math"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/hyperbolic/hyptest"
	"github.com/hypersteiner/hypersteiner/hyperbolic/hyptest/gen"
)

// The 120° family: every triangle of Exact120 has an angle of exactly
// 120° at B (certify.Cmp120 decides it exactly), with dyadic vertices.
func ExampleExact120() {
	tr := gen.Exact120().Example(1)
	fmt.Printf("%+v\n", tr)
	cmp, _ := certify.Cmp120(tr.A, tr.B, tr.C)
	theta, _ := hyptest.Angle(tr.A, tr.B, tr.C)
	fmt.Println("compared with 120°:", cmp, "enclosure contains 2π/3:", theta.Contains(2*math.Pi/3))
	// Output:
	// {A:{X:-0.759765625 Y:0.498046875} B:{X:-0.75 Y:0.5} C:{X:-0.7500028610229492 Y:0.4999523162841797}}
	// compared with 120°: 0 enclosure contains 2π/3: true
}
