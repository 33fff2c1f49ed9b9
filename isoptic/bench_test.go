package isoptic

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/cputime"
)

var (
	sinkF2  [2]float64
	sinkJ2  [2][2]float64
	sinkC2  [2]complex128
	sinkCJ2 [2][2]complex128
	sinkF4  [4]float64
	sinkJ4  [4][4]float64
	sinkCF4 [4]complex128
	sinkCJ4 [4][4]complex128
	sinkE   Existence
	sinkErr error
	sinkV   float64
)

// reportCPU runs f under b.Loop and reports CPU ns/op next to ns/op.
func reportCPU(b *testing.B, f func(i int)) {
	start := cputime.Process()
	n := 0
	for b.Loop() {
		f(n)
		n++
	}
	if n > 0 {
		b.ReportMetric(float64(cputime.Process()-start)/float64(n), "cpu-ns/op")
	}
}

func benchFermat3(b *testing.B) Fermat3 {
	f, err := NewFermat3(hyperbolic.Point{X: 0.1, Y: 0.2}, hyperbolic.Point{X: -0.4, Y: 0.3}, hyperbolic.Point{X: 0.2, Y: -0.5}, Cos120)
	noErr(b, err)
	return f
}

func BenchmarkFermat3PsiJac(b *testing.B) {
	f, s := benchFermat3(b), [2]float64{0.01, 0.02}
	for b.Loop() {
		sinkF2, sinkJ2 = f.PsiJac(s)
	}
}

func BenchmarkFermat3PsiJacComplex(b *testing.B) {
	f, s := benchFermat3(b), [2]complex128{0.01 + 0.2i, 0.02 - 0.1i}
	for b.Loop() {
		sinkC2, sinkCJ2 = f.PsiJacComplex(s)
	}
}

func BenchmarkFermat3Psi(b *testing.B) {
	f, s := benchFermat3(b), [2]float64{0.01, 0.02}
	for b.Loop() {
		sinkF2 = f.Psi(s)
	}
}

func BenchmarkFermat3PhiJac(b *testing.B) {
	f, s := benchFermat3(b), [2]float64{0.01, 0.02}
	for b.Loop() {
		sinkF2, sinkJ2, sinkErr = f.PhiJac(s)
	}
}

func BenchmarkCurvePhiGrad(b *testing.B) {
	c, err := NewCurve(hyperbolic.Point{X: 0.1, Y: 0.2}, hyperbolic.Point{X: -0.4, Y: 0.3}, Cos120)
	noErr(b, err)
	s := hyperbolic.Point{X: 0.01, Y: 0.02}
	for b.Loop() {
		sinkV, sinkF2, sinkErr = c.PhiGrad(s)
	}
}

func benchFermat4(b *testing.B) (Fermat4, [4]float64) {
	f, err := NewFermat4(hyperbolic.Point{X: -0.5, Y: 0.3}, hyperbolic.Point{X: -0.5, Y: -0.3}, hyperbolic.Point{X: 0.5, Y: 0.3}, hyperbolic.Point{X: 0.5, Y: -0.3}, Cos120)
	noErr(b, err)
	return f, [4]float64{-0.2, 0.01, 0.2, -0.01}
}

func BenchmarkFermat4PsiJac(b *testing.B) {
	f, v := benchFermat4(b)
	for b.Loop() {
		sinkF4, sinkJ4 = f.PsiJac(v)
	}
}

func BenchmarkFermat4PsiJacComplex(b *testing.B) {
	f, v := benchFermat4(b)
	c := [4]complex128{complex(v[0], 0.1), complex(v[1], 0), complex(v[2], -0.1), complex(v[3], 0)}
	for b.Loop() {
		sinkCF4, sinkCJ4 = f.PsiJacComplex(c)
	}
}

func BenchmarkFermat4PhiJac(b *testing.B) {
	f, v := benchFermat4(b)
	for b.Loop() {
		sinkF4, sinkJ4, sinkErr = f.PhiJac(v)
	}
}

// SteinerExists on random triangles: the float filter decides.
func BenchmarkSteinerExists(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	tri := make([][3]hyperbolic.Point, 1024)
	for i := range tri {
		tri[i] = [3]hyperbolic.Point{randDisk(rng, 0.99), randDisk(rng, 0.99), randDisk(rng, 0.99)}
	}
	benchExists(b, tri)
}

// SteinerExists on a triangle with an exact 120° angle: one vertex goes to
// big.Rat.
func BenchmarkSteinerExistsExact120(b *testing.B) {
	t := exact120
	reportCPU(b, func(int) { sinkE, sinkErr = SteinerExists(t[0], t[1], t[2]) })
}

// benchExists runs SteinerExists on the triangles in turn.
func benchExists(b *testing.B, tri [][3]hyperbolic.Point) {
	reportCPU(b, func(i int) {
		t := tri[i%len(tri)]
		sinkE, sinkErr = SteinerExists(t[0], t[1], t[2])
	})
}

// exact120 is a triangle whose angle at its first vertex is exactly 120°.
var exact120 = [3]hyperbolic.Point{{X: 0.5}, {X: 0.75}, {X: 0.375, Y: 0.25}}

func BenchmarkFermat3PsiSystemExact(b *testing.B) {
	f := benchFermat3(b)
	for b.Loop() {
		_, sinkErr = f.PsiSystem()
	}
}

// SteinerExists on triangles with an angle within ~1e-16 of 2π/3 (built
// at 200 bits, then rounded): the float filter cannot decide that vertex.
func BenchmarkSteinerExistsNear120(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 3))
	K := bigArith{prec}
	cos, sin := K.new().Neg(bf(0.5)), K.mul(bf(0.5), sqrt3())
	tri := make([][3]hyperbolic.Point, 64)
	for i := range tri {
		s := randDisk(rng, 0.9)
		x, y := seeUnder(s, 2*math.Pi*rng.Float64(), 0.05+0.9*rng.Float64(), 0.05+0.9*rng.Float64(), cos, sin)
		tri[i] = [3]hyperbolic.Point{roundPoint(x), s, roundPoint(y)}
	}
	benchExists(b, tri)
}

// The big.Rat stage alone, at the exact-120° vertex, for comparison.
func BenchmarkAngleCmp120Rat(b *testing.B) {
	v, p, q := exact120[0], exact120[1], exact120[2]
	reportCPU(b, func(int) {
		t := ratTerms(ratVec(pt(p)), ratVec(pt(q)), ratVec(pt(v)))
		sinkV = float64(t.AngleCmp120())
	})
}
