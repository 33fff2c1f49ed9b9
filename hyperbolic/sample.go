package hyperbolic

import (
	"math"
	"math/rand/v2"
)

// WrappedGaussian is the pseudo-hyperbolic (wrapped) Gaussian G(μ, σ) of
// Nagano et al. 2019: draw v ~ N(0, σ²I₂) in the tangent plane at the
// origin, parallel-transport it along the geodesic to μ, and apply the
// exponential map at μ. Sigma is the standard deviation of each tangent
// coordinate (σ = 0.5 means standard deviation 0.5), so the distance from
// a sample to μ is Rayleigh(σ) distributed. Mu is a Klein point.
//
// This follows the HyperSteiner reference code: its wrappedGaussian takes
// the mean in Klein coordinates, builds the hyperboloid mean with
// klein_pt_to_hyperboloid, samples with covariance cov**2 where the paper's
// experiments pass cov = 0.5·I (standard deviation 0.5), transports from
// (1, 0, 0) to the mean, applies the hyperboloid exponential map and
// returns Klein coordinates. That code adds 1e-6 to some denominators; the
// formulas here are exact.
type WrappedGaussian struct {
	Mu    Point
	Sigma float64
}

func (g WrappedGaussian) check() error {
	if err := g.Mu.Check(); err != nil {
		return err
	}
	if !finite(g.Sigma) || g.Sigma < 0 {
		return invalidArg("sigma = %v, want a finite value ≥ 0", g.Sigma)
	}
	return nil
}

// Rand returns one sample. Errors: an invalid Mu or Sigma, a nil rng, or a
// sample too close to the ideal boundary to represent (ErrNotRepresentable,
// see Exp): that needs |v| ≳ 17 − d(0, μ), probability
// ≈ exp(−(17 − d(0, μ))²/(2σ²)), below 1e-50 for d(0, μ) ≤ 1.5 and σ ≤ 1
// (the paper's settings).
func (g WrappedGaussian) Rand(rng *rand.Rand) (Point, error) {
	if rng == nil {
		return Point{}, invalidArg("nil *rand.Rand")
	}
	if err := g.check(); err != nil {
		return Point{}, err
	}
	return newFrame(g.Mu).exp(Vector{g.Sigma * rng.NormFloat64(), g.Sigma * rng.NormFloat64()})
}

// Sample returns n samples (see Rand).
func (g WrappedGaussian) Sample(rng *rand.Rand, n int) ([]Point, error) {
	if rng == nil {
		return nil, invalidArg("nil *rand.Rand")
	}
	if n < 0 {
		return nil, invalidArg("n = %d, want n ≥ 0", n)
	}
	if err := g.check(); err != nil {
		return nil, err
	}
	ps := make([]Point, n)
	if err := g.fill(rng, ps); err != nil {
		return nil, err
	}
	return ps, nil
}

func (g WrappedGaussian) fill(rng *rand.Rand, ps []Point) error {
	f := newFrame(g.Mu)
	for i := range ps {
		p, err := f.exp(Vector{g.Sigma * rng.NormFloat64(), g.Sigma * rng.NormFloat64()})
		if err != nil {
			pe := err.(*PointError)
			pe.Index = i
			return pe
		}
		ps[i] = p
	}
	return nil
}

// PolygonMeans returns the means μ_{d,k}(t) = t·e^{2πik/d}, k = 0, …, d−1,
// of the regular d-gon of Euclidean radius t in the Klein disk (the
// paper writes k = 1, …, d: the same set; the reference code's meansPolygon
// lists them from k = 0, as here). It needs d ≥ 1 and 0 ≤ t < 1.
func PolygonMeans(d int, t float64) ([]Point, error) {
	if d < 1 {
		return nil, invalidArg("d = %d, want d ≥ 1", d)
	}
	if !(t >= 0 && t < 1) {
		return nil, invalidArg("t = %v, want 0 ≤ t < 1", t)
	}
	mus := make([]Point, d)
	for k := range mus {
		s, c := math.Sincos(2 * math.Pi * float64(k) / float64(d))
		mus[k] = Point{t * c, t * s}
	}
	return mus, nil
}

// SamplePolygonMixture samples the uniform mixture of the wrapped
// Gaussians G(μ_{d,k}(t), σ) (see PolygonMeans) as the paper does:
// ⌊n/d⌋ points from each component, component by component, so the
// result has d·⌊n/d⌋ points. The paper's mixture table uses d = 15,
// t = 0.9, σ = 0.5 (Klein coordinates, as in the reference code).
func SamplePolygonMixture(rng *rand.Rand, n, d int, t, sigma float64) ([]Point, error) {
	if rng == nil {
		return nil, invalidArg("nil *rand.Rand")
	}
	if n < 0 {
		return nil, invalidArg("n = %d, want n ≥ 0", n)
	}
	mus, err := PolygonMeans(d, t)
	if err != nil {
		return nil, err
	}
	if !finite(sigma) || sigma < 0 {
		return nil, invalidArg("sigma = %v, want a finite value ≥ 0", sigma)
	}
	per := n / d
	ps := make([]Point, per*d)
	for k, mu := range mus {
		if err := (WrappedGaussian{mu, sigma}).fill(rng, ps[k*per:(k+1)*per]); err != nil {
			pe := err.(*PointError)
			pe.Index += k * per
			return nil, pe
		}
	}
	return ps, nil
}

// SampleWrappedGaussian returns n samples of G(mu, sigma); see
// WrappedGaussian. The paper's centred table uses mu = 0, sigma = 0.5.
func SampleWrappedGaussian(rng *rand.Rand, n int, mu Point, sigma float64) ([]Point, error) {
	return WrappedGaussian{mu, sigma}.Sample(rng, n)
}

// SampleUniformDisk returns n points uniform in the Euclidean sense on the
// Klein disk: the paper's "uniform", rejection sampling of U([−1, 1]²)
// restricted to X² + Y² < 1. (It is not the hyperbolic area measure, which
// would put almost all points near the boundary.) The reference code draws
// 2n candidates once and keeps the first n inside; here candidates are
// drawn until n are accepted.
func SampleUniformDisk(rng *rand.Rand, n int) ([]Point, error) {
	if rng == nil {
		return nil, invalidArg("nil *rand.Rand")
	}
	if n < 0 {
		return nil, invalidArg("n = %d, want n ≥ 0", n)
	}
	ps := make([]Point, 0, n)
	for len(ps) < n {
		p := Point{2*rng.Float64() - 1, 2*rng.Float64() - 1}
		if timelike(1, p.X, p.Y) { // exact X² + Y² < 1
			ps = append(ps, p)
		}
	}
	return ps, nil
}

// SampleEuclideanGaussian returns n points of the Euclidean Gaussian
// N(0, σ²I₂) as plain vectors of R² (sigma is the standard deviation). The
// paper's Euclidean baseline N(0, 0.5) has covariance 0.5·I in its code,
// i.e. sigma = √0.5.
func SampleEuclideanGaussian(rng *rand.Rand, n int, sigma float64) ([]Vector, error) {
	if rng == nil {
		return nil, invalidArg("nil *rand.Rand")
	}
	if n < 0 {
		return nil, invalidArg("n = %d, want n ≥ 0", n)
	}
	if !finite(sigma) || sigma < 0 {
		return nil, invalidArg("sigma = %v, want a finite value ≥ 0", sigma)
	}
	vs := make([]Vector, n)
	for i := range vs {
		vs[i] = Vector{sigma * rng.NormFloat64(), sigma * rng.NormFloat64()}
	}
	return vs, nil
}
