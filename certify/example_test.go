package certify_test

import (
	"fmt"
	"math/big"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
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

// Prove where the Fermat point of a triangle is, judge a float64 answer
// and the same answer moved by 1e-6, and sharpen the proof to 256 bits.
func ExampleCertifyFermat() {
	a, b, c := hyperbolic.Point{X: 0.1, Y: 0.2}, hyperbolic.Point{X: -0.3, Y: -0.1}, hyperbolic.Point{X: 0.25, Y: -0.35}
	s := hyperbolic.Point{X: 0.004961340564163853, Y: -0.05038986309406556} // a float64 solver's answer
	cert, _ := certify.CertifyFermat(a, b, c, s, certify.FermatOptions{})
	fmt.Println(cert.Status, cert.Prec, "bits, radius below 1e-15:", cert.Radius.Cmp(big.NewFloat(1e-15)) < 0)
	fmt.Println("every angle within 1e-12° of 120° on the whole box:", cert.AngleErr < 1e-12)
	moved := hyperbolic.Point{X: s.X + 1e-6, Y: s.Y}
	cert, _ = certify.CertifyFermat(a, b, c, moved, certify.FermatOptions{})
	fmt.Println(cert.Status)
	cert, _ = certify.CertifyFermat(a, b, c, s, certify.FermatOptions{Prec: 256})
	fmt.Println(cert.Status, cert.Prec, "bits,", cert.Digits(), "digits:", cert.Box[0].Text(40))
	// An angle of exactly 120° at (1/2, 0): no Steiner point.
	cert, _ = certify.CertifyFermat(hyperbolic.Point{X: 0.75}, hyperbolic.Point{X: 0.5}, hyperbolic.Point{X: 0.375, Y: 0.25}, hyperbolic.Point{X: 0.5}, certify.FermatOptions{})
	fmt.Println(cert.Status, "wide vertex", cert.Wide, "exactly 120°:", cert.Equal120)
	// Output:
	// certified 53 bits, radius below 1e-15: true
	// every angle within 1e-12° of 120° on the whole box: true
	// refuted
	// certified 256 bits, 75 digits: [4.961340564163852601591744143628733215629e-3, 4.96134056416385260159174414362873321563e-3]
	// none wide vertex 1 exactly 120°: true
}

// The smallest angle at a vertex, enclosed in degrees and compared with
// 120° exactly.
func ExampleSmallestAngleAt() {
	v := hyperbolic.Point{X: 0.5}
	nbrs := []hyperbolic.Point{{X: 0.75}, {X: 0.375, Y: 0.25}, {X: 0.5, Y: -0.5}}
	sa, _ := certify.SmallestAngleAt(v, nbrs)
	fmt.Println(sa.Deg, "degrees between neighbours", sa.Pair, "- compared with 120°:", sa.Cmp120)
	// Output:
	// [89.99999999999997, 90.00000000000003] degrees between neighbours [0 2] - compared with 120°: -1
}

// A certified hyperbolic distance, in float64 intervals and at 256 bits.
func ExampleDist64() {
	p, q := hyperbolic.Point{X: 0.1, Y: 0.2}, hyperbolic.Point{X: -0.3, Y: -0.1}
	d, _ := certify.Dist64(p, q)
	fmt.Println(d)
	var z certify.Interval
	z.Dist(p, q, 256)
	fmt.Println(z.Text(30))
	// Output:
	// [0.5149635714978879, 0.5149635714978886]
	// [5.14963571497888291827994418887e-1, 5.14963571497888291827994418888e-1]
}
