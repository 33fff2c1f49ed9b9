package certify_test

import (
	"fmt"
	"math/big"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/poly"
)

// Prove that x² = 2 has exactly one root near 1.41 and enclose it.
func ExampleProver_Certify() {
	sys, _ := certify.NewPolySystemFrom(poly.MustParse("x^2 - 2;"))
	p, _ := certify.NewProver(sys)
	var res certify.Result
	for _, prec := range []uint{0, 256} { // 0: the float64 fast path
		if err := p.Certify(&res, []float64{1.41}, certify.Options{Prec: prec}); err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(res.Status, res.Prec, res.Box[0].Text(int(res.Prec)*3/10)) // ≈ the digits the precision carries
	}
	// Output:
	// proved 53 [1.41421356237309e0, 1.4142135623731e0]
	// proved 256 [1.414213562373095048801688724209698078569671875376948073176679737990732478462e0, 1.414213562373095048801688724209698078569671875376948073176679737990732478463e0]
}

// A 2×2 system with the rational root (3/5, 4/5), proved at 128 bits.
func ExampleProver_Certify_system() {
	sys, _ := certify.NewPolySystemFrom(poly.MustParse("x^2 + y^2 - 1; x - 3/4*y;"))
	p, _ := certify.NewProver(sys)
	var res certify.Result
	p.Certify(&res, []float64{0.6, 0.8}, certify.Options{Prec: 128})
	fmt.Println(res.Status, res.Prec)
	for i := range res.Box {
		fmt.Println(res.Box[i].Text(30))
	}
	fmt.Println("radius below 1e-35:", res.MaxRad().Cmp(big.NewFloat(1e-35)) < 0)
	// Output:
	// proved 128
	// [5.99999999999999999999999999999e-1, 6.00000000000000000000000000001e-1]
	// [7.99999999999999999999999999999e-1, 8.00000000000000000000000000001e-1]
	// radius below 1e-35: true
}

// Test one given box: no root of x² − 2 in [1.5, 2].
func ExampleProver_Test() {
	sys, _ := certify.NewPolySystemFrom(poly.MustParse("x^2 - 2;"))
	p, _ := certify.NewProver(sys)
	box := make([]certify.Interval, 1)
	box[0].SetBounds(big.NewFloat(1.5), big.NewFloat(2))
	var res certify.Result
	p.Test(&res, box, 0)
	fmt.Println(res.Status)
	// Output:
	// no root
}

// Outward rounding: 1/3 at 100 bits, printed with the lower end rounded
// down and the upper end rounded up.
func ExampleInterval() {
	var third, x certify.Interval
	third.SetPrec(100).SetRat(big.NewRat(1, 3))
	x.SetPrec(100)
	x.Mul(&third, &third)
	fmt.Println(third.Text(10))
	fmt.Println(x.Text(10))
	// Output:
	// [3.333333333e-1, 3.333333334e-1]
	// [1.111111111e-1, 1.111111112e-1]
}

// The float64 fast path: the exact sum of the float64 values 0.1 and 0.2
// (0.30000000000000001665…) is not a float64, so it is enclosed by its two
// neighbours.
func ExampleInterval64() {
	x := certify.Point64(0.1).Add(certify.Point64(0.2))
	fmt.Println(x)
	sq, _ := certify.Interval64{Lo: -2, Hi: 3}.Pow(2)
	fmt.Println(sq) // even powers are never negative
	// Output:
	// [0.3, 0.30000000000000004]
	// [0, 9]
}

// Smale's α-test in exact rational arithmetic.
func ExampleAlphaTest() {
	s := poly.MustParse("x^2 - 2;")
	for _, x := range []float64{1.4142135623730951, 1.2} {
		r, _ := certify.AlphaTest(s, []*big.Rat{new(big.Rat).SetFloat64(x)})
		fmt.Println(x, r.Certified)
	}
	// Output:
	// 1.4142135623730951 true
	// 1.2 false
}
