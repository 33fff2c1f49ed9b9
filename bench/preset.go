package bench

import (
	"fmt"
	"strings"
)

// Distribution names the law a Case samples.
type Distribution int

// The distributions of the paper's experiments.
const (
	// Gaussian is the wrapped Gaussian G(0, Sigma) centred at the origin;
	// for a Euclidean configuration the plane Gaussian N(0, Sigma²·I).
	Gaussian Distribution = iota
	// Mixture is the uniform mixture of G(μ_{D,k}(T), Sigma), k = 1…D,
	// with ⌊N/D⌋ points per component.
	Mixture
	// Uniform is U([−1, 1]²) restricted to the open unit disk.
	Uniform
)

func (d Distribution) String() string {
	switch d {
	case Gaussian:
		return "gaussian"
	case Mixture:
		return "mixture"
	case Uniform:
		return "uniform"
	}
	return fmt.Sprintf("Distribution(%d)", int(d))
}

// Case is one row of an experiment: a distribution and a size.
type Case struct {
	Preset string
	Dist   Distribution
	// N is the nominal number of points (the paper's n, or d·|P|/d); a
	// mixture has D·⌊N/D⌋ of them.
	N int
	// D and T place the mixture's means μ_{D,k}(T) (Klein radius T);
	// PerGroup is |P|/d of the convergence table (0 elsewhere).
	D        int
	T        float64
	PerGroup int
	// Sigma is the standard deviation of each tangent coordinate of the
	// wrapped Gaussians; for the Euclidean baseline of "centered", of each
	// plane coordinate (√0.5: covariance 0.5·I).
	Sigma float64
	// EuclideanSigma is the standard deviation of each coordinate of the
	// Euclidean baseline's sample (Gaussian only).
	EuclideanSigma float64
}

// Points returns the number of points the case samples.
func (c Case) Points() int {
	if c.Dist == Mixture {
		return c.D * (c.N / c.D)
	}
	return c.N
}

// String names the case as the paper's tables do.
func (c Case) String() string {
	switch {
	case c.PerGroup > 0:
		return fmt.Sprintf("%s d=%d |P|/d=%d t=%.2f", c.Preset, c.D, c.PerGroup, c.T)
	default:
		return fmt.Sprintf("%s n=%d", c.Preset, c.N)
	}
}

// Preset is one of the paper's experiments.
type Preset struct {
	Name        string
	Description string // the distribution, as the paper writes it
	// Sizes are the default n (for "convergence", the |P|/d values: 1 and
	// 40 for d = 3, 1 and 30 for d = 4).
	Sizes []int
	// Configs are the default configurations: the paper's, then ours.
	Configs []string
	cases   func(sizes []int) []Case
}

// Cases expands the preset for the given sizes (nil: the paper's). For
// "convergence" the sizes are |P|/d values, each run for d = 3 and d = 4
// and every t (nil: the paper's pairs), with σ = ConvergenceSigma(|P|/d).
func (p Preset) Cases(sizes []int) []Case {
	return p.cases(sizes)
}

// bySize returns the cases of a preset that varies n alone: c with N set
// to each size (nil: the paper's sizes).
func bySize(c Case) func(sizes []int) []Case {
	return func(sizes []int) []Case {
		if sizes == nil {
			sizes = paperSizes
		}
		cs := make([]Case, len(sizes))
		for i, n := range sizes {
			cs[i] = c
			cs[i].N = n
		}
		return cs
	}
}

// The paper's sizes and parameters.
var (
	paperSizes = []int{50, 100, 500, 1000, 5000, 10000}
	// paperConfigs are the hyperbolic configurations of the synthetic
	// presets: the paper's, then ours.
	paperConfigs = []string{"3+simple", "3+precise", "4+simple", "4+precise", "4+auto", "4+certified"}
	// ConvergenceT are the mixture radii of the convergence table.
	ConvergenceT = []float64{0.40, 0.60, 0.80, 0.90, 0.95, 0.98}
)

// CenteredSigma is the standard deviation of G(0, 0.5) per tangent
// coordinate; EuclideanSigma that of the Euclidean baseline N(0, 0.5),
// whose covariance is 0.5·I in the paper's code.
const (
	CenteredSigma  = 0.5
	EuclideanSigma = 0.7071067811865476 // √0.5
)

// Mixture parameters of the "mixture" preset.
const (
	MixtureD     = 15
	MixtureT     = 0.9
	MixtureSigma = 0.5
)

// ConvergenceSigma returns σ of the convergence table for |P|/d points
// per Gaussian: 0.15 as the paper states, except 0.01 for |P|/d = 1, which
// the paper's code used for those rows.
func ConvergenceSigma(perGroup int) float64 {
	if perGroup == 1 {
		return 0.01
	}
	return 0.15
}

// Presets returns the presets in the paper's order, built on each call (as
// a variable they were built at the start of every command).
func Presets() []Preset {
	return []Preset{
		{
			Name:        "centered",
			Description: "G(0, 0.5); Euclidean: N(0, 0.5), covariance 0.5·I",
			Sizes:       paperSizes,
			Configs:     append([]string{"euclidean"}, paperConfigs...),
			cases:       bySize(Case{Preset: "centered", Dist: Gaussian, Sigma: CenteredSigma, EuclideanSigma: EuclideanSigma}),
		},
		{
			Name:        "mixture",
			Description: "mixture of G(μ_{15,k}(0.9), 0.5), k = 1…15, ⌊n/15⌋ points each",
			Sizes:       paperSizes,
			Configs:     paperConfigs,
			cases:       bySize(Case{Preset: "mixture", Dist: Mixture, D: MixtureD, T: MixtureT, Sigma: MixtureSigma}),
		},
		{
			Name:        "uniform",
			Description: "U([−1, 1]²) by rejection on the open unit disk",
			Sizes:       paperSizes,
			Configs:     paperConfigs,
			cases:       bySize(Case{Preset: "uniform", Dist: Uniform}),
		},
		{
			Name:        "convergence",
			Description: "mixture of G(μ_{d,k}(t), σ), d ∈ {3, 4}, σ = 0.15 (0.01 for |P|/d = 1)",
			Sizes:       []int{1, 40, 30},
			Configs:     []string{"4+precise", "4+auto", "4+certified"},
			cases: func(sizes []int) []Case {
				// The paper pairs |P|/d = 40 with d = 3 and 30 with d = 4; a
				// size given explicitly runs for both d.
				perD := map[int][]int{3: {1, 40}, 4: {1, 30}}
				if sizes != nil {
					perD = map[int][]int{3: sizes, 4: sizes}
				}
				var cs []Case
				for _, d := range []int{3, 4} {
					for _, per := range perD[d] {
						for _, t := range ConvergenceT {
							cs = append(cs, Case{Preset: "convergence", Dist: Mixture, N: d * per,
								D: d, T: t, PerGroup: per, Sigma: ConvergenceSigma(per)})
						}
					}
				}
				return cs
			},
		},
	}
}

// PresetNames returns the names of the presets.
func PresetNames() []string {
	ps := Presets()
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.Name
	}
	return names
}

// LookupPreset returns the preset called name.
func LookupPreset(name string) (Preset, error) {
	for _, p := range Presets() {
		if p.Name == name {
			return p, nil
		}
	}
	return Preset{}, fmt.Errorf("%w %q (known: %s)", ErrUnknownPreset, name, strings.Join(PresetNames(), ", "))
}
