package exact

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
	"github.com/hypersteiner/hypersteiner/internal/parallel"
	"github.com/hypersteiner/hypersteiner/plane"
	"github.com/hypersteiner/hypersteiner/sll"
)

// Distribution is a named sampler of point sets.
type Distribution struct {
	Name   string
	Sample func(rng *rand.Rand, n int) ([]hyperbolic.Point, error)
}

// HyperbolicDistributions are the paper's samplers at small n: the
// centred wrapped Gaussian G(0, 0.5), the uniform (Euclidean) Klein disk,
// and the mixture of wrapped Gaussians at the vertices of a regular
// pentagon (t = 0.9, σ = 0.5; n a multiple of 5 is drawn, then cut to n).
func HyperbolicDistributions() []Distribution {
	return []Distribution{
		{"G(0,0.5)", func(rng *rand.Rand, n int) ([]hyperbolic.Point, error) {
			return hyperbolic.SampleWrappedGaussian(rng, n, hyperbolic.Point{}, 0.5)
		}},
		{"uniform", func(rng *rand.Rand, n int) ([]hyperbolic.Point, error) {
			return hyperbolic.SampleUniformDisk(rng, n)
		}},
		{"mixture(5,0.9,0.5)", func(rng *rand.Rand, n int) ([]hyperbolic.Point, error) {
			pts, err := hyperbolic.SamplePolygonMixture(rng, 5*((n+4)/5), 5, 0.9, 0.5)
			if err != nil {
				return nil, err
			}
			// Interleave the components so that the first n points cover them all.
			per := len(pts) / 5
			out := make([]hyperbolic.Point, 0, n)
			for i := 0; len(out) < n; i++ {
				out = append(out, pts[(i%5)*per+i/5])
			}
			return out, nil
		}},
	}
}

// EuclideanDistributions are the unit square and the Gaussian N(0, 0.5·I).
func EuclideanDistributions() []Distribution {
	return []Distribution{
		{"square", func(rng *rand.Rand, n int) ([]hyperbolic.Point, error) {
			pts := make([]hyperbolic.Point, n)
			for i := range pts {
				pts[i] = hyperbolic.Point{X: rng.Float64(), Y: rng.Float64()}
			}
			return pts, nil
		}},
		{"N(0,0.5)", func(rng *rand.Rand, n int) ([]hyperbolic.Point, error) {
			vs, err := hyperbolic.SampleEuclideanGaussian(rng, n, math.Sqrt(0.5))
			pts := make([]hyperbolic.Point, len(vs))
			for i, v := range vs {
				pts[i] = hyperbolic.Point{X: v.X, Y: v.Y}
			}
			return pts, err
		}},
	}
}

// ProvedGap is the largest certified relative gap (Result.Gap) with which
// a result counts as proved optimal (Result.Proved); the exact solutions'
// gaps are about 3e-11 when the search's bounds are tight.
const ProvedGap = 1e-9

// Proved reports whether the result proves its tree optimal: the search
// finished and its certified gap is at most ProvedGap. A search can finish
// with a loose bound (a full topology whose lower bound polishing could
// not tighten), which proves nothing.
func (r *Result) Proved() bool { return r.Complete && r.Gap() <= ProvedGap }

// GapOptions configure Gap.
type GapOptions struct {
	// Space is the plane (sll.Hyperbolic(solver) or sll.Euclidean()); the
	// heuristic and the exact solver both use it.
	Space sll.Space
	// Distributions to sample (default: HyperbolicDistributions or
	// EuclideanDistributions, by the space).
	Distributions []Distribution
	// Sizes are the numbers of terminals (default 5, 7, 9).
	Sizes []int
	// Instances per distribution and size (default 20).
	Instances int
	// Seed seeds the samplers: instance k of a (distribution, size) cell
	// uses PCG(Seed, hash of the cell and k), so a cell does not depend on
	// the others.
	Seed uint64
	// OptimalTol is the relative gap under which the heuristic counts as
	// optimal (default 1e-9: the heuristic's Steiner points are accurate
	// to about 1e-14, so its tree of the optimal topology is within that).
	OptimalTol float64
	// TimeLimit bounds each exact solve (0: none). An instance whose
	// optimum is not proved within it is left out of its row's statistics
	// and counted: at the sizes where that happens the search stops with a
	// lower bound far below the optimum (48 % below on 20 terminals after
	// 40 s), which says nothing about the heuristic's gap.
	TimeLimit time.Duration
	// Jobs is the number of instances solved at once (default 1). The rows
	// do not depend on it, but for the times, which are honest while Jobs
	// is at most the idle cores.
	Jobs int
	// Progress, if not nil, is called after each instance (from the
	// goroutine that solved it).
	Progress func()
}

// GapRow is one cell of the experiment: the heuristic's gap to optimal in
// percent, 100·(L_SLL − L_opt)/L_opt, over the instances.
type GapRow struct {
	Distribution string
	N, Instances int
	// Gap of sll.Build (4-terminal full trees), and after sll.Reoptimize.
	Mean, SD, Max                float64
	MeanReopt, SDReopt, MaxReopt float64
	// Optimal and OptimalReopt are the shares (percent) of instances where
	// the heuristic's tree is optimal (gap below OptimalTol).
	Optimal, OptimalReopt float64
	// MaxCertGap is the largest certified relative gap of the exact
	// solutions (Result.Gap), in percent: the accuracy of the optimum.
	MaxCertGap float64
	// Proved counts the instances proved optimal within
	// GapOptions.TimeLimit, with a certified gap of at most ProvedGap: the
	// gaps above are over them alone (all are NaN when none is).
	Proved int
	// ExactSeconds is the mean wall-clock time of the exact solver,
	// ExactMin and ExactMedian the least and the median, over all the
	// instances (a stopped solve counts its time limit).
	ExactSeconds, ExactMin, ExactMedian float64
}

// Total returns the number of instances Gap solves with these options.
func (opt GapOptions) Total() (int, error) {
	opt, err := opt.withDefaults()
	if err != nil {
		return 0, err
	}
	return len(opt.Distributions) * len(opt.Sizes) * opt.Instances, nil
}

// withDefaults returns opt with its defaults filled in.
func (opt GapOptions) withDefaults() (GapOptions, error) {
	if opt.Space == nil {
		return opt, errors.New("exact: Gap needs a space")
	}
	if opt.Distributions == nil {
		switch opt.Space.Plane() {
		case plane.Euclidean:
			opt.Distributions = EuclideanDistributions()
		case plane.Hyperbolic:
			opt.Distributions = HyperbolicDistributions()
		default:
			return opt, fmt.Errorf("exact: Gap needs Distributions for the %s plane", opt.Space.Name())
		}
	}
	if opt.Sizes == nil {
		opt.Sizes = []int{5, 7, 9}
	}
	if opt.Instances <= 0 {
		opt.Instances = 20
	}
	if opt.OptimalTol <= 0 {
		opt.OptimalTol = 1e-9
	}
	return opt, nil
}

// Gap measures how far the SLL heuristic is from the Steiner minimal tree
// on random instances: for each distribution and size it samples
// Instances point sets, builds the heuristic tree (sll.Build, 4-terminal
// full trees; and its local re-optimisation) and the exact tree (Solve),
// and summarises the relative gaps.
func Gap(opt GapOptions) ([]GapRow, error) {
	opt, err := opt.withDefaults()
	if err != nil {
		return nil, err
	}
	var rows []GapRow
	for di, d := range opt.Distributions {
		for _, n := range opt.Sizes {
			if m := MaxTerminalsIn(opt.Space); n < 3 || n > m {
				return nil, fmt.Errorf("exact: Gap size %d outside 3…%d (%s plane)", n, m, opt.Space.Name())
			}
			row := GapRow{Distribution: d.Name, N: n, Instances: opt.Instances}
			type outcome struct {
				gap, gapReopt, certGap, seconds float64
				proved                          bool
			}
			outs := make([]outcome, opt.Instances)
			err := parallel.Each(opt.Instances, max(opt.Jobs, 1), func(_, k int) error {
				rng := rand.New(rand.NewPCG(opt.Seed, uint64(di)<<40|uint64(n)<<20|uint64(k)))
				pts, err := d.Sample(rng, n)
				if err != nil {
					return fmt.Errorf("exact: Gap: sampling %s: %w", d.Name, err)
				}
				h, err := sll.Build(pts, sll.Options{Space: opt.Space, Workers: 1})
				if err != nil {
					return fmt.Errorf("exact: Gap: %s n=%d instance %d: %w", d.Name, n, k, err)
				}
				hr, _, err := sll.Reoptimize(h, opt.Space, sll.ReoptOptions{})
				if err != nil {
					return fmt.Errorf("exact: Gap: %s n=%d instance %d: %w", d.Name, n, k, err)
				}
				t0 := time.Now()
				r, err := Solve(pts, Options{Space: opt.Space, NoCertify: true, TimeLimit: opt.TimeLimit})
				if err != nil {
					return fmt.Errorf("exact: Gap: %s n=%d instance %d: %w", d.Name, n, k, err)
				}
				L := r.Tree.Length
				outs[k] = outcome{(h.Length - L) / L, (hr.Length - L) / L, r.Gap(), time.Since(t0).Seconds(), r.Proved()}
				if opt.Progress != nil {
					opt.Progress()
				}
				return nil
			})
			if err != nil {
				return nil, err
			}
			var gaps, gapsR, secs []float64
			for _, o := range outs {
				secs = append(secs, o.seconds)
				if !o.proved {
					continue
				}
				row.Proved++
				gaps = append(gaps, o.gap)
				gapsR = append(gapsR, o.gapReopt)
				row.MaxCertGap = max(row.MaxCertGap, 100*o.certGap)
			}
			if row.Proved == 0 {
				row.MaxCertGap = math.NaN()
			}
			row.Mean, row.SD, row.Max, row.Optimal = summarise(gaps, opt.OptimalTol)
			row.MeanReopt, row.SDReopt, row.MaxReopt, row.OptimalReopt = summarise(gapsR, opt.OptimalTol)
			slices.Sort(secs)
			for _, x := range secs {
				row.ExactSeconds += x / float64(len(secs))
			}
			row.ExactMin = secs[0]
			row.ExactMedian = secs[len(secs)/2]
			if len(secs)%2 == 0 {
				row.ExactMedian = (secs[len(secs)/2-1] + secs[len(secs)/2]) / 2
			}
			rows = append(rows, row)
		}
	}
	return rows, nil
}

// summarise returns mean, sample standard deviation and maximum in
// percent, and the share (percent) of values below tol.
func summarise(xs []float64, tol float64) (mean, sd, mx, share float64) {
	if len(xs) == 0 {
		nan := math.NaN()
		return nan, nan, nan, nan
	}
	for _, x := range xs {
		mean += x
		mx = max(mx, x)
		if x <= tol {
			share++
		}
	}
	k := float64(len(xs))
	mean /= k
	for _, x := range xs {
		sd += (x - mean) * (x - mean)
	}
	if len(xs) > 1 {
		sd = math.Sqrt(sd / (k - 1))
	}
	return 100 * mean, 100 * sd, 100 * mx, 100 * share / k
}

// WriteGapTable writes the rows as a Markdown table (format "markdown")
// or as tab-separated values with a header line ("tsv").
func WriteGapTable(w io.Writer, rows []GapRow, format string) error {
	var err error
	pr := func(f string, a ...any) {
		if err == nil {
			_, err = fmt.Fprintf(w, f, a...)
		}
	}
	switch format {
	case "markdown", "md":
		pr("| distribution | n | instances | proved | SLL gap %% (mean ± sd) | max %% | SLL optimal %% | SLL+reopt gap %% (mean ± sd) | max %% | optimal %% | certified gap %% | exact s | min s | median s |\n")
		pr("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
		for _, r := range rows {
			pr("| %s | %d | %d | %d | %.4f ± %.4f | %.4f | %.0f | %.4f ± %.4f | %.4f | %.0f | %.1e | %.3f | %.3f | %.3f |\n",
				r.Distribution, r.N, r.Instances, r.Proved, r.Mean, r.SD, r.Max, r.Optimal,
				r.MeanReopt, r.SDReopt, r.MaxReopt, r.OptimalReopt, r.MaxCertGap, r.ExactSeconds, r.ExactMin, r.ExactMedian)
		}
	case "tsv":
		pr("%s\n", gapTSVHeader)
		for _, r := range rows {
			pr("%s\t%d\t%d\t%d\t%.6g\t%.6g\t%.6g\t%.6g\t%.6g\t%.6g\t%.6g\t%.6g\t%.3g\t%.6g\t%.6g\t%.6g\n",
				r.Distribution, r.N, r.Instances, r.Proved, r.Mean, r.SD, r.Max, r.Optimal,
				r.MeanReopt, r.SDReopt, r.MaxReopt, r.OptimalReopt, r.MaxCertGap, r.ExactSeconds, r.ExactMin, r.ExactMedian)
		}
	default:
		return fmt.Errorf("exact: table format %q (want markdown or tsv)", format)
	}
	return err
}
