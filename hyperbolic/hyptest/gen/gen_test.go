package gen_test

import (
	"math"
	"math/big"
	"testing"

	"github.com/hypersteiner/hypersteiner/certify"
	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/hyperbolic/hyptest"
	"github.com/hypersteiner/hypersteiner/hyperbolic/hyptest/gen"
	"github.com/hypersteiner/hypersteiner/internal/stattest"
	"pgregory.net/rapid"
)

// Each generator's stated law, tested on 2000 (or more) draws from one
// seeded stream (rapid's Example with a fixed seed, so the outcome is
// reproducible): KS tests for continuous laws, χ² for discrete ones, at
// level 0.001 (package stattest), exact checks (big.Rat, certify) for the
// exactness claims.

const nLaw = 2000

// sample draws n values of gen from one random stream.
func sample[V any](g *rapid.Generator[V], n, seed int) []V {
	return rapid.SliceOfN(g, n, n).Example(seed)
}

func TestUnitAndUniformLaws(t *testing.T) {
	us := sample(gen.Unit(), nLaw, 1)
	for _, u := range us {
		if u < 0 || u >= 1 || u != math.Ldexp(math.Floor(math.Ldexp(u, 53)), -53) {
			t.Fatalf("Unit drew %v, not k·2⁻⁵³ in [0, 1)", u)
		}
	}
	stattest.CheckKS(t, "Unit", us, stattest.UniformCDF(0, 1))
	stattest.CheckKS(t, "Uniform(-3, 5)", sample(gen.Uniform(-3, 5), nLaw, 2), stattest.UniformCDF(-3, 5))
	ls := sample(gen.LogUniform(1e-9, 1e3), nLaw, 3)
	for i := range ls {
		ls[i] = math.Log10(ls[i])
	}
	stattest.CheckKS(t, "log10 LogUniform(1e-9, 1e3)", ls, stattest.UniformCDF(-9, 3))
}

// distLaw returns the CDF of d(0, p) for DiskPolar(radius):
// sinh²(r/2)/sinh²(radius/2).
func distLaw(radius float64) func(float64) float64 {
	s := math.Sinh(radius / 2)
	return func(r float64) float64 { x := math.Sinh(r/2) / s; return math.Min(1, x*x) }
}

// angleOf returns the direction of (x, y) in [0, 2π).
func angleOf(x, y float64) float64 {
	a := math.Atan2(y, x)
	if a < 0 {
		a += 2 * math.Pi
	}
	return a
}

func TestDiskLawInEveryModel(t *testing.T) {
	for _, radius := range []float64{0.5, 4, 18} {
		ps := sample(gen.Disk(radius), nLaw, 10)
		ds, th := make([]float64, nLaw), make([]float64, nLaw)
		for i, p := range ps {
			if err := p.Check(); err != nil {
				t.Fatal(err)
			}
			ds[i], th[i] = hyperbolic.DistOrigin(p), angleOf(p.X, p.Y)
		}
		stattest.CheckKS(t, "Klein d(0,p)", ds, distLaw(radius))
		stattest.CheckKS(t, "Klein direction", th, stattest.UniformCDF(0, 2*math.Pi))
	}
	// The other models, each measured with its own distance formula.
	const radius = 30.0
	ws := sample(gen.PoincareDisk(radius), nLaw, 11)
	hs := sample(gen.HyperboloidDisk(radius), nLaw, 12)
	zs := sample(gen.HalfPlaneDisk(radius), nLaw, 13)
	dw, dh, dz := make([]float64, nLaw), make([]float64, nLaw), make([]float64, nLaw)
	tw := make([]float64, nLaw)
	for i := range nLaw {
		w, h, z := ws[i], hs[i], zs[i]
		if err := w.Check(); err != nil {
			t.Fatal(err)
		}
		if err := h.Check(); err != nil {
			t.Fatal(err)
		}
		if err := z.Check(); err != nil {
			t.Fatal(err)
		}
		dw[i] = 2 * math.Atanh(math.Hypot(w.X, w.Y))
		tw[i] = angleOf(w.X, w.Y)
		dh[i] = math.Acosh(h.T)
		// d(i, z) in the half-plane: cosh d = 1 + |z − i|²/(2y).
		dz[i] = math.Acosh(1 + (z.X*z.X+(z.Y-1)*(z.Y-1))/(2*z.Y))
	}
	stattest.CheckKS(t, "Poincaré d(0,w)", dw, distLaw(radius))
	stattest.CheckKS(t, "Poincaré direction", tw, stattest.UniformCDF(0, 2*math.Pi))
	stattest.CheckKS(t, "hyperboloid d", dh, distLaw(radius))
	stattest.CheckKS(t, "half-plane d(i,z)", dz, distLaw(radius))
}

// gapBits returns −log₂(1 − |p|), with 1 − |p| = (1 − |p|²)/(1 + |p|) and
// 1 − |p|² = 1/T² from the accurate hyperboloid conversion.
func gapBits(p hyperbolic.Point) float64 {
	h, _ := hyperbolic.KleinToHyperboloid(p)
	return -math.Log2(1 / (h.T * h.T) / (1 + math.Hypot(p.X, p.Y)))
}

func TestNearBoundaryLaw(t *testing.T) {
	ps := sample(gen.NearBoundary(53), nLaw, 20)
	var low []float64 // s ≤ 45, where rounding moves s by less than 2⁻⁷
	deep := 0
	for _, p := range ps {
		if err := p.Check(); err != nil {
			t.Fatal(err)
		}
		s := gapBits(p)
		if s < 1-1e-9 || s > 54 {
			t.Fatalf("NearBoundary(53): %v has gap 2^-%.3f", p, s)
		}
		if s <= 45 {
			low = append(low, s)
		}
		if s > 50 {
			deep++
		}
	}
	// Conditioned on s ≤ 45 the law is uniform on [1, 45].
	stattest.CheckKS(t, "NearBoundary gap bits (s ≤ 45)", low, stattest.UniformCDF(1, 45))
	stattest.CheckFraction(t, "NearBoundary s ≤ 45", len(low), nLaw, 44.0/52)
	if deep == 0 {
		t.Error("NearBoundary(53) never came within 2⁻⁵⁰ of the boundary")
	}
	wp := sample(gen.PoincareNearBoundary(40), nLaw, 21)
	ss := make([]float64, nLaw)
	for i, w := range wp {
		ss[i] = -math.Log2(1 - math.Hypot(w.X, w.Y)) // exact enough for gaps ≥ 2⁻⁴⁰
	}
	stattest.CheckKS(t, "PoincareNearBoundary gap bits", ss, stattest.UniformCDF(1, 40))
	os := sample(gen.NearOrigin(1070), nLaw, 22)
	for i, p := range os {
		ss[i] = -math.Log2(math.Hypot(p.X, p.Y))
	}
	// Subnormal coordinates carry few bits: compare where |p| ≥ 2⁻¹⁰⁰⁰.
	var normal []float64
	for _, s := range ss {
		if s <= 1000 {
			normal = append(normal, s)
		}
	}
	stattest.CheckKS(t, "NearOrigin bits (s ≤ 1000)", normal, stattest.UniformCDF(1, 1000))
}

func TestDyadicLaw(t *testing.T) {
	const b = 3
	ps := sample(gen.Dyadic(b), 5*nLaw, 30)
	cells := map[[2]int]int{}
	for i := -7; i <= 7; i++ {
		for j := -7; j <= 7; j++ {
			if i*i+j*j < 64 {
				cells[[2]int{i, j}] = 0
			}
		}
	}
	for _, p := range ps {
		i, j := p.X*8, p.Y*8
		if i != math.Trunc(i) || j != math.Trunc(j) {
			t.Fatalf("Dyadic(3) drew %v, not on the 1/8 grid", p)
		}
		k := [2]int{int(i), int(j)}
		if _, ok := cells[k]; !ok {
			t.Fatalf("Dyadic(3) drew %v outside the open disk", p)
		}
		cells[k]++
	}
	counts := make([]int, 0, len(cells))
	probs := make([]float64, 0, len(cells))
	for _, c := range cells {
		counts = append(counts, c)
		probs = append(probs, 1/float64(len(cells)))
	}
	stattest.CheckChi2(t, "Dyadic(3) cells", counts, probs)
}

func TestEuclideanDiskLaw(t *testing.T) {
	ps := sample(gen.EuclideanDisk(), nLaw, 31)
	r2, th := make([]float64, nLaw), make([]float64, nLaw)
	for i, p := range ps {
		r2[i], th[i] = p.X*p.X+p.Y*p.Y, angleOf(p.X, p.Y)
	}
	stattest.CheckKS(t, "EuclideanDisk |p|²", r2, stattest.UniformCDF(0, 1))
	stattest.CheckKS(t, "EuclideanDisk direction", th, stattest.UniformCDF(0, 2*math.Pi))
}

func TestPointsMixture(t *testing.T) {
	ps := sample(gen.Points(), 5*nLaw, 32)
	deep := 0
	for _, p := range ps {
		if err := p.Check(); err != nil {
			t.Fatal(err)
		}
		if gapBits(p) > 20 {
			deep++
		}
	}
	// Only the NearBoundary(53) fifth reaches 2⁻²⁰ of the boundary
	// (Disk(6) stays above 2⁻¹⁷, the others far above), with probability
	// (53 − 20)/52 there.
	stattest.CheckFraction(t, "Points within 2⁻²⁰ of the boundary", deep, len(ps), 0.2*33/52)
}

func TestNearLaw(t *testing.T) {
	for _, p := range []hyperbolic.Point{{X: 0.3, Y: -0.2}, {}, {X: 1 - 0x1p-30}} {
		res := hyptest.Resolution(p)
		qs := sample(gen.Near(p), nLaw, 40)
		ks := make([]float64, nLaw)
		for i, q := range qs {
			if q == p || q.Check() != nil {
				t.Fatalf("Near(%v) drew %v", p, q)
			}
			ks[i] = math.Log2(hyperbolic.Dist(p, q) / res) // accurate to a few ulps: plenty for a law
		}
		stattest.CheckKS(t, "log₂(d(p, q)/Resolution(p))", ks, stattest.UniformCDF(4, math.Min(50, -math.Log2(res))))
	}
}

func TestWithAngleLaw(t *testing.T) {
	for _, r := range [][2]float64{{0, math.Pi}, {math.Pi / 2, math.Pi}, {2, 2.1}} {
		trs := sample(gen.WithAngle(r[0], r[1]), nLaw, 50)
		th := make([]float64, nLaw)
		for i, tr := range trs {
			th[i] = hyperbolic.Angle(tr.A, tr.B, tr.C)
		}
		stattest.CheckKS(t, "WithAngle angle at B", th, stattest.UniformCDF(r[0], r[1]))
	}
	for _, tr := range sample(gen.Obtuse(), 500, 51) {
		if a := hyperbolic.Angle(tr.A, tr.B, tr.C); !(a > math.Pi/2-1e-12) {
			t.Fatalf("Obtuse drew an angle of %v", a)
		}
	}
}

func TestExact120(t *testing.T) {
	for _, tr := range sample(gen.Exact120(), 500, 60) {
		c, err := certify.Cmp120(tr.A, tr.B, tr.C)
		if err != nil {
			t.Fatal(err)
		}
		if c != 0 {
			t.Fatalf("Exact120 drew %+v, angle at B is not exactly 120° (Cmp120 = %d)", tr, c)
		}
	}
}

func TestNear120(t *testing.T) {
	var z certify.Interval
	var third certify.Interval
	third.Pi(300)
	three := new(certify.Interval).SetPrec(300).SetInt64(3)
	third.Quo(&third, three)
	twoThirds := new(certify.Interval).SetPrec(300).Add(&third, &third)
	minDelta, pos, neg := math.Inf(1), 0, 0
	for _, tr := range sample(gen.Near120(), 1000, 61) {
		c, err := certify.Cmp120(tr.A, tr.B, tr.C)
		if err != nil {
			t.Fatal(err)
		}
		if c == 0 {
			continue // the first family may hit 120° exactly, rarely
		}
		if c > 0 {
			pos++
		} else {
			neg++
		}
		if _, err := z.Angle(tr.A, tr.B, tr.C, 300); err != nil {
			t.Fatal(err)
		}
		z.Sub(&z, twoThirds)
		d := z.Interval64()
		if d.Lo <= 0 && d.Hi >= 0 {
			t.Fatalf("300-bit enclosure of δ %v contains 0 though Cmp120 = %d", d, c)
		}
		minDelta = math.Min(minDelta, math.Min(math.Abs(d.Lo), math.Abs(d.Hi)))
		if math.Abs(d.Lo) > 1e-2 {
			t.Fatalf("Near120 drew δ = %v", d)
		}
	}
	if minDelta > 1e-30 || pos < 100 || neg < 100 {
		t.Errorf("Near120: smallest |δ| %.3g (want < 1e-30), %d above and %d below 120°", minDelta, pos, neg)
	}
}

func TestNearDegenerate(t *testing.T) {
	trs := sample(gen.NearDegenerate(), nLaw, 70)
	collinear := 0
	for _, tr := range trs {
		a, b, c := tr.Vertices()
		o := new(big.Rat).Mul(new(big.Rat).Sub(rat(b.X), rat(a.X)), new(big.Rat).Sub(rat(c.Y), rat(a.Y)))
		o.Sub(o, new(big.Rat).Mul(new(big.Rat).Sub(rat(b.Y), rat(a.Y)), new(big.Rat).Sub(rat(c.X), rat(a.X))))
		if o.Sign() == 0 {
			collinear++
			continue
		}
		th := hyperbolic.Angle(a, b, c)
		ra := hyperbolic.Dist(a, b) / hyperbolic.Dist(b, c)
		if !(th > math.Pi-0.11 || th < 0.11 || ra < 0.11) {
			t.Fatalf("NearDegenerate drew %+v: angle %v, side ratio %v", tr, th, ra)
		}
	}
	stattest.CheckFraction(t, "NearDegenerate exactly collinear", collinear, nLaw, 0.25)
}

func rat(x float64) *big.Rat { return new(big.Rat).SetFloat64(x) }

func TestTrianglesValid(t *testing.T) {
	exact := 0
	trs := sample(gen.Triangles(), nLaw, 80)
	for _, tr := range trs {
		for _, p := range []hyperbolic.Point{tr.A, tr.B, tr.C} {
			if err := p.Check(); err != nil {
				t.Fatal(err)
			}
		}
		if tr.A == tr.B || tr.B == tr.C || tr.A == tr.C {
			t.Fatalf("Triangles drew a repeated vertex: %+v", tr)
		}
		if c, err := certify.Cmp120(tr.A, tr.B, tr.C); err == nil && c == 0 {
			exact++
		}
	}
	// Exact120 is one family in seven; no other family hits 120° exactly
	// except, rarely, Near120's first family.
	if lo := int(float64(nLaw)/7 - 3.29*math.Sqrt(float64(nLaw)*(1.0/7)*(6.0/7))); exact < lo {
		t.Errorf("Triangles: %d exact 120° angles in %d, want about %d", exact, nLaw, nLaw/7)
	}
}

// lorentz reports whether MᵀJM = J exactly.
func lorentz(m [3][3]*big.Rat) bool {
	J := [3]int64{1, -1, -1}
	for i := range 3 {
		for j := range 3 {
			s := new(big.Rat)
			for k := range 3 {
				s.Add(s, new(big.Rat).Mul(big.NewRat(J[k], 1), new(big.Rat).Mul(m[k][i], m[k][j])))
			}
			want := int64(0)
			if i == j {
				want = J[i]
			}
			if s.Cmp(big.NewRat(want, 1)) != 0 {
				return false
			}
		}
	}
	return m[0][0].Cmp(big.NewRat(1, 1)) >= 0
}

// detSign returns the sign of det M, which is ±1 exactly for a Lorentz
// matrix, so float64 evaluation cannot get it wrong.
func detSign(m [3][3]*big.Rat) int {
	var f [3][3]float64
	for i := range 3 {
		for j := range 3 {
			f[i][j], _ = m[i][j].Float64()
		}
	}
	d := f[0][0]*(f[1][1]*f[2][2]-f[1][2]*f[2][1]) - f[0][1]*(f[1][0]*f[2][2]-f[1][2]*f[2][0]) + f[0][2]*(f[1][0]*f[2][1]-f[1][1]*f[2][0])
	if d < 0 {
		return -1
	}
	return 1
}

func TestIsometryLaws(t *testing.T) {
	const maxDist, n = 5.0, 1000 // exact rationals are slow: fewer draws
	gs := sample(gen.Isometries(maxDist), n, 90)
	ds, th := make([]float64, n), make([]float64, n)
	reversing := 0
	for i, g := range gs {
		m := g.Matrix()
		if i < 200 && !lorentz(m) { // exact rationals: a subset keeps it fast
			t.Fatalf("%#v is not exactly Lorentz", g)
		}
		if detSign(m) < 0 {
			reversing++
		}
		ch, _ := m[0][0].Float64()
		ds[i] = math.Acosh(ch) // d(0, g·0): cosh d = M₀₀
		x, _ := m[1][0].Float64()
		y, _ := m[2][0].Float64()
		th[i] = angleOf(x, y)
	}
	stattest.CheckKS(t, "Isometries d(0, g·0)", ds, stattest.UniformCDF(0, maxDist))
	stattest.CheckKS(t, "Isometries direction of g·0", th, stattest.UniformCDF(0, 2*math.Pi))
	stattest.CheckFraction(t, "Isometries orientation-reversing", reversing, n, 0.5)

	rs := sample(gen.Rotations(), n, 91)
	for i, g := range rs {
		m := g.Matrix()
		c, _ := m[1][1].Float64()
		s, _ := m[2][1].Float64()
		th[i] = angleOf(c, s)
	}
	stattest.CheckKS(t, "Rotations angle", th, stattest.UniformCDF(0, 2*math.Pi))

	for _, g := range sample(gen.Compositions(3, 2), 50, 92) {
		if !lorentz(g.Matrix()) {
			t.Fatalf("%#v is not exactly Lorentz", g)
		}
	}

	counts := make([]int, 8)
	idx := map[[4]int64]int{}
	for _, g := range sample(gen.Symmetries(), 800, 93) {
		m := g.Matrix()
		var key [4]int64
		for k, e := range []*big.Rat{m[1][1], m[1][2], m[2][1], m[2][2]} {
			if !e.IsInt() {
				t.Fatalf("%#v: entry %v is not an integer", g, e)
			}
			key[k] = e.Num().Int64()
		}
		if _, ok := idx[key]; !ok {
			idx[key] = len(idx)
		}
		counts[idx[key]]++
	}
	if len(idx) != 8 {
		t.Fatalf("Symmetries gave %d distinct maps, want 8", len(idx))
	}
	stattest.CheckChi2(t, "Symmetries", counts, []float64{1.0 / 8, 1.0 / 8, 1.0 / 8, 1.0 / 8, 1.0 / 8, 1.0 / 8, 1.0 / 8, 1.0 / 8})
}

func TestPointSets(t *testing.T) {
	for _, ps := range sample(gen.Grid(6), 200, 100) {
		if len(ps) < 1 || len(ps) > 36 {
			t.Fatalf("Grid(6) drew %d points", len(ps))
		}
		if err := hyperbolic.CheckPoints(ps); err != nil {
			t.Fatal(err)
		}
	}
	for _, ps := range sample(gen.Cocircular(12), 200, 101) {
		r := new(big.Rat).Add(new(big.Rat).Mul(rat(ps[0].X), rat(ps[0].X)), new(big.Rat).Mul(rat(ps[0].Y), rat(ps[0].Y)))
		seen := map[hyperbolic.Point]bool{}
		for _, p := range ps {
			s := new(big.Rat).Add(new(big.Rat).Mul(rat(p.X), rat(p.X)), new(big.Rat).Mul(rat(p.Y), rat(p.Y)))
			if s.Cmp(r) != 0 || seen[p] || p.Check() != nil {
				t.Fatalf("Cocircular(12) drew %v", ps)
			}
			seen[p] = true
		}
	}
	for _, ps := range sample(gen.OnGeodesic(5), 200, 102) {
		seen := map[hyperbolic.Point]bool{}
		for i, p := range ps {
			if seen[p] || p.Check() != nil {
				t.Fatalf("OnGeodesic(5) drew %v", ps)
			}
			seen[p] = true
			if i >= 2 {
				a, b := ps[0], ps[1]
				o := new(big.Rat).Mul(new(big.Rat).Sub(rat(b.X), rat(a.X)), new(big.Rat).Sub(rat(p.Y), rat(a.Y)))
				o.Sub(o, new(big.Rat).Mul(new(big.Rat).Sub(rat(b.Y), rat(a.Y)), new(big.Rat).Sub(rat(p.X), rat(a.X))))
				if o.Sign() != 0 {
					t.Fatalf("OnGeodesic(5): %v not collinear", ps)
				}
			}
		}
	}
	for _, ps := range sample(gen.WithDuplicates(gen.Cocircular(4)), 200, 103) {
		seen := map[hyperbolic.Point]int{}
		for _, p := range ps {
			seen[p]++
		}
		if len(seen) != 4 || len(ps) < 5 || len(ps) > 8 {
			t.Fatalf("WithDuplicates(Cocircular(4)) drew %v", ps)
		}
	}
	for _, ps := range sample(gen.Cluster(gen.Points(), 4), 200, 104) {
		if err := hyperbolic.CheckPoints(ps); err != nil {
			t.Fatal(err)
		}
	}
}
