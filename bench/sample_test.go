package bench

import (
	"math"
	"testing"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat"
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

// meanDist returns the mean hyperbolic distance from mu to the points.
func meanDist(mu hyperbolic.Point, pts []hyperbolic.Point) float64 {
	s := 0.0
	for _, q := range pts {
		s += hyperbolic.Dist(mu, q)
	}
	return s / float64(len(pts))
}

// presetSample draws run r of the named preset's case of size n.
func presetSample(t testing.TB, preset string, n int, seed uint64, r int, euclidean bool) (Case, []hyperbolic.Point) {
	t.Helper()
	p, err := LookupPreset(preset)
	require.NoError(t, err)
	c := p.Cases([]int{n})[0]
	pts, err := c.Sample(NewRand(seed, c, r), euclidean)
	require.NoError(t, err)
	return c, pts
}

// checkComponents checks a mixture drawn in blocks of per points, block k
// from G(mus[k], sigma): its mean distance to mus[k] is the Rayleigh mean
// within four standard errors.
func checkComponents(t *testing.T, pts, mus []hyperbolic.Point, per int, sigma float64) {
	t.Helper()
	require.Len(t, pts, len(mus)*per)
	want, sd := rayleigh(sigma)
	for k, mu := range mus {
		assert.InDelta(t, want, meanDist(mu, pts[k*per:(k+1)*per]), 4*sd/math.Sqrt(float64(per)), "component %d: mean distance to its mean %v", k, mu)
	}
}

func TestSampleCentered(t *testing.T) {
	_, pts := presetSample(t, "centered", 20000, 7, 0, false)
	require.Len(t, pts, 20000)
	checkComponents(t, pts, []hyperbolic.Point{{}}, len(pts), 0.5) // G(0, 0.5)
}

func TestSampleEuclideanBaseline(t *testing.T) {
	_, pts := presetSample(t, "centered", 20000, 7, 0, true)
	sq := make([]float64, len(pts))
	var mx, my float64
	for i, q := range pts {
		sq[i] = q.X*q.X + q.Y*q.Y
		mx += q.X / float64(len(pts))
		my += q.Y / float64(len(pts))
	}
	// N(0, 0.5·I): |x|² = 0.5·χ²₂, mean 1, standard deviation 1.
	se := 1 / math.Sqrt(float64(len(sq)))
	assert.InDelta(t, 1.0, stat.Mean(sq, nil), 4*se, "E|x|² of N(0, 0.5·I)")
	// Each coordinate has standard deviation √0.5.
	seAxis := math.Sqrt(0.5 / float64(len(pts)))
	assert.InDelta(t, 0, mx, 4*seAxis)
	assert.InDelta(t, 0, my, 4*seAxis)
}

func TestSampleMixture(t *testing.T) {
	const per = 1000
	c, pts := presetSample(t, "mixture", 15*per+7, 3, 1, false) // 7 points too few for a 16th per component
	require.Equal(t, 15*per, c.Points())
	require.Len(t, pts, 15*per, "⌊n/15⌋ points per component")
	mus := make([]hyperbolic.Point, 15)
	for k := range mus {
		s, co := math.Sincos(2 * math.Pi * float64(k) / 15)
		mus[k] = hyperbolic.Point{X: 0.9 * co, Y: 0.9 * s} // μ_{15,k}(0.9), Klein radius 0.9
	}
	checkComponents(t, pts, mus, per, 0.5)
	small, _ := presetSample(t, "mixture", 50, 1, 0, false)
	assert.Equal(t, 45, small.Points(), "n = 50 gives 15·3 points")
}

func TestSampleUniform(t *testing.T) {
	_, pts := presetSample(t, "uniform", 20000, 5, 2, false)
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
	mus, err := hyperbolic.PolygonMeans(4, 0.95)
	require.NoError(t, err)
	checkComponents(t, pts, mus, per, 0.15)
}

func TestSampleDeterministic(t *testing.T) {
	_, a := presetSample(t, "centered", 100, 1, 4, false)
	_, b := presetSample(t, "centered", 100, 1, 4, false)
	assert.Equal(t, a, b, "same seed, case and run")
	_, d := presetSample(t, "centered", 100, 1, 5, false)
	assert.NotEqual(t, a, d, "another run")
	_, e := presetSample(t, "centered", 100, 2, 4, false)
	assert.NotEqual(t, a, e, "another seed")
	_, f := presetSample(t, "centered", 101, 1, 4, false)
	assert.NotEqual(t, a, f[:100], "another n draws another sample")
}

func TestSampleBadDistribution(t *testing.T) {
	c := Case{Preset: "x", Dist: Distribution(9), N: 3}
	_, err := c.Sample(NewRand(1, c, 0), false)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "unknown distribution")
}
