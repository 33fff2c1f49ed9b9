package isoptic

// scalar is the arithmetic the polynomial kernels run in: real evaluation
// for solvers, complex evaluation for homotopy continuation.
type scalar interface{ ~float64 | ~complex128 }

// vec2 is a point or a gradient in the plane, in real or complex arithmetic.
type vec2[T scalar] [2]T

// pairTerms are A, Bx, By of the pair (x, y) seen from s, with their partial
// derivatives with respect to the coordinates of x, y and s.
//
// They are computed in the "difference form"
//
//	A  = (x−s)·(y−s) − (x×s)(y×s)
//	Bx = |x−s|² − (x×s)²,  By = |y−s|² − (y×s)²,
//
// where u×v = u₁v₂ − u₂v₁. It is the Lorentzian form
// A = ⟨x,s⟩⟨y,s⟩ − ⟨x,y⟩⟨s,s⟩, Bx = ⟨x,s⟩² − ⟨x,x⟩⟨s,s⟩ rewritten by the
// Lagrange identity for the Minkowski form diag(1, 1, −1) on the lifts
// (x, 1), (y, 1), (s, 1): ⟨X∧S, Y∧S⟩ = ⟨X,Y⟩⟨S,S⟩ − ⟨X,S⟩⟨Y,S⟩, and the
// bivector X∧S has components (x×s, x₁−s₁, x₂−s₂). The two forms are the
// same polynomials (tested exactly); the difference form avoids the
// cancellation −1 + x·s ≈ 0 of the Lorentz products near the boundary and
// near a terminal, and needs no precomputed constants.
type pairTerms[T scalar] struct {
	a, bx, by  T
	da         [3]vec2[T] // ∂A/∂x, ∂A/∂y, ∂A/∂s
	dbxX, dbxS vec2[T]    // ∂Bx/∂x, ∂Bx/∂s (Bx does not depend on y)
	dbyY, dbyS vec2[T]    // ∂By/∂y, ∂By/∂s
}

const (
	wrtX = 0 // index of ∂/∂x in pairTerms.da
	wrtY = 1 // index of ∂/∂y
	wrtS = 2 // index of ∂/∂s
)

// evalPair fills t for the pair (x, y) seen from s.
//
// With dx = x − s and ux = dx×x = x×s (the same polynomial; dx×x is the
// better-conditioned way to compute it, and it makes Bx ≥ |dx|²(1 − |x|²)
// manifest, so Bx ≥ 0 on all of R² whenever x is in the disk):
//
//	∂ux/∂x = (s₂, −s₁),  ∂ux/∂s = (−x₂, x₁),
//	∂A/∂x = dy − uy·∂ux/∂x,  ∂A/∂y = dx − ux·∂uy/∂y,
//	∂A/∂s = −dx − dy − uy·∂ux/∂s − ux·∂uy/∂s,
//	∂Bx/∂x = 2dx − 2ux·∂ux/∂x,  ∂Bx/∂s = −2dx − 2ux·∂ux/∂s.
func evalPair[T scalar](t *pairTerms[T], x, y, s vec2[T]) {
	dx0, dx1 := x[0]-s[0], x[1]-s[1]
	dy0, dy1 := y[0]-s[0], y[1]-s[1]
	ux := dx0*x[1] - dx1*x[0]
	uy := dy0*y[1] - dy1*y[0]
	t.a = dx0*dy0 + dx1*dy1 - ux*uy
	t.bx = dx0*dx0 + dx1*dx1 - ux*ux
	t.by = dy0*dy0 + dy1*dy1 - uy*uy

	// ∂u/∂(terminal) is the same vector for x and y: (s₂, −s₁).
	g0, g1 := s[1], -s[0]
	// ∂ux/∂s = (−x₂, x₁), ∂uy/∂s = (−y₂, y₁).
	hx0, hx1 := -x[1], x[0]
	hy0, hy1 := -y[1], y[0]

	t.da[wrtX] = vec2[T]{dy0 - uy*g0, dy1 - uy*g1}
	t.da[wrtY] = vec2[T]{dx0 - ux*g0, dx1 - ux*g1}
	t.da[wrtS] = vec2[T]{-dx0 - dy0 - uy*hx0 - ux*hy0, -dx1 - dy1 - uy*hx1 - ux*hy1}
	t.dbxX = vec2[T]{2 * (dx0 - ux*g0), 2 * (dx1 - ux*g1)}
	t.dbxS = vec2[T]{-2 * (dx0 + ux*hx0), -2 * (dx1 + ux*hx1)}
	t.dbyY = vec2[T]{2 * (dy0 - uy*g0), 2 * (dy1 - uy*g1)}
	t.dbyS = vec2[T]{-2 * (dy0 + uy*hy0), -2 * (dy1 + uy*hy1)}
}

// evalPairValue computes A, Bx, By only.
func evalPairValue[T scalar](x, y, s vec2[T]) (a, bx, by T) {
	dx0, dx1 := x[0]-s[0], x[1]-s[1]
	dy0, dy1 := y[0]-s[0], y[1]-s[1]
	ux := dx0*x[1] - dx1*x[0]
	uy := dy0*y[1] - dy1*y[0]
	a = dx0*dy0 + dx1*dy1 - ux*uy
	bx = dx0*dx0 + dx1*dx1 - ux*ux
	by = dy0*dy0 + dy1*dy1 - uy*uy
	return a, bx, by
}

// psiPartials returns ψ = A² − c²·Bx·By and its partial derivatives with
// respect to x, y and s (chain rule through A, Bx, By).
func psiPartials[T scalar](t *pairTerms[T], c2 T) (psi T, d [3]vec2[T]) {
	psi = t.a*t.a - c2*t.bx*t.by
	ta := 2 * t.a
	cby := c2 * t.by
	cbx := c2 * t.bx
	for k := range 2 {
		d[wrtX][k] = ta*t.da[wrtX][k] - cby*t.dbxX[k]
		d[wrtY][k] = ta*t.da[wrtY][k] - cbx*t.dbyY[k]
		d[wrtS][k] = ta*t.da[wrtS][k] - cby*t.dbxS[k] - cbx*t.dbyS[k]
	}
	return psi, d
}

// sTerms are A, Bx, By with their gradients with respect to s only: the
// lean kernel of the single-viewpoint evaluators (Curve, Fermat3).
type sTerms[T scalar] struct {
	a, bx, by    T
	ga, gbx, gby vec2[T]
}

// evalPairS fills t for the pair (x, y) seen from s; see evalPair.
func evalPairS[T scalar](t *sTerms[T], x, y, s vec2[T]) {
	dx0, dx1 := x[0]-s[0], x[1]-s[1]
	dy0, dy1 := y[0]-s[0], y[1]-s[1]
	ux := dx0*x[1] - dx1*x[0]
	uy := dy0*y[1] - dy1*y[0]
	t.a = dx0*dy0 + dx1*dy1 - ux*uy
	t.bx = dx0*dx0 + dx1*dx1 - ux*ux
	t.by = dy0*dy0 + dy1*dy1 - uy*uy
	// ∂ux/∂s = (−x₂, x₁), ∂uy/∂s = (−y₂, y₁).
	t.ga = vec2[T]{-dx0 - dy0 + uy*x[1] + ux*y[1], -dx1 - dy1 - uy*x[0] - ux*y[0]}
	t.gbx = vec2[T]{-2 * (dx0 - ux*x[1]), -2 * (dx1 + ux*x[0])}
	t.gby = vec2[T]{-2 * (dy0 - uy*y[1]), -2 * (dy1 + uy*y[0])}
}
