package bench

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// RunSeed returns the second PCG seed word of run r of case c: a hash of
// the preset, n, d, t, |P|/d and r. Together with the user's seed it fixes
// the sample, whatever the configuration, the job count or the order of
// execution.
func RunSeed(c Case, r int) uint64 {
	h := fnv.New64a()
	h.Write([]byte(c.Preset))
	var b [8]byte
	for _, v := range []uint64{uint64(c.N), uint64(c.D), math.Float64bits(c.T), uint64(c.PerGroup), uint64(r)} {
		binary.LittleEndian.PutUint64(b[:], v)
		h.Write(b[:])
	}
	return h.Sum64()
}

// NewRand returns the generator of run r of case c under seed.
func NewRand(seed uint64, c Case, r int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, RunSeed(c, r)))
}

// Sample draws the points of one run of c. For euclidean, a Gaussian case
// draws the plane Gaussian N(0, EuclideanSigma²·I) (the paper's Euclidean
// baseline) instead of the wrapped Gaussian; the other distributions are
// the same points, read as plane points.
func (c Case) Sample(rng *rand.Rand, euclidean bool) ([]hyperbolic.Point, error) {
	switch c.Dist {
	case Gaussian:
		if euclidean {
			vs, err := hyperbolic.SampleEuclideanGaussian(rng, c.N, c.EuclideanSigma)
			if err != nil {
				return nil, err
			}
			ps := make([]hyperbolic.Point, len(vs))
			for i, v := range vs {
				ps[i] = hyperbolic.Point{X: v.X, Y: v.Y}
			}
			return ps, nil
		}
		return hyperbolic.SampleWrappedGaussian(rng, c.N, hyperbolic.Point{}, c.Sigma)
	case Mixture:
		return hyperbolic.SamplePolygonMixture(rng, c.N, c.D, c.T, c.Sigma)
	case Uniform:
		return hyperbolic.SampleUniformDisk(rng, c.N)
	}
	return nil, fmt.Errorf("bench: case %v: unknown distribution %v", c, c.Dist)
}
