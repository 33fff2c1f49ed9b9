package isoptic

import (
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// steiner4 is a 4-terminal configuration built at 200 bits with Steiner
// points a, b meeting every pair of their edges at exactly 2π/3, for the
// topology (w,x | y,z).
type steiner4 struct{ w, x, y, z, a, b BigPoint }

// buildSteiner4 works in the frame where a is the origin (Klein angles at
// the origin are Euclidean): b = β·u; w, x at radii rw, rx in the
// directions u rotated by ±2π/3. Around b it moves to b's frame with
// T_{−b} (a goes to −b, direction −u), places y, z in the directions −u
// rotated by ±2π/3, and moves back with T_b. Finally everything is moved
// by T_c for a random c, so a is a general point. With spurious set, b is
// put in w's direction instead of the third one: angle(x, a, b) is still
// 2π/3 but the edge a–b overlaps a–w (the spurious root of Fermat4).
func buildSteiner4(rng *rand.Rand, spurious bool) steiner4 {
	K := bigArith{prec}
	half := bf(0.5)
	c120, s120 := K.new().Neg(half), K.mul(half, sqrt3())
	u := polar(1, 2*math.Pi*rng.Float64())
	scale := func(r float64, p BigPoint) BigPoint { return BigPoint{X: K.mul(bf(r), p.X), Y: K.mul(bf(r), p.Y)} }
	neg := func(p BigPoint) BigPoint { return BigPoint{X: K.new().Neg(p.X), Y: K.new().Neg(p.Y)} }
	r := func() float64 { return 0.1 + 0.6*rng.Float64() }
	a := BigPoint{X: bf(0), Y: bf(0)}
	w := scale(r(), rotate(u, c120, s120))
	x := scale(r(), rotate(u, c120, K.new().Neg(s120)))
	if spurious {
		u = rotate(u, c120, s120)
	}
	b := scale(r(), u)
	mu := neg(u)
	y := boostBig(b, scale(r(), rotate(mu, c120, s120)))
	z := boostBig(b, scale(r(), rotate(mu, c120, K.new().Neg(s120))))
	c := bpt(randDisk(rng, 0.5))
	m := func(p BigPoint) BigPoint { return boostBig(c, p) }
	return steiner4{m(w), m(x), m(y), m(z), m(a), m(b)}
}

// psi4Big and phi4Big evaluate the two forms at 200 bits, straight from
// NewBigTerms, for the references.
func form4Big(t testing.TB, w, x, y, z, a, b BigPoint, phi bool) [4]*big.Float {
	var F [4]*big.Float
	for i, q := range [4][3]BigPoint{{w, x, a}, {x, b, a}, {y, z, b}, {z, a, b}} {
		bt := mustBigTerms(t, q[0], q[1], q[2])
		if phi {
			F[i], _, _ = bt.Phi(bf(Cos120))
		} else {
			F[i], _ = bt.Psi(bf(0.25))
		}
	}
	return F
}

func (c steiner4) rounded(t testing.TB) (Fermat4, [4]float64) {
	f, err := NewFermat4(roundPoint(c.w), roundPoint(c.x), roundPoint(c.y), roundPoint(c.z), Cos120)
	noErr(t, err)
	a, b := roundPoint(c.a), roundPoint(c.b)
	return f, [4]float64{a.X, a.Y, b.X, b.Y}
}

// The constructed Steiner points solve both forms: at 200 bits to ~2⁻¹⁸⁰
// of the terms, and Newton on the float64 φ form from a perturbed start
// converges back to them.
func TestFermat4ConstructedRoot(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for range 40 {
		c := buildSteiner4(rng, false)
		for _, phi := range []bool{true, false} {
			F := form4Big(t, c.w, c.x, c.y, c.z, c.a, c.b, phi)
			for i, v := range F {
				// Terms are products of coordinates of points in the disk,
				// O(1) in size: 2⁻¹⁸⁰ absolute allows ~2²⁰ roundings.
				if bigAbs(v) > 0x1p-180 {
					t.Fatalf("phi=%v: 200-bit F[%d] = %g at the constructed root", phi, i, f64(v))
				}
			}
		}
		f, root := c.rounded(t)
		start := root
		for i := range start {
			start[i] += 1e-3 * (2*rng.Float64() - 1)
		}
		got, ok := newton4(f.PhiJac, start)
		if !ok {
			t.Fatalf("Newton on the φ form did not converge from %v", start)
		}
		for i := range got {
			// The float64 system's root differs from the constructed one by
			// the terminals' rounding (~1e-16) amplified by the system's
			// condition; 1e-10 is a wide margin that still rules out
			// converging to a different root.
			if math.Abs(got[i]-root[i]) > 1e-10 {
				t.Fatalf("Newton root %v, constructed %v", got, root)
			}
		}
		Fpsi := f.Psi(got)
		for i, v := range Fpsi {
			if math.Abs(v) > 1e-13 {
				t.Fatalf("ψ form F[%d] = %g at the root", i, v)
			}
		}
	}
}

// The spurious root: b on the ray from a through w also solves the φ form
// (angle(b, a, w) = 0 instead of 2π/3).
func TestFermat4SpuriousOverlap(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 30))
	K := bigArith{prec}
	for range 20 {
		c := buildSteiner4(rng, true)
		for i, v := range form4Big(t, c.w, c.x, c.y, c.z, c.a, c.b, true) {
			if bigAbs(v) > 0x1p-180 {
				t.Fatalf("F[%d] = %g at the spurious configuration", i, f64(v))
			}
		}
		bt := mustBigTerms(t, c.b, c.w, c.a)
		cos := K.new().Quo(bt.A, K.new().Sqrt(bt.B()))
		if d := math.Abs(f64(cos) - 1); d > 1e-50 {
			t.Fatalf("cos angle(b, a, w) = 1 − %g, want 1", d)
		}
	}
}

// newton4 is a plain damped Newton iteration for a 4×4 system.
func newton4(F func([4]float64) ([4]float64, [4][4]float64, error), v [4]float64) ([4]float64, bool) {
	norm := func(f [4]float64) float64 { return math.Sqrt(f[0]*f[0] + f[1]*f[1] + f[2]*f[2] + f[3]*f[3]) }
	for range 100 {
		f, J, err := F(v)
		if err != nil {
			return v, false
		}
		d, ok := solve4(J, f)
		if !ok {
			return v, false
		}
		lam := 1.0
		for ; lam > 1e-6; lam /= 2 {
			var n [4]float64
			for i := range n {
				n[i] = v[i] - lam*d[i]
			}
			if fn, _, _ := F(n); norm(fn) < norm(f) {
				break
			}
		}
		next := v
		for i := range next {
			next[i] -= lam * d[i]
		}
		if next == v || norm(f) == 0 {
			return v, true
		}
		v = next
	}
	return v, true
}

// solve4 solves J d = f by Gaussian elimination with partial pivoting.
func solve4(J [4][4]float64, f [4]float64) ([4]float64, bool) {
	for c := range 4 {
		p := c
		for r := c + 1; r < 4; r++ {
			if math.Abs(J[r][c]) > math.Abs(J[p][c]) {
				p = r
			}
		}
		if J[p][c] == 0 {
			return f, false
		}
		J[c], J[p] = J[p], J[c]
		f[c], f[p] = f[p], f[c]
		for r := c + 1; r < 4; r++ {
			m := J[r][c] / J[c][c]
			for k := c; k < 4; k++ {
				J[r][k] -= m * J[c][k]
			}
			f[r] -= m * f[c]
		}
	}
	var d [4]float64
	for r := 3; r >= 0; r-- {
		s := f[r]
		for k := r + 1; k < 4; k++ {
			s -= J[r][k] * d[k]
		}
		d[r] = s / J[r][r]
	}
	return d, true
}

// Jacobians of both forms against 200-bit central differences in all four
// unknowns (the Steiner point b enters F₁ as a moving "terminal", a enters
// F₃), and the ψ Jacobian against the exact polynomial one.
func TestFermat4Jacobians(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	K := bigArith{prec}
	h := bf(fdStep)
	worst := 0.0
	for n := 0; n < 20; {
		w, x, y, z := randDisk(rng, 0.95), randDisk(rng, 0.95), randDisk(rng, 0.95), randDisk(rng, 0.95)
		a, b := randDisk(rng, 0.9), randDisk(rng, 0.9)
		if min(dist(w, a), dist(x, a), dist(b, a), dist(y, b), dist(z, b)) < 0.01 {
			continue
		}
		n++
		f, err := NewFermat4(w, x, y, z, Cos120)
		noErr(t, err)
		v := [4]float64{a.X, a.Y, b.X, b.Y}
		_, Jphi, err := f.PhiJac(v)
		noErr(t, err)
		_, Jpsi := f.PsiJac(v)
		bw, bx, by, bz := bpt(w), bpt(x), bpt(y), bpt(z)
		for _, phi := range []bool{true, false} {
			J := Jpsi
			if phi {
				J = Jphi
			}
			for j := range 4 {
				eval := func(sign int) [4]*big.Float {
					bv := [4]*big.Float{bf(v[0]), bf(v[1]), bf(v[2]), bf(v[3])}
					if sign > 0 {
						bv[j] = K.add(bv[j], h)
					} else {
						bv[j] = K.sub(bv[j], h)
					}
					return form4Big(t, bw, bx, by, bz, bvec(bv[0], bv[1]), bvec(bv[2], bv[3]), phi)
				}
				fp, fm := eval(1), eval(-1)
				for i := range 4 {
					g := f64(K.new().Quo(K.sub(fp[i], fm[i]), K.mul(bf(2), h)))
					rel := math.Abs(J[i][j]-g) / (math.Abs(g) + 1)
					worst = max(worst, rel)
					// As for Fermat3: sums of O(|∇|+1)-sized terms, 1e-13 is
					// ~500u.
					if rel > 1e-13 {
						t.Fatalf("phi=%v: J[%d][%d] = %v, 200-bit difference %v", phi, i, j, J[i][j], g)
					}
				}
			}
		}
		// ψ Jacobian against the exact polynomial Jacobian.
		sys, err := f.PsiSystem()
		noErr(t, err)
		at := make([]*big.Rat, 4)
		for i := range at {
			at[i] = new(big.Rat).SetFloat64(v[i])
		}
		for i, row := range sys.Jacobian() {
			for j, p := range row {
				e, err := p.Eval(at)
				noErr(t, err)
				w := ratF(e)
				if math.Abs(Jpsi[i][j]-w) > 1e-13*(math.Abs(w)+1) {
					t.Fatalf("ψ J[%d][%d] = %v, exact %v", i, j, Jpsi[i][j], w)
				}
			}
		}
	}
	t.Logf("worst 4-terminal Jacobian deviation from 200-bit differences: %.2g (relative to |∂|+1)", worst)
}

// The total degree of the ψ form, recomputed from the exact polynomials,
// is the documented 4·6·4·6 = 576 — and the complex evaluator agrees with
// the real one on real input.
func TestFermat4PsiDegree(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	for range 5 {
		f, err := NewFermat4(randDisk(rng, 0.9), randDisk(rng, 0.9), randDisk(rng, 0.9), randDisk(rng, 0.9), Cos120)
		noErr(t, err)
		sys, err := f.PsiSystem()
		noErr(t, err)
		d := sys.Degrees()
		if len(d) != 4 || d[0] != 4 || d[1] != 6 || d[2] != 4 || d[3] != 6 {
			t.Fatalf("degrees %v, want [4 6 4 6]", d)
		}
		if sys.Bezout().Int64() != Fermat4PsiBezout {
			t.Fatalf("Bézout %v, want %d", sys.Bezout(), Fermat4PsiBezout)
		}
		v := [4]float64{0.1, -0.2, 0.3, 0.05}
		F, J := f.PsiJac(v)
		Fc, Jc := f.PsiJacComplex([4]complex128{complex(v[0], 0), complex(v[1], 0), complex(v[2], 0), complex(v[3], 0)})
		for i := range F {
			if Fc[i] != complex(F[i], 0) {
				t.Fatalf("F[%d]: complex %v, real %v", i, Fc[i], F[i])
			}
			for j := range J[i] {
				if Jc[i][j] != complex(J[i][j], 0) {
					t.Fatalf("J[%d][%d]: complex %v, real %v", i, j, Jc[i][j], J[i][j])
				}
			}
		}
	}
	// The degree is 6 also with a terminal at the origin, where A_{x,b}(a)
	// drops to degree 2 (see the Fermat4 documentation).
	f, err := NewFermat4(hyperbolic.Point{X: 0.3}, hyperbolic.Point{}, hyperbolic.Point{Y: 0.4}, hyperbolic.Point{X: -0.2, Y: -0.1}, Cos120)
	noErr(t, err)
	sys, err := f.PsiSystem()
	noErr(t, err)
	if sys.Bezout().Int64() != Fermat4PsiBezout {
		t.Fatalf("terminal at the origin: degrees %v", sys.Degrees())
	}
}

func TestNewFermat4Errors(t *testing.T) {
	p := [4]hyperbolic.Point{{X: 0.1}, {Y: 0.1}, {X: -0.1}, {Y: -0.1}}
	if _, err := NewFermat4(p[0], p[1], p[2], p[1], Cos120); !errors.Is(err, ErrCoincident) {
		t.Errorf("coincident: %v", err)
	}
	if _, err := NewFermat4(p[0], p[1], p[2], hyperbolic.Point{X: math.Inf(1)}, Cos120); !errors.Is(err, hyperbolic.ErrNotFinite) {
		t.Errorf("infinite: %v", err)
	}
	f, err := NewFermat4(p[0], p[1], p[2], p[3], Cos120)
	noErr(t, err)
	if _, _, err := f.PhiJac([4]float64{0.1, 0, 0.3, 0.3}); !errors.Is(err, ErrNotDifferentiable) {
		t.Errorf("a at terminal w: %v", err)
	}
}
