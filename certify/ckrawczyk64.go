package certify

import (
	"math"
	"math/cmplx"
)

// The complex float64 Krawczyk test of a ComplexPolySystem, on polydiscs.
// For a box X = Π disc(m_j, r_j) of Cⁿ, any complex matrix Y and
// C = I − Y·F′(X),
//
//	K(X) = m − Y·F(m) + C·(X − m),
//
// and K_i is the disc about m_i − (Y·F(m))_i of radius
// rad(Y·F(m))_i + Σ_j max|C_ij|·r_j. If every K_i lies in the interior of
// X_i, X holds exactly one root (Krawczyk's theorem: X is convex and F is
// holomorphic, so F(y) − F(x) = ∫F′ · (y − x) with the integrated matrix
// in the disc enclosure of F′(X); the radii condition makes
// |C|·r < r, a contraction in the weighted max norm). It is the real
// Krawczyk test of the real form of the system done in complex
// arithmetic: n³ complex disc products instead of (2n)³ real interval
// ones. A disc about a real centre is invariant under conjugation, which
// makes the realness test of a system with real coefficients one more
// Krawczyk test.

// ckWork is the workspace of the complex float64 test.
type ckWork struct {
	n            int
	m, step, fpt []complex128 // centre, Newton step, F(m) (points)
	jpt, y, w    []complex128 // J(m), Y ≈ J(m)⁻¹, scratch (n·n)
	r, rk        []float64    // radii of X and K
	kc           []complex128 // centres of K
	z, mono      []CBall64
	f, jac, d    []CBall64
}

func newCKWork(n, nmono int) *ckWork {
	c := func(k int) []complex128 { return make([]complex128, k) }
	b := func(k int) []CBall64 { return make([]CBall64, k) }
	return &ckWork{n: n, m: c(n), step: c(n), fpt: c(n), jpt: c(n * n), y: c(n * n), w: c(n * n),
		r: make([]float64, n), rk: make([]float64, n), kc: c(n),
		z: b(n), mono: b(nmono), f: b(n), jac: b(n * n), d: b(n)}
}

// evalBalls encloses F (into f, unless nil) and F′ (into jac, n×n, unless
// nil) over the polydisc z.
func (pl *cplan) evalBalls(f, jac, z, m []CBall64) {
	m[0] = CBall64{C: 1}
	for k := 1; k < len(m); k++ {
		m[k] = m[pl.parent[k]].Mul(z[pl.pvar[k]])
	}
	sum := func(o int) CBall64 {
		var acc CBall64
		for r := pl.start[o]; r < pl.start[o+1]; r++ {
			acc = acc.Add(pl.c64[r].Mul(m[pl.mono[r]]))
		}
		return acc
	}
	setOutputs(pl.n, f, jac, sum)
}

// evalPoint sets f = F(x) and jac = F′(x) in complex128 (either may be
// nil), with coefficients rounded to nearest.
func (pl *cplan) evalPoint(f, jac, x, m []complex128) {
	m[0] = 1
	for k := 1; k < len(m); k++ {
		m[k] = m[pl.parent[k]] * x[pl.pvar[k]]
	}
	sum := func(o int) complex128 {
		var acc complex128
		for r := pl.start[o]; r < pl.start[o+1]; r++ {
			acc += pl.p64[r] * m[pl.mono[r]]
		}
		return acc
	}
	setOutputs(pl.n, f, jac, sum)
}

// setOutputs sets the plan's outputs o from sum(o): f[i] = F_i (o = i)
// unless f is nil, jac[i·n+j] = ∂F_i/∂z_j (o = n + i·n + j) unless jac is
// nil.
func setOutputs[T any](n int, f, jac []T, sum func(o int) T) {
	if f != nil {
		for i := range n {
			f[i] = sum(i)
		}
	}
	if jac != nil {
		for o := range n * n {
			jac[o] = sum(n + o)
		}
	}
}

// modUp returns an upper bound of |z|.
func modUp(z complex128) float64 {
	return math.Hypot(real(z), imag(z))*(1+8*ballU) + ballSub
}

// magUp returns an upper bound of max |z| over the disc.
func (x CBall64) magUp() float64 { return upSum(modUp(x.C), x.R) }

// invertC64 overwrites y with an approximate inverse of the n×n complex
// matrix a by Gauss–Jordan elimination with partial pivoting (w is
// scratch); false if a is numerically singular.
func invertC64(y, a, w []complex128, n int) bool {
	copy(w, a)
	clear(y)
	for i := range n {
		y[i*n+i] = 1
	}
	abs1 := func(z complex128) float64 { return math.Abs(real(z)) + math.Abs(imag(z)) }
	for col := range n {
		p := col
		for r := col + 1; r < n; r++ {
			if abs1(w[r*n+col]) > abs1(w[p*n+col]) {
				p = r
			}
		}
		piv := w[p*n+col]
		if a := abs1(piv); a == 0 || math.IsNaN(a) || math.IsInf(a, 0) {
			return false
		}
		if p != col {
			for j := range n {
				w[p*n+j], w[col*n+j] = w[col*n+j], w[p*n+j]
				y[p*n+j], y[col*n+j] = y[col*n+j], y[p*n+j]
			}
		}
		inv := 1 / piv
		for j := range n {
			w[col*n+j] *= inv
			y[col*n+j] *= inv
		}
		for r := range n {
			if f := w[r*n+col]; r != col && f != 0 {
				for j := range n {
					w[r*n+j] -= f * w[col*n+j]
					y[r*n+j] -= f * y[col*n+j]
				}
			}
		}
	}
	for _, v := range y {
		if cmplx.IsNaN(v) || cmplx.IsInf(v) {
			return false
		}
	}
	return true
}

// newton refines w.m by at most maxNewton Newton steps in complex128 and
// leaves the last (possibly unapplied) step in w.step and Y ≈ J(m)⁻¹ in
// w.y. It stops when the step stops shrinking or falls below the
// rounding level of m; false if the Jacobian is singular at m.
func (w *ckWork) newton(pl *cplan, pt []complex128) bool {
	n := w.n
	prev := math.Inf(1)
	for it := 0; it < maxNewton; it++ {
		pl.evalPoint(w.fpt, w.jpt, w.m, pt)
		if !invertC64(w.y, w.jpt, w.w, n) {
			return false
		}
		size, applied, converged := newtonStep(w.m, w.step, w.y, w.fpt, prev, it, cmplx.Abs)
		if !applied {
			return true
		}
		if converged {
			pl.evalPoint(nil, w.jpt, w.m, pt) // Y for the final centre
			return invertC64(w.y, w.jpt, w.w, n)
		}
		prev = size
	}
	return true
}

// krawczyk tests the polydisc Π disc(w.m_j, w.r_j) with the
// preconditioner w.y, filling the discs of K (w.kc, w.rk). It returns
// whether K ⊂ int X (proved) and the contraction κ = max_i Σ_j
// |C_ij|·r_j / r_i, which says whether to shrink (κ large) or grow the box.
func (w *ckWork) krawczyk(pl *cplan) (bool, float64) {
	n := w.n
	for j := range n {
		w.z[j] = CBall64{w.m[j], 0}
	}
	pl.evalBalls(w.f, nil, w.z, w.mono)
	for j := range n {
		w.z[j] = CBall64{w.m[j], w.r[j]}
	}
	pl.evalBalls(nil, w.jac, w.z, w.mono)
	proved, kappa := true, 0.0
	for i := range n {
		yi := w.y[i*n : i*n+n]
		var d CBall64 // (Y·F(m))_i
		for k := range n {
			d = d.Add(CBall64{C: yi[k]}.Mul(w.f[k]))
		}
		s := 0.0 // Σ_j |C_ij|·r_j, rounded up
		for j := range n {
			var c CBall64
			if i == j {
				c.C = 1
			}
			for k := range n {
				c = c.Add(CBall64{C: -yi[k]}.Mul(w.jac[k*n+j]))
			}
			s = upSum(s, upProd(c.magUp(), w.r[j]))
		}
		// K_i is the disc about m_i − d.C of radius d.R + s; its
		// centre is rounded here, with the error added to the radius.
		rad := upSum(d.R, s)
		if !(upSum(modUp(d.C), rad) < w.r[i]) {
			proved = false
		}
		k := CBall64{C: w.m[i]}.Add(CBall64{-d.C, rad})
		w.kc[i], w.rk[i] = k.C, k.R
		if w.r[i] > 0 {
			kappa = max(kappa, s/w.r[i])
		} else {
			kappa = math.Inf(1)
		}
	}
	return proved, kappa
}

// certify64 runs the complex float64 search from the candidate x: Newton
// refinement, then Krawczyk tests with ε-inflation. It reports whether a
// polydisc was proved that contains the candidate, whose distance from a
// centre c in coordinate j is at most dist(j, c).
func (w *ckWork) certify64(pl *cplan, x []complex128, pt []complex128, dist func(int, complex128) float64) bool {
	n := w.n
	copy(w.m, x)
	if !w.newton(pl, pt) {
		return false
	}
	// The rounding level of each coordinate: Y times the radii of the
	// enclosures of F(m), propagated as the Krawczyk test will. A box
	// narrower than that cannot pass; one of a fixed size relative to the
	// largest coordinate would be far too wide for a coordinate of
	// another scale (x of size 1e6 next to y of size 1e-6).
	for j := range n {
		w.z[j] = CBall64{w.m[j], 0}
	}
	pl.evalBalls(w.f, nil, w.z, w.mono)
	floor := make([]float64, n)
	for j := range n {
		noise := 0.0
		for k := range n {
			noise = upSum(noise, upProd(modUp(w.y[j*n+k]), w.f[k].R))
		}
		floor[j] = upSum(4*noise, 0x1p-50*cmplx.Abs(w.m[j])) + 0x1p-1000
		// The region must reach back to the candidate: the box is never
		// narrower than twice the candidate's distance from m.
		floor[j] = max(floor[j], 2*dist(j, w.m[j]))
		w.r[j] = upSum(2*cmplx.Abs(w.step[j]), floor[j])
	}
	for range 2 * maxInflate {
		proved, _ := w.krawczyk(pl)
		if proved {
			for j := range n {
				if !(dist(j, w.m[j]) < w.r[j]) {
					return false
				}
			}
			return true
		}
		// Where K misses the interior of X: in a coordinate of the box's
		// own width (within 2⁻²⁰ of its largest radius) whose K is at
		// least half as wide as X, the box is too wide for the Jacobian to
		// contract, and shrinks. Otherwise every radius grows to twice
		// the distance from m to the far side of K (ε-inflation): a
		// coordinate at or near 0, far narrower than the others, which
		// reach it through C, grows to its own level in a few rounds.
		rmax := 0.0
		for _, r := range w.r {
			rmax = max(rmax, r)
		}
		wide := false
		for j := range w.r {
			if w.r[j] >= 0x1p-20*rmax && !(upSum(modUp(w.kc[j]-w.m[j]), w.rk[j]) < w.r[j]) && w.rk[j] >= 0.5*w.r[j] {
				wide = true
			}
		}
		if wide {
			for j := range w.r {
				if w.r[j] *= 0.25; w.r[j] < floor[j] {
					return false
				}
			}
			continue
		}
		for j := range w.r {
			w.r[j] = max(w.r[j], 2*upSum(modUp(w.kc[j]-w.m[j]), w.rk[j]))
		}
	}
	return false
}

// realTest applies the Krawczyk test to the conjugation-invariant
// polydisc about Re m_j of radius |Im m_j| + r_j (containing the proved
// polydisc), and to the same doubled; true if one is proved, which proves
// the root real for a system with real coefficients. It leaves w.m, w.r
// as they were.
func (w *ckWork) realTest(pl *cplan) bool {
	n := w.n
	m0, r0 := make([]complex128, n), make([]float64, n)
	copy(m0, w.m)
	copy(r0, w.r)
	defer func() { copy(w.m, m0); copy(w.r, r0) }()
	for scale := 1.0; scale <= 2; scale++ {
		for j := range n {
			w.m[j] = complex(real(m0[j]), 0)
			w.r[j] = scale * upSum(math.Abs(imag(m0[j])), r0[j])
		}
		if ok, _ := w.krawczyk(pl); ok {
			return true
		}
	}
	return false
}

// regionRect returns a rectangle inside disc(c, r): the inscribed square,
// rounded inward.
func regionRect(c complex128, r float64) CInterval64 {
	s := r * 0.7071067811865475 * (1 - 4*ballU) // < r/√2
	return CInterval64{
		Interval64{addUp(real(c), -s), addDown(real(c), s)},
		Interval64{addUp(imag(c), -s), addDown(imag(c), s)},
	}
}
