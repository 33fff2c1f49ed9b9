package hierarchy

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/hypersteiner/hypersteiner/hyperbolic"
)

// SyntheticConfig describes a synthetic hierarchy (see NewSynthetic).
type SyntheticConfig struct {
	Depth     int     // levels of the complete binary tree (≥ 1)
	PerBranch int     // sample points per branch (≥ 1)
	Branch    float64 // hyperbolic length of every branch (> 0)
	Noise     float64 // largest hyperbolic displacement of a sample (≥ 0)
	Seed      uint64  // seed of the displacements
}

// Synthetic is a hierarchy with known depths.
type Synthetic struct {
	Data *Dataset // the samples, the root cell (the origin) first, and their depths
	// Tree is the sample tree: each sample joined to the previous sample on
	// its root path by the hyperbolic length between their undisplaced
	// positions. Its path lengths form an additive metric whose root
	// distances are Data.Truth.
	Tree      *Tree
	Spacing   float64 // δ = Branch / PerBranch
	MaxDepth  float64 // Depth · Branch
	Junctions int     // branch points on a root path, the root included (= Depth)
}

// NewSynthetic grows a complete binary tree of the given depth from the
// origin of the Klein disk with geodesic branches of hyperbolic length
// Branch: the root's two children leave at ±90° from the upward
// direction, the children of a level-k node at ±60°/2^(k−1) from the
// continued parent branch. Every branch carries PerBranch samples at equal
// spacing (the last one on the child node), each moved by a random
// hyperbolic displacement of length ≤ Noise. Data.Truth is the depth of
// the undisplaced sample along the tree.
func NewSynthetic(c SyntheticConfig) (*Synthetic, error) {
	if c.Depth < 1 || c.PerBranch < 1 || !(c.Branch > 0) || !(c.Noise >= 0) || math.IsInf(c.Branch+c.Noise, 0) {
		return nil, fmt.Errorf("hierarchy: invalid synthetic hierarchy %+v", c)
	}
	rng := rand.New(rand.NewPCG(c.Seed, 11))
	s := &Synthetic{Spacing: c.Branch / float64(c.PerBranch), MaxDepth: float64(c.Depth) * c.Branch, Junctions: c.Depth}
	d := &Dataset{Points: []hyperbolic.Point{{}}, Truth: []float64{0}}
	t := &Tree{}
	type node struct {
		p     hyperbolic.Point
		dir   float64 // outward direction in the frame of hyperbolic.Exp
		level int
		index int // the node's sample
	}
	queue := []node{{dir: math.Pi / 2}}
	for len(queue) > 0 {
		nd := queue[0]
		queue = queue[1:]
		if nd.level == c.Depth {
			continue
		}
		spread := math.Pi / 3 / math.Pow(2, float64(nd.level-1))
		if nd.level == 0 {
			spread = math.Pi / 2
		}
		for _, sgn := range []float64{-1, 1} {
			dir := nd.dir + sgn*spread
			child, err := hyperbolic.Exp(nd.p, hyperbolic.Vector{X: c.Branch * math.Cos(dir), Y: c.Branch * math.Sin(dir)})
			if err != nil {
				return nil, fmt.Errorf("hierarchy: synthetic hierarchy too deep for float64: %w", err)
			}
			length := hyperbolic.Dist(nd.p, child)
			prev := nd.index
			for k := 1; k <= c.PerBranch; k++ {
				frac := float64(k) / float64(c.PerBranch)
				q, err := hyperbolic.Geodesic(nd.p, child, frac)
				if err != nil {
					return nil, err
				}
				if c.Noise > 0 {
					a := 2 * math.Pi * rng.Float64()
					r := c.Noise * rng.Float64()
					if q, err = hyperbolic.Exp(q, hyperbolic.Vector{X: r * math.Cos(a), Y: r * math.Sin(a)}); err != nil {
						return nil, err
					}
				}
				d.Points = append(d.Points, q)
				d.Truth = append(d.Truth, d.Truth[nd.index]+frac*length)
				cur := len(d.Points) - 1
				t.Edges = append(t.Edges, [2]int{cur, prev})
				t.Lengths = append(t.Lengths, length/float64(c.PerBranch))
				prev = cur
			}
			// The outward direction at the child, in its own frame, is
			// that of the branch continued beyond it.
			v, err := hyperbolic.Log(child, nd.p)
			if err != nil {
				return nil, err
			}
			queue = append(queue, node{p: child, dir: math.Atan2(-v.Y, -v.X), level: nd.level + 1, index: prev})
		}
	}
	t.Vertices, t.Terminals = len(d.Points), len(d.Points)
	s.Data, s.Tree = d, t
	return s, nil
}

// ErrorBound bounds AgeError for a tree whose root paths follow the
// branches, as the MST's do when the noise is well below the spacing:
// with spacing δ, J junctions on a root path and displacements ≤ σ, a
// tree path may cut or detour each junction by at most δ, and each of its
// ≤ D/δ steps between neighbouring samples is within 2σ of the
// undisplaced step (triangle inequality), so |age − depth| ≤ E = J·δ +
// 2σ·D/δ. Dividing both by their maxima (D, and a maximum within E of it)
// moves each entry by at most 2E/(D − E), which bounds the RMS error.
// It is +Inf when E ≥ D.
func (s *Synthetic) ErrorBound(noise float64) float64 {
	e := float64(s.Junctions)*s.Spacing + 2*noise*s.MaxDepth/s.Spacing
	if e >= s.MaxDepth {
		return math.Inf(1)
	}
	return 2 * e / (s.MaxDepth - e)
}
