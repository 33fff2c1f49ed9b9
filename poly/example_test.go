package poly_test

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/hypersteiner/hypersteiner/poly"
)

func ExampleParse() {
	sys, err := poly.Parse("x^2 + y^2 - 1; x - 3/4*y;")
	if err != nil {
		panic(err)
	}
	fmt.Print(sys)
	fmt.Println(sys.Vars(), sys.Degrees(), sys.IsSquare())
	// Output:
	// vars: x, y
	// x^2 + y^2 - 1;
	// x - 3/4*y;
	// [x y] [2 1] true
}

func ExampleParse_expansion() {
	// Products and powers are expanded exactly; decimals are exact rationals.
	sys, _ := poly.Parse("vars: x, y\n(x+1)^2*(y-2) + 0.1*x")
	fmt.Print(sys)
	// Output:
	// vars: x, y
	// x^2*y - 2*x^2 + 2*x*y - 39/10*x + y - 2;
}

func ExampleParse_error() {
	_, err := poly.Parse("x + 1;\ny^ + 2")
	var pe *poly.ParseError
	if errors.As(err, &pe) {
		fmt.Println(pe.Line, pe.Col, pe.Msg)
	}
	fmt.Println(err)
	// Output:
	// 2 4 expected exponent after '^'
	// 2:4: expected exponent after '^'
}

func ExampleParseOptions() {
	// The shared benchmark file writes complex coefficients with i.
	opts := poly.ParseOptions{ImaginaryUnit: "i"}
	sys, err := opts.ParseComplex("(0.5+2*i)*x^2 - i")
	if err != nil {
		panic(err)
	}
	fmt.Print(sys) // printed with the default unit I
	// Output:
	// vars: x
	// (1/2+2*I)*x^2 - I;
}

func ExamplePoly_Diff() {
	x, y := poly.Var[*big.Rat](2, 0), poly.Var[*big.Rat](2, 1)
	p := x.Pow(3).Mul(y).Sub(y.Pow(2)) // x³y − y²
	names := []string{"x", "y"}
	fmt.Println(p.Diff(0).Format(names))
	fmt.Println(p.Diff(1).Format(names))
	// Output:
	// 3*x^2*y
	// x^3 - 2*y
}

func ExampleSystem_Homogenize() {
	sys := poly.MustParse("x^2 + y - 1; x*y - 2")
	h, _ := sys.Homogenize("x0")
	fmt.Print(h)
	d, _ := h.Dehomogenize()
	fmt.Println(d.Equal(sys))
	// Output:
	// vars: x0, x, y
	// -x0^2 + x0*y + x^2;
	// -2*x0^2 + x*y;
	// true
}

func ExampleConvert() {
	// float64 → *big.Rat is exact: 0.1 is a dyadic rational.
	p := poly.Const(1, 0.1)
	r, _ := poly.Convert[*big.Rat](p, 0)
	fmt.Println(r)
	// Rational → float64 rounds to nearest.
	q, _ := poly.Convert[float64](poly.MustParse("x/3").Poly(0), 0)
	fmt.Println(q)
	// Complex → real fails unless the imaginary parts vanish.
	c, _ := poly.ParseComplex("I*x + 1")
	_, err := poly.ConvertSystem[*big.Rat](c, 0)
	fmt.Println(errors.Is(err, poly.ErrNonReal))
	// Output:
	// 3602879701896397/36028797018963968
	// 0.3333333333333333*x1
	// true
}

func ExampleSystem_CompileComplex() {
	sys := poly.MustParse("x^2 + y^2 - 1; x - y")
	ev, err := sys.CompileComplex()
	if err != nil {
		panic(err)
	}
	x := []complex128{2, 1i}
	f := make([]complex128, ev.NumEqs())
	jac := make([]complex128, ev.NumEqs()*ev.NumVars()) // row-major
	if err := ev.Eval(f, jac, x); err != nil {
		panic(err)
	}
	fmt.Println(f)
	fmt.Println(jac)
	// Output:
	// [(2+0i) (2-1i)]
	// [(4+0i) (0+2i) (1+0i) (-1+0i)]
}

func ExampleSystem_CompileBigFloat() {
	sys := poly.MustParse("x^2 - 2")
	ev, _ := sys.CompileBigFloat(200)
	x := []*big.Float{new(big.Float).SetPrec(200).SetFloat64(1.5)}
	f, jac := []*big.Float{new(big.Float)}, []*big.Float{new(big.Float)}
	_ = ev.Eval(f, jac, x)
	// One Newton step from 1.5 toward √2: x − f/f'.
	x1 := new(big.Float).SetPrec(200).Quo(f[0], jac[0])
	x1.Sub(x[0], x1)
	fmt.Println(x1.Text('g', 20), f[0].Prec())
	// Output:
	// 1.4166666666666666667 200
}

func ExampleKatsura() {
	sys := poly.Katsura[*big.Rat](2)
	fmt.Print(sys)
	fmt.Println("Bézout number:", sys.Bezout())
	// Output:
	// vars: x1, x2, x3
	// x1^2 + 2*x2^2 + 2*x3^2 - x1;
	// 2*x1*x2 + 2*x2*x3 - x2;
	// x1 + 2*x2 + 2*x3 - 1;
	// Bézout number: 4
}
