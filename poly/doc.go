// Package poly holds sparse multivariate polynomials and polynomial systems
// with coefficients in float64, complex128, exact rationals (*big.Rat),
// big floats (*big.Float) and exact complex rationals (*ComplexRat):
// evaluation, exact derivatives, homogenisation, conversion between
// coefficient kinds, and a text form with a parser and printer. It is the
// algebra shared by the homotopy solver, the isoptic curves and the
// certifier.
//
// # Polynomials
//
// A Poly[K] is a value: a variable count and a list of terms c·x^e in
// canonical form (graded lexicographic order, like terms combined, no zero
// coefficients; see Monomial). All coefficient kinds share one generic
// implementation; the arithmetic of a kind is its Field. Operations
// return new polynomials:
//
//	x, y := poly.Var[*big.Rat](2, 0), poly.Var[*big.Rat](2, 1)
//	p := x.Mul(x).Add(y.Mul(y)).Sub(poly.Const(2, big.NewRat(1, 1))) // x²+y²−1
//	dp := p.Diff(0)                                                   // 2x
//
// Variables are identified by index; a System gives them names.
//
// # Systems and text
//
// A System[K] is an ordered list of variable names and polynomials, square
// or not (IsSquare, CheckSquare with *NotSquareError). Its text form,
// read by Parse and written by String, is
//
//	vars: x, y
//	x^2 + y^2 - 1;
//	x - 3/4*y;
//
// Decimal literals are exact ("0.1" is 1/10), so Parse gives exact
// rational systems; ParseComplex also accepts the imaginary unit (I by
// default, ParseOptions.ImaginaryUnit to change it). Products and powers
// are expanded under degree, term-count and work limits, and errors are
// *ParseError with line and column.
//
// Before a solver takes a parsed system, CheckSolvable (square, some
// equation, none identically zero), CheckFloat64 (every coefficient within
// float64's range) and CheckReal (for solvers of real systems) name the
// first equation and term at fault; System.ParsePoint reads a point of the
// unknowns written "x=0.5, y=-1/3".
//
// # Conversion
//
// Convert and ConvertSystem change the coefficient kind through the exact
// value of each coefficient: float64 → *big.Rat is the exact dyadic
// rational, exact → float rounds to nearest (ties to even), complex → real
// fails unless the imaginary part is zero. ExactSquare checks that a
// system is square and converts it to exact complex rationals, the form
// the certified and high-precision solvers compile; MapCoeffs replaces
// each coefficient by a function of it and its monomial (moduli, scalings).
//
// # Fast evaluation
//
// CompileFloat64, CompileComplex and CompileBigFloat turn a system into an
// evaluator that computes the values and the Jacobian together from a
// power table, without allocating per call:
//
//	ev, _ := sys.CompileComplex()
//	f := make([]complex128, ev.NumEqs())
//	jac := make([]complex128, ev.NumEqs()*ev.NumVars()) // row-major
//	err := ev.Eval(f, jac, x) // destinations first, as in math/big
//
// # Errors
//
// Data errors (malformed text, non-finite or non-convertible coefficients,
// wrong slice lengths given to Eval) are returned as errors. Programming
// errors on indices (a variable index out of range, a negative exponent
// to Pow) panic, as slice indexing does.
//
// Katsura and Cyclic build two standard benchmark systems.
package poly
