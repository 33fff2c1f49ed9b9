package hyperbolic

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hypersteiner/hypersteiner/internal/stattest"
)

func rayleighCDF(sigma float64) func(float64) float64 {
	return func(r float64) float64 { return 1 - math.Exp(-r*r/(2*sigma*sigma)) }
}

// TestWrappedGaussianRayleigh: for G(μ, σ) the distance to μ is |v| with
// v ~ N(0, σ²I₂), i.e. Rayleigh(σ), at every μ (the construction is
// isometry-equivariant). A KS test at level 0.001 and a mean test (mean
// σ√(π/2), standard error σ√((4−π)/2)/√n, allowed 4 standard errors)
// check it; the same samples against Rayleigh(σ²) — the convention where
// σ is a variance — must be rejected, which shows the test tells the two
// conventions apart.
func TestWrappedGaussianRayleigh(t *testing.T) {
	const n = 4000
	cases := []struct {
		mu    Point
		sigma float64
	}{
		{Point{}, 0.5},
		{Point{0.9, 0}, 0.5},         // a vertex of the paper's 15-gon
		{Point{-0.6, 0.7}, 0.15},     // the convergence table's σ
		{onCircle(1-1e-6, 2.0), 0.5}, // mean 1e-6 from the boundary
		{Point{0.3, -0.2}, 1.0},      // σ = 1, where σ² = σ
	}
	for i, c := range cases {
		rng := rand.New(rand.NewPCG(uint64(i)+10, 7))
		ps, err := SampleWrappedGaussian(rng, n, c.mu, c.sigma)
		if err != nil {
			t.Fatal(err)
		}
		ds := make([]float64, n)
		mean := 0.0
		for j, p := range ps {
			ds[j] = Dist(c.mu, p)
			mean += ds[j] / n
		}
		stattest.CheckKS(t, fmt.Sprintf("μ=%v σ=%v: distance against Rayleigh(σ)", c.mu, c.sigma), ds, rayleighCDF(c.sigma))
		want := c.sigma * math.Sqrt(math.Pi/2)
		se := c.sigma * math.Sqrt((4-math.Pi)/2) / math.Sqrt(n)
		if math.Abs(mean-want) > 4*se {
			t.Errorf("μ=%v σ=%v: mean distance %.5f, want %.5f ± %.5f", c.mu, c.sigma, mean, want, 4*se)
		}
		if c.sigma != 1 {
			if dv := stattest.KS(ds, rayleighCDF(c.sigma*c.sigma)); dv <= stattest.KSCritical(n) {
				t.Errorf("μ=%v σ=%v: the variance convention is not rejected (KS %.4f)", c.mu, c.sigma, dv)
			}
		}
		t.Logf("μ=%v σ=%v: KS %.4f (critical %.4f), mean %.4f (want %.4f ± %.4f)", c.mu, c.sigma, stattest.KS(ds, rayleighCDF(c.sigma)), stattest.KSCritical(n), mean, want, 4*se)
	}
}

// TestWrappedGaussianIsotropic: at μ = 0 the direction of a sample is
// uniform on the circle (KS, level 0.001).
func TestWrappedGaussianIsotropic(t *testing.T) {
	const n = 4000
	ps, err := SampleWrappedGaussian(rand.New(rand.NewPCG(3, 3)), n, Point{}, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	th := make([]float64, n)
	for i, p := range ps {
		th[i] = math.Atan2(p.Y, p.X) + math.Pi
	}
	stattest.CheckKS(t, "direction", th, stattest.UniformCDF(0, 2*math.Pi))
}

// TestPolygonMixture: d·⌊n/d⌋ points, ⌊n/d⌋ per component in order; each
// block's distances to its mean are Rayleigh(σ); the means are the
// regular d-gon of radius t in the Klein disk.
func TestPolygonMixture(t *testing.T) {
	const n, d, tt, sigma = 1000, 15, 0.9, 0.5
	ps, err := SamplePolygonMixture(rand.New(rand.NewPCG(5, 5)), n, d, tt, sigma)
	if err != nil {
		t.Fatal(err)
	}
	per := n / d
	if len(ps) != d*per {
		t.Fatalf("got %d points, want %d·⌊%d/%d⌋ = %d", len(ps), d, n, d, d*per)
	}
	mus, err := PolygonMeans(d, tt)
	if err != nil {
		t.Fatal(err)
	}
	for k, mu := range mus {
		if r := math.Hypot(mu.X, mu.Y); math.Abs(r-tt) > 2*unitRoundoff {
			t.Errorf("mean %d has radius %v, want %v", k, r, tt)
		}
		if want := 2 * math.Pi * float64(k) / d; math.Abs(math.Remainder(math.Atan2(mu.Y, mu.X)-want, 2*math.Pi)) > 1e-15 {
			t.Errorf("mean %d at angle %v, want %v", k, math.Atan2(mu.Y, mu.X), want)
		}
	}
	ds := make([]float64, 0, len(ps))
	for i, p := range ps {
		ds = append(ds, Dist(mus[i/per], p))
	}
	stattest.CheckKS(t, "distances to own component mean", ds, rayleighCDF(sigma))
}

// TestUniformDisk: X² + Y² < 1 for all, P(|p| ≤ r) = r² and the direction
// is uniform (KS, level 0.001).
func TestUniformDisk(t *testing.T) {
	const n = 4000
	ps, err := SampleUniformDisk(rand.New(rand.NewPCG(6, 6)), n)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != n {
		t.Fatalf("got %d points, want %d", len(ps), n)
	}
	if err := CheckPoints(ps); err != nil {
		t.Fatal(err)
	}
	rs, th := make([]float64, n), make([]float64, n)
	for i, p := range ps {
		rs[i] = math.Hypot(p.X, p.Y)
		th[i] = math.Atan2(p.Y, p.X) + math.Pi
	}
	stattest.CheckKS(t, "radius", rs, func(r float64) float64 { return r * r })
	stattest.CheckKS(t, "angle", th, stattest.UniformCDF(0, 2*math.Pi))
}

// TestEuclideanGaussian: each coordinate is N(0, σ²) (KS against the
// normal CDF, level 0.001), with σ = √0.5, the paper's N(0, 0.5).
func TestEuclideanGaussian(t *testing.T) {
	const n = 4000
	sigma := math.Sqrt(0.5)
	vs, err := SampleEuclideanGaussian(rand.New(rand.NewPCG(8, 8)), n, sigma)
	if err != nil {
		t.Fatal(err)
	}
	xs, ys := make([]float64, n), make([]float64, n)
	for i, v := range vs {
		xs[i], ys[i] = v.X, v.Y
	}
	F := func(x float64) float64 { return 0.5 * math.Erfc(-x/(sigma*math.Sqrt2)) }
	stattest.CheckKS(t, "x", xs, F)
	stattest.CheckKS(t, "y", ys, F)
}

// TestSamplersDeterministic: the same seed gives the same points.
func TestSamplersDeterministic(t *testing.T) {
	a, _ := SamplePolygonMixture(rand.New(rand.NewPCG(1, 1)), 100, 4, 0.5, 0.15)
	b, _ := SamplePolygonMixture(rand.New(rand.NewPCG(1, 1)), 100, 4, 0.5, 0.15)
	if !slices.Equal(a, b) {
		t.Fatal("same seed, different samples")
	}
}
