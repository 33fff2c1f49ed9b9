package bench

import (
	"math"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The checks below compare sample means with their expectations within
// four standard errors (a two-sided chance of 6e-5 per check for a correct
// sampler; the seeds are fixed, so a pass is reproducible). Each one fails
// for the plausible wrong conventions: σ read as a variance (√0.5 instead
// of 0.5: +41 % in the mean distance), the Euclidean covariance 0.25·I
// instead of 0.5·I (−50 % in E|x|²), means at Poincaré radius 0.9 (Klein
// 0.994), or uniform in the hyperbolic area.

// rayleigh returns the mean and standard deviation of the distance to the
// mean of a 2-D isotropic Gaussian with standard deviation σ per axis
// (the wrapped Gaussian's distance to μ has this law exactly: the
// exponential map preserves distances from μ).
func rayleigh(sigma float64) (mean, sd float64) {
	return sigma * math.Sqrt(math.Pi/2), sigma * math.Sqrt((4-math.Pi)/2)
}

func meanOf(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

func TestSampleCentered(t *testing.T) {
	p, err := LookupPreset("centered")
	require.NoError(t, err)
	c := p.Cases([]int{20000})[0]
	pts, err := c.Sample(NewRand(7, c, 0), false)
	require.NoError(t, err)
	require.Len(t, pts, 20000)
	ds := make([]float64, len(pts))
	for i, q := range pts {
		ds[i] = hyperbolic.Dist(hyperbolic.Point{}, q)
	}
	want, sd := rayleigh(0.5)
	se := sd / math.Sqrt(float64(len(ds)))
	assert.InDelta(t, want, meanOf(ds), 4*se, "mean hyperbolic distance to the origin of G(0, 0.5)")
}

func TestSampleEuclideanBaseline(t *testing.T) {
	p, err := LookupPreset("centered")
	require.NoError(t, err)
	c := p.Cases([]int{20000})[0]
	pts, err := c.Sample(NewRand(7, c, 0), true)
	require.NoError(t, err)
	sq := make([]float64, len(pts))
	var mx, my float64
	for i, q := range pts {
		sq[i] = q.X*q.X + q.Y*q.Y
		mx += q.X / float64(len(pts))
		my += q.Y / float64(len(pts))
	}
	// N(0, 0.5·I): |x|² = 0.5·χ²₂, mean 1, standard deviation 1.
	se := 1 / math.Sqrt(float64(len(sq)))
	assert.InDelta(t, 1.0, meanOf(sq), 4*se, "E|x|² of N(0, 0.5·I)")
	// Each coordinate has standard deviation √0.5.
	seAxis := math.Sqrt(0.5 / float64(len(pts)))
	assert.InDelta(t, 0, mx, 4*seAxis)
	assert.InDelta(t, 0, my, 4*seAxis)
}

func TestSampleMixture(t *testing.T) {
	p, err := LookupPreset("mixture")
	require.NoError(t, err)
	const per = 1000
	c := p.Cases([]int{15*per + 7})[0] // 7 points too few for a 16th per component
	require.Equal(t, 15*per, c.Points())
	pts, err := c.Sample(NewRand(3, c, 1), false)
	require.NoError(t, err)
	require.Len(t, pts, 15*per, "⌊n/15⌋ points per component")
	want, sd := rayleigh(0.5)
	se := sd / math.Sqrt(per)
	for k := 0; k < 15; k++ {
		s, co := math.Sincos(2 * math.Pi * float64(k) / 15)
		mu := hyperbolic.Point{X: 0.9 * co, Y: 0.9 * s} // Klein radius 0.9
		ds := make([]float64, per)
		for i, q := range pts[k*per : (k+1)*per] {
			ds[i] = hyperbolic.Dist(mu, q)
		}
		assert.InDelta(t, want, meanOf(ds), 4*se, "component %d: mean distance to μ_{15,%d}(0.9)", k, k)
	}
	small := p.Cases([]int{50})[0]
	assert.Equal(t, 45, small.Points(), "n = 50 gives 15·3 points")
}

func TestSampleUniform(t *testing.T) {
	p, err := LookupPreset("uniform")
	require.NoError(t, err)
	c := p.Cases([]int{20000})[0]
	pts, err := c.Sample(NewRand(5, c, 2), false)
	require.NoError(t, err)
	require.Len(t, pts, 20000)
	inner, right := 0, 0
	for _, q := range pts {
		r2 := q.X*q.X + q.Y*q.Y
		require.Less(t, r2, 1.0)
		if r2 < 0.25 {
			inner++
		}
		if q.X > 0 {
			right++
		}
	}
	n := float64(len(pts))
	// Uniform on the unit disk: P(|x| < 1/2) = 1/4 (hyperbolic-area
	// uniform would give about 0.04).
	assert.InDelta(t, 0.25, float64(inner)/n, 4*math.Sqrt(0.25*0.75/n))
	assert.InDelta(t, 0.5, float64(right)/n, 4*math.Sqrt(0.25/n))
}

func TestSampleConvergence(t *testing.T) {
	p, err := LookupPreset("convergence")
	require.NoError(t, err)
	def := p.Cases(nil)
	require.Len(t, def, 24, "2 d × 2 |P|/d × 6 t")
	for _, c := range def {
		assert.Contains(t, map[int][]int{3: {1, 40}, 4: {1, 30}}[c.D], c.PerGroup, "the paper's pairs")
		assert.Equal(t, c.D*c.PerGroup, c.N)
		assert.Equal(t, ConvergenceSigma(c.PerGroup), c.Sigma)
	}
	assert.Equal(t, 0.01, ConvergenceSigma(1))
	assert.Equal(t, 0.15, ConvergenceSigma(30))
	// The clustered rows: per = 2000 points around each of the 4 means at
	// t = 0.95 with σ = 0.15.
	const per = 2000
	var c Case
	for _, cc := range p.Cases([]int{per}) {
		if cc.D == 4 && cc.T == 0.95 {
			c = cc
		}
	}
	require.Equal(t, 0.15, c.Sigma)
	pts, err := c.Sample(NewRand(11, c, 0), false)
	require.NoError(t, err)
	require.Len(t, pts, 4*per)
	want, sd := rayleigh(0.15)
	mus, err := hyperbolic.PolygonMeans(4, 0.95)
	require.NoError(t, err)
	for k, mu := range mus {
		ds := make([]float64, per)
		for i, q := range pts[k*per : (k+1)*per] {
			ds[i] = hyperbolic.Dist(mu, q)
		}
		assert.InDelta(t, want, meanOf(ds), 4*sd/math.Sqrt(per), "component %d", k)
	}
}

func TestSampleDeterministic(t *testing.T) {
	p, err := LookupPreset("centered")
	require.NoError(t, err)
	c := p.Cases([]int{100})[0]
	a, err := c.Sample(NewRand(1, c, 4), false)
	require.NoError(t, err)
	b, err := c.Sample(NewRand(1, c, 4), false)
	require.NoError(t, err)
	assert.Equal(t, a, b, "same seed, case and run")
	d, err := c.Sample(NewRand(1, c, 5), false)
	require.NoError(t, err)
	assert.NotEqual(t, a, d, "another run")
	e, err := c.Sample(NewRand(2, c, 4), false)
	require.NoError(t, err)
	assert.NotEqual(t, a, e, "another seed")
	c2 := p.Cases([]int{101})[0]
	f, err := c2.Sample(NewRand(1, c2, 4), false)
	require.NoError(t, err)
	assert.NotEqual(t, a, f[:100], "another n draws another sample")
}

func TestSampleBadDistribution(t *testing.T) {
	c := Case{Preset: "x", Dist: Distribution(9), N: 3}
	_, err := c.Sample(NewRand(1, c, 0), false)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "unknown distribution")
}
