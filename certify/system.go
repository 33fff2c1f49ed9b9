package certify

// System is a square system F: Rⁿ → Rⁿ whose values and Jacobian can be
// enclosed over boxes, in float64 and in big.Float interval arithmetic.
// The Krawczyk prover needs nothing else, so any function with rigorous
// interval extensions can be certified; PolySystem provides one for exact
// rational polynomial systems.
//
// Implementations must be rigorous: every output interval must contain
// the exact value of the function (or partial derivative) at every point
// of the box x. They may keep scratch space, so a System need not be safe
// for concurrent use.
type System interface {
	// Dim returns n, the number of equations and of unknowns.
	Dim() int
	// Enclose64 sets f[i] ⊇ F_i(x) and jac[i·n+j] ⊇ ∂F_i/∂x_j(x) over the
	// box x (len n). Either output may be nil and is then not computed.
	Enclose64(f, jac, x []Interval64)
	// Enclose does the same in big.Float intervals; the outputs get
	// precision prec.
	Enclose(f, jac, x []Interval, prec uint)
}
