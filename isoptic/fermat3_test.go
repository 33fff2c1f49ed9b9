package isoptic

import (
	"errors"
	"math"
	"math/big"
	"math/cmplx"
	"math/rand/v2"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/poly"
)

func mustFermat3(t testing.TB, x, y, z hyperbolic.Point) Fermat3 {
	t.Helper()
	f, err := NewFermat3(x, y, z, Cos120)
	noErr(t, err)
	return f
}

// newton2 is a damped Newton iteration for a 2×2 system (test-local, so
// the package's tests do not depend on the newton package).
func newton2(F func([2]float64) ([2]float64, [2][2]float64, error), s [2]float64) ([2]float64, bool) {
	norm := func(v [2]float64) float64 { return math.Hypot(v[0], v[1]) }
	for range 100 {
		f, J, err := F(s)
		if err != nil {
			return s, false
		}
		if norm(f) == 0 {
			return s, true
		}
		det := J[0][0]*J[1][1] - J[0][1]*J[1][0]
		if det == 0 {
			return s, false
		}
		d := [2]float64{(J[1][1]*f[0] - J[0][1]*f[1]) / det, (J[0][0]*f[1] - J[1][0]*f[0]) / det}
		lam := 1.0
		for ; lam > 1e-6; lam /= 2 {
			n := [2]float64{s[0] - lam*d[0], s[1] - lam*d[1]}
			fn, _, _ := F(n)
			if norm(fn) < norm(f) {
				break
			}
		}
		next := [2]float64{s[0] - lam*d[0], s[1] - lam*d[1]}
		if next == s {
			return s, true
		}
		s = next
	}
	return s, true
}

// svRatio returns σ_min/σ_max of a real 2×2 matrix.
func svRatio(J [2][2]float64) float64 {
	a, b, c, d := J[0][0], J[0][1], J[1][0], J[1][1]
	fro2 := a*a + b*b + c*c + d*d
	det := math.Abs(a*d - b*c)
	// σ₁² + σ₂² = ‖J‖_F², σ₁σ₂ = |det|.
	disc := math.Sqrt(math.Max(fro2*fro2-4*det*det, 0))
	smax := math.Sqrt((fro2 + disc) / 2)
	return det / (smax * smax)
}

// The Fermat point is a nonsingular root of both systems: Newton on φ from
// the centroid finds it, the third curve passes through it (all three
// angles are 2π/3), ψ vanishes there, the branch test accepts it for both
// pairs, and both Jacobians are well conditioned.
func TestFermat3FermatPointIsNonsingular(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	found, worstRatio, worstThird := 0, 1.0, 0.0
	for found < 200 {
		x, y, z := randDisk(rng, 0.95), randDisk(rng, 0.95), randDisk(rng, 0.95)
		e, err := SteinerExists(x, y, z)
		noErr(t, err)
		if !e.Exists {
			continue
		}
		f := mustFermat3(t, x, y, z)
		s, ok := newton2(f.PhiJac, [2]float64{(x.X + y.X + z.X) / 3, (x.Y + y.Y + z.Y) / 3})
		if !ok {
			continue // a skinny triangle where plain Newton from the centroid stalls; not this test's subject
		}
		sp := hyperbolic.Point{X: s[0], Y: s[1]}
		if sp.Check() != nil {
			continue
		}
		found++
		xy, yz := f.Curves()
		zx, err := NewCurve(z, x, Cos120)
		noErr(t, err)
		// The root is correct to ~u·cond; the third φ is then ≤ ~1e-13 of
		// its terms' size √B (tolerance: 1e-10 relative, far below any
		// wrong root, which would be off by O(1)).
		sq := math.Sqrt(zx.B(sp))
		third := math.Abs(zx.Phi(sp)) / sq
		worstThird = max(worstThird, third)
		if third > 1e-10 {
			t.Fatalf("%v %v %v: Fermat point %v: third φ/√B = %g", x, y, z, s, third)
		}
		psi := f.Psi(s)
		for i, c := range []Curve{xy, yz} {
			on, err := c.OnBranch(sp)
			noErr(t, err)
			if math.Abs(psi[i]) > 1e-10*c.B(sp) || !on {
				t.Fatalf("curve %d: ψ = %g (B = %g), OnBranch %v", i, psi[i], c.B(sp), on)
			}
		}
		_, Jphi, err := f.PhiJac(s)
		noErr(t, err)
		_, Jpsi := f.PsiJac(s)
		r := min(svRatio(Jphi), svRatio(Jpsi))
		worstRatio = min(worstRatio, r)
		// A root error of ~1e-15 moves J by ~1e-15 relative: a ratio far
		// above that cannot come from a singular Jacobian.
		if r < 1e-8 {
			t.Fatalf("Jacobian at the Fermat point nearly singular: σmin/σmax = %g", r)
		}
	}
	t.Logf("200 Fermat points: worst third-curve residual %.2g·√B, worst σmin/σmax %.2g", worstThird, worstRatio)
}

// The shared terminal y is a spurious singular root of the ψ system:
// exactly F(y) = 0 and J(y) = 0.
func TestFermat3SpuriousSharedTerminal(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for range 20 {
		x, y, z := randDisk(rng, 0.95), randDisk(rng, 0.95), randDisk(rng, 0.95)
		f := mustFermat3(t, x, y, z)
		F, J := f.PsiJac([2]float64{y.X, y.Y})
		if F != [2]float64{} || J != [2][2]float64{} {
			t.Fatalf("float64 at y: F = %v, J = %v", F, J)
		}
		sys, err := f.PsiSystem()
		noErr(t, err)
		ry := ratPointOf(y)
		at := []*big.Rat{ry.X, ry.Y}
		vals, err := sys.Eval(at)
		noErr(t, err)
		for i, v := range vals {
			if v.Sign() != 0 {
				t.Fatalf("exact ψ_%d(y) = %s", i, v.RatString())
			}
		}
		for i, row := range sys.Jacobian() {
			for j, p := range row {
				v, err := p.Eval(at)
				noErr(t, err)
				if v.Sign() != 0 {
					t.Fatalf("exact ∂ψ_%d/∂s_%d(y) = %s", i, j, v.RatString())
				}
			}
		}
	}
}

// The two complex points where the absolute ⟨s,s⟩ = 0 meets the polar
// ⟨y,s⟩ = 0 of y are spurious singular roots. With y = (3/5, 0) they are
// s = (5/3, ±4i/3), exactly: checked in exact complex rationals.
func TestFermat3SpuriousOnAbsolute(t *testing.T) {
	r := big.NewRat
	y := RatPoint{r(3, 5), r(0, 1)}
	for _, xz := range [][2]RatPoint{
		{{r(1, 3), r(1, 2)}, {r(-1, 4), r(-2, 7)}},
		{{r(-5, 9), r(1, 10)}, {r(0, 1), r(-3, 4)}},
	} {
		x, z := xz[0], xz[1]
		pxy, err := PsiPoly120(x, y)
		noErr(t, err)
		pyz, err := PsiPoly120(y, z)
		noErr(t, err)
		ps := []rpoly{pxy, pyz, pxy.Diff(0), pxy.Diff(1), pyz.Diff(0), pyz.Diff(1)}
		for _, sign := range []int64{1, -1} {
			s := []*poly.ComplexRat{poly.NewComplexRat(r(5, 3), nil), poly.NewComplexRat(nil, r(4*sign, 3))}
			// On the absolute and on the polar of y:
			ss := evalComplex(t, []rpoly{lorentzSym(varPoint(2, 0), varPoint(2, 0)), lorentzSym(constPoint(2, y), varPoint(2, 0))}, s)
			if !ss[0].IsZero() || !ss[1].IsZero() {
				t.Fatalf("⟨s,s⟩ = %v, ⟨y,s⟩ = %v", ss[0], ss[1])
			}
			v := evalComplex(t, ps, s)
			if !v[0].IsZero() || !v[1].IsZero() {
				t.Fatalf("ψ(s) = (%v, %v), want 0", v[0], v[1])
			}
			det := new(poly.ComplexRat).Mul(v[2], v[5])
			det.Sub(det, new(poly.ComplexRat).Mul(v[3], v[4]))
			if !det.IsZero() {
				t.Fatalf("det J = %v at a spurious root, want 0", det)
			}
			if v[2].IsZero() && v[3].IsZero() {
				t.Fatal("degenerate: gradient of ψ_xy vanishes too") // then the test would be vacuous
			}
		}
	}
}

// Jacobians of both systems against 200-bit central differences; the ψ
// Jacobian also against the exact polynomial Jacobian, in real and complex
// arithmetic.
func TestFermat3Jacobians(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	worst := 0.0
	for n := 0; n < 50; {
		x, y, z := randDisk(rng, 0.95), randDisk(rng, 0.95), randDisk(rng, 0.95)
		s := randDisk(rng, 0.95)
		if dist(x, s) < 0.01 || dist(y, s) < 0.01 || dist(z, s) < 0.01 {
			continue
		}
		n++
		f := mustFermat3(t, x, y, z)
		bx, by, bz := bpt(x), bpt(y), bpt(z)
		phiBig := func(p, q BigPoint) func(BigPoint) *big.Float {
			return func(s BigPoint) *big.Float { v, _, _ := mustBigTerms(t, p, q, s).Phi(bf(Cos120)); return v }
		}
		psiBig := func(p, q BigPoint) func(BigPoint) *big.Float {
			return func(s BigPoint) *big.Float { v, _ := mustBigTerms(t, p, q, s).Psi(bf(0.25)); return v }
		}
		_, Jphi, err := f.PhiJac([2]float64{s.X, s.Y})
		noErr(t, err)
		_, Jpsi := f.PsiJac([2]float64{s.X, s.Y})
		for i, pq := range [][2]BigPoint{{bx, by}, {by, bz}} {
			for _, c := range []struct {
				name string
				J    [2][2]float64
				fn   func(BigPoint) *big.Float
			}{{"φ", Jphi, phiBig(pq[0], pq[1])}, {"ψ", Jpsi, psiBig(pq[0], pq[1])}} {
				g := fdGrad(c.fn, bpt(s))
				scale := math.Hypot(f64(g[0]), f64(g[1])) + 1
				for j := range 2 {
					rel := math.Abs(c.J[i][j]-f64(g[j])) / scale
					worst = max(worst, rel)
					// Jacobian entries are sums of O(|∇|+1)-sized terms (points
					// in the disk, s ≥ 0.01 from the terminals): 1e-13 relative
					// is ~500u, room for a few dozen roundings and far below any
					// formula error.
					if rel > 1e-13 {
						t.Fatalf("%s Jacobian[%d][%d] = %v, 200-bit difference %v", c.name, i, j, c.J[i][j], f64(g[j]))
					}
				}
			}
		}
	}
	t.Logf("worst Jacobian deviation from 200-bit central differences: %.2g (relative to |∇|+1)", worst)
}

// The specialised ψ evaluators against the exact polynomial system and its
// exact Jacobian, at real and at complex points.
func TestFermat3PsiMatchesPolySystem(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	for range 30 {
		x, y, z := randDisk(rng, 0.95), randDisk(rng, 0.95), randDisk(rng, 0.95)
		f := mustFermat3(t, x, y, z)
		sys, err := f.PsiSystem()
		noErr(t, err)
		if sys.Bezout().Int64() != 16 {
			t.Fatalf("Bézout number %v, want 16", sys.Bezout())
		}
		jac := sys.Jacobian()
		polys := []rpoly{sys.Poly(0), sys.Poly(1), jac[0][0], jac[0][1], jac[1][0], jac[1][1]}
		s := [2]complex128{complex(2*rng.Float64()-1, 2*rng.Float64()-1), complex(2*rng.Float64()-1, 2*rng.Float64()-1)}
		zs := []*poly.ComplexRat{
			poly.NewComplexRat(new(big.Rat).SetFloat64(real(s[0])), new(big.Rat).SetFloat64(imag(s[0]))),
			poly.NewComplexRat(new(big.Rat).SetFloat64(real(s[1])), new(big.Rat).SetFloat64(imag(s[1]))),
		}
		want := evalComplex(t, polys, zs)
		F, J := f.PsiJacComplex(s)
		got := []complex128{F[0], F[1], J[0][0], J[0][1], J[1][0], J[1][1]}
		Fr, Jr := f.PsiJac([2]float64{real(s[0]), real(s[1])})
		wantR := evalComplex(t, polys, []*poly.ComplexRat{poly.NewComplexRat(&zs[0].Re, nil), poly.NewComplexRat(&zs[1].Re, nil)})
		gotR := []float64{Fr[0], Fr[1], Jr[0][0], Jr[0][1], Jr[1][0], Jr[1][1]}
		for i := range got {
			w := complex(ratF(&want[i].Re), ratF(&want[i].Im))
			// |s| ≤ √2·√2: terms of a quartic in s of size ≤ ~10³; 1e-12
			// relative to max(|w|, 1) is ~5000u.
			if cmplx.Abs(got[i]-w) > 1e-12*math.Max(cmplx.Abs(w), 1) {
				t.Fatalf("complex entry %d: %v, exact %v", i, got[i], w)
			}
			wr := ratF(&wantR[i].Re)
			if math.Abs(gotR[i]-wr) > 1e-12*math.Max(math.Abs(wr), 1) {
				t.Fatalf("real entry %d: %v, exact %v", i, gotR[i], wr)
			}
		}
	}
}

func ratF(r *big.Rat) float64 { v, _ := r.Float64(); return v }

func TestNewFermat3Errors(t *testing.T) {
	a, b := hyperbolic.Point{X: 0.1}, hyperbolic.Point{Y: 0.3}
	for _, tc := range []struct {
		name    string
		x, y, z hyperbolic.Point
		cos     float64
		want    error
	}{
		{"outside", a, b, hyperbolic.Point{X: 2}, Cos120, hyperbolic.ErrOutsideDisk},
		{"coincident", a, b, a, Cos120, ErrCoincident},
		{"cos", a, b, hyperbolic.Point{}, 1, ErrCos},
	} {
		if _, err := NewFermat3(tc.x, tc.y, tc.z, tc.cos); !errors.Is(err, tc.want) {
			t.Errorf("%s: error %v, want %v", tc.name, err, tc.want)
		}
	}
	f := mustFermat3(t, a, b, hyperbolic.Point{X: -0.2, Y: -0.2})
	if _, _, err := f.PhiJac([2]float64{b.X, b.Y}); !errors.Is(err, ErrNotDifferentiable) {
		t.Errorf("PhiJac at a terminal: error %v", err)
	}
}
