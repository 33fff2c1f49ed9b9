package isoptic

import (
	"math"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// Fermat4 is the coupled system of a full Steiner tree on four terminals
// with topology (w,x | y,z): Steiner point a is joined to w, x and b;
// Steiner point b to y, z and a. At a Steiner point the three edges meet
// at 2π/3, so the unknowns v = (a₁, a₂, b₁, b₂) solve the four equations
//
//	F₀ = f_{w,x}(a)   angle(w, a, x) = α
//	F₁ = f_{x,b}(a)   angle(x, a, b) = α
//	F₂ = f_{y,z}(b)   angle(y, b, z) = α
//	F₃ = f_{z,a}(b)   angle(z, b, a) = α
//
// with f = φ or ψ (f_{p,q}(s) is the curve of the pair p, q seen from s; in
// F₁ and F₃ the "terminal" is the other, unknown, Steiner point). The third
// angle at each Steiner point is then 2π − 2α = α for α = 2π/3 — or 0 when
// both other directions coincide; that spurious configuration (b on the ray
// from a to w, or a on the ray from b to y) also solves the system, and a
// solver must check the tree's topology.
//
// Degrees. ψ_{w,x}(a) and ψ_{y,z}(b) are quartics in their point. In
// ψ_{x,b}(a) the second point moves: ⟨x,a⟩ has degree 1, ⟨b,a⟩ = −1 + a·b
// and ⟨a,a⟩ degree 2, ⟨b,b⟩ degree 2, so
//
//	A  = ⟨x,a⟩⟨b,a⟩ − ⟨x,b⟩⟨a,a⟩                      degree 1+2 = 3,
//	Bx = ⟨x,a⟩² − ⟨x,x⟩⟨a,a⟩                          degree 2,
//	Bb = ⟨b,a⟩² − ⟨b,b⟩⟨a,a⟩                          degree 4,
//	ψ  = A² − cos²α·Bx·Bb                             degree 6
//
// jointly in (a, b) (the degree-6 part does not cancel: checked on the
// exact polynomials); likewise ψ_{z,a}(b). The total degree (Bézout
// number) of the ψ system is therefore
//
//	4 · 6 · 4 · 6 = 576.
//
// (Fermat4PsiBezout; the tests recompute it from Fermat4.PsiSystem.)
type Fermat4 struct {
	w, x, y, z vec2[float64]
	cos, cos2  float64
}

// Fermat4PsiBezout is the total degree 4·6·4·6 of the ψ form of the
// 4-terminal system (see Fermat4).
const Fermat4PsiBezout = 576

// NewFermat4 returns the coupled system for topology (w,x | y,z) and the
// angle α with cos α = cosAlpha (Cos120 for Steiner trees). It returns an
// *InputError if a terminal is not a finite point of the open unit disk,
// two terminals coincide, or cosAlpha is not in (−1, 1).
func NewFermat4(w, x, y, z hyperbolic.Point, cosAlpha float64) (Fermat4, error) {
	const fn = "NewFermat4"
	ts := [4]hyperbolic.Point{w, x, y, z}
	names := [4]string{"terminal w", "terminal x", "terminal y", "terminal z"}
	for i, p := range ts {
		if err := checkPoint(fn, names[i], p); err != nil {
			return Fermat4{}, err
		}
	}
	for i := range ts {
		for j := i + 1; j < len(ts); j++ {
			if err := checkDistinct(fn, names[i], names[j], ts[i], ts[j]); err != nil {
				return Fermat4{}, err
			}
		}
	}
	if err := checkCos(fn, cosAlpha); err != nil {
		return Fermat4{}, err
	}
	return Fermat4{w: pt(w), x: pt(x), y: pt(y), z: pt(z), cos: cosAlpha, cos2: cosAlpha * cosAlpha}, nil
}

// Terminals returns w, x, y, z.
func (f Fermat4) Terminals() [4]hyperbolic.Point {
	return [4]hyperbolic.Point{hyperbolicPoint(f.w), hyperbolicPoint(f.x), hyperbolicPoint(f.y), hyperbolicPoint(f.z)}
}

// Cos returns cos α.
func (f Fermat4) Cos() float64 { return f.cos }

// split returns the two Steiner points of v = (a₁, a₂, b₁, b₂).
func split[T scalar](v [4]T) (a, b vec2[T]) {
	return vec2[T]{v[0], v[1]}, vec2[T]{v[2], v[3]}
}

// Phi returns the φ form of the system at v = (a₁, a₂, b₁, b₂).
func (f Fermat4) Phi(v [4]float64) [4]float64 {
	a, b := split(v)
	var F [4]float64
	for i, q := range f.pairs(a, b) {
		A, bx, by := evalPairValue(q.p, q.q, q.s)
		F[i] = phiValue(A, bx, by, f.cos)
	}
	return F
}

// PhiJac returns the φ form and its 4×4 Jacobian J[i][j] = ∂F_i/∂v_j. If
// a Steiner point coincides with a terminal or with the other Steiner
// point, a square root is not differentiable: PhiJac then returns
// ErrNotDifferentiable with F(v) and a zero Jacobian.
//
// It is the generic evaluation (evalPair, phiPartials) specialised to the
// four pairs of the system: the partial derivatives no entry of J uses
// (with respect to the fixed terminal of each pair, and to the second
// point where it is a terminal) are not formed; every other value is
// computed by the same operations in the same order, so the bits are
// those of the generic path (tested).
func (f Fermat4) PhiJac(v [4]float64) ([4]float64, [4][4]float64, error) {
	a, b := vec2[float64]{v[0], v[1]}, vec2[float64]{v[2], v[3]}
	var F [4]float64
	var J [4][4]float64
	var bad bool
	var dq, ds vec2[float64]
	var ok bool
	// (w, x) from a, (x, b) from a, (y, z) from b, (z, a) from b.
	F[0], _, ds, ok = phiPair(f.w, f.x, a, f.cos)
	bad = bad || !ok
	J[0][0] += ds[0]
	J[0][1] += ds[1]
	F[1], dq, ds, ok = phiPair(f.x, b, a, f.cos)
	bad = bad || !ok
	J[1][0] += ds[0]
	J[1][1] += ds[1]
	J[1][2] += dq[0]
	J[1][3] += dq[1]
	F[2], _, ds, ok = phiPair(f.y, f.z, b, f.cos)
	bad = bad || !ok
	J[2][2] += ds[0]
	J[2][3] += ds[1]
	F[3], dq, ds, ok = phiPair(f.z, a, b, f.cos)
	bad = bad || !ok
	J[3][2] += ds[0]
	J[3][3] += ds[1]
	J[3][0] += dq[0]
	J[3][1] += dq[1]
	if bad {
		return F, [4][4]float64{}, ErrNotDifferentiable
	}
	return F, J, nil
}

// phiPair is φ of the pair (x, y) seen from s and its partials with
// respect to y and s: evalPair and phiPartials without the partials with
// respect to x. ok is false where phiPartials reports
// ErrNotDifferentiable (the partials are then not meaningful).
func phiPair(x, y, s vec2[float64], cos float64) (phi float64, dy, ds vec2[float64], ok bool) {
	dx0, dx1 := x[0]-s[0], x[1]-s[1]
	dy0, dy1 := y[0]-s[0], y[1]-s[1]
	ux := dx0*x[1] - dx1*x[0]
	uy := dy0*y[1] - dy1*y[0]
	a := dx0*dy0 + dx1*dy1 - ux*uy
	bx := dx0*dx0 + dx1*dx1 - ux*ux
	by := dy0*dy0 + dy1*dy1 - uy*uy
	g0, g1 := s[1], -s[0]
	hx0, hx1 := -x[1], x[0]
	hy0, hy1 := -y[1], y[0]
	daY := vec2[float64]{dx0 - ux*g0, dx1 - ux*g1}
	daS := vec2[float64]{-dx0 - dy0 - uy*hx0 - ux*hy0, -dx1 - dy1 - uy*hx1 - ux*hy1}

	bx, by = clampB(bx), clampB(by)
	rx, ry := math.Sqrt(bx), math.Sqrt(by)
	phi = a - cos*(rx*ry)
	if cos == 0 {
		return phi, daY, daS, true
	}
	if bx == 0 || by == 0 {
		return phi, dy, ds, false
	}
	dbxS := vec2[float64]{-2 * (dx0 + ux*hx0), -2 * (dx1 + ux*hx1)}
	dbyY := vec2[float64]{2 * (dy0 - uy*g0), 2 * (dy1 - uy*g1)}
	dbyS := vec2[float64]{-2 * (dy0 + uy*hy0), -2 * (dy1 + uy*hy1)}
	px, py := 0.5*cos*ry/rx, 0.5*cos*rx/ry
	dy, ds = daY, daS
	for k := range 2 {
		dy[k] -= py * dbyY[k]
		ds[k] -= px*dbxS[k] + py*dbyS[k]
	}
	return phi, dy, ds, true
}

// Psi returns the ψ form of the system at v.
func (f Fermat4) Psi(v [4]float64) [4]float64 {
	a, b := split(v)
	var F [4]float64
	for i, q := range f.pairs(a, b) {
		A, bx, by := evalPairValue(q.p, q.q, q.s)
		F[i] = A*A - f.cos2*bx*by
	}
	return F
}

// PsiJac returns the ψ form and its 4×4 Jacobian at v.
func (f Fermat4) PsiJac(v [4]float64) ([4]float64, [4][4]float64) {
	a, b := split(v)
	return psi4(f.pairs(a, b), f.cos2)
}

// PsiJacComplex returns the ψ form and its Jacobian at a complex v.
func (f Fermat4) PsiJacComplex(v [4]complex128) ([4]complex128, [4][4]complex128) {
	a, b := split(v)
	return psi4(pairs4(cvec(f.w), cvec(f.x), cvec(f.y), cvec(f.z), a, b), complex(f.cos2, 0))
}

func psi4[T scalar](ps [4]pair4[T], c2 T) ([4]T, [4][4]T) {
	var F [4]T
	var J [4][4]T
	var t pairTerms[T]
	for i, q := range ps {
		evalPair(&t, q.p, q.q, q.s)
		var d [3]vec2[T]
		F[i], d = psiPartials(&t, c2)
		q.scatter(&J[i], d)
	}
	return F, J
}

// pair4 is one equation of the system: the pair (p, q) seen from s, with
// the column of the Jacobian where each moving point's derivatives go.
type pair4[T scalar] struct {
	p, q, s vec2[T]
	colS    int // column of s₁ (s₂ is next): 0 for a, 2 for b
	colQ    int // column of q₁ if q is a Steiner point, else −1
}

func (f Fermat4) pairs(a, b vec2[float64]) [4]pair4[float64] {
	return pairs4(f.w, f.x, f.y, f.z, a, b)
}

func pairs4[T scalar](w, x, y, z, a, b vec2[T]) [4]pair4[T] {
	return [4]pair4[T]{
		{p: w, q: x, s: a, colS: 0, colQ: -1},
		{p: x, q: b, s: a, colS: 0, colQ: 2},
		{p: y, q: z, s: b, colS: 2, colQ: -1},
		{p: z, q: a, s: b, colS: 2, colQ: 0},
	}
}

// scatter writes the partials d (w.r.t. p, q, s) into a Jacobian row.
func (q pair4[T]) scatter(row *[4]T, d [3]vec2[T]) {
	row[q.colS] += d[wrtS][0]
	row[q.colS+1] += d[wrtS][1]
	if q.colQ >= 0 {
		row[q.colQ] += d[wrtY][0]
		row[q.colQ+1] += d[wrtY][1]
	}
}

// phiPartials returns φ = A − cos α·√Bx·√By and its partials with respect
// to x, y and s, or ErrNotDifferentiable where Bx or By is 0 (cos α ≠ 0).
func phiPartials(t *pairTerms[float64], cos float64) (float64, [3]vec2[float64], error) {
	bx, by := clampB(t.bx), clampB(t.by)
	rx, ry := math.Sqrt(bx), math.Sqrt(by)
	phi := t.a - cos*(rx*ry)
	if cos == 0 {
		return phi, t.da, nil
	}
	if bx == 0 || by == 0 {
		return phi, [3]vec2[float64]{}, ErrNotDifferentiable
	}
	px, py := 0.5*cos*ry/rx, 0.5*cos*rx/ry
	d := t.da
	for k := range 2 {
		d[wrtX][k] -= px * t.dbxX[k]
		d[wrtY][k] -= py * t.dbyY[k]
		d[wrtS][k] -= px*t.dbxS[k] + py*t.dbyS[k]
	}
	return phi, d, nil
}
