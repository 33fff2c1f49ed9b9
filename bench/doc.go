// Package bench reproduces the experiments of the HyperSteiner paper
// (§5.1 and the appendix tables): the point distributions, the solver
// configurations, the repeated seeded runs, the statistics, and the tables
// that set our figures beside the paper's (package figure plots them).
//
// # Presets
//
// A preset is one of the paper's experiments; it expands into Cases, one
// per row of the paper's table:
//
//   - "centered": the wrapped Gaussian G(0, 0.5) — tangent coordinates with
//     standard deviation 0.5 at the origin, pushed forward by the
//     exponential map — and, for the Euclidean baseline, the plane Gaussian
//     N(0, 0.5) with covariance 0.5·I (standard deviation √0.5), as in the
//     paper's code; n ∈ {50, 100, 500, 1000, 5000, 10000}.
//   - "mixture": the uniform mixture of G(μ_{15,k}(0.9), 0.5), k = 1…15,
//     with μ_{d,k}(t) = t·e^{2πik/d} in Klein coordinates; ⌊n/15⌋ points per
//     component (so n = 50 yields 45 points; Row.Points says how many).
//   - "uniform": U([−1, 1]²) restricted by rejection to the open unit disk
//     (uniform in the Euclidean sense on the Klein disk).
//   - "convergence": mixtures of G(μ_{d,k}(t), σ) for d ∈ {3, 4},
//     t ∈ {0.40, 0.60, 0.80, 0.90, 0.95, 0.98} and |P|/d ∈ {1, 40} (d = 3),
//     {1, 30} (d = 4). The paper states σ = 0.15; its code used σ = 0.15 for
//     the clustered rows and σ = 0.01 for |P|/d = 1, and so do we, to
//     reproduce the table it printed.
//
// The samplers are those of package hyperbolic (WrappedGaussian,
// SamplePolygonMixture, SampleUniformDisk, SampleEuclideanGaussian).
//
// # Configurations
//
// A Config is "K+NAME": full Steiner trees of up to K ∈ {3, 4} terminals,
// with the Fermat strategy NAME of package fermat resolved at run time
// (simple, precise, auto, certified, …), or "euclidean" (the Euclidean SLL
// with 4-terminal trees, the paper's baseline; "3+euclidean" for 3 only).
//
// # Determinism
//
// Run r of a case draws its sample from a PCG generator seeded with the
// user's seed and a hash of (preset, n, d, t, |P|/d, r): every
// configuration sees the same points (a paired comparison), and the
// results do not depend on the number of jobs, on GOMAXPROCS or on the
// order in which runs finish. Only the CPU times vary.
//
// # What is measured
//
// Per run: the numbers #3 and #4 of 3- and 4-terminal full Steiner trees
// in the final tree, RED = (1 − L(tree)/L(MST))·100, and the time of
// sll.Build with one worker: its goroutine is locked to an OS thread and
// the CPU time is that thread's clock (Linux CLOCK_THREAD_CPUTIME_ID), so
// that other load on a shared machine does not count; the wall time is
// kept beside it (and is the CPU figure on other systems, honest while
// jobs ≤ idle cores). Sampling is not included, nor garbage-collector work
// done on other threads. Rows
// report the mean and the sample standard deviation over the runs, the
// Fermat solves that failed or stayed undecided, and two angle checks:
// the share of terminals of degree ≥ 2 whose incident edges pairwise meet
// at ≥ 120°, decided exactly (isoptic.SteinerExists in the hyperbolic
// plane, sll.EuclideanAngleBelow120 in the Euclidean one), and the largest
// deviation |θ − 120°| of the angles at the Steiner points, in float64.
// A Steiner point sits at 120° only up to the rounding of its coordinates,
// so it is reported by this deviation rather than by an exact predicate
// that would split it at random.
//
// # Paper figures
//
// ReadPaper parses the paper's figures (paper_tables.tsv, in the module's
// testdata/paper folder and in the shared data folder); Attach sets them
// beside our rows. WriteTSV and WriteMarkdown render the rows (and
// figure.Bench plots them), and ReadTSV reads a written TSV back, so that
// a long run is rendered again without being repeated.
//
// # Running several presets
//
// 'hypersteiner bench' runs a Plan: LookupPresets and ResolveConfigs (or
// each preset's own configurations this build can run) make it with
// NewPlan, Plan.Run runs it; RunPreamble, WriteTable, ReadTSVFile and
// LoadPaper (the paper's figures, found in the shared data folder by
// default) do its input and output.
//
// # Certified rate
//
// For a certifying strategy (one that implements fermat.Precision and
// returns fermat.Result.Cert), Row.CertifiedRate is the share of the
// tree's Steiner points that some solve returned with a certificate. The
// Steiner points of 3-terminal trees are solve outputs. The two Steiner
// points of a 4-terminal tree come from the 4-terminal method (for auto
// and certified, a Newton iteration on the coupled system); package sll
// then passes each once more through the strategy and keeps the
// strategy's answer where it agrees with the direct one to rounding, so
// they count as certified exactly when that answer was kept and proved.
// Where the direct points are less accurate than rounding, they stay and
// count as uncertified, though the tree may still pass 'verify tree'.
package bench
