package hyperbolic

import (
	"math"
	"math/rand/v2"
	"testing"
)

// benchPoints returns n points of G(0, 0.5), the paper's centred data, and
// n points within 1e-6 of the boundary, so both code paths are measured.
func benchPoints(n int) (centred, boundary []Point) {
	rng := rand.New(rand.NewPCG(1, 1))
	centred, _ = SampleWrappedGaussian(rng, n, Point{}, 0.5)
	boundary = make([]Point, n)
	for i := range boundary {
		boundary[i] = onCircle(1-1e-6, 2*math.Pi*rng.Float64())
	}
	return centred, boundary
}

var sink float64

// benchN is the size of the benchmark point sets, a power of two so that
// i&(benchN−1) cycles through them.
const benchN = 1024

// benchLoop sums f(i mod benchN), i = 0, 1, …, over b.Loop into sink.
func benchLoop(b *testing.B, f func(i int) float64) {
	s := 0.0
	i := 0
	for b.Loop() {
		s += f(i & (benchN - 1))
		i++
	}
	sink += s
}

// at returns ps[i mod benchN].
func at(ps []Point, i int) Point { return ps[i&(benchN-1)] }

// The benchmark point sets: G(0, 0.5), and points near the boundary.
var benchCentred, benchBoundary = benchPoints(benchN)

// benchPairs measures f on consecutive points, centred and near the boundary.
func benchPairs(b *testing.B, f func(p, q Point) float64) {
	for _, set := range []struct {
		name string
		ps   []Point
	}{{"centred", benchCentred}, {"boundary", benchBoundary}} {
		b.Run(set.name, func(b *testing.B) {
			benchLoop(b, func(i int) float64 { return f(set.ps[i], at(set.ps, i+1)) })
		})
	}
}

// benchTriples measures f on three consecutive centred points.
func benchTriples(b *testing.B, f func(a, v, c Point) float64) {
	c := benchCentred
	benchLoop(b, func(i int) float64 { return f(c[i], at(c, i+1), at(c, i+2)) })
}

// images returns f of each point (the inputs of the conversions back to Klein).
func images[Q any](ps []Point, f func(Point) (Q, error)) []Q {
	qs := make([]Q, len(ps))
	for i, p := range ps {
		qs[i], _ = f(p)
	}
	return qs
}

func BenchmarkDist(b *testing.B)     { benchPairs(b, Dist) }
func BenchmarkCoshDist(b *testing.B) { benchPairs(b, CoshDist) }
func BenchmarkCosAngle(b *testing.B) { benchTriples(b, CosAngle) }
func BenchmarkAngle(b *testing.B)    { benchTriples(b, Angle) }
func BenchmarkArea(b *testing.B)     { benchTriples(b, Area) }

func BenchmarkCheck(b *testing.B) {
	benchLoop(b, func(i int) float64 {
		if benchCentred[i].Check() != nil {
			b.Fatal("invalid")
		}
		return 0
	})
}

// BenchmarkConvert measures the conversions between models, one centred
// point each.
func BenchmarkConvert(b *testing.B) {
	c := benchCentred
	ws, zs := images(c, KleinToPoincare), images(c, KleinToHalfPlane)
	for _, conv := range []struct {
		name string
		f    func(i int) float64
	}{
		{"KleinToPoincare", func(i int) float64 { w, _ := KleinToPoincare(c[i]); return w.X }},
		{"PoincareToKlein", func(i int) float64 { k, _ := PoincareToKlein(ws[i]); return k.X }},
		{"KleinToHyperboloid", func(i int) float64 { h, _ := KleinToHyperboloid(c[i]); return h.T }},
		{"HalfPlaneToKlein", func(i int) float64 { k, _ := HalfPlaneToKlein(zs[i]); return k.X }},
	} {
		b.Run(conv.name, func(b *testing.B) { benchLoop(b, conv.f) })
	}
}

func BenchmarkExp(b *testing.B) {
	benchLoop(b, func(i int) float64 { q, _ := Exp(benchCentred[i], Vector{0.3, -0.2}); return q.X })
}

func BenchmarkLog(b *testing.B) {
	benchLoop(b, func(i int) float64 { v, _ := Log(benchCentred[i], at(benchCentred, i+1)); return v.X })
}

// BenchmarkWrappedGaussian measures one sample of G(μ, 0.5) at the paper's
// mixture mean μ = (0.9, 0): Rand (which checks its arguments each call)
// and Sample (amortised over 1000 points, allocation included).
func BenchmarkWrappedGaussian(b *testing.B) {
	g := WrappedGaussian{Point{0.9, 0}, 0.5}
	rng := rand.New(rand.NewPCG(1, 1))
	b.Run("Rand", func(b *testing.B) {
		for b.Loop() {
			p, _ := g.Rand(rng)
			sink += p.X
		}
	})
	b.Run("Sample1000", func(b *testing.B) {
		for b.Loop() {
			ps, _ := g.Sample(rng, 1000)
			sink += ps[0].X
		}
	})
}

// TestDistDoesNotAllocate: Dist and the angle functions are called in
// tight loops (MSTs over millions of pairs).
func TestDistDoesNotAllocate(t *testing.T) {
	p, q, r := Point{0.1, 0.2}, Point{0.9999, 0}, Point{-0.3, 0.4}
	for name, f := range map[string]func(){
		"Dist":     func() { sink += Dist(p, q) },
		"CoshDist": func() { sink += CoshDist(p, q) },
		"CosAngle": func() { sink += CosAngle(p, q, r) },
		"Angle":    func() { sink += Angle(p, q, r) },
		"Area":     func() { sink += Area(p, q, r) },
		"Check":    func() { _ = p.Check() },
	} {
		if a := testing.AllocsPerRun(100, f); a != 0 {
			t.Errorf("%s allocates %v times per call", name, a)
		}
	}
}
