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

func benchPairs(b *testing.B, f func(p, q Point) float64) {
	for _, set := range []string{"centred", "boundary"} {
		c, bd := benchPoints(1024)
		ps := c
		if set == "boundary" {
			ps = bd
		}
		b.Run(set, func(b *testing.B) {
			s := 0.0
			i := 0
			for b.Loop() {
				s += f(ps[i&1023], ps[(i+1)&1023])
				i++
			}
			sink = s
		})
	}
}

func BenchmarkDist(b *testing.B)     { benchPairs(b, Dist) }
func BenchmarkCoshDist(b *testing.B) { benchPairs(b, CoshDist) }
func BenchmarkCosAngle(b *testing.B) {
	c, _ := benchPoints(1024)
	i := 0
	for b.Loop() {
		sink += CosAngle(c[i&1023], c[(i+1)&1023], c[(i+2)&1023])
		i++
	}
}
func BenchmarkAngle(b *testing.B) {
	c, _ := benchPoints(1024)
	i := 0
	for b.Loop() {
		sink += Angle(c[i&1023], c[(i+1)&1023], c[(i+2)&1023])
		i++
	}
}
func BenchmarkArea(b *testing.B) {
	c, _ := benchPoints(1024)
	i := 0
	for b.Loop() {
		sink += Area(c[i&1023], c[(i+1)&1023], c[(i+2)&1023])
		i++
	}
}

func BenchmarkCheck(b *testing.B) {
	c, _ := benchPoints(1024)
	i := 0
	for b.Loop() {
		if c[i&1023].Check() != nil {
			b.Fatal("invalid")
		}
		i++
	}
}

func BenchmarkKleinToPoincare(b *testing.B) {
	c, _ := benchPoints(1024)
	i := 0
	for b.Loop() {
		w, _ := KleinToPoincare(c[i&1023])
		sink += w.X
		i++
	}
}

func BenchmarkPoincareToKlein(b *testing.B) {
	c, _ := benchPoints(1024)
	ws := make([]PoincarePoint, len(c))
	for i, p := range c {
		ws[i], _ = KleinToPoincare(p)
	}
	i := 0
	for b.Loop() {
		k, _ := PoincareToKlein(ws[i&1023])
		sink += k.X
		i++
	}
}

func BenchmarkKleinToHyperboloid(b *testing.B) {
	c, _ := benchPoints(1024)
	i := 0
	for b.Loop() {
		h, _ := KleinToHyperboloid(c[i&1023])
		sink += h.T
		i++
	}
}

func BenchmarkHalfPlaneToKlein(b *testing.B) {
	c, _ := benchPoints(1024)
	zs := make([]HalfPlanePoint, len(c))
	for i, p := range c {
		zs[i], _ = KleinToHalfPlane(p)
	}
	i := 0
	for b.Loop() {
		k, _ := HalfPlaneToKlein(zs[i&1023])
		sink += k.X
		i++
	}
}

func BenchmarkExp(b *testing.B) {
	c, _ := benchPoints(1024)
	i := 0
	for b.Loop() {
		q, _ := Exp(c[i&1023], Vector{0.3, -0.2})
		sink += q.X
		i++
	}
}

func BenchmarkLog(b *testing.B) {
	c, _ := benchPoints(1024)
	i := 0
	for b.Loop() {
		v, _ := Log(c[i&1023], c[(i+1)&1023])
		sink += v.X
		i++
	}
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
