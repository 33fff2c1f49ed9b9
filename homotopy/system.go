package homotopy

import (
	"fmt"
	"math"
)

// System is a square polynomial system F: Cⁿ → Cⁿ presented in homogeneous
// form: equation i is homogenised to its total degree Degrees()[i] by the
// coordinate z₀, so that F(x) = F^h(1, x). Tracking in projective space
// lets paths that diverge in Cⁿ converge to points with z₀ = 0.
//
// EvalHomogeneous sets f (length n) to F^h(z) for z ∈ Cⁿ⁺¹ and, unless jac
// is nil, jac (n×(n+1), row-major) to ∂F^h_i/∂z_j.
//
// A System may keep scratch space. If it has a method Clone() System, every
// goroutine works on its own clone; otherwise EvalHomogeneous must be safe
// for concurrent use.
type System interface {
	NumVars() int
	Degrees() []int
	EvalHomogeneous(f, jac, z []complex128)
}

func cloneSystem(s System) System {
	if c, ok := s.(interface{ Clone() System }); ok {
		return c.Clone()
	}
	return s
}

// TotalDegreeStart is the start system G_i = z_i^{d_i} − b_i·z₀^{d_i}
// of the total-degree homotopy, |b_i| = 1. Its d₁⋯dₙ solutions
// (1, β₁ω₁^{k₁}, …, βₙωₙ^{kₙ}), ω_i = e^{2πi/d_i}, β_i^{d_i} = b_i, are
// all nonsingular, and by Bézout's theorem they are as many as the target
// system can have isolated solutions in projective space.
//
// With b_i = 1 (NewTotalDegreeStart) a root of the target whose
// coordinates are roots of unity — 1 and −1 above all, common in
// examples and in scaled systems — is a root of the start system as well,
// so it solves the homotopy for every t: its path is constant, and at a
// multiple root the paths no longer form one cycle. Random phases b_i
// (NewTotalDegreeStartPhases, which Solve uses) make that coincidence a
// probability-zero event, like the gamma trick's.
type TotalDegreeStart struct {
	degrees []int
	phase   []complex128 // b_i
	angle   []float64    // arg b_i
}

// NewTotalDegreeStart returns the start system for the given degrees,
// which must all be at least 1, with b_i = 1.
func NewTotalDegreeStart(degrees []int) (*TotalDegreeStart, error) {
	return NewTotalDegreeStartPhases(degrees, nil)
}

// NewTotalDegreeStartPhases returns the start system with b_i = e^{iθ_i}
// (θ may be nil: all zero).
func NewTotalDegreeStartPhases(degrees []int, theta []float64) (*TotalDegreeStart, error) {
	for i, d := range degrees {
		if d < 1 {
			return nil, fmt.Errorf("homotopy: start system: equation %d has degree %d, want ≥ 1", i, d)
		}
	}
	if theta != nil && len(theta) != len(degrees) {
		return nil, fmt.Errorf("homotopy: start system: %d phases for %d equations", len(theta), len(degrees))
	}
	g := &TotalDegreeStart{degrees: append([]int(nil), degrees...), phase: make([]complex128, len(degrees)),
		angle: make([]float64, len(degrees))}
	for i := range g.phase {
		if theta != nil {
			g.angle[i] = theta[i]
		}
		s, c := math.Sincos(g.angle[i])
		g.phase[i] = complex(c, s)
	}
	return g, nil
}

// NumVars returns n.
func (g *TotalDegreeStart) NumVars() int { return len(g.degrees) }

// Degrees returns the degrees d_i.
func (g *TotalDegreeStart) Degrees() []int { return append([]int(nil), g.degrees...) }

// EvalHomogeneous evaluates G^h and its Jacobian.
func (g *TotalDegreeStart) EvalHomogeneous(f, jac, z []complex128) {
	n := len(g.degrees)
	for i, d := range g.degrees {
		z0p := powm1(z[0], d)   // z₀^{d−1}
		zip := powm1(z[i+1], d) // z_i^{d−1}
		f[i] = zip*z[i+1] - g.phase[i]*z0p*z[0]
		if jac != nil {
			row := jac[i*(n+1) : (i+1)*(n+1)]
			clear(row)
			row[0] = -complex(float64(d), 0) * g.phase[i] * z0p
			row[i+1] = complex(float64(d), 0) * zip
		}
	}
}

// powm1 returns z^(d−1): by repeated multiplication for small d, by
// repeated squaring otherwise.
func powm1(z complex128, d int) complex128 {
	if d <= 5 {
		// d−2 multiplications; the squaring loop below takes up to four
		// here (it also squares past the last bit).
		if d <= 1 {
			return 1
		}
		r := z
		for range d - 2 {
			r *= z
		}
		return r
	}
	r := complex(1, 0)
	for e := d - 1; e > 0; e >>= 1 {
		if e&1 != 0 {
			r *= z
		}
		z *= z
	}
	return r
}

// NumPaths returns the number of start solutions, d₁⋯dₙ, or an error if it
// exceeds limit.
func (g *TotalDegreeStart) NumPaths(limit int) (int, error) {
	p := 1
	for _, d := range g.degrees {
		if p > limit/d {
			return 0, fmt.Errorf("homotopy: Bézout number %s exceeds the path limit %d", bezoutString(g.degrees), limit)
		}
		p *= d
	}
	if p > limit {
		return 0, fmt.Errorf("homotopy: Bézout number %d exceeds the path limit %d", p, limit)
	}
	return p, nil
}

func bezoutString(degrees []int) string {
	s := ""
	for i, d := range degrees {
		if i > 0 {
			s += "·"
		}
		s += fmt.Sprint(d)
	}
	return s
}

// StartSolution writes start solution number k (0 ≤ k < d₁⋯dₙ, in mixed
// radix with the first equation's index varying fastest) into z, which
// must have length n+1.
func (g *TotalDegreeStart) StartSolution(k int, z []complex128) {
	z[0] = 1
	for i, d := range g.degrees {
		j := k % d
		k /= d
		s, c := math.Sincos((g.angle[i] + 2*math.Pi*float64(j)) / float64(d))
		z[i+1] = complex(c, s)
	}
}
